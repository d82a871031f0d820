/**
 * The render cache over real HTTP: one anonymous render served to every shopper with an empty
 * cart, each with their own nonce; shoppers with a cart rendered for themselves and never seen by
 * others; normalised addresses; and two app instances on one database, where a catalogue write
 * seen through one empties the other's cache.
 */
import fc from 'fast-check';
import type { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import shopConfig from '../plugins.config.js';
import { parseShopConfig } from '../src/app/shop-config.js';
import * as renderer from '../src/entry-server.js';
import { createShopApp } from './app.js';
import { openDatabase, type OpenedDatabase } from './db/client.js';
import { listen, type RunningServer } from './listen.js';
import { createPagesHandler } from './pages.js';
import { resolvePlugins } from './plugins.js';
import { apiCacheAddress, databaseGeneration, emptyCartNonce, pageCacheAddress, RenderCache } from './services/render-cache.js';
import { keyLoader } from './services/secret.js';
import { memoryLogger, openTestDatabase, Shopper, STORE, type StoreProductJson, type TestDatabase } from './test/harness.js';

const config = parseShopConfig(shopConfig);
const SECRET = 'render-cache-test-secret-0123456789abcdef';

interface Instance {
  readonly url: string;
  readonly cache: RenderCache;
  readonly logger: ReturnType<typeof memoryLogger>;
  close(): Promise<void>;
}

/** One app instance, as `server/main.ts` builds it, over `database`, with its own render cache. */
async function startInstance(database: OpenedDatabase): Promise<Instance> {
  const plugins = await resolvePlugins(config);
  const cache = new RenderCache({ readGeneration: databaseGeneration(database.db), checkEveryMs: 0 });
  const logger = memoryLogger();
  const api: { app?: Hono } = {};
  const pages = createPagesHandler({
    apiFetch: async (request) => api.app!.fetch(request),
    loadRenderer: async () => renderer,
    assets: async () => ({ scripts: ['/assets/entry.js'], styles: [], modulePreloads: [] }),
    config,
    plugins,
    logger,
    renderCache: { cache, emptyCartNonce: emptyCartNonce({ db: database.db, keys: keyLoader(database.db, SECRET) }) },
  });
  const app = createShopApp({ database, pages, secret: SECRET, renderCache: cache, logger });
  api.app = app;
  const server: RunningServer = await listen(app, { port: 0 });
  return { url: server.url, cache, logger, close: () => server.close() };
}

/** The page's hydration state. */
const stateOf = (html: string): { cartNonce: string; stores: { cart: unknown }; shop: { consentStored: string | null }; locale?: string } => {
  const json = /<script type="application\/json" id="suki-state">([\s\S]*?)<\/script>/.exec(html)?.[1];
  if (!json) throw new Error('no state in the page');
  return JSON.parse(json) as never;
};

const page = async (shopper: Shopper, path: string, headers: Record<string, string> = {}) => {
  const response = await shopper.fetch(path, { headers: { ...(shopper.cookies.size > 0 ? { cookie: shopper.cookieHeader() } : {}), ...headers } });
  const html = await response.text();
  return { status: response.status, cache: response.headers.get('x-suki-cache'), headers: response.headers, html, state: stateOf(html) };
};

/** The nonce the Store API gives this shopper (from a cart read with their cookies). */
const apiNonce = async (shopper: Shopper): Promise<string> => {
  const response = await shopper.fetch(`${STORE}/cart`);
  await response.arrayBuffer();
  const nonce = response.headers.get('nonce');
  if (!nonce) throw new Error('no nonce');
  return nonce;
};

describe('normalised cache addresses', () => {
  const params = fc.array(
    fc.tuple(fc.constantFrom('orderby', 'paged', 'layout', 'filter_colour', 'popular-orderby', 'min_price', 'utm_source', 'fbclid', 'x', 's'), fc.stringMatching(/^[a-z0-9-]{0,8}$/)),
    { maxLength: 8 },
  );
  const urlOf = (path: string, pairs: ReadonlyArray<readonly [string, string]>) => new URL(`http://shop.test${path}?${new URLSearchParams(pairs.map(([k, v]) => [k, v])).toString()}`);

  it('does not depend on the order of different parameters, and keeps the first of a repeated one first', () => {
    fc.assert(
      fc.property(params, fc.nat(), (pairs, seed) => {
        const shuffled = [...pairs].map((p, i) => ({ p, k: (i * 7919 + seed) % 104_729 })).sort((a, b) => a.k - b.k).map(({ p }) => p);
        // Only reorders between different names count: the first of a repeated name wins on the page.
        const firstOf = (list: typeof pairs) => new Map(list.map(([k]) => [k, list.filter(([n]) => n === k).map(([, v]) => v)]));
        const sameRelativeOrder = [...firstOf(pairs)].every(([k, values]) => JSON.stringify(firstOf(shuffled).get(k)) === JSON.stringify(values));
        fc.pre(sameRelativeOrder);
        expect(pageCacheAddress(urlOf('/shop/', shuffled))).toBe(pageCacheAddress(urlOf('/shop/', pairs)));
        expect(apiCacheAddress(urlOf('/wp-json/wc/store/v1/products', shuffled))).toBe(apiCacheAddress(urlOf('/wp-json/wc/store/v1/products', pairs)));
      }),
    );
  });

  it('leaves out parameters no page reads, and is its own normal form', () => {
    fc.assert(
      fc.property(params, (pairs) => {
        const address = pageCacheAddress(urlOf('/shop/', pairs));
        const without = pageCacheAddress(urlOf('/shop/', pairs.filter(([k]) => !['utm_source', 'fbclid', 'x', 's'].includes(k))));
        expect(address).toBe(without);
        expect(address).not.toBeNull();
        expect(pageCacheAddress(new URL(`http://shop.test${address!}`))).toBe(address);
      }),
    );
  });

  it('caches catalogue pages only: not the cart, not search results, not long queries', () => {
    expect(pageCacheAddress(new URL('http://shop.test/?utm_source=a'))).toBe('/');
    expect(pageCacheAddress(new URL('http://shop.test/product/abaca-tote/?attribute_pa_colour=blue'))).toBe('/product/abaca-tote/?attribute_pa_colour=blue');
    expect(pageCacheAddress(new URL('http://shop.test/product-category/bags/?paged=2'))).toBe('/product-category/bags/?paged=2');
    expect(pageCacheAddress(new URL('http://shop.test/blog/'))).toBe('/blog/');
    expect(pageCacheAddress(new URL('http://shop.test/cart/'))).toBeNull();
    expect(pageCacheAddress(new URL('http://shop.test/?s=bag&post_type=product'))).toBeNull();
    expect(pageCacheAddress(new URL(`http://shop.test/shop/?orderby=${'x'.repeat(2000)}`))).toBeNull();
  });
});

describe('the render cache', () => {
  let db: TestDatabase;
  let shop: Instance;
  let products: StoreProductJson[];

  beforeAll(async () => {
    db = await openTestDatabase();
    shop = await startInstance(db.database);
    products = (await new Shopper(shop.url).getJson<StoreProductJson[]>(`${STORE}/products?per_page=100`)).body;
  });
  afterAll(async () => {
    expect(shop.logger.errors).toEqual([]);
    await shop.close();
    await db.dispose();
  });

  it('renders /shop/ once for shoppers with an empty cart, with each shopper’s own nonce', async () => {
    const first = new Shopper(shop.url);
    const second = new Shopper(shop.url);
    const a = await page(first, '/shop/');
    const b = await page(second, '/shop/');
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(a.cache).toBe('miss');
    expect(b.cache).toBe('hit');
    expect(a.headers.get('cache-control')).toBe('no-store');
    expect(b.headers.get('cache-control')).toBe('no-store');
    // Each page carries the nonce of its own shopper's session, and nothing else differs.
    expect(a.state.cartNonce).toBe(await apiNonce(first));
    expect(b.state.cartNonce).toBe(await apiNonce(second));
    expect(a.state.cartNonce).not.toBe(b.state.cartNonce);
    expect(b.html.replace(b.state.cartNonce, '') === a.html.replace(a.state.cartNonce, '')).toBe(true);
    // The nonce on the cached page works for that shopper's first cart write.
    second.nonce = b.state.cartNonce;
    const added = await second.postJson(`${STORE}/cart/add-item`, { id: products[0]!.id, quantity: 1 });
    expect(added.status).toBe(201);
  });

  it('renders the page of a shopper with a cart for them, and never shows it to anyone else', async () => {
    const buyer = new Shopper(shop.url);
    buyer.nonce = await apiNonce(buyer);
    const product = products.find((p) => p.type === 'simple' && p.is_in_stock)!;
    expect((await buyer.postJson(`${STORE}/cart/add-item`, { id: product.id, quantity: 2 })).status).toBe(201);
    // A browser that lost WooCommerce's cart cookies still has a cart: the session decides.
    buyer.cookies.delete('woocommerce_items_in_cart');
    buyer.cookies.delete('woocommerce_cart_hash');
    const own = await page(buyer, '/shop/');
    expect(own.cache).toBe('bypass');
    expect(JSON.stringify(own.state.stores.cart)).toContain(`"id":${product.id}`);
    expect(own.state.cartNonce).toBe(buyer.nonce);

    const other = new Shopper(shop.url);
    const theirs = await page(other, '/shop/');
    expect(theirs.cache).toBe('hit');
    expect(theirs.html.includes(buyer.nonce)).toBe(false);
    expect(JSON.stringify(theirs.state.stores.cart)).not.toContain(`"id":${product.id},`);
    expect(theirs.state.stores.cart).toEqual(stateOf((await page(new Shopper(shop.url), '/shop/')).html).stores.cart);
    expect(theirs.state.cartNonce).toBe(await apiNonce(other));
  });

  it('lets a shopper whose browser reports a cart be rendered for them', async () => {
    const shopper = new Shopper(shop.url);
    const answer = await page(shopper, '/shop/', { cookie: 'woocommerce_items_in_cart=1' });
    expect(answer.cache).toBe('bypass');
  });

  it('shares one entry between orders of the same parameters, and ignores tracking parameters', async () => {
    const first = await page(new Shopper(shop.url), '/shop/?orderby=price&layout=masonry');
    const second = await page(new Shopper(shop.url), '/shop/?utm_source=news&layout=masonry&fbclid=abc&orderby=price');
    const other = await page(new Shopper(shop.url), '/shop/?orderby=price-desc&layout=masonry');
    expect([first.cache, second.cache, other.cache]).toEqual(['miss', 'hit', 'miss']);
  });

  it('keeps a render per consent answer', async () => {
    const granted = await page(new Shopper(shop.url), '/product-category/bags-bayong/', { cookie: 'suki_consent=granted' });
    const none = await page(new Shopper(shop.url), '/product-category/bags-bayong/');
    const grantedAgain = await page(new Shopper(shop.url), '/product-category/bags-bayong/', { cookie: 'suki_consent=granted; _ga=GA1.1.123' });
    expect([granted.cache, none.cache, grantedAgain.cache]).toEqual(['miss', 'miss', 'hit']);
    expect(granted.state.shop.consentStored).toBe('granted');
    expect(none.state.shop.consentStored).toBeNull();
  });

  it('keeps a render for shoppers who closed the trust badge (its cookie), so a closed badge never comes back from the cache', async () => {
    expect(renderer.renderVariant('cr_hide_trustbadge=true; _ga=1', config)).toEqual({ key: expect.stringContaining('badge=hidden') as string, cookie: 'cr_hide_trustbadge=true' });
    expect(renderer.renderVariant('cr_hide_trustbadge=false', config).key).toBe(renderer.renderVariant('', config).key);
    const address = '/product-category/bags-bayong/?orderby=title';
    await page(new Shopper(shop.url), address);
    expect((await page(new Shopper(shop.url), address)).cache).toBe('hit');
    const hidden = await page(new Shopper(shop.url), address, { cookie: 'cr_hide_trustbadge=true' });
    const hiddenAgain = await page(new Shopper(shop.url), address, { cookie: 'cr_hide_trustbadge=true; suki_x=1' });
    expect([hidden.cache, hiddenAgain.cache]).toEqual(['miss', 'hit']);
  });

  it('keeps a render per language, with the titles the server wrote in it, on every cached page type', async () => {
    const product = products.find((p) => p.type === 'simple')!;
    const titleOf = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1] ?? '';
    for (const path of ['/', '/shop/', '/product-category/bags-bayong/', new URL(product.permalink).pathname, '/blog/']) {
      const english = await page(new Shopper(shop.url), path);
      const asked = await page(new Shopper(shop.url), `${path}?lang=fil`);
      const kept = await page(new Shopper(shop.url), path, { cookie: 'suki_lang=fil' });
      const englishAgain = await page(new Shopper(shop.url), path);
      expect([asked.cache, kept.cache, englishAgain.cache], path).toEqual(['miss', 'hit', 'hit']);
      expect(asked.state.locale, path).toBe('fil-PH');
      expect(englishAgain.state.locale, path).toBe('en-PH');
      expect(titleOf(kept.html), path).toBe(titleOf(asked.html));
      expect(titleOf(englishAgain.html), path).toBe(titleOf(english.html));
    }
    expect(/<title>([^<]*)<\/title>/.exec((await page(new Shopper(shop.url), '/shop/', { cookie: 'suki_lang=fil' })).html)?.[1]).toBe('Mga produkto — Suki');
    expect(/<title>([^<]*)<\/title>/.exec((await page(new Shopper(shop.url), '/shop/')).html)?.[1]).toBe('Shop — Suki');
  });

  it('does not cache the cart page or search results', async () => {
    expect((await page(new Shopper(shop.url), '/cart/')).cache).toBe('bypass');
    expect((await page(new Shopper(shop.url), '/?s=bag&post_type=product')).cache).toBe('bypass');
    expect((await page(new Shopper(shop.url), '/?s=bag&post_type=product')).cache).toBe('bypass');
  });

  it('answers catalogue API reads from the cache with the per-request headers still fresh', async () => {
    const shopper = new Shopper(shop.url);
    await apiNonce(shopper);
    const path = `${STORE}/products?per_page=5&orderby=price`;
    const first = await shopper.fetch(path);
    const firstBody = await first.text();
    const hitsBefore = shop.cache.stats.hits;
    const second = await shopper.fetch(`${STORE}/products?orderby=price&per_page=5`);
    expect(shop.cache.stats.hits).toBe(hitsBefore + 1);
    expect(await second.text()).toBe(firstBody);
    expect(second.headers.get('x-wp-total')).toBe(first.headers.get('x-wp-total'));
    expect(second.headers.get('link')).toBe(first.headers.get('link'));
    // Nothing of the shopper's own rides on a catalogue read, cached or not (the nonce headers are
    // the cart's, as on a stock shop).
    for (const answer of [first, second]) expect(answer.headers.get('nonce')).toBeNull();
    expect(second.headers.get('cache-control')).toBe('no-store');
  });
});

