/**
 * Accounts and the rendered pages (the real renderer and render cache): every page for a
 * signed-in session carries the header's account summary and is rendered for that shopper, never
 * served from or stored in the render cache, even with an empty cart; guests keep getting the
 * shared render, which never shows anyone's account.
 */
import type { Context, Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import shopConfig from '../plugins.config.js';
import { parseShopConfig } from '../src/app/shop-config.js';
import * as renderer from '../src/entry-server.js';
import { createShopApp } from './app.js';
import { listen, type RunningServer } from './listen.js';
import { createPagesHandler } from './pages.js';
import { resolvePlugins } from './plugins.js';
import { databaseGeneration, emptyCartNonce, RenderCache } from './services/render-cache.js';
import { keyLoader } from './services/secret.js';
import { Browser, captureMail, standInPages } from './test/accounts.js';
import { memoryLogger, openTestDatabase, type TestDatabase } from './test/harness.js';

const SECRET = 'accounts-pages-test-secret-0123456789abcdef';
let db: TestDatabase;
let server: RunningServer;

beforeAll(async () => {
  db = await openTestDatabase();
  const config = parseShopConfig(shopConfig);
  const plugins = await resolvePlugins(config);
  const cache = new RenderCache({ readGeneration: databaseGeneration(db.database.db), checkEveryMs: 0 });
  const api: { app?: Hono } = {};
  const real = createPagesHandler({
    apiFetch: async (request) => api.app!.fetch(request),
    loadRenderer: async () => renderer,
    assets: async () => ({ scripts: ['/assets/entry.js'], styles: [], modulePreloads: [] }),
    config,
    plugins,
    renderCache: { cache, emptyCartNonce: emptyCartNonce({ db: db.database.db, keys: keyLoader(db.database.db, SECRET) }) },
  });
  // The account pages' views are another module's; here they are drawn as JSON.
  const pages = (c: Context) => (c.req.path.startsWith('/my-account/') ? standInPages(c) : real(c));
  const app = createShopApp({ database: db.database, pages, secret: SECRET, renderCache: cache, logger: memoryLogger(), mail: captureMail() });
  api.app = app;
  server = await listen(app, { port: 0, host: '127.0.0.1' });
}, 120_000);
afterAll(async () => {
  await server.close();
  await db.dispose();
});

interface PageState {
  readonly account?: { readonly signedIn: boolean; readonly displayName: string };
}

const home = async (b: Browser) => {
  const response = await fetch(new URL('/', server.url), { headers: b.cookies.size > 0 ? { cookie: b.cookieHeader() } : {} });
  const html = await response.text();
  const json = /<script type="application\/json" id="suki-state">([\s\S]*?)<\/script>/.exec(html)?.[1];
  if (!json) throw new Error('no state in the page');
  return { cache: response.headers.get('x-suki-cache'), state: JSON.parse(json) as PageState, html };
};

describe('pages for a signed-in shopper', () => {
  it('carry the account summary and bypass the render cache; the shared render never shows an account', async () => {
    const guest = new Browser(server.url);
    await home(guest);
    const shared = await home(guest);
    expect(shared.cache).toBe('hit');
    expect(shared.state.account).toBeUndefined();

    const shopper = new Browser(server.url);
    expect((await shopper.register('pages.shopper@example.com', 'Tr0ub4dor&3-horse')).status).toBe(303);
    // An empty cart, which would otherwise get the shared render.
    const mine = await home(shopper);
    expect(mine.cache).toBe('bypass');
    expect(mine.state.account).toEqual({ signedIn: true, displayName: 'pages.shopper' });
    expect((await home(shopper)).cache).toBe('bypass');

    const after = await home(new Browser(server.url));
    expect(after.cache).toBe('hit');
    expect(after.state.account).toBeUndefined();
    expect(after.html).not.toContain('pages.shopper');

    // Logged out: the shared render again.
    await shopper.logout();
    const out = await home(shopper);
    expect(out.state.account).toBeUndefined();
    expect(out.cache).toBe('hit');
  });
});
