/**
 * The wishlist's list page as the server renders it (before scripts): the controls each viewer
 * gets (owner, visitor), those the shop cannot do hidden (a stock shop with the free plugin), the
 * share link only for public and shared lists, titles and names as text, the price change, and the
 * quantity's and buttons' accessible names.
 */
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppState } from '../../../app/app-state.js';
import type { WishlistPageView } from '../../../app/wishlist-page.js';
import type { WishlistFeatures, WishlistItemView } from '../../../core/domain/wishlist.js';
import { createRuntime, type Runtime } from '../../../core/runtime.js';
import { stubPorts } from '../../../core/testing/cart-fixtures.js';
import { App } from '../../../ui/App.js';
import { RuntimeProvider } from '../../../ui/runtime-context.js';
import { createUiSignals } from '../../../ui/signals.js';
import { createViewRegistry } from '../../../ui/slots.js';
import wishlist, { views } from '../index.js';
import { beforeRender } from './deferred.js';
import { wishlistOptions } from '../options.js';

const options = wishlistOptions.parse({});
let runtime: Runtime;
beforeAll(async () => {
  runtime = createRuntime({ ports: stubPorts(), plugins: [{ plugin: wishlist, options }], pluginOptionsValidated: true, renderOnly: true, consent: { default: 'granted' } });
  await runtime.start();
  await beforeRender('wishlist');
});
afterAll(async () => {
  await runtime.stop();
});

const ALL: WishlistFeatures = { multipleLists: true, moveItems: true, sortItems: true, quantities: true, estimates: true, renameLists: true, changePrivacy: true };
const NONE: WishlistFeatures = { multipleLists: false, moveItems: false, sortItems: false, quantities: false, estimates: false, renameLists: false, changePrivacy: false };

const item = (rowId: number, name: string, extra: Partial<WishlistItemView> = {}): WishlistItemView => ({
  rowId,
  productId: rowId,
  parentId: rowId,
  productType: 'simple',
  name,
  permalink: `/product/p-${rowId}/`,
  image: null,
  attributes: [],
  price: 120_000,
  priceWhenAdded: null,
  currency: 'PHP',
  currencyMinorUnit: 2,
  stock: { status: 'instock', text: 'In stock' },
  dateAdded: '2026-11-20T04:00:00Z',
  quantity: 1,
  position: rowId,
  purchasable: true,
  addToCartUrl: `/wishlist/?add-to-cart=${rowId}`,
  ...extra,
});

const view = (over: Partial<WishlistPageView> & { privacy?: 0 | 1 | 2; title?: string } = {}): WishlistPageView => {
  const list = {
    id: 11,
    token: 'T'.repeat(32),
    title: over.title ?? 'Gifts',
    privacy: over.privacy ?? 0,
    isDefault: true,
    itemCount: 2,
    url: `/wishlist/view/${'T'.repeat(32)}/`,
    dateCreated: '2026-11-20T04:00:00Z',
    items: [item(1, 'Banig Mat', { priceWhenAdded: 150_000 }), item(2, 'Kapeng Barako')],
  };
  return {
    viewer: 'owner',
    list,
    lists: [list],
    features: ALL,
    settings: { removeAfterAddToCart: true, redirectToCart: false, layout: 'table' },
    notices: [],
    nonces: { remove: 'n' },
    ...over,
  };
};

const render = (page: WishlistPageView): string => {
  const state: AppState = {
    locale: 'en-PH',
    path: '/wishlist/',
    search: '',
    pageType: 'wishlist',
    page: { type: 'wishlist', title: 'Wishlist', description: '', wishlist: page },
    shop: { name: 'Suki', tagline: '', storeNotice: null, redirectAfterAdd: false, consentDefault: 'granted', consentStored: null, categories: [] },
    stores: {},
    plugins: [],
    cartNonce: '',
  };
  return renderToString(
    createElement(RuntimeProvider, {
      value: { runtime, state, signals: createUiSignals(), views: createViewRegistry([{ name: 'wishlist', views }], runtime.viewContext), pages: {} },
      children: createElement(App),
    }),
  );
};

describe('the list page, rendered', () => {
  it('the owner gets every control the shop can do, with names that start with their text', () => {
    const html = render(view());
    for (const text of [
      'aria-label="Quantity of “Banig Mat”"',
      'aria-label="Remove “Banig Mat” from wishlist"',
      'aria-label="Add to cart: “Kapeng Barako”"',
      'aria-label="Move “Banig Mat” to another wishlist"',
      'Move “Banig Mat” down',
      'Copy link',
      'Ask for an estimate',
      'Create a new wishlist',
      'Edit title',
      'Add selected to cart',
    ]) {
      expect(html).toContain(text);
    }
    // The first row cannot go up (nor the last down).
    expect(html).toMatch(/<button[^>]*disabled=""[^>]*><span aria-hidden="true">↑<\/span><span class="visually-hidden">Move “Banig Mat” up/);
    // The price change since it was added, and the no-script add to cart link.
    expect(html).toContain('(was ₱1,500.00)');
    expect(html).toContain('href="/wishlist/?add-to-cart=1"');
    // The header's link (its count comes after hydration).
    expect(html).toMatch(/<a class="site-header__wishlist" href="\/wishlist\/" aria-current="page">Wishlist<\/a>/);
  });

  it('a stock shop without the premium actions: no quantity, move, reorder, rename, privacy, estimate or new list; remove and add to cart stay', () => {
    const html = render(view({ features: NONE }));
    expect(html).not.toContain('Quantity of');
    expect(html).not.toContain('to another wishlist');
    expect(html).not.toContain('Move “Banig Mat” up');
    expect(html).not.toContain('Edit title');
    expect(html).not.toContain('<select');
    expect(html).not.toContain('Ask for an estimate');
    expect(html).not.toContain('Create a new wishlist');
    expect(html).toContain('aria-label="Remove “Banig Mat” from wishlist"');
    expect(html).toContain('aria-label="Add to cart: “Banig Mat”"');
  });

  it('a visitor sees the list read-only (add to cart works) and, for a shared list, its link', () => {
    const html = render(view({ viewer: 'visitor', lists: [], privacy: 1 }));
    expect(html).not.toContain('Remove “');
    expect(html).not.toContain('Quantity of');
    expect(html).not.toContain('Edit title');
    expect(html).not.toContain('Ask for an estimate');
    expect(html).toContain('aria-label="Add to cart: “Banig Mat”"');
    expect(html).toContain('Copy link');
  });

  it('a private list has no link to share', () => {
    expect(render(view({ privacy: 2 }))).not.toContain('Copy link');
  });

  it('titles and names are text', () => {
    const html = render(view({ title: '<img src=x onerror=alert(1)>' }));
    expect(html).not.toContain('<img src=x');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
  });

  it('with no list, the empty state', () => {
    expect(render(view({ list: null, lists: [] }))).toContain('Your wishlist is empty.');
  });
});
