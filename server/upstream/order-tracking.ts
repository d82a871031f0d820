/**
 * `/order-tracking/` in upstream mode: the stock shop answers its own tracking form
 * (`[woocommerce_order_tracking]`), so the page's nonce comes from the stock page and the post is
 * passed on with the shopper's cookies. The stock answer's HTML is read for what the page shows
 * (the facts are in the peer-3 recordings: the form's nonce, `<p class="order-info">` with the
 * order's number, date and status, the `woocommerce-order-details` table, and the
 * `woocommerce-error` notice); our page draws it. A post with fields we already know are bad is
 * refused here (400), as in embedded mode, without a trip upstream.
 */
import type { Context } from 'hono';
import { blankTracking, type TrackedOrder } from '../../src/app/order-tracking.js';
import { htmlToText } from '../../src/adapters/text.js';
import { mediaType, requestOrigin } from '../lib/request.js';
import { setPageInput } from '../pages.js';
import { readTrackingForm, type TrackingAnswer } from '../routes/order-tracking.js';
import type { Forwarder } from './forward.js';
import { accountSummaryFromCookies } from './my-account.js';

const NONCE = /name="woocommerce-order-tracking-nonce"\s+value="([0-9a-f]{6,20})"/;
const ORDER_INFO = /<p\b(?=[^>]*\sclass="order-info")[^>]*>([\s\S]*?)<\/p>/g;
const ERROR = /<ul\b(?=[^>]*\sclass="woocommerce-error(?:\s[^"]*)?")[^>]*>([\s\S]*?)<\/ul>/g;
const DETAILS = /<section\b(?=[^>]*\sclass="woocommerce-order-details")[^>]*>([\s\S]*?)<\/section>/g;
const ROWS = /<tr\b[^>]*>([\s\S]*?)<\/tr>/g;
const CELLS = /<t([hd])\b[^>]*>([\s\S]*?)<\/t\1>/g;

/** The inside of the first element `pattern` finds that holds `inner` (a quoted bit of markup is not one). */
const part = (html: string, pattern: RegExp, inner: string): string | undefined => [...html.matchAll(pattern)].map((m) => m[1] ?? '').find((body) => body.includes(inner));

/** Text of an HTML fragment on one line. */
const text = (html: string): string => htmlToText(html).replace(/\s+/g, ' ').trim();
const mark = (html: string, name: string): string => text(new RegExp(`<mark class="${name}">([\\s\\S]*?)</mark>`).exec(html)?.[1] ?? '');

/** The order the stock tracking answer shows, or null when it shows none. */
export function stockTrackedOrder(html: string): TrackedOrder | null {
  const info = part(html, ORDER_INFO, 'class="order-number"');
  if (info === undefined) return null;
  const number = Number(mark(info, 'order-number'));
  if (!Number.isSafeInteger(number) || number < 1) return null;
  const details = part(html, DETAILS, '<table') ?? '';
  const body = /<tbody>([\s\S]*?)<\/tbody>/.exec(details)?.[1] ?? '';
  const foot = /<tfoot>([\s\S]*?)<\/tfoot>/.exec(details)?.[1] ?? '';
  const lines: Array<TrackedOrder['lines'][number]> = [];
  for (const [, row = ''] of body.matchAll(ROWS)) {
    const cells = [...row.matchAll(CELLS)].map((m) => m[2] ?? '');
    const product = cells[0] ?? '';
    const quantity = Number(/(\d+)\s*$/.exec(text(/<strong class="product-quantity">([\s\S]*?)<\/strong>/.exec(product)?.[1] ?? ''))?.[1] ?? '1');
    const meta = /<ul class="wc-item-meta">([\s\S]*?)<\/ul>/.exec(product)?.[1] ?? '';
    const name = text(product.replace(/<strong class="product-quantity">[\s\S]*?<\/strong>/, '').replace(/<ul class="wc-item-meta">[\s\S]*?<\/ul>/, ''));
    if (name !== '') lines.push({ name, variation: text(meta.replace(/<\/li>/g, ', </li>')).replace(/,\s*$/, ''), quantity, total: text(cells[1] ?? '') });
  }
  const totals: Array<readonly [string, string]> = [];
  let note = '';
  for (const [, row = ''] of foot.matchAll(ROWS)) {
    const cells = [...row.matchAll(CELLS)].map((m) => text(m[2] ?? ''));
    const label = (cells[0] ?? '').replace(/:$/, '');
    const value = cells[1] ?? '';
    if (label === 'Note') note = value;
    else if (label !== '') totals.push([label, value]);
  }
  return { number, status: mark(info, 'order-status'), date: mark(info, 'order-date'), lines, totals, note };
}

