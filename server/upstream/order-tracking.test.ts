/**
 * `/order-tracking/` in upstream mode, against a stand-in answering with the recorded peer-3 stock
 * answers: the stock page's nonce in our form, the post passed on with the shopper's cookies, and
 * the stock answer (a match, a wrong email, a bad nonce) drawn as our page.
 */
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import shopConfig from '../../plugins.config.js';
import { httpRecording } from '../../src/adapters/testing/fake-shop.js';
import { parseShopConfig } from '../../src/app/shop-config.js';
import { listen } from '../listen.js';
import { createPagesHandler, type RenderModule } from '../pages.js';
import { startFakeStockShop, type FakeStockShop } from '../test/fake-stock-shop.js';
import { createUpstreamApp, upstreamForwarder } from './app.js';
import { stockTrackedOrder } from './order-tracking.js';

let stock: FakeStockShop;
let front: { url: string; close(): Promise<void> };
const posts: Array<{ body: URLSearchParams; cookie: string | null }> = [];

beforeAll(async () => {
  const fake = new Hono();
  stock = await startFakeStockShop(fake, (answer) => {
    fake.get('/order-tracking/', () => answer('peer-3/order-tracking-page.http', { 'set-cookie': 'wp_woocommerce_session_abc=guest; path=/; HttpOnly' }));
    fake.post('/order-tracking/', async (c) => {
      const body = new URLSearchParams(await c.req.text());
      posts.push({ body, cookie: c.req.header('cookie') ?? null });
      if (body.get('woocommerce-order-tracking-nonce') !== 'fad748e324') return answer('peer-3/order-tracking-bad-nonce.http');
      if (body.get('orderid') === '55' && body.get('order_email') === 'juan.delacruz@example.com') return answer('peer-3/order-tracking-found.http');
      return answer('peer-3/order-tracking-wrong-email.http');
    });
  });
  const upstream = new URL(stock.url);
  const forward = upstreamForwarder({ upstream });
  const pages = createPagesHandler({
    apiFetch: (request) => forward(request, new URL(request.url).origin),
    loadRenderer: async () => (await import('../../src/entry-server.js')) as RenderModule,
    assets: async () => ({ scripts: [], styles: [], modulePreloads: [] }),
    config: parseShopConfig(shopConfig),
    plugins: [],
    session: async (c) => ({ cookie: c.req.header('cookie') ?? '' }),
  });
  front = await listen(createUpstreamApp({ upstream, pages }), { port: 0 });
}, 60_000);
afterAll(async () => {
  await front?.close();
  await stock?.close();
});

const COOKIE = 'wp_woocommerce_session_abc=guest';
const post = (fields: Record<string, string>) =>
  fetch(`${front.url}/order-tracking/`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: COOKIE },
    body: new URLSearchParams({ 'woocommerce-order-tracking-nonce': 'fad748e324', _wp_http_referer: '/order-tracking/', track: 'Track', ...fields }).toString(),
  });
const textOf = (html: string) => (/<main[\s\S]*<\/main>/.exec(html)?.[0] ?? '').replace(/<[^>]+>/g, '');

describe('order tracking in upstream mode', () => {
  it('reads the stock answer’s order: number, date, status, lines, totals and note', () => {
    expect(stockTrackedOrder(httpRecording('peer-3/order-tracking-found.http').body)).toEqual({
      number: 55,
      date: 'November 24, 2026',
      status: 'Processing',
      lines: [{ name: 'Peer Tee', variation: '', quantity: 3, total: '₱1,050.00' }],
      totals: [
        ['Subtotal', '₱1,050.00'],
        ['Discount', '-₱105.00'],
        ['Shipping', '₱100.00 via Flat rate'],
        ['Payment method', 'Cash on delivery'],
        ['Total', '₱1,045.00'],
      ],
      note: 'Please call before delivery.',
    });
    expect(stockTrackedOrder(httpRecording('peer-3/order-tracking-wrong-email.http').body)).toBeNull();
  });

  it('GET shows our form with the stock page’s nonce, and passes the stock shop’s cookie on', async () => {
    const response = await fetch(`${front.url}/order-tracking/`);
    const html = await response.text();
    expect(response.status).toBe(200);
    expect(html).toContain('name="woocommerce-order-tracking-nonce" value="fad748e324"');
    expect(html).toMatch(/<label for="orderid">Order ID<\/label>/);
    expect(response.headers.getSetCookie().some((line) => line.startsWith('wp_woocommerce_session_abc=guest'))).toBe(true);
  });

  it('a match is passed on with the stock fields and the shopper’s cookies, and shown', async () => {
    const response = await post({ orderid: '#55', order_email: 'juan.delacruz@example.com' });
    expect(response.status).toBe(200);
    const sent = posts.at(-1);
    expect(Object.fromEntries(sent!.body)).toEqual({ orderid: '55', order_email: 'juan.delacruz@example.com', 'woocommerce-order-tracking-nonce': 'fad748e324', _wp_http_referer: '/order-tracking/', track: 'Track' });
    expect(sent!.cookie).toBe(COOKIE);
    const text = textOf(await response.text());
    expect(text).toContain('Order #55 was placed on November 24, 2026 and is currently Processing.');
    expect(text).toContain('Peer Tee × 3');
    expect(text).toContain('Shipping:₱100.00 via Flat rate');
  });

  it('a wrong email is the stock “could not be found”, with the values kept', async () => {
    const response = await post({ orderid: '55', order_email: 'someone.else@example.com' });
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(textOf(html)).toContain('Sorry, the order could not be found. Please contact us if you are having difficulty finding your order details.');
    expect(html).toContain('value="someone.else@example.com"');
  });

  it('a bad nonce is the blank form again, silently, with the stock page’s fresh nonce', async () => {
    const response = await post({ orderid: '55', order_email: 'juan.delacruz@example.com', 'woocommerce-order-tracking-nonce': '0000000000' });
    const html = await response.text();
    expect(response.status).toBe(200);
    expect(html).not.toContain('role="alert"');
    expect(html).toContain('name="orderid"');
  });

  it('bad fields are refused here with a 400, and nothing goes upstream', async () => {
    const before = posts.length;
    const response = await post({ orderid: 'abc', order_email: 'juan.delacruz@example.com' });
    expect(response.status).toBe(400);
    expect(textOf(await response.text())).toContain('Please enter a valid order ID');
    expect(posts.length).toBe(before);
  });

  it('a stock shop that cannot be reached is said plainly', async () => {
    const lost = upstreamForwarder({ upstream: new URL('http://127.0.0.1:9') });
    const app = createUpstreamApp({
      upstream: new URL('http://127.0.0.1:9'),
      pages: createPagesHandler({
        apiFetch: (request) => lost(request, new URL(request.url).origin),
        loadRenderer: async () => (await import('../../src/entry-server.js')) as RenderModule,
        assets: async () => ({ scripts: [], styles: [], modulePreloads: [] }),
        config: parseShopConfig(shopConfig),
        plugins: [],
        session: async (c) => ({ cookie: c.req.header('cookie') ?? '' }),
      }),
    });
    const response = await app.request('/order-tracking/');
    expect(response.status).toBe(502);
    expect(textOf(await response.text())).toContain('We could not reach the shop to look your order up.');
  });
});