describe('several app instances on one database', () => {
  let db: TestDatabase;
  let second: OpenedDatabase | null = null;
  let a: Instance;
  let b: Instance;

  beforeAll(async () => {
    db = await openTestDatabase();
    // PostgreSQL: a second process would have its own pool; PGlite: one process owns the files, so
    // two instances share the one open database.
    second = db.url ? await openDatabase({ databaseUrl: db.url }) : null;
    a = await startInstance(db.database);
    b = await startInstance(second ?? db.database);
  });
  afterAll(async () => {
    await a.close();
    await b.close();
    await second?.close();
    await db.dispose();
  });

  it('a catalogue write through one instance empties the other’s cache', async () => {
    const first = await page(new Shopper(a.url), '/shop/');
    const shown = (first.state as unknown as { page: { sections: Array<{ products: Array<{ id: number; name: string }> }> } }).page.sections[0]!.products[0]!;
    await page(new Shopper(b.url), '/shop/');
    const before = await page(new Shopper(b.url), '/shop/');
    expect(before.cache).toBe('hit');
    expect(before.html.includes(shown.name)).toBe(true);
    const apiBefore = await new Shopper(b.url).getJson<StoreProductJson>(`${STORE}/products/${shown.id}`);
    expect(apiBefore.body.name).toBe(shown.name);

    // A price and name change written on instance A's connection, as an admin tool would.
    const { sql } = await import('drizzle-orm');
    await db.database.db.execute(sql`UPDATE suki_products SET name = 'Renamed in one instance', regular_price = regular_price + 100 WHERE id = ${shown.id}`);

    const after = await page(new Shopper(b.url), '/shop/');
    expect(after.cache).toBe('miss');
    expect(after.html.includes('Renamed in one instance')).toBe(true);
    expect(after.html.includes(`>${shown.name}<`)).toBe(false);
    const apiAfter = await new Shopper(b.url).getJson<StoreProductJson>(`${STORE}/products/${shown.id}`);
    expect(apiAfter.body.name).toBe('Renamed in one instance');
    expect(b.cache.stats.invalidations).toBeGreaterThanOrEqual(1);
  });

  it('a comment held for moderation leaves the cache alone', async () => {
    const generation = databaseGeneration(db.database.db);
    const before = await generation();
    const posts = (await new Shopper(a.url).getJson<Array<{ id: number }>>('/wp-json/wp/v2/posts?per_page=1')).body;
    const posted = await new Shopper(a.url).postForm('/wp-json/wp/v2/comments', { post: String(posts[0]!.id), author_name: 'Ana Reyes', author_email: 'ana.reyes@example.com', content: 'Lovely story, salamat.' });
    expect(posted.status).toBe(201);
    expect(await generation()).toBe(before);
  });
});
