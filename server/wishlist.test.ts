/**
 * The wishlist on the embedded shop over real HTTP: Suki's JSON route (state, writes, validation,
 * headers, cookies), ownership (someone else's ids and tokens answer like missing ones and change
 * nothing), the pages' data and no-script links, and the plugin switched off.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WishlistAddAnswer, WishlistDetails, WishlistState } from '../src/core/domain/wishlist.js';
import { STORE, type StoreCartJson, type StoreProductJson } from './test/harness.js';
import { startWishlistShop, WISHLIST, WishlistBrowser, type WishlistShop } from './test/wishlist.js';

let shop: WishlistShop;
const bySlug = new Map<string, StoreProductJson>();

beforeAll(async () => {
  shop = await startWishlistShop();
  const browser = new WishlistBrowser(shop.url);
  const all = await browser.fetch(`${STORE}/products?per_page=100`);
  for (const product of (await all.json()) as StoreProductJson[]) bySlug.set(product.slug, product);
});
afterAll(async () => {
  expect(shop.logger.errors).toEqual([]);
  await shop.close();
});

const idOf = (slug: string): number => {
  const product = bySlug.get(slug);
  if (!product) throw new Error(`no product ${slug}`);
  return product.id;
};

const COFFEE = 'kapeng-barako-ground-coffee';
const MUG = 'enamel-kapeng-mug';
const TEE = 'suki-logo-tee';

const add = (browser: WishlistBrowser, productId: number, extra: Record<string, unknown> = {}) =>
  browser.json<WishlistAddAnswer>('POST', `${WISHLIST}/items`, { productId, productType: 'simple', wishlistId: null, ...extra });

describe('the JSON route', () => {
  it('answers an empty state to a newcomer, per shopper and never stored', async () => {
    const browser = new WishlistBrowser(shop.url);
    const answer = await browser.state();
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      lists: [],
      entries: [],
      defaultListId: null,
      features: { multipleLists: true, moveItems: true, sortItems: true, quantities: true, estimates: true, renameLists: true, changePrivacy: true },
    });
    expect(answer.headers.get('cache-control')).toBe('no-store, private');
    expect(answer.headers.get('vary')?.toLowerCase()).toContain('cookie');
    expect(answer.headers.get('nonce')).toMatch(/^[0-9a-f]{10}$/);
    // Reading makes no wishlist owner.
    expect(browser.cookies.has('suki_wishlist')).toBe(false);
  });

  it('refuses writes without the Store API nonce, and makes nothing', async () => {
    const browser = new WishlistBrowser(shop.url);
    await browser.state();
    const missing = await browser.fetch(`${WISHLIST}/items`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ productId: idOf(COFFEE), productType: 'simple', wishlistId: null }) });
    expect(missing.status).toBe(401);
    const wrong = await browser.fetch(`${WISHLIST}/items`, { method: 'POST', headers: { 'content-type': 'application/json', nonce: '0123456789' }, body: JSON.stringify({ productId: idOf(COFFEE), productType: 'simple', wishlistId: null }) });
    expect(wrong.status).toBe(403);
    expect(((await wrong.json()) as { code: string }).code).toBe('woocommerce_rest_invalid_nonce');
    expect(browser.cookies.has('suki_wishlist')).toBe(false);
    expect((await browser.state()).body.entries).toEqual([]);
  });

  it('adds to the default list: true, then exists; cookies for the guest and the count', async () => {
    const browser = new WishlistBrowser(shop.url);
    const first = await add(browser, idOf(COFFEE));
    expect(first.status).toBe(200);
    expect(first.body.result).toBe('true');
    expect(first.body.state.entries).toHaveLength(1);
    expect(first.body.state.entries[0]).toMatchObject({ productId: idOf(COFFEE), parentId: idOf(COFFEE), quantity: 1, position: 0 });
    expect(first.body.state.lists).toHaveLength(1);
    const list = first.body.state.lists[0];
    expect(list).toMatchObject({ isDefault: true, privacy: 0, itemCount: 1, title: '' });
    expect(list?.id).toBeGreaterThan(2 ** 32);
    expect(list?.token).toMatch(/^[A-Z0-9]{32}$/);
    expect(list?.url).toBe(`/wishlist/view/${list?.token}/`);
    expect(first.body.state.defaultListId).toBe(list?.id);
    const cookies = first.headers.getSetCookie();
    const guest = cookies.find((l) => l.startsWith('suki_wishlist='));
    expect(guest).toMatch(/HttpOnly/);
    expect(guest).toMatch(/Max-Age=2592000/);
    expect(guest).toMatch(/SameSite=Lax/);
    const count = cookies.find((l) => l.startsWith('suki_wishlist_count='));
    expect(count).toMatch(/^suki_wishlist_count=1;/);
    expect(count).not.toMatch(/HttpOnly/);
    expect(count).toMatch(/Path=\//);

    const again = await add(browser, idOf(COFFEE));
    expect(again.body.result).toBe('exists');
    expect(again.body.state.entries).toHaveLength(1);
    const unknown = await add(browser, 999_999);
    expect(unknown.status).toBe(200);
    expect(unknown.body.result).toBe('error');
    expect(unknown.body.message).not.toBe('');
  });

  it('keeps a chosen variation with its parent', async () => {
    const browser = new WishlistBrowser(shop.url);
    const tee = bySlug.get(TEE);
    const variation = tee?.variations[0]?.id ?? 0;
    const answer = await add(browser, variation, { productType: 'variation' });
    expect(answer.body.result).toBe('true');
    expect(answer.body.state.entries[0]).toMatchObject({ productId: variation, parentId: idOf(TEE) });
    const listId = answer.body.state.defaultListId ?? 0;
    const details = await browser.json<WishlistDetails>('GET', `${WISHLIST}/lists/${listId}`);
    expect(details.status).toBe(200);
    expect(details.body.items[0]).toMatchObject({ productId: variation, parentId: idOf(TEE), productType: 'variation', name: 'Suki Logo Tee', currency: 'PHP', currencyMinorUnit: 2, purchasable: true });
    expect(details.body.items[0]?.attributes.length).toBeGreaterThan(0);
    expect(details.body.items[0]?.addToCartUrl).toBe(`/wishlist/view/${details.body.token}/?add-to-cart=${variation}`);
  });

  it('refuses bad input with a 400 naming the field, and writes nothing', async () => {
    const browser = new WishlistBrowser(shop.url);
    await add(browser, idOf(COFFEE));
    const before = (await browser.state()).body;
    const cases: Array<[unknown, string]> = [
      [{ productId: '12', productType: 'simple', wishlistId: null }, 'productId'],
      [{ productId: 1.5, productType: 'simple', wishlistId: null }, 'productId'],
      [{ productId: idOf(MUG), productType: 'simple', wishlistId: null, colour: 'red' }, 'colour'],
      [{ productId: idOf(MUG), productType: 'simple', wishlistId: 'other' }, 'wishlistId'],
      [{ productId: idOf(MUG), productType: 'simple', wishlistId: 'new' }, 'newList'],
      [{ productId: idOf(MUG), productType: 'simple', wishlistId: 'new', newList: { name: 'x'.repeat(256), privacy: 0 } }, 'newList.name'],
      [{ productId: idOf(MUG), productType: 'simple', wishlistId: 'new', newList: { name: '\u200b \u2800', privacy: 0 } }, 'newList.name'],
      [{ productId: idOf(MUG), productType: 'simple', wishlistId: 'new', newList: { name: 'Gifts', privacy: 3 } }, 'newList.privacy'],
      [[1, 2], 'body'],
    ];
    for (const [body, field] of cases) {
      const answer = await browser.json<{ code: string; data: { status: number; params: Record<string, string> } }>('POST', `${WISHLIST}/items`, body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.code).toBe('suki_wishlist_invalid');
      expect(Object.keys(answer.body.data.params)).toEqual([field]);
    }
    // NUL anywhere is refused by the app's text check, naming the top-level field.
    const nul = await browser.json<{ code: string; data: { params: Record<string, string> } }>('POST', `${WISHLIST}/items`, { productId: idOf(MUG), productType: 'simple', wishlistId: 'new', newList: { name: 'a\u0000b', privacy: 0 } });
    expect(nul.status).toBe(400);
    expect(Object.keys(nul.body.data.params)).toEqual(['newList']);
    const bad = await browser.json<{ code: string }>('POST', `${WISHLIST}/items`, '{"productId":');
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('rest_invalid_json');
    expect((await browser.state()).body).toEqual(before);
  });

  it('manages lists: create, rename, privacy, quantity, move, sort, delete', async () => {
    const browser = new WishlistBrowser(shop.url);
    await add(browser, idOf(COFFEE));
    await add(browser, idOf(MUG));
    const created = await browser.json<WishlistState>('POST', `${WISHLIST}/lists`, { name: '  <b>Gifts</b> & more ', privacy: 1 });
    expect(created.status).toBe(201);
    const gifts = created.body.lists.find((l) => !l.isDefault);
    expect(gifts).toMatchObject({ title: '<b>Gifts</b> & more', privacy: 1, isDefault: false, itemCount: 0 });
    const id = gifts?.id ?? 0;

    const renamed = await browser.json<WishlistState>('PATCH', `${WISHLIST}/lists/${id}`, { name: 'Birthday', privacy: 2 });
    expect(renamed.body.lists.find((l) => l.id === id)).toMatchObject({ title: 'Birthday', privacy: 2 });
    expect((await browser.json('PATCH', `${WISHLIST}/lists/${id}`, { name: '' })).status).toBe(400);
    expect((await browser.json('PATCH', `${WISHLIST}/lists/${id}`, { privacy: '1' })).status).toBe(400);

    const coffeeRow = renamed.body.entries.find((e) => e.productId === idOf(COFFEE))?.rowId ?? 0;
    const mugRow = renamed.body.entries.find((e) => e.productId === idOf(MUG))?.rowId ?? 0;
    expect(coffeeRow).toBeGreaterThan(2 ** 32);
    for (const quantity of [0, 10_000, 1.5, '2', null]) expect((await browser.json('PATCH', `${WISHLIST}/items/${coffeeRow}`, { quantity })).status).toBe(400);
    const quantity = await browser.json<WishlistState>('PATCH', `${WISHLIST}/items/${coffeeRow}`, { quantity: 3 });
    expect(quantity.body.entries.find((e) => e.rowId === coffeeRow)?.quantity).toBe(3);

    const moved = await browser.json<WishlistState>('PATCH', `${WISHLIST}/items/${mugRow}`, { moveTo: id });
    expect(moved.body.entries.find((e) => e.rowId === mugRow)).toMatchObject({ wishlistId: id, position: 0 });
    // Moving into a list that already has the product merges the two rows: the larger quantity stays.
    const coffeeInGifts = (await add(browser, idOf(COFFEE), { wishlistId: id })).body.state.entries.find((e) => e.wishlistId === id && e.productId === idOf(COFFEE))?.rowId ?? 0;
    const merged = await browser.json<WishlistState>('PATCH', `${WISHLIST}/items/${coffeeRow}`, { moveTo: id });
    expect(merged.body.entries.filter((e) => e.productId === idOf(COFFEE))).toEqual([expect.objectContaining({ rowId: coffeeInGifts, wishlistId: id, quantity: 3 })]);
    await browser.json('PATCH', `${WISHLIST}/items/${coffeeInGifts}`, { moveTo: merged.body.defaultListId });
    const back = (await browser.state()).body.entries.find((e) => e.rowId === coffeeInGifts);
    expect(back).toMatchObject({ wishlistId: merged.body.defaultListId, quantity: 3 });
    const toNew = await browser.json<WishlistState>('PATCH', `${WISHLIST}/items/${mugRow}`, { moveTo: 'new', newList: { name: 'Later', privacy: 0 } });
    expect(toNew.body.lists).toHaveLength(3);
    const later = toNew.body.lists.find((l) => l.title === 'Later');
    expect(toNew.body.entries.find((e) => e.rowId === mugRow)?.wishlistId).toBe(later?.id);

    // Sort: three items in the default list, reversed.
    await add(browser, idOf(MUG));
    await add(browser, idOf('muscovado-sugar'));
    const state = (await browser.state()).body;
    const defaultId = state.defaultListId ?? 0;
    const rows = state.entries.filter((e) => e.wishlistId === defaultId).map((e) => e.rowId);
    expect(rows).toHaveLength(3);
    const reversed = [...rows].reverse();
    const sorted = await browser.json<WishlistState>('PUT', `${WISHLIST}/lists/${defaultId}/positions`, { rowIds: reversed });
    expect(sorted.status).toBe(200);
    expect(sorted.body.entries.filter((e) => e.wishlistId === defaultId).map((e) => e.rowId)).toEqual(reversed);
    for (const rowIds of [reversed.slice(1), [...reversed, reversed[0]], [...reversed.slice(1), mugRow]]) {
      const refused = await browser.json<{ code: string; data: { params: Record<string, string> } }>('PUT', `${WISHLIST}/lists/${defaultId}/positions`, { rowIds });
      expect(refused.status).toBe(400);
      expect(Object.keys(refused.body.data.params)).toEqual(['rowIds']);
    }
    expect((await browser.state()).body.entries.filter((e) => e.wishlistId === defaultId).map((e) => e.rowId)).toEqual(reversed);

    const removed = await browser.json<WishlistState>('DELETE', `${WISHLIST}/items/${coffeeInGifts}`);
    expect(removed.body.entries.some((e) => e.rowId === coffeeInGifts)).toBe(false);
    expect((await browser.json('DELETE', `${WISHLIST}/items/${coffeeInGifts}`)).status).toBe(404);

    // Deleting the default list hands the role on.
    const deleted = await browser.json<WishlistState>('DELETE', `${WISHLIST}/lists/${defaultId}`);
    expect(deleted.body.lists.some((l) => l.id === defaultId)).toBe(false);
    expect(deleted.body.lists.filter((l) => l.isDefault)).toHaveLength(1);
    expect(deleted.body.defaultListId).toBe(deleted.body.lists.find((l) => l.isDefault)?.id);
  });

  it('forgets a guest’s lists once their time is up, and starts a new default list', async () => {
    const browser = new WishlistBrowser(shop.url);
    const first = await add(browser, idOf(COFFEE));
    const old = first.body.state.defaultListId ?? 0;
    await shop.db.database.db.execute(sql`UPDATE suki_wishlists SET expires_at = now() - interval '1 minute' WHERE id = ${old}`);
    expect((await browser.state()).body.lists).toEqual([]);
    expect((await browser.json('GET', `${WISHLIST}/lists/${old}`)).status).toBe(404);
    const again = await add(browser, idOf(MUG));
    expect(again.body.result).toBe('true');
    expect(again.body.state.lists).toHaveLength(1);
    expect(again.body.state.defaultListId).not.toBe(old);
    expect(again.body.state.entries.map((e) => e.productId)).toEqual([idOf(MUG)]);
  });

  it('takes PATCH and DELETE as POST with X-HTTP-Method-Override, as the storefront sends them', async () => {
    const browser = new WishlistBrowser(shop.url);
    const added = await add(browser, idOf(COFFEE));
    const row = added.body.state.entries[0]?.rowId ?? 0;
    const patched = await browser.json<WishlistState>('POST', `${WISHLIST}/items/${row}?_locale=user`, { quantity: 7 }, { 'x-http-method-override': 'PATCH' });
    expect(patched.status).toBe(200);
    expect(patched.body.entries[0]?.quantity).toBe(7);
    const deleted = await browser.json<WishlistState>('POST', `${WISHLIST}/items/${row}?_locale=user`, undefined, { 'x-http-method-override': 'DELETE' });
    expect(deleted.status).toBe(200);
    expect(deleted.body.entries).toEqual([]);
  });

  it('is gone when the plugin is off', async () => {
    const off = await startWishlistShop({ wishlist: false, db: shop.db });
    try {
      const browser = new WishlistBrowser(off.url);
      const answer = await browser.state();
      expect(answer.status).toBe(404);
      expect((answer.body as unknown as { code: string }).code).toBe('rest_no_route');
      const ajax = await browser.form('/wp-admin/admin-ajax.php', { action: 'add_to_wishlist', add_to_wishlist: '1', nonce: '0123456789' });
      expect(ajax.status).toBe(400);
      expect(ajax.text).toBe('0');
      expect((await browser.page('/wishlist/')).status).toBe(404);
    } finally {
      await off.close();
    }
  });
});

describe('someone else’s lists', () => {
  it('answers exactly like missing ones and changes nothing', async () => {
    const alice = new WishlistBrowser(shop.url, '203.0.113.31');
    const mallory = new WishlistBrowser(shop.url, '203.0.113.32');
    await add(alice, idOf(COFFEE));
    await alice.json('POST', `${WISHLIST}/lists`, { name: 'Private', privacy: 2 });
    const aliceState = (await alice.state()).body;
    const list = aliceState.lists[0]?.id ?? 0;
    const row = aliceState.entries[0]?.rowId ?? 0;
    await add(mallory, idOf(MUG));
    const missingList = 2 ** 40 + 12_345;
    const missingRow = 2 ** 40 + 54_321;

    const pairs: Array<[string, string, unknown]> = [
      ['DELETE', `/items/${row}`, undefined],
      ['PATCH', `/items/${row}`, { quantity: 5 }],
      ['PATCH', `/items/${row}`, { moveTo: (await mallory.state()).body.defaultListId }],
      ['GET', `/lists/${list}`, undefined],
      ['PATCH', `/lists/${list}`, { name: 'Mine now', privacy: 0 }],
      ['DELETE', `/lists/${list}`, undefined],
      ['PUT', `/lists/${list}/positions`, { rowIds: [row] }],
      ['POST', `/lists/${list}/estimate`, { email: 'mallory@example.com', message: 'hi' }],
    ];
    for (const [method, path, body] of pairs) {
      const theirs = await mallory.json<unknown>(method, `${WISHLIST}${path}`, body);
      const missing = await mallory.json<unknown>(method, `${WISHLIST}${path.replace(String(row), String(missingRow)).replace(String(list), String(missingList))}`, body);
      expect(theirs.status, `${method} ${path}`).toBe(404);
      expect(theirs.body, `${method} ${path}`).toEqual(missing.body);
    }
    // Adding into someone else's list is refused like adding into a missing one.
    const into = await add(mallory, idOf(MUG), { wishlistId: list });
    const intoMissing = await add(mallory, idOf(MUG), { wishlistId: missingList });
    expect(into.status).toBe(404);
    expect(into.body).toEqual(intoMissing.body);
    // Moving their own row into Alice's list: the same.
    const malloryRow = (await mallory.state()).body.entries[0]?.rowId ?? 0;
    const moveInto = await mallory.json('PATCH', `${WISHLIST}/items/${malloryRow}`, { moveTo: list });
    expect(moveInto.status).toBe(404);
    expect((await alice.state()).body).toEqual(aliceState);
  });

  it('does not adopt a forged or foreign wishlist cookie', async () => {
    const alice = new WishlistBrowser(shop.url);
    await add(alice, idOf(COFFEE));
    const cookie = alice.cookies.get('suki_wishlist') ?? '';
    const forged = new WishlistBrowser(shop.url);
    forged.cookies.set('suki_wishlist', `${cookie.slice(0, 32)}${'0'.repeat(32)}`);
    expect((await forged.state()).body.entries).toEqual([]);
  });
});

describe('the pages', () => {
  it('shows the viewer’s default list, or the empty state, without caching', async () => {
    const browser = new WishlistBrowser(shop.url);
    const empty = await browser.page('/wishlist/');
    expect(empty.status).toBe(200);
    expect(empty.rendered?.wishlist?.view).toMatchObject({ viewer: 'owner', list: null, lists: [], notices: [] });
    expect(empty.rendered?.wishlist?.view.nonces.remove).toMatch(/^[0-9a-f]{10}$/);
    expect(empty.headers.get('cache-control')).toBe('no-store, private');
    await add(browser, idOf(COFFEE));
    const shown = await browser.page('/wishlist/');
    expect(shown.rendered?.wishlist?.title).toBe('My wishlist');
    expect(shown.rendered?.wishlist?.view.viewer).toBe('owner');
    expect(shown.rendered?.wishlist?.view.list?.items.map((i) => i.name)).toEqual(['Kapeng Barako Ground Coffee']);
    expect(shown.rendered?.wishlist?.view.settings).toEqual({ removeAfterAddToCart: true, redirectToCart: false, layout: 'table' });
    expect((await browser.page('/wishlist')).status).toBe(301);
  });

  it('shows a shared list read-only to a visitor and hides a private one', async () => {
    const owner = new WishlistBrowser(shop.url);
    await add(owner, idOf(COFFEE));
    const state = (await owner.state()).body;
    const list = state.lists[0];
    if (!list) throw new Error('no list');
    const visitor = new WishlistBrowser(shop.url);
    const shared = await visitor.page(`/wishlist/view/${list.token}/`);
    expect(shared.status).toBe(200);
    expect(shared.rendered?.wishlist?.view.viewer).toBe('visitor');
    expect(shared.rendered?.wishlist?.view.lists).toEqual([]);
    await owner.json('PATCH', `${WISHLIST}/lists/${list.id}`, { privacy: 2 });
    const hidden = await visitor.page(`/wishlist/view/${list.token}/`);
    expect(hidden.status).toBe(404);
    expect(hidden.headers.get('cache-control')).toBe('no-store, private');
    expect(hidden.rendered?.wishlist).toBeUndefined();
    expect((await visitor.page(`/wishlist/view/${'A'.repeat(32)}/`)).status).toBe(404);
    expect((await visitor.page(`/wishlist/?wishlist_id=${list.id}`)).status).toBe(404);
    const own = await owner.page(`/wishlist/view/${list.token}/`);
    expect(own.status).toBe(200);
    expect(own.rendered?.wishlist?.view.viewer).toBe('owner');
    expect((await owner.page(`/wishlist/?wishlist_id=${list.id}`)).rendered?.wishlist?.view.list?.id).toBe(list.id);
  });

  it('removes a row by the no-script link, with its notice on the next page', async () => {
    const browser = new WishlistBrowser(shop.url);
    await add(browser, idOf(COFFEE));
    const page = await browser.page('/wishlist/');
    const row = page.rendered?.wishlist?.view.list?.items[0]?.rowId ?? 0;
    const stale = await browser.page(`/wishlist/?remove_from_wishlist=${row}&_wpnonce=0123456789`);
    expect(stale.status).toBe(303);
    expect((await browser.state()).body.entries).toHaveLength(1);
    const nonce = page.rendered?.wishlist?.view.nonces.remove ?? '';
    const removed = await browser.page(`/wishlist/?remove_from_wishlist=${row}&_wpnonce=${nonce}`);
    expect(removed.status).toBe(303);
    expect(removed.location).toBe('/wishlist/');
    expect(browser.cookies.has('suki_wishlist_count')).toBe(false);
    const after = await browser.page('/wishlist/');
    expect(after.rendered?.wishlist?.view.notices).toEqual([{ kind: 'success', text: 'Product successfully removed.' }]);
    expect(after.rendered?.wishlist?.view.list?.items).toEqual([]);
  });

  it('adds a line to the cart from the list, and takes it off the owner’s list', async () => {
    const owner = new WishlistBrowser(shop.url);
    await add(owner, idOf(COFFEE));
    await add(owner, idOf(MUG));
    const token = (await owner.state()).body.lists[0]?.token ?? '';
    const visitor = new WishlistBrowser(shop.url);
    const visited = await visitor.page(`/wishlist/view/${token}/?add-to-cart=${idOf(MUG)}`);
    expect(visited.status).toBe(303);
    const visitorCart = (await (await visitor.fetch(`${STORE}/cart`)).json()) as StoreCartJson;
    expect(visitorCart.items.map((i) => i.id)).toEqual([idOf(MUG)]);
    expect((await owner.state()).body.entries).toHaveLength(2);

    const added = await owner.page(`/wishlist/view/${token}/?add-to-cart=${idOf(MUG)}`);
    expect(added.status).toBe(303);
    expect(added.location).toBe(`/wishlist/view/${token}/`);
    const cart = (await (await owner.fetch(`${STORE}/cart`)).json()) as StoreCartJson;
    expect(cart.items.map((i) => i.id)).toEqual([idOf(MUG)]);
    expect((await owner.state()).body.entries.map((e) => e.productId)).toEqual([idOf(COFFEE)]);
    const next = await owner.page(`/wishlist/view/${token}/`);
    expect(next.rendered?.wishlist?.view.notices[0]?.text).toBe('“Enamel Kapeng Mug” has been added to your cart.');
  });

  it('adds by a plain form posted from our pages, and refuses other sites', async () => {
    const browser = new WishlistBrowser(shop.url);
    const posted = await browser.form('/wishlist/', { add_to_wishlist: String(idOf(COFFEE)) });
    expect(posted.status).toBe(303);
    expect((await browser.state()).body.entries.map((e) => e.productId)).toEqual([idOf(COFFEE)]);
    const foreign = await browser.form('/wishlist/', { add_to_wishlist: String(idOf(MUG)) }, { origin: 'https://evil.example' });
    expect(foreign.status).toBe(403);
    expect((await browser.state()).body.entries).toHaveLength(1);
    const created = await browser.form('/wishlist/create/', { wishlist_name: 'Pasalubong', wishlist_visibility: '1' });
    expect(created.status).toBe(303);
    expect((await browser.state()).body.lists.map((l) => l.title)).toEqual(['', 'Pasalubong']);
    expect((await browser.form('/wishlist/create/', { wishlist_name: ' ', wishlist_visibility: '1' })).status).toBe(400);
  });
});
