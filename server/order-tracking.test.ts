/**
 * `/order-tracking/` over real HTTP with the real renderer: the stock form and its nonce, a match
 * with status, date and lines, one answer for a missing order and a wrong email (after the same
 * work), stock's silent blank form on a bad nonce, 400s naming the field, and the limits per client
 * and per order kept in the database.
 */
import { eq } from 'drizzle-orm';
import { parse, type HTMLElement } from 'node-html-parser';
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

/**
 * A page read as a tree, so the checks name elements, attribute values and text rather than one
 * renderer's way of writing them. Only script and style are raw text: anything inside a
 * `<noscript>` or `<pre>` is read as markup, so a tag smuggled in there would show up as an element.
 */
const parsePage = (html: string): HTMLElement => parse(html, { blockTextElements: { script: true, style: true } });
/** The page's `<main>`; a page without one fails here instead of comparing or searching nothing. */
const mainOf = (html: string): HTMLElement => {
  const main = parsePage(html).querySelector('main');
  if (!main) throw new Error(`the page has no <main>: ${html.slice(0, 200)}`);
  return main;
};
/** What the shopper reads in the page's `<main>`: entities decoded, comments left out. */
const textOf = (html: string): string => mainOf(html).text;
/** The tracking form: the one that carries the nonce. */
const trackingForm = (page: HTMLElement): HTMLElement | undefined =>
  page.querySelectorAll('form').find((form) => form.querySelector('input[name="woocommerce-order-tracking-nonce"]') !== null);

