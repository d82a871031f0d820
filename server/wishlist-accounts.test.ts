/**
 * Guest lists survive: at registration and at login the guest's lists join the account's (the
 * default lists merge, each product once with the larger quantity; other lists move over), another
 * browser signed in to the account sees them, and log-out clears the count. Also the estimate
 * request through the JSON route: validation, the mail, the per-client limit.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WishlistAddAnswer, WishlistState } from '../src/core/domain/wishlist.js';
import type { AccountView } from '../src/app/account-page.js';
import { STORE, type StoreProductJson } from './test/harness.js';
import { startWishlistShop, WISHLIST, WishlistBrowser, type WishlistShop } from './test/wishlist.js';

let shop: WishlistShop;
const ids = new Map<string, number>();
let teeVariation = 0;
const idOf = (slug: string): number => ids.get(slug) ?? 0;

beforeAll(async () => {
  shop = await startWishlistShop();
  const all = await new WishlistBrowser(shop.url).fetch(`${STORE}/products?per_page=100`);
  for (const p of (await all.json()) as StoreProductJson[]) {
    ids.set(p.slug, p.id);
    if (p.slug === 'suki-logo-tee') teeVariation = p.variations[0]?.id ?? 0;
  }
});
afterAll(async () => {
  expect(shop.logger.errors).toEqual([]);
  await shop.close();
});

const add = (browser: WishlistBrowser, productId: number, wishlistId: number | null = null) =>
  browser.json<WishlistAddAnswer>('POST', `${WISHLIST}/items`, { productId, productType: 'simple', wishlistId });

/** The login view's nonces, from `/my-account/`. */
const accountNonces = async (browser: WishlistBrowser): Promise<{ login: string; register: string }> => {
  const response = await browser.fetch('/my-account/');
  const body = (await response.json()) as { account?: { view: AccountView } };
  const view = body.account?.view;
  if (!view || view.view !== 'login') throw new Error('not the login view');
  return view.nonces;
};

const register = async (browser: WishlistBrowser, email: string) => {
  const { register: nonce } = await accountNonces(browser);
  return browser.form('/my-account/', { email, password: 'correct horse battery', 'woocommerce-register-nonce': nonce, register: 'Register' });
};

const login = async (browser: WishlistBrowser, username: string) => {
  const { login: nonce } = await accountNonces(browser);
  return browser.form('/my-account/', { username, password: 'correct horse battery', 'woocommerce-login-nonce': nonce, login: 'Log in' });
};

describe('guest lists at sign-in', () => {
  it('move to the account at registration and show in another browser', async () => {
    const guest = new WishlistBrowser(shop.url, '203.0.113.51');
    await add(guest, idOf('kapeng-barako-ground-coffee'));
    await add(guest, idOf('enamel-kapeng-mug'));
    const gifts = await guest.json<WishlistState>('POST', `${WISHLIST}/lists`, { name: 'Gifts', privacy: 1 });
    const giftsId = gifts.body.lists.find((l) => l.title === 'Gifts')?.id ?? 0;
    await add(guest, teeVariation, giftsId);
    const coffeeRow = (await guest.state()).body.entries.find((e) => e.productId === idOf('kapeng-barako-ground-coffee'))?.rowId;
    await guest.json('PATCH', `${WISHLIST}/items/${coffeeRow}`, { quantity: 2 });
    const before = (await guest.state()).body;
    expect(guest.cookies.has('suki_wishlist')).toBe(true);

    const registered = await register(guest, 'lista@example.ph');
    expect(registered.status).toBe(303);
    expect(guest.cookies.has('suki_wishlist')).toBe(false);
    expect(guest.cookies.get('suki_wishlist_count')).toBe('3');
    guest.nonce = null;
    const after = (await guest.state()).body;
    expect(after.lists.map((l) => [l.title, l.isDefault, l.itemCount])).toEqual(before.lists.map((l) => [l.title, l.isDefault, l.itemCount]));
    expect(after.entries.map((e) => [e.productId, e.quantity])).toEqual(before.entries.map((e) => [e.productId, e.quantity]));

    // Another browser signs in to the account: the same lists.
    const other = new WishlistBrowser(shop.url, '203.0.113.52');
    expect((await login(other, 'lista@example.ph')).status).toBe(303);
    expect(other.cookies.get('suki_wishlist_count')).toBe('3');
    expect((await other.state()).body).toEqual(after);

    // A guest elsewhere with the coffee (more of it) and sugar signs in: one coffee, the larger quantity.
    const third = new WishlistBrowser(shop.url, '203.0.113.53');
    await add(third, idOf('kapeng-barako-ground-coffee'));
    await add(third, idOf('muscovado-sugar'));
    const thirdCoffee = (await third.state()).body.entries[0]?.rowId;
    await third.json('PATCH', `${WISHLIST}/items/${thirdCoffee}`, { quantity: 5 });
    expect((await login(third, 'lista@example.ph')).status).toBe(303);
    expect(third.cookies.get('suki_wishlist_count')).toBe('4');
    const merged = (await other.state()).body;
    const defaultItems = merged.entries.filter((e) => e.wishlistId === merged.defaultListId);
    expect(defaultItems.map((e) => [e.productId, e.quantity, e.position])).toEqual([
      [idOf('kapeng-barako-ground-coffee'), 5, 0],
      [idOf('enamel-kapeng-mug'), 1, 1],
      [idOf('muscovado-sugar'), 1, 2],
    ]);
    expect(merged.lists).toHaveLength(2);

    // Log out: the count goes, and this browser is a guest without lists.
    const dashboard = (await (await other.fetch('/my-account/')).json()) as { account?: { view: { logoutUrl?: string } } };
    const logout = await other.fetch(dashboard.account?.view.logoutUrl ?? '');
    expect(logout.status).toBe(303);
    expect(other.cookies.has('suki_wishlist_count')).toBe(false);
    other.nonce = null;
    expect((await other.state()).body.entries).toEqual([]);
  });
});

