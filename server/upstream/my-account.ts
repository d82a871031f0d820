/**
 * `/my-account/…` in upstream mode: the accounts live in the stock WooCommerce shop, our server
 * draws the pages. A GET fetches the stock page with the shopper's cookies and reads from its HTML
 * what our views show (the login and register nonces, the notices as plain text, the navigation's
 * logout nonce, the orders table); a post (log in, register, lost password) goes on to the stock
 * form with the stock field names, and its answer becomes ours: a redirect passes the stock
 * shop's cookies through for our host (rewritten by the forwarder) and sends the shopper to our
 * page, a page again is read for its notices. Logging out follows the stock shop's two redirects
 * (`customer-logout` → `wp-login.php?action=logout`) so the cookies it clears are cleared here.
 *
 * What the stock shop shows a customer only as forms of its own (addresses, account details,
 * downloads) is not copied: those pages say so and link to the shop's own My Account page. A single
 * order is read through the Store API, which answers its owner without the order key.
 *
 * The facts are in the peer-3 recordings (`myaccount-*.http`); see their README.
 */
import type { Context } from 'hono';
import * as v from 'valibot';
import { storeOrderSchema, toReceivedOrder } from '../../src/adapters/checkout.js';
import { htmlToText } from '../../src/adapters/text.js';
import type {
  AccountCustomer,
  AccountLoginView,
  AccountLostPasswordView,
  AccountNotice,
  AccountOrderRow,
  AccountSummary,
  AccountView,
} from '../../src/app/account-page.js';
import { mediaType, requestOrigin } from '../lib/request.js';
import { setPageInput } from '../pages.js';
import { accountTitleTexts, upstreamAccountTexts } from '../../src/app/account-notices.js';
import { textsIn, type Locale } from '../../src/i18n/index.js';
import { requestLocale } from '../lib/language.js';
import { readCapped, type Forwarder } from './forward.js';

/** Largest form body read from the shopper; the stock forms are a few hundred bytes. */
export const MAX_FORM_BYTES = 16 * 1024;
const MAX_NOTICES = 10;
const MAX_NOTICE_CHARS = 500;
/**
 * The shortest password our registration form asks for. The stock server accepts any non-empty
 * one (its strength meter is a script only, asking for "medium"); our form asks for what our own
 * accounts ask (`DEFAULT_PASSWORD_MIN_LENGTH`), which the stock shop accepts too.
 */
const STOCK_PASSWORD_MIN = 8;

// ---------------------------------------------------------------------------------------------
// Reading the stock HTML

/** Text of an HTML fragment on one line. */
const text = (html: string): string => htmlToText(html).replace(/\s+/g, ' ').trim();
const clip = (value: string, max: number): string => (value.length > max ? `${value.slice(0, max - 1)}…` : value);

const hiddenValue = (html: string, name: string): string => {
  const input = new RegExp(`<input\\b[^>]*\\bname="${name}"[^>]*>`).exec(html)?.[0] ?? '';
  return /\bvalue="([0-9a-f]{6,20})"/.exec(input)?.[1] ?? '';
};

const ERROR_LIST = /<ul class="woocommerce-error(?:\s[^"]*)?"(?:\s[^>]*)?>([\s\S]*?)<\/ul>/g;
const LIST_ITEM = /<li\b[^>]*>([\s\S]*?)<\/li>/g;
// A message or info box holds text and links, never another <div>.
const BOX = /<div class="woocommerce-(message|info)(?:\s[^"]*)?"(?:\s[^>]*)?>([\s\S]*?)<\/div>/g;

/**
 * The notices of a stock page as plain text: `ul.woocommerce-error li` (one each), and
 * `.woocommerce-message` / `.woocommerce-info`. Markup in them is dropped and entities decoded, so
 * nothing of the upstream's HTML reaches our page as HTML.
 */
