/**
 * Order tracking against the real database: a match shows the order, a wrong email and a missing
 * order give one and the same answer, and the limits per client and per order id hold.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_SHIPPING } from '../../src/core/rules/shipping.js';
import { parameterRunner } from '../db/statements.js';
import { products, sessions } from '../db/schema.js';
import { openTestDatabase, type TestDatabase } from '../test/harness.js';
import { addToCart, type DbContext } from './cart.js';
import { TRACKING_PER_CLIENT, TRACKING_PER_ORDER, trackOrder } from './order-tracking.js';
import { placeOrder } from './orders.js';

let test: TestDatabase;
let ctx: DbContext;
let sequence = 0;

const address = { first_name: 'Ana', last_name: 'Reyes', company: '', address_1: '7 Luna St.', address_2: '', city: 'Quezon City', state: '00', postcode: '1100', country: 'PH', phone: '+639171234567' };

const placed = async (email: string): Promise<number> => {
  sequence += 1;
  const session = `track${String(sequence).padStart(27, '0')}`;
  await ctx.db.insert(sessions).values({ id: session, expiresAt: new Date(Date.now() + 3_600_000).toISOString() });
  const [simple] = await ctx.db.select({ id: products.id }).from(products).where(eq(products.type, 'simple')).limit(1);
  await ctx.db.update(products).set({ stockQuantity: null, regularPrice: 30_000, salePrice: null }).where(eq(products.id, simple?.id ?? 0));
  await ctx.db.transaction((tx) => addToCart({ db: tx, run: ctx.run }, session, { id: simple?.id ?? 0, quantity: 2 }));
  const order = await placeOrder(
    ctx,
    session,
    { billing: { ...address, email }, shipping: address, customerNote: '', paymentMethod: 'cod', shippingRate: null, attemptKey: null },
    { shipping: DEFAULT_SHIPPING, now: Date.now() },
  );
  return order.id;
};

beforeAll(async () => {
  test = await openTestDatabase();
  ctx = { db: test.database.db, run: test.database.statements ?? parameterRunner };
}, 60_000);
afterAll(async () => test.dispose());

describe('order tracking', () => {
  it('shows the order for the right id and email (any case, with or without #); a wrong email and a missing order answer alike', async () => {
    const id = await placed('ana.reyes@example.ph');
    const found = await trackOrder(ctx, { orderId: `#${id}`, email: ' Ana.Reyes@Example.PH ', client: '203.0.113.1' });
    expect(found).toMatchObject({ ok: true, order: { id, status: 'processing', subtotal: 60_000, shipping: 10_000, total: 70_000, paymentMethodTitle: 'Cash on delivery', items: [{ quantity: 2, total: 60_000 }] } });
    const wrong = await trackOrder(ctx, { orderId: id, email: 'someone@example.ph', client: '203.0.113.2' });
    const missing = await trackOrder(ctx, { orderId: id + 100_000, email: 'ana.reyes@example.ph', client: '203.0.113.3' });
    const malformed = await trackOrder(ctx, { orderId: 'DROP TABLE', email: 'ana.reyes@example.ph', client: '203.0.113.4' });
    expect(wrong).toEqual({ ok: false, reason: 'not_found' });
    expect(missing).toEqual(wrong);
    expect(malformed).toEqual(wrong);
  });

  it(`limits one client to ${TRACKING_PER_CLIENT.max} attempts per window, right pair or not`, async () => {
    const id = await placed('limit.client@example.ph');
    for (let i = 0; i < TRACKING_PER_CLIENT.max; i += 1) {
      const result = await trackOrder(ctx, { orderId: id + 200_000 + i, email: 'x@example.ph', client: '198.51.100.7' });
      expect(result).toEqual({ ok: false, reason: 'not_found' });
    }
    expect(await trackOrder(ctx, { orderId: id, email: 'limit.client@example.ph', client: '198.51.100.7' })).toEqual({ ok: false, reason: 'rate_limited' });
    // Another client is not affected.
    expect((await trackOrder(ctx, { orderId: id, email: 'limit.client@example.ph', client: '198.51.100.8' })).ok).toBe(true);
  });

  it(`locks one order id after ${TRACKING_PER_ORDER.max} wrong emails from any clients; matches do not count; other orders are not affected`, async () => {
    const id = await placed('limit.order@example.ph');
    const other = await placed('other.order@example.ph');
    // Matches give their count back.
    for (let i = 0; i < TRACKING_PER_ORDER.max + 2; i += 1) {
      expect((await trackOrder(ctx, { orderId: id, email: 'limit.order@example.ph', client: `192.0.2.${100 + i}` })).ok).toBe(true);
    }
    for (let i = 0; i < TRACKING_PER_ORDER.max; i += 1) {
      expect(await trackOrder(ctx, { orderId: id, email: `guess${i}@example.ph`, client: `192.0.2.${i + 1}` })).toEqual({ ok: false, reason: 'not_found' });
    }
    expect(await trackOrder(ctx, { orderId: id, email: 'limit.order@example.ph', client: '192.0.2.200' })).toEqual({ ok: false, reason: 'rate_limited' });
    expect((await trackOrder(ctx, { orderId: other, email: 'other.order@example.ph', client: '192.0.2.201' })).ok).toBe(true);
  });
});
