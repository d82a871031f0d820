/**
 * The stock YITH WooCommerce Wishlist actions on our admin-ajax.php, for stock theme clients: the
 * recorded stock requests (`tests/fixtures/stock-woocommerce-9.1/peer-2/yith-*.http`) sent to our
 * shop get answers of the recorded shapes; nonces are per action and per session, and a bad one is
 * answered as stock does (200 with an empty result); titles are text in every fragment.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WishlistState } from '../src/core/domain/wishlist.js';
import { httpRecording } from '../src/adapters/testing/fake-shop.js';
import { STORE, type StoreProductJson } from './test/harness.js';
import { startWishlistShop, WISHLIST, WishlistBrowser, type WishlistShop } from './test/wishlist.js';

const AJAX = '/wp-admin/admin-ajax.php';
const FIXTURES = new URL('../tests/fixtures/stock-woocommerce-9.1/', import.meta.url);

/** The recorded request's form body. */
const recordedForm = (name: string): URLSearchParams => {
  const text = readFileSync(new URL(name, FIXTURES), 'utf8');
  const request = text.slice(0, text.indexOf('--- response'));
  const blank = request.search(/\r?\n\r?\n/);
  return new URLSearchParams(request.slice(blank).trim());
};
const recordedJson = (name: string): Record<string, unknown> => JSON.parse(httpRecording(name).body) as Record<string, unknown>;

/** The recorded form with the stock product id and nonce swapped for ours. */
const ourForm = (name: string, productId: number, nonce: string): URLSearchParams => {
  const out = new URLSearchParams();
  for (const [k, v] of recordedForm(name)) {
    out.append(k.replace('add-to-wishlist-14', `add-to-wishlist-${productId}`), k === 'nonce' ? nonce : v === '14' ? String(productId) : v);
  }
  return out;
};

interface StockSettings {
  ajax_url: string;
  nonce: Record<string, string>;
  actions: Record<string, string>;
}

let shop: WishlistShop;
const ids = new Map<string, number>();
const idOf = (slug: string): number => ids.get(slug) ?? 0;

beforeAll(async () => {
  shop = await startWishlistShop();
  const all = await new WishlistBrowser(shop.url).fetch(`${STORE}/products?per_page=100`);
  for (const p of (await all.json()) as StoreProductJson[]) ids.set(p.slug, p.id);
});
afterAll(async () => {
  expect(shop.logger.errors).toEqual([]);
  await shop.close();
});

const settingsOf = async (browser: WishlistBrowser): Promise<StockSettings> => (await browser.json<StockSettings>('GET', `${WISHLIST}/stock-settings`)).body;

