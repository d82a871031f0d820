import { LANG_COOKIE, LANG_PARAM, localeFromCookie, localeOf, textsIn, type Locale } from '../src/i18n/index.js';
import { pageTexts } from '../src/app/page-texts.js';
import { escapeHtml } from './lib/escape.js';
import './lib/language.js';
import type { Context } from 'hono';
import { randomBytes } from 'node:crypto';
import type { DocumentAssets, RenderedPage, RenderInput, RenderVariant } from '../src/entry-server.js';
import type { ShopConfig } from '../src/app/shop-config.js';
import type { LoadedPlugin } from '../src/plugins/loader.js';
import { pageCacheAddress, type CachedAnswer, type FillResult, type RenderCache } from './services/render-cache.js';
import { getOrCreateSession } from './session.js';

/** The SSR module's surface, loaded from source in dev and from the same source under tsx in production. */
export interface RenderModule {
  renderPage(input: RenderInput): Promise<RenderedPage>;
  renderDocument(page: RenderedPage, assets: DocumentAssets): string;
  /** The cookie-dependent part of a render; without it no page is served from the render cache. */
  renderVariant?(cookie: string, config: ShopConfig): RenderVariant;
}

/** The render cache, as the pages handler uses it. */
export interface PageCacheOptions {
  readonly cache: RenderCache;
  /**
   * The Store API nonce of the request's shopper when the shared anonymous render fits them (their
   * cart is empty), else null (they get a render of their own). It may start the shopper's session.
   */
  readonly emptyCartNonce: (c: Context) => Promise<string | null>;
}

/** What the pages handler needs. */
export interface PagesOptions {
  /** Calls the shop's own API in-process (no network hop). */
  readonly apiFetch: (request: Request) => Promise<Response>;
  readonly loadRenderer: () => Promise<RenderModule>;
  readonly assets: (url: URL) => Promise<DocumentAssets>;
  readonly config: ShopConfig;
  /** The enabled plugins, loaded and checked at start-up (`resolvePlugins`). */
  readonly plugins: readonly LoadedPlugin[];
  readonly logger?: Pick<Console, 'error'>;
  /**
   * The shopper's Cookie header for API calls. Embedded mode mints our session first; upstream
   * mode passes the cookies through, because the upstream shop owns the session.
   * @default getOrCreateSession
   */
  readonly session?: (c: Context) => Promise<{ readonly cookie: string }>;
  /**
   * Longest time all the API calls of one page view may take together; when it passes, the calls
   * are cut off and the page answers with its error page (504). @default 8000
   */
  readonly pageDeadlineMs?: number;
  /** Serves anonymous catalogue pages from the render cache (embedded mode; absent: every page renders). */
  readonly renderCache?: PageCacheOptions;
}

const cookiePairs = (header: string): Map<string, string> => {
  const jar = new Map<string, string>();
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0) jar.set(part.slice(0, eq).trim(), part.slice(eq + 1).trim());
  }
  return jar;
};

/**
 * A fetch that sends in-process API calls with the shopper's cookies, keeps cookies the API sets
 * (a new session on a first visit) for later calls, and collects them for the page's response.
 */
export const shopperFetch = (cookieHeader: string, apiFetch: PagesOptions['apiFetch'], deadline?: AbortSignal) => {
  const jar = cookiePairs(cookieHeader);
  const setCookies: string[] = [];
  const cookie = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
  const fetchFn = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const request = new Request(input, init);
    const headers = new Headers(request.headers);
    headers.set('cookie', cookie());
    const body = request.method === 'GET' || request.method === 'HEAD' ? undefined : await request.arrayBuffer();
    const signal = deadline ? AbortSignal.any([request.signal, deadline]) : request.signal;
    // Let the event loop read the network first: the database's answers arrive as promise jobs
    // (PGlite runs in this thread), so without this turn a whole render would run without new
    // requests reaching the load-shedding gate or closed connections being noticed.
    await new Promise((resolve) => setImmediate(resolve));
    // The shopper left or the page ran out of time: start no more work for it.
    signal.throwIfAborted();
    const response = await apiFetch(new Request(request.url, { method: request.method, headers, body, signal }));
    for (const line of response.headers.getSetCookie()) {
      setCookies.push(line);
      const pair = line.split(';', 1)[0] ?? '';
      const eq = pair.indexOf('=');
      if (eq > 0) jar.set(pair.slice(0, eq).trim(), pair.slice(eq + 1).trim());
    }
    return response;
  };
  return { fetch: fetchFn as typeof fetch, setCookies, cookie };
};

/**
 * Stands in the cached render where the shopper's nonce goes: random per process, and made of
 * characters no escaping changes, so it is found exactly where the state put it.
 */
const NONCE_SLOT = `suki-nonce-${randomBytes(12).toString('hex')}`;

