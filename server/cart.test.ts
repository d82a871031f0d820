/**
 * The cart flow over real HTTP: the wc-ajax endpoints the WooCommerce scripts call, the Store API
 * cart routes, sessions, nonces and cookies, and in-process calls as server rendering makes them.
 */
import { readFileSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import type { Context } from 'hono';
import { sessions } from './db/schema.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getOrCreateSession } from './session.js';
import { httpRecording } from '../src/adapters/testing/fake-shop.js';
import { Shopper, startShop, STORE, type StoreCartJson, type StoreProductJson, type TestShop } from './test/harness.js';

const fixture = (name: string): Record<string, unknown> =>
  JSON.parse(readFileSync(new URL(`../tests/fixtures/stock-woocommerce-9.1/${name}`, import.meta.url), 'utf8')) as Record<string, unknown>;
const keysOf = (value: unknown): string[] => Object.keys(value as Record<string, unknown>).sort();

interface Fragments {
  fragments: Record<string, string>;
  cart_hash: string;
}

let shop: TestShop;
let pagesSeen: Array<{ id: string; cart: StoreCartJson; nonce: string | null }>;
const products = new Map<string, StoreProductJson>();

/** A page handler shaped like the real one: session first, then in-process API calls with its cookie. */
const pages = async (c: Context): Promise<Response> => {
  const session = await getOrCreateSession(c);
  const origin = new URL(c.req.url).origin;
  const call = (path: string) => shop.app.fetch(new Request(new URL(path, origin), { headers: { cookie: session.cookie } }));
  const [cart, nonce] = await Promise.all([call(`${STORE}/cart`), call('/wp-admin/admin-ajax.php?action=rest-nonce')]);
  pagesSeen.push({ id: session.id, cart: (await cart.json()) as StoreCartJson, nonce: await nonce.text() });
  return new Response(`<!doctype html><title>page</title>`, { status: c.req.path === '/nowhere/' ? 404 : 200, headers: { 'content-type': 'text/html; charset=utf-8' } });
};

beforeAll(async () => {
  pagesSeen = [];
  shop = await startShop({ pages, trustProxy: ['127.0.0.1', '::1'] });
  const all = await new Shopper(shop.url).getJson<StoreProductJson[]>(`${STORE}/products?per_page=100`);
  for (const product of all.body) products.set(product.slug, product);
});
afterAll(async () => {
  expect(shop.logger.errors).toEqual([]);
  await shop.close();
});

const product = (slug: string): StoreProductJson => {
  const found = products.get(slug);
  if (!found) throw new Error(`no product ${slug}`);
  return found;
};

const addForm = (shopper: Shopper, fields: Record<string, string>, headers: Record<string, string> = {}) =>
  shopper.postForm<Fragments & { error?: boolean; product_url?: string | false }>('/?wc-ajax=add_to_cart', fields, headers);

const cartOf = async (shopper: Shopper) => (await shopper.getJson<StoreCartJson>(`${STORE}/cart`)).body;

describe('wc-ajax add_to_cart', () => {
  it('adds a simple product and answers exactly {fragments, cart_hash} with the stock cookies', async () => {
    const shopper = new Shopper(shop.url);
    const coffee = product('kapeng-barako-ground-coffee');
    const { status, body, headers } = await addForm(shopper, { product_id: String(coffee.id), quantity: '2', product_sku: 'x', 'data-foo': 'ignored' });
    expect(status).toBe(200);
    expect(keysOf(body)).toEqual(keysOf(fixture('add_to_cart.json')));
    expect(keysOf(body.fragments)).toEqual(['div.widget_shopping_cart_content']);
    expect(body.cart_hash).toMatch(/^[0-9a-f]{32}$/);
    const html = body.fragments['div.widget_shopping_cart_content']!;
    expect(html).toContain('class="widget_shopping_cart_content"');
    expect(html).toContain('Kapeng Barako Ground Coffee');
    expect(html).toContain('2 &times; <span class="woocommerce-Price-amount amount"><bdi><span class="woocommerce-Price-currencySymbol">&#8369;</span>420.00</bdi></span>');
    expect(headers.get('cache-control')).toBe('no-store');
    const cookies = headers.getSetCookie();
    expect(cookies.some((c) => /^suki_session=[0-9a-f]{64}; Path=\/; .*HttpOnly; SameSite=Lax$/.test(c))).toBe(true);
    expect(cookies).toContain('woocommerce_items_in_cart=1; path=/; SameSite=Lax');
    expect(cookies).toContain(`woocommerce_cart_hash=${body.cart_hash}; path=/; SameSite=Lax`);

    const cart = await cartOf(shopper);
    expect(cart.items).toHaveLength(1);
    expect(cart.items[0]).toMatchObject({ id: coffee.id, quantity: 2, totals: { line_total: '84000' } });
    expect(cart.totals).toMatchObject({ total_items: '84000', total_price: '84000', currency_code: 'PHP' });
    expect(cart.items_count).toBe(2);
  });

  it('adding the same product again raises the quantity of the one line', async () => {
    const shopper = new Shopper(shop.url);
    const id = String(product('enamel-kapeng-mug').id);
    await addForm(shopper, { product_id: id, quantity: '1' });
    const second = await addForm(shopper, { product_id: id });
    expect(second.headers.getSetCookie().some((c) => c.startsWith('woocommerce_items_in_cart='))).toBe(false);
    const cart = await cartOf(shopper);
    expect(cart.items).toHaveLength(1);
    expect(cart.items[0]?.quantity).toBe(2);
  });

  it('refuses a variable product without a variation with its product_url', async () => {
    const shopper = new Shopper(shop.url);
    const tee = product('suki-logo-tee');
    const { status, body } = await addForm(shopper, { product_id: String(tee.id), quantity: '1' });
    expect(status).toBe(200);
    expect(body).toEqual({ error: true, product_url: `${shop.url}/product/suki-logo-tee/` });
  });

  it('adds a variation by its own id, by variation_id, and by attribute fields', async () => {
    const shopper = new Shopper(shop.url);
    const tee = product('suki-logo-tee');
    const inStock: number[] = [];
    for (const v of tee.variations) {
      const one = await shopper.getJson<StoreProductJson>(`${STORE}/products/${v.id}`);
      if (one.body.is_in_stock) inStock.push(v.id);
    }
    expect(inStock.length).toBeGreaterThanOrEqual(3);
    const [a, b, c] = inStock.map((id) => tee.variations.find((v) => v.id === id)!);
    expect((await addForm(shopper, { product_id: String(a!.id) })).body).toHaveProperty('fragments');
    expect((await addForm(shopper, { product_id: String(tee.id), variation_id: String(b!.id) })).body).toHaveProperty('fragments');
    const attrs = Object.fromEntries(c!.attributes.map((x) => [`attribute_pa_${x.name === 'Colour' ? 'colour' : 'size'}`, x.value]));
    expect((await addForm(shopper, { product_id: String(tee.id), ...attrs })).body).toHaveProperty('fragments');
    const cart = await cartOf(shopper);
    expect(cart.items.map((i) => i.id)).toEqual([a!.id, b!.id, c!.id]);
    expect(cart.items[0]?.variation.map((v) => v.attribute)).toEqual(['Colour', 'Size']);
    expect(cart.items[0]?.name).toBe('Suki Logo Tee');
  });

  it('answers {error: true, product_url: false} for an unknown product', async () => {
    const { status, body } = await addForm(new Shopper(shop.url), { product_id: '999999', quantity: '1' });
    expect(status).toBe(200);
    expect(body).toEqual(fixture('add_to_cart_error.json'));
  });

  it('refuses more than stock, and sold-out products, with the product_url', async () => {
    const shopper = new Shopper(shop.url);
    const ube = product('ube-halaya-jar');
    expect(ube.low_stock_remaining).toBe(3);
    expect((await addForm(shopper, { product_id: String(ube.id), quantity: '4' })).body).toEqual({ error: true, product_url: ube.permalink });
    expect((await addForm(shopper, { product_id: String(ube.id), quantity: '3' })).body).toHaveProperty('fragments');
    expect((await addForm(shopper, { product_id: String(ube.id), quantity: '1' })).body).toEqual({ error: true, product_url: ube.permalink });
    const pili = product('pili-nut-brittle');
    expect(pili.is_in_stock).toBe(false);
    expect((await addForm(shopper, { product_id: String(pili.id) })).body).toEqual({ error: true, product_url: pili.permalink });
    const lamp = product('capiz-shell-pendant-lamp');
    expect(lamp.add_to_cart.maximum).toBe(2);
    expect((await addForm(shopper, { product_id: String(lamp.id), quantity: '3' })).body).toMatchObject({ error: true });
    expect((await cartOf(shopper)).items.map((i) => i.quantity)).toEqual([3]);
  });
});

describe('wc-ajax remove_from_cart and get_refreshed_fragments', () => {
  it('removes a line, answers fragments, and clears the cookies when the cart empties', async () => {
    const shopper = new Shopper(shop.url);
    await addForm(shopper, { product_id: String(product('coconut-jam-jar').id) });
    const [line] = (await cartOf(shopper)).items;
    const refreshed = await shopper.postForm<Fragments>('/?wc-ajax=get_refreshed_fragments', { time: String(Date.now()) });
    expect(keysOf(refreshed.body)).toEqual(keysOf(fixture('get_refreshed_fragments.json')));
    expect(refreshed.body.cart_hash).toBe(shopper.cookies.get('woocommerce_cart_hash'));
    const removed = await shopper.postForm<Fragments>('/?wc-ajax=remove_from_cart', { cart_item_key: line!.key });
    expect(keysOf(removed.body)).toEqual(keysOf(fixture('remove_from_cart.json')));
    expect(removed.body.fragments['div.widget_shopping_cart_content']).toContain('No products in the cart.');
    expect(removed.body.cart_hash).toBe('');
    expect(shopper.cookies.has('woocommerce_items_in_cart')).toBe(false);
    expect(shopper.cookies.has('woocommerce_cart_hash')).toBe(false);
    expect((await cartOf(shopper)).items).toEqual([]);
  });

  it('answers {"success":false} for an unknown or missing key', async () => {
    const shopper = new Shopper(shop.url);
    const forms: Array<Record<string, string>> = [{ cart_item_key: 'd3d9446802a44259755d38e6d163e820' }, {}, { cart_item_key: 'x'.repeat(500) }];
    for (const fields of forms) {
      const response = await shopper.fetch('/?wc-ajax=remove_from_cart', {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(fields).toString(),
      });
      expect(response.status).toBe(200);
      expect(await response.text()).toBe(JSON.stringify(fixture('remove_from_cart_missing.json')));
    }
  });

  it('gives an empty fragment and an empty hash to a new visitor', async () => {
    const { body } = await new Shopper(shop.url).getJson<Fragments>('/?wc-ajax=get_refreshed_fragments');
    expect(body.cart_hash).toBe('');
    expect(body.fragments['div.widget_shopping_cart_content']).toContain('woocommerce-mini-cart__empty-message');
  });
});

describe('Store API cart', () => {
  it('has the stock cart shape, and the nonce headers on every answer', async () => {
    const shopper = new Shopper(shop.url);
    await addForm(shopper, { product_id: String(product('abaca-tote-bag').id) });
    const response = await shopper.fetch(`${STORE}/cart`);
    for (const name of ['nonce', 'nonce-timestamp', 'cart-token', 'x-wc-store-api-nonce']) expect(response.headers.get(name)).toBeTruthy();
    expect(response.headers.get('nonce')).toMatch(/^[0-9a-f]{10}$/);
    const cart = (await response.json()) as StoreCartJson;
    const stock = fixture('storeapi-cart.json');
    expect(keysOf(cart)).toEqual(keysOf(stock));
    expect(keysOf(cart.totals)).toEqual(keysOf(stock['totals']));
    const stockItem = (stock['items'] as unknown[])[0] as Record<string, unknown>;
    expect(keysOf(cart.items[0])).toEqual(keysOf(stockItem));
    const item = cart.items[0] as unknown as Record<string, unknown>;
    expect(keysOf(item['prices'])).toEqual(keysOf(stockItem['prices']));
    expect(keysOf(item['totals'])).toEqual(keysOf(stockItem['totals']));
    expect(keysOf(item['quantity_limits'])).toEqual(keysOf(stockItem['quantity_limits']));
    expect(cart.items[0]?.prices.price).toBe('109000');
  });

  it('requires the Nonce header on writes: 401 without, 403 forged', async () => {
    const shopper = new Shopper(shop.url);
    const id = product('bamboo-utensil-set').id;
    const missing = await shopper.fetch(`${STORE}/cart/add-item`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ id, quantity: 1 }) });
    expect(missing.status).toBe(401);
    expect(await missing.json()).toEqual(fixture('storeapi-cart-add-item-nononce.json'));
    expect(missing.headers.get('nonce')).toMatch(/^[0-9a-f]{10}$/);
    for (const forged of ['0123456789', 'nonsense', 'ABCDEF0123']) {
      const bad = await shopper.postJson(`${STORE}/cart/add-item`, { id, quantity: 1 }, { nonce: forged });
      expect(bad.status).toBe(403);
      expect(bad.body).toMatchObject({ code: 'woocommerce_rest_invalid_nonce', data: { status: 403 } });
    }
    // Another shopper's nonce is not valid for this session.
    const other = new Shopper(shop.url);
    const foreignNonce = await other.ensureNonce();
    await shopper.ensureNonce();
    const foreign = await shopper.postJson(`${STORE}/cart/add-item`, { id, quantity: 1 }, { nonce: foreignNonce });
    expect(foreign.status).toBe(403);
    expect((await cartOf(shopper)).items).toEqual([]);
  });

  it('adds, updates and removes items', async () => {
    const shopper = new Shopper(shop.url);
    await shopper.ensureNonce();
    const board = product('narra-wood-serving-board');
    const added = await shopper.postJson<StoreCartJson>(`${STORE}/cart/add-item`, { id: board.id, quantity: 2 });
    expect(added.status).toBe(201);
    expect(keysOf(added.body)).toEqual(keysOf(fixture('storeapi-cart-add-item.json')));
    const key = added.body.items[0]!.key;
    const updated = await shopper.postJson<StoreCartJson>(`${STORE}/cart/update-item`, { key, quantity: 5 });
    expect(updated.status).toBe(200);
    expect(updated.body.items[0]?.quantity).toBe(5);
    expect(updated.body.totals.total_price).toBe(String(5 * 135000));
    const tooMany = await shopper.postJson(`${STORE}/cart/update-item`, { key, quantity: board.add_to_cart.maximum + 1 });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body).toMatchObject({ code: 'woocommerce_rest_product_partially_out_of_stock', data: { status: 400 } });
    const removed = await shopper.postJson<StoreCartJson>(`${STORE}/cart/remove-item`, { key });
    expect(removed.status).toBe(200);
    expect(removed.body.items).toEqual([]);
    const again = await shopper.postJson(`${STORE}/cart/remove-item`, { key });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: 'woocommerce_rest_cart_invalid_key' });
    const badUpdate = await shopper.postJson(`${STORE}/cart/update-item`, { key: 'nope', quantity: 1 });
    expect(badUpdate.status).toBe(409);
  });

  it('refuses unknown products, missing variation data and too much stock with Store API codes', async () => {
    const shopper = new Shopper(shop.url);
    await shopper.ensureNonce();
    const unknown = await shopper.postJson(`${STORE}/cart/add-item`, { id: 999999, quantity: 1 });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toMatchObject({ code: 'woocommerce_rest_product_invalid_id', data: { status: 400 } });
    const tee = product('jeepney-line-art-tee');
    const noVariation = await shopper.postJson(`${STORE}/cart/add-item`, { id: tee.id, quantity: 1 });
    expect(noVariation.body).toMatchObject({ code: 'woocommerce_rest_missing_variation_data' });
    const wrongVariation = await shopper.postJson(`${STORE}/cart/add-item`, { id: tee.id, variation: [{ attribute: 'pa_colour', value: 'purple' }] });
    expect(wrongVariation.body).toMatchObject({ code: 'woocommerce_rest_variation_id_from_variation_data' });
    const boots = product('suede-desert-boots');
    const partial = await shopper.postJson(`${STORE}/cart/add-item`, { id: boots.id, quantity: 5 });
    expect(partial.status).toBe(400);
    expect(partial.body).toMatchObject({ code: 'woocommerce_rest_product_partially_out_of_stock' });
    expect((partial.body as { message: string }).message).toContain('&quot;Suede Desert Boots&quot;');
    const soldOut = await shopper.postJson(`${STORE}/cart/add-item`, { id: product('pili-nut-brittle').id, quantity: 1 });
    expect(soldOut.body).toMatchObject({ code: 'woocommerce_rest_product_out_of_stock' });
    const duffel = product('leather-weekender-duffel');
    expect((await shopper.postJson(`${STORE}/cart/add-item`, { id: duffel.id })).status).toBe(201);
    const second = await shopper.postJson(`${STORE}/cart/add-item`, { id: duffel.id });
    expect(second.body).toMatchObject({ code: 'woocommerce_rest_product_sold_individually' });
  });

  it('adds a variation by attribute names and values, in any spelling the Store API accepts', async () => {
    const shopper = new Shopper(shop.url);
    await shopper.ensureNonce();
    const tee = product('suki-logo-tee');
    let target: { id: number; colour: string; size: string } | null = null;
    for (const v of tee.variations) {
      if ((await shopper.getJson<StoreProductJson>(`${STORE}/products/${v.id}`)).body.is_in_stock) {
        target = { id: v.id, colour: v.attributes[0]!.value, size: v.attributes[1]!.value };
        break;
      }
    }
    const colour = tee.attributes[0]!.terms.find((t) => t.slug === target!.colour)!.name;
    const spellings = [
      [{ attribute: 'Colour', value: colour }, { attribute: 'Size', value: target!.size.toUpperCase() }],
      [{ attribute: 'pa_colour', value: target!.colour }, { attribute: 'attribute_pa_size', value: target!.size }],
    ];
    for (const variation of spellings) {
      const result = await shopper.postJson<StoreCartJson>(`${STORE}/cart/add-item`, { id: tee.id, quantity: 1, variation });
      expect(result.status).toBe(201);
      expect(result.body.items[0]?.id).toBe(target!.id);
      expect(result.body.items[0]?.variation).toEqual([
        { attribute: 'Colour', value: colour },
        { attribute: 'Size', value: target!.size.toUpperCase() },
      ]);
    }
    expect((await cartOf(shopper)).items[0]?.quantity).toBe(2);
  });

  it('routes X-HTTP-Method-Override to the PUT and DELETE item routes', async () => {
    const shopper = new Shopper(shop.url);
    await shopper.ensureNonce();
    const added = await shopper.postJson<StoreCartJson>(`${STORE}/cart/items`, { id: product('sungka-board-game').id, quantity: 1 });
    expect(added.status).toBe(201);
    const key = added.body.items[0]!.key;
    const put = await shopper.postJson<{ quantity: number; key: string }>(`${STORE}/cart/items/${key}`, { quantity: 3 }, { 'x-http-method-override': 'PUT' });
    expect(put.status).toBe(200);
    expect((await cartOf(shopper)).items[0]?.quantity).toBe(3);
    const del = await shopper.fetch(`${STORE}/cart/items/${key}`, { method: 'POST', headers: { 'x-http-method-override': 'DELETE', nonce: shopper.nonce ?? '' } });
    expect(del.status).toBe(200);
    expect((await cartOf(shopper)).items).toEqual([]);
  });

  it('hands the same nonce to admin-ajax rest-nonce, and refreshes it for guests', async () => {
    const shopper = new Shopper(shop.url);
    const nonce = await shopper.ensureNonce();
    const text = await (await shopper.fetch('/wp-admin/admin-ajax.php?action=rest-nonce')).text();
    expect(text).toBe(nonce);
    const posted = await shopper.fetch('/wp-admin/admin-ajax.php', { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'action=rest-nonce' });
    expect(await posted.text()).toBe(nonce);
  });
});

