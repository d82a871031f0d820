/** Pieces every route module uses: dependencies, answers, cart cookies, body reading. */
import type { Context } from 'hono';
import { getCookie } from 'hono/cookie';
import type { CheckoutConfig } from '../../src/app/shop-config.js';
import type { Locale } from '../../src/i18n/index.js';
import type { ShopDatabase } from '../db/query.js';
import type { HotDatabase } from '../db/batch.js';
import type { StatementRunner } from '../db/statements.js';
import type { RenderCache } from '../services/render-cache.js';
import { sha256, verifyNonce, type Keys } from '../lib/crypto.js';
import { ApiError } from '../lib/errors.js';
import { isHttps, mediaType, requestOrigin } from '../lib/request.js';
import { parseFields, pickFields } from '../lib/rest-fields.js';
import { cartHash, loadCart, type CartLine } from '../services/cart.js';
import { readSessionCart } from '../services/cart-hot.js';
import { loadQuote, quoteWithExtras, type CartQuote } from '../services/cart-quote.js';
import { idempotencyKeyOf, type Answer, type WriteScope } from '../services/idempotency.js';
import { accountCartId, checkSession, renewGuestSession, sessionAccount } from '../services/session-store.js';
import { getOrCreateSession, readSessionId, renewSessionCookie, type ShopperSession } from '../session.js';
import type { ShopUrls } from '../views/store-product.js';

/** Where log lines go. */
export interface ShopLogger {
  info(message: string, ...details: unknown[]): void;
  warn(message: string, ...details: unknown[]): void;
  error(message: string, ...details: unknown[]): void;
}

/** What the routes need from the app. */
export interface ShopDeps {
  readonly db: ShopDatabase;
  /** How the hot cart statements run on this database. */
  readonly run: StatementRunner;
  /** Several hot statements per round trip: the cart's fast paths (`services/cart-hot.ts`); absent: the general path only. */
  readonly hot?: HotDatabase | undefined;
  /** The signing keys (the secret is read once, then cached). */
  readonly keys: () => Promise<Keys>;
  readonly logger: ShopLogger;
  /** Keeps catalogue reads (and pages) for every shopper until the catalogue changes; absent: none. */
  readonly cache?: RenderCache | undefined;
  /** Shipping zones, bank details, where order notices go. */
  readonly checkout: CheckoutConfig;
  /** The shop's name (emails). */
  readonly shopName: string;
  /** The shop's language: mails to the shop are written in it (`server/lib/language.ts`). @default 'en-PH' */
  readonly shopLocale?: Locale;
  /** Starts sending queued mail; called after a transaction that queued some has committed. */
  readonly sendQueuedMail: () => void;
  /**
   * True when the shop has a way to send mail (a transport); false when mail can only wait in the
   * outbox, so a page must not say a mail was sent. @default false
   */
  readonly mailEnabled?: boolean;
}

/** Absolute URL base for links in answers. */
export function shopUrls(c: Context): ShopUrls {
  return { origin: requestOrigin(c) };
}

/** A JSON answer with WordPress's content type (`application/json; charset=UTF-8`). */
export function sendJson(c: Context, value: unknown, status = 200): Response {
  c.header('Content-Type', 'application/json; charset=UTF-8');
  return c.body(JSON.stringify(restFields(c, value, status)), status as 200);
}

/** A REST answer cut to the request's `_fields`, as WordPress does (not errors, not the AJAX endpoints). */
function restFields(c: Context, value: unknown, status: number): unknown {
  if (status >= 400) return value;
  const url = new URL(c.req.url);
  const fields = url.pathname.startsWith('/wp-json/') ? url.searchParams.get('_fields') : null;
  const tree = fields === null ? null : parseFields(fields);
  return tree === null ? value : pickFields(value, tree);
}

/** Sends a stored or fresh answer; `Idempotent-Replayed` tells a replay apart. */
export function sendAnswer(c: Context, answer: Answer, replayed: boolean): Response {
  for (const [name, value] of answer.headers) c.header(name, value, { append: name.toLowerCase() === 'set-cookie' });
  if (replayed) c.header('Idempotent-Replayed', 'true');
  return c.body(answer.body, answer.status as 200);
}

/**
 * WooCommerce's cart cookies, which page scripts read: `woocommerce_items_in_cart` and
 * `woocommerce_cart_hash`. Only changes are sent, as WooCommerce does; an empty cart clears them.
 */
export function cartCookies(c: Context, lines: readonly CartLine[]): Array<[string, string]> {
  return cartCookieLines(cartAnswerInputs(c), lines);
}