const pageHeaders = (status: number, cache: 'hit' | 'miss' | 'bypass'): Array<[string, string]> => [
  ['content-type', 'text/html; charset=utf-8'],
  // Never stored by browsers or proxies: the page carries the shopper's fresh nonce.
  ['cache-control', 'no-store'],
  ['vary', 'cookie'],
  ['x-suki-cache', cache],
  // The shop (or the upstream behind us) could not answer: ask clients and crawlers to come back.
  ...(status >= 502 && status <= 504 ? ([['retry-after', '30']] as Array<[string, string]>) : []),
];

/** The answer to a request whose client has gone: nobody reads it, so it is empty. */
const abandoned = (): Response => new Response(null, { status: 499, headers: { 'cache-control': 'no-store' } });

/** A posted form's fields (URL-encoded or multipart); empty when the body is neither. */
const postedForm = async (c: Context): Promise<Record<string, unknown>> => {
  try {
    return (await c.req.parseBody()) as Record<string, unknown>;
  } catch {
    return {};
  }
};

/** What a route hands the page renderer besides the address (a form's answer). */
export type PageInput = Pick<RenderInput, 'orderTracking' | 'account' | 'accountSummary' | 'wishlist' | 'contact'>;

// Keyed by the Context, as the session is: set by a route, read by the pages handler it calls.
const pageInputs = new WeakMap<Context, PageInput>();

/**
 * Gives the page this request renders the route's answer (e.g. the order-tracking form's). Calls
 * add up: the header's account summary and a My Account page's state may come from different places.
 */
export const setPageInput = (c: Context, input: PageInput): void => {
  pageInputs.set(c, { ...pageInputs.get(c), ...input });
};

/** What the routes gave this request's page so far (tests render it without the React views). */
export const pageInputOf = (c: Context): PageInput | undefined => pageInputs.get(c);

/** `cookieHeader` with the language cookie set to `locale` (for this request's render). */
const withLanguage = (cookieHeader: string, locale: Locale): string => {
  const others = cookieHeader
    .split(';')
    .map((part) => part.trim())
    .filter((part) => part !== '' && !part.startsWith(`${LANG_COOKIE}=`));
  return [...others, `${LANG_COOKIE}=${LANG_PARAM[locale]}`].join('; ');
};

/** The `Set-Cookie` that keeps the shopper's language for a year. */
const languageSetCookie = (locale: Locale, secure: boolean): string =>
  `${LANG_COOKIE}=${LANG_PARAM[locale]}; Path=/; Max-Age=31536000; SameSite=Lax${secure ? '; Secure' : ''}`;

