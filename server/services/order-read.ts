/**
 * Reading a placed order back: by id and key (the order-received page and the Store API's order
 * route, with the stock shop's 10-minute grace period after which the billing email is asked for),
 * and by id and billing email (order tracking, where a wrong pair and a missing order look the same).
 */
import { and, asc, eq } from 'drizzle-orm';
import type { ShopDatabase } from '../db/query.js';
import { safeEqual } from '../lib/crypto.js';
import { orderItems, orders } from '../db/schema.js';

/** How long after placing an order its key alone shows it (WooCommerce: 10 minutes). */
export const ORDER_GRACE_MS = 10 * 60_000;

export type OrderRow = typeof orders.$inferSelect;
export type OrderItemRow = typeof orderItems.$inferSelect;

/** An order with its lines. */
export interface FullOrder {
  readonly order: OrderRow;
  readonly items: readonly OrderItemRow[];
}

/** Why an order was not shown, with the stock codes. */
export type OrderAccess =
  | { readonly ok: true; readonly value: FullOrder }
  | { readonly ok: false; readonly reason: 'invalid_order' | 'needs_email' | 'invalid_email' };


/** An order and its lines by id; null when there is none (or the id is out of range). */
export const loadOrder = async (db: ShopDatabase, id: number): Promise<FullOrder | null> => {
  if (!Number.isSafeInteger(id) || id < 1 || id > 2_147_483_647) return null;
  const [order] = await db.select().from(orders).where(eq(orders.id, id));
  if (!order) return null;
  const items = await db.select().from(orderItems).where(eq(orderItems.orderId, id)).orderBy(asc(orderItems.id));
  return { order, items };
};

/**
 * The order for the order-received page and `GET /order/{id}?key=…&billing_email=…`: the key must
 * match; within the grace period (or from the session that placed it) that is enough; later the
 * billing email must match too.
 */
export async function orderByKey(db: ShopDatabase, id: number, key: string, email: string | null, sessionId: string | null, now = Date.now()): Promise<OrderAccess> {
  const found = await loadOrder(db, id);
  if (!found || !safeEqual(found.order.orderKey, key)) return { ok: false, reason: 'invalid_order' };
  const fresh = now - Date.parse(found.order.createdAt) < ORDER_GRACE_MS;
  const own = sessionId !== null && safeEqual(found.order.sessionId, sessionId);
  if (fresh || own) return { ok: true, value: found };
  if (email === null || email.trim() === '') return { ok: false, reason: 'needs_email' };
  return safeEqual(found.order.billingEmail, email.trim().toLowerCase()) ? { ok: true, value: found } : { ok: false, reason: 'invalid_email' };
}

/**
 * Order tracking: the order when id and billing email both match, otherwise null — the same
 * answer, after the same work, whether the order is missing or the email is wrong: one query by id
 * and email together finds nothing in both cases; only a match reads the lines.
 */
export async function trackOrder(db: ShopDatabase, id: number, email: string): Promise<FullOrder | null> {
  if (!Number.isSafeInteger(id) || id < 1 || id > 2_147_483_647) return null;
  const [order] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.id, id), eq(orders.billingEmail, email.trim().toLowerCase())));
  if (!order) return null;
  const items = await db.select().from(orderItems).where(eq(orderItems.orderId, id)).orderBy(asc(orderItems.id));
  return { order, items };
}
