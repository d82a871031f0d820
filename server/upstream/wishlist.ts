/**
 * The wishlist in upstream mode, against a stock shop with YITH WooCommerce Wishlist 3.x (free).
 *
 * - Suki's JSON route (`/wp-json/suki/v1/wishlist…`, `src/app/wishlist-page.ts`) is translated to
 *   the stock actions: the state is read from the stock `/wishlist/` page with the shopper's cookies
 *   (the free plugin has no JSON for it), an add is `add_to_wishlist` and a removal
 *   `remove_from_wishlist` on `admin-ajax.php`, with the nonces of the page's `yith_wcwl_l10n`.
 *   What the free plugin cannot do (several lists, move, sort, quantities, estimates, renaming,
 *   privacy) answers `501 suki_wishlist_unsupported`, and `features` says so, so the client hides it.
 * - The pages `/wishlist/` and `/wishlist/view/{token}/` show the stock page's list, read from its
 *   HTML; its no-script links (`?add-to-cart=`, `?remove_from_wishlist=…&_wpnonce=`) go on to the
 *   stock shop, and a plain form posted to `/wishlist/` with `add_to_wishlist` adds a product.
 *
 * A stock nonce failure answers 200 without an error (`{result:false}` for add; for remove, the same
 * `{fragments:[]}` as a success), so: an add refused that way gets a fresh nonce from the stock page
 * and is sent once more; a removal is checked by reading the page again, and one that did not
 * happen is sent once more with that page's nonce. A second refusal is a 502, never silence.
 *
 * Every answer passes the stock shop's cookies on, rewritten for our host by the forwarder (the
 * guest list lives in the stock `yith_wcwl_session_*` cookie), and sets the readable
 * `suki_wishlist_count` cookie whenever it knows the shopper's item count. We keep nothing: the
 * add nonce is cached per shopper session only to save a page read per add.
 */
import type { Context } from 'hono';
import { Hono } from 'hono';
import { LRUCache } from 'lru-cache';
import * as v from 'valibot';
import type { WishlistAddAnswer, WishlistDetails, WishlistRef, WishlistState } from '../../src/core/domain/wishlist.js';
import type { WishlistNotice, WishlistPageView } from '../../src/app/wishlist-page.js';
import { isCrossSiteWrite, mediaType, requestOrigin, siteHeaders } from '../lib/request.js';
import { setPageInput } from '../pages.js';
import { applySetCookie, nonceKey, StockConversation, type ConversationFailures, type Failure } from './conversation.js';
import { readCapped, type Forwarder } from './forward.js';
import { accountSummaryFromCookies } from './my-account.js';
import {
  isStockFragmentsAnswer,
  readStockAddAnswer,
  readStockL10n,
  readStockWishlistPage,
  STOCK_FREE_FEATURES,
  stockItemView,
  type StockCurrency,
  type StockWishlistPage,
} from './wishlist-stock.js';
import { wishlistNoticeTexts } from '../../src/app/wishlist-notices.js';
import { textsIn } from '../../src/i18n/index.js';
import { requestLocale } from '../lib/language.js';

/** The readable cookie the header's `Wishlist ({n} items)` is drawn from (the cookie contract). */
export const COUNT_COOKIE = 'suki_wishlist_count';
/** Days the stock plugin keeps a guest's list (its session cookie's `Max-Age`), and so our count cookie. */
export const STOCK_GUEST_DAYS = 30;
const MAX_BODY_BYTES = 8 * 1024;
const CURRENCY_TTL_MS = 10 * 60 * 1000;
const TOKEN = /^[A-Za-z0-9]{4,64}$/;

// ---------------------------------------------------------------------------------------------
// Answers

const JSON_HEADERS = { 'content-type': 'application/json; charset=UTF-8', 'cache-control': 'no-store, private', vary: 'Cookie' } as const;

export type { Failure } from './conversation.js';

const unreachable = (status: number): Failure =>
  status === 504
    ? { status: 504, code: 'suki_upstream_timeout', message: 'The shop’s wishlist did not answer in time. Please try again.' }
    : { status: 502, code: 'suki_upstream_unavailable', message: 'The shop’s wishlist cannot be reached right now. Please try again in a moment.' };
