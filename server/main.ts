/**
 * Production entry (`npm start`): the embedded shop on PGlite (or PostgreSQL with DATABASE_URL),
 * serving the built client from dist/client and rendering pages on the server.
 */
import path from 'node:path';
import type { Hono } from 'hono';
import shopConfig from '../plugins.config.js';
import { parseShopConfig } from '../src/app/shop-config.js';
import * as renderer from '../src/entry-server.js';
import { createShopApp } from './app.js';
import { newsletterSettingsOf } from './routes/admin-ajax.js';
import { reviewMediaSettingsOf } from './routes/review-media.js';
import { wishlistSettingsOf } from './routes/wishlist.js';
import { reviewsSettingsOf } from './routes/reviews.js';
import { contactFormsSettingsOf } from './routes/contact-forms.js';
import { captchaVerifierFromEnv } from './services/captcha.js';
import { openMediaStorage, parseMediaUrl } from './storage/open.js';
import { pageAssets } from './assets.js';
import { listenOrigin, loadServerConfig } from './config.js';
import { openDatabase } from './db/client.js';
import { describeStorageError, prepareDataDir, StartupError } from './lib/storage-errors.js';
import { listen } from './listen.js';
import { createMailTransport } from './mail/transport.js';
import { createPagesHandler } from './pages.js';
import { resolvePlugins } from './plugins.js';
import { externalSourcesOf } from './security-policy.js';
import { databaseGeneration, emptyCartNonce, RenderCache } from './services/render-cache.js';
import { keyLoader } from './services/secret.js';
import { createUpstreamApp, upstreamForwarder } from './upstream/app.js';
import { projectRoot } from './lib/root.js';

const root = projectRoot;

