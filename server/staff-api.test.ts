/**
 * The staff REST API (`wc/v3`): API keys over a safe transport, orders listed, read and moved
 * through statuses (emails queued, stock and coupon use given back on cancel), coupons created.
 */
import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_SHIPPING } from '../src/core/rules/shipping.js';
import { parameterRunner } from './db/statements.js';
import { mailOutbox, products, sessions } from './db/schema.js';
import { ApiError } from './lib/errors.js';
import { staffApiRoutes } from './routes/wc-v3.js';
import { createApiKey } from './services/api-keys.js';
import { addToCart, type DbContext } from './services/cart.js';
import { placeOrder } from './services/orders.js';
import { openTestDatabase, type TestDatabase } from './test/harness.js';

let test: TestDatabase;
let ctx: DbContext;
let app: Hono;
let safe = true;
let basic = '';
let readOnly = '';
let productId = 0;

const address = { first_name: 'Maria', last_name: 'Santos', company: '', address_1: '1 Osmeña Blvd', address_2: '', city: 'Cebu City', state: 'CEB', postcode: '6000', country: 'PH', phone: '+639171234567' };

beforeAll(async () => {
  test = await openTestDatabase();
  ctx = { db: test.database.db, run: test.database.statements ?? parameterRunner };
  app = new Hono();
  app.onError((error, c) => (error instanceof ApiError ? c.json(error.toJSON(), error.status as 400) : c.json({ code: 'boom', message: String(error) }, 500)));
  app.route(
    '/wp-json/wc/v3',
    staffApiRoutes({ db: ctx.db, isSafeTransport: () => safe, shop: { name: 'Suki', ordersEmail: 'orders@suki.example.ph', bankDetails: [] }, baseUrl: () => 'http://127.0.0.1:3000' }),
  );
  const key = await createApiKey(ctx.db, 'test', 'read_write');
  basic = `Basic ${Buffer.from(`${key.consumerKey}:${key.consumerSecret}`).toString('base64')}`;
  const reader = await createApiKey(ctx.db, 'reader', 'read');
  readOnly = `Basic ${Buffer.from(`${reader.consumerKey}:${reader.consumerSecret}`).toString('base64')}`;
  const [simple] = await ctx.db.select({ id: products.id }).from(products).where(eq(products.type, 'simple')).limit(1);
  productId = simple?.id ?? 0;
}, 60_000);
afterAll(async () => test.dispose());

const call = (path: string, init: RequestInit & { auth?: string } = {}) =>
  app.request(`/wp-json/wc/v3${path}`, { ...init, headers: { authorization: init.auth ?? basic, 'content-type': 'application/json', ...(init.headers ?? {}) } });

const orderOfTwo = async (): Promise<number> => {
  await ctx.db.update(products).set({ stockQuantity: 10, regularPrice: 40_000, salePrice: null }).where(eq(products.id, productId));
  const session = `staff${String(Math.random()).slice(2, 30).padEnd(27, '0')}`;
  await ctx.db.insert(sessions).values({ id: session, expiresAt: new Date(Date.now() + 3_600_000).toISOString() });
  await ctx.db.transaction((tx) => addToCart({ db: tx, run: ctx.run }, session, { id: productId, quantity: 2 }));
  const placed = await placeOrder(
    ctx,
    session,
    { billing: { ...address, email: 'maria@example.ph' }, shipping: address, customerNote: '', paymentMethod: 'bacs', shippingRate: null, attemptKey: null },
    { shipping: DEFAULT_SHIPPING, now: Date.now() },
  );
  return placed.id;
};
const stock = async () => (await ctx.db.select({ n: products.stockQuantity }).from(products).where(eq(products.id, productId)))[0]?.n;

describe('staff REST API (wc/v3)', () => {
  it('refuses without a key, with a wrong key, over an unsafe transport, and writes with a read-only key', async () => {
    expect((await call('/orders', { auth: '' })).status).toBe(401);
    expect((await call('/orders', { auth: `Basic ${Buffer.from(`ck_${'0'.repeat(40)}:cs_${'0'.repeat(40)}`).toString('base64')}` })).status).toBe(401);
    safe = false;
    expect((await call('/orders')).status).toBe(401);
    safe = true;
    expect((await call('/orders', { auth: readOnly })).status).toBe(200);
    expect((await call('/orders/1', { method: 'PUT', auth: readOnly, body: '{"status":"completed"}' })).status).toBe(401);
  });

  it('lists and reads orders in the v3 shape', async () => {
    const id = await orderOfTwo();
    const list = await call('/orders?status=on-hold&per_page=5');
    expect(list.status).toBe(200);
    expect(Number(list.headers.get('x-wp-total'))).toBeGreaterThanOrEqual(1);
    const one = (await (await call(`/orders/${id}`)).json()) as Record<string, unknown>;
    expect(one).toMatchObject({ id, status: 'on-hold', currency: 'PHP', total: '1000.00', shipping_total: '200.00', payment_method: 'bacs', payment_method_title: 'Direct bank transfer' });
    expect(one['line_items']).toMatchObject([{ product_id: productId, quantity: 2, total: '800.00' }]);
    expect((await call('/orders/99999999')).status).toBe(404);
    expect((await call('/orders?status=bogus')).status).toBe(400);
  });

  it('completing emails the shopper; cancelling gives the stock back once and emails; a final status stays', async () => {
    const id = await orderOfTwo();
    expect(await stock()).toBe(8);
    const before = (await ctx.db.select().from(mailOutbox)).length;
    const cancelled = await call(`/orders/${id}`, { method: 'PUT', body: '{"status":"cancelled"}' });
    expect(cancelled.status).toBe(200);
    expect(await stock()).toBe(10);
    expect((await call(`/orders/${id}`, { method: 'PUT', body: '{"status":"cancelled"}' })).status).toBe(200);
    expect(await stock()).toBe(10);
    expect((await call(`/orders/${id}`, { method: 'PUT', body: '{"status":"processing"}' })).status).toBe(400);
    const mails = await ctx.db.select().from(mailOutbox);
    expect(mails.slice(before).map((m) => [m.to, m.subject])).toEqual([['maria@example.ph', `Your Suki order #${id} has been cancelled`]]);
    const other = await orderOfTwo();
    expect((await call(`/orders/${other}`, { method: 'PUT', body: '{"status":"completed"}' })).status).toBe(200);
    expect((await ctx.db.select().from(mailOutbox)).at(-1)?.subject).toBe(`Your Suki order #${other} is complete`);
  });

  it('creates and lists coupons; refuses a duplicate code and a percent over 100', async () => {
    const made = await call('/coupons', { method: 'POST', body: JSON.stringify({ code: 'STAFF20', discount_type: 'percent', amount: '20', usage_limit: 5 }) });
    expect(made.status).toBe(201);
    expect(await made.json()).toMatchObject({ code: 'staff20', amount: '20.00', discount_type: 'percent', usage_limit: 5, usage_count: 0 });
    expect((await call('/coupons', { method: 'POST', body: JSON.stringify({ code: 'staff20' }) })).status).toBe(400);
    expect((await call('/coupons', { method: 'POST', body: JSON.stringify({ code: 'big', discount_type: 'percent', amount: 150 }) })).status).toBe(400);
    const list = (await (await call('/coupons')).json()) as Array<{ code: string }>;
    expect(list.map((c) => c.code)).toEqual(expect.arrayContaining(['staff20', 'salamat10', 'librengship']));
  });
});