const BAD_ANSWER: Failure = { status: 502, code: 'suki_upstream_bad_answer', message: 'The shop’s wishlist answered in a way we could not read. Please reload the page and try again.' };
const NONCE_REFUSED: Failure = {
  status: 502,
  code: 'suki_wishlist_nonce_refused',
  message: 'The shop refused the change twice (its security check failed). Please reload the page and try again.',
};
const NOT_FOUND: Failure = { status: 404, code: 'suki_wishlist_not_found', message: 'That item or list is not in your wishlist.' };
const UNSUPPORTED: Failure = { status: 501, code: 'suki_wishlist_unsupported', message: 'The shop’s wishlist cannot do this (the free YITH WooCommerce Wishlist keeps one list without these options).' };

/** `Set-Cookie` for the count cookie: `n` items, or deleted at 0. */
export const countCookie = (count: number, https: boolean, days = STOCK_GUEST_DAYS): string =>
  count > 0
    ? `${COUNT_COOKIE}=${count}; Path=/; Max-Age=${days * 86_400}; SameSite=Lax${https ? '; Secure' : ''}`
    : `${COUNT_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax${https ? '; Secure' : ''}`;

// ---------------------------------------------------------------------------------------------
// One shopper's conversation with the stock shop

type PageRead =
  | { readonly kind: 'page'; readonly page: StockWishlistPage }
  | { readonly kind: 'missing' }
  | { readonly kind: 'failed'; readonly failure: Failure };

const WISHLIST_FAILURES: ConversationFailures = { unreachable, badAnswer: BAD_ANSWER };

class WishlistConversation extends StockConversation {
  /** A stock wishlist page, read. */
  async page(path: string): Promise<PageRead> {
    const read = await this.html(path);
    if (read.kind !== 'html') return read;
    const page = readStockWishlistPage(read.html, this.origin, read.path);
    return page === null ? { kind: 'failed', failure: this.failures.badAnswer } : { kind: 'page', page };
  }
}

// ---------------------------------------------------------------------------------------------
// From the stock page to our shapes

/** The viewer's list as a reference (the free plugin's one list). */
const listRef = (page: StockWishlistPage): WishlistRef | null =>
  page.list === null
    ? null
    : {
        id: page.list.id,
        token: page.list.token,
        title: page.list.title,
        privacy: page.list.isPrivate ? 2 : 0,
        isDefault: page.list.isDefault,
        itemCount: page.rows.length,
        url: `/wishlist/view/${page.list.token}/`,
      };

/** The state the JSON route answers, from the stock `/wishlist/` page (the shopper's own list). */
export function stockWishlistState(page: StockWishlistPage): WishlistState {
  const ref = listRef(page);
  if (ref === null) return { lists: [], entries: [], defaultListId: null, features: STOCK_FREE_FEATURES };
  return {
    lists: [ref],
    entries: page.rows.map((row, position) => ({ rowId: row.rowId, wishlistId: ref.id, productId: row.productId, parentId: row.parentId, quantity: row.quantity, position })),
    defaultListId: ref.id,
    features: STOCK_FREE_FEATURES,
  };
}

/** The list with its items, as its page shows it. */
export function stockWishlistDetails(page: StockWishlistPage, currency: StockCurrency): WishlistDetails | null {
  const ref = listRef(page);
  // The free plugin's page does not say when the list was made.
  return ref === null ? null : { ...ref, dateCreated: '', items: page.rows.map((row, position) => stockItemView(row, position, currency)) };
}

/** What our page shows for a stock wishlist page. */
export function stockWishlistView(page: StockWishlistPage, currency: StockCurrency, extraNotices: readonly WishlistNotice[] = []): WishlistPageView {
  const ref = listRef(page);
  return {
    viewer: page.owner ? 'owner' : 'visitor',
    list: stockWishlistDetails(page, currency),
    // A visitor's own lists are not on someone else's page.
    lists: page.owner && ref !== null ? [ref] : [],
    features: STOCK_FREE_FEATURES,
    settings: { removeAfterAddToCart: page.l10n?.removeAfterAddToCart ?? false, redirectToCart: page.l10n?.redirectToCart ?? false, layout: 'table' },
    notices: [...extraNotices, ...page.notices],
    nonces: { remove: page.owner ? page.l10n?.nonces.remove || (page.rows.find((r) => r.removeNonce !== '')?.removeNonce ?? '') : '' },
  };
}