export function readStockNotices(html: string): AccountNotice[] {
  const found: AccountNotice[] = [];
  const add = (kind: AccountNotice['kind'], fragment: string) => {
    const message = clip(text(fragment), MAX_NOTICE_CHARS);
    if (message !== '' && !found.some((n) => n.kind === kind && n.text === message)) found.push({ kind, text: message });
  };
  for (const [, list = ''] of html.matchAll(ERROR_LIST)) for (const [, item = ''] of list.matchAll(LIST_ITEM)) add('error', item);
  for (const [, kind, body = ''] of html.matchAll(BOX)) add(kind === 'message' ? 'success' : 'info', body);
  return found.slice(0, MAX_NOTICES);
}

/** What a stock My Account page shows a guest: its forms' nonces. */
export interface StockGuestPage {
  readonly loginNonce: string;
  readonly registerNonce: string;
  readonly registrationEnabled: boolean;
}

/**
 * The login panel of a stock page, or null when it shows none. The nonces are found by their
 * field names, wherever a theme puts the forms.
 */
export function readStockGuestPage(html: string): StockGuestPage | null {
  const loginNonce = hiddenValue(html, 'woocommerce-login-nonce');
  const registerNonce = hiddenValue(html, 'woocommerce-register-nonce');
  if (loginNonce === '' && !/<form\b[^>]*\bwoocommerce-form-login\b/.test(html)) return null;
  return { loginNonce, registerNonce, registrationEnabled: registerNonce !== '' || /<form\b[^>]*\bwoocommerce-form-register\b/.test(html) };
}

/** What a stock page shows a signed-in customer: the account navigation. */
export interface StockSignedInPage {
  /** The `customer-logout` link's nonce. */
  readonly logoutNonce: string;
  /** From the dashboard's "Hello …" (the display name); '' on other pages. */
  readonly displayName: string;
}

/**
 * What a stock page shows a signed-in customer (the account navigation, the account content or the
 * orders table), or null when it shows none of them (a guest).
 */
export function readStockSignedIn(html: string): StockSignedInPage | null {
  if (!/class="(?:woocommerce-MyAccount-navigation|woocommerce-MyAccount-content|woocommerce-orders-table)\b/.test(html)) return null;
  const logoutNonce = /\/customer-logout\/\?_wpnonce=([0-9a-f]{6,20})"/.exec(html)?.[1] ?? '';
  const hello = /<div class="woocommerce-MyAccount-content">[\s\S]*?Hello <strong>([^<]{1,250})<\/strong>/.exec(html)?.[1];
  return { logoutNonce, displayName: hello === undefined ? '' : text(hello) };
}

/** The orders table of a stock `/my-account/orders/` page. */
export interface StockOrders {
  readonly rows: readonly AccountOrderRow[];
  /** Whether the table's pagination offers a next page. */
  readonly hasNext: boolean;
  /** Whether the page was read: a table, or the stock "No order has been made yet." */
  readonly read: boolean;
}

const NO_ORDERS = /No order has been made yet/;
const ORDERS_TABLE = /<table class="woocommerce-orders-table\b[^"]*"[^>]*>([\s\S]*?)<\/table>/;
const ORDER_ROW = /<tr class="woocommerce-orders-table__row\b[^"]*"[^>]*>([\s\S]*?)<\/tr>/g;
const cell = (row: string, name: string): string =>
  new RegExp(`<t[dh]\\b[^>]*\\bwoocommerce-orders-table__cell-order-${name}\\b[^>]*>([\\s\\S]*?)</t[dh]>`).exec(row)?.[1] ?? '';

/** Reads the stock orders table; each row's view link becomes our `/my-account/view-order/{id}/`. */
export function readStockOrders(html: string): StockOrders {
  const table = ORDERS_TABLE.exec(html)?.[1];
  const rows: AccountOrderRow[] = [];
  for (const [, row = ''] of (table ?? '').matchAll(ORDER_ROW)) {
    const numberCell = cell(row, 'number');
    const id = Number(/\/view-order\/(\d{1,12})\//.exec(numberCell)?.[1] ?? /\/view-order\/(\d{1,12})\//.exec(row)?.[1] ?? 'NaN');
    if (!Number.isSafeInteger(id) || id < 1) continue;
    const date = cell(row, 'date');
    const datetime = /<time\b[^>]*\bdatetime="([^"]{1,40})"/.exec(date)?.[1] ?? '';
    rows.push({
      id,
      number: clip(text(numberCell), 40) || `#${id}`,
      dateCreated: Number.isNaN(Date.parse(datetime)) ? '' : new Date(datetime).toISOString(),
      status: clip(text(cell(row, 'status')), 80),
      total: clip(text(cell(row, 'total')), 120),
      viewUrl: `/my-account/view-order/${id}/`,
    });
  }
  const pagination = /<div class="woocommerce-pagination[\s\S]*?<\/div>/.exec(html)?.[0] ?? '';
  const hasNext = /woocommerce-button--next/.test(pagination);
  const empty = NO_ORDERS.test(html);
  return { rows, hasNext, read: table !== undefined || empty };
}