async function main(): Promise<void> {
  const serverConfig = loadServerConfig();
  // The embedded database's folder must be writable: a full disk or a read-only folder is said plainly, first.
  const pgliteDir = path.resolve(serverConfig.dataDir, 'pglite');
  if (!serverConfig.upstream && !serverConfig.databaseUrl) await prepareDataDir(pgliteDir);
  const config = parseShopConfig(shopConfig);
  const plugins = await resolvePlugins(config);
  const clientDir = path.join(root, 'dist', 'client');
  // The client build's manifest is read after the database opens, so a data folder that fails while
  // the database is made is reported as such even where the client is not built yet.
  const loadAssets = () => pageAssets(clientDir, plugins);
  // Where the shop lives (absolute links, the origin check) and which proxies' forwarded headers count.
  let boundPort: number | undefined;
  const address = {
    publicUrl: serverConfig.publicUrl,
    trustProxy: serverConfig.trustProxy,
    listenUrl: () => listenOrigin(serverConfig.host, boundPort ?? serverConfig.port),
    // The pages' Content-Security-Policy allows the hosts of the enabled plugins only.
    pagePolicy: { sources: externalSourcesOf(plugins) },
  };
  if (!serverConfig.publicUrl && (serverConfig.host === '0.0.0.0' || serverConfig.host === '::')) {
    console.warn(`SUKI_PUBLIC_URL is not set: links will use ${listenOrigin(serverConfig.host, serverConfig.port)}. Set it to the address shoppers use.`);
  }
  const shedding = { maxConcurrent: serverConfig.maxConcurrent, maxQueue: serverConfig.maxQueue };
  if (serverConfig.upstream) {
    // Upstream mode: no database, nothing written to disk; the upstream shop owns carts and sessions.
    const upstream = new URL(serverConfig.upstream);
    const assetsFor = await loadAssets();
    const forward = upstreamForwarder({ upstream });
    // Suki's own JSON routes are answered by this app (translated to the stock shop's actions);
    // everything else the renderer asks for goes to the stock shop itself.
    let app: ReturnType<typeof createUpstreamApp> | null = null;
    const pages = createPagesHandler({
      apiFetch: (request) => (app && new URL(request.url).pathname.startsWith('/wp-json/suki/') ? Promise.resolve(app.fetch(request)) : forward(request, new URL(request.url).origin)),
      loadRenderer: async () => renderer,
      assets: async (url) => assetsFor(url),
      config,
      plugins,
      session: async (c) => ({ cookie: c.req.header('cookie') ?? '' }),
      logger: console,
    });
    app = createUpstreamApp({
      upstream,
      pages,
      staticDir: clientDir,
      wishlist: wishlistSettingsOf(plugins) !== false,
      reviews: plugins.some((p) => p.name === 'reviews') && { questions: plugins.some((p) => p.name === 'questions'), shopName: config.shop.name },
      contactForms: contactFormsSettingsOf(plugins),
      ...address,
    });
    const server = await listen(app, { port: serverConfig.port, host: serverConfig.host, shedding });
    boundPort = server.port;
    console.log(`Suki is running at ${server.url} (upstream: ${upstream.origin})`);
    const stop = async () => {
      await server.close();
      process.exit(0);
    };
    process.once('SIGINT', () => void stop());
    process.once('SIGTERM', () => void stop());
    return;
  }
  const database = await openDatabase({ databaseUrl: serverConfig.databaseUrl, dataDir: serverConfig.dataDir }).catch((error: unknown) => {
    const message = serverConfig.databaseUrl ? null : describeStorageError(error, pgliteDir);
    throw message ? new StartupError(message, { cause: error }) : error;
  });
  const assetsFor = await loadAssets();
  // Anonymous catalogue pages and catalogue reads, kept until the catalogue's generation moves.
  const renderCache =
    serverConfig.renderCacheBytes > 0
      ? new RenderCache({ readGeneration: databaseGeneration(database.db), checkEveryMs: serverConfig.cacheCheckMs, maxBytes: serverConfig.renderCacheBytes })
      : undefined;
  // The pages handler calls the API in-process; `api` is filled in right after the app exists.
  const api: { app?: Hono } = {};
  const pages = createPagesHandler({
    apiFetch: async (request) => {
      if (!api.app) throw new Error('API not ready');
      return api.app.fetch(request);
    },
    loadRenderer: async () => renderer,
    assets: async (url) => assetsFor(url),
    config,
    plugins,
    logger: console,
    ...(renderCache ? { renderCache: { cache: renderCache, emptyCartNonce: emptyCartNonce({ db: database.db, keys: keyLoader(database.db, serverConfig.secret) }) } } : {}),
  });
  // Order emails: by SMTP with SUKI_SMTP_URL, else .eml files under the data folder.
  const mail = createMailTransport({ smtpUrl: serverConfig.smtpUrl, dataDir: serverConfig.dataDir, from: serverConfig.mailFrom, logger: console });
  console.log(`Order emails go to ${mail.describe}${serverConfig.smtpUrl ? '' : ' (.eml files; set SUKI_SMTP_URL to send them)'}`);
  // Review photos and videos, while the reviews plugin takes them: the data folder, or SUKI_MEDIA_URL's place.
  const mediaSettings = reviewMediaSettingsOf(plugins);
  let reviewMedia: Parameters<typeof createShopApp>[0]['reviewMedia'] = false;
  if (mediaSettings) {
    try {
      reviewMedia = { settings: mediaSettings, storage: openMediaStorage(parseMediaUrl(serverConfig.mediaUrl, serverConfig.dataDir)) };
    } catch (error) {
      throw new StartupError(`SUKI_MEDIA_URL: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
    }
    console.log(`Review photos and videos go to ${reviewMedia.storage.describe}`);
  }
  const app = createShopApp({
    database,
    pages,
    mail,
    reviewMedia,
    checkout: config.checkout,
    shopName: config.shop.name,
    shopLocale: config.shop.language,
    accounts: { ...config.accounts, limitScale: serverConfig.accountLimitScale },
    // The newsletter's admin-ajax actions exist while its plugin is on, and record its opt-in's words.
    newsletter: newsletterSettingsOf(plugins),
    // The wishlist's JSON route, stock actions and pages exist while its plugin is on.
    wishlist: wishlistSettingsOf(plugins),
    reviews: reviewsSettingsOf(plugins, { captcha: captchaVerifierFromEnv() }),
    // Contact Form 7's routes and the contact pages' posts exist while the contact-form plugin is on;
    // its per-client limit scales with the accounts' (browser tests share one address).
    contactForms: (() => {
      const settings = contactFormsSettingsOf(plugins);
      return settings && { ...settings, limitScale: serverConfig.accountLimitScale };
    })(),
    staticDir: clientDir,
    ...(serverConfig.secret ? { secret: serverConfig.secret } : {}),
    ...(renderCache ? { renderCache } : {}),
    logger: console,
    ...address,
  });
  api.app = app;
  const server = await listen(app, { port: serverConfig.port, host: serverConfig.host, shedding });
  boundPort = server.port;
  console.log(`Suki is running at ${server.url} (database: ${database.kind})`);
  // SUKI_MEMORY_LOG=1: what holds the memory, every 5 s on stderr (the memory soak bench reads it).
  if (process.env['SUKI_MEMORY_LOG'] === '1') {
    setInterval(() => {
      const { rss, heapTotal, heapUsed, external, arrayBuffers } = process.memoryUsage();
      console.error(`suki-memory ${JSON.stringify({ rss, heapTotal, heapUsed, external, arrayBuffers, renderCache: renderCache?.bytes ?? 0 })}`);
    }, 5000).unref();
  }
  const stop = async () => {
    await server.close();
    mail.close();
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void stop());
  process.once('SIGTERM', () => void stop());
}

// One plain line, no stack trace: what went wrong and what to do.
main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message || error.name : String(error));
  process.exit(1);
});
