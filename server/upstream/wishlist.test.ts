/**
 * The wishlist in upstream mode against a stand-in stock shop answering with the recorded YITH
 * WooCommerce Wishlist 3.35.0 (free) answers (`server/test/fake-stock-wishlist.ts`): Suki's JSON
 * route translated to `add_to_wishlist` / `remove_from_wishlist` with the page's nonces (a refused
 * nonce refreshed once and retried once, a second refusal an error), premium routes refused with
 * 501, the stock cookies passed on for our host with our count cookie, bad upstream answers as clear
 * 502s that change nothing, and the pages read from the stock HTML with their no-script links.
 *
 * The pages are drawn by a stand-in renderer that serializes what the route handed it.
 */
import fc from 'fast-check';
import { Hono } from 'hono';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import shopConfig from '../../plugins.config.js';
import type { AppState } from '../../src/app/app-state.js';
import type { AccountSummary } from '../../src/app/account-page.js';
import { parseShopConfig } from '../../src/app/shop-config.js';
import type { WishlistPageView } from '../../src/app/wishlist-page.js';
import type { WishlistAddAnswer, WishlistState } from '../../src/core/domain/wishlist.js';
import type { RenderedPage } from '../../src/entry-server.js';
import { stockAnswer } from '../test/fake-stock-shop.js';
import { serializeState } from '../../src/ui/document.js';
import { listen } from '../listen.js';
import { createPagesHandler, type RenderModule } from '../pages.js';
import { STOCK_WISHLIST_COOKIE, stockWishlistShop, type StockWishlistControls, type StoreProductFacts } from '../test/fake-stock-wishlist.js';
import { createUpstreamApp, upstreamForwarder } from './app.js';

// ---------------------------------------------------------------------------------------------
// The stand-in stock shop, and our front

let stockUrl = '';
let controls: StockWishlistControls;
let stock: { url: string; close(): Promise<void> };
let front: { url: string; close(): Promise<void> };
/** Products whose facts a test changes (a hostile name). */
const overrides = new Map<number, StoreProductFacts>();

const WISHLIST_DOC = 'suki-test-wishlist-doc';
interface Handed {
  readonly wishlist?: { readonly status: number; readonly title: string; readonly view: WishlistPageView };
  readonly accountSummary?: AccountSummary;
}

const renderer = async (): Promise<RenderModule> => ({
  renderPage: async (input) => {
    const handed: Handed = { ...(input.wishlist ? { wishlist: input.wishlist } : {}), ...(input.accountSummary ? { accountSummary: input.accountSummary } : {}) };
    // Without the route's state a wishlist address is a 404, as `loadPage` says.
    return { status: input.wishlist?.status ?? 404, html: WISHLIST_DOC, state: handed as unknown as AppState, title: input.wishlist?.title ?? 'Page not found', description: '', preloadImage: null } satisfies RenderedPage;
  },
  renderDocument: (page) => `<!doctype html><title>${page.title}</title><main></main><script type="application/json" id="suki-state">${serializeState(page.state)}</script>`,
});

beforeAll(async () => {
  const shop = stockWishlistShop({
    origin: () => stockUrl,
    product: async (id) => overrides.get(id),
  });
  controls = shop.controls;
  // The Store API the currency is read from: the recorded catalogue.
  const app = new Hono();
  app.get('/wp-json/wc/store/v1/products', () => stockAnswer(stockUrl, 'peer-2/storeapi-products.http'));
  // Signing in and out on the stock shop (peer-3), the logged-in cookie's redacted value filled in.
  app.post('/my-account/', () => {
    const answer = stockAnswer(stockUrl, 'peer-3/myaccount-login.http');
    const headers = new Headers();
    answer.headers.forEach((value, name) => name !== 'set-cookie' && headers.append(name, value));
    for (const line of answer.headers.getSetCookie()) headers.append('set-cookie', line.replace('=<redacted>', `=ana.buyer%7C${Math.floor(Date.now() / 1000) + 86_400}%7Ctoken%7Chmac`));
    return new Response(null, { status: answer.status, headers });
  });
  app.get('/my-account/customer-logout/', () => stockAnswer(stockUrl, 'peer-3/myaccount-logout.http'));
  app.get('/wp-login.php', () => stockAnswer(stockUrl, 'peer-3/myaccount-logout-wp-login.http'));
  app.route('/', shop.app);
  stock = await listen(app, { port: 0 });
  stockUrl = stock.url;
  const upstream = new URL(stock.url);
  const forward = upstreamForwarder({ upstream });
  const pages = createPagesHandler({
    apiFetch: (request) => forward(request, new URL(request.url).origin),
    loadRenderer: renderer,
    assets: async () => ({ scripts: [], styles: [], modulePreloads: [] }),
    config: parseShopConfig(shopConfig),
    plugins: [],
    session: async (c) => ({ cookie: c.req.header('cookie') ?? '' }),
  });
  front = await listen(createUpstreamApp({ upstream, pages, wishlist: true }), { port: 0 });
}, 60_000);
afterAll(async () => {
  await front?.close();
  await stock?.close();
});
beforeEach(() => {
  controls.nonces = { add: '1d9e84516c', remove: '60a6d22694' };
  controls.refuseNonces = false;
  controls.refuseNext = 0;
  controls.brokenAjax = null;
  controls.brokenPage = null;
  overrides.clear();
});

