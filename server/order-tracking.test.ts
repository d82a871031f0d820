/**
 * `/order-tracking/` over real HTTP with the real renderer: the stock form and its nonce, a match
 * with status, date and lines, one answer for a missing order and a wrong email (after the same
 * work), stock's silent blank form on a bad nonce, 400s naming the field, and the limits per client
 * and per order kept in the database.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import shopConfig from '../plugins.config.js';
import { parseShopConfig } from '../src/app/shop-config.js';
import { DEFAULT_SHIPPING } from '../src/core/rules/shipping.js';
import { createShopApp } from './app.js';
import type { ShopDatabase } from './db/query.js';
import { parameterRunner } from './db/statements.js';
import { products, sessions } from './db/schema.js';
import { listen, type RunningServer } from './listen.js';
import { createPagesHandler } from './pages.js';
import { resolvePlugins } from './plugins.js';
import { addToCart, type DbContext } from './services/cart.js';
import { trackOrder as findTrackedOrder } from './services/order-read.js';
import { placeOrder } from './services/orders.js';
import { TRACKING_PER_CLIENT, TRACKING_PER_ORDER } from './services/order-tracking.js';
import { memoryLogger, openTestDatabase, Shopper, type TestDatabase } from './test/harness.js';

let db: TestDatabase;
let ctx: DbContext;
let server: RunningServer;
let orderId = 0;
let productName = '';
const EMAIL = 'Juan.DelaCruz@example.ph';
const address = { first_name: 'Juan', last_name: 'Dela Cruz', company: '', address_1: '12 Mabini St', address_2: '', city: 'Manila', state: '00', postcode: '1000', country: 'PH', phone: '+639171234567' };

beforeAll(async () => {
  db = await openTestDatabase();
  ctx = { db: db.database.db, run: db.database.statements ?? parameterRunner };
  const config = parseShopConfig(shopConfig);
  const plugins = await resolvePlugins(config);
  const api: { fetch?: (request: Request) => Promise<Response> } = {};
  const pages = createPagesHandler({
    apiFetch: async (request) => api.fetch!(request),
    loadRenderer: async () => import('../src/entry-server.js'),
    assets: async () => ({ scripts: ['/assets/entry.js'], styles: [], modulePreloads: [] }),
    config,
    plugins,
  });
  const app = createShopApp({
    database: db.database,
    pages,
    logger: memoryLogger(),
    trustProxy: ['127.0.0.1', '::1'],
  });
  api.fetch = async (request) => app.fetch(request);
  server = await listen(app, { port: 0, host: '127.0.0.1' });

  const [simple] = await ctx.db.select({ id: products.id, name: products.name }).from(products).where(eq(products.type, 'simple')).limit(1);
  await ctx.db.update(products).set({ stockQuantity: 50 }).where(eq(products.id, simple!.id));
  productName = simple!.name;
  const session = `track${'0'.repeat(59)}`;
  await ctx.db.insert(sessions).values({ id: session, expiresAt: new Date(Date.now() + 3_600_000).toISOString() });
  await ctx.db.transaction((tx) => addToCart({ db: tx, run: ctx.run }, session, { id: simple!.id, quantity: 3 }));
  const placed = await placeOrder(
    ctx,
    session,
    { billing: { ...address, email: EMAIL }, shipping: address, customerNote: 'Please call before delivery.', paymentMethod: 'cod', shippingRate: null, attemptKey: null },
    { shipping: DEFAULT_SHIPPING, now: Date.now() },
  );
  orderId = placed.id;
}, 90_000);
afterAll(async () => {
  await server.close();
  await db.dispose();
});

let clients = 0;
/** A shopper with their own client address and cookie jar, who has opened the tracking page. */
const visitor = async (client = `203.0.113.${(clients += 1)}`) => {
  const shopper = new Shopper(server.url);
  const page = await shopper.fetch('/order-tracking/', { headers: { 'x-forwarded-for': client } });
  const html = await page.text();
  const nonce = /name="woocommerce-order-tracking-nonce" value="([0-9a-f]{10})"/.exec(html)?.[1] ?? '';
  const track = async (fields: Record<string, string>) => {
    const response = await shopper.fetch('/order-tracking/', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': client },
      body: new URLSearchParams({ 'woocommerce-order-tracking-nonce': nonce, _wp_http_referer: '/order-tracking/', track: 'Track', ...fields }).toString(),
    });
    return { status: response.status, html: await response.text(), headers: response.headers };
  };
  return { page, html, nonce, track };
};
/** The page body without the parts that differ per request (the hydration state, the echoed id). */
const body = (html: string) =>
  (/<main[\s\S]*<\/main>/.exec(html)?.[0] ?? '').replace(/name="orderid" value="[^"]*"/, 'ORDERID');
const NOT_FOUND = 'Sorry, the order could not be found. Please contact us if you are having difficulty finding your order details.';