/** The stock shop's currency settings from a Store API answer (a products list or a cart). */
export function readStoreCurrency(body: unknown): StockCurrency | null {
  const first = Array.isArray(body) ? (body[0] as unknown) : body;
  if (typeof first !== 'object' || first === null) return null;
  const record = first as Record<string, unknown>;
  const prices = (record['prices'] ?? record['totals']) as Record<string, unknown> | undefined;
  if (typeof prices !== 'object' || prices === null) return null;
  const code = prices['currency_code'];
  const minorUnit = prices['currency_minor_unit'];
  if (typeof code !== 'string' || !/^[A-Z]{3}$/.test(code) || typeof minorUnit !== 'number' || !Number.isInteger(minorUnit) || minorUnit < 0 || minorUnit > 4) return null;
  const separator = (value: unknown, fallback: string) => (typeof value === 'string' && value.length <= 3 ? value : fallback);
  return { code, minorUnit, decimalSeparator: separator(prices['currency_decimal_separator'], '.') || '.', thousandSeparator: separator(prices['currency_thousand_separator'], ',') };
}

// ---------------------------------------------------------------------------------------------
// The translation

/** Options of {@link upstreamWishlist}. */
export interface UpstreamWishlistOptions {
  /** Reaches the stock shop as our host (cookies rewritten); page answers should be size-capped. */
  readonly forward: Forwarder;
  /** Draws a page (the pages handler). */
  readonly render: (c: Context) => Promise<Response>;
  /** Shopper sessions whose add nonce is kept. @default 10000 */
  readonly nonceCacheSize?: number;
  /** How long a kept nonce is used before the stock page is read again (stock nonces live 12–24 h). @default 1 h */
  readonly nonceTtlMs?: number;
  /** For tests. */
  readonly now?: () => number;
}

const addBody = v.object({
  productId: v.pipe(v.number('productId must be a product id.'), v.integer('productId must be a product id.'), v.minValue(1, 'productId must be a product id.'), v.maxValue(Number.MAX_SAFE_INTEGER, 'productId must be a product id.')),
  productType: v.optional(v.pipe(v.string('productType must be a product type.'), v.regex(/^[a-z][a-z0-9_-]{0,39}$/, 'productType must be a product type.')), 'simple'),
  wishlistId: v.optional(v.nullable(v.union([v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(Number.MAX_SAFE_INTEGER)), v.literal('new')], 'wishlistId must be a list id, "new" or null.')), null),
  newList: v.optional(v.unknown()),
});

/** An add as the stock action takes it. */
interface StockAdd {
  readonly productId: number;
  readonly productType: string;
  readonly wishlistId: number | null;
}