/** A browser's cookie jar for our host (path `/` cookies, deletions applied). */
class Jar {
  readonly cookies = new Map<string, string>();
  readonly lines: string[] = [];
  /** A guest with a WooCommerce session of their own (so stock nonces of their own). */
  static withSession(): Jar {
    const jar = new Jar();
    jar.cookies.set('wp_woocommerce_session_0619981992954b377f57d68b9c6c79e4', `t_${Math.random().toString(16).slice(2)}%7C%7C1795633817`);
    return jar;
  }
  take(response: Response): this {
    for (const line of response.headers.getSetCookie()) {
      this.lines.push(line);
      const [pair = '', ...attributes] = line.split(';').map((part) => part.trim());
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq);
      if (attributes.some((a) => /^max-age=0$/i.test(a))) this.cookies.delete(name);
      else this.cookies.set(name, pair.slice(eq + 1));
    }
    return this;
  }
  get header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
  get count(): string | undefined {
    return this.cookies.get('suki_wishlist_count');
  }
}

const API = '/wp-json/suki/v1';
const call = async (jar: Jar, method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Response> => {
  const response = await fetch(`${front.url}${path}`, {
    method,
    redirect: 'manual',
    headers: { ...(jar.header ? { cookie: jar.header } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
    ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
  });
  jar.take(response);
  return response;
};
const addItem = async (jar: Jar, productId: number, productType = 'simple') => {
  const response = await call(jar, 'POST', `${API}/wishlist/items`, { productId, productType, wishlistId: null });
  return { response, body: (await response.json()) as WishlistAddAnswer & { code?: string; data?: { status: number; params?: Record<string, string> } } };
};
const readState = async (jar: Jar) => {
  const response = await call(jar, 'GET', `${API}/wishlist`);
  return (await response.json()) as WishlistState;
};
const handed = async (response: Response): Promise<Handed> => {
  const html = await response.text();
  const json = /<script type="application\/json" id="suki-state">([\s\S]*?)<\/script>/.exec(html)?.[1];
  if (json === undefined) throw new Error(`No state in: ${html.slice(0, 300)}`);
  return JSON.parse(json) as Handed;
};
/** What the stand-in saw since `from`: method, path and the action fields of posts. */
const seenSince = (from: number) =>
  controls.seen.slice(from).map((s) => (s.method === 'POST' ? `POST ${s.form['action'] ?? s.path} ${s.form['nonce'] ?? ''}`.trim() : `GET ${s.path}`));

// ---------------------------------------------------------------------------------------------

describe('the JSON route, translated to the stock actions', () => {
  it('a new guest has no list yet; every answer is private, uncached, and deletes the count cookie', async () => {
    const jar = new Jar();
    const response = await call(jar, 'GET', `${API}/wishlist`);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store, private');
    expect(response.headers.get('vary')).toMatch(/cookie/i);
    expect(await response.json()).toEqual({
      lists: [],
      entries: [],
      defaultListId: null,
      features: { multipleLists: false, moveItems: false, sortItems: false, quantities: false, estimates: false, renameLists: false, changePrivacy: false },
    });
    expect(jar.lines).toContainEqual('suki_wishlist_count=; Path=/; Max-Age=0; SameSite=Lax');
  });

  it('an add goes to add_to_wishlist with the page’s nonce; the stock session cookie reaches the browser and the state comes from the page', async () => {
    const jar = Jar.withSession();
    const from = controls.seen.length;
    const { response, body } = await addItem(jar, 14);
    expect(response.status).toBe(200);
    expect(body.result).toBe('true');
    expect(body.message).toBe('');
    expect(body.state.lists).toEqual([{ id: expect.any(Number) as number, token: expect.stringMatching(/^[A-Z0-9]{12}$/) as string, title: '', privacy: 0, isDefault: true, itemCount: 1, url: `/wishlist/view/${body.state.lists[0]?.token ?? ''}/` }]);
    expect(body.state.entries).toEqual([{ rowId: 14, wishlistId: body.state.lists[0]?.id, productId: 14, parentId: 14, quantity: 1, position: 0 }]);
    expect(body.state.defaultListId).toBe(body.state.lists[0]?.id);
    // The nonce from the stock page, the add with the stock fields, then the page again with the new session.
    expect(seenSince(from)).toEqual(['GET /wishlist/', 'POST add_to_wishlist 1d9e84516c', 'GET /wishlist/']);
    const post = controls.seen[from + 1];
    expect(post?.form).toEqual({ action: 'add_to_wishlist', nonce: '1d9e84516c', context: 'frontend', add_to_wishlist: '14', product_type: 'simple' });
    expect(controls.seen[from + 2]?.cookie).toContain(`${STOCK_WISHLIST_COOKIE}=`);
    // The stock cookie, for our host (no Domain), as the stock shop set it; and our count.
    const session = jar.lines.find((line) => line.startsWith(`${STOCK_WISHLIST_COOKIE}=`)) ?? '';
    expect(session).toMatch(/; Max-Age=2592000; path=\/; HttpOnly$/);
    expect(session).not.toMatch(/domain/i);
    expect(jar.lines).toContainEqual('suki_wishlist_count=1; Path=/; Max-Age=2592000; SameSite=Lax');
    expect(jar.lines.filter((line) => /^suki_wishlist_count=/.test(line))).toHaveLength(1);
  });

  it('adding again answers exists; a second product comes first; the kept nonce saves the page read before the add', async () => {
    const jar = new Jar();
    await addItem(jar, 14);
    const from = controls.seen.length;
    const again = await addItem(jar, 14);
    expect(again.body.result).toBe('exists');
    expect(seenSince(from)).toEqual(['POST add_to_wishlist 1d9e84516c', 'GET /wishlist/']);
    const mug = await addItem(jar, 16);
    expect(mug.body.result).toBe('true');
    expect(mug.body.state.entries.map((e) => [e.rowId, e.position])).toEqual([
      [16, 0],
      [14, 1],
    ]);
    expect(jar.count).toBe('2');
    // Another shopper's list is their own.
    expect((await readState(new Jar())).entries).toEqual([]);
  });

  it('a nonce the stock shop no longer takes is refreshed from its page once and the add sent once more', async () => {
    const jar = new Jar();
    await addItem(jar, 14);
    controls.nonces.add = 'abcdef0123';
    const from = controls.seen.length;
    const { response, body } = await addItem(jar, 16);
    expect(response.status).toBe(200);
    expect(body.result).toBe('true');
    expect(seenSince(from)).toEqual(['POST add_to_wishlist 1d9e84516c', 'GET /wishlist/', 'POST add_to_wishlist abcdef0123', 'GET /wishlist/']);
    expect(body.state.entries.map((e) => e.productId)).toEqual([16, 14]);
  });

  it('a second refusal is an error, never silence: 502 after exactly two tries, the list unchanged', async () => {
    const jar = new Jar();
    await addItem(jar, 14);
    controls.refuseNonces = true;
    const from = controls.seen.length;
    const { response, body } = await addItem(jar, 16);
    expect(response.status).toBe(502);
    expect(body).toMatchObject({ code: 'suki_wishlist_nonce_refused', data: { status: 502 } });
    expect(seenSince(from).filter((s) => s.startsWith('POST'))).toHaveLength(2);
    controls.refuseNonces = false;
    expect((await readState(jar)).entries.map((e) => e.productId)).toEqual([14]);
  });

  it('stock answers that are not the stock JSON are a clear 502 and change nothing', async () => {
    const jar = new Jar();
    await addItem(jar, 14);
    for (const [broken, code] of [
      ['html', 'suki_upstream_bad_answer'],
      ['wrong-json', 'suki_upstream_bad_answer'],
      ['server-error', 'suki_upstream_unavailable'],
    ] as const) {
      controls.brokenAjax = broken;
      const { response, body } = await addItem(jar, 18);
      expect(response.status, broken).toBe(502);
      expect(body.code, broken).toBe(code);
      expect(body.message).toMatch(/try again/);
      const removed = await call(jar, 'DELETE', `${API}/wishlist/items/14`);
      expect(removed.status, broken).toBe(502);
    }
    controls.brokenAjax = null;
    expect((await readState(jar)).entries.map((e) => e.productId)).toEqual([14]);
    controls.brokenPage = 'not-a-wishlist';
    const unreadable = await call(jar, 'GET', `${API}/wishlist`);
    expect(unreadable.status).toBe(502);
    expect(await unreadable.json()).toMatchObject({ code: 'suki_upstream_bad_answer' });
    controls.brokenPage = 'server-error';
    expect((await call(jar, 'GET', `${API}/wishlist`)).status).toBe(502);
  });

  it('a removal goes to remove_from_wishlist with the row, the list’s id and token; the page confirms it', async () => {
    const jar = new Jar();
    await addItem(jar, 14);
    const { body } = await addItem(jar, 16);
    const list = body.state.lists[0];
    const from = controls.seen.length;
    const response = await call(jar, 'DELETE', `${API}/wishlist/items/16`);
    expect(response.status).toBe(200);
    expect(((await response.json()) as WishlistState).entries.map((e) => e.productId)).toEqual([14]);
    expect(seenSince(from)).toEqual(['GET /wishlist/', 'POST remove_from_wishlist 60a6d22694', 'GET /wishlist/']);
    expect(controls.seen[from + 1]?.form).toEqual({ action: 'remove_from_wishlist', nonce: '60a6d22694', context: 'frontend', remove_from_wishlist: '16', wishlist_id: String(list?.id), wishlist_token: list?.token });
    expect(jar.count).toBe('1');
    // As the REST client sends DELETE: a POST with the method override.
    const overridden = await call(jar, 'POST', `${API}/wishlist/items/14`, undefined, { 'x-http-method-override': 'DELETE' });
    expect(overridden.status).toBe(200);
    expect(jar.count).toBeUndefined();
    expect(jar.lines.at(-1)).toBe('suki_wishlist_count=; Path=/; Max-Age=0; SameSite=Lax');
  });

  it('a removal the stock shop silently refused is sent once more; twice refused is an error', async () => {
    const jar = new Jar();
    await addItem(jar, 14);
    await addItem(jar, 16);
    controls.refuseNext = 1;
    const from = controls.seen.length;
    const once = await call(jar, 'DELETE', `${API}/wishlist/items/16`);
    expect(once.status).toBe(200);
    expect(seenSince(from)).toEqual(['GET /wishlist/', 'POST remove_from_wishlist 60a6d22694', 'GET /wishlist/', 'POST remove_from_wishlist 60a6d22694', 'GET /wishlist/']);
    controls.refuseNonces = true;
    const twice = await call(jar, 'DELETE', `${API}/wishlist/items/14`);
    expect(twice.status).toBe(502);
    expect(await twice.json()).toMatchObject({ code: 'suki_wishlist_nonce_refused' });
    controls.refuseNonces = false;
    expect((await readState(jar)).entries.map((e) => e.productId)).toEqual([14]);
  });

  it('removing what is not in the shopper’s list answers like a missing item, and asks the stock shop nothing more', async () => {
    const owner = new Jar();
    await addItem(owner, 14);
    const other = new Jar();
    await addItem(other, 16);
    for (const id of ['14', '999999', 'abc', '0']) {
      const from = controls.seen.length;
      const response = await call(other, 'DELETE', `${API}/wishlist/items/${id}`);
      expect(response.status, id).toBe(404);
      expect(await response.json()).toMatchObject({ code: 'suki_wishlist_not_found', data: { status: 404 } });
      expect(seenSince(from).some((s) => s.startsWith('POST'))).toBe(false);
    }
    expect((await readState(owner)).entries.map((e) => e.productId)).toEqual([14]);
  });

  it('the viewer’s list with its items reads from the page; any other id is not found', async () => {
    const jar = new Jar();
    const { body } = await addItem(jar, 16);
    const id = body.state.lists[0]?.id ?? 0;
    const response = await call(jar, 'GET', `${API}/wishlist/lists/${id}`);
    expect(response.status).toBe(200);
    const details = (await response.json()) as { items: Array<{ name: string; price: number; currency: string }> };
    expect(details.items.map((i) => [i.name, i.price, i.currency])).toEqual([['Peer Mug', 39900, 'PHP']]);
    expect((await call(jar, 'GET', `${API}/wishlist/lists/${id + 1000}`)).status).toBe(404);
  });

  it('bad adds are refused before the stock shop is asked: 400 with the field, 415 not JSON, 501 a new list', async () => {
    const jar = new Jar();
    const from = controls.seen.length;
    const bad = await call(jar, 'POST', `${API}/wishlist/items`, { productId: 'abc', wishlistId: null });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ code: 'suki_wishlist_invalid', data: { status: 400, params: { productId: expect.any(String) as string } } });
    expect((await call(jar, 'POST', `${API}/wishlist/items`, '{not json')).status).toBe(400);
    expect((await call(jar, 'POST', `${API}/wishlist/items`, { productId: 14, productType: '<b>' })).status).toBe(400);
    const form = await fetch(`${front.url}${API}/wishlist/items`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'productId=14' });
    expect(form.status).toBe(415);
    const fresh = await call(jar, 'POST', `${API}/wishlist/items`, { productId: 14, productType: 'simple', wishlistId: 'new', newList: { name: 'Gifts', privacy: 0 } });
    expect(fresh.status).toBe(501);
    expect(await fresh.json()).toMatchObject({ code: 'suki_wishlist_unsupported' });
    expect(controls.seen.length).toBe(from);
  });

  it('what only the premium plugin does answers 501 suki_wishlist_unsupported', async () => {
    const jar = new Jar();
    for (const [method, path, body, override] of [
      ['PATCH', '/wishlist/items/14', { quantity: 2 }],
      ['PATCH', '/wishlist/items/14', { moveTo: 'new', newList: { name: 'x', privacy: 0 } }],
      ['POST', '/wishlist/lists', { name: 'Gifts', privacy: 0 }],
      ['PATCH', '/wishlist/lists/6', { name: 'Gifts' }],
      ['PATCH', '/wishlist/lists/6', { privacy: 2 }],
      ['POST', '/wishlist/lists/6', { privacy: 2 }, 'PATCH'],
      ['DELETE', '/wishlist/lists/6', undefined],
      ['PUT', '/wishlist/lists/6/positions', { rowIds: [14, 16] }],
      ['POST', '/wishlist/lists/6/estimate', { email: 'ana@example.com', message: 'hi' }],
    ] as ReadonlyArray<readonly [string, string, unknown, string?]>) {
      const response = await call(jar, method, `${API}${path}`, body, override ? { 'x-http-method-override': override } : {});
      expect(response.status, `${method} ${path}`).toBe(501);
      expect(await response.json()).toMatchObject({ code: 'suki_wishlist_unsupported', data: { status: 501 } });
    }
  });

  it('a write from another site is refused before anything reaches the stock shop', async () => {
    const from = controls.seen.length;
    const response = await call(new Jar(), 'POST', `${API}/wishlist/items`, { productId: 14 }, { origin: 'https://evil.example' });
    expect(response.status).toBe(403);
    expect(controls.seen.length).toBe(from);
  });
});