describe('order tracking page', () => {
  it('GET shows the stock form with its nonce, and tells crawlers not to index it', async () => {
    const { page, html, nonce } = await visitor();
    expect(page.status).toBe(200);
    expect(nonce).toMatch(/^[0-9a-f]{10}$/);
    expect(html).toContain('<form');
    expect(html).toMatch(/<label for="orderid">Order ID<\/label>/);
    expect(html).toMatch(/<label for="order_email">Billing email<\/label>/);
    expect(html).toMatch(/<button type="submit"[^>]*value="Track" name="track"[^>]*>Track<\/button>/);
    expect(html).toContain('name="_wp_http_referer" value="/order-tracking/"');
    expect(html).toMatch(/<meta name="robots" content="noindex/);
    expect(html).toContain('<title>Order tracking — Suki</title>');
  });

  it('the bare address redirects to the slash form', async () => {
    const response = await fetch(`${server.url}/order-tracking`, { redirect: 'manual' });
    expect(response.status).toBe(301);
    expect(response.headers.get('location')).toBe('/order-tracking/');
  });

  it('the right id and billing email (any case, with a #) show status, date and lines', async () => {
    const { track } = await visitor();
    const found = await track({ orderid: `#${orderId}`, order_email: ` ${EMAIL.toUpperCase()} ` });
    expect(found.status).toBe(200);
    const text = found.html.replace(/<[^>]+>/g, '');
    expect(text).toContain(`Order #${orderId} was placed on `);
    expect(text).toContain('and is currently Processing.');
    expect(text).toMatch(new RegExp(`placed on (January|February|March|April|May|June|July|August|September|October|November|December) \\d{1,2}, \\d{4}`));
    expect(text).toContain(`${productName} × 3`);
    expect(text).toContain('Payment method:Cash on delivery');
    expect(text).toContain('Note:Please call before delivery.');
    expect(found.html).not.toContain('name="orderid"');
  });

  it('a wrong email and a missing order get the same answer', async () => {
    const { track } = await visitor();
    const wrong = await track({ orderid: String(orderId), order_email: 'someone.else@example.com' });
    const missing = await track({ orderid: String(orderId + 1000), order_email: 'someone.else@example.com' });
    expect([wrong.status, missing.status]).toEqual([200, 200]);
    expect(wrong.html).toContain(NOT_FOUND);
    expect(body(wrong.html)).toBe(body(missing.html));
  });

  it('does the same work for a missing order and a wrong email: one query, nothing found', async () => {
    let selects = 0;
    const counting = new Proxy(ctx.db, {
      get(target, property, receiver) {
        const value = Reflect.get(target, property, receiver) as unknown;
        if (property === 'select' && typeof value === 'function') {
          return (...args: unknown[]) => {
            selects += 1;
            return (value as (...a: unknown[]) => unknown).apply(target, args);
          };
        }
        return value;
      },
    }) as ShopDatabase;
    const count = async (id: number, email: string) => {
      selects = 0;
      const found = await findTrackedOrder(counting, id, email);
      return { found: found !== null, selects };
    };
    expect(await count(orderId + 1000, EMAIL)).toEqual({ found: false, selects: 1 });
    expect(await count(orderId, 'someone.else@example.com')).toEqual({ found: false, selects: 1 });
    expect(await count(orderId, EMAIL)).toEqual({ found: true, selects: 2 });
  });

  it('a post with a bad nonce shows the blank form again, silently (as the stock shop does)', async () => {
    const { track } = await visitor();
    const answer = await track({ orderid: String(orderId), order_email: EMAIL, 'woocommerce-order-tracking-nonce': '0000000000' });
    expect(answer.status).toBe(200);
    expect(answer.html).toContain('name="orderid"');
    expect(answer.html).not.toContain('role="alert"');
    expect(answer.html).not.toContain('was placed on');
  });

  it('an empty, malformed or huge order id, or a bad email, is a 400 whose notice names the field; HTML stays text', async () => {
    const { track } = await visitor();
    const cases: Array<[Record<string, string>, string, string]> = [
      [{ orderid: '', order_email: EMAIL }, 'Please enter a valid order ID', 'orderid'],
      [{ orderid: 'abc', order_email: EMAIL }, 'Please enter a valid order ID', 'orderid'],
      [{ orderid: '9'.repeat(10_000), order_email: EMAIL }, 'Please enter a valid order ID', 'orderid'],
      [{ orderid: String(orderId), order_email: '' }, 'Please enter a valid email address', 'order_email'],
      [{ orderid: String(orderId), order_email: '<script>alert(1)</script>' }, 'Please enter a valid email address', 'order_email'],
      [{ orderid: String(orderId), order_email: `${'a'.repeat(10_000)}@example.com` }, 'Please enter a valid email address', 'order_email'],
    ];
    for (const [fields, notice, field] of cases) {
      const answer = await track(fields);
      expect(answer.status, JSON.stringify(fields).slice(0, 80)).toBe(400);
      expect(answer.html).toContain(notice);
      expect(answer.html).toMatch(new RegExp(`id="${field}"[^>]*aria-invalid="true"`));
      expect(answer.html).not.toContain('<script>alert(1)</script>');
    }
    const nul = await track({ orderid: `${orderId}\u0000`, order_email: EMAIL });
    expect(nul.status).toBe(400);
  });

  it('limits attempts per client', async () => {
    const { track } = await visitor('198.51.100.7');
    const statuses: number[] = [];
    for (let n = 0; n <= TRACKING_PER_CLIENT.max; n += 1) statuses.push((await track({ orderid: String(900_000 + n), order_email: EMAIL })).status);
    expect(statuses).toEqual([...Array<number>(TRACKING_PER_CLIENT.max).fill(200), 429]);
    const limited = await track({ orderid: String(orderId), order_email: EMAIL });
    expect(limited.status).toBe(429);
    expect(limited.html).toContain('Too many tracking attempts');
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(limited.html).not.toContain('was placed on');
  });

  it('limits attempts per order id, from any client, whether or not the order exists', async () => {
    const guessed = 777_777;
    const statuses: number[] = [];
    for (let n = 0; n <= TRACKING_PER_ORDER.max; n += 1) statuses.push((await (await visitor(`192.0.2.${n + 10}`)).track({ orderid: String(guessed), order_email: `guess${n}@example.com` })).status);
    expect(statuses).toEqual([...Array<number>(TRACKING_PER_ORDER.max).fill(200), 429]);
    // Another order id is not affected.
    expect((await (await visitor('192.0.2.99')).track({ orderid: String(orderId), order_email: EMAIL })).status).toBe(200);
  });
});
