/**
 * The shop's HTTP application: the Store API, the blog's WordPress REST routes (`wp/v2` posts and
 * comments), the wc-ajax and admin-ajax endpoints, generated product and blog pictures, the client build's assets and (when given) the server-rendered pages, behind
 * one set of safety rules: security headers, same-origin writes, a 64 KiB body limit, validated
 * input and JSON errors without internals.
 */
import { sql } from 'drizzle-orm';
import { Hono, type Context, type MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { HTTPException } from 'hono/http-exception';
import { DEFAULT_CHECKOUT, type CheckoutConfig } from '../src/app/shop-config.js';
import { BASE_LOCALE, type Locale } from '../src/i18n/index.js';
import type { OpenedDatabase } from './db/client.js';
import { drainOutbox } from './mail/outbox.js';
import type { MailTransport } from './mail/transport.js';
import { parameterRunner } from './db/statements.js';
import { compression } from './lib/compress.js';
import { ApiError, invalidParams } from './lib/errors.js';
import { addressMiddleware, clientAddress, type AddressOptions } from './lib/address.js';
import { languageMiddleware } from './lib/language.js';
import { isCrossSiteWrite, isHttps, isMutation, mediaType, requestOrigin, siteHeaders } from './lib/request.js';
import { jsonArguments, unstorableArgument, unstorableMessage } from './lib/text-input.js';
import { adminAjax, DEFAULT_OPT_IN_TEXT, type NewsletterSettings } from './routes/admin-ajax.js';
import { mediaRoutes } from './routes/media.js';
import { accountSummaryOf, myAccountRoutes, type AccountSettings } from './routes/my-account.js';
import { wishlistRoutes, type WishlistSettings } from './routes/wishlist.js';
import { reviewsRoutes, type ReviewsSettings } from './routes/reviews.js';
import { reviewMediaRoutes, type ReviewMediaRouteOptions } from './routes/review-media.js';
import { CONTACT_PAGES, contactFormsRoutes, isContactPost, type ContactFormsSettings } from './routes/contact-forms.js';
import { purgeExpiredWishlists } from './services/wishlists.js';
import { setPageInput } from './pages.js';
import { orderTrackingPage } from './routes/order-tracking.js';
import { dbSitemapSource, seoRoutes } from './routes/seo.js';
import type { ShopDeps, ShopLogger } from './routes/shared.js';
import { staticAssets } from './routes/static-assets.js';
import { PERMISSIONS_POLICY, withPagePolicy, type PagePolicyOptions } from './security-policy.js';
import { storeApiRoutes } from './routes/store-api.js';
import { wcAjax } from './routes/wc-ajax.js';
import { staffApiRoutes } from './routes/wc-v3.js';
import { wpV2Routes } from './routes/wp-v2.js';
import { purgeIdempotencyKeys } from './services/idempotency.js';
import { warmPasswords } from './services/passwords.js';
import { purgeRateLimits } from './services/rate-limit.js';
import type { RenderCache } from './services/render-cache.js';
import { keyLoader } from './services/secret.js';
import { isLegacySession, purgeExpiredSessions } from './services/session-store.js';
import { pendingSessionCookies, SESSION_COOKIE, sessionMiddleware } from './session.js';

/** Options of {@link createShopApp}; the address options say where the shop lives and which proxies to believe. */
export interface ShopAppOptions extends AddressOptions {
  readonly database: OpenedDatabase;
  /** Signs sessions and nonces; when absent a secret is generated once and kept in the database. */
  readonly secret?: string | undefined;
  /** The server-side page renderer: GET pages and the 404 page for unknown paths. */
  readonly pages?: (c: Context) => Promise<Response>;
  /** The client build (e.g. `dist/client`), whose `assets/` folder is served at `/assets/*`. */
  readonly staticDir?: string | undefined;
  readonly logger?: ShopLogger;
  /**
   * The render cache shared with the pages handler: catalogue API reads are answered from it
   * (`server/services/render-cache.ts`). Absent: every read goes to the database.
   */
  readonly renderCache?: RenderCache;
  /** Addresses per child sitemap. @default SITEMAP_PAGE_SIZE (1000) */
  readonly sitemapPageSize?: number;
  /** The pages' Content-Security-Policy: the enabled plugins' hosts, dev looseness. */
  readonly pagePolicy?: PagePolicyOptions;
  /**
   * The newsletter provider's admin-ajax actions and the opt-in's words they record; false when
   * the newsletter plugin is off. @default on, with the plugin's default label
   */
  readonly newsletter?: NewsletterSettings | false;
  /** Shipping zones, bank details, where order notices go. @default DEFAULT_CHECKOUT */
  readonly checkout?: CheckoutConfig | undefined;
  /** The shop's name in emails. @default 'Suki' */
  readonly shopName?: string | undefined;
  /**
   * The shop's language: mails to the shop (new order, contact message, review to moderate,
   * estimate request) are written in it; mails to a shopper follow the shopper's. @default 'en-PH'
   */
  readonly shopLocale?: Locale | undefined;
  /**
   * Sends the order emails (`server/mail/transport.ts`). Queued mail is sent after each order
   * commits, after staff status changes, at start-up and with the periodic maintenance. Absent:
   * mail stays queued in `suki_mail_outbox`.
   */
  readonly mail?: MailTransport | undefined;
  /** Shopper accounts: the shortest password, whether registration is open. @default 8, open */
  readonly accounts?: AccountSettings | undefined;
  /**
   * The wishlist plugin's options (`wishlistSettingsOf`): its JSON route, stock admin-ajax actions
   * and pages; false or absent when the plugin is off (then none of them exist).
   */
  readonly wishlist?: WishlistSettings | false | undefined;
  /**
   * The reviews, questions and trust-badge plugins (`reviewsSettingsOf`): their JSON routes, stock
   * admin-ajax actions and the classic review form; false or absent when all three are off.
   */
  readonly reviews?: ReviewsSettings | false | undefined;
  /**
   * Review photos and videos (`routes/review-media.ts`): the reviews plugin's media options and the
   * storage port; false or absent when the plugin is off or `media.enabled` is false (then none of
   * their routes exist).
   */
  readonly reviewMedia?: ReviewMediaRouteOptions | false | undefined;
  /**
   * The contact-form plugin's form ids (`contactFormsSettingsOf`): Contact Form 7's REST routes and
   * the contact pages' posts; false or absent when the plugin is off (then none of them exist).
   */
  readonly contactForms?: (ContactFormsSettings & { readonly limitScale?: number }) | false | undefined;
}

/** True for the loopback addresses (the staff API's keys are accepted from them over plain HTTP). */
export const isLoopback = (address: string): boolean => /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(address) || address === '::1' || address === '::ffff:127.0.0.1';

/**
 * Sends queued mail in the background, one drain at a time: a call during a drain runs another
 * right after it, so a message queued meanwhile is not left waiting for the next trigger.
 */
export function outboxSender(db: OpenedDatabase['db'], mail: MailTransport | undefined, logger: ShopLogger): () => Promise<void> {
  let running: Promise<void> | null = null;
  let again = false;
  return () => {
    if (!mail) return Promise.resolve();
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      do {
        again = false;
        // A full batch may mean more are due.
        while ((await drainOutbox(db, mail, logger)) === 20);
      } while (again);
    })()
      .catch((error: unknown) => logger.warn('sending queued mail failed', error))
      .finally(() => {
        running = null;
      });
    return running;
  };
}

