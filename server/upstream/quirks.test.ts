/**
 * The stock shop's quirks, end to end: browser-side runtime → adapters → Suki in upstream mode →
 * a stand-in answering with the recorded stock bodies. Each quirk is handled, and a bad answer
 * leaves the cart exactly as it was.
 */
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdapters } from '../../src/adapters/index.js';
import { createRuntime, type Runtime } from '../../src/core/runtime.js';
import { silentLogger } from '../../src/core/logger.js';
import { facts } from '../../src/core/testing/cart-fixtures.js';
import { listen } from '../listen.js';
import shopConfig from '../../plugins.config.js';
import { parseShopConfig } from '../../src/app/shop-config.js';
import { createPagesHandler, shopperFetch, type RenderModule } from '../pages.js';
import { startFakeStockShop, type FakeStockShop } from '../test/fake-stock-shop.js';
import { createUpstreamApp, upstreamForwarder } from './app.js';

interface StockProduct {
  readonly slug: string;
  readonly name: string;
  readonly [field: string]: unknown;
}
const CATEGORY = { id: 15, name: 'Peer &amp; Co.', slug: 'peer', link: '' };

const LOGIN_PAGE = '<!DOCTYPE html><html><head><title>Log In ‹ Shop — WordPress</title></head><body class="login"><form name="loginform" id="loginform"></form></body></html>';

let stock: FakeStockShop;
let front: { url: string; close(): Promise<void> };
const adds: string[] = [];
beforeAll(async () => {
  const fake = new Hono();
  stock = await startFakeStockShop(fake, (answer) => {
    // The Store API cart writes, as the recorded stock shop answers them (`peer-3/`).
    const writes = new Hono();
    writes.use('*', async (c, next) => {
      // Like stock: a write without the Nonce header is refused; the client then reads the cart for one.
      if (c.req.method === 'POST' && !c.req.header('nonce')) return answer('storeapi-cart-add-item-nononce');
      await next();
    });
    writes.post('/add-item', async (c) => {
      const { id } = (await c.req.json()) as { id: number };
      adds.push(String(id));
      if (id === 14) return answer('peer-3/storeapi-cart-add-item.http');
      // Not recorded: WooCommerce 9.1's refusal of more than the stock, in its error shape.
      if (id === 11) return c.json({ code: 'woocommerce_rest_product_partially_out_of_stock', message: 'You cannot add that amount of &quot;Peer Mug&quot; to the cart because there is not enough stock (3 remaining).', data: { status: 400 } }, 400);
      // A security plugin or an expired login sends its login page where JSON was expected.
      if (id === 12) return new Response(LOGIN_PAGE, { headers: { 'content-type': 'text/html; charset=UTF-8' } });
      // A PHP notice printed before the JSON.
      if (id === 13) return new Response('<br />\n<b>Notice</b>: Undefined index in functions.php on line 12<br />\n{"items":[]}', { headers: { 'content-type': 'application/json; charset=UTF-8' } });
      return c.json({ code: 'woocommerce_rest_product_invalid_id', message: 'Invalid product ID.', data: { status: 400 } }, 400);
    });
    writes.post('/remove-item', () => answer('peer-3/storeapi-cart-remove-item-missing.http'));
    fake.route('/wp-json/wc/store/v1/cart', writes);
    fake.get('/wp-json/wc/store/v1/cart', () => answer('storeapi-cart'));
    // The catalogue: the recorded listing, given an image and a category per product and one product
    // out of stock (the recorded shop had none of these), served as the stock shop serves them.
    const catalogue = async () => {
      const listed = (await answer('storeapi-products').json()) as StockProduct[];
      return listed.map((product, i) => ({
        ...product,
        images: [{ id: 100 + i, src: `${stock.url}/wp-content/uploads/2024/07/${product.slug}.jpg`, thumbnail: `${stock.url}/wp-content/uploads/2024/07/${product.slug}-300x300.jpg`, srcset: '', sizes: '', name: product.slug, alt: product.name }],
        categories: [CATEGORY],
        is_in_stock: product.slug !== 'peer-cap',
        is_purchasable: product.slug !== 'peer-cap',
        stock_availability: product.slug === 'peer-cap' ? { text: 'Out of stock', class: 'out-of-stock' } : { text: '', class: 'in-stock' },
      }));
    };
    fake.get('/wp-json/wc/store/v1/products', async (c) => {
      const all = await catalogue();
      const slug = c.req.query('slug');
      const items = slug ? all.filter((p) => p.slug === slug) : all;
      return c.json(items, 200, { 'x-wp-total': String(items.length), 'x-wp-totalpages': '1' });
    });
    fake.get('/wp-json/wc/store/v1/products/categories', (c) => c.json([{ ...CATEGORY, description: '', parent: 0, count: 4, image: null, review_count: 0, permalink: `${stock.url}/product-category/peer/` }]));
    fake.get('/wp-content/uploads/*', (c) => c.body(new Uint8Array([0xff, 0xd8, 0xff, 0xd9]), 200, { 'content-type': 'image/jpeg' }));
  });
  const forward = upstreamForwarder({ upstream: new URL(stock.url) });
  const pages = createPagesHandler({
    apiFetch: (request) => forward(request, new URL(request.url).origin),
    loadRenderer: async () => (await import('../../src/entry-server.js')) as RenderModule,
    assets: async () => ({ scripts: [], styles: [], modulePreloads: [] }),
    config: parseShopConfig(shopConfig),
    plugins: [],
    session: async (c) => ({ cookie: c.req.header('cookie') ?? '' }),
  });
  front = await listen(createUpstreamApp({ upstream: new URL(stock.url), pages }), { port: 0 });
});
afterAll(async () => {
  await front?.close();
  await stock?.close();
});

