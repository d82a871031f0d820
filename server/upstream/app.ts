/**
 * Upstream mode: Suki in front of an existing WooCommerce shop. No database and nothing written to
 * disk; the browser's API calls and the shop's media go to the upstream through our host, and the
 * pages are rendered from the upstream's Store API with the shopper's own cookies.
 */
import type { Context } from 'hono';
import { Hono } from 'hono';
import { compression } from '../lib/compress.js';
import { addressMiddleware, type AddressOptions } from '../lib/address.js';
import { isCrossSiteWrite, isMutation, requestOrigin, siteHeaders } from '../lib/request.js';
import { apiSitemapSource, seoRoutes } from '../routes/seo.js';
import { staticAssets } from '../routes/static-assets.js';
import { PERMISSIONS_POLICY, withPagePolicy, type PagePolicyOptions } from '../security-policy.js';
import { createForwarder, type Forwarder } from './forward.js';
import { isUpstreamContactPost, upstreamContactPage } from './contact-forms.js';
import { CONTACT_BODY_LIMIT, type ContactFormsSettings } from '../routes/contact-forms.js';
import { accountSummaryFromCookies, upstreamMyAccount } from './my-account.js';
import { upstreamOrderTracking } from './order-tracking.js';
import { upstreamReviews } from './reviews.js';
import { upstreamWishlist } from './wishlist.js';
import { setPageInput } from '../pages.js';

/** Options of {@link createUpstreamApp}. */
export interface UpstreamAppOptions extends AddressOptions {
  readonly upstream: URL;
  /** Renders pages; gets a fetch that reaches the upstream as our host. */
  readonly pages?: (c: Context) => Promise<Response>;
  readonly staticDir?: string;
  /** Longest wait for the upstream. @default 8000 */
  readonly timeoutMs?: number;
  /** For tests. */
  readonly fetch?: typeof fetch;
  /** Addresses per child sitemap. @default SITEMAP_PAGE_SIZE (1000) */
  readonly sitemapPageSize?: number;
  /** The pages' Content-Security-Policy: the enabled plugins' hosts. */
  readonly pagePolicy?: PagePolicyOptions;
  /** Whether the wishlist plugin is on: its JSON route and pages, translated to the stock YITH plugin. @default false */
  readonly wishlist?: boolean;
  /**
   * Whether the reviews plugin is on (and the questions plugin with it), and the shop's name as its
   * staff sign answers: Suki's reviews and questions routes, translated to the stock Customer Reviews
   * for WooCommerce plugin. @default false
   */
  readonly reviews?: { readonly questions: boolean; readonly shopName: string } | false;
  /**
   * The contact-form plugin's form ids (the stock shop's Contact Form 7 forms): the contact pages and
   * their posts without scripts; false or absent when the plugin is off.
   */
  readonly contactForms?: ContactFormsSettings | false;
}

/** Whether a request is one the upstream answers (API, ajax endpoints, media). */
export const isUpstreamPath = (url: URL): boolean =>
  url.pathname.startsWith('/wp-json/') ||
  url.pathname === '/wp-admin/admin-ajax.php' ||
  url.pathname.startsWith('/wp-content/') ||
  ((url.pathname === '/' || url.pathname === '/index.php') && (url.searchParams.has('wc-ajax') || url.searchParams.has('rest_route')));

/** The forwarder the app uses, also handed to the page renderer as its API fetch. */
export const upstreamForwarder = (options: Pick<UpstreamAppOptions, 'upstream' | 'timeoutMs' | 'fetch'> & { readonly maxBodyBytes?: number }, maxAnswerBytes?: number): Forwarder =>
  createForwarder({
    upstream: options.upstream,
    ...(options.maxBodyBytes ? { maxBodyBytes: options.maxBodyBytes } : {}),
    ...(options.timeoutMs ? { timeoutMs: options.timeoutMs } : {}),
    ...(options.fetch ? { fetch: options.fetch } : {}),
    ...(maxAnswerBytes === undefined ? {} : { maxAnswerBytes }),
  });

/** Largest stock page read for a My Account page (the stock ones are about 40 KB). */
const MAX_ACCOUNT_PAGE_BYTES = 2 * 1024 * 1024;

