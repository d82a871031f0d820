import type { Context } from 'hono';
import type { DocumentAssets, RenderedPage, RenderInput } from '../src/entry-server.js';
import type { ShopConfig } from '../src/app/shop-config.js';
import type { LoadedPlugin } from '../src/plugins/loader.js';
import { getOrCreateSession } from './session.js';

/** The SSR module's surface, loaded from source in dev and from the same source under tsx in production. */
export interface RenderModule {
  renderPage(input: RenderInput): Promise<RenderedPage>;
  renderDocument(page: RenderedPage, assets: DocumentAssets): string;
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

/** Answers page requests with server-rendered HTML. */
export const createPagesHandler = (options: PagesOptions) => async (c: Context): Promise<Response> => {
  const url = new URL(c.req.url);
  // One session for the whole page view, even on a first visit when parallel API calls would
  // otherwise each start their own.
  const session = await (options.session ?? getOrCreateSession)(c);
  const shopper = shopperFetch(session.cookie, options.apiFetch, AbortSignal.timeout(options.pageDeadlineMs ?? 8000));
  const withCookies = (response: Response) => {
    for (const line of shopper.setCookies) response.headers.append('set-cookie', line);
    return response;
  };

  // The non-script removal link of the mini-cart and cart page (`?remove_item=KEY&_wpnonce=NONCE`).
  if (url.pathname === '/cart/' && url.searchParams.has('remove_item')) {
    const key = url.searchParams.get('remove_item') ?? '';
    const nonce = url.searchParams.get('_wpnonce') ?? '';
    if (/^[A-Za-z0-9_-]{1,64}$/.test(key)) {
      await shopper.fetch(new URL('/wp-json/wc/store/v1/cart/remove-item', url.origin), {
        method: 'POST',
        headers: { 'content-type': 'application/json', nonce },
        body: JSON.stringify({ key }),
      });
    }
    return withCookies(new Response(null, { status: 303, headers: { location: '/cart/', 'cache-control': 'no-store' } }));
  }

  try {
    const renderer = await options.loadRenderer();
    const page = await renderer.renderPage({
      url,
      cookie: session.cookie,
      fetch: shopper.fetch,
      config: options.config,
      plugins: options.plugins,
    });
    const html = renderer.renderDocument(page, await options.assets(url));
    return withCookies(
      new Response(html, {
        status: page.status,
        headers: {
          'content-type': 'text/html; charset=utf-8',
          'cache-control': 'no-store',
          vary: 'cookie',
          // The shop (or the upstream behind us) could not answer: ask clients and crawlers to come back.
          ...(page.status >= 502 && page.status <= 504 ? { 'retry-after': '30' } : {}),
        },
      }),
    );
  } catch (error) {
    options.logger?.error('page render failed', error);
    return new Response(
      '<!doctype html><html lang="en-PH"><head><meta charset="utf-8"><title>Something went wrong — Suki</title></head><body><main><h1>Something went wrong</h1><p>We could not show this page. Please try again in a moment.</p><p><a href="/">Back to the shop</a></p></main></body></html>',
      { status: 500, headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' } },
    );
  }
};