/**
 * What a cart answer is made of besides the cart: the shop's origin (links), whether it is served
 * over https (cookie flags), and the cart cookies the browser sent (only changes are sent back).
 * Plain JSON, so a fast-path add can store it and a replay can draw the same answer.
 */
export interface CartAnswerInputs {
  readonly [name: string]: string | boolean | null;
  readonly origin: string;
  readonly secure: boolean;
  readonly itemsCookie: string | null;
  readonly hashCookie: string | null;
}

/** The request's {@link CartAnswerInputs}. */
export function cartAnswerInputs(c: Context): CartAnswerInputs {
  return {
    origin: shopUrls(c).origin,
    secure: isHttps(c),
    itemsCookie: getCookie(c, 'woocommerce_items_in_cart') ?? null,
    hashCookie: getCookie(c, 'woocommerce_cart_hash') ?? null,
  };
}

/** {@link cartCookies} from stored inputs. */
export function cartCookieLines(inputs: CartAnswerInputs, lines: readonly CartLine[]): Array<[string, string]> {
  const attributes = `; path=/; SameSite=Lax${inputs.secure ? '; Secure' : ''}`;
  const expired = '; expires=Thu, 01 Jan 1970 00:00:00 GMT; Max-Age=0';
  const headers: Array<[string, string]> = [];
  const items = inputs.itemsCookie ?? undefined;
  const hash = inputs.hashCookie ?? undefined;
  if (lines.length > 0) {
    const fresh = cartHash(lines);
    if (items !== '1') headers.push(['Set-Cookie', `woocommerce_items_in_cart=1${attributes}`]);
    if (hash !== fresh) headers.push(['Set-Cookie', `woocommerce_cart_hash=${fresh}${attributes}`]);
  } else {
    if (items !== undefined) headers.push(['Set-Cookie', `woocommerce_items_in_cart=0${attributes}${expired}`]);
    if (hash !== undefined) headers.push(['Set-Cookie', `woocommerce_cart_hash=${attributes}${expired}`]);
  }
  return headers;
}

/** Reads the raw body once (its hash identifies the request for idempotency). */
export async function rawBody(c: Context): Promise<string> {
  return c.req.text();
}

/** The write's scope: session, idempotency key and request fingerprint. */
export function writeScope(c: Context, session: CartSession, route: string, body: string): WriteScope {
  return {
    sessionId: session.cartId,
    key: idempotencyKeyOf(c.req.header('idempotency-key')),
    fingerprint: sha256(`${c.req.method} ${route}\n${body}`),
  };
}

/** Parses a JSON body; an empty body is `{}`. Refuses other media types (415) and bad JSON (400). */
export function parseJsonBody(c: Context, raw: string): unknown {
  if (raw.trim() === '') return {};
  const type = mediaType(c);
  if (type !== 'application/json' && !type.endsWith('+json')) {
    throw new ApiError(415, 'rest_invalid_content_type', 'Send the request body as JSON, with Content-Type: application/json.');
  }
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    throw new ApiError(400, 'rest_invalid_json', 'Invalid JSON body passed.', { json_error_code: 4, json_error_message: 'Syntax error' });
  }
}

/** Parses a form body (`application/x-www-form-urlencoded`); an empty body has no fields. */
export function parseFormBody(c: Context, raw: string): URLSearchParams {
  if (raw.trim() === '') return new URLSearchParams();
  const type = mediaType(c);
  if (type !== 'application/x-www-form-urlencoded') {
    throw new ApiError(415, 'suki_invalid_content_type', 'Send the form as application/x-www-form-urlencoded.');
  }
  return new URLSearchParams(raw);
}

/**
 * The shopper's session as the cart routes use it: `id` is the browser's session (nonces are made
 * for it), `cartId` the cart it works on: the account's cart when the session is signed in
 * (`accountCartId`), else its own. `customerId` is the signed-in account, else null.
 */
export interface CartSession extends ShopperSession {
  readonly cartId: string;
  readonly customerId: number | null;
}

const cartSession = (session: ShopperSession, customerId: number | null): CartSession => ({
  ...session,
  cartId: customerId === null ? session.id : accountCartId(customerId),
  customerId,
});

/** The id whose cart the request's session uses (the account's when signed in), or null without a session; writes nothing. */
export async function cartOwnerId(c: Context, deps: ShopDeps): Promise<string | null> {
  const id = readSessionId(c);
  if (id === null) return null;
  const account = await sessionAccount(deps.db, id);
  return account ? accountCartId(account.customerId) : id;
}

/**
 * The session for a cart read: created when missing, expired carts dropped, the cookie sent again
 * when a guest's expiry moved forward, and the cart owner resolved.
 */
