/**
 * The wishlist pages through the real renderer and render cache: a list's page is rendered for its
 * viewer (`no-store, private`, never from or into the render cache), a title holding HTML never
 * reaches the document as markup, and a private list is the ordinary not-found page to others.
 */
import type { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import shopConfig from '../plugins.config.js';
import { parseShopConfig } from '../src/app/shop-config.js';
import type { WishlistState } from '../src/core/domain/wishlist.js';
import * as renderer from '../src/entry-server.js';
import { createShopApp } from './app.js';
import { listen, type RunningServer } from './listen.js';
import { createPagesHandler } from './pages.js';
import { resolvePlugins } from './plugins.js';
import { DEFAULT_WISHLIST_SETTINGS } from './routes/wishlist.js';
import { databaseGeneration, emptyCartNonce, RenderCache } from './services/render-cache.js';
import { keyLoader } from './services/secret.js';
import { memoryLogger, openTestDatabase, STORE, type StoreProductJson, type TestDatabase } from './test/harness.js';
import { WISHLIST, WishlistBrowser } from './test/wishlist.js';

const SECRET = 'wishlist-pages-test-secret-0123456789abcdef';
const EVIL = '<img src=x onerror=alert(1)>Regalo';
let db: TestDatabase;
let server: RunningServer;
let coffee = 0;

beforeAll(async () => {
  db = await openTestDatabase();
  const config = parseShopConfig(shopConfig);
  const plugins = await resolvePlugins(config);
  const cache = new RenderCache({ readGeneration: databaseGeneration(db.database.db), checkEveryMs: 0 });
  const api: { app?: Hono } = {};
  const pages = createPagesHandler({
    apiFetch: async (request) => api.app!.fetch(request),
    loadRenderer: async () => renderer,
    assets: async () => ({ scripts: ['/assets/entry.js'], styles: [], modulePreloads: [] }),
    config,
    plugins,
    renderCache: { cache, emptyCartNonce: emptyCartNonce({ db: db.database.db, keys: keyLoader(db.database.db, SECRET) }) },
  });
  const app = createShopApp({ database: db.database, pages, secret: SECRET, renderCache: cache, logger: memoryLogger(), wishlist: DEFAULT_WISHLIST_SETTINGS });
  api.app = app;
  server = await listen(app, { port: 0, host: '127.0.0.1' });
  const all = await new WishlistBrowser(server.url).fetch(`${STORE}/products?per_page=100`);
  coffee = ((await all.json()) as StoreProductJson[]).find((p) => p.slug === 'kapeng-barako-ground-coffee')?.id ?? 0;
}, 120_000);
afterAll(async () => {
  await server.close();
  await db.dispose();
});

describe('the wishlist pages, rendered', () => {
  it('are rendered per viewer, never cached, with titles as text', async () => {
    const owner = new WishlistBrowser(server.url);
    await owner.json('POST', `${WISHLIST}/items`, { productId: coffee, productType: 'simple', wishlistId: null });
    const state = (await owner.json<WishlistState>('PATCH', `${WISHLIST}/lists/${(await owner.state()).body.defaultListId}`, { name: EVIL })).body;
    const list = state.lists[0];
    if (!list) throw new Error('no list');

    for (let i = 0; i < 2; i += 1) {
      const response = await owner.fetch('/wishlist/');
      const html = await response.text();
      expect(response.status).toBe(200);
      expect(response.headers.get('cache-control')).toBe('no-store, private');
      expect(response.headers.get('x-suki-cache')).toBe('bypass');
      expect(html).toContain('Kapeng Barako Ground Coffee');
      expect(html).not.toContain('<img src=x');
    }
    const visitor = new WishlistBrowser(server.url);
    const shared = await visitor.fetch(`/wishlist/view/${list.token}/`);
    const sharedHtml = await shared.text();
    expect(shared.status).toBe(200);
    expect(shared.headers.get('x-suki-cache')).toBe('bypass');
    expect(sharedHtml).not.toContain('<img src=x');

    await owner.json('PATCH', `${WISHLIST}/lists/${list.id}`, { privacy: 2 });
    const hidden = await visitor.fetch(`/wishlist/view/${list.token}/`);
    const missing = await visitor.fetch(`/wishlist/view/${'B'.repeat(32)}/`);
    expect(hidden.status).toBe(404);
    expect(missing.status).toBe(404);
    // The same page but for the address (and the shopper's nonce).
    const strip = (html: string) => html.split(list.token).join('TOKEN').split('B'.repeat(32)).join('TOKEN').replace(/"cartNonce":"[^"]*"/g, '');
    expect(strip(await hidden.text())).toEqual(strip(await missing.text()));
  });
});
