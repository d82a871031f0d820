/**
 * `/order-tracking/` (WooCommerce's `[woocommerce_order_tracking]`): the page, and its form posted to
 * the page itself, so it works without scripts. The fields are the stock ones (`orderid`,
 * `order_email`, the nonce `woocommerce-order-tracking-nonce`, `_wp_http_referer`, `track`):
 *
 * - a post whose nonce does not verify shows the blank form again, silently, as the stock shop does;
 * - an empty or malformed order id or email is a 400 with WooCommerce's notice naming it;
 * - a well-formed pair goes to the tracking service (`services/order-tracking.ts`): limits per
 *   client and per order id in the database (past one, a 429), and one answer after the same work
 *   for a missing order and a wrong billing email (200, "Sorry, the order could not be found…").
 *
 * The answer goes to the page renderer (`setPageInput`), which draws the page like any other.
 */
import type { Context } from 'hono';
import { blankTracking, type OrderTracking, type TrackedOrder } from '../../src/app/order-tracking.js';
import { PHP } from '../../src/core/domain/money.js';
import { isEmail } from '../../src/core/rules/forms.js';
import { formatMoney } from '../../src/core/rules/money.js';
import { BASE_LOCALE, textsIn, type Locale } from '../../src/i18n/index.js';
import { orderStatusTexts } from '../../src/ui/messages/account.js';
import { trackedOrderTexts } from '../../src/app/order-texts.js';
import { paymentTexts, shippingTexts } from '../../src/ui/messages/checkout.js';
import { clientAddress } from '../lib/address.js';
import { requestLocale } from '../lib/language.js';
import { createNonce, verifyNonce } from '../lib/crypto.js';
import { mediaType } from '../lib/request.js';
import { setPageInput } from '../pages.js';
import { TRACKING_PER_CLIENT, TRACKING_PER_ORDER, trackOrder, type TrackedOrder as FoundOrder } from '../services/order-tracking.js';
import { getOrCreateSession } from '../session.js';
import type { ShopDeps } from './shared.js';

/** The stock nonce action of the tracking form. */
export const ORDER_TRACKING_ACTION = 'woocommerce-order_tracking';

/** An order status's label in `locale` (an unknown status shows as the shop gives it). */
export const statusLabel = (status: string, locale: Locale): string => {
  const labels: Readonly<Record<string, string>> = textsIn(orderStatusTexts, locale);
  return Object.hasOwn(labels, status) ? labels[status]! : status;
};

/** A stock title (`Flat rate`, `Cash on delivery`) in `locale`; a title the merchant chose stays as given. */
const stockTitle = (title: string, locale: Locale): string => {
  const pairs: ReadonlyArray<readonly [english: Readonly<Record<string, string>>, shown: Readonly<Record<string, string>>]> = [
    [shippingTexts.base, textsIn(shippingTexts, locale)],
    [paymentTexts.base, textsIn(paymentTexts, locale)],
  ];
  for (const [english, shown] of pairs) {
    const key = Object.keys(english).find((k) => english[k] === title);
    if (key !== undefined) return shown[key] ?? title;
  }
  return title;
};

const money = (minor: number): string => formatMoney(minor, PHP);
const shopDate = (iso: string, locale: Locale): string => new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'Asia/Manila' }).format(new Date(iso));

/** What the tracking page shows of a found order, as display strings in `locale` (money stays en-PH). */
export function trackedOrderView(order: FoundOrder, note: string, locale: Locale = BASE_LOCALE): TrackedOrder {
  const t = textsIn(trackedOrderTexts, locale);
  const shipping = stockTitle(order.shippingTitle, locale);
  return {
    number: order.id,
    status: statusLabel(order.status, locale),
    date: shopDate(order.createdAt, locale),
    lines: order.items.map((i) => ({ name: i.name, variation: i.variation, quantity: i.quantity, total: money(i.total) })),
    totals: [
      [t.subtotal, money(order.subtotal)],
      ...(order.discount > 0 ? [[t.discount, `−${money(order.discount)}`] as const] : []),
      [t.shipping, order.shipping > 0 ? t.via({ amount: money(order.shipping), method: shipping }) : shipping],
      [t.paymentMethod, stockTitle(order.paymentMethodTitle, locale)],
      [t.total, t.withVat({ total: money(order.total), vat: money(order.vat) })],
    ],
    note,
  };
}

/** The page's answer: its status and what the form shows. */
export interface TrackingAnswer {
  readonly status: number;
  readonly tracking: OrderTracking;
}

/** The posted form's fields, read and checked; `refused` is the 400 answer when one is bad. */
export function readTrackingForm(form: URLSearchParams, nonce: string): { readonly orderId: string; readonly email: string; readonly refused: TrackingAnswer | null } {
  const orderId = (form.get('orderid') ?? '').trim().replace(/^#+/, '');
  const email = (form.get('order_email') ?? '').trim();
  const kept = { nonce, orderId: orderId.slice(0, 20), email: email.slice(0, 254), order: null };
  if (!/^\d{1,10}$/.test(orderId) || Number(orderId) < 1) return { orderId, email, refused: { status: 400, tracking: { ...kept, outcome: 'invalid-id' } } };
  if (email === '' || email.length > 200 || !isEmail(email)) return { orderId, email, refused: { status: 400, tracking: { ...kept, outcome: 'invalid-email' } } };
  return { orderId, email, refused: null };
}

/** Seconds a limited shopper is asked to wait. */
const RETRY_AFTER = String(Math.ceil(Math.max(TRACKING_PER_CLIENT.windowMs, TRACKING_PER_ORDER.windowMs) / 1000));

/** The handler for GET and POST `/order-tracking/`; `render` draws the page. */
export function orderTrackingPage(deps: ShopDeps, render: (c: Context) => Promise<Response>): (c: Context) => Promise<Response> {
  const answerPost = async (c: Context, sessionId: string, nonce: string): Promise<TrackingAnswer> => {
    const form = mediaType(c) === 'application/x-www-form-urlencoded' ? new URLSearchParams(await c.req.text()) : new URLSearchParams();
    if (!verifyNonce(await deps.keys(), sessionId, form.get('woocommerce-order-tracking-nonce') ?? '', ORDER_TRACKING_ACTION)) {
      return { status: 200, tracking: blankTracking(nonce) };
    }
    const { orderId, email, refused } = readTrackingForm(form, nonce);
    if (refused) return refused;
    const kept = { nonce, orderId, email, order: null };
    const result = await trackOrder({ db: deps.db }, { orderId, email, client: clientAddress(c) });
    if (result.ok) return { status: 200, tracking: { ...kept, outcome: 'found', order: trackedOrderView(result.order, result.order.note, requestLocale(c)) } };
    return result.reason === 'rate_limited' ? { status: 429, tracking: { ...kept, outcome: 'limited' } } : { status: 200, tracking: { ...kept, outcome: 'not-found' } };
  };

  return async (c: Context) => {
    const session = await getOrCreateSession(c);
    const nonce = createNonce(await deps.keys(), session.id, ORDER_TRACKING_ACTION);
    const answer = c.req.method === 'POST' ? await answerPost(c, session.id, nonce) : { status: 200, tracking: blankTracking(nonce) };
    setPageInput(c, { orderTracking: answer });
    const response = await render(c);
    if (answer.status === 429) response.headers.set('Retry-After', RETRY_AFTER);
    return response;
  };
}