/** Largest request body accepted. */
export const BODY_LIMIT_BYTES = 64 * 1024;

/** How often expired sessions and old idempotency answers are removed. */
const MAINTENANCE_EVERY_MS = 10 * 60_000;

const OVERRIDABLE = new Set(['PUT', 'PATCH', 'DELETE']);

const jsonError = (c: Context, error: ApiError): Response => {
  c.header('Cache-Control', 'no-store');
  c.header('Content-Type', 'application/json; charset=UTF-8');
  return c.body(JSON.stringify(error.toJSON()), error.status as 400);
};

/** Paths that are API endpoints; unknown ones answer JSON, never the HTML 404 page. */
const isApiPath = (path: string): boolean => path.startsWith('/wp-json/') || path === '/wp-json' || path.startsWith('/wp-admin/');

/** Builds the shop application. */
export function createShopApp(options: ShopAppOptions): Hono {
  const logger: ShopLogger = options.logger ?? console;
  const sendMail = outboxSender(options.database.db, options.mail, logger);
  const deps: ShopDeps = {
    db: options.database.db,
    run: options.database.statements ?? parameterRunner,
    hot: options.database.hot,
    keys: keyLoader(options.database.db, options.secret),
    logger,
    cache: options.renderCache,
    checkout: options.checkout ?? DEFAULT_CHECKOUT,
    shopName: options.shopName ?? 'Suki',
    shopLocale: options.shopLocale ?? BASE_LOCALE,
    sendQueuedMail: () => void sendMail(),
    mailEnabled: options.mail !== undefined,
  };
  // Mail left queued by a previous run (a restart between commit and sending) goes now.
  void sendMail();
  // The dummy hash a login for a missing account verifies against, made now rather than on the first such login.
  void warmPasswords().catch((error: unknown) => logger.warn('password hashing could not start', error));
  const app = new Hono();
  // Review uploads, while the reviews plugin takes media: read in bounded memory by their own module.
  const reviewMedia = options.reviewMedia ? reviewMediaRoutes(deps, options.reviewMedia) : null;
  // Every rendered page leaves with its Content-Security-Policy (hashes of its inline scripts).
  const renderPage = options.pages ? withPagePolicy(options.pages, options.pagePolicy) : undefined;

  // Everything unexpected becomes a 500 without details; the details go to the log.
  app.onError((error, c) => {
    if (error instanceof ApiError) return jsonError(c, error);
    if (error instanceof HTTPException && error.status < 500) {
      return jsonError(c, new ApiError(error.status, 'suki_http_error', error.message || 'The request could not be handled.'));
    }
    logger.error(`${c.req.method} ${new URL(c.req.url).pathname} failed`, error);
    return jsonError(c, new ApiError(500, 'suki_internal_error', 'Something went wrong on our side. Please try again.'));
  });

  app.notFound(async (c) => {
    const path = new URL(c.req.url).pathname;
    if (renderPage && (c.req.method === 'GET' || c.req.method === 'HEAD') && !isApiPath(path)) return renderPage(c);
    return jsonError(c, new ApiError(404, 'rest_no_route', 'No route was found matching the URL and request method.'));
  });

  // First: who the client is and the public origin; a request addressed otherwise runs again with it.
  app.use('*', addressMiddleware(options, (request, env) => app.fetch(request, env)));
  // Pages and API answers above 1 KiB go brotli (or gzip) compressed; outside every other middleware
  // but the address one (whose re-run passes through here), so it sees the final body.
  app.use('*', compression());

  // Security headers on every answer, and the session cookie on answers built without it.
  app.use('*', async (c, next) => {
    await next();
    let headers = c.res.headers;
    try {
      headers.set('X-Content-Type-Options', 'nosniff');
    } catch {
      // Some responses (redirects made with Response.redirect) have frozen headers: copy them.
      c.res = new Response(c.res.body, c.res);
      headers = c.res.headers;
      headers.set('X-Content-Type-Options', 'nosniff');
    }
    headers.set('Referrer-Policy', 'strict-origin-when-cross-origin');
    headers.set('Permissions-Policy', PERMISSIONS_POLICY);
    if (!headers.has('X-Frame-Options')) headers.set('X-Frame-Options', 'SAMEORIGIN');
    const sent = headers.getSetCookie().some((line) => line.startsWith(`${SESSION_COOKIE}=`));
    if (!sent) for (const line of pendingSessionCookies(c)) headers.append('Set-Cookie', line);
  });

  // The request's language (`?lang=`, the `suki_lang` cookie) and the shop's, for what is written
  // outside pages: a mail queued for the shopper while the request runs is in the shopper's language.
  app.use('*', languageMiddleware(deps.shopLocale ?? BASE_LOCALE));

  // The session cookie, checked once: only ids this shop signed (or live pre-signing ones) count.
  app.use('*', sessionMiddleware(deps.keys, (id) => isLegacySession(deps.db, id)));

  // Periodic clean-up, piggybacking on traffic so there is no timer to stop.
  let lastMaintenance = Date.now();
  app.use('*', async (_c, next) => {
    const now = Date.now();
    if (now - lastMaintenance > MAINTENANCE_EVERY_MS) {
      lastMaintenance = now;
      void (async () => {
        await purgeExpiredSessions(deps.db, now);
        await purgeIdempotencyKeys(deps.db, now);
        await purgeRateLimits(deps.db, now);
        await purgeExpiredWishlists(deps.db, now);
        if (reviewMedia) await reviewMedia.service.purgeUnattached(deps.db, now);
        await sendMail();
        // PGlite has no autovacuum: reclaim the dead rows of the busy tables (every order rewrites the
        // stock of the products it sells) and refresh statistics.
        if (options.database.kind === 'pglite') await deps.db.execute(sql`VACUUM (ANALYZE) suki_sessions, suki_cart_items, suki_idempotency_keys, suki_rate_limits, suki_cart_customers, suki_cart_coupons, suki_mail_outbox, suki_products, suki_reviews, suki_review_votes, suki_review_stats, suki_review_search, suki_questions, suki_contact_messages`);
      })().catch((error: unknown) => logger.warn('maintenance failed', error));
    }
    await next();
  });

  // Writes only from our own pages: a foreign Origin, a cross-site Sec-Fetch-Site or, without both,
  // a foreign Referer is refused (CSRF defence next to SameSite; see isCrossSiteWrite).
  app.use('*', async (c, next) => {
    if (isMutation(c.req.method) && isCrossSiteWrite(siteHeaders(c), requestOrigin(c))) {
      return jsonError(c, new ApiError(403, 'suki_forbidden_origin', 'Requests from other sites may not change this shop’s data.'));
    }
    await next();
  });

  // Refuse large bodies before anything reads them.
  const tooLarge = (c: Context) => jsonError(c, new ApiError(413, 'suki_payload_too_large', 'The request body is larger than 64 KiB.'));
  const limit = bodyLimit({ maxSize: BODY_LIMIT_BYTES, onError: tooLarge });
  // Review uploads are the exception: their module refuses them by Content-Length and by counting.
  // Contact submissions too (a file on the wholesale form): their routes hold them to their own limit.
  // A body of declared length is judged by its header alone; Hono's limiter asks the request for its
  // body stream first, which turns the Node adapter's light request into a full one whose body is
  // then read through a web stream (about a tenth of a small write's time). Chunked bodies, with no
  // length to trust, go through the limiter, which counts them.
  app.use('*', async (c, next) => {
    if (!isMutation(c.req.method) || reviewMedia?.isUpload(c) || (options.contactForms && isContactPost(c))) return next();
    const declared = c.req.header('content-length');
    if (declared !== undefined && c.req.header('transfer-encoding') === undefined) {
      return Number.parseInt(declared, 10) > BODY_LIMIT_BYTES ? tooLarge(c) : next();
    }
    return limit(c, next);
  });

  // Text the database cannot hold (NUL, unpaired surrogates) is refused here, once for every route:
  // the path, query parameters, and JSON or form bodies.
  app.use('*', async (c, next) => {
    const url = new URL(c.req.url);
    let path = url.pathname;
    try {
      path = decodeURIComponent(path);
    } catch {
      // A malformed escape is left to the routes (it cannot decode to NUL).
    }
    let bad = unstorableArgument([['path', path], ...url.searchParams]);
    if (bad === null && isMutation(c.req.method)) {
      const type = mediaType(c);
      if (type === 'application/x-www-form-urlencoded') {
        bad = unstorableArgument(new URLSearchParams(await c.req.text()));
      } else if (type === 'application/json' || type.endsWith('+json')) {
        let body: unknown;
        try {
          body = JSON.parse(await c.req.text());
        } catch {
          body = undefined; // bad JSON: the route answers rest_invalid_json
        }
        bad = unstorableArgument(jsonArguments(body));
      }
    }
    if (bad === null) return next();
    const api = isApiPath(url.pathname) || url.searchParams.has('wc-ajax') || url.searchParams.has('rest_route') || isMutation(c.req.method);
    if (api) return jsonError(c, invalidParams({ [bad]: unstorableMessage(bad) }));
    return c.html('<!doctype html><html lang="en-PH"><head><meta charset="utf-8"><title>Bad request — Suki</title></head><body><main><h1>Bad request</h1><p>This address contains characters that cannot be part of a page address.</p><p><a href="/">Back to the shop</a></p></main></body></html>', 400, { 'Cache-Control': 'no-store' });
  });

  // `X-HTTP-Method-Override` (what api-fetch sends for PUT, PATCH and DELETE): route as that method.
  app.use('*', async (c, next) => {
    const override = c.req.header('x-http-method-override')?.trim().toUpperCase();
    if (c.req.method !== 'POST' || override === undefined || !OVERRIDABLE.has(override)) return next();
    const headers = new Headers(c.req.raw.headers);
    headers.delete('x-http-method-override');
    headers.delete('content-length');
    const body = await c.req.arrayBuffer();
    return app.fetch(new Request(c.req.url, { method: override, headers, body: body.byteLength > 0 ? body : null }), c.env);
  });

  // Plain-permalink REST addresses: `/?rest_route=/wc/store/v1/cart` is `/wp-json/wc/store/v1/cart`.
  app.use('*', async (c, next) => {
    if (!c.req.url.includes('rest_route=')) return next();
    const url = new URL(c.req.url);
    const route = url.searchParams.get('rest_route');
    if (route === null || (url.pathname !== '/' && url.pathname !== '/index.php')) return next();
    url.searchParams.delete('rest_route');
    url.pathname = `/wp-json/${route.replace(/^\/+/, '')}`;
    const hasBody = c.req.method !== 'GET' && c.req.method !== 'HEAD';
    const body = hasBody ? await c.req.arrayBuffer() : null;
    const headers = new Headers(c.req.raw.headers);
    headers.delete('content-length');
    return app.fetch(new Request(url, { method: c.req.method, headers, body: body && body.byteLength > 0 ? body : null }), c.env);
  });

  // The header's account link: a page for a signed-in session is told who it is (one row read;
  // a request without a valid session cookie reads nothing). Such pages never come from the render cache.
  app.use('*', async (c, next) => {
    const path = c.req.path;
    // The My Account routes read the account themselves.
    const page =
      (c.req.method === 'GET' || c.req.method === 'HEAD') &&
      !isApiPath(path) &&
      !path.startsWith('/assets/') &&
      !path.startsWith('/wp-content/') &&
      !path.startsWith('/my-account/') &&
      c.req.query('wc-ajax') === undefined;
    if (page && renderPage) {
      const summary = await accountSummaryOf(deps, c);
      if (summary) setPageInput(c, { accountSummary: summary });
    }
    await next();
  });

  // Wishlists, while the plugin is on: Suki's JSON route, the stock actions, the pages. Their answers
  // are per shopper (`no-store, private`), so none of them goes near the render cache.
  const renderOr404 = async (c: Context) => (renderPage ? renderPage(c) : jsonError(c, new ApiError(404, 'suki_no_pages', 'Pages are not rendered by this server.')));
  const wishlist = options.wishlist ? wishlistRoutes(deps, { settings: options.wishlist, render: renderOr404 }) : null;

  // Reviews and questions, while their plugins are on: Suki's JSON route, the stock actions, the
  // classic review form. Per viewer (`no-store, private`); approved changes count in the render
  // cache's generation through the database's triggers.
  // Review photos (before the reviews' routes, which attach them through the media service) and videos: Suki's JSON route, the four stock admin-ajax actions, the files.
  if (reviewMedia) {
    app.route('/wp-json/suki/v1/reviews/media', reviewMedia.api);
    app.post('/wp-admin/admin-ajax.php', reviewMedia.stockActions);
    app.route('/wp-content/uploads/reviews', reviewMedia.files);
  }

  const reviews = options.reviews ? reviewsRoutes(deps, { ...options.reviews, media: options.reviews.media ?? reviewMedia?.service }) : null;
  if (reviews) {
    app.route('/wp-json/suki/v1', reviews.api);
    const post = reviews.commentPost;
    if (post) app.post('/wp-comments-post.php', (c) => post(c));
  }

  // Contact forms, while the plugin is on: Contact Form 7's REST routes and the pages' posts without scripts.
  if (options.contactForms) {
    const contact = contactFormsRoutes(deps, { settings: options.contactForms, mail: options.mail, limitScale: options.contactForms.limitScale ?? 1, render: renderOr404 });
    app.route('/wp-json/contact-form-7/v1', contact.api);
    for (const path of CONTACT_PAGES) app.on(['GET', 'POST'], path, contact.page);
  }

  app.use('*', wcAjax(deps, wishlist ? { afterAddToCart: wishlist.afterAddToCart } : {}));
  if (wishlist) {
    app.route('/wp-json/suki/v1/wishlist', wishlist.api);
    app.route('/', wishlist.pages);
  }

  const store = storeApiRoutes(deps);
  app.route('/wp-json/wc/store/v1', store);
  app.route('/wp-json/wc/store', store);
  app.route('/wp-json/wp/v2', wpV2Routes(deps));
  app.on(
    ['GET', 'POST'],
    '/wp-admin/admin-ajax.php',
    adminAjax(deps, { newsletter: options.newsletter === false ? null : (options.newsletter ?? { optInText: DEFAULT_OPT_IN_TEXT }), wishlist: wishlist?.stockAction, reviews: reviews?.stockAction }),
  );
  // Shop staff: WooCommerce's v3 orders and coupons with API keys, over HTTPS or from this machine.
  app.route(
    '/wp-json/wc/v3',
    staffApiRoutes({
      db: deps.db,
      isSafeTransport: (c) => isHttps(c) || isLoopback(clientAddress(c)),
      shop: { name: deps.shopName, ordersEmail: deps.checkout.ordersEmail, bankDetails: deps.checkout.bankDetails },
      baseUrl: (c) => requestOrigin(c),
      afterCommit: deps.sendQueuedMail,
      reviews: options.reviews ? { media: options.reviews.media ?? reviewMedia?.service } : undefined,
    }),
  );
  app.route('/wp-content/uploads/suki', mediaRoutes(deps));
  if (options.staticDir) app.get('/assets/*', staticAssets(options.staticDir));
  else app.get('/assets/*', (c) => c.text('Not Found', 404));
  app.route('/', seoRoutes({ source: () => dbSitemapSource(deps.db), logger, ...(options.sitemapPageSize ? { pageSize: options.sitemapPageSize } : {}) }));

  // Pages: the slash form is canonical; the bare form redirects permanently.
  const pages: MiddlewareHandler = async (c) => {
    if (renderPage) return renderPage(c);
    return jsonError(c, new ApiError(404, 'suki_no_pages', 'Pages are not rendered by this server.'));
  };
  const toSlash = (c: Context) => {
    const url = new URL(c.req.url);
    return c.redirect(`${url.pathname}/${url.search}`, 301);
  };
  app.get('/', pages);
  app.get('/shop/', pages);
  app.get('/cart/', pages);
  app.get('/checkout/', pages);
  // The checkout form posted without scripts.
  app.post('/checkout/', pages);
  app.post('/checkout/order-received/:id/', pages);
  app.get('/checkout/order-received/:id/', pages);
  app.get('/product/:slug/', pages);
  app.get('/product-category/:slug/', pages);
  // Order tracking: the page and its form, posted to itself.
  app.on(['GET', 'POST'], '/order-tracking/', orderTrackingPage(deps, async (c) => (renderPage ? renderPage(c) : jsonError(c, new ApiError(404, 'suki_no_pages', 'Pages are not rendered by this server.')))));
  // My Account: log in, register, lost password, orders, addresses, account details, log out.
  app.route('/', myAccountRoutes(deps, renderOr404, options.accounts, wishlist ? { afterSignIn: wishlist.afterSignIn, afterSignOut: wishlist.afterSignOut } : {}));
  app.get('/my-account', toSlash);
  app.get('/order-tracking', toSlash);
  app.get('/shop', toSlash);
  app.get('/cart', toSlash);
  app.get('/checkout', toSlash);
  app.get('/checkout/order-received/:id', toSlash);
  app.get('/product/:slug', toSlash);
  app.get('/product-category/:slug', toSlash);

  return app;
}
