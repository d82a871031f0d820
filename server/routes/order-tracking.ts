/**
 * `/order-tracking/` (WooCommerce's `[woocommerce_order_tracking]`): the page, and its form posted to
 * the page itself, so it works without scripts. The fields are the stock ones (`orderid`,
 * `order_email`, the nonce `woocommerce-order-tracking-nonce`, `_wp_http_referer`, `track`):
 *
 * - a post whose nonce does not verify shows the blank form again, silently, as the stock shop does;
 * - an empty or malformed order id or email is a 400 with WooCommerce's notice naming it;
 * - attempts are limited per client and per order id, in the database (`services/rate-limit.ts`),
 *   whether or not the order exists, so the limit tells nothing either; past one, a 429;
 * - a missing order and a wrong billing email are one answer (200, "Sorry, the order could not be
 *   found…"), after the same work: one query by id and email together, which finds nothing in both
 *   cases; only a match reads the lines.
 *
 * The answer goes to the page renderer (`setPageInput`), which draws the page like any other.
 */
import { and, asc, eq } from 'drizzle-orm';
import type { Context } from 'hono';
import { blankTracking, type OrderTracking, type TrackedOrder } from '../../src/app/order-tracking.js';
import { PHP } from '../../src/core/domain/money.js';
import { isEmail } from '../../src/core/rules/forms.js';
import { formatMoney } from '../../src/core/rules/money.js';
import type { ShopDatabase } from '../db/query.js';
import { orderItems, orders } from '../db/schema.js';
import { clientAddress } from '../lib/address.js';
import { createNonce, verifyNonce } from '../lib/crypto.js';
import { mediaType } from '../lib/request.js';
import { PAYMENT_TITLES } from '../mail/order-emails.js';
import { setPageInput } from '../pages.js';
import type { FullOrder } from '../services/order-read.js';
import { dbRateLimit, type RateLimitOptions } from '../services/rate-limit.js';
import { getOrCreateSession } from '../session.js';
import type { ShopDeps } from './shared.js';

/** The stock nonce action of the tracking form. */
export const ORDER_TRACKING_ACTION = 'woocommerce-order_tracking';

/** Attempts allowed, per client and per order id. */
export interface OrderTrackingLimits {
  readonly client: Omit<RateLimitOptions, 'name'>;
  readonly order: Omit<RateLimitOptions, 'name'>;
}

/** 10 attempts per client in 10 minutes; 10 per order id in an hour. */
export const DEFAULT_TRACKING_LIMITS: OrderTrackingLimits = { client: { max: 10, windowMs: 10 * 60_000 }, order: { max: 10, windowMs: 60 * 60_000 } };

const STATUS_LABELS: Readonly<Record<string, string>> = {
  pending: 'Pending payment',
  processing: 'Processing',
  'on-hold': 'On hold',
  completed: 'Completed',
  cancelled: 'Cancelled',
  refunded: 'Refunded',
  failed: 'Failed',
};

const money = (minor: number): string => formatMoney(minor, PHP);
const shopDate = (iso: string): string => new Intl.DateTimeFormat('en-PH', { dateStyle: 'long', timeZone: 'Asia/Manila' }).format(new Date(iso));

const variationText = (json: string): string => {
  try {
    const pairs = JSON.parse(json) as unknown;
    if (!Array.isArray(pairs)) return '';
    return pairs
      .filter((p): p is { attribute: string; value: string } => typeof p === 'object' && p !== null && typeof p.attribute === 'string' && typeof p.value === 'string')
      .map((p) => `${p.attribute}: ${p.value}`)
      .join(', ');
  } catch {
    return '';
  }
};

