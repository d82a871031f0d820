/**
 * Test support: a stand-in for a stock shop's YITH WooCommerce Wishlist 3.35.0 (free), built from
 * the peer-2 recordings (`tests/fixtures/stock-woocommerce-9.1/peer-2/wishlist-*.http`, `yith-*.http`).
 * It keeps one list per wishlist session cookie and answers as the recorded shop did:
 * - `POST /wp-admin/admin-ajax.php` `add_to_wishlist`: the recorded answers (`true` with the page's
 *   fragment, `exists` again, `{result:false}` for a nonce it does not take), the session cookie set
 *   on the first add as recorded; `remove_from_wishlist`: `{fragments:[]}` whether it removed or not;
 * - `GET /wishlist/` and `/wishlist/view/{token}/`: the recorded form (the owner's, or the one another
 *   visitor sees, without remove links), its rows for the list's items, followed by the recorded
 *   `yith_wcwl_l10n` of the product page (the whole stock page has both; the excerpts cut them apart);
 * - the page's no-script links (`?remove_from_wishlist=ID&_wpnonce=…`, `?add-to-cart=ID`).
 *
 * Rows of the two recorded products (Peer Mug 16, Peer Tee 14) are the recorded rows; any other
 * product's row is the tee's row with that product's Store API facts put in (name, address, picture,
 * price, sale price as the mug's row prints one, out of stock without the cart link, a variable
 * product's link to its page), as the same template prints them. Not recorded, so derived: the
 * empty list's row (`wishlist-empty`) and the page of a visitor with no list yet (no id, no token),
 * and a token nobody owns answering 404.
 */
import { randomBytes } from 'node:crypto';
import { Hono } from 'hono';
import { httpRecording, SHOP } from '../../src/adapters/testing/fake-shop.js';

/** The stock session cookie (the recorded shop's `COOKIEHASH`). */
export const STOCK_WISHLIST_COOKIE = 'yith_wcwl_session_0619981992954b377f57d68b9c6c79e4';
/** The nonces the recorded page gave. */
export const RECORDED_NONCES = { add: '1d9e84516c', remove: '60a6d22694' } as const;
const RECORDED_TOKEN = 'N9DWHLQ9YYOH';

/** The Store API facts of a product the stand-in draws a row for. */
export interface StoreProductFacts {
  readonly id: number;
  readonly name: string;
  readonly type: string;
  readonly permalink: string;
  readonly sku?: string;
  readonly is_in_stock?: boolean;
  readonly prices: { readonly price: string; readonly regular_price: string; readonly currency_minor_unit: number };
  readonly images: ReadonlyArray<{ readonly thumbnail?: string; readonly src: string }>;
}

/** What a test can change and read. */
export interface StockWishlistControls {
  /** The nonces the shop takes now (and prints in its pages). */
  nonces: { add: string; remove: string };
  /** Refuse every nonce (the stock answer to a bad one). */
  refuseNonces: boolean;
  /** Refuse the next this many nonces, then take them again. */
  refuseNext: number;
  /** Answer admin-ajax with something that is not the stock JSON. */
  brokenAjax: null | 'html' | 'server-error' | 'wrong-json';
  /** Answer the wishlist pages with something that is not the stock page. */
  brokenPage: null | 'not-a-wishlist' | 'server-error';
  /** Requests seen, in order: method, path with query, the form fields of a post. */
  readonly seen: Array<{ readonly method: string; readonly path: string; readonly form: Record<string, string>; readonly cookie: string }>;
  /** The lists by session id. */
  readonly lists: Map<string, { readonly id: number; readonly token: string; items: number[] }>;
}

/** Options of {@link stockWishlistShop}. */
export interface StockWishlistShopOptions {
  /** The stand-in's own origin (the recorded one is replaced by it), known once it listens. */
  readonly origin: () => string;
  /** A product's facts (Store API shape); `undefined` falls back to the recorded peer-2 catalogue. */
  readonly product?: (id: number) => Promise<StoreProductFacts | null | undefined>;
}

const recordedProducts = (): Map<number, StoreProductFacts> => {
  const body = httpRecording('peer-2/storeapi-products.http').body;
  return new Map((JSON.parse(body) as StoreProductFacts[]).map((p) => [p.id, p]));
};

const escapeHtml = (value: string): string => value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const money = (minor: number, unit: number): string => {
  const whole = Math.floor(minor / 10 ** unit).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return unit > 0 ? `${whole}.${String(minor % 10 ** unit).padStart(unit, '0')}` : whole;
};