/** The JSON route and the pages, translated to a stock shop with the free plugin. */
export function upstreamWishlist(options: UpstreamWishlistOptions): {
  readonly api: Hono;
  readonly page: (c: Context) => Promise<Response>;
  /** Our answer to a My Account request, with the count cookie made right after a sign-in or sign-out. */
  readonly afterAccount: (c: Context, response: Response) => Promise<Response>;
} {
  const now = options.now ?? Date.now;
  const nonces = new LRUCache<string, string>({ max: options.nonceCacheSize ?? 10_000, ttl: options.nonceTtlMs ?? 60 * 60 * 1000, perf: { now } });
  let currency: { readonly value: StockCurrency; readonly until: number } | null = null;

  const conversation = (c: Context) => new WishlistConversation(options.forward, requestOrigin(c), c.req.header('cookie') ?? '', now, WISHLIST_FAILURES);
  const https = (c: Context) => requestOrigin(c).startsWith('https:');

  /** Reads the shopper's own list, keeping the page's add nonce. */
  const readOwn = async (up: WishlistConversation): Promise<PageRead> => {
    const read = await up.page('/wishlist/');
    if (read.kind === 'page' && read.page.l10n?.nonces.add) nonces.set(nonceKey(up.jar), read.page.l10n.nonces.add);
    return read;
  };

  /** A fresh add nonce from the stock wishlist page (or, when it shows none, the home page). */
  const freshAddNonce = async (up: WishlistConversation): Promise<string | Failure> => {
    const read = await readOwn(up);
    if (read.kind === 'failed') return read.failure;
    if (read.kind === 'page' && read.page.l10n?.nonces.add) return read.page.l10n.nonces.add;
    const home = await up.send('/');
    if (!home.ok) {
      await home.body?.cancel();
      return home.status >= 500 ? unreachable(home.status) : BAD_ANSWER;
    }
    const nonce = readStockL10n(await home.text())?.nonces.add ?? '';
    if (nonce === '') return BAD_ANSWER;
    nonces.set(nonceKey(up.jar), nonce);
    return nonce;
  };

  /** `add_to_wishlist`, with one fresh nonce and one more try when the stock shop refuses the nonce. */
  const add = async (up: WishlistConversation, request: StockAdd): Promise<{ readonly result: WishlistAddAnswer['result']; readonly message: string } | Failure> => {
    let nonce = nonces.get(nonceKey(up.jar)) ?? (await freshAddNonce(up));
    for (let attempt = 0; ; attempt += 1) {
      if (typeof nonce !== 'string') return nonce;
      const form = new URLSearchParams({ action: 'add_to_wishlist', nonce, context: 'frontend', add_to_wishlist: String(request.productId), product_type: request.productType });
      if (request.wishlistId !== null) form.set('wishlist_id', String(request.wishlistId));
      const sent = await up.ajax(form);
      if (!sent.ok) return sent.failure;
      const answer = readStockAddAnswer(sent.body);
      if (answer.kind === 'answered') return { result: answer.result, message: answer.message };
      if (answer.kind === 'malformed') return BAD_ANSWER;
      nonces.delete(nonceKey(up.jar));
      if (attempt >= 1) return NONCE_REFUSED;
      nonce = await freshAddNonce(up);
    }
  };

  /** The stock shop's currency (from its Store API), kept for a while. */
  const shopCurrency = async (up: WishlistConversation): Promise<StockCurrency | Failure> => {
    if (currency !== null && currency.until > now()) return currency.value;
    for (const path of ['/wp-json/wc/store/v1/products?per_page=1', '/wp-json/wc/store/v1/cart']) {
      const answer = await options.forward(new Request(new URL(path, up.origin), { headers: { accept: 'application/json' } }), up.origin);
      if (answer.status >= 500) {
        await answer.body?.cancel();
        return unreachable(answer.status);
      }
      let body: unknown;
      try {
        body = answer.ok ? ((await answer.json()) as unknown) : null;
      } catch {
        body = null;
      }
      const read = readStoreCurrency(body);
      if (read !== null) {
        currency = { value: read, until: now() + CURRENCY_TTL_MS };
        return read;
      }
    }
    return BAD_ANSWER;
  };

  // -------------------------------------------------------------------------------------------
  // The JSON route

  const api = new Hono().basePath('/wp-json/suki/v1');
  // `X-HTTP-Method-Override` (how the REST client sends PUT, PATCH and DELETE): routed as that method.
  api.use('*', async (c, next) => {
    const override = c.req.header('x-http-method-override')?.trim().toUpperCase();
    if (c.req.method !== 'POST' || (override !== 'PUT' && override !== 'PATCH' && override !== 'DELETE')) return next();
    const headers = new Headers(c.req.raw.headers);
    headers.delete('x-http-method-override');
    headers.delete('content-length');
    const body = await c.req.arrayBuffer();
    return api.fetch(new Request(c.req.url, { method: override, headers, body: body.byteLength > 0 ? body : null }));
  });
  const answer = (c: Context, up: WishlistConversation | null, body: unknown, status: number, count: number | null): Response => {
    const response = new Response(JSON.stringify(body), { status, headers: JSON_HEADERS });
    for (const line of up?.setCookies ?? []) response.headers.append('set-cookie', line);
    if (count !== null) response.headers.append('set-cookie', countCookie(count, https(c)));
    return response;
  };
  const failed = (c: Context, up: WishlistConversation | null, failure: Failure, count: number | null = null, data: Record<string, unknown> = {}) =>
    answer(c, up, { code: failure.code, message: failure.message, data: { status: failure.status, ...data } }, failure.status, count);
  const stateAnswer = (c: Context, up: WishlistConversation, read: PageRead, wrap: (state: WishlistState) => unknown = (s) => s, status = 200): Response => {
    if (read.kind === 'failed') return failed(c, up, read.failure);
    // The stock page is always there; a 404 for it means the shop has no wishlist page.
    if (read.kind === 'missing') return failed(c, up, BAD_ANSWER);
    const state = stockWishlistState(read.page);
    return answer(c, up, wrap(state), status, state.entries.length);
  };

  api.get('/wishlist', async (c) => {
    const up = conversation(c);
    return stateAnswer(c, up, await readOwn(up));
  });

  api.post('/wishlist/items', async (c) => {
    if (mediaType(c) !== 'application/json') return failed(c, null, { status: 415, code: 'suki_wishlist_invalid', message: 'Send the add as JSON.' });
    const raw = await readCapped(c.req.raw.body, MAX_BODY_BYTES, c.req.header('content-length'));
    if (raw === null) return failed(c, null, { status: 413, code: 'suki_payload_too_large', message: 'The request body is too large.' });
    let json: unknown;
    try {
      json = JSON.parse(raw.toString('utf8'));
    } catch {
      return failed(c, null, { status: 400, code: 'suki_wishlist_invalid', message: 'The request body is not JSON.' }, null, { params: { body: 'Not JSON.' } });
    }
    const parsed = v.safeParse(addBody, json);
    if (!parsed.success) {
      const params: Record<string, string> = {};
      for (const issue of parsed.issues) {
        const key = String(issue.path?.[0]?.key ?? 'body');
        params[key] ??= issue.message;
      }
      return failed(c, null, { status: 400, code: 'suki_wishlist_invalid', message: `Invalid parameter(s): ${Object.keys(params).join(', ')}` }, null, { params });
    }
    // A new list is a premium feature.
    if (parsed.output.wishlistId === 'new') return failed(c, null, UNSUPPORTED);
    const up = conversation(c);
    const added = await add(up, { productId: parsed.output.productId, productType: parsed.output.productType, wishlistId: parsed.output.wishlistId });
    if ('status' in added) return failed(c, up, added);
    return stateAnswer(c, up, await readOwn(up), (state) => ({ result: added.result, message: added.message, state }) satisfies WishlistAddAnswer);
  });

  api.delete('/wishlist/items/:rowId', async (c) => {
    const rowId = Number(/^\d{1,15}$/.test(c.req.param('rowId')) ? c.req.param('rowId') : NaN);
    if (!Number.isSafeInteger(rowId) || rowId < 1) return failed(c, null, NOT_FOUND);
    const up = conversation(c);
    let read = await readOwn(up);
    if (read.kind !== 'page') return stateAnswer(c, up, read);
    const list = read.page.list;
    const row = read.page.rows.find((r) => r.rowId === rowId);
    if (list === null || row === undefined) return failed(c, up, NOT_FOUND, read.page.rows.length);
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const nonce = read.page.l10n?.nonces.remove || row.removeNonce;
      if (nonce === '') return failed(c, up, BAD_ANSWER);
      const sent = await up.ajax(
        new URLSearchParams({ action: 'remove_from_wishlist', nonce, context: 'frontend', remove_from_wishlist: String(rowId), wishlist_id: String(list.id), wishlist_token: list.token }),
      );
      if (!sent.ok) return failed(c, up, sent.failure);
      if (!isStockFragmentsAnswer(sent.body)) return failed(c, up, BAD_ANSWER);
      // Success and a refused nonce answer alike: the page says which it was.
      read = await readOwn(up);
      if (read.kind !== 'page') return stateAnswer(c, up, read);
      if (!read.page.rows.some((r) => r.rowId === rowId)) return stateAnswer(c, up, read);
    }
    return failed(c, up, NONCE_REFUSED, read.page.rows.length);
  });

  api.get('/wishlist/lists/:id', async (c) => {
    const id = Number(/^\d{1,15}$/.test(c.req.param('id')) ? c.req.param('id') : NaN);
    const up = conversation(c);
    const read = await readOwn(up);
    if (read.kind !== 'page') return stateAnswer(c, up, read);
    const count = read.page.rows.length;
    if (read.page.list?.id !== id) return failed(c, up, NOT_FOUND, count);
    const money = await shopCurrency(up);
    if ('status' in money) return failed(c, up, money, count);
    return answer(c, up, stockWishlistDetails(read.page, money), 200, count);
  });

  // What only the premium plugin does.
  const unsupported = (c: Context) => failed(c, null, UNSUPPORTED);
  api.patch('/wishlist/items/:rowId', unsupported);
  api.post('/wishlist/lists', unsupported);
  api.patch('/wishlist/lists/:id', unsupported);
  api.delete('/wishlist/lists/:id', unsupported);
  api.put('/wishlist/lists/:id/positions', unsupported);
  api.post('/wishlist/lists/:id/estimate', unsupported);
  api.all('/wishlist/*', (c) => failed(c, null, { status: 404, code: 'rest_no_route', message: 'No route was found matching the URL and request method.' }));

  // -------------------------------------------------------------------------------------------
  // The pages

  const page = async (c: Context): Promise<Response> => {
    const url = new URL(c.req.url);
    const up = conversation(c);
    const cookie = c.req.header('cookie');
    const token = /^\/wishlist\/view\/([^/]+)\/$/.exec(url.pathname)?.[1];
    const own = url.pathname === '/wishlist/';
    const t = textsIn(wishlistNoticeTexts, requestLocale(c));

    const render = async (wishlist: { readonly status: number; readonly view: WishlistPageView } | null, count: number | null = null): Promise<Response> => {
      setPageInput(c, { ...(wishlist ? { wishlist: { status: wishlist.status, title: t.wishlist, view: wishlist.view } } : {}), accountSummary: accountSummaryFromCookies(cookie) });
      const response = await options.render(c);
      const out = new Response(response.body, response);
      for (const line of up.setCookies) out.headers.append('set-cookie', line);
      if (count !== null) out.headers.append('set-cookie', countCookie(count, https(c)));
      out.headers.set('cache-control', 'no-store, private');
      return out;
    };
    const redirect = (location: string): Response => {
      const response = new Response(null, { status: 303, headers: { location, 'cache-control': 'no-store, private' } });
      for (const line of up.setCookies) response.headers.append('set-cookie', line);
      return response;
    };
    const errorPage = (failure: Failure, notices: readonly WishlistNotice[] = []) =>
      render({
        status: failure.status,
        view: {
          viewer: 'owner',
          list: null,
          lists: [],
          features: STOCK_FREE_FEATURES,
          settings: { removeAfterAddToCart: false, redirectToCart: false, layout: 'table' },
          notices: [...notices, { kind: 'error', text: failure.status === 504 ? t.upstreamSlow : t.upstreamFailed }],
          nonces: { remove: '' },
        },
      });

    if (!own && (token === undefined || !TOKEN.test(token))) return render(null);
    const path = own ? '/wishlist/' : `/wishlist/view/${token ?? ''}/`;

    /** Our page for the stock one at `path`. */
    const show = async (extraNotices: readonly WishlistNotice[] = [], status = 200): Promise<Response> => {
      const read = await (own ? readOwn(up) : up.page(path));
      if (read.kind === 'missing') return render(null);
      if (read.kind === 'failed') return errorPage(read.failure, extraNotices);
      const stock = read.page;
      // Someone else's list the stock shop shows no list for, or a private one: as if there were none.
      if (!stock.owner && (stock.list === null || stock.list.isPrivate)) return render(null);
      const money = await shopCurrency(up);
      if ('status' in money) return errorPage(money, extraNotices);
      return render({ status, view: stockWishlistView(stock, money, extraNotices) }, stock.owner && own ? stock.rows.length : null);
    };

    // A plain form posted to `/wishlist/` (no scripts): `add_to_wishlist=ID`.
    if (c.req.method === 'POST') {
      if (!own) return c.text('Method Not Allowed', 405, { allow: 'GET' });
      const raw = mediaType(c) === 'application/x-www-form-urlencoded' ? await readCapped(c.req.raw.body, MAX_BODY_BYTES, c.req.header('content-length')) : null;
      const form = new URLSearchParams(raw?.toString('utf8') ?? '');
      const id = Number(/^\d{1,15}$/.test(form.get('add_to_wishlist') ?? '') ? form.get('add_to_wishlist') : NaN);
      const type = form.get('product_type') ?? 'simple';
      if (!Number.isSafeInteger(id) || id < 1) return show([{ kind: 'error', text: t.chooseProduct }], 400);
      const added = await add(up, { productId: id, productType: /^[a-z][a-z0-9_-]{0,39}$/.test(type) ? type : 'simple', wishlistId: null });
      if ('status' in added) return show([{ kind: 'error', text: added.message }], added.status);
      if (added.result === 'error') return show([{ kind: 'error', text: added.message || t.notAdded }]);
      return redirect('/wishlist/');
    }

    // The page's no-script links: add a line to the cart, remove an item. The stock shop does
    // them; the shopper then sees the page again at its plain address.
    const params = url.searchParams;
    const action = new URLSearchParams();
    if (/^\d{1,15}$/.test(params.get('add-to-cart') ?? '')) {
      for (const [name, value] of params) {
        if ((name === 'add-to-cart' || name === 'quantity' || name === 'variation_id') && /^\d{1,15}$/.test(value)) action.set(name, value);
        else if (/^attribute_[a-z0-9_-]{1,60}$/.test(name) && value.length <= 200) action.set(name, value);
      }
    } else {
      const remove = params.get('remove_from_wishlist') ?? '';
      const nonce = params.get('_wpnonce') ?? '';
      if (/^\d{1,15}$/.test(remove) && /^[0-9a-f]{6,20}$/.test(nonce)) {
        action.set('remove_from_wishlist', remove);
        action.set('_wpnonce', nonce);
      }
    }
    if ([...action].length > 0) {
      // A link followed from another site does nothing (as on our own shop): the page shows as it is.
      if (isCrossSiteWrite(siteHeaders(c), requestOrigin(c))) return redirect(path);
      const done = await up.send(`${path}?${action.toString()}`);
      await done.body?.cancel();
      if (done.status >= 500) return errorPage(unreachable(done.status));
      if (done.status >= 300 && done.status < 400) {
        // WooCommerce sends the shopper to the cart after an add when the shop says so.
        const next = new URL(done.headers.get('location') ?? path, url);
        if (next.origin === url.origin && !next.pathname.startsWith('/wp-')) return redirect(`${next.pathname}${next.search}`);
      }
      return redirect(path);
    }
    return show();
  };

  // -------------------------------------------------------------------------------------------
  // Signing in and out (the My Account pages)

  const LOGGED_IN = /^wordpress_logged_in_[0-9a-f]{32}=/;
  const afterAccount = async (c: Context, response: Response): Promise<Response> => {
    const lines = response.headers.getSetCookie().filter((line) => LOGGED_IN.test(line));
    if (lines.length === 0) return response;
    const up = conversation(c);
    for (const line of lines) applySetCookie(up.jar, line, now());
    const signedIn = [...up.jar.keys()].some((name) => LOGGED_IN.test(`${name}=`));
    const out = new Response(response.body, response);
    if (!signedIn) {
      out.headers.append('set-cookie', countCookie(0, https(c)));
      return out;
    }
    // The stock plugin moved the guest's list into the account's at sign-in: count what it holds now.
    for (const line of response.headers.getSetCookie()) applySetCookie(up.jar, line, now());
    const read = await readOwn(up);
    for (const line of up.setCookies) out.headers.append('set-cookie', line);
    if (read.kind === 'page') out.headers.append('set-cookie', countCookie(read.page.rows.length, https(c)));
    return out;
  };

  return { api, page, afterAccount };
}