/** What the tracking page shows of an order, as display strings. */
export function trackedOrderView(full: FullOrder): TrackedOrder {
  const { order, items } = full;
  const method = order.paymentMethod === 'bacs' ? 'bacs' : 'cod';
  return {
    number: order.id,
    status: STATUS_LABELS[order.status] ?? order.status,
    date: shopDate(order.createdAt),
    lines: items.map((i) => ({ name: i.name, variation: variationText(i.variation), quantity: i.quantity, total: money(i.lineTotal) })),
    totals: [
      ['Subtotal', money(order.subtotal)],
      ...(order.discountTotal > 0 ? [['Discount', `−${money(order.discountTotal)}`] as const] : []),
      ['Shipping', order.shippingTotal > 0 ? `${money(order.shippingTotal)} via ${order.shippingTitle}` : order.shippingTitle],
      ['Payment method', PAYMENT_TITLES[method]],
      ['Total', `${money(order.total)} (includes ${money(order.totalTax)} VAT)`],
    ],
    note: order.customerNote,
  };
}

/**
 * The order whose id and billing email both match, else null. Missing order and wrong email run the
 * same single query and find nothing alike.
 */
export async function findTrackedOrder(db: ShopDatabase, id: number, email: string): Promise<FullOrder | null> {
  if (!Number.isSafeInteger(id) || id < 1 || id > 2_147_483_647) return null;
  const [order] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.id, id), eq(orders.billingEmail, email.trim().toLowerCase())));
  if (!order) return null;
  const items = await db.select().from(orderItems).where(eq(orderItems.orderId, id)).orderBy(asc(orderItems.id));
  return { order, items };
}

/** The page's answer: its status and what the form shows. */
interface TrackingAnswer {
  readonly status: number;
  readonly tracking: OrderTracking;
}

/** The handler for GET and POST `/order-tracking/`; `render` draws the page. */
export function orderTrackingPage(deps: ShopDeps, render: (c: Context) => Promise<Response>, limits: OrderTrackingLimits = DEFAULT_TRACKING_LIMITS): (c: Context) => Promise<Response> {
  const byClient = dbRateLimit(deps.db, { name: 'order-tracking-client', ...limits.client });
  const byOrder = dbRateLimit(deps.db, { name: 'order-tracking-order', ...limits.order });

  const answerPost = async (c: Context, sessionId: string, nonce: string): Promise<TrackingAnswer> => {
    const form = mediaType(c) === 'application/x-www-form-urlencoded' ? new URLSearchParams(await c.req.text()) : new URLSearchParams();
    if (!verifyNonce(await deps.keys(), sessionId, form.get('woocommerce-order-tracking-nonce') ?? '', ORDER_TRACKING_ACTION)) {
      return { status: 200, tracking: blankTracking(nonce) };
    }
    const orderId = (form.get('orderid') ?? '').trim().replace(/^#+/, '');
    const email = (form.get('order_email') ?? '').trim();
    const kept = { nonce, orderId: orderId.slice(0, 20), email: email.slice(0, 254), order: null };
    if (!/^\d{1,10}$/.test(orderId) || Number(orderId) < 1) return { status: 400, tracking: { ...kept, outcome: 'invalid-id' } };
    if (email.length > 254 || !isEmail(email) || email === '') return { status: 400, tracking: { ...kept, outcome: 'invalid-email' } };
    const id = Number(orderId);
    if (!(await byClient.take(clientAddress(c))) || !(await byOrder.take(String(id)))) {
      return { status: 429, tracking: { ...kept, outcome: 'limited' } };
    }
    const found = await findTrackedOrder(deps.db, id, email);
    return found ? { status: 200, tracking: { ...kept, outcome: 'found', order: trackedOrderView(found) } } : { status: 200, tracking: { ...kept, outcome: 'not-found' } };
  };

  return async (c: Context) => {
    const session = await getOrCreateSession(c);
    const nonce = createNonce(await deps.keys(), session.id, ORDER_TRACKING_ACTION);
    const answer = c.req.method === 'POST' ? await answerPost(c, session.id, nonce) : { status: 200, tracking: blankTracking(nonce) };
    setPageInput(c, { orderTracking: answer });
    const response = await render(c);
    if (answer.status === 429) response.headers.set('Retry-After', String(Math.ceil(Math.max(limits.client.windowMs, limits.order.windowMs) / 1000)));
    return response;
  };
}
