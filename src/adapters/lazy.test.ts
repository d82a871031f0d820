import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as adaptersModule from './index.js';
import { createLazyAdapters, retryingLoader, UNREACHABLE } from './lazy.js';
import { SHOP, fakeShop, inOrder, recording, replay } from './testing/fake-shop.js';

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
  it('answers a network failure while the adapters cannot be fetched, then loads them and makes the call', async () => {
    const shop = fakeShop(inOrder(() => replay(recording('storeapi-cart'))));
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
    const first = await lazy.cart.load();
    expect(first).toEqual({ ok: false, error: { kind: 'network', message: 'The shop cannot be reached right now.' } });
    expect(shop.requests).toHaveLength(0);
    const second = await lazy.cart.load();
    expect(second.ok).toBe(true);
    expect(imports).toBe(2);
    expect(shop.requests.map((r) => r.url)).toEqual([`${SHOP}/wp-json/wc/store/v1/cart?_locale=user`]);
  });

  it('preload never rejects, and a nonce seeded before or after loading reaches the client', async () => {
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
    const loaded = await lazy.preload();
    if (!loaded.ok) throw new Error('expected the adapters to load');
    expect(loaded.value.http.nonce()).toBe('first');
    lazy.setNonce('second');
    expect(loaded.value.http.nonce()).toBe('second');
  });

  it('every port answers the failure instead of throwing', async () => {
    const lazy = createLazyAdapters({ baseUrl: SHOP }, { importer: offlineImport });
    const answers = await Promise.all([
      lazy.cart.add({ productId: 1, quantity: 1, idempotencyKey: 'k' }),
      lazy.cart.remove({ key: 'a', idempotencyKey: 'k' }),
      lazy.cart.setQuantity({ key: 'a', quantity: 2, idempotencyKey: 'k' }),
      lazy.cart.productCategory(1),
      lazy.cart.cartHash(),
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
