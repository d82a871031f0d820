/**
 * Checkout in upstream mode: the Store API's customer, shipping, coupon, checkout and order routes
 * pass through Suki to a stock shop (a stand-in answering with the recorded peer-3 bodies) with the
 * shopper's nonce, cookies and attempt key, and come back with our origin in every address, the
 * stock statuses and the cart cookies cleared as stock clears them.
 */
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listen } from '../listen.js';
import { startFakeStockShop, type FakeStockShop } from '../test/fake-stock-shop.js';
import { createUpstreamApp } from './app.js';

let stock: FakeStockShop;
let front: { url: string; close(): Promise<void> };
const seen: Array<{ path: string; nonce: string | null; cookie: string | null; idempotency: string | null; origin: string | null; body: string }> = [];

beforeAll(async () => {
  const fake = new Hono();
  stock = await startFakeStockShop(fake, (answer) => {
    fake.use('*', async (c, next) => {
      const body = c.req.method === 'POST' ? await c.req.raw.clone().text() : '';
      seen.push({ path: `${c.req.path}${new URL(c.req.url).search}`, nonce: c.req.header('nonce') ?? null, cookie: c.req.header('cookie') ?? null, idempotency: c.req.header('idempotency-key') ?? null, origin: c.req.header('origin') ?? null, body });
      // Like stock: every cart and checkout POST needs the Nonce header.
      if (c.req.method === 'POST' && !c.req.header('nonce')) return answer('peer-3/storeapi-checkout-nononce.http');
      await next();
    });
    const store = new Hono();
    store.post('/cart/update-customer', () => answer('peer-3/storeapi-cart-update-customer.http'));
    store.post('/cart/select-shipping-rate', () => answer('peer-3/storeapi-cart-select-shipping-rate.http'));
    store.post('/cart/apply-coupon', async (c) => {
      const { code } = (await c.req.json()) as { code: string };
      if (code.toLowerCase() === 'salamat10') return answer('peer-3/storeapi-cart-apply-coupon.http');
      if (code.toLowerCase() === 'librengship') return answer('peer-3/storeapi-cart-apply-coupon-freeshipping.http');
      return answer('peer-3/storeapi-cart-apply-coupon-invalid.http');
    });
    store.post('/cart/remove-coupon', () => answer('peer-3/storeapi-cart-remove-coupon.http'));
    store.get('/checkout', () => answer('peer-3/storeapi-checkout-get-draft.http'));
    store.post('/checkout', async (c) => {
      const body = (await c.req.json()) as { payment_method: string; billing_address: { email: string } };
      if (body.billing_address.email === 'poster@example.com') return answer('peer-3/storeapi-checkout-outofstock-item.http');
      if (body.billing_address.email === '') return answer('peer-3/storeapi-checkout-missing-email.http');
      return answer(body.payment_method === 'bacs' ? 'peer-3/storeapi-checkout-bacs.http' : 'peer-3/storeapi-checkout-cod.http');
    });
    store.get('/order/:id', (c) => {
      const key = c.req.query('key');
      if (key === undefined) return answer('peer-3/storeapi-order-nokey.http');
      return answer(key === 'wc_order_7DH8GY2yqOv2p' ? 'peer-3/storeapi-order.http' : 'peer-3/storeapi-order-wrongkey.http');
    });
    fake.route('/wp-json/wc/store/v1', store);
  });
  front = await listen(createUpstreamApp({ upstream: new URL(stock.url) }), { port: 0 });
});
afterAll(async () => {
  await front?.close();
  await stock?.close();
});

const COOKIE = 'wp_woocommerce_session_abc=xyz; woocommerce_items_in_cart=1';
const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${front.url}/wp-json/wc/store/v1${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: front.url, nonce: '8aabc92e46', cookie: COOKIE, ...headers },
    body: JSON.stringify(body),
  });
const address = { first_name: 'Juan', last_name: 'Dela Cruz', company: '', address_1: '123 Rizal Avenue', address_2: 'Unit 4B', city: 'Manila', state: '00', postcode: '1000', country: 'PH', phone: '+63 917 123 4567' };

