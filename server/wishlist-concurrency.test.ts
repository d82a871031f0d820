/**
 * Parallel wishlist writes (PGlite, and PostgreSQL through `scripts/with-postgres.sh`): 50 adds of
 * different products to one list keep all 50, numbered 0–49 without repeats; 50 adds of one
 * product keep one; 50 first adds of a shopper without a list make exactly one default list.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WishlistAddAnswer, WishlistState } from '../src/core/domain/wishlist.js';
import { STORE, type StoreProductJson } from './test/harness.js';
import { startWishlistShop, WISHLIST, WishlistBrowser, type WishlistShop } from './test/wishlist.js';

let shop: WishlistShop;
let simple: number[] = [];

beforeAll(async () => {
  shop = await startWishlistShop();
  const all = await new WishlistBrowser(shop.url).fetch(`${STORE}/products?per_page=100&type=simple`);
  simple = ((await all.json()) as StoreProductJson[]).map((p) => p.id);
});
afterAll(async () => {
  expect(shop.logger.errors).toEqual([]);
  await shop.close();
});

const add = (browser: WishlistBrowser, productId: number, wishlistId: number | null) =>
  browser.json<WishlistAddAnswer>('POST', `${WISHLIST}/items`, { productId, productType: 'simple', wishlistId });

/** A guest whose wishlist cookie exists before the burst (so every request is the same owner), with one named list. */
async function guestWithList(): Promise<{ browser: WishlistBrowser; listId: number }> {
  const browser = new WishlistBrowser(shop.url);
  const made = await browser.json<WishlistState>('POST', `${WISHLIST}/lists`, { name: 'Burst', privacy: 0 });
  return { browser, listId: made.body.lists[0]?.id ?? 0 };
}

describe('parallel adds', () => {
  it('50 different products into one list keep all 50, positions 0–49', async () => {
    expect(simple.length).toBeGreaterThanOrEqual(50);
    const { browser, listId } = await guestWithList();
    const answers = await Promise.all(simple.slice(0, 50).map((id) => add(browser, id, listId)));
    expect(answers.map((a) => a.status).every((s) => s === 200)).toBe(true);
    expect(answers.every((a) => a.body.result === 'true')).toBe(true);
    const state = (await browser.state()).body;
    const items = state.entries.filter((e) => e.wishlistId === listId);
    expect(new Set(items.map((e) => e.productId))).toEqual(new Set(simple.slice(0, 50)));
    expect(items.map((e) => e.position)).toEqual(Array.from({ length: 50 }, (_, i) => i));
    expect(browser.cookies.get('suki_wishlist_count')).toBeDefined();
  });

  it('50 adds of one product keep one', async () => {
    const { browser, listId } = await guestWithList();
    const product = simple[0] ?? 0;
    const answers = await Promise.all(Array.from({ length: 50 }, () => add(browser, product, listId)));
    expect(answers.map((a) => a.body.result).filter((r) => r === 'true')).toHaveLength(1);
    expect(answers.map((a) => a.body.result).filter((r) => r === 'exists')).toHaveLength(49);
    expect((await browser.state()).body.entries).toHaveLength(1);
  });

  it('50 first adds to the default list make one default list with all of them', async () => {
    const { browser, listId } = await guestWithList();
    // Delete the only list: the shopper keeps their cookie but has no default list any more.
    await browser.json('DELETE', `${WISHLIST}/lists/${listId}`);
    expect((await browser.state()).body.lists).toEqual([]);
    const answers = await Promise.all(simple.slice(0, 50).map((id) => add(browser, id, null)));
    expect(answers.every((a) => a.status === 200 && a.body.result === 'true')).toBe(true);
    const state = (await browser.state()).body;
    expect(state.lists).toHaveLength(1);
    expect(state.lists[0]?.isDefault).toBe(true);
    expect(state.entries).toHaveLength(50);
  });
});