let clients = 0;
/** A shopper with their own client address and cookie jar, who has opened the tracking page. */
const visitor = async (client = `203.0.113.${(clients += 1)}`) => {
  const shopper = new Shopper(server.url);
  const page = await shopper.fetch('/order-tracking/', { headers: { 'x-forwarded-for': client } });
  const html = await page.text();
  const nonce = parsePage(html).querySelector('input[name="woocommerce-order-tracking-nonce"]')?.getAttribute('value') ?? '';
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
/**
 * The page body without the parts that differ per request: the hydration state (outside `<main>`)
 * and the echoed order id, which must be `echoed` before it is taken out.
 */
const body = (html: string, echoed: string): string => {
  const main = mainOf(html);
  const orderId = main.querySelector('input[name="orderid"]');
  expect(orderId?.getAttribute('value')).toBe(echoed);
  orderId?.removeAttribute('value');
  return main.toString();
};
/** Markup a shopper might type into a field, which the page must keep as text. */
const SCRIPTED = '<script>alert(1)</script>';
/**
 * The page's hydration state as parsed JSON. The state is the one script that carries the posted
 * values back, so a value that closed its script early would leave broken JSON here and throw.
 */
const stateOf = (page: HTMLElement): unknown => JSON.parse(page.querySelector('script#suki-state')?.text ?? '');
/** The billing email the hydration state carries back to the form. */
const stateEmail = (page: HTMLElement): unknown => (stateOf(page) as { page?: { tracking?: { email?: unknown } } }).page?.tracking?.email;
const NOT_FOUND = 'Sorry, the order could not be found. Please contact us if you are having difficulty finding your order details.';

describe('order tracking page', () => {
  it('GET shows the stock form with its nonce, and tells crawlers not to index it', async () => {
    const { page, html, nonce } = await visitor();
    expect(page.status).toBe(200);
    expect(nonce).toMatch(/^[0-9a-f]{10}$/);
    const doc = parsePage(html);
    const form = trackingForm(doc);
    expect(form).toBeDefined();
    expect(form?.querySelector('label[for="orderid"]')?.text).toBe('Order ID');
    expect(form?.querySelector('label[for="order_email"]')?.text).toBe('Billing email');
    const submit = form?.querySelector('button[name="track"]');
    expect({ type: submit?.getAttribute('type'), value: submit?.getAttribute('value'), text: submit?.text }).toEqual({ type: 'submit', value: 'Track', text: 'Track' });
    expect(form?.querySelector('input[name="_wp_http_referer"]')?.getAttribute('value')).toBe('/order-tracking/');
    expect(doc.querySelector('head meta[name="robots"]')?.getAttribute('content')).toMatch(/^noindex/);
    expect(doc.querySelector('head title')?.text).toBe('Order tracking — Suki');
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
    const text = textOf(found.html);
    expect(text).toContain(`Order #${orderId} was placed on `);
    expect(text).toContain('and is currently Processing.');
    expect(text).toMatch(new RegExp(`placed on (January|February|March|April|May|June|July|August|September|October|November|December) \\d{1,2}, \\d{4}`));
    expect(text).toContain(`${productName} × 3`);
    expect(text).toContain('Payment method:Cash on delivery');
    expect(text).toContain('Note:Please call before delivery.');
    expect(parsePage(found.html).querySelector('input[name="orderid"]')).toBeNull();
  });

  it('a wrong email and a missing order get the same answer', async () => {
    const { track } = await visitor();
    const wrong = await track({ orderid: String(orderId), order_email: 'someone.else@example.com' });
    const missing = await track({ orderid: String(orderId + 1000), order_email: 'someone.else@example.com' });
    expect([wrong.status, missing.status]).toEqual([200, 200]);
    expect(textOf(wrong.html)).toContain(NOT_FOUND);
    expect(body(wrong.html, String(orderId))).toBe(body(missing.html, String(orderId + 1000)));
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
    const doc = parsePage(answer.html);
    expect(doc.querySelector('input[name="orderid"]')).not.toBeNull();
    expect(doc.querySelector('[role="alert"]')).toBeNull();
    expect(textOf(answer.html)).not.toContain('was placed on');
  });

  it('an empty, malformed or huge order id, or a bad email, is a 400 whose notice names the field; HTML stays text', async () => {
    const { track } = await visitor();
    const cases: Array<[Record<string, string>, string, string]> = [
      [{ orderid: '', order_email: EMAIL }, 'Please enter a valid order ID', 'orderid'],
      [{ orderid: 'abc', order_email: EMAIL }, 'Please enter a valid order ID', 'orderid'],
      [{ orderid: '9'.repeat(10_000), order_email: EMAIL }, 'Please enter a valid order ID', 'orderid'],
      [{ orderid: String(orderId), order_email: '' }, 'Please enter a valid email address', 'order_email'],
      [{ orderid: String(orderId), order_email: SCRIPTED }, 'Please enter a valid email address', 'order_email'],
      [{ orderid: String(orderId), order_email: `${'a'.repeat(10_000)}@example.com` }, 'Please enter a valid email address', 'order_email'],
    ];
    const pages = new Map<string, HTMLElement>();
    for (const [fields, notice, field] of cases) {
      const answer = await track(fields);
      const label = JSON.stringify(fields).slice(0, 80);
      expect(answer.status, label).toBe(400);
      const doc = parsePage(answer.html);
      expect(textOf(answer.html), label).toContain(notice);
      expect(doc.querySelector(`[id="${field}"]`)?.getAttribute('aria-invalid'), label).toBe('true');
      // No script element came of what was typed: the only script that may mention it is the state, and that is still whole JSON.
      const others = doc.querySelectorAll('script').filter((script) => script.id !== 'suki-state');
      expect(others.map((script) => script.text).join('\n'), label).not.toContain('alert(1)');
      expect(() => stateOf(doc), label).not.toThrow();
      pages.set(fields.order_email ?? '', doc);
    }
    // The markup comes back as the literal value of the email field and of the state, as typed.
    const scripted = pages.get(SCRIPTED);
    expect(scripted?.querySelector('input[name="order_email"]')?.getAttribute('value')).toBe(SCRIPTED);
    expect(scripted && stateEmail(scripted)).toBe(SCRIPTED);
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
    expect(textOf(limited.html)).toContain('Too many tracking attempts');
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(textOf(limited.html)).not.toContain('was placed on');
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