describe('signing in and out on the stock shop', () => {
  it('after a sign-in the count is the account’s list (the stock plugin merged the guest’s); after a sign-out it is deleted', async () => {
    const jar = Jar.withSession();
    await addItem(jar, 14);
    await addItem(jar, 16);
    // Without our recount the header would keep the guest's figure; the stand-in keeps the list with the wishlist session.
    jar.cookies.set('suki_wishlist_count', '9');
    const login = await fetch(`${front.url}/my-account/`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: jar.header },
      body: new URLSearchParams({ username: 'ana.buyer', password: 'right horse battery', 'woocommerce-login-nonce': '6bec285dae', login: 'Log in' }).toString(),
    });
    jar.take(login);
    expect(login.status).toBe(303);
    expect([...jar.cookies.keys()].some((name) => name.startsWith('wordpress_logged_in_'))).toBe(true);
    expect(jar.count).toBe('2');
    const logout = await call(jar, 'GET', '/my-account/customer-logout/?_wpnonce=c043797691');
    expect(logout.status).toBe(303);
    expect([...jar.cookies.keys()].some((name) => name.startsWith('wordpress_logged_in_'))).toBe(false);
    expect(jar.count).toBeUndefined();
    // Other account pages leave the count alone.
    jar.cookies.set('suki_wishlist_count', '2');
    const from = controls.seen.length;
    await call(jar, 'GET', '/my-account/lost-password/');
    expect(jar.count).toBe('2');
    expect(seenSince(from).some((s) => s.includes('/wishlist/'))).toBe(false);
  });
});