/** What the stock answer to a post means for our page. */
export function readStockTrackingAnswer(html: string, posted: { readonly orderId: string; readonly email: string; readonly nonce: string }): TrackingAnswer {
  const nonce = NONCE.exec(html)?.[1] ?? posted.nonce;
  const kept = { nonce, orderId: posted.orderId, email: posted.email, order: null };
  const order = stockTrackedOrder(html);
  if (order) return { status: 200, tracking: { ...kept, outcome: 'found', order } };
  const error = part(html, ERROR, '<li');
  if (error === undefined) return { status: 200, tracking: blankTracking(nonce) };
  const message = text(error);
  if (/order ID/i.test(message)) return { status: 400, tracking: { ...kept, outcome: 'invalid-id' } };
  if (/valid email/i.test(message)) return { status: 400, tracking: { ...kept, outcome: 'invalid-email' } };
  return { status: 200, tracking: { ...kept, outcome: 'not-found' } };
}

/** The handler for GET and POST `/order-tracking/` in upstream mode; `render` draws the page. */
export function upstreamOrderTracking(forward: Forwarder, render: (c: Context) => Promise<Response>): (c: Context) => Promise<Response> {
  return async (c: Context) => {
    const origin = requestOrigin(c);
    const cookie = c.req.header('cookie');
    const headers: Record<string, string> = { accept: 'text/html', ...(cookie ? { cookie } : {}) };
    const target = new URL('/order-tracking/', origin);
    let upstream: Response | null = null;
    let answer: TrackingAnswer;
    if (c.req.method === 'POST') {
      const form = mediaType(c) === 'application/x-www-form-urlencoded' ? new URLSearchParams(await c.req.text()) : new URLSearchParams();
      const nonce = form.get('woocommerce-order-tracking-nonce') ?? '';
      const { orderId, email, refused } = readTrackingForm(form, nonce);
      if (refused) answer = refused;
      else {
        const fields = new URLSearchParams({ orderid: orderId, order_email: email, 'woocommerce-order-tracking-nonce': nonce, _wp_http_referer: '/order-tracking/', track: 'Track' });
        upstream = await forward(new Request(target, { method: 'POST', headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' }, body: fields.toString() }), origin);
        answer = upstream.ok
          ? readStockTrackingAnswer(await upstream.text(), { orderId, email, nonce })
          : { status: upstream.status >= 500 ? upstream.status : 502, tracking: { nonce, orderId, email, outcome: 'unavailable', order: null } };
      }
    } else {
      upstream = await forward(new Request(target, { headers }), origin);
      const html = upstream.ok ? await upstream.text() : '';
      answer = upstream.ok ? { status: 200, tracking: blankTracking(NONCE.exec(html)?.[1] ?? '') } : { status: upstream.status >= 500 ? upstream.status : 502, tracking: { ...blankTracking(''), outcome: 'unavailable' } };
    }
    setPageInput(c, { orderTracking: answer, accountSummary: accountSummaryFromCookies(cookie) });
    const response = await render(c);
    // The stock shop's session cookies (its nonce is bound to them), already rewritten for our host.
    for (const line of upstream?.headers.getSetCookie() ?? []) response.headers.append('set-cookie', line);
    return response;
  };
}
