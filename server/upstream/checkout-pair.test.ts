/**
 * Checkout through the pair: an embedded Suki plays the upstream shop, an upstream-mode Suki stands
 * in front of it, and a shopper buys through the front alone (as the e2e pair does).
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, products } from '../db/schema.js';
import { listen } from '../listen.js';
import { Shopper, startShop, STORE, type TestShop } from '../test/harness.js';
import { createUpstreamApp } from './app.js';

let upstream: TestShop;
let front: { url: string; close(): Promise<void> };
beforeAll(async () => {
  upstream = await startShop();
  front = await listen(createUpstreamApp({ upstream: new URL(upstream.url) }), { port: 0 });
}, 60_000);
afterAll(async () => {
  await front?.close();
  await upstream?.close();
});

const address = { first_name: 'Rosa', last_name: 'Lim', company: '', address_1: '3 Session Rd.', address_2: '', city: 'Baguio', state: 'BEN', postcode: '2600', country: 'PH', phone: '0917 555 1234' };

describe('checkout through upstream mode, against our own shop', () => {
  it('customer, coupon, checkout and the order read back all go through the front', async () => {
    const db = upstream.db.database.db;
    const [simple] = await db.select({ id: products.id }).from(products).where(eq(products.type, 'simple')).limit(1);
    await db.update(products).set({ stockQuantity: 5, regularPrice: 80_000, salePrice: null }).where(eq(products.id, simple?.id ?? 0));

    const shopper = new Shopper(front.url);
    await shopper.ensureNonce();
    expect((await shopper.postJson(`${STORE}/cart/add-item`, { id: simple?.id, quantity: 2 })).status).toBe(201);
    const quoted = await shopper.postJson<{ totals: { total_shipping: string; total_price: string } }>(`${STORE}/cart/update-customer`, { billing_address: { ...address, email: 'rosa@example.ph' } });
    // Benguet is Luzon: ₱150.
    expect(quoted.body.totals).toMatchObject({ total_shipping: '15000', total_price: '175000' });
    const coupon = await shopper.postJson<{ totals: { total_discount: string } }>(`${STORE}/cart/apply-coupon`, { code: 'SALAMAT10' });
    expect(coupon.body.totals.total_discount).toBe('16000');

    const placed = await shopper.postJson<{ order_id: number; order_key: string; status: string; payment_result: { redirect_url: string } }>(
      `${STORE}/checkout`,
      { billing_address: { ...address, email: 'rosa@example.ph' }, payment_method: 'cod' },
      { 'idempotency-key': 'pair-attempt-1' },
    );
    expect(placed.status).toBe(200);
    expect(placed.body.status).toBe('processing');
    expect(placed.body.payment_result.redirect_url).toBe(`${front.url}/checkout/order-received/${placed.body.order_id}/?key=${placed.body.order_key}`);
    const again = await shopper.postJson<{ order_id: number }>(`${STORE}/checkout`, { billing_address: { ...address, email: 'rosa@example.ph' }, payment_method: 'cod' }, { 'idempotency-key': 'pair-attempt-1' });
    expect(again.body.order_id).toBe(placed.body.order_id);

    const [order] = await db.select().from(orders).where(eq(orders.id, placed.body.order_id));
    expect(order).toMatchObject({ subtotal: 160_000, discountTotal: 16_000, shippingTotal: 15_000, total: 159_000 });
    const read = await shopper.getJson<{ id: number; items: Array<{ permalink: string }> }>(`${STORE}/order/${placed.body.order_id}?key=${placed.body.order_key}`);
    expect(read.status).toBe(200);
    expect(read.body.items[0]?.permalink.startsWith(front.url)).toBe(true);
    expect((await shopper.getJson<{ items: unknown[] }>(`${STORE}/cart`)).body.items).toEqual([]);
  });
});