export async function readerSession(c: Context, deps: ShopDeps): Promise<CartSession> {
  const session = await getOrCreateSession(c);
  if (session.isNew) return cartSession(session, null);
  const check = await checkSession(deps.db, session.id);
  if (check.renewed) renewSessionCookie(c, session.id);
  return cartSession(session, check.customerId);
}

/** A cart as a read answers it: the session, the lines and (when asked) the quote. */
export interface CartRead {
  readonly session: CartSession;
  readonly lines: CartLine[];
  /** Absent for a new session (nothing to quote) or when not asked for. */
  readonly quote?: CartQuote;
}

/**
 * Reads the shopper's cart: nothing for a new session; one round trip for the rest
 * (`readSessionCart`), or the general path (`readerSession`, lines, quote) when the database has no
 * batches or the session has expired. Renews a guest's expiry (and cookie) when it is due.
 */
export async function readCart(c: Context, deps: ShopDeps, options: { readonly descriptions: boolean; readonly quote: boolean }): Promise<CartRead> {
  const shopper = await getOrCreateSession(c);
  if (shopper.isNew) return { session: cartSession(shopper, null), lines: [] };
  const found = deps.hot ? await readSessionCart(deps.hot, shopper.id, options) : null;
  if (found) {
    if (found.renew) {
      await renewGuestSession(deps.db, shopper.id);
      renewSessionCookie(c, shopper.id);
    }
    const session = cartSession(shopper, found.customerId);
    if (!options.quote) return { session, lines: found.lines };
    return { session, lines: found.lines, quote: await quoteWithExtras(deps.db, session.cartId, found.lines, deps.checkout.shipping, found) };
  }
  const session = await readerSession(c, deps);
  const lines = await loadCart(deps, session.cartId, { descriptions: options.descriptions });
  if (!options.quote) return { session, lines };
  return { session, lines, quote: await loadQuote(deps, session.cartId, lines, deps.checkout.shipping) };
}

/**
 * The session for a cart write. A guest's every write moves the expiry forward, so the cookie is
 * renewed too; a signed-in session writes to the account's cart and keeps its cookie as it is.
 */
export async function writerSession(c: Context, deps: ShopDeps): Promise<CartSession> {
  const session = await getOrCreateSession(c);
  if (session.isNew) return cartSession(session, null);
  const account = await sessionAccount(deps.db, session.id);
  if (account) return cartSession(session, account.customerId);
  renewSessionCookie(c, session.id);
  return cartSession(session, null);
}

/**
 * WordPress's paging headers for a list: `X-WP-Total`, `X-WP-TotalPages`, and absolute `Link`
 * addresses for `rel="prev"` / `rel="next"` that keep the other parameters. With `refuseBeyond`,
 * a page past the last one is WordPress's `rest_post_invalid_page_number` error.
 */
export function pagingHeaders(c: Context, page: number, perPage: number, total: number, refuseBeyond: boolean): void {
  const totalPages = Math.ceil(total / perPage);
  if (refuseBeyond && page > totalPages && total > 0) {
    throw new ApiError(400, 'rest_post_invalid_page_number', 'The page number requested is larger than the number of pages available.');
  }
  c.header('X-WP-Total', String(total));
  c.header('X-WP-TotalPages', String(totalPages));
  const url = new URL(c.req.url);
  const origin = shopUrls(c).origin;
  const pageLink = (target: number) => {
    const params = new URLSearchParams(url.search);
    params.set('page', String(target));
    return `${origin}${url.pathname}?${params.toString()}`;
  };
  if (page > 1) c.header('Link', `<${pageLink(Math.min(page - 1, Math.max(totalPages, 1)))}>; rel="prev"`, { append: true });
  if (page < totalPages) c.header('Link', `<${pageLink(page + 1)}>; rel="next"`, { append: true });
}

/**
 * The Store API's nonce rule for writes: 401 without a `Nonce` (or `X-WC-Store-API-Nonce`) header,
 * 403 when it was not made for this session.
 */
export async function requireNonce(c: Context, deps: ShopDeps, sessionId: string): Promise<void> {
  const nonce = c.req.header('nonce') ?? c.req.header('x-wc-store-api-nonce');
  if (nonce === undefined || nonce.trim() === '') {
    throw new ApiError(401, 'woocommerce_rest_missing_nonce', 'Missing the Nonce header. This endpoint requires a valid nonce.');
  }
  if (!verifyNonce(await deps.keys(), sessionId, nonce.trim())) {
    throw new ApiError(403, 'woocommerce_rest_invalid_nonce', 'Nonce is invalid.');
  }
}

