import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as adaptersModule from './index.js';
import { createLazyAdapters, retryingLoader, UNREACHABLE } from './lazy.js';
import { SHOP, STOCK_CART_NONCE, fakeShop, inOrder, json, stockCartShop } from './testing/fake-shop.js';

/** An import that fails like a chunk fetched while offline. */
const offlineImport = (): Promise<never> => Promise.reject(new TypeError('Failed to fetch dynamically imported module: http://127.0.0.1/assets/adapters-x.js'));

describe('retryingLoader', () => {
  it('gives a network failure while loading fails, then loads on a later call', async () => {
    let calls = 0;
    const load = retryingLoader(async () => {
      calls += 1;
      if (calls === 1) return offlineImport();
      return 'loaded';
    });
    expect(await load()).toEqual({ ok: false, error: UNREACHABLE });
    expect(await load()).toEqual({ ok: true, value: 'loaded' });
    expect(await load()).toEqual({ ok: true, value: 'loaded' });
    expect(calls).toBe(2);
  });

  it('never rejects, even when the loader throws before returning a promise', async () => {
    const load = retryingLoader((): Promise<string> => {
      throw new Error('boom');
    });
    await expect(load()).resolves.toEqual({ ok: false, error: UNREACHABLE });
  });

  it('property: calls made while a load runs share it; a failure is forgotten, a success is kept', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.boolean(), { minLength: 1, maxLength: 8 }), fc.integer({ min: 1, max: 4 }), async (outcomes, together) => {
        let loads = 0;
        const load = retryingLoader(async () => {
          const succeeds = outcomes[loads] ?? true;
          loads += 1;
          if (!succeeds) throw new Error('offline');
          return loads;
        });
        const firstSuccess = outcomes.indexOf(true) === -1 ? outcomes.length : outcomes.indexOf(true);
        for (let round = 0; round <= firstSuccess; round++) {
          const results = await Promise.all(Array.from({ length: together }, () => load()));
          // Everyone waiting on the same load gets the same answer.
          for (const result of results) expect(result).toEqual(results[0]);
          expect(loads).toBe(round + 1);
          expect(results[0]!.ok).toBe(round === firstSuccess);
        }
        const after = await load();
        expect(after).toEqual({ ok: true, value: firstSuccess + 1 });
        expect(loads).toBe(firstSuccess + 1);
      }),
    );
  });
});

describe('createLazyAdapters', () => {
  it('the cart needs only its own path: its first change is its one request, with the nonce seeded before the code came, even while the catalogue code cannot be fetched', async () => {
    const shop = fakeShop(stockCartShop());
    let imports = 0;
    let cartImports = 0;
    const lazy = createLazyAdapters(
      { baseUrl: SHOP, fetch: shop.fetch },
      { importer: () => ((imports += 1), offlineImport()), cartImporter: () => ((cartImports += 1), import('./cart-path.js')) },
    );
    lazy.setNonce(STOCK_CART_NONCE);
    expect(cartImports).toBe(0);
    const added = await lazy.cart.add({ productId: 14, quantity: 2, idempotencyKey: 'k' });
    expect(added.ok).toBe(true);
    expect(imports).toBe(0);
    expect(cartImports).toBe(1);
    expect(shop.requests.map((r) => [r.method, r.url, r.headers['nonce']])).toEqual([['POST', `${SHOP}/wp-json/wc/store/v1/cart/add-item?_locale=user`, STOCK_CART_NONCE]]);
  });

  it('a cart change while the cart’s code cannot be fetched is a network failure that sends nothing; the next change loads it and is sent', async () => {
    const shop = fakeShop(stockCartShop());
    let cartImports = 0;
    const lazy = createLazyAdapters(
      { baseUrl: SHOP, fetch: shop.fetch },
      { importer: offlineImport, cartImporter: () => ((cartImports += 1), cartImports === 1 ? offlineImport() : import('./cart-path.js')) },
    );
    lazy.setNonce(STOCK_CART_NONCE);
    expect(await lazy.cart.add({ productId: 14, quantity: 1, idempotencyKey: 'a' })).toEqual({ ok: false, error: UNREACHABLE });
    expect(shop.requests).toHaveLength(0);
    expect((await lazy.cart.add({ productId: 14, quantity: 1, idempotencyKey: 'b' })).ok).toBe(true);
    expect(cartImports).toBe(2);
    expect(shop.requests).toHaveLength(1);
  });

  it('answers a network failure while the catalogue code cannot be fetched, then loads it and makes the call', async () => {
    const shop = fakeShop(inOrder(() => json([])));
    let imports = 0;
    const lazy = createLazyAdapters(
      { baseUrl: SHOP, fetch: shop.fetch },
      {
        importer: async () => {
          imports += 1;
          return imports === 1 ? offlineImport() : adaptersModule;
        },
      },
    );
    const first = await lazy.catalog.listCategories();
    expect(first).toEqual({ ok: false, error: { kind: 'network', message: 'The shop cannot be reached right now.' } });
    expect(shop.requests).toHaveLength(0);
    const second = await lazy.catalog.listCategories();
    expect(second.ok).toBe(true);
    expect(imports).toBe(2);
    expect(shop.requests).toHaveLength(1);
  });

  it('preload never rejects; the catalogue shares the cart’s client, so a seeded nonce is everyone’s', async () => {
    let imports = 0;
    const lazy = createLazyAdapters(
      { baseUrl: SHOP, fetch: fakeShop(() => Promise.reject(new TypeError('offline'))).fetch },
      {
        importer: async () => {
          imports += 1;
          return imports === 1 ? offlineImport() : adaptersModule;
        },
      },
    );
    lazy.setNonce('first');
    expect(await lazy.preload()).toEqual({ ok: false, error: UNREACHABLE });
    expect((await lazy.preload()).ok).toBe(true);
    const http = await lazy.http();
    if (!http.ok) throw new Error('the HTTP client did not load');
    expect(http.value.nonce()).toBe('first');
    lazy.setNonce('second');
    expect(http.value.nonce()).toBe('second');
  });

  it('every catalogue and blog port answers the failure instead of throwing', async () => {
    const lazy = createLazyAdapters({ baseUrl: SHOP }, { importer: offlineImport });
    const answers = await Promise.all([
      lazy.catalog.listProducts({}),
      lazy.catalog.getProduct('tee'),
      lazy.catalog.listCategories(),
      lazy.blog.listPosts({ page: 1, perPage: 10 }),
    ]);
    for (const answer of answers) expect(answer).toEqual({ ok: false, error: UNREACHABLE });
  });

  it('tells the cart when the connection is back through the hook it was given', () => {
    const listeners: Array<() => void> = [];
    const lazy = createLazyAdapters(
      { baseUrl: SHOP },
      {
        importer: offlineImport,
        onReconnect: (listener) => {
          listeners.push(listener);
          return () => listeners.splice(listeners.indexOf(listener), 1);
        },
      },
    );
    let woken = 0;
    const stop = lazy.cart.onReconnect?.(() => (woken += 1));
    for (const listener of listeners) listener();
    expect(woken).toBe(1);
    stop?.();
    expect(listeners).toHaveLength(0);
  });
});