// ---------------------------------------------------------------------------------------------
// The header's summary, from the cookies alone

const LOGGED_IN_COOKIE = /^wordpress_logged_in_[0-9a-f]{32}$/;

/**
 * The login of WordPress's logged-in cookie (`login|expiration|token|hmac`, URL-encoded) while it
 * has not expired, else null. Only the stock shop can check its signature; this is for what the
 * header shows, never for deciding what a shopper may see (the stock pages decide that).
 */
export function loggedInLogin(cookieHeader: string | undefined, nowMs = Date.now()): string | null {
  for (const part of (cookieHeader ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0 || !LOGGED_IN_COOKIE.test(part.slice(0, eq).trim())) continue;
    let value: string;
    try {
      value = decodeURIComponent(part.slice(eq + 1).trim());
    } catch {
      continue;
    }
    const [login = '', expiration = '', token = '', hmac = '', ...rest] = value.split('|');
    if (rest.length > 0 || token === '' || hmac === '' || login === '' || login.length > 60) continue;
    if (!/^\d{1,12}$/.test(expiration) || Number(expiration) * 1000 <= nowMs) continue;
    return login;
  }
  return null;
}

/** The names of the logged-in cookies a Cookie header holds. */
export const loggedInCookieNames = (cookieHeader: string | undefined): string[] =>
  (cookieHeader ?? '')
    .split(';')
    .map((part) => part.slice(0, Math.max(part.indexOf('='), 0)).trim())
    .filter((name) => LOGGED_IN_COOKIE.test(name));

/** The header's account link for a request, from its cookies (no trip upstream). */
export const accountSummaryFromCookies = (cookieHeader: string | undefined, nowMs = Date.now()): AccountSummary => {
  const login = loggedInLogin(cookieHeader, nowMs);
  return login === null ? { signedIn: false, displayName: '' } : { signedIn: true, displayName: login };
};

// ---------------------------------------------------------------------------------------------
// Our pages

/** One `/my-account/…` address and what it shows. */
export type AccountEndpoint =
  | { readonly kind: 'dashboard' }
  | { readonly kind: 'orders'; readonly page: number }
  | { readonly kind: 'view-order'; readonly id: number }
  | { readonly kind: 'external'; readonly section: ExternalSection }
  | { readonly kind: 'lost-password' }
  | { readonly kind: 'logout' };

/** The parts of the account the stock shop keeps as forms of its own (our words for them: `account/upstream`). */
type ExternalSection = 'edit-address' | 'edit-account' | 'downloads' | 'payment-methods';

/** Which account page an address is, or null when it is none (a 404). */
export function accountEndpoint(pathname: string): AccountEndpoint | null {
  if (pathname === '/my-account/') return { kind: 'dashboard' };
  if (pathname === '/my-account/lost-password/') return { kind: 'lost-password' };
  if (pathname === '/my-account/customer-logout/') return { kind: 'logout' };
  const orders = /^\/my-account\/orders\/(?:(\d{1,6})\/)?$/.exec(pathname);
  if (orders) {
    const page = Number(orders[1] ?? '1');
    return page >= 1 ? { kind: 'orders', page } : null;
  }
  const order = /^\/my-account\/view-order\/(\d{1,12})\/$/.exec(pathname);
  if (order) {
    const id = Number(order[1]);
    return Number.isSafeInteger(id) && id >= 1 ? { kind: 'view-order', id } : null;
  }
  const external = /^\/my-account\/(?:(edit-address)\/(?:(?:billing|shipping)\/)?|(edit-account|downloads|payment-methods)\/)$/.exec(pathname);
  const section = external?.[1] ?? external?.[2];
  return section === undefined ? null : { kind: 'external', section: section as ExternalSection };
}

