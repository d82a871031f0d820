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
import { eq } from 'drizzle-orm';
import { DEFAULT_SHIPPING } from '../../src/core/rules/shipping.js';
import { parameterRunner } from '../db/statements.js';
import { products, sessions } from '../db/schema.js';
import { addToCart } from '../services/cart.js';
import { placeOrder } from '../services/orders.js';
import { startShop } from '../test/harness.js';
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

describe('order tracking through the pair (an upstream-mode Suki in front of an embedded one)', () => {
  it('the front shows the embedded shop’s form nonce, its match and its “could not be found”', async () => {
    const config = parseShopConfig(shopConfig);
    const renderer = async () => (await import('../../src/entry-server.js')) as RenderModule;
    const assets = async () => ({ scripts: [], styles: [], modulePreloads: [] });
    const api: { fetch?: (request: Request) => Promise<Response> } = {};
    const back = await startShop({ pages: createPagesHandler({ apiFetch: async (request) => api.fetch!(request), loadRenderer: renderer, assets, config, plugins: [] }) });
    api.fetch = async (request) => back.app.fetch(request);
    const target = new URL(back.url);
    const forward = upstreamForwarder({ upstream: target });
    const pair = await listen(
      createUpstreamApp({
        upstream: target,
        pages: createPagesHandler({ apiFetch: (request) => forward(request, new URL(request.url).origin), loadRenderer: renderer, assets, config, plugins: [], session: async (c) => ({ cookie: c.req.header('cookie') ?? '' }) }),
      }),
      { port: 0 },
    );
    try {
      const db = back.db.database.db;
      const ctx = { db, run: back.db.database.statements ?? parameterRunner };
      const [simple] = await db.select({ id: products.id, name: products.name }).from(products).where(eq(products.type, 'simple')).limit(1);
      await db.update(products).set({ stockQuantity: 50 }).where(eq(products.id, simple!.id));
      const session = `pair${'0'.repeat(60)}`;
      await db.insert(sessions).values({ id: session, expiresAt: new Date(Date.now() + 3_600_000).toISOString() });
      await db.transaction((tx) => addToCart({ db: tx, run: ctx.run }, session, { id: simple!.id, quantity: 2 }));
      const address = { first_name: 'Ana', last_name: 'Reyes', company: '', address_1: '1 Ayala Ave', address_2: '', city: 'Makati', state: '00', postcode: '1226', country: 'PH', phone: '+639171234567' };
      const placed = await placeOrder(ctx, session, { billing: { ...address, email: 'ana@example.ph' }, shipping: address, customerNote: '', paymentMethod: 'bacs', shippingRate: null, attemptKey: null }, { shipping: DEFAULT_SHIPPING, now: Date.now() });

      const page = await fetch(`${pair.url}/order-tracking/`);
      // As a browser keeps them: of several cookies of one name in an answer, the last one.
      const jar = new Map(page.headers.getSetCookie().map((line) => (line.split(';')[0] ?? '').split('=') as [string, string]));
      const cookie = [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
      const nonce = /name="woocommerce-order-tracking-nonce" value="([0-9a-f]{10})"/.exec(await page.text())?.[1] ?? '';
      expect(nonce).toMatch(/^[0-9a-f]{10}$/);
      const send = (email: string) =>
        fetch(`${pair.url}/order-tracking/`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded', cookie },
          body: new URLSearchParams({ orderid: String(placed.id), order_email: email, 'woocommerce-order-tracking-nonce': nonce, _wp_http_referer: '/order-tracking/', track: 'Track' }).toString(),
        });
      const found = await send('ana@example.ph');
      const text = textOf(await found.text());
      expect(text).toContain(`Order #${placed.id} was placed on`);
      expect(text).toContain('and is currently On hold.');
      expect(text).toContain(`${simple!.name} × 2`);
      expect(text).toContain('Payment method:Direct bank transfer');
      const wrong = await send('someone.else@example.com');
      expect(wrong.status).toBe(200);
      expect(textOf(await wrong.text())).toContain('Sorry, the order could not be found.');
    } finally {
      await pair.close();
      await back.close();
    }
  }, 60_000);
});
