/**
 * Order tracking (the `/order-tracking/` page's form: order id and billing email). A wrong pair
 * and a missing order give the same answer after the same work: `trackOrder` in `order-read.ts`
 * asks for the order by id and email together, one query that finds nothing in both cases. Attempts are limited in the database (`suki_rate_limits`, shared by every instance):
 * per client, and per order id for the attempts that did not match, so neither one client trying
 * many ids nor many clients trying one order's emails gets far.
 */
import { PAYMENT_TITLES } from '../mail/order-emails.js';
import type { ShopDatabase } from '../db/query.js';
import { trackOrder as findTrackedOrder } from './order-read.js';
import { dbRateLimit, type RateLimit } from './rate-limit.js';

/** Attempts one client may make per window. */
export const TRACKING_PER_CLIENT = { max: 10, windowMs: 10 * 60_000 } as const;
/** Attempts that did not match one order id, per window, from anyone. */
export const TRACKING_PER_ORDER = { max: 10, windowMs: 60 * 60_000 } as const;

/** What the tracking page shows of an order. Money in centavos, VAT included. */
export interface TrackedOrder {
  readonly id: number;
  /** `processing`, `on-hold`, `completed`, ... */
  readonly status: string;
  /** ISO instant the order was placed. */
  readonly createdAt: string;
  readonly items: ReadonlyArray<{ readonly name: string; readonly variation: string; readonly quantity: number; readonly total: number }>;
  readonly subtotal: number;
  readonly discount: number;
  readonly shipping: number;
  readonly shippingTitle: string;
  readonly total: number;
  readonly vat: number;
  readonly paymentMethodTitle: string;
  /** The shopper's note to the shop ('' for none), which the stock tracking page shows. */
  readonly note: string;
}

/** The answer: the order, or one "not found" for a missing order and a wrong email alike, or "too many attempts". */
export type TrackingResult =
  | { readonly ok: true; readonly order: TrackedOrder }
  | { readonly ok: false; readonly reason: 'not_found' }
  | { readonly ok: false; readonly reason: 'rate_limited' };

/** What {@link trackOrder} needs: the database (limits are counted there too). */
export interface TrackingDeps {
  readonly db: ShopDatabase;
}

/** What the shopper typed and who they are. */
export interface TrackingRequest {
  /** As typed: `1001` or `#1001`. */
  readonly orderId: string | number;
  readonly email: string;
  /** The client's address (`clientAddress(c)`), the per-client limit's key. */
  readonly client: string;
}

interface Limits {
  readonly perClient: RateLimit;
  readonly perOrder: RateLimit;
}
const limitsByDb = new WeakMap<ShopDatabase, Limits>();
const limitsFor = (db: ShopDatabase): Limits => {
  let limits = limitsByDb.get(db);
  if (!limits) {
    limits = { perClient: dbRateLimit(db, { name: 'track-client', ...TRACKING_PER_CLIENT }), perOrder: dbRateLimit(db, { name: 'track-order', ...TRACKING_PER_ORDER }) };
    limitsByDb.set(db, limits);
  }
  return limits;
};

/** The order id as typed (`#1001`, ` 1001 `), or NaN. */
const parseOrderId = (raw: string | number): number => {
  const text = String(raw).trim().replace(/^#/, '');
  return /^\d{1,10}$/.test(text) ? Number(text) : Number.NaN;
};

/**
 * Looks an order up by id and billing email for the tracking page. Each attempt counts against the
 * client; an attempt that does not match also counts against the order id (a match gives its
 * count back).
 */
export async function trackOrder(deps: TrackingDeps, request: TrackingRequest): Promise<TrackingResult> {
  const limits = limitsFor(deps.db);
  const id = parseOrderId(request.orderId);
  // The per-order key is the id as read (a malformed one shares one key), never the raw text.
  const orderKey = Number.isSafeInteger(id) ? String(id) : 'malformed';
  const [clientOk, orderOk] = await Promise.all([limits.perClient.take(request.client || 'unknown'), limits.perOrder.take(orderKey)]);
  if (!clientOk || !orderOk) return { ok: false, reason: 'rate_limited' };
  const email = request.email.length > 200 ? '' : request.email;
  const found = await findTrackedOrder(deps.db, id, email);
  if (!found) return { ok: false, reason: 'not_found' };
  await limits.perOrder.release(orderKey);
  const { order, items } = found;
  return {
    ok: true,
    order: {
      id: order.id,
      status: order.status,
      createdAt: new Date(order.createdAt).toISOString(),
      items: items.map((i) => ({
        name: i.name,
        variation: (JSON.parse(i.variation) as Array<{ attribute: string; value: string }>).map((v) => `${v.attribute}: ${v.value}`).join(', '),
        quantity: i.quantity,
        total: i.lineTotal,
      })),
      subtotal: order.subtotal,
      discount: order.discountTotal,
      shipping: order.shippingTotal,
      shippingTitle: order.shippingTitle,
      total: order.total,
      vat: order.totalTax,
      paymentMethodTitle: PAYMENT_TITLES[order.paymentMethod === 'bacs' ? 'bacs' : 'cod'],
      note: order.customerNote,
    },
  };
}