const boot = (): Runtime => {
  const jar = shopperFetch('', (request) => fetch(request));
  const adapters = createAdapters({ baseUrl: front.url, fetch: jar.fetch });
  return createRuntime({
    ports: { catalog: adapters.catalog, cart: adapters.cart, blog: adapters.blog },
    consent: { default: 'granted' },
    logger: silentLogger(),
    cart: { retryDelaysMs: [0] },
  });
};

describe('stock quirks through upstream mode', () => {
  it('an add answers 201 with the whole cart (after one nonce read), string prices read as minor units', async () => {
    const runtime = boot();
    adds.length = 0;
    const result = await runtime.execute('cart.add', { productId: 14, quantity: 2, item: facts(14) });
    if (!result.ok) throw new Error(result.error.message);
    // Sent without a nonce, refused, sent again with the one the cart read gave.
    expect(adds).toEqual(['14']);
    const tee = result.value.lines.find((line) => line.id === 14);
    expect(tee).toMatchObject({ quantity: 2, unitPrice: 35000, regularPrice: 35000, lineTotal: 70000 });
    expect(result.value.totals.currency.code).toBe('PHP');
    expect(runtime.stores.cart.getSnapshot().cart).toEqual(result.value);
  });

  it('a refused add names the product’s page on our host with the shop’s message, or nothing; the cart stays as it was', async () => {
    const runtime = boot();
    const loaded = await runtime.execute('cart.refresh', undefined);
    if (!loaded.ok) throw new Error(loaded.error.message);
    const unknown = await runtime.execute('cart.add', { productId: 9999, quantity: 1, item: facts(9999) });
    expect(unknown).toMatchObject({ ok: false, error: { kind: 'product-url', url: null, message: 'Invalid product ID.' } });
    const tooMany = await runtime.execute('cart.add', { productId: 11, quantity: 50, item: facts(11), productUrl: `${front.url}/product/peer-mug/` });
    expect(tooMany).toMatchObject({
      ok: false,
      error: { kind: 'product-url', url: `${front.url}/product/peer-mug/`, message: 'You cannot add that amount of "Peer Mug" to the cart because there is not enough stock (3 remaining).' },
    });
    expect(runtime.stores.cart.getSnapshot().cart).toEqual(loaded.value);
  });

  it('removing a line that is already gone: the 409 carries the shop’s cart, which the shopper then sees', async () => {
    const runtime = boot();
    const loaded = await runtime.execute('cart.refresh', undefined);
    if (!loaded.ok) throw new Error(loaded.error.message);
    const key = loaded.value.lines[0]!.key;
    const removed = await runtime.execute('cart.remove', { key });
    if (!removed.ok) throw new Error(removed.error.message);
    expect(removed.value.lines.map((line) => [line.id, line.quantity])).toEqual([[14, 2]]);
    expect(runtime.stores.cart.getSnapshot().cart).toEqual(removed.value);
    expect(runtime.stores.cart.getSnapshot().error).toBeNull();
  });

  it('a login page or a PHP notice where JSON was expected is a clear error, sent once, with no change to the cart', async () => {
    const runtime = boot();
    const loaded = await runtime.execute('cart.refresh', undefined);
    if (!loaded.ok) throw new Error(loaded.error.message);
    for (const id of [12, 13]) {
      adds.length = 0;
      const result = await runtime.execute('cart.add', { productId: id, quantity: 1, item: facts(id) });
      expect(result).toMatchObject({ ok: false, error: { kind: 'invalid-response' } });
      expect(adds).toEqual([String(id)]);
      const state = runtime.stores.cart.getSnapshot();
      expect(state.cart).toEqual(loaded.value);
      expect(state.error?.message).toMatch(/not a valid JSON response/);
    }
  });
});

describe('pages rendered from a stock shop’s Store API', () => {
  it('the listing shows the shop’s currency, sale prices, images through our host, categories and stock', async () => {
    const res = await fetch(`${front.url}/shop/`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('Peer Mug');
    // USD as the shop reports it, formatted for en-PH, with the sale price and the struck regular price.
    expect(html).toContain('aria-label="Sale price $9.99"');
    expect(html).toContain('aria-label="Regular price $12.50"');
    expect(html).toContain('$19.99');
    expect(html).toContain(`${front.url}/wp-content/uploads/2024/07/peer-mug`);
    expect(html).not.toContain(stock.url);
    expect(html).toContain('Peer &amp; Co.');
    expect(html).toMatch(/Out of stock/);
    const image = await fetch(`${front.url}/wp-content/uploads/2024/07/peer-mug.jpg`);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/jpeg');
  });

  it('the product page renders a stock product by slug, and an unknown slug is a 404 page', async () => {
    const res = await fetch(`${front.url}/product/peer-mug/`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toMatch(/<h1[^>]*>Peer Mug<\/h1>/);
    expect(html).toContain('In stock');
    expect(html).toContain('aria-label="Sale price $9.99"');
    const cap = await (await fetch(`${front.url}/product/peer-cap/`)).text();
    expect(cap).toContain('Out of stock');
    expect((await fetch(`${front.url}/product/no-such-thing/`)).status).toBe(404);
  });
});