/** Answers page requests with server-rendered HTML. */
export const createPagesHandler = (options: PagesOptions) => async (c: Context): Promise<Response> => {
  const url = new URL(c.req.url);
  // The client's connection: once it closes, nothing more is rendered or fetched for it.
  const client = c.req.raw.signal;
  if (client.aborted) return abandoned();
  const deadlineMs = options.pageDeadlineMs ?? 8000;
  // One session for the whole page view, even on a first visit when parallel API calls would
  // otherwise each start their own.
  const session = await (options.session ?? getOrCreateSession)(c);
  // `?lang=fil` / `?lang=en` (the language switch, and the `hreflang` addresses crawlers follow):
  // this page in that language, and the shopper's next pages too (a cookie, set when it changes).
  const chosen = localeOf(url.searchParams.get('lang'));
  const pageCookie = chosen ? withLanguage(session.cookie, chosen) : session.cookie;
  // Made only when this request calls the API itself (a page from the cache does not): its
  // deadline is a timer that would otherwise outlive every cached answer by seconds. Its calls carry
  // the page's language (on the visit that chose it too), so what the API writes in words (a
  // contact form's rule errors, an order's mails) is in the page's language.
  let own: ReturnType<typeof shopperFetch> | null = null;
  const shopper = () => (own ??= shopperFetch(pageCookie, options.apiFetch, AbortSignal.any([AbortSignal.timeout(deadlineMs), client])));
  const languageCookie = chosen && localeFromCookie(session.cookie) !== chosen ? languageSetCookie(chosen, url.protocol === 'https:') : null;
  const withLanguageCookie = (response: Response) => {
    if (languageCookie) response.headers.append('set-cookie', languageCookie);
    return response;
  };
  const withCookies = (response: Response) => {
    for (const line of own?.setCookies ?? []) response.headers.append('set-cookie', line);
    return withLanguageCookie(response);
  };

  // The non-script removal link of the mini-cart and cart page (`?remove_item=KEY&_wpnonce=NONCE`).
  if (url.pathname === '/cart/' && url.searchParams.has('remove_item')) {
    const key = url.searchParams.get('remove_item') ?? '';
    const nonce = url.searchParams.get('_wpnonce') ?? '';
    if (/^[A-Za-z0-9_-]{1,64}$/.test(key)) {
      await shopper().fetch(new URL('/wp-json/wc/store/v1/cart/remove-item', url.origin), {
        method: 'POST',
        headers: { 'content-type': 'application/json', nonce },
        body: JSON.stringify({ key }),
      });
    }
    return withCookies(new Response(null, { status: 303, headers: { location: '/cart/', 'cache-control': 'no-store' } }));
  }

  // `Place order` without scripts: the checkout form posted to its own page; and the billing email
  // an order-received page asks for once its key alone no longer shows the order.
  const posted = c.req.method === 'POST' && url.pathname.startsWith('/checkout/') ? await postedForm(c) : undefined;
  const checkoutForm = url.pathname === '/checkout/' ? posted : undefined;
  const orderEmail = url.pathname.startsWith('/checkout/order-received/') && typeof posted?.['email'] === 'string' ? posted['email'] : undefined;

  try {
    const renderer = await options.loadRenderer();
    // A signed-in shopper's page shows their account: never the shared render.
    const signedIn = pageInputs.get(c)?.accountSummary?.signedIn === true;
    const cached = posted || signedIn ? null : await cachedPage(c, url, pageCookie, renderer, options);
    if (cached) return withLanguageCookie(cached);
    if (client.aborted) return abandoned();
    const page = await renderer.renderPage({
      url,
      cookie: pageCookie,
      fetch: shopper().fetch,
      config: options.config,
      plugins: options.plugins,
      ...(checkoutForm ? { checkoutForm } : {}),
      ...(orderEmail !== undefined ? { orderEmail } : {}),
      ...pageInputs.get(c),
    });
    if (client.aborted) return abandoned();
    if (page.redirect) return withCookies(new Response(null, { status: 303, headers: { location: page.redirect, 'cache-control': 'no-store' } }));
    const html = renderer.renderDocument(page, await options.assets(url));
    return withCookies(new Response(html, { status: page.status, headers: pageHeaders(page.status, 'bypass') }));
  } catch (error) {
    if (client.aborted) return abandoned();
    options.logger?.error('page render failed', error);
    const locale = localeFromCookie(pageCookie);
    const t = textsIn(pageTexts, locale);
    return new Response(
      `<!doctype html><html lang="${locale}"><head><meta charset="utf-8"><title>${escapeHtml(t.failedTitle)} — ${escapeHtml(options.config.shop.name)}</title></head><body><main><h1>${escapeHtml(t.failedTitle)}</h1><p>${escapeHtml(t.failedMessage)}</p><p><a href="/">${escapeHtml(t.backToShop)}</a></p></main></body></html>`,
      { status: 500, headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' } },
    );
  }
};

/**
 * The page from the render cache (rendering it once for everyone who asks meanwhile), or null when
 * the cache does not apply: no cache, a page that is not cached, a shopper with a cart, or a
 * generation that cannot be read.
 */
async function cachedPage(c: Context, url: URL, cookie: string, renderer: RenderModule, options: PagesOptions): Promise<Response | null> {
  const settings = options.renderCache;
  if (!settings || !renderer.renderVariant || (c.req.method !== 'GET' && c.req.method !== 'HEAD')) return null;
  const address = pageCacheAddress(url);
  if (address === null) return null;
  const nonce = await settings.emptyCartNonce(c);
  if (nonce === null) return null;
  const generation = await settings.cache.generation();
  if (generation === null) return null;
  const variant = renderer.renderVariant(cookie, options.config);
  const target = new URL(address, url.origin);
  const key = `page ${variant.key} ${url.origin}${address}`;
  const client = c.req.raw.signal;
  let result: (FillResult & { readonly hit: boolean }) | null;
  try {
    result = await settings.cache.getOrFill(key, generation, (signal) => renderAnonymous(renderer, target, variant, signal, options), client);
  } catch (error) {
    if (client.aborted) return abandoned();
    throw error;
  }
  if (!result) return null;
  return answerWithNonce(result.answer, nonce, result.hit ? 'hit' : 'miss');
}

const answerWithNonce = (answer: CachedAnswer, nonce: string, cache: 'hit' | 'miss'): Response => {
  const headers = new Headers();
  for (const [name, value] of answer.headers) headers.append(name, value);
  headers.set('x-suki-cache', cache);
  return new Response(answer.parts.join(nonce), { status: answer.status, headers });
};

/**
 * Renders `url` for a visitor with no session (so an empty cart) and the variant's cookies, and
 * cuts the document where the nonce goes. Stored only when it is a whole 200 page.
 */
async function renderAnonymous(renderer: RenderModule, url: URL, variant: RenderVariant, signal: AbortSignal, options: PagesOptions): Promise<FillResult> {
  const visitor = shopperFetch(variant.cookie, options.apiFetch, AbortSignal.any([AbortSignal.timeout(options.pageDeadlineMs ?? 8000), signal]));
  signal.throwIfAborted();
  const page = await renderer.renderPage({ url, cookie: variant.cookie, fetch: visitor.fetch, config: options.config, plugins: options.plugins });
  signal.throwIfAborted();
  const nonceShown = page.state.cartNonce !== '';
  const html = renderer.renderDocument({ ...page, state: { ...page.state, cartNonce: NONCE_SLOT } }, await options.assets(url));
  const parts = html.split(NONCE_SLOT);
  const headers = pageHeaders(page.status, 'miss').filter(([name]) => name !== 'x-suki-cache');
  return { answer: { status: page.status, headers, parts }, store: page.status === 200 && nonceShown && parts.length === 2 };
}