describe('sessions and server rendering', () => {
  it('keeps the session in the database for 48 hours, renewed by each write', async () => {
    const shopper = new Shopper(shop.url);
    await addForm(shopper, { product_id: String(product('coconut-jam-jar').id) });
    const id = shopper.cookies.get('suki_session')!;
    const { db } = shop.db.database;
    const [row] = await db.select().from(sessions).where(eq(sessions.id, id));
    const left = new Date(row!.expiresAt).getTime() - Date.now();
    expect(left).toBeGreaterThan(47.9 * 3_600_000);
    expect(left).toBeLessThanOrEqual(48 * 3_600_000);
    // A session last seen 30 hours ago is renewed when the shopper comes back, cookie included.
    await db.update(sessions).set({ expiresAt: new Date(Date.now() + 18 * 3_600_000).toISOString() }).where(eq(sessions.id, id));
    const back = await shopper.fetch(`${STORE}/cart`);
    expect(back.headers.getSetCookie().some((c) => c.startsWith(`suki_session=${id};`))).toBe(true);
    const [renewed] = await db.select().from(sessions).where(eq(sessions.id, id));
    expect(new Date(renewed!.expiresAt).getTime() - Date.now()).toBeGreaterThan(47 * 3_600_000);
    expect(((await back.json()) as StoreCartJson).items).toHaveLength(1);
  });

  it('forgets the cart of an expired session, on reads and on writes', async () => {
    const reader = new Shopper(shop.url);
    await addForm(reader, { product_id: String(product('coconut-jam-jar').id) });
    const { db } = shop.db.database;
    const expire = (id: string) => db.update(sessions).set({ expiresAt: new Date(Date.now() - 1000).toISOString() }).where(eq(sessions.id, id));
    await expire(reader.cookies.get('suki_session')!);
    expect((await cartOf(reader)).items).toEqual([]);

    const writer = new Shopper(shop.url);
    await addForm(writer, { product_id: String(product('coconut-jam-jar').id), quantity: '2' });
    await expire(writer.cookies.get('suki_session')!);
    await addForm(writer, { product_id: String(product('enamel-kapeng-mug').id) });
    const cart = await cartOf(writer);
    expect(cart.items.map((i) => [i.name, i.quantity])).toEqual([['Enamel Kapeng Mug', 1]]);
  });

  it('marks the session cookie Secure behind an https proxy', async () => {
    const response = await fetch(`${shop.url}${STORE}/cart`, { headers: { 'x-forwarded-proto': 'https' } });
    const cookie = response.headers.getSetCookie().find((c) => c.startsWith('suki_session='));
    expect(cookie).toMatch(/; Secure$/);
    const plain = await fetch(`${shop.url}${STORE}/cart`);
    expect(plain.headers.getSetCookie().find((c) => c.startsWith('suki_session='))).not.toMatch(/Secure/);
  });

  it('lets a page handler create the session and share it with parallel in-process calls', async () => {
    pagesSeen = [];
    const response = await fetch(`${shop.url}/shop/`);
    expect(response.status).toBe(200);
    const cookie = response.headers.getSetCookie().filter((c) => c.startsWith('suki_session='));
    expect(cookie).toHaveLength(1);
    const id = /^suki_session=([0-9a-f]{64});/.exec(cookie[0]!)?.[1];
    expect(pagesSeen[0]?.id).toBe(id);
    // The nonce from the in-process call works for the browser's session afterwards.
    const browser = new Shopper(shop.url);
    browser.cookies.set('suki_session', id!);
    const add = await browser.postJson(`${STORE}/cart/add-item`, { id: product('salakot-keychain').id }, { nonce: pagesSeen[0]!.nonce! });
    expect(add.status).toBe(201);
  });

  it('answers in-process requests with the shopper cookie exactly like HTTP ones', async () => {
    const shopper = new Shopper(shop.url);
    await addForm(shopper, { product_id: String(product('beaded-bracelet-set').id), quantity: '2' });
    const overHttp = await cartOf(shopper);
    const inProcess = await shop.app.fetch(new Request(`${shop.url}${STORE}/cart`, { headers: { cookie: shopper.cookieHeader() } }));
    expect(inProcess.status).toBe(200);
    expect(await inProcess.json()).toEqual(overHttp);
    const page = new Shopper(shop.url);
    page.cookies.set('suki_session', shopper.cookies.get('suki_session')!);
    pagesSeen = [];
    await page.fetch('/cart/');
    expect(pagesSeen[0]?.cart).toEqual(overHttp);
  });

  it('mounts pages for the shop routes, redirects bare paths and renders unknown paths', async () => {
    for (const [from, to] of [
      ['/shop', '/shop/'],
      ['/cart?x=1', '/cart/?x=1'],
      ['/product/suki-logo-tee', '/product/suki-logo-tee/'],
      ['/product-category/tees', '/product-category/tees/'],
    ] as const) {
      const response = await fetch(`${shop.url}${from}`, { redirect: 'manual' });
      expect(response.status).toBe(301);
      expect(response.headers.get('location')).toBe(to);
    }
    expect((await fetch(`${shop.url}/nowhere/`)).status).toBe(404);
    expect((await fetch(`${shop.url}/product/suki-logo-tee/`)).headers.get('content-type')).toContain('text/html');
    const api404 = await fetch(`${shop.url}/wp-json/wc/store/v1/nothing`);
    expect(api404.status).toBe(404);
    expect(await api404.json()).toMatchObject({ code: 'rest_no_route' });
  });
});

