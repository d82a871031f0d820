import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Logger } from '../../core/logger.js';
import { createRuntime } from '../../core/runtime.js';
import type { ConsentState } from '../../core/events.js';
import { cartOf, facts, line, stubPorts } from '../../core/testing/cart-fixtures.js';
import { ok } from '../../core/result.js';
import analyticsGtag from './index.js';
import { trackEvent } from './gtag.js';

type Call = unknown[];

const boot = async (options: unknown = {}, consent: ConsentState = 'granted') => {
  const errors: string[] = [];
  const logger: Logger = { debug() {}, info() {}, warn() {}, error: (m) => errors.push(m) };
  const runtime = createRuntime({
    ports: stubPorts({
      add: async (request) => ok(cartOf([line(request.productId, request.quantity)])),
      remove: async () => ok(cartOf([])),
      setQuantity: async (request) => ok(cartOf([line(7, request.quantity, { key: request.key })])),
    }),
    plugins: [{ plugin: analyticsGtag, options }],
    consent: { default: consent },
    logger,
  });
  await runtime.start();
  return { runtime, errors };
};

describe('analytics-gtag', () => {
  let calls: Call[];
  let consents: Call[];
  beforeEach(() => {
    calls = [];
    consents = [];
    // Events and consent signals are kept apart, so each test reads the ones it is about.
    vi.stubGlobal('gtag', (...args: unknown[]) => (args[0] === 'consent' ? consents : calls).push(args));
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('maps domain events to gtag events in order', async () => {
    const { runtime } = await boot({ sendTo: 'shop' });
    const mango = facts(7, { sku: '', name: 'Mango', categories: ['Snacks'], price: 12_345 });
    runtime.emit('catalog.listViewed', { listName: '', offset: 10, items: [mango, facts(8)] });
    runtime.emit('catalog.listViewed', { listName: 'Empty', offset: 0, items: [] });
    runtime.emit('catalog.itemViewed', { item: mango });
    runtime.emit('catalog.itemSelected', { listName: 'Shop', item: mango, position: 1 });
    await runtime.execute('cart.add', { productId: 7, quantity: 2, item: mango });
    await runtime.execute('cart.setQuantity', { key: 'k7', quantity: 5 });
    await runtime.execute('cart.remove', { key: 'k7' });
    runtime.emit('notice.failed', { message: 'Out of stock', source: 'cart' });

    expect(calls.map((c) => c[1])).toEqual([
      'view_item_list',
      'view_item',
      'select_content',
      'add_to_cart',
      'change_cart_quantity',
      'remove_from_cart',
      'exception',
    ]);
    const item = { id: '#7', name: 'Mango', category: 'Snacks', price: '123.45' };
    expect(calls[0]).toEqual([
      'event',
      'view_item_list',
      {
        event_category: 'engagement',
        event_label: 'Viewing products',
        items: [
          { id: '#7', name: 'Mango', list_name: 'Product List', category: 'Snacks', price: '123.45', list_position: 11 },
          { id: 'SKU-8', name: 'Product 8', list_name: 'Product List', category: 'Snacks', price: '100.08', list_position: 12 },
        ],
        send_to: 'shop',
      },
    ]);
    expect(calls[1]![2]).toEqual({
      items: [{ id: '#7', name: 'Mango', list_name: 'Product List', category: 'Snacks', price: '123.45' }],
      send_to: 'shop',
    });
    calls.splice(1, 1);
    expect(calls[1]![2]).toEqual({
      content_type: 'product',
      items: [{ id: '#7', name: 'Mango', list_name: 'Shop', category: 'Snacks', price: '123.45' }],
      send_to: 'shop',
    });
    expect(calls[2]![2]).toEqual({ event_category: 'ecommerce', event_label: 'Add to Cart', items: [{ ...item, quantity: 2 }], send_to: 'shop' });
    expect(calls[3]![2]).toMatchObject({ event_label: 'Change Cart Item Quantity', items: [{ id: 'SKU-7', quantity: 5, category: 'Snacks' }] });
    expect(calls[4]![2]).toMatchObject({ event_label: 'Remove Cart Item', items: [{ id: 'SKU-7', quantity: 5 }] });
    expect(calls[5]![2]).toEqual({ description: 'Out of stock', fatal: false, send_to: 'shop' });
  });

  it('maps a product newly added to a wishlist to add_to_wishlist (items like add_to_cart, value and currency); not a repeat or other changes', async () => {
    const { runtime } = await boot();
    const banig = facts(7, { sku: 'BANIG-1', name: 'Banig', categories: ['Home'], price: 120_000 });
    runtime.emit('wishlist.changed', { change: 'added', wishlistId: 1, item: banig, quantity: 1, result: 'true', count: 1 });
    runtime.emit('wishlist.changed', { change: 'added', wishlistId: 1, item: banig, quantity: 1, result: 'exists', count: 1 });
    runtime.emit('wishlist.changed', { change: 'removed', wishlistId: 1, item: banig, quantity: 0, result: null, count: 0 });
    runtime.emit('wishlist.changed', { change: 'added', wishlistId: 1, item: null, quantity: 1, result: 'true', count: 2 });
    expect(calls).toHaveLength(1);
    expect(calls[0]).toEqual([
      'event',
      'add_to_wishlist',
      expect.objectContaining({
        event_category: 'ecommerce',
        currency: banig.currencyCode,
        value: 1200,
        items: [{ id: 'BANIG-1', name: 'Banig', quantity: 1, category: 'Home', price: '1200.00' }],
      }),
    ]);
  });

  it('maps a question search to search (not a cleared search, not asking or voting)', async () => {
    const { runtime } = await boot();
    runtime.emit('question.searched', { productId: 7, search: 'washable', count: 2 });
    runtime.emit('question.searched', { productId: 7, search: '', count: 9 });
    runtime.emit('question.asked', { productId: 7, answer: false, questionId: null });
    runtime.emit('question.voted', { id: 3, productId: 7, direction: 1, votes: { up: 1, down: 0, current: 1 } });
    expect(calls).toEqual([['event', 'search', { search_term: 'washable' }]]);
  });

  it('maps a new review search to search (search_term); sorting, filtering or show more within it, and no search, send nothing', async () => {
    const { runtime } = await boot();
    const filtered = (search: string, page = 1, rating: 0 | 4 = 0) =>
      runtime.emit('review.filtered', { scope: 'product', productId: 12, rating, sort: 'recent', search, tags: [], page, count: 3 });
    filtered('');
    filtered('soft');
    filtered('soft', 2);
    filtered('soft', 1, 4);
    filtered('');
    filtered('soft');
    expect(calls.map((c) => [c[1], c[2]])).toEqual([
      ['search', { search_term: 'soft' }],
      ['search', { search_term: 'soft' }],
    ]);
  });

  it('holds events until consent and replays them in order', async () => {
    const { runtime } = await boot({}, 'ask');
    runtime.emit('notice.failed', { message: 'first', source: 'x' });
    runtime.emit('notice.failed', { message: 'second', source: 'x' });
    expect(calls).toEqual([]);
    await runtime.execute('consent.set', { state: 'granted' });
    expect(calls.map((c) => (c[2] as { description: string }).description)).toEqual(['first', 'second']);
  });

  it('sends nothing when denied', async () => {
    const { runtime } = await boot({}, 'denied');
    runtime.emit('notice.failed', { message: 'x', source: 'x' });
    expect(calls).toEqual([]);
    expect(consents).toEqual([]);
  });

  it('lifts Consent Mode’s default denial once, when the shopper accepts, before any event', async () => {
    const { runtime } = await boot({}, 'ask');
    runtime.emit('notice.failed', { message: 'held', source: 'x' });
    expect(consents).toEqual([]);
    await runtime.execute('consent.set', { state: 'granted' });
    runtime.emit('notice.failed', { message: 'later', source: 'x' });
    expect(consents).toEqual([['consent', 'update', { ad_storage: 'granted', analytics_storage: 'granted', ad_user_data: 'granted', ad_personalization: 'granted' }]]);
    expect(calls.map((c) => (c[2] as { description: string }).description)).toEqual(['held', 'later']);
  });

  it('maps checkout steps, submit and purchase (real quantities, first coupon, value as a string)', async () => {
    const { runtime } = await boot();
    const base = cartOf([line(7, 3, { sku: 'TEE-1', name: 'Tee', category: 'Apparel' }), line(8, 1)]);
    const cart = { ...base, coupons: [{ code: 'salamat10' }, { code: 'librengship' }] };
    runtime.emit('checkout.step', { step: 0, option: null, cart });
    runtime.emit('checkout.step', { step: 1, option: null, cart });
    runtime.emit('checkout.step', { step: 4, option: { name: 'Shipping Method', value: 'flat_rate:1' }, cart });
    runtime.emit('checkout.step', { step: 5, option: { name: 'Payment Method', value: 'cod' }, cart });
    runtime.emit('checkout.submitted', { paymentMethod: 'cod', cart });
    runtime.emit('checkout.placed', { orderId: 1001, total: 73_000, tax: 7_821, shipping: 10_000, coupon: 'salamat10', cart });
    expect(calls.map((c) => c[1])).toEqual(['begin_checkout', 'checkout_progress', 'set_checkout_option', 'set_checkout_option', 'add_payment_info', 'purchase']);
    expect(calls[0]![2]).toMatchObject({ coupon: 'salamat10', currency: 'PHP', checkout_step: 0, items: [{ id: 'TEE-1', name: 'Tee', quantity: 3, category: 'Apparel' }, { quantity: 1 }] });
    expect(typeof (calls[0]![2] as { value: unknown }).value).toBe('string');
    expect(calls[2]![2]).toEqual({ checkout_step: 4, checkout_option: 'Shipping Method', value: 'flat_rate:1' });
    expect(calls[5]![2]).toMatchObject({ transaction_id: '1001', value: '730.00', tax: '78.21', shipping: '100.00', currency: 'PHP', coupon: 'salamat10' });
  });

  it('isolates a missing gtag: logged under the plugin name, other subscribers unaffected', async () => {
    vi.stubGlobal('gtag', undefined);
    const { runtime, errors } = await boot();
    const seen: string[] = [];
    runtime.ofType('notice.failed').subscribe((e) => seen.push(e.payload.message));
    runtime.emit('notice.failed', { message: 'x', source: 'x' });
    expect(seen).toEqual(['x']);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(/^\[analytics-gtag\] .*Function gtag not implemented\./);
    expect(() => trackEvent('x', {})).toThrow('Function gtag not implemented.');
  });

  it('sends nothing and disables the measurement id when the opt-out cookie is set', async () => {
    vi.stubGlobal('document', { cookie: 'a=b; suki_analytics_optout=true' });
    const { runtime } = await boot({ measurementId: 'G-ABC123' });
    runtime.emit('notice.failed', { message: 'x', source: 'x' });
    expect(calls).toEqual([]);
    expect((globalThis as Record<string, unknown>)['ga-disable-G-ABC123']).toBe(true);
    delete (globalThis as Record<string, unknown>)['ga-disable-G-ABC123'];
  });

  it('honours a custom opt-out cookie name and ignores other values', async () => {
    vi.stubGlobal('document', { cookie: 'no_ga=0; suki_analytics_optout=1' });
    const { runtime } = await boot({ optOutCookie: 'no_ga' });
    runtime.emit('notice.failed', { message: 'x', source: 'x' });
    expect(calls).toHaveLength(1);
  });

  it('installs the standard snippet when a measurement id is configured', async () => {
    vi.stubGlobal('gtag', undefined);
    const dataLayer: unknown[] = [];
    vi.stubGlobal('dataLayer', dataLayer);
    const appended: Array<{ src: string; async: boolean }> = [];
    vi.stubGlobal('document', {
      cookie: '',
      scripts: [],
      head: { appendChild: (node: { src: string; async: boolean }) => appended.push(node) },
      createElement: () => ({ src: '', async: false }),
    });
    const { runtime } = await boot({ measurementId: 'G-ABC123' });
    runtime.emit('notice.failed', { message: 'x', source: 'x' });
    expect(appended).toEqual([{ src: 'https://www.googletagmanager.com/gtag/js?id=G-ABC123', async: true }]);
    const entries = dataLayer.map((args) => Array.from(args as ArrayLike<unknown>));
    const denied = { ad_storage: 'denied', analytics_storage: 'denied', ad_user_data: 'denied', ad_personalization: 'denied' };
    const granted = { ad_storage: 'granted', analytics_storage: 'granted', ad_user_data: 'granted', ad_personalization: 'granted' };
    // Consent Mode v2: denied by default before anything else, then the shopper's answer.
    expect(entries[0]).toEqual(['consent', 'default', denied]);
    expect(entries[1]![0]).toBe('js');
    expect(entries[1]![1]).toBeInstanceOf(Date);
    expect(entries[2]).toEqual(['config', 'G-ABC123']);
    expect(entries[3]).toEqual(['consent', 'update', granted]);
    expect(entries[4]).toEqual(['event', 'exception', { description: 'x', fatal: false }]);
  });

  it('rejects a malformed measurement id at start-up', async () => {
    const runtime = createRuntime({
      ports: stubPorts(),
      plugins: [{ plugin: analyticsGtag, options: { measurementId: 'UA-1234', listName: 3 } }],
      consent: { default: 'granted' },
    });
    await expect(runtime.start()).rejects.toThrow(
      '[analytics-gtag] measurementId: must look like G-XXXXXXXXXX\n[analytics-gtag] listName: expected string',
    );
  });
});