/** Each view's title, by its key in `account/titles`. */
const TITLES = {
  login: 'account',
  'lost-password': 'lostPassword',
  'reset-password': 'resetPassword',
  dashboard: 'account',
  orders: 'orders',
  'view-order': 'orderPlain',
  'edit-address': 'addresses',
  'edit-account': 'details',
} as const satisfies Readonly<Record<AccountView['view'], string>>;

const UPSTREAM = upstreamAccountTexts.base;

/** A view with our own notices in `locale` (the stock shop's pass as written). */
const inLocale = (view: AccountView, locale: Locale): AccountView => {
  const shown: Readonly<Record<string, unknown>> = textsIn(upstreamAccountTexts, locale);
  const english: Readonly<Record<string, unknown>> = UPSTREAM;
  const notices = view.notices.map((n) => {
    const key = Object.keys(english).find((k) => english[k] === n.text);
    const text = key === undefined ? undefined : shown[key];
    return typeof text === 'string' ? { ...n, text } : n;
  });
  return { ...view, notices };
};

/** What the handler hands the renderer for one request. */
interface Outcome {
  readonly status: number;
  readonly view: AccountView;
  readonly summary: AccountSummary;
  /** Our title instead of the view's default (an external section's). */
  readonly title?: string;
}

const EXPIRED: AccountNotice = { kind: 'error', text: UPSTREAM.expired };

const unreachable = (status: number): AccountNotice => ({ kind: 'error', text: status === 504 ? UPSTREAM.slow : UPSTREAM.unreachable });

const loginView = (guest: StockGuestPage | null, notices: readonly AccountNotice[], kept: Partial<Pick<AccountLoginView, 'mode' | 'username' | 'email' | 'rememberMe'>> = {}): AccountLoginView => ({
  view: 'login',
  mode: kept.mode === 'register' && guest?.registrationEnabled !== false ? 'register' : 'login',
  notices,
  username: kept.username ?? '',
  email: kept.email ?? '',
  rememberMe: kept.rememberMe ?? false,
  nonces: { login: guest?.loginNonce ?? '', register: guest?.registerNonce ?? '' },
  registrationEnabled: guest?.registrationEnabled ?? false,
  passwordMinLength: STOCK_PASSWORD_MIN,
});

/** The gateway status for an upstream answer that is not a page (a 5xx we pass on, else 502). */
const gatewayStatus = (status: number): number => (status === 504 ? 504 : 502);

/** Options of {@link upstreamMyAccount}. */
export interface UpstreamAccountOptions {
  /** Reaches the stock shop as our host (cookies rewritten); its page answers should be size-capped. */
  readonly forward: Forwarder;
  /** The stock shop's own address, for the links to the parts we do not copy. */
  readonly shopUrl: URL;
  /** Draws the page (the pages handler). */
  readonly render: (c: Context) => Promise<Response>;
}