describe('the stock actions', () => {
  it('publishes yith_wcwl_l10n with one nonce per action', async () => {
    const browser = new WishlistBrowser(shop.url);
    const settings = await settingsOf(browser);
    expect(settings.ajax_url).toBe(AJAX);
    // Every nonce the stock page prints is there, plus the premium ones.
    const stockPage = readFileSync(new URL('../tests/fixtures/stock-woocommerce-9.1/peer-2/yith-load_fragments.http', import.meta.url), 'utf8');
    expect(stockPage).toContain('load_fragments');
    for (const name of ['add_to_wishlist_nonce', 'remove_from_wishlist_nonce', 'reload_wishlist_and_adding_elem_nonce', 'load_mobile_nonce', 'delete_item_nonce', 'save_title_nonce', 'save_privacy_nonce', 'load_fragments_nonce', 'ask_an_estimate_nonce', 'move_to_another_wishlist_nonce', 'sort_wishlist_items_nonce', 'update_item_quantity_nonce', 'remove_from_all_wishlists_nonce']) {
      expect(settings.nonce[name], name).toMatch(/^[0-9a-f]{10}$/);
    }
    expect(new Set(Object.values(settings.nonce)).size).toBe(Object.keys(settings.nonce).length);
    expect(settings.actions['add_to_wishlist_action']).toBe('add_to_wishlist');
  });

  it('adds as the recorded stock request does, with answers of the recorded shapes', async () => {
    const browser = new WishlistBrowser(shop.url);
    const settings = await settingsOf(browser);
    const coffee = idOf('kapeng-barako-ground-coffee');
    const first = await browser.form<Record<string, unknown>>(AJAX, ourForm('peer-2/yith-add_to_wishlist.http', coffee, settings.nonce['add_to_wishlist_nonce'] ?? ''));
    expect(first.status).toBe(200);
    expect(first.headers.get('cache-control')).toBe('no-store, private');
    const recorded = recordedJson('peer-2/yith-add_to_wishlist.http');
    expect(Object.keys(first.body).sort()).toEqual(Object.keys(recorded).sort());
    expect(first.body['prod_id']).toBe(coffee);
    expect(first.body['result']).toBe('true');
    const fragments = first.body['fragments'] as Record<string, string>;
    expect(Object.keys(fragments)).toEqual([`add-to-wishlist-${coffee}`]);
    expect(fragments[`add-to-wishlist-${coffee}`]).toMatch(new RegExp(`class="yith-wcwl-add-to-wishlist add-to-wishlist-${coffee} exists `));
    expect(fragments[`add-to-wishlist-${coffee}`]).toContain('data-fragment-options="{&quot;base_url&quot;');
    const lists = first.body['user_wishlists'] as Array<Record<string, unknown>>;
    const recordedLists = recorded['user_wishlists'] as Array<Record<string, unknown>>;
    expect(Object.keys(lists[0] ?? {}).sort()).toEqual(Object.keys(recordedLists[0] ?? {}).sort());
    expect(lists[0]).toMatchObject({ wishlist_name: false, default: true });
    expect(String(first.body['wishlist_url'])).toMatch(/\/wishlist\/view\/[A-Z0-9]{32}\/$/);

    const again = await browser.form<Record<string, unknown>>(AJAX, ourForm('peer-2/yith-add_to_wishlist-again.http', coffee, settings.nonce['add_to_wishlist_nonce'] ?? ''));
    expect(again.body['result']).toBe(recordedJson('peer-2/yith-add_to_wishlist-again.http')['result']);
    expect(again.body['fragments']).toEqual([]);

    const loaded = await browser.form<{ fragments: Record<string, string> }>(AJAX, ourForm('peer-2/yith-load_fragments.http', coffee, settings.nonce['load_fragments_nonce'] ?? ''));
    expect(Object.keys(loaded.body)).toEqual(Object.keys(recordedJson('peer-2/yith-load_fragments.http')));
    expect(loaded.body.fragments[`add-to-wishlist-${coffee}`]).toContain(' exists ');
  });

  it('answers a bad nonce as stock does, and changes nothing', async () => {
    const browser = new WishlistBrowser(shop.url);
    const settings = await settingsOf(browser);
    const coffee = idOf('kapeng-barako-ground-coffee');
    const bad = await browser.form(AJAX, ourForm('peer-2/yith-add_to_wishlist-badnonce.http', coffee, 'deadbeef00'));
    expect(bad.status).toBe(200);
    expect(bad.body).toEqual(recordedJson('peer-2/yith-add_to_wishlist-badnonce.http'));
    // Another action's nonce is not this one's.
    const crossed = await browser.form(AJAX, ourForm('peer-2/yith-add_to_wishlist-badnonce.http', coffee, settings.nonce['load_fragments_nonce'] ?? ''));
    expect(crossed.body).toEqual({ result: false });
    // Another session's nonce neither.
    const other = await settingsOf(new WishlistBrowser(shop.url));
    expect((await browser.form(AJAX, ourForm('peer-2/yith-add_to_wishlist.http', coffee, other.nonce['add_to_wishlist_nonce'] ?? ''))).body).toEqual({ result: false });
    const removeBad = await browser.form(AJAX, { action: 'remove_from_wishlist', nonce: 'deadbeef00', context: 'frontend', remove_from_wishlist: '1', wishlist_id: '1', wishlist_token: 'X' });
    expect(removeBad.body).toEqual(recordedJson('peer-2/yith-remove_from_wishlist-badnonce.http'));
    const deleteBad = await browser.form(AJAX, { action: 'delete_item', nonce: settings.nonce['delete_item_nonce'] ?? '', context: 'frontend', item_id: '999999' });
    expect(deleteBad.body).toEqual(recordedJson('peer-2/yith-delete_item-badid.http'));
    expect((await browser.state()).body.entries).toEqual([]);
  });

  it('removes, deletes, renames, re-privacies, moves, sorts and sets quantities', async () => {
    const browser = new WishlistBrowser(shop.url);
    const s = await settingsOf(browser);
    const nonce = (action: string) => s.nonce[`${action}_nonce`] ?? '';
    const products = ['kapeng-barako-ground-coffee', 'enamel-kapeng-mug', 'muscovado-sugar', 'coconut-jam-jar'].map(idOf);
    for (const id of products) await browser.form(AJAX, { action: 'add_to_wishlist', nonce: nonce('add_to_wishlist'), context: 'frontend', add_to_wishlist: String(id), product_type: 'simple' });
    let state: WishlistState = (await browser.state()).body;
    const list = state.lists[0];
    if (!list) throw new Error('no list');
    const rowOf = (productId: number) => state.entries.find((e) => e.productId === productId)?.rowId ?? 0;

    // remove_from_wishlist by row id, and by product id (what the free plugin's rows carry).
    const removed = await browser.form<{ fragments: unknown }>(AJAX, { action: 'remove_from_wishlist', nonce: nonce('remove_from_wishlist'), context: 'frontend', remove_from_wishlist: String(rowOf(products[0] ?? 0)), wishlist_id: String(list.id), wishlist_token: list.token });
    expect(removed.body).toEqual({ fragments: [] });
    await browser.form(AJAX, { action: 'remove_from_wishlist', nonce: nonce('remove_from_wishlist'), context: 'frontend', remove_from_wishlist: String(products[1]), wishlist_id: String(list.id), wishlist_token: list.token });
    state = (await browser.state()).body;
    expect(state.entries.map((e) => e.productId)).toEqual(products.slice(2));

    const deleted = await browser.form<{ result: boolean; message: string }>(AJAX, { action: 'delete_item', nonce: nonce('delete_item'), context: 'frontend', item_id: String(rowOf(products[2] ?? 0)) });
    expect(deleted.body).toMatchObject({ result: true, message: 'Product successfully removed.' });
    state = (await browser.state()).body;
    expect(state.entries.map((e) => e.productId)).toEqual([products[3]]);

    const titled = await browser.form<{ result: boolean; fragments: Record<string, string> }>(AJAX, {
      action: 'save_title',
      nonce: nonce('save_title'),
      context: 'frontend',
      wishlist_id: String(list.id),
      title: '<img src=x onerror=alert(1)>Regalo',
      'fragments[yith-wcwl-form][item]': 'wishlist',
      'fragments[yith-wcwl-form][wishlist_id]': String(list.id),
    });
    expect(titled.body.result).toBe(true);
    const form = titled.body.fragments['yith-wcwl-form'] ?? '';
    expect(form).toContain('&lt;img src=x onerror=alert(1)&gt;Regalo');
    expect(form).not.toContain('<img');
    expect((await browser.form<{ result: boolean }>(AJAX, { action: 'save_title', nonce: nonce('save_title'), context: 'frontend', wishlist_id: String(list.id), title: '   ' })).body.result).toBe(false);
    expect((await browser.state()).body.lists[0]?.title).toBe('<img src=x onerror=alert(1)>Regalo');
    const added = await browser.form<{ user_wishlists: Array<{ wishlist_name: string }> }>(AJAX, { action: 'add_to_wishlist', nonce: nonce('add_to_wishlist'), context: 'frontend', add_to_wishlist: String(products[0]), product_type: 'simple' });
    expect(added.body.user_wishlists[0]?.wishlist_name).not.toContain('<');

    expect((await browser.form<{ result: boolean }>(AJAX, { action: 'save_privacy', nonce: nonce('save_privacy'), context: 'frontend', wishlist_id: String(list.id), privacy: '1' })).body.result).toBe(true);
    expect((await browser.form<{ result: boolean }>(AJAX, { action: 'save_privacy', nonce: nonce('save_privacy'), context: 'frontend', wishlist_id: String(list.id), privacy: '7' })).body.result).toBe(false);
    expect((await browser.state()).body.lists[0]?.privacy).toBe(1);

    // Move the coffee into a new list, by its row id.
    state = (await browser.state()).body;
    const moved = await browser.form<{ result: boolean; message: string; user_wishlists: unknown[] }>(AJAX, {
      action: 'move_to_another_wishlist',
      nonce: nonce('move_to_another_wishlist'),
      context: 'frontend',
      wishlist_token: list.token,
      destination_wishlist_token: 'new',
      item_id: String(rowOf(products[0] ?? 0)),
      wishlist_name: 'Kape',
      wishlist_visibility: '2',
    });
    expect(moved.body.result).toBe(true);
    expect(moved.body.user_wishlists).toHaveLength(2);
    state = (await browser.state()).body;
    const kape = state.lists.find((l) => l.title === 'Kape');
    expect(kape?.privacy).toBe(2);
    expect(state.entries.find((e) => e.productId === products[0])?.wishlistId).toBe(kape?.id);

    // Sort and quantity (their answers are ignored by the stock client, but they apply).
    for (const id of products.slice(1, 3)) await browser.form(AJAX, { action: 'add_to_wishlist', nonce: nonce('add_to_wishlist'), context: 'frontend', add_to_wishlist: String(id), product_type: 'simple', wishlist_id: String(list.id) });
    state = (await browser.state()).body;
    const rows = state.entries.filter((e) => e.wishlistId === list.id).map((e) => e.rowId);
    const positions = new URLSearchParams({ action: 'sort_wishlist_items', nonce: nonce('sort_wishlist_items'), context: 'frontend', wishlist_token: list.token, page: '1', per_page: '5' });
    for (const row of [...rows].reverse()) positions.append('positions[]', String(row));
    expect((await browser.form<{ result: boolean }>(AJAX, positions)).body.result).toBe(true);
    expect((await browser.state()).body.entries.filter((e) => e.wishlistId === list.id).map((e) => e.rowId)).toEqual([...rows].reverse());
    const quantity = await browser.form<{ result: boolean }>(AJAX, { action: 'update_item_quantity', nonce: nonce('update_item_quantity'), context: 'frontend', product_id: String(rows[0]), wishlist_token: list.token, quantity: '4' });
    expect(quantity.body.result).toBe(true);
    expect((await browser.state()).body.entries.find((e) => e.rowId === rows[0])?.quantity).toBe(4);
    expect((await browser.form<{ result: boolean }>(AJAX, { action: 'update_item_quantity', nonce: nonce('update_item_quantity'), context: 'frontend', product_id: String(rows[0]), wishlist_token: list.token, quantity: '0' })).body.result).toBe(false);

    // remove_from_all_wishlists: the product leaves every list.
    await browser.form(AJAX, { action: 'add_to_wishlist', nonce: nonce('add_to_wishlist'), context: 'frontend', add_to_wishlist: String(products[0]), product_type: 'simple', wishlist_id: String(list.id) });
    expect((await browser.state()).body.entries.filter((e) => e.productId === products[0])).toHaveLength(2);
    const all = await browser.form<{ fragments: unknown }>(AJAX, { action: 'remove_from_all_wishlists', nonce: nonce('remove_from_all_wishlists'), context: 'frontend', prod_id: String(products[0]), wishlist_id: '' });
    expect(all.body).toEqual({ fragments: [] });
    expect((await browser.state()).body.entries.filter((e) => e.productId === products[0])).toHaveLength(0);
  });

  it('changes nothing of someone else’s through the stock actions either', async () => {
    const alice = new WishlistBrowser(shop.url, '203.0.113.41');
    const mallory = new WishlistBrowser(shop.url, '203.0.113.42');
    const a = await settingsOf(alice);
    await alice.form(AJAX, { action: 'add_to_wishlist', nonce: a.nonce['add_to_wishlist_nonce'] ?? '', context: 'frontend', add_to_wishlist: String(idOf('kapeng-barako-ground-coffee')), product_type: 'simple' });
    const before = (await alice.state()).body;
    const list = before.lists[0];
    const row = before.entries[0]?.rowId ?? 0;
    if (!list) throw new Error('no list');
    const m = await settingsOf(mallory);
    const n = (action: string) => m.nonce[`${action}_nonce`] ?? '';
    const attempts: Array<Record<string, string>> = [
      { action: 'remove_from_wishlist', nonce: n('remove_from_wishlist'), remove_from_wishlist: String(row), wishlist_id: String(list.id), wishlist_token: list.token },
      { action: 'remove_from_wishlist', nonce: n('remove_from_wishlist'), remove_from_wishlist: String(before.entries[0]?.productId), wishlist_token: list.token },
      { action: 'delete_item', nonce: n('delete_item'), item_id: String(row) },
      { action: 'save_title', nonce: n('save_title'), wishlist_id: String(list.id), title: 'pwned' },
      { action: 'save_title', nonce: n('save_title'), wishlist_id: list.token, title: 'pwned' },
      { action: 'save_privacy', nonce: n('save_privacy'), wishlist_id: String(list.id), privacy: '0' },
      { action: 'update_item_quantity', nonce: n('update_item_quantity'), product_id: String(row), wishlist_token: list.token, quantity: '9' },
      { action: 'sort_wishlist_items', nonce: n('sort_wishlist_items'), 'positions[]': String(row), wishlist_token: list.token },
      { action: 'move_to_another_wishlist', nonce: n('move_to_another_wishlist'), wishlist_token: list.token, destination_wishlist_token: 'new', item_id: String(row), wishlist_name: 'x' },
      { action: 'add_to_wishlist', nonce: n('add_to_wishlist'), add_to_wishlist: String(idOf('enamel-kapeng-mug')), wishlist_id: String(list.id) },
      { action: 'remove_from_all_wishlists', nonce: n('remove_from_all_wishlists'), prod_id: String(before.entries[0]?.productId), wishlist_id: String(list.id) },
      { action: 'ask_an_estimate', nonce: n('ask_an_estimate'), ask_an_estimate: String(list.id), reply_email: 'm@example.com' },
    ];
    for (const fields of attempts) {
      const answer = await mallory.form<Record<string, unknown>>(AJAX, { context: 'frontend', ...fields });
      expect(answer.status, fields['action']).toBe(200);
      if ('result' in answer.body && fields['action'] !== 'add_to_wishlist') expect(answer.body['result'], fields['action']).toBe(false);
    }
    expect((await alice.state()).body).toEqual(before);
  });

  it('takes a line added to the cart from the list off it (stock client fields), only for its owner', async () => {
    const owner = new WishlistBrowser(shop.url, '203.0.113.44');
    const s = await settingsOf(owner);
    const coffee = idOf('kapeng-barako-ground-coffee');
    await owner.form(AJAX, { action: 'add_to_wishlist', nonce: s.nonce['add_to_wishlist_nonce'] ?? '', context: 'frontend', add_to_wishlist: String(coffee), product_type: 'simple' });
    const state = (await owner.state()).body;
    const row = String(state.entries[0]?.rowId);
    const list = String(state.lists[0]?.id);
    const other = new WishlistBrowser(shop.url, '203.0.113.45');
    const theirs = await other.form<{ fragments?: unknown }>('/?wc-ajax=add_to_cart', { product_id: String(coffee), quantity: '1', remove_from_wishlist_after_add_to_cart: row, wishlist_id: list });
    expect(theirs.body.fragments).toBeDefined();
    expect((await owner.state()).body.entries).toHaveLength(1);
    const mine = await owner.form<{ fragments?: unknown }>('/?wc-ajax=add_to_cart', { product_id: String(coffee), quantity: '1', remove_from_wishlist_after_add_to_cart: row, wishlist_id: list });
    expect(mine.body.fragments).toBeDefined();
    expect((await owner.state()).body.entries).toEqual([]);
    expect(owner.cookies.has('suki_wishlist_count')).toBe(false);
  });

  it('asks for an estimate and mails the shop, HTML as text', async () => {
    const browser = new WishlistBrowser(shop.url, '203.0.113.43');
    const s = await settingsOf(browser);
    await browser.form(AJAX, { action: 'add_to_wishlist', nonce: s.nonce['add_to_wishlist_nonce'] ?? '', context: 'frontend', add_to_wishlist: String(idOf('kapeng-barako-ground-coffee')), product_type: 'simple' });
    const list = (await browser.state()).body.lists[0];
    const refused = await browser.form<{ result: boolean; message: string }>(AJAX, { action: 'ask_an_estimate', nonce: s.nonce['ask_an_estimate_nonce'] ?? '', context: 'frontend', ask_an_estimate: String(list?.id), reply_email: 'not-an-email' });
    expect(refused.body).toMatchObject({ result: false, message: 'Please enter a valid email address.' });
    const sent = shop.mail.sent.length;
    const asked = await browser.form<{ result: boolean; template: string; message: string }>(AJAX, {
      action: 'ask_an_estimate',
      nonce: s.nonce['ask_an_estimate_nonce'] ?? '',
      context: 'frontend',
      ask_an_estimate: String(list?.id),
      reply_email: 'ana@example.ph',
      additional_notes: '<script>alert(1)</script> ten please',
    });
    expect(asked.body.result).toBe(true);
    expect(asked.body.template).toContain(asked.body.message);
    await expect.poll(() => shop.mail.sent.length).toBe(sent + 1);
    const mail = shop.mail.sent.at(-1);
    expect(mail?.to).toBe('orders@suki.example.ph');
    expect(mail?.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt; ten please');
    expect(mail?.html).not.toContain('<script>');
    expect(mail?.text).toContain('Kapeng Barako Ground Coffee × 1');
  });
});
