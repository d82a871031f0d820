/**
 * The wishlist's list page as the server renders it (before scripts): the controls each viewer
 * gets (owner, visitor), those the shop cannot do hidden (a stock shop with the free plugin), the
 * share link only for public and shared lists, titles and names as text, the price change, and the
 * quantity's and buttons' accessible names.
 */
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { parse, type HTMLElement } from 'node-html-parser';
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

/** The server's HTML as elements, so the checks do not depend on attribute order or how boolean attributes are written. */
const dom = (html: string) => parse(html, { blockTextElements: { script: true, style: true } });

/** An element's attributes with lower-case names (HTML names are case-insensitive), in no particular order. */
const attributes = (el: HTMLElement | null): Record<string, string> => Object.fromEntries(Object.entries(el?.attributes ?? {}).map(([name, value]) => [name.toLowerCase(), value]));

/** The reorder button whose hidden text is `text` (an arrow for the eye, then the words for screen readers). */
const reorderButton = (root: HTMLElement, text: string): HTMLElement | undefined =>
  root.querySelectorAll('button').find((button) => button.querySelector('span.visually-hidden')?.text === text);

describe('the list page, rendered', () => {
  it('the owner gets every control the shop can do, with names that start with their text', () => {
    const root = dom(render(view()));
    for (const selector of [
      'input[aria-label="Quantity of “Banig Mat”"]',
      'a[aria-label="Remove “Banig Mat” from wishlist"]',
      'a[aria-label="Add to cart: “Kapeng Barako”"]',
      'button[aria-label="Move “Banig Mat” to another wishlist"]',
    ]) {
      expect(root.querySelector(selector), selector).not.toBeNull();
    }
    const buttons = root.querySelectorAll('button').map((button) => button.text);
    for (const text of ['Copy link', 'Ask for an estimate', 'Create a new wishlist', 'Edit title', 'Add selected to cart']) expect(buttons, text).toContain(text);
    // The first row cannot go up, nor the last down; the moves in between are there.
    const up = reorderButton(root, 'Move “Banig Mat” up');
    expect(up?.firstElementChild?.getAttribute('aria-hidden')).toBe('true');
    expect(up?.firstElementChild?.text).toBe('↑');
    expect(up?.hasAttribute('disabled')).toBe(true);
    expect(reorderButton(root, 'Move “Banig Mat” down')?.hasAttribute('disabled')).toBe(false);
    expect(reorderButton(root, 'Move “Kapeng Barako” up')?.hasAttribute('disabled')).toBe(false);
    expect(reorderButton(root, 'Move “Kapeng Barako” down')?.hasAttribute('disabled')).toBe(true);
    // The price change since it was added, and the no-script add to cart link.
    expect(root.text).toContain('(was ₱1,500.00)');
    expect(root.querySelector('a[href="/wishlist/?add-to-cart=1"]')).not.toBeNull();
    // The header's link (its count comes after hydration).
    const link = root.querySelector('a.site-header__wishlist');
    expect(attributes(link)).toEqual({ class: 'site-header__wishlist', href: '/wishlist/', 'aria-current': 'page' });
    expect(link?.text).toBe('Wishlist');
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
    const root = dom(render(view({ title: '<img src=x onerror=alert(1)>' })));
    // The title reads exactly as given, and no element was made from it.
    expect(root.querySelector('h1#wishlist-title')?.text).toBe('<img src=x onerror=alert(1)>');
    expect(root.querySelectorAll('img[onerror]')).toHaveLength(0);
    expect(root.querySelectorAll('img[src="x"]')).toHaveLength(0);
  });

  it('with no list, the empty state', () => {
    expect(render(view({ list: null, lists: [] }))).toContain('Your wishlist is empty.');
  });
});