/** Builds the upstream-mode app. */
export function createUpstreamApp(options: UpstreamAppOptions): Hono {
  const forward = upstreamForwarder(options);
  const app = new Hono();

  // Who the client is and the public origin, as in embedded mode.
  app.use('*', addressMiddleware(options, (request, env) => app.fetch(request, env)));
  // Pages and forwarded answers the upstream sent uncompressed go brotli (or gzip) compressed.
  app.use('*', compression());

  app.use('*', async (c, next) => {
    await next();
    c.res = new Response(c.res.body, c.res);
    c.res.headers.set('X-Content-Type-Options', 'nosniff');
    c.res.headers.set('Referrer-Policy', 'strict-origin-when-cross-origin');
    c.res.headers.set('Permissions-Policy', PERMISSIONS_POLICY);
    if (!c.res.headers.has('X-Frame-Options')) c.res.headers.set('X-Frame-Options', 'SAMEORIGIN');
  });

  // Writes only from our own pages, as in embedded mode.
  app.use('*', async (c, next) => {
    if (isMutation(c.req.method) && isCrossSiteWrite(siteHeaders(c), requestOrigin(c))) {
      return c.json({ code: 'suki_forbidden_origin', message: 'Requests from other sites may not change this shop’s data.', data: { status: 403 } }, 403);
    }
    await next();
  });

  // The wishlist, while its plugin is on: Suki's JSON route translated to the stock YITH actions,
  // and the stock pages read.
  const wishlist = options.wishlist
    ? upstreamWishlist({ forward: upstreamForwarder(options, MAX_ACCOUNT_PAGE_BYTES), render: async (c) => (policed ? policed(c) : noPages(c)) })
    : null;
  // Reviews and questions, while their plugins are on: Suki's JSON route translated to the stock
  // Customer Reviews actions and pages (`reviews.ts`).
  if (options.reviews) {
    app.route('/', upstreamReviews({ forward: upstreamForwarder(options, MAX_ACCOUNT_PAGE_BYTES), questions: options.reviews.questions, shopName: options.reviews.shopName }).api);
  }
  if (wishlist) {
    app.route('/', wishlist.api);
    app.on(['GET', 'POST'], ['/wishlist/', '/wishlist/view/:token/'], wishlist.page);
    app.get('/wishlist', (c) => c.redirect(`/wishlist/${new URL(c.req.url).search}`, 301));
  }
  // Signing in or out on the stock shop changes whose list the header counts.
  const withWishlistCount = (handler: (c: Context) => Promise<Response>) => async (c: Context) => (wishlist ? wishlist.afterAccount(c, await handler(c)) : handler(c));

  // Contact submissions may carry a file (the wholesale form): forwarded with their own body limit.
  const contactForward = options.contactForms ? upstreamForwarder({ ...options, maxBodyBytes: CONTACT_BODY_LIMIT }) : null;
  app.use('*', async (c, next) => {
    const url = new URL(c.req.url);
    if (!isUpstreamPath(url)) return next();
    if (contactForward && isUpstreamContactPost(c)) return contactForward(c.req.raw, requestOrigin(c));
    return forward(c.req.raw, requestOrigin(c));
  });

  // robots.txt and the sitemap are ours (we serve the pages), built from the upstream's APIs.
  app.route(
    '/',
    seoRoutes({
      source: (c) => {
        const origin = requestOrigin(c);
        return apiSitemapSource((path) => forward(new Request(new URL(path, origin), { headers: { accept: 'application/json' } }), origin));
      },
      logger: console,
      ...(options.sitemapPageSize ? { pageSize: options.sitemapPageSize } : {}),
    }),
  );
  if (options.staticDir) app.get('/assets/*', staticAssets(options.staticDir));
  const policed = options.pages ? withPagePolicy(options.pages, options.pagePolicy) : undefined;
  // Every page's header says whether the shopper is signed in, read from the stock shop's
  // logged-in cookie (no trip upstream); the My Account pages read it from the stock page instead.
  const renderPage = policed
    ? (c: Context) => {
        setPageInput(c, { accountSummary: accountSummaryFromCookies(c.req.header('cookie')) });
        return policed(c);
      }
    : undefined;
  // The checkout form posted without scripts, placed through the upstream's Store API.
  if (renderPage) {
    app.post('/checkout/', (c) => renderPage(c));
    app.post('/checkout/order-received/:id/', (c) => renderPage(c));
  }
  const noPages = (c: Context) => c.json({ code: 'rest_no_route', message: 'No route was found matching the URL and request method.', data: { status: 404 } }, 404);
  // The contact pages: posted without scripts, the stock shop's Contact Form 7 answers.
  if (options.contactForms && contactForward) {
    app.on(['GET', 'POST'], ['/contact/', '/contact/wholesale/'], upstreamContactPage({ forward: contactForward, settings: options.contactForms, render: async (c) => (renderPage ? renderPage(c) : noPages(c)) }));
  }
  // Order tracking: the stock shop answers the form; our page shows its answer.
  app.on(['GET', 'POST'], '/order-tracking/', upstreamOrderTracking(forward, async (c) => (policed ? policed(c) : noPages(c))));
  // My Account: the accounts live in the stock shop; our pages show its forms' answers.
  app.on(
    ['GET', 'POST'],
    ['/my-account/', '/my-account/*'],
    withWishlistCount(upstreamMyAccount({ forward: upstreamForwarder(options, MAX_ACCOUNT_PAGE_BYTES), shopUrl: options.upstream, render: async (c) => (policed ? policed(c) : noPages(c)) })),
  );
  app.get('*', async (c) => {
    if (renderPage) return renderPage(c);
    return c.json({ code: 'rest_no_route', message: 'No route was found matching the URL and request method.', data: { status: 404 } }, 404);
  });
  app.all('*', (c) => c.json({ code: 'rest_no_route', message: 'No route was found matching the URL and request method.', data: { status: 404 } }, 404));
  return app;
}
