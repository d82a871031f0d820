/**
 * Test support: the whole shop as `server/main.ts` builds it from `plugins.config.ts` (every
 * plugin's routes, the real page renderer, no render cache) on a throwaway database, listening on
 * 127.0.0.1. For tests of rendered pages in both languages.
 */
import type { Hono } from 'hono';
import shopConfig from '../../plugins.config.js';
import { parseShopConfig, type ShopConfig } from '../../src/app/shop-config.js';
import * as renderer from '../../src/entry-server.js';
import { createShopApp } from '../app.js';
import { listen, type RunningServer } from '../listen.js';
import { createPagesHandler } from '../pages.js';
import { resolvePlugins } from '../plugins.js';
import { newsletterSettingsOf } from '../routes/admin-ajax.js';
import { contactFormsSettingsOf } from '../routes/contact-forms.js';
import { reviewsSettingsOf } from '../routes/reviews.js';
import { wishlistSettingsOf } from '../routes/wishlist.js';
import { memoryLogger, openTestDatabase, type TestDatabase } from './harness.js';

export interface PagesShop {
  readonly db: TestDatabase;
  readonly server: RunningServer;
  readonly config: ShopConfig;
  close(): Promise<void>;
}

export async function startPagesShop(): Promise<PagesShop> {
  const config = parseShopConfig(shopConfig);
  const db = await openTestDatabase();
  const plugins = await resolvePlugins(config);
  const api: { app?: Hono } = {};
  const pages = createPagesHandler({
    apiFetch: async (request) => api.app!.fetch(request),
    loadRenderer: async () => renderer,
    assets: async () => ({ scripts: ['/assets/entry.js'], styles: [], modulePreloads: [] }),
    config,
    plugins,
  });
  const app = createShopApp({
    database: db.database,
    pages,
    secret: 'pages-shop-test-secret-0123456789abcdef',
    logger: memoryLogger(),
    checkout: config.checkout,
    shopName: config.shop.name,
    newsletter: newsletterSettingsOf(plugins),
    wishlist: wishlistSettingsOf(plugins),
    reviews: reviewsSettingsOf(plugins),
    contactForms: contactFormsSettingsOf(plugins),
  });
  api.app = app;
  const server = await listen(app, { port: 0, host: '127.0.0.1' });
  return {
    db,
    server,
    config,
    close: async () => {
      await server.close();
      await db.dispose();
    },
  };
}
