import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Logger } from '../../core/logger.js';
import { createRuntime } from '../../core/runtime.js';
import type { ConsentState } from '../../core/events.js';
import { cartOf, line, stubPorts } from '../../core/testing/cart-fixtures.js';
import pixel from './index.js';
import { PIXEL_SCRIPT_URL } from './fbq.js';

const boot = async (options: unknown = {}, consent: ConsentState = 'granted') => {
  const warnings: string[] = [];
  const logger: Logger = { debug() {}, info() {}, warn: (m) => warnings.push(m), error: (m) => warnings.push(m) };
  const runtime = createRuntime({ ports: stubPorts(), plugins: [{ plugin: pixel, options }], consent: { default: consent }, logger });
  await runtime.start();
  const view = (path: string) => runtime.emit('page.viewed', { path, title: path, pageType: 'home' });
  return { runtime, warnings, view };
};

describe('pixel', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('tracks a PageView for each page.viewed, after consent, in order', async () => {
    const calls: unknown[][] = [];
    vi.stubGlobal('fbq', (...args: unknown[]) => calls.push(args));
    const { runtime, view } = await boot({}, 'ask');
    view('/');
    view('/shop/');
    expect(calls).toEqual([]);
    await runtime.execute('consent.set', { state: 'granted' });
    expect(calls).toEqual([
      ['track', 'PageView'],
      ['track', 'PageView'],
    ]);
  });

  it('tracks InitiateCheckout when checkout begins (not on later steps) and Purchase when the order is placed', async () => {
    const calls: unknown[][] = [];
    vi.stubGlobal('fbq', (...args: unknown[]) => calls.push(args));
    const { runtime } = await boot();
    const cart = cartOf([line(7, 2, { sku: 'TEE-1' }), line(8, 1, { sku: '' })]);
    runtime.emit('checkout.step', { step: 0, option: null, cart });
    runtime.emit('checkout.step', { step: 1, option: null, cart });
    runtime.emit('checkout.placed', { orderId: 1001, total: 73_000, tax: 7_821, shipping: 10_000, coupon: '', cart });
    expect(calls.map((c) => c[1])).toEqual(['InitiateCheckout', 'Purchase']);
    expect(calls[0]![2]).toMatchObject({ currency: 'PHP', num_items: 3, content_type: 'product', content_ids: ['TEE-1', '8'] });
    expect(calls[1]![2]).toMatchObject({ value: 730, currency: 'PHP' });
  });

  it('tracks AddToWishlist for a product newly added to a wishlist, not for one already there nor other changes', async () => {
    const calls: unknown[][] = [];
    vi.stubGlobal('fbq', (...args: unknown[]) => calls.push(args));
    const { runtime } = await boot();
    const item = { id: 7, sku: 'BANIG-1', name: 'Banig', categories: ['Home'], price: 120_000, currencyMinorUnit: 2, currencyCode: 'PHP' };
    runtime.emit('wishlist.changed', { change: 'added', wishlistId: 1, item, quantity: 1, result: 'true', count: 1 });
    runtime.emit('wishlist.changed', { change: 'added', wishlistId: 1, item, quantity: 1, result: 'exists', count: 1 });
    runtime.emit('wishlist.changed', { change: 'removed', wishlistId: 1, item, quantity: 0, result: null, count: 0 });
    expect(calls).toEqual([['track', 'AddToWishlist', { content_ids: ['BANIG-1'], content_name: 'Banig', content_type: 'product', currency: 'PHP', value: 1200 }]]);
  });

  it('tracks Search for a question search, not for a cleared one', async () => {
    const calls: unknown[][] = [];
    vi.stubGlobal('fbq', (...args: unknown[]) => calls.push(args));
    const { runtime } = await boot();
    runtime.emit('question.searched', { productId: 7, search: 'size', count: 1 });
    runtime.emit('question.searched', { productId: 7, search: '', count: 4 });
    expect(calls).toEqual([['track', 'Search', { search_string: 'size', content_category: 'questions' }]]);
  });

  it('tracks Search for a new review search, not for sorting, filtering or show more within it', async () => {
    const calls: unknown[][] = [];
    vi.stubGlobal('fbq', (...args: unknown[]) => calls.push(args));
    const { runtime } = await boot();
    const filtered = (search: string, page = 1) => runtime.emit('review.filtered', { scope: 'all', productId: null, rating: 0, sort: 'helpful', search, tags: [], page, count: 1 });
    filtered('');
    filtered('banig');
    filtered('banig', 2);
    filtered('tee');
    expect(calls).toEqual([
      ['track', 'Search', { search_string: 'banig', content_category: 'reviews' }],
      ['track', 'Search', { search_string: 'tee', content_category: 'reviews' }],
    ]);
  });

  it('logs and skips when there is no fbq', async () => {
    const { warnings, view } = await boot();
    view('/');
    expect(warnings).toEqual(['[pixel] no fbq on the page; PageView not sent']);
  });

  it('installs the stub and script when a pixel id is given, queueing calls', async () => {
    const appended: Array<{ src: string }> = [];
    vi.stubGlobal('fbq', undefined);
    vi.stubGlobal('_fbq', undefined);
    vi.stubGlobal('document', {
      scripts: [],
      head: { appendChild: (node: { src: string }) => appended.push(node) },
      createElement: () => ({ src: '', async: false }),
    });
    const { view } = await boot({ pixelId: '1234567890' });
    view('/');
    const stub = (globalThis as unknown as { fbq: { queue: unknown[][] } }).fbq;
    expect(stub.queue).toEqual([
      ['init', '1234567890'],
      ['track', 'PageView'],
    ]);
    expect(appended).toEqual([{ src: PIXEL_SCRIPT_URL, async: true }]);
  });

  it('rejects a malformed pixel id', async () => {
    const runtime = createRuntime({ ports: stubPorts(), plugins: [{ plugin: pixel, options: { pixelId: 'abc' } }], consent: { default: 'granted' } });
    await expect(runtime.start()).rejects.toThrow('[pixel] pixelId: must be the digits of a pixel id');
  });
});