/** The handler for GET and POST `/my-account/…` in upstream mode. */
export function upstreamMyAccount(options: UpstreamAccountOptions): (c: Context) => Promise<Response> {
  const { forward, render } = options;
  const prefix = options.shopUrl.pathname.replace(/\/+$/, '');
  const shopPage = (path: string) => new URL(`${prefix}${path}`, options.shopUrl.origin).toString();

  return async (c: Context) => {
    const url = new URL(c.req.url);
    const origin = requestOrigin(c);
    const cookie = c.req.header('cookie') ?? '';
    const endpoint = accountEndpoint(url.pathname);
    const fromCookies = accountSummaryFromCookies(cookie);
    const setCookies: string[] = [];
    const headers = (extra: Record<string, string> = {}): Record<string, string> => ({ accept: 'text/html', ...(cookie ? { cookie } : {}), ...extra });

    /** Fetches a stock page as the shopper; the stock shop's cookies are kept for our answer. */
    const fetchStock = async (path: string, init: { method?: string; body?: string } = {}): Promise<Response> => {
      const answer = await forward(
        new Request(new URL(path, origin), {
          method: init.method ?? 'GET',
          headers: headers(init.body === undefined ? {} : { 'content-type': 'application/x-www-form-urlencoded' }),
          ...(init.body === undefined ? {} : { body: init.body }),
        }),
        origin,
      );
      setCookies.push(...answer.headers.getSetCookie());
      return answer;
    };
    const withCookies = (response: Response): Response => {
      for (const line of setCookies) response.headers.append('set-cookie', line);
      return response;
    };
    const redirect = (location: string) => withCookies(new Response(null, { status: 303, headers: { location, 'cache-control': 'no-store' } }));
    const locale = requestLocale(c);
    const show = async (outcome: Outcome | null): Promise<Response> => {
      setPageInput(c, {
        ...(outcome ? { account: { status: outcome.status, title: outcome.title ?? textsIn(accountTitleTexts, locale)[TITLES[outcome.view.view]], view: inLocale(outcome.view, locale) } } : {}),
        accountSummary: outcome?.summary ?? fromCookies,
      });
      return withCookies(await render(c));
    };
    const failed = (status: number, kept: Parameters<typeof loginView>[2] = {}): Outcome => ({ status: gatewayStatus(status), view: loginView(null, [unreachable(status)], kept), summary: fromCookies });

    /** Our page for a stock My Account page's HTML (a guest's panel or a signed-in page). */
    const readPage = async (html: string, status: number, kept: Parameters<typeof loginView>[2] = {}, extraNotices: readonly AccountNotice[] = []): Promise<Outcome> => {
      const notices = [...extraNotices, ...readStockNotices(html)];
      const signedIn = readStockSignedIn(html);
      if (signedIn === null) {
        const guest = readStockGuestPage(html);
        // No form but the stock shop's notices: show them (a post then gets fresh nonces).
        if (guest === null && notices.length > 0) return { status, view: loginView(null, notices, kept), summary: { signedIn: false, displayName: '' } };
        if (guest === null) return { status: 502, view: loginView(null, [{ kind: 'error', text: UPSTREAM.unreadable }], kept), summary: fromCookies };
        // The stock shop showed its login panel, so a logged-in cookie the shopper still holds was
        // refused there (expired or logged out elsewhere): drop it, so the header stops saying signed in.
        for (const name of loggedInCookieNames(cookie)) setCookies.push(`${name}=; Max-Age=0; Path=/; HttpOnly${origin.startsWith('https:') ? '; Secure' : ''}`);
        return { status, view: loginView(guest, notices, kept), summary: { signedIn: false, displayName: '' } };
      }
      const login = loggedInLogin(cookie) ?? '';
      const displayName = signedIn.displayName || login;
      const customer: AccountCustomer = { id: 0, username: login || displayName, displayName, firstName: '', lastName: '', email: '' };
      const base = { customer, notices, logoutUrl: signedIn.logoutNonce ? `/my-account/customer-logout/?_wpnonce=${signedIn.logoutNonce}` : '/my-account/customer-logout/' };
      const summary: AccountSummary = { signedIn: true, displayName };
      switch (endpoint?.kind) {
        case 'orders': {
          const orders = readStockOrders(html);
          return {
            status,
            summary,
            view: {
              ...base,
              // The view says "No order has been made yet." itself for an empty list.
              notices: base.notices.filter((n) => !NO_ORDERS.test(n.text)),
              view: 'orders',
              orders: orders.rows,
              page: endpoint.page,
              totalPages: endpoint.page + (orders.hasNext ? 1 : 0),
              externalUrl: orders.read ? null : shopPage('/my-account/orders/'),
            },
          };
        }
        case 'view-order': {
          const order = await fetchOrder(endpoint.id);
          if (order === 'missing') return { status: 404, summary, view: { ...base, view: 'dashboard', notices: [{ kind: 'error', text: UPSTREAM.invalidOrder }] } };
          if (typeof order === 'number') return { status: gatewayStatus(order), summary, view: { ...base, view: 'dashboard', notices: [unreachable(order)] } };
          return { status, summary, view: { ...base, view: 'view-order', order } };
        }
        case 'external': {
          const where = shopPage(url.pathname);
          return {
            status,
            summary,
            title: textsIn(accountTitleTexts, locale)[TITLES[endpoint.section === 'edit-address' ? 'edit-address' : endpoint.section === 'edit-account' ? 'edit-account' : 'dashboard']],
            view: { ...base, view: 'dashboard', externalUrl: where, notices: [{ kind: 'info', text: textsIn(upstreamAccountTexts, locale).external({ what: textsIn(upstreamAccountTexts, locale)[endpoint.section], address: where }) }] },
          };
        }
        default:
          return { status, summary, view: { ...base, view: 'dashboard' } };
      }
    };

    /** One of the shopper's orders through the Store API (its owner needs no key). */
    const fetchOrder = async (id: number) => {
      const answer = await forward(new Request(new URL(`/wp-json/wc/store/v1/order/${id}`, origin), { headers: { accept: 'application/json', ...(cookie ? { cookie } : {}) } }), origin);
      if (answer.status >= 500) return answer.status;
      if (!answer.ok) return 'missing' as const;
      let body: unknown;
      try {
        body = await answer.json();
      } catch {
        return 502;
      }
      const parsed = v.safeParse(storeOrderSchema, body);
      return parsed.success ? toReceivedOrder(parsed.output) : 502;
    };

    if (endpoint === null) return show(null);

    if (c.req.method === 'POST') {
      if (endpoint.kind !== 'dashboard' && endpoint.kind !== 'lost-password') return c.text('Method Not Allowed', 405, { allow: 'GET' });
      const form = await readForm(c);
      if (typeof form === 'number') {
        const notice: AccountNotice = { kind: 'error', text: form === 413 ? UPSTREAM.tooLarge : UPSTREAM.formUnreadable };
        if (endpoint.kind === 'lost-password') return show({ status: form, view: lostPasswordView([notice], '', '', false), summary: fromCookies });
        return show({ status: form, view: loginView(null, [notice]), summary: fromCookies });
      }
      if (endpoint.kind === 'lost-password') {
        const login = form.get('user_login') ?? '';
        const nonce = form.get('woocommerce-lost-password-nonce') ?? '';
        const body = new URLSearchParams({ user_login: login, wc_reset_password: 'true', 'woocommerce-lost-password-nonce': nonce, _wp_http_referer: '/my-account/lost-password/' });
        const answer = await fetchStock('/my-account/lost-password/', { method: 'POST', body: body.toString() });
        if (isRedirect(answer.status)) {
          await answer.body?.cancel();
          return redirect('/my-account/lost-password/?reset-link-sent=true');
        }
        if (!answer.ok) return show({ status: gatewayStatus(answer.status), view: lostPasswordView([unreachable(answer.status)], login, '', false), summary: fromCookies });
        const html = await answer.text();
        const notices = readStockNotices(html);
        return show({ status: 400, view: lostPasswordView(notices.length > 0 ? notices : [EXPIRED], login, hiddenValue(html, 'woocommerce-lost-password-nonce'), false), summary: fromCookies });
      }
      // Log in or register: the stock form's fields, in its order, and nothing else.
      const registering = form.has('register') || (!form.has('login') && form.has('woocommerce-register-nonce'));
      const kept = registering
        ? { mode: 'register' as const, email: form.get('email') ?? '' }
        : { mode: 'login' as const, username: form.get('username') ?? '', rememberMe: form.get('rememberme') === 'forever' };
      const body = registering
        ? new URLSearchParams({ email: form.get('email') ?? '', password: form.get('password') ?? '', 'woocommerce-register-nonce': form.get('woocommerce-register-nonce') ?? '', _wp_http_referer: '/my-account/', register: 'Register' })
        : new URLSearchParams({
            username: form.get('username') ?? '',
            password: form.get('password') ?? '',
            ...(form.get('rememberme') === 'forever' ? { rememberme: 'forever' } : {}),
            'woocommerce-login-nonce': form.get('woocommerce-login-nonce') ?? '',
            _wp_http_referer: '/my-account/',
            login: 'Log in',
          });
      const answer = await fetchStock('/my-account/', { method: 'POST', body: body.toString() });
      if (isRedirect(answer.status)) {
        await answer.body?.cancel();
        return redirect('/my-account/');
      }
      if (!answer.ok) return show(failed(answer.status, kept));
      const outcome = await readPage(await answer.text(), 200, kept);
      if (outcome.view.view !== 'login' || outcome.status !== 200) return show(outcome);
      // The stock shop drops a post whose nonce fails without a word (200, the blank form): say it.
      const notices = outcome.view.notices.length === 0 ? [EXPIRED] : outcome.view.notices;
      return show({ ...outcome, status: notices.some((n) => n.kind === 'error') ? 400 : 200, view: { ...outcome.view, notices } });
    }

    if (endpoint.kind === 'logout') {
      const nonce = url.searchParams.get('_wpnonce') ?? '';
      const first = await fetchStock(`/my-account/customer-logout/${/^[0-9a-f]{6,20}$/.test(nonce) ? `?_wpnonce=${nonce}` : ''}`);
      if (isRedirect(first.status)) {
        await first.body?.cancel();
        // WooCommerce hands over to WordPress's own logout, which clears the cookies.
        const next = new URL(first.headers.get('location') ?? '/', origin);
        if (next.origin === origin && next.pathname.endsWith('/wp-login.php') && next.searchParams.get('action') === 'logout') {
          const second = await fetchStock(`/wp-login.php${next.search}`);
          await second.body?.cancel();
          if (second.status >= 500) return show(failed(second.status));
        }
        return redirect('/my-account/');
      }
      if (!first.ok) return show(failed(first.status));
      return show(await readPage(await first.text(), 200));
    }

    if (endpoint.kind === 'lost-password') {
      // The mail's reset link and the reset form belong to the shop that sent the mail.
      if (url.searchParams.has('key') || url.searchParams.has('show-reset-form')) return redirect(shopPage(`${url.pathname}${url.search}`));
      const sent = url.searchParams.get('reset-link-sent') === 'true';
      const answer = await fetchStock(`/my-account/lost-password/${sent ? '?reset-link-sent=true' : ''}`);
      if (!answer.ok) return show({ status: gatewayStatus(answer.status), view: lostPasswordView([unreachable(answer.status)], '', '', false), summary: fromCookies });
      const html = await answer.text();
      return show({ status: 200, view: lostPasswordView(readStockNotices(html), '', hiddenValue(html, 'woocommerce-lost-password-nonce'), sent), summary: fromCookies });
    }

    const stockPath = endpoint.kind === 'orders' && endpoint.page > 1 ? `/my-account/orders/${endpoint.page}/` : endpoint.kind === 'orders' ? '/my-account/orders/' : endpoint.kind === 'view-order' ? '/my-account/' : url.pathname;
    const answer = await fetchStock(stockPath);
    if (isRedirect(answer.status)) {
      // The stock shop sends the shopper on (a plugin, an endpoint for guests): to our account pages only.
      await answer.body?.cancel();
      const next = new URL(answer.headers.get('location') ?? '/my-account/', origin);
      return redirect(next.origin === origin && accountEndpoint(next.pathname) !== null ? `${next.pathname}${next.search}` : '/my-account/');
    }
    if (!answer.ok) {
      await answer.body?.cancel();
      return show(failed(answer.status));
    }
    return show(await readPage(await answer.text(), 200));
  };
}

const isRedirect = (status: number): boolean => status >= 300 && status < 400;

const lostPasswordView = (notices: readonly AccountNotice[], login: string, nonce: string, sent: boolean): AccountLostPasswordView => ({ view: 'lost-password', notices, login, nonce, sent });

/** The posted form, or the status refusing it (413 too large, 415 not a form). */
async function readForm(c: Context): Promise<URLSearchParams | 413 | 415> {
  if (mediaType(c) !== 'application/x-www-form-urlencoded') return 415;
  const raw = await readCapped(c.req.raw.body, MAX_FORM_BYTES, c.req.header('content-length'));
  return raw === null ? 413 : new URLSearchParams(raw.toString('utf8'));
}
