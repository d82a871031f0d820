/**
 * Placing orders against the real database: re-pricing, stock that never oversells under 50
 * parallel checkouts, a coupon limit that holds under concurrency, retried attempts, rollback.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_SHIPPING } from '../src/core/rules/shipping.js';
import { parameterRunner } from './db/statements.js';
import { cartCoupons, cartItems, coupons, orderItems, orders, products, sessions } from './db/schema.js';
import { ApiError } from './lib/errors.js';
import { addToCart, type DbContext } from './services/cart.js';
import { applyCoupon } from './services/coupons.js';
import { placeOrder, type PlaceOrderInput } from './services/orders.js';
import { openTestDatabase, type TestDatabase } from './test/harness.js';

let test: TestDatabase;
let ctx: DbContext;
let productId = 0;
let sequence = 0;

const address = { first_name: 'Juan', last_name: 'dela Cruz', company: '', address_1: '12 Mabini St.', address_2: '', city: 'Manila', state: '00', postcode: '1000', country: 'PH', phone: '+639171234567' };
const input = (email: string, over: Partial<PlaceOrderInput> = {}): PlaceOrderInput => ({
  billing: { ...address, email },
  shipping: address,
  customerNote: '',
  paymentMethod: 'cod',
  shippingRate: 'flat_rate:1',
  attemptKey: null,
  ...over,
});

const newSession = async (): Promise<string> => {
  sequence += 1;
  const id = `test${String(sequence).padStart(28, '0')}`;
  await ctx.db.insert(sessions).values({ id, expiresAt: new Date(Date.now() + 3_600_000).toISOString() });
  return id;
};
const cartWith = async (quantity: number, id = productId): Promise<string> => {
  const session = await newSession();
  const added = await ctx.db.transaction((tx) => addToCart({ db: tx, run: ctx.run }, session, { id, quantity }));
  expect(added.ok).toBe(true);
  return session;
};
const place = (session: string, data: PlaceOrderInput) => placeOrder(ctx, session, data, { shipping: DEFAULT_SHIPPING, now: Date.now() });

beforeAll(async () => {
  test = await openTestDatabase();
  ctx = { db: test.database.db, run: test.database.statements ?? parameterRunner };
  // A simple product to sell: the first simple one in the seed.
  const [simple] = await ctx.db.select({ id: products.id }).from(products).where(eq(products.type, 'simple')).limit(1);
  productId = simple?.id ?? 0;
}, 60_000);
afterAll(async () => test.dispose());

const setStock = (n: number | null) => ctx.db.update(products).set({ stockQuantity: n, regularPrice: 50_000, salePrice: null }).where(eq(products.id, productId));

describe('placing orders', () => {
  it('re-prices from the database, takes stock, empties the cart and answers processing for COD', async () => {
    await setStock(5);
    const session = await cartWith(2);
    const placed = await place(session, input('Juan@Example.ph'));
    expect(placed).toMatchObject({ status: 'processing', created: true });
    expect(placed.orderKey).toMatch(/^wc_order_[A-Za-z0-9]{13}$/);
    const [order] = await ctx.db.select().from(orders).where(eq(orders.id, placed.id));
    expect(order).toMatchObject({ subtotal: 100_000, shippingTotal: 10_000, total: 110_000, billingEmail: 'juan@example.ph' });
    const lines = await ctx.db.select().from(orderItems).where(eq(orderItems.orderId, placed.id));
    expect(lines.map((l) => [l.productId, l.quantity, l.unitPrice])).toEqual([[productId, 2, 50_000]]);
    const [stock] = await ctx.db.select({ n: products.stockQuantity }).from(products).where(eq(products.id, productId));
    expect(stock?.n).toBe(3);
    expect(await ctx.db.select().from(cartItems).where(eq(cartItems.sessionId, session))).toEqual([]);
  });

  it('a retried attempt finds the same order; an emptied cart cannot order again', async () => {
    await setStock(null);
    const session = await cartWith(1);
    const first = await place(session, input('retry@example.ph', { attemptKey: 'attempt-1', paymentMethod: 'bacs' }));
    const again = await place(session, input('retry@example.ph', { attemptKey: 'attempt-1', paymentMethod: 'bacs' }));
    expect(again).toEqual({ ...first, created: false });
    expect(first.status).toBe('on-hold');
    await expect(place(session, input('retry@example.ph', { attemptKey: 'attempt-2' }))).rejects.toMatchObject({ code: 'woocommerce_rest_cart_empty', status: 400 });
  });

  it('the same attempt placed twice at the same moment makes one order (a double click on two connections)', async () => {
    await setStock(null);
    const shoppers = await Promise.all(Array.from({ length: 10 }, () => cartWith(1)));
    const pairs = await Promise.all(
      shoppers.map((s, i) => Promise.all([place(s, input(`double${i}@example.ph`, { attemptKey: `click-${i}` })), place(s, input(`double${i}@example.ph`, { attemptKey: `click-${i}` }))])),
    );
    for (const [a, b] of pairs) {
      expect(a.id).toBe(b.id);
      expect([a.created, b.created].sort()).toEqual([false, true]);
    }
    const [made] = await ctx.db.select({ n: sql<number>`count(*)::int` }).from(orders).where(sql`${orders.attemptKey} LIKE 'click-%'`);
    expect(made?.n).toBe(10);
  }, 60_000);

  it('an unavailable shipping rate or a foreign province writes nothing', async () => {
    await setStock(4);
    const session = await cartWith(1);
    await expect(place(session, input('x@example.ph', { shippingRate: 'flat_rate:7' }))).rejects.toMatchObject({ code: 'woocommerce_rest_invalid_shipping_option' });
    await expect(place(session, input('x@example.ph', { shipping: { ...address, state: 'NCR' } }))).rejects.toMatchObject({ code: 'rest_invalid_param' });
    const [stock] = await ctx.db.select({ n: products.stockQuantity }).from(products).where(eq(products.id, productId));
    expect(stock?.n).toBe(4);
    expect(await ctx.db.select().from(cartItems).where(eq(cartItems.sessionId, session))).toHaveLength(1);
  });

  it('50 shoppers buying the last 10 units at once make exactly 10 orders; the rest get a clear stock error', async () => {
    await setStock(10);
    const shoppers = await Promise.all(Array.from({ length: 50 }, () => cartWith(1)));
    const results = await Promise.allSettled(shoppers.map((s, i) => place(s, input(`race${i}@example.ph`))));
    const made = results.filter((r) => r.status === 'fulfilled');
    expect(made).toHaveLength(10);
    for (const r of results) {
      if (r.status === 'rejected') {
        expect(r.reason).toBeInstanceOf(ApiError);
        expect((r.reason as ApiError).code).toBe('woocommerce_rest_product_out_of_stock');
      }
    }
    const [stock] = await ctx.db.select({ n: products.stockQuantity }).from(products).where(eq(products.id, productId));
    expect(stock?.n).toBe(0);
  }, 60_000);

  it('a coupon limited to 10 uses makes exactly 10 discounted orders out of 50 parallel ones', async () => {
    await setStock(null);
    await ctx.db.insert(coupons).values({ code: 'limit10', discountType: 'percent', amount: 1_000, usageLimit: 10 });
    const shoppers = await Promise.all(Array.from({ length: 50 }, () => cartWith(1)));
    for (const s of shoppers) await ctx.db.transaction((tx) => applyCoupon(tx, s, 'LIMIT10', 50_000, null));
    const results = await Promise.allSettled(shoppers.map((s, i) => place(s, input(`coupon${i}@example.ph`))));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(10);
    const [row] = await ctx.db.select().from(coupons).where(eq(coupons.code, 'limit10'));
    expect(row?.usageCount).toBe(10);
    const refused = results.find((r) => r.status === 'rejected');
    expect(refused?.status === 'rejected' && (refused.reason as ApiError).message).toBe('Coupon usage limit has been reached.');
    // The refused shoppers keep their carts and coupons.
    const [left] = await ctx.db.select({ n: sql<number>`count(*)::int` }).from(cartCoupons).where(eq(cartCoupons.code, 'limit10'));
    expect(left?.n).toBe(40);
  }, 60_000);
});

describe('reading orders back', () => {
  it('by key: the key alone within 10 minutes or from the placing session; later the billing email too', async () => {
    const { orderByKey, trackOrder, ORDER_GRACE_MS } = await import('./services/order-read.js');
    await setStock(null);
    const session = await cartWith(1);
    const placed = await place(session, input('Reader@Example.ph'));
    const now = Date.now();
    expect((await orderByKey(ctx.db, placed.id, placed.orderKey, null, null, now)).ok).toBe(true);
    expect(await orderByKey(ctx.db, placed.id, 'wc_order_wrong', null, null, now)).toEqual({ ok: false, reason: 'invalid_order' });
    expect(await orderByKey(ctx.db, placed.id + 100_000, placed.orderKey, null, null, now)).toEqual({ ok: false, reason: 'invalid_order' });
    const later = now + ORDER_GRACE_MS + 1;
    expect(await orderByKey(ctx.db, placed.id, placed.orderKey, null, null, later)).toEqual({ ok: false, reason: 'needs_email' });
    expect(await orderByKey(ctx.db, placed.id, placed.orderKey, 'other@example.ph', null, later)).toEqual({ ok: false, reason: 'invalid_email' });
    expect((await orderByKey(ctx.db, placed.id, placed.orderKey, 'reader@example.ph', null, later)).ok).toBe(true);
    expect((await orderByKey(ctx.db, placed.id, placed.orderKey, null, session, later)).ok).toBe(true);
    // Tracking: id and email, or nothing.
    expect((await trackOrder(ctx.db, placed.id, ' READER@example.ph '))?.order.id).toBe(placed.id);
    expect(await trackOrder(ctx.db, placed.id, 'other@example.ph')).toBeNull();
    expect(await trackOrder(ctx.db, placed.id + 100_000, 'reader@example.ph')).toBeNull();
    expect(await trackOrder(ctx.db, Number.NaN, 'reader@example.ph')).toBeNull();
  });
});