describe('checkout through upstream mode', () => {
  it('customer, shipping and coupon routes reach the stock shop with the nonce and cookies; answers carry our origin', async () => {
    const customer = await post('/cart/update-customer', { billing_address: { ...address, email: 'juan.delacruz@example.com' }, shipping_address: address });
    expect(customer.status).toBe(200);
    const cart = (await customer.json()) as { items: Array<{ permalink: string }>; shipping_rates: Array<{ shipping_rates: Array<{ rate_id: string; selected: boolean }> }> };
    expect(cart.items[0]?.permalink.startsWith(`${front.url}/product/`)).toBe(true);
    expect(cart.shipping_rates[0]?.shipping_rates.find((r) => r.selected)?.rate_id).toBe('flat_rate:1');
    const last = seen.at(-1);
    expect(last).toMatchObject({ path: '/wp-json/wc/store/v1/cart/update-customer', nonce: '8aabc92e46', cookie: COOKIE, origin: stock.url });
    expect(JSON.parse(last?.body ?? '{}')).toMatchObject({ shipping_address: { state: '00' } });

    expect((await post('/cart/select-shipping-rate', { package_id: 0, rate_id: 'flat_rate:1' })).status).toBe(200);
    const coupon = await post('/cart/apply-coupon', { code: 'SALAMAT10' });
    expect(coupon.status).toBe(200);
    expect(((await coupon.json()) as { coupons: Array<{ code: string }> }).coupons.map((c) => c.code)).toEqual(['salamat10']);
    const invalid = await post('/cart/apply-coupon', { code: 'WALANGGANITO' });
    expect(invalid.status).toBe(400);
    expect(((await invalid.json()) as { code: string }).code).toBe('woocommerce_rest_cart_coupon_error');
    expect((await post('/cart/remove-coupon', { code: 'salamat10' })).status).toBe(200);
  });

  it('GET and POST /checkout: the attempt key passes on, the redirect is ours, the cart cookies are cleared', async () => {
    const draft = await fetch(`${front.url}/wp-json/wc/store/v1/checkout`, { headers: { cookie: COOKIE } });
    expect(((await draft.json()) as { status: string }).status).toBe('checkout-draft');

    const placed = await post('/checkout', { billing_address: { ...address, email: 'juan.delacruz@example.com' }, shipping_address: address, payment_method: 'cod' }, { 'idempotency-key': 'attempt-upstream-1' });
    expect(placed.status).toBe(200);
    expect(seen.at(-1)?.idempotency).toBe('attempt-upstream-1');
    const body = (await placed.json()) as { order_id: number; status: string; payment_result: { redirect_url: string } };
    expect(body.status).toBe('processing');
    expect(body.payment_result.redirect_url).toBe(`${front.url}/checkout/order-received/55/?key=wc_order_7DH8GY2yqOv2p`);
    const cookies = placed.headers.getSetCookie();
    expect(cookies.some((c) => c.startsWith('woocommerce_items_in_cart=0') && /Max-Age=0/i.test(c))).toBe(true);
    expect(cookies.some((c) => c.startsWith('woocommerce_cart_hash=0') && /Max-Age=0/i.test(c))).toBe(true);

    const bacs = await post('/checkout', { billing_address: { ...address, email: 'maria.santos@example.com' }, shipping_address: address, payment_method: 'bacs' });
    expect(((await bacs.json()) as { status: string }).status).toBe('on-hold');
  });

  it('the stock refusals pass through: 401 without a nonce, 400 by field, 409 with the cart', async () => {
    const noNonce = await fetch(`${front.url}/wp-json/wc/store/v1/checkout`, { method: 'POST', headers: { 'content-type': 'application/json', cookie: COOKIE }, body: '{}' });
    expect(noNonce.status).toBe(401);
    expect(((await noNonce.json()) as { code: string }).code).toBe('woocommerce_rest_missing_nonce');
    const missing = await post('/checkout', { billing_address: { ...address, email: '' }, payment_method: 'cod' });
    expect([missing.status, ((await missing.json()) as { code: string }).code]).toEqual([400, 'woocommerce_rest_missing_email_address']);
    const sold = await post('/checkout', { billing_address: { ...address, email: 'poster@example.com' }, payment_method: 'cod' });
    expect(sold.status).toBe(409);
    const conflict = (await sold.json()) as { code: string; data: { cart: { items: Array<{ name: string; permalink: string }> } } };
    expect(conflict.code).toBe('woocommerce_rest_product_out_of_stock');
    expect(conflict.data.cart.items.map((i) => i.name)).toEqual(['Peer Tee', 'Peer Poster']);
    expect(conflict.data.cart.items[1]?.permalink.startsWith(front.url)).toBe(true);
  });

  it('the order route passes key and billing email on and answers as stock', async () => {
    const read = await fetch(`${front.url}/wp-json/wc/store/v1/order/55?key=wc_order_7DH8GY2yqOv2p&billing_email=juan.delacruz%40example.com`);
    expect(read.status).toBe(200);
    expect(seen.at(-1)?.path).toBe('/wp-json/wc/store/v1/order/55?key=wc_order_7DH8GY2yqOv2p&billing_email=juan.delacruz%40example.com');
    const order = (await read.json()) as { id: number; items: Array<{ key: string; permalink: string }> };
    expect(order.id).toBe(55);
    expect(order.items[0]?.permalink.startsWith(front.url)).toBe(true);
    expect((await fetch(`${front.url}/wp-json/wc/store/v1/order/55?key=wc_order_wrong`)).status).toBe(401);
  });
});