describe('the wishlist pages, read from the stock HTML', () => {
  it('/wishlist/ shows the owner’s list: items with prices in minor units, links on our host, the remove nonce', async () => {
    const jar = new Jar();
    await addItem(jar, 14);
    await addItem(jar, 16);
    await addItem(jar, 24);
    const response = await call(jar, 'GET', '/wishlist/');
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store, private');
    const { wishlist } = await handed(response);
    expect(wishlist?.title).toBe('Wishlist');
    const view = wishlist?.view;
    expect(view?.viewer).toBe('owner');
    expect(view?.features).toEqual({ multipleLists: false, moveItems: false, sortItems: false, quantities: false, estimates: false, renameLists: false, changePrivacy: false });
    expect(view?.settings).toEqual({ removeAfterAddToCart: false, redirectToCart: false, layout: 'table' });
    expect(view?.nonces).toEqual({ remove: '60a6d22694' });
    expect(view?.lists.map((l) => l.itemCount)).toEqual([3]);
    expect(view?.list?.items.map((i) => [i.name, i.price, i.currency, i.currencyMinorUnit, i.permalink, i.addToCartUrl, i.purchasable, i.stock.status])).toEqual([
      // Peer Notebook is on sale: today's price.
      ['Peer Notebook', 14900, 'PHP', 2, '/product/peer-notebook/', '/wishlist/?add-to-cart=24', true, 'instock'],
      ['Peer Mug', 39900, 'PHP', 2, '/product/peer-mug/', '/wishlist/?add-to-cart=16', true, 'instock'],
      ['Peer Tee', 35000, 'PHP', 2, '/product/peer-tee/', '/wishlist/?add-to-cart=14', true, 'instock'],
    ]);
    expect(view?.list?.items[1]?.image?.src).toBe('/wp-content/uploads/2026/11/peer-mug-450x450.png');
    expect(await (await fetch(`${front.url}/wishlist/`, { headers: { cookie: jar.header } })).text()).not.toContain(stockUrl);
    expect(jar.count).toBe('3');
  });

  it('the token page is read-only for another visitor (no remove nonce, no count cookie); its owner sees every control', async () => {
    const owner = new Jar();
    const { body } = await addItem(owner, 16);
    const token = body.state.lists[0]?.token ?? '';
    const visitor = new Jar();
    const seenByVisitor = await call(visitor, 'GET', `/wishlist/view/${token}/`);
    expect(seenByVisitor.status).toBe(200);
    const view = (await handed(seenByVisitor)).wishlist?.view;
    expect(view?.viewer).toBe('visitor');
    expect(view?.nonces.remove).toBe('');
    expect(view?.lists).toEqual([]);
    expect(view?.list?.items.map((i) => [i.name, i.addToCartUrl])).toEqual([['Peer Mug', `/wishlist/view/${token}/?add-to-cart=16`]]);
    expect(visitor.lines.some((line) => line.startsWith('suki_wishlist_count='))).toBe(false);
    const byOwner = (await handed(await call(owner, 'GET', `/wishlist/view/${token}/`))).wishlist?.view;
    expect(byOwner?.viewer).toBe('owner');
    expect(byOwner?.nonces.remove).toBe('60a6d22694');
  });

  it('a token the stock shop does not know, or one that is not a token, is our 404', async () => {
    for (const path of ['/wishlist/view/NOSUCHTOKEN1/', '/wishlist/view/%3Cscript%3E/']) {
      const response = await call(new Jar(), 'GET', path);
      expect(response.status, path).toBe(404);
      expect((await handed(response)).wishlist).toBeUndefined();
    }
  });

  it('a guest before the first add sees the empty page of their own', async () => {
    const jar = new Jar();
    const view = (await handed(await call(jar, 'GET', '/wishlist/'))).wishlist?.view;
    expect(view?.viewer).toBe('owner');
    expect(view?.list).toBeNull();
    expect(view?.lists).toEqual([]);
  });

  it('the no-script remove link goes to the stock shop, then the page again at its plain address', async () => {
    const jar = new Jar();
    await addItem(jar, 14);
    await addItem(jar, 16);
    const from = controls.seen.length;
    const response = await call(jar, 'GET', '/wishlist/?remove_from_wishlist=16&_wpnonce=60a6d22694&evil=1');
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('/wishlist/');
    expect(seenSince(from)).toEqual(['GET /wishlist/?remove_from_wishlist=16&_wpnonce=60a6d22694']);
    const view = (await handed(await call(jar, 'GET', '/wishlist/'))).wishlist?.view;
    expect(view?.list?.items.map((i) => i.name)).toEqual(['Peer Tee']);
    // Followed from another site, a link does nothing.
    const before = controls.seen.length;
    const foreign = await call(jar, 'GET', '/wishlist/?remove_from_wishlist=14&_wpnonce=60a6d22694', undefined, { 'sec-fetch-site': 'cross-site' });
    expect(foreign.status).toBe(303);
    expect(controls.seen.length).toBe(before);
    expect((await call(jar, 'GET', '/wishlist?x=1')).headers.get('location')).toBe('/wishlist/?x=1');
  });

  it('the no-script add-to-cart link goes to the stock shop, whose cart cookies come back for our host', async () => {
    const jar = new Jar();
    await addItem(jar, 16);
    const from = controls.seen.length;
    const response = await call(jar, 'GET', '/wishlist/?add-to-cart=16');
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('/wishlist/');
    expect(seenSince(from)).toEqual(['GET /wishlist/?add-to-cart=16']);
    expect(jar.cookies.get('woocommerce_items_in_cart')).toBe('1');
    expect([...jar.cookies.keys()].some((name) => name.startsWith('wp_woocommerce_session_'))).toBe(true);
  });

  it('a plain form posted to /wishlist/ adds the product (no scripts); a bad one says why', async () => {
    const jar = new Jar();
    const post = (fields: string) => fetch(`${front.url}/wishlist/`, { method: 'POST', redirect: 'manual', headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: jar.header }, body: fields });
    const added = await post('add_to_wishlist=18&product_type=simple');
    jar.take(added);
    expect(added.status).toBe(303);
    expect(added.headers.get('location')).toBe('/wishlist/');
    expect((await readState(jar)).entries.map((e) => e.productId)).toEqual([18]);
    const bad = await post('add_to_wishlist=abc');
    expect(bad.status).toBe(400);
    expect((await handed(bad)).wishlist?.view.notices).toEqual([{ kind: 'error', text: 'Choose a product to add to your wishlist.' }]);
  });

  it('names stay text: a product name with markup reaches our page as the same characters, never as markup', async () => {
    overrides.set(34, { id: 34, name: '<img src=x onerror=alert(1)> Sticker', type: 'simple', permalink: `${stockUrl}/product/peer-sticker-pack/`, prices: { price: '9900', regular_price: '9900', currency_minor_unit: 2 }, images: [] });
    const jar = new Jar();
    await addItem(jar, 34);
    const response = await call(jar, 'GET', '/wishlist/');
    const html = await response.clone().text();
    expect(html).not.toContain('<img src=x');
    expect((await handed(response)).wishlist?.view.list?.items[0]?.name).toBe('<img src=x onerror=alert(1)> Sticker');
  });

  it('out of stock and variable items cannot go straight into the cart', async () => {
    const jar = new Jar();
    await addItem(jar, 20);
    await addItem(jar, 36, 'variable');
    const items = (await handed(await call(jar, 'GET', '/wishlist/'))).wishlist?.view.list?.items ?? [];
    expect(items.map((i) => [i.name, i.productType, i.purchasable, i.stock.status, i.addToCartUrl])).toEqual([
      ['Peer Hoodie', 'variable', false, 'instock', '/product/peer-hoodie/'],
      ['Peer Socks', 'simple', false, 'outofstock', '/product/peer-socks/'],
    ]);
  });

  it('a stock shop that is down or answers something else shows our page with the error, as a 502', async () => {
    for (const broken of ['server-error', 'not-a-wishlist'] as const) {
      controls.brokenPage = broken;
      const response = await call(new Jar(), 'GET', '/wishlist/');
      expect(response.status, broken).toBe(502);
      const view = (await handed(response)).wishlist?.view;
      expect(view?.list).toBeNull();
      expect(view?.notices).toEqual([{ kind: 'error', text: 'We could not show the shop’s wishlist right now. Please try again in a moment.' }]);
    }
  });
});

