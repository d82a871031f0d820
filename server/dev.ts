/**
 * Development entry (`npm run dev`): Vite's dev server (hot reload) and the shop backend in one
 * process. Vite answers for source modules and HMR; everything else goes to the Hono app, whose
 * pages are rendered from source through Vite so edits show on reload.
 */
import { createServer as createHttpServer } from 'node:http';
import { getRequestListener } from '@hono/node-server';
import type { Hono } from 'hono';
import { createServer as createViteServer } from 'vite';
import shopConfig from '../plugins.config.js';
import { parseShopConfig } from '../src/app/shop-config.js';
import { createShopApp } from './app.js';
import { newsletterSettingsOf } from './routes/admin-ajax.js';
import { reviewMediaSettingsOf } from './routes/review-media.js';
import { wishlistSettingsOf } from './routes/wishlist.js';
import { reviewsSettingsOf } from './routes/reviews.js';
import { contactFormsSettingsOf } from './routes/contact-forms.js';
import { captchaVerifierFromEnv } from './services/captcha.js';
import { openMediaStorage, parseMediaUrl } from './storage/open.js';
import { listenOrigin, loadServerConfig } from './config.js';
import { openDatabase } from './db/client.js';
import { createPagesHandler, type RenderModule } from './pages.js';
import { scanPluginSources } from './plugin-sources.js';
import { resolvePlugins } from './plugins.js';
import { externalSourcesOf } from './security-policy.js';

async function main(): Promise<void> {
  const serverConfig = loadServerConfig();
  const config = parseShopConfig(shopConfig);
  const database = await openDatabase({ databaseUrl: serverConfig.databaseUrl, dataDir: serverConfig.dataDir });
  const httpServer = createHttpServer();
  const vite = await createViteServer({
    server: { middlewareMode: true, ws: { server: httpServer } },
    appType: 'custom',
  });
  // Plugins load through Vite, so their views share the renderer's modules (one React context).
  const plugins = await resolvePlugins(config, scanPluginSources((path) => vite.ssrLoadModule(`/${path}`)));
  const api: { app?: Hono } = {};
  const pages = createPagesHandler({
    apiFetch: async (request) => {
      if (!api.app) throw new Error('API not ready');
      return api.app.fetch(request);
    },
    loadRenderer: async () => (await vite.ssrLoadModule('/src/entry-server.tsx')) as RenderModule,
    assets: async (url) => {
      const shell = await vite.transformIndexHtml(url.pathname, '<html><head></head><body></body></html>');
      const devHead = /<head>([\s\S]*)<\/head>/.exec(shell)?.[1] ?? '';
      // The entry imports `styles.css`; `first-paint.css` is an entry of its own in the build, so
      // the dev server links it (never inlined here, where Vite serves it fresh on every change).
      return { scripts: ['/src/entry-client.tsx'], styles: [], modulePreloads: [], devHead: `<link rel="stylesheet" href="/src/ui/first-paint.css?direct">${devHead}` };
    },
    config,
    plugins,
    logger: console,
  });
  const app = createShopApp({
    database,
    pages,
    logger: console,
    publicUrl: serverConfig.publicUrl,
    trustProxy: serverConfig.trustProxy,
    listenUrl: () => listenOrigin(serverConfig.host, serverConfig.port),
    pagePolicy: { sources: externalSourcesOf(plugins), dev: true },
    newsletter: newsletterSettingsOf(plugins),
    // The wishlist's JSON route, stock actions and pages exist while its plugin is on.
    wishlist: wishlistSettingsOf(plugins),
    reviews: reviewsSettingsOf(plugins, { captcha: captchaVerifierFromEnv() }),
    // Contact Form 7's routes and the contact pages' posts while the contact-form plugin is on.
    contactForms: contactFormsSettingsOf(plugins),
    // Review photos and videos while the reviews plugin takes them (the data folder, or SUKI_MEDIA_URL's place).
    reviewMedia: (() => {
      const settings = reviewMediaSettingsOf(plugins);
      return settings ? { settings, storage: openMediaStorage(parseMediaUrl(serverConfig.mediaUrl, serverConfig.dataDir)) } : false;
    })(),
    checkout: config.checkout,
    shopName: config.shop.name,
    shopLocale: config.shop.language,
    ...(config.accounts ? { accounts: config.accounts } : {}),
  });
  api.app = app;
  const honoListener = getRequestListener(app.fetch);
  httpServer.on('request', (req, res) => {
    vite.middlewares(req, res, () => void honoListener(req, res));
  });
  httpServer.listen(serverConfig.port, serverConfig.host, () => {
    console.log(`Suki (dev, hot reload on) is running at http://${serverConfig.host}:${serverConfig.port}`);
  });
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