describe('Store API cart routes answer like the recorded stock shop (peer-3)', () => {
  const stock = (name: string) => {
    const recorded = httpRecording(`peer-3/${name}.http`);
    return { status: recorded.status, headers: new Headers(recorded.headers as Array<[string, string]>), body: JSON.parse(recorded.body) as Record<string, unknown> };
  };
  /** Header names a stock Store API answer carries that a client may read. */
  const STORE_HEADERS = ['content-type', 'nonce', 'nonce-timestamp', 'user-id', 'cart-token', 'x-wc-store-api-nonce'];
  const expectLikeStock = (ours: { status: number; headers: Headers; body: unknown }, name: string) => {
    const theirs = stock(name);
    expect(ours.status).toBe(theirs.status);
    for (const header of STORE_HEADERS) {
      expect(theirs.headers.has(header)).toBe(true);
      expect(ours.headers.has(header), header).toBe(true);
    }
    expect(ours.headers.get('content-type')).toBe(theirs.headers.get('content-type'));
    expect(ours.headers.get('nonce')).toBe(ours.headers.get('x-wc-store-api-nonce'));
    expect(keysOf(ours.body)).toEqual(keysOf(theirs.body));
    return theirs.body;
  };
  const itemKeys = (cart: unknown) => keysOf((cart as { items: unknown[] }).items[0]);

  it('only the cart and the checkout carry the nonce headers: a catalogue read has none, as on the stock shop', async () => {
    const CART_HEADERS = ['nonce', 'nonce-timestamp', 'user-id', 'cart-token', 'x-wc-store-api-nonce'];
    // Stock WooCommerce adds them in its cart routes' base class: its order read (with a session)
    // and its products read carry none of them.
    for (const recording of ['peer-3/storeapi-order.http', 'peer-2/storeapi-products.http']) {
      const headers = new Headers(httpRecording(recording).headers as Array<[string, string]>);
      for (const header of CART_HEADERS) expect(headers.has(header), `${recording} ${header}`).toBe(false);
    }
    const shopper = new Shopper(shop.url);
    await shopper.ensureNonce();
    for (const path of ['/products?per_page=3', '/products/categories', '/products/collection-data?calculate_price_range=true']) {
      const answer = await shopper.fetch(`${STORE}${path}`);
      await answer.arrayBuffer();
      expect(answer.status, path).toBe(200);
      for (const header of CART_HEADERS) expect(answer.headers.has(header), `${path} ${header}`).toBe(false);
    }
    for (const path of ['/cart', '/checkout']) {
      const answer = await shopper.fetch(`${STORE}${path}`);
      await answer.arrayBuffer();
      for (const header of CART_HEADERS) expect(answer.headers.has(header), `${path} ${header}`).toBe(true);
    }
  });

  it('add-item 201, update-item 200, remove-item 200 and 409 with data.cart: statuses, headers and shapes as stock', async () => {
    const shopper = new Shopper(shop.url);
    await shopper.ensureNonce();
    const board = product('narra-wood-serving-board');
    const bag = product('bamboo-utensil-set');
    const added = await shopper.postJson<StoreCartJson>(`${STORE}/cart/add-item`, { id: board.id, quantity: 2 });
    const stockAdded = expectLikeStock(added, 'storeapi-cart-add-item');
    expect(itemKeys(added.body)).toEqual(itemKeys(stockAdded));
    const key = added.body.items[0]!.key;
    const second = await shopper.postJson<StoreCartJson>(`${STORE}/cart/add-item`, { id: bag.id, quantity: 1 });
    expectLikeStock(second, 'storeapi-cart-add-item-poster');
    expect(second.body.items.map((i) => i.id)).toEqual([board.id, bag.id]);

    const updated = await shopper.postJson<StoreCartJson>(`${STORE}/cart/update-item`, { key, quantity: 3 });
    expectLikeStock(updated, 'storeapi-cart-update-item');
    expect(updated.body.items[0]?.quantity).toBe(3);

    const bagKey = second.body.items[1]!.key;
    const removed = await shopper.postJson<StoreCartJson>(`${STORE}/cart/remove-item`, { key: bagKey });
    expectLikeStock(removed, 'storeapi-cart-remove-item');
    expect(removed.body.items.map((i) => i.key)).toEqual([key]);

    const missing = await shopper.postJson<{ code: string; message: string; data: { status: number; cart: StoreCartJson } }>(`${STORE}/cart/remove-item`, { key: bagKey });
    const stockMissing = expectLikeStock(missing, 'storeapi-cart-remove-item-missing') as { code: string; message: string; data: { cart: unknown } };
    expect(missing.body.code).toBe(stockMissing.code);
    expect(missing.body.message).toBe(stockMissing.message);
    expect(keysOf(missing.body.data)).toEqual(keysOf(stockMissing.data));
    expect(keysOf(missing.body.data.cart)).toEqual(keysOf(stockMissing.data.cart));
    expect(missing.body.data.status).toBe(409);
    expect(missing.body.data.cart.items.map((i) => [i.key, i.quantity])).toEqual([[key, 3]]);

    // A quantity change on a line that is gone is the same conflict, with the cart.
    const gone = await shopper.postJson<{ code: string; data: { cart: StoreCartJson } }>(`${STORE}/cart/update-item`, { key: bagKey, quantity: 2 });
    expect(gone.status).toBe(409);
    expect(gone.body.data.cart.items.map((i) => i.key)).toEqual([key]);
  });

  it('adds a variation sent by its own id with its attribute values, as the storefront sends it', async () => {
    const shopper = new Shopper(shop.url);
    await shopper.ensureNonce();
    const tee = product('suki-logo-tee');
    let target: { id: number; colour: string; size: string } | null = null;
    for (const v of tee.variations) {
      if ((await shopper.getJson<StoreProductJson>(`${STORE}/products/${v.id}`)).body.is_in_stock) {
        target = { id: v.id, colour: v.attributes[0]!.value, size: v.attributes[1]!.value };
        break;
      }
    }
    if (!target) throw new Error('no variation in stock');
    const colour = tee.attributes[0]!.terms.find((t) => t.slug === target.colour)!.name;
    const added = await shopper.postJson<StoreCartJson>(`${STORE}/cart/add-item`, {
      id: target.id,
      quantity: 1,
      variation: [
        { attribute: 'Colour', value: target.colour },
        { attribute: 'Size', value: target.size },
      ],
    });
    expect(added.status).toBe(201);
    expect(added.body.items[0]?.id).toBe(target.id);
    expect(added.body.items[0]?.variation).toEqual([
      { attribute: 'Colour', value: colour },
      { attribute: 'Size', value: target.size.toUpperCase() },
    ]);
  });
});