describe('any sequence of adds and removals, with nonces going stale or refused on the way', () => {
  /** What the shopper's list should be: product ids, newest first. */
  interface Model {
    items: number[];
  }
  interface Real {
    readonly jar: Jar;
  }
  const PRODUCTS = [14, 16, 18, 22, 24] as const;

  class Add implements fc.AsyncCommand<Model, Real> {
    constructor(readonly id: number) {}
    check = () => true;
    async run(model: Model, real: Real) {
      const { response, body } = await addItem(real.jar, this.id);
      expect(response.status).toBe(200);
      expect(body.result).toBe(model.items.includes(this.id) ? 'exists' : 'true');
      if (!model.items.includes(this.id)) model.items.unshift(this.id);
      expect(body.state.entries.map((e) => e.productId)).toEqual(model.items);
      expect(real.jar.count).toBe(String(model.items.length));
    }
    toString = () => `add(${this.id})`;
  }
  class Remove implements fc.AsyncCommand<Model, Real> {
    constructor(readonly id: number) {}
    check = () => true;
    async run(model: Model, real: Real) {
      const response = await call(real.jar, 'DELETE', `${API}/wishlist/items/${this.id}`);
      if (!model.items.includes(this.id)) {
        expect(response.status).toBe(404);
        return;
      }
      expect(response.status).toBe(200);
      model.items = model.items.filter((id) => id !== this.id);
      expect(((await response.json()) as WishlistState).entries.map((e) => e.productId)).toEqual(model.items);
      expect(real.jar.count).toBe(model.items.length === 0 ? undefined : String(model.items.length));
    }
    toString = () => `remove(${this.id})`;
  }
  /** The stock shop's nonces change (a new day): the kept one goes stale. */
  class Rotate implements fc.AsyncCommand<Model, Real> {
    constructor(readonly seed: number) {}
    check = () => true;
    async run() {
      const hex = (n: number) => n.toString(16).padStart(10, '0').slice(-10);
      controls.nonces = { add: hex(this.seed * 7 + 1), remove: hex(this.seed * 13 + 2) };
    }
    toString = () => `rotate(${this.seed})`;
  }
  /** The stock shop refuses the next nonce once (a stale page somewhere): the retry gets through. */
  class RefuseOnce implements fc.AsyncCommand<Model, Real> {
    check = () => true;
    async run() {
      controls.refuseNext = 1;
    }
    toString = () => 'refuse-once';
  }
  /** A read in between says the same. */
  class Read implements fc.AsyncCommand<Model, Real> {
    check = () => true;
    async run(model: Model, real: Real) {
      controls.refuseNext = 0;
      expect((await readState(real.jar)).entries.map((e) => e.productId)).toEqual(model.items);
    }
    toString = () => 'read';
  }

  it('the list always matches the model, and every answer says so', async () => {
    const product = fc.constantFrom(...PRODUCTS);
    await fc.assert(
      fc.asyncProperty(
        fc.commands(
          [
            product.map((id) => new Add(id)),
            product.map((id) => new Remove(id)),
            fc.integer({ min: 1, max: 1_000_000 }).map((seed) => new Rotate(seed)),
            fc.constant(new RefuseOnce()),
            fc.constant(new Read()),
          ],
          { maxCommands: 12 },
        ),
        async (commands) => {
          controls.nonces = { add: '1d9e84516c', remove: '60a6d22694' };
          controls.refuseNext = 0;
          await fc.asyncModelRun(() => ({ model: { items: [] }, real: { jar: Jar.withSession() } }), commands);
        },
      ),
      { numRuns: 25 },
    );
  });
});

describe('with the wishlist plugin off', () => {
  it('there is no wishlist route or page of ours: the JSON route goes to the shop, the page is a 404', async () => {
    const pages = createPagesHandler({
      apiFetch: (request) => fetch(request),
      loadRenderer: renderer,
      assets: async () => ({ scripts: [], styles: [], modulePreloads: [] }),
      config: parseShopConfig(shopConfig),
      plugins: [],
      session: async (c) => ({ cookie: c.req.header('cookie') ?? '' }),
    });
    const off = await listen(createUpstreamApp({ upstream: new URL(stockUrl), pages }), { port: 0 });
    try {
      const from = controls.seen.length;
      expect((await fetch(`${off.url}/wishlist/`)).status).toBe(404);
      expect((await fetch(`${off.url}${API}/wishlist`)).status).toBe(404);
      // Only the JSON route's address reached the stock shop (which has no such route), as any unknown API path would.
      expect(seenSince(from)).toEqual([`GET ${API}/wishlist`]);
    } finally {
      await off.close();
    }
  });
});