describe('asking for an estimate', () => {
  it('checks the fields, stores the request and mails the shop', async () => {
    const browser = new WishlistBrowser(shop.url, '203.0.113.61');
    const added = await add(browser, idOf('kapeng-barako-ground-coffee'));
    const list = added.body.state.defaultListId ?? 0;
    await browser.json('PATCH', `${WISHLIST}/lists/${list}`, { name: '<i>Office</i> & co' });
    const path = `${WISHLIST}/lists/${list}/estimate`;
    const cases: Array<[unknown, string]> = [
      [{ message: 'hi' }, 'email'],
      [{ email: '', message: 'hi' }, 'email'],
      [{ email: 'ana@', message: 'hi' }, 'email'],
      [{ email: 7 }, 'email'],
      [{ email: 'ana@example.ph', message: 42 }, 'message'],
      [{ email: 'ana@example.ph', message: 'x'.repeat(5001) }, 'message'],
      [{ email: 'ana@example.ph', cc: 'boss@example.ph' }, 'cc'],
    ];
    const sent = shop.mail.sent.length;
    for (const [body, field] of cases) {
      const answer = await browser.json<{ code: string; data: { params: Record<string, string> } }>('POST', path, body);
      expect(answer.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(Object.keys(answer.body.data.params)).toEqual([field]);
    }
    const ok = await browser.json<{ result: boolean; message: string }>('POST', path, { email: 'ana@example.ph', message: '<b>Bulk</b> price for 20?' });
    expect(ok.status).toBe(201);
    expect(ok.body.result).toBe(true);
    expect(ok.headers.get('cache-control')).toBe('no-store, private');
    await expect.poll(() => shop.mail.sent.length).toBe(sent + 1);
    const mail = shop.mail.sent.at(-1);
    expect(mail?.to).toBe('orders@suki.example.ph');
    expect(mail?.html).toContain('&lt;b&gt;Bulk&lt;/b&gt; price for 20?');
    expect(mail?.html).toContain('&lt;i&gt;Office&lt;/i&gt; &amp; co');
    expect(mail?.html).not.toMatch(/<[bi]>/);
    expect(mail?.subject).toContain('<i>Office</i> & co');
    expect(mail?.text).toContain('ana@example.ph');
    // The limit per client: five in ten minutes, counted with the stock action's.
    let last = 0;
    for (let i = 0; i < 5; i += 1) last = (await browser.json('POST', path, { email: 'ana@example.ph' })).status;
    expect(last).toBe(429);
  });
});