/** A recorded body without the recorder's `[body cut …]` / `[… excerpt …]` lines, which the shop never sent. */
export const withoutMarkers = (body: string): string => body.replace(/^\[(?:body cut|… excerpt|… nothing)[^\n]*\n?/gm, '');

/** The recorded form cut into its head, its rows by product id, and its tail. */
const cutForm = (name: string) => {
  const body = withoutMarkers(httpRecording(name).body);
  const form = body.slice(body.search(/<form\s+id="yith-wcwl-form"/), body.lastIndexOf('</form>') + '</form>'.length);
  const open = form.indexOf('<tbody class="wishlist-items-wrapper">') + '<tbody class="wishlist-items-wrapper">'.length;
  const close = form.indexOf('</tbody>');
  const rows = new Map<number, string>();
  for (const match of form.slice(open, close).matchAll(/<tr id="yith-wcwl-row-(\d+)"[\s\S]*?<\/tr>/g)) rows.set(Number(match[1]), match[0]);
  return { head: form.slice(0, open), rows, tail: form.slice(close) };
};

/** The stand-in as a Hono app, and its controls. */
export function stockWishlistShop(options: StockWishlistShopOptions): { readonly app: Hono; readonly controls: StockWishlistControls } {
  const owner = cutForm('peer-2/wishlist-page.http');
  const visitor = cutForm('peer-2/wishlist-page-by-token-other-visitor.http');
  const l10nLine = /var yith_wcwl_l10n = .*?;\n/.exec(httpRecording('peer-2/wishlist-product-page.http').body)?.[0] ?? '';
  const known = recordedProducts();
  const productOf = async (id: number): Promise<StoreProductFacts | null> => (await options.product?.(id)) ?? known.get(id) ?? null;
  const controls: StockWishlistControls = { nonces: { ...RECORDED_NONCES }, refuseNonces: false, refuseNext: 0, brokenAjax: null, brokenPage: null, seen: [], lists: new Map() };
  let nextListId = 6;

  /** Recorded text with the recorded shop's origin made the stand-in's. */
  const here = (text: string): string => {
    const origin = options.origin();
    return text.split(SHOP).join(origin).split(SHOP.replace(/\//g, '\\/')).join(origin.replace(/\//g, '\\/'));
  };
  const sessionOf = (cookie: string): string | null => {
    const raw = new RegExp(`(?:^|;\\s*)${STOCK_WISHLIST_COOKIE}=([^;]*)`).exec(cookie)?.[1];
    if (raw === undefined) return null;
    try {
      const value = JSON.parse(decodeURIComponent(raw)) as { session_id?: unknown };
      return typeof value.session_id === 'string' ? value.session_id : null;
    } catch {
      return null;
    }
  };
  const listOf = (session: string | null) => (session === null ? undefined : controls.lists.get(session));
  const newList = (session: string) => {
    const token = controls.lists.size === 0 ? RECORDED_TOKEN : randomBytes(9).toString('base64').replace(/[^A-Za-z0-9]/g, '').toUpperCase().padEnd(12, 'Q').slice(0, 12);
    const list = { id: nextListId++, token, items: [] as number[] };
    controls.lists.set(session, list);
    return list;
  };

  /** A row of the table for product `id`, as the owner (with the remove link) or a visitor sees it. */
  const row = async (id: number, mine: boolean, token: string): Promise<string> => {
    const recorded = (mine ? owner : visitor).rows.get(id);
    let html: string;
    if (recorded !== undefined) html = recorded;
    else {
      const product = await productOf(id);
      const template = owner.rows.get(14) ?? '';
      if (product === null) return '';
      const unit = product.prices.currency_minor_unit;
      const price = Number(product.prices.price);
      const regular = Number(product.prices.regular_price);
      const amount = (minor: number) => `<span class="woocommerce-Price-amount amount"><span class="woocommerce-Price-currencySymbol">&#8369;</span>${money(minor, unit)}</span>`;
      const priceCell =
        regular > price
          ? `<del aria-hidden="true">${amount(regular)}</del> <span class="screen-reader-text">Original price was: &#8369;${money(regular, unit)}.</span><ins aria-hidden="true">${amount(price)}</ins><span class="screen-reader-text">Current price is: &#8369;${money(price, unit)}.</span>`
          : amount(price);
      const name = escapeHtml(product.name);
      const image = product.images[0]?.thumbnail ?? product.images[0]?.src ?? '';
      const inStock = product.is_in_stock !== false;
      html = template
        .replace(/<td class="product-price">([\s\S]*?)<span class="woocommerce-Price-amount[\s\S]*?350\.00<\/span>/, (_m, before: string) => `<td class="product-price">${before}${priceCell}`)
        .replace(/<span class="wishlist-in-stock">In Stock<\/span>/, inStock ? '<span class="wishlist-in-stock">In Stock</span>' : '<span class="wishlist-out-of-stock">Out of stock</span>')
        .replace(/<a href="\?add-to-cart=14"[\s\S]*?<\/span>\n?/, (link) => {
          if (!inStock) return '';
          if (product.type !== 'simple') return `<a href="${escapeHtml(product.permalink)}" data-quantity="1" class="product_type_${product.type} add_to_cart_button" data-product_id="${id}" aria-label="Select options for &ldquo;${name}&rdquo;" rel="nofollow">Select options</a>`;
          return link.replace('product_type_simple', `product_type_${product.type}`);
        })
        .split('http://127.0.0.1:8931/product/peer-tee/')
        .join(escapeHtml(product.permalink))
        .split('http://127.0.0.1:8931/wp-content/uploads/2026/11/peer-tee-450x450.png')
        .join(escapeHtml(image))
        .split('Peer Tee')
        .join(name)
        .split('PEER-TEE')
        .join(escapeHtml(product.sku ?? ''))
        .replace(/(yith-wcwl-row-|data-row-id="|remove_from_wishlist=|add-to-cart=|data-product_id="|describedby_)14\b/g, `$1${id}`);
      if (!mine) html = html.replace(/<td class="product-remove">[\s\S]*?<\/td>/, '');
    }
    return html.replace(/_wpnonce=60a6d22694/g, `_wpnonce=${controls.nonces.remove}`).split(RECORDED_TOKEN).join(token);
  };

  /** The stock page for a list (or none), as its owner or a visitor sees it. */
  const page = async (list: { readonly id: number; readonly token: string; readonly items: readonly number[] } | undefined, mine: boolean): Promise<Response> => {
    if (controls.brokenPage === 'server-error') return new Response('<h1>Error establishing a database connection</h1>', { status: 500, headers: { 'content-type': 'text/html' } });
    if (controls.brokenPage === 'not-a-wishlist') return new Response('<html><body><p>Maintenance</p></body></html>', { headers: { 'content-type': 'text/html; charset=UTF-8' } });
    const form = mine ? owner : visitor;
    const token = list?.token ?? '';
    const rows = list && list.items.length > 0 ? (await Promise.all(list.items.map((id) => row(id, mine, token)))).join('\n') : '<tr><td colspan="6" class="wishlist-empty">No products added to the wishlist</td></tr>';
    let head = form.head.replace('&quot;count&quot;:2', `&quot;count&quot;:${list?.items.length ?? 0}`);
    head = list
      ? head.split(RECORDED_TOKEN).join(token).replace('&quot;wishlist_id&quot;:6', `&quot;wishlist_id&quot;:${list.id}`).replace('data-id="6"', `data-id="${list.id}"`)
      : head.split(`view/${RECORDED_TOKEN}/`).join('').split(RECORDED_TOKEN).join('').replace('&quot;wishlist_id&quot;:6', '&quot;wishlist_id&quot;:false').replace('data-id="6"', 'data-id=""');
    const l10n = l10nLine.replace(RECORDED_NONCES.add, controls.nonces.add).replace(RECORDED_NONCES.remove, controls.nonces.remove);
    const html = `<!doctype html><html><body><div class="entry-content">${head}${rows}${form.tail.split(RECORDED_TOKEN).join(token)}</div>\n<script id="jquery-yith-wcwl-js-extra">\n${l10n}</script></body></html>`;
    return new Response(here(html), { headers: { 'content-type': 'text/html; charset=UTF-8', 'cache-control': 'no-cache, must-revalidate, max-age=0' } });
  };

  /** A recorded JSON answer with the recorded list's id and token made this list's. */
  const recordedJson = (name: string, list?: { readonly id: number; readonly token: string }, productId?: number, recordedId?: number): Response => {
    const recording = httpRecording(name);
    let body = recording.body;
    if (list) body = body.split('1444DGQJBKB8').join(list.token).replace(/"id":2,/g, `"id":${list.id},`).replace(/wishlist_id=2&/g, `wishlist_id=${list.id}&`);
    if (productId !== undefined && recordedId !== undefined) body = body.replace(new RegExp(`("prod_id":|add_to_wishlist=)${recordedId}\\b`, 'g'), `$1${productId}`);
    const headers = new Headers();
    for (const [key, value] of recording.headers) if (!/^(transfer-encoding|connection|set-cookie)$/i.test(key)) headers.append(key, value);
    return new Response(here(body), { status: recording.status, headers });
  };

  /** Whether the shop takes `nonce` as `expected` now. */
  const takes = (nonce: string | null, expected: string): boolean => {
    if (controls.refuseNonces) return false;
    if (controls.refuseNext > 0) {
      controls.refuseNext -= 1;
      return false;
    }
    return nonce === expected;
  };

  const app = new Hono();
  app.use('*', async (c, next) => {
    const body = c.req.method === 'POST' ? await c.req.raw.clone().text() : '';
    controls.seen.push({ method: c.req.method, path: `${c.req.path}${new URL(c.req.url).search}`, form: Object.fromEntries(new URLSearchParams(body)), cookie: c.req.header('cookie') ?? '' });
    await next();
  });

  app.post('/wp-admin/admin-ajax.php', async (c) => {
    if (controls.brokenAjax === 'server-error') return c.text('Internal Server Error', 500);
    if (controls.brokenAjax === 'html') return c.html('<p>Something went wrong.</p>');
    if (controls.brokenAjax === 'wrong-json') return c.json({ success: true, data: null });
    const form = new URLSearchParams(await c.req.text());
    const cookie = c.req.header('cookie') ?? '';
    const action = form.get('action');
    if (action === 'add_to_wishlist') {
      if (!takes(form.get('nonce'), controls.nonces.add)) return recordedJson('peer-2/yith-add_to_wishlist-badnonce.http');
      const id = Number(form.get('add_to_wishlist'));
      let session = sessionOf(cookie);
      let setCookie: string | null = null;
      if (session === null) {
        session = randomBytes(16).toString('hex');
        const recorded = httpRecording('peer-2/yith-add_to_wishlist.http').headers.find(([name]) => name.toLowerCase() === 'set-cookie')?.[1] ?? '';
        setCookie = recorded.replace('669670a9fe2b2bcfdf3f5b81af44e465', session);
      }
      const list = listOf(session) ?? newList(session);
      let response: Response;
      if (list.items.includes(id)) response = recordedJson('peer-2/yith-add_to_wishlist-again.http', list, id, 14);
      else {
        list.items.unshift(id);
        response = id === 14 ? recordedJson('peer-2/yith-add_to_wishlist.http', list) : recordedJson('peer-2/yith-add_to_wishlist-variable.http', list, id, 36);
      }
      if (setCookie) response.headers.append('set-cookie', setCookie);
      return response;
    }
    if (action === 'remove_from_wishlist') {
      const list = listOf(sessionOf(cookie));
      const id = Number(form.get('remove_from_wishlist'));
      if (!takes(form.get('nonce'), controls.nonces.remove)) return recordedJson('peer-2/yith-remove_from_wishlist-badnonce.http');
      if (list && list.token === form.get('wishlist_token')) list.items = list.items.filter((item) => item !== id);
      return recordedJson('peer-2/yith-remove_from_wishlist.http');
    }
    return c.text('0', 400);
  });

  /** The page's no-script links, done as the stock shop does them before it draws the page. */
  const links = (url: URL, cookie: string): Response | null => {
    const list = listOf(sessionOf(cookie));
    const remove = url.searchParams.get('remove_from_wishlist');
    if (remove !== null && takes(url.searchParams.get('_wpnonce'), controls.nonces.remove) && list) list.items = list.items.filter((item) => item !== Number(remove));
    if (url.searchParams.has('add-to-cart')) {
      const recording = httpRecording('peer-2/wishlist-add-to-cart-link.http');
      const headers = new Headers();
      for (const [key, value] of recording.headers) if (!/^(transfer-encoding|connection)$/i.test(key)) headers.append(key, value);
      return new Response(here(withoutMarkers(recording.body)), { status: recording.status, headers });
    }
    return null;
  };

  app.get('/wishlist/', async (c) => {
    const cookie = c.req.header('cookie') ?? '';
    const done = links(new URL(c.req.url), cookie);
    if (done) return done;
    return page(listOf(sessionOf(cookie)), true);
  });
  app.get('/wishlist/view/:token/', async (c) => {
    const cookie = c.req.header('cookie') ?? '';
    const done = links(new URL(c.req.url), cookie);
    if (done) return done;
    const mine = listOf(sessionOf(cookie));
    if (mine?.token === c.req.param('token')) return page(mine, true);
    const theirs = [...controls.lists.values()].find((list) => list.token === c.req.param('token'));
    return theirs ? page(theirs, false) : c.html('<h1>Page not found</h1>', 404);
  });

  return { app, controls };
}
