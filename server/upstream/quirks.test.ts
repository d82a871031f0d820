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
import { shopperFetch } from '../pages.js';
import { startFakeStockShop, type FakeStockShop } from '../test/fake-stock-shop.js';
import { createUpstreamApp } from './app.js';

const LOGIN_PAGE = '<!DOCTYPE html><html><head><title>Log In ‹ Shop — WordPress</title></head><body class="login"><form name="loginform" id="loginform"></form></body></html>';

let stock: FakeStockShop;
let front: { url: string; close(): Promise<void> };
const adds: string[] = [];
beforeAll(async () => {
  const fake = new Hono();
  stock = await startFakeStockShop(fake, (answer) => {
    fake.post('/', async (c) => {
      const action = c.req.query('wc-ajax');
      const form = new URLSearchParams(await c.req.text());
      if (action === 'add_to_cart') {
        const id = form.get('product_id') ?? '';
        adds.push(id);
        if (id === '10') return answer('add_to_cart');
        if (id === '11') return answer('add_to_cart_out_of_stock_qty');
        // A security plugin or an expired login sends its login page where JSON was expected.
        if (id === '12') return new Response(LOGIN_PAGE, { headers: { 'content-type': 'text/html; charset=UTF-8' } });
        // A PHP notice printed before the JSON.
        if (id === '13') return new Response('<br />\n<b>Notice</b>: Undefined index in functions.php on line 12<br />\n{"fragments":{},"cart_hash":"x"}', { headers: { 'content-type': 'application/json; charset=UTF-8' } });
        return answer('add_to_cart_error');
      }
      if (action === 'remove_from_cart') return answer('remove_from_cart_missing');
      return c.text('0', 400);
    });
    fake.get('/wp-json/wc/store/v1/cart', () => answer('storeapi-cart'));
  });
  front = await listen(createUpstreamApp({ upstream: new URL(stock.url) }), { port: 0 });
});
afterAll(async () => {
  await front?.close();
  await stock?.close();
});

const boot = (): Runtime => {
  const jar = shopperFetch('', (request) => fetch(request));
  const adapters = createAdapters({ baseUrl: front.url, fetch: jar.fetch });
  return createRuntime({
    ports: { catalog: adapters.catalog, cart: adapters.cart },
    consent: { default: 'granted' },
    logger: silentLogger(),
    cart: { retryDelaysMs: [0] },
  });
};

describe('stock quirks through upstream mode', () => {
  it('a success without an error key loads the cart, with string prices read as minor units', async () => {
    const runtime = boot();
    const result = await runtime.execute('cart.add', { productId: 10, quantity: 1, item: facts(10) });
    if (!result.ok) throw new Error(result.error.message);
    const mug = result.value.lines.find((line) => line.id === 11);
    expect(mug).toMatchObject({ quantity: 2, unitPrice: 999, regularPrice: 1250, lineTotal: 1998 });
    expect(result.value.totals.currency.code).toBe('USD');
    expect(runtime.stores.cart.getSnapshot().cart).toEqual(result.value);
  });

  it('product_url false and a same-origin product_url are refusals; the cart stays as it was', async () => {
    const runtime = boot();
    const loaded = await runtime.execute('cart.refresh', undefined);
    if (!loaded.ok) throw new Error(loaded.error.message);
    const unknown = await runtime.execute('cart.add', { productId: 9999, quantity: 1, item: facts(9999) });
    expect(unknown).toMatchObject({ ok: false, error: { kind: 'product-url', url: null } });
    const tooMany = await runtime.execute('cart.add', { productId: 11, quantity: 50, item: facts(11) });
    expect(tooMany).toMatchObject({ ok: false, error: { kind: 'product-url', url: expect.stringMatching(new RegExp(`^${front.url}/product/`)) } });
    expect(runtime.stores.cart.getSnapshot().cart).toEqual(loaded.value);
  });

  it('a failed remove answering {"success":false} is refused; the line stays', async () => {
    const runtime = boot();
    const loaded = await runtime.execute('cart.refresh', undefined);
    if (!loaded.ok) throw new Error(loaded.error.message);
    const key = loaded.value.lines[0]!.key;
    const removed = await runtime.execute('cart.remove', { key });
    expect(removed).toMatchObject({ ok: false, error: { kind: 'refused' } });
    expect(runtime.stores.cart.getSnapshot().cart).toEqual(loaded.value);
    expect(runtime.stores.cart.getSnapshot().error?.message).toBeTruthy();
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
