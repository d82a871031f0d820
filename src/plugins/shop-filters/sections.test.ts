/**
 * The plugin's sections over a fake catalogue whose answers the test releases by hand: what a
 * choice sends and emits, that the latest choice wins, that a no-ajax section only navigates, that
 * a failure keeps the list and Retry sends the failed choice again, and that load-more appends
 * only new items with the right list positions.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { toProduct, storeProductSchema } from '../../adapters/catalog.js';
import type { FilterCatalogue } from '../../core/catalog/section.js';
import type { CatalogFacets, Product, ProductPage, ProductQuery } from '../../core/domain/catalog.js';
import type { DomainEvent, DomainEventType } from '../../core/events.js';
import { silentLogger } from '../../core/logger.js';
import type { CatalogPort, PortFailure } from '../../core/ports.js';
import { err, ok, type Result } from '../../core/result.js';
import { INITIAL_FILTERS } from '../../core/rules/shop-filters.js';
import { createSections, filtersAt, PREFETCH_FRESH_MS, sectionAddress, type SectionSeed } from './sections.js';
import fc from 'fast-check';
import * as v from 'valibot';

const recorded = JSON.parse(readFileSync(new URL('../../../tests/fixtures/stock-woocommerce-9.1/storeapi-products.json', import.meta.url), 'utf8')) as unknown[];
const base = toProduct(v.parse(storeProductSchema, recorded[0]));
const product = (id: number): Product => ({ ...base, id, name: `Product ${id}`, slug: `product-${id}` });
const pageOf = (ids: number[], page = 1, totalPages = 3): ProductPage => ({ items: ids.map(product), total: 30, page, totalPages });

/**
 * A catalogue whose product reads wait until the test settles them; with `holdCounts`, its count
 * reads too (otherwise they answer at once, with no counts).
 */
function heldCatalog({ holdCounts = false } = {}) {
  const calls: Array<{ query: ProductQuery; settle: (r: Result<ProductPage, PortFailure>) => void }> = [];
  const counts: Array<(r: Result<CatalogFacets, PortFailure>) => void> = [];
  const facets: CatalogFacets = { priceRange: null, attributeCounts: {}, brandCounts: {} };
  const catalog: CatalogPort = {
    listProducts: async () => err({ kind: 'http', status: 500, code: 'unexpected', message: 'sections read tiles' }),
    listTiles: (query) => new Promise((resolve) => calls.push({ query, settle: resolve })),
    facets: holdCounts ? () => new Promise((resolve) => counts.push(resolve)) : async () => ok(facets),
    getProduct: async () => err({ kind: 'not-found', message: 'none' }),
    listCategories: async () => ok([]),
    listVariations: async () => ok([]),
    listAttributes: async () => ok([]),
    listBrands: async () => ok([]),
  };
  return { catalog, calls, counts };
}

const catalogue: FilterCatalogue = { categories: [], attributes: [], brands: [] };
const seed = (overrides: Partial<SectionSeed> = {}): SectionSeed => ({
  id: 'shop',
  listName: 'Shop',
  products: [product(1), product(2)],
  total: 30,
  page: 1,
  totalPages: 3,
  perPage: 2,
  base: null,
  filtering: { config: { lists: ['category', 'sort', 'colour'], ajax: true }, primary: true, filters: INITIAL_FILTERS, facets: null, currency: null },
  catalogue,
  ...overrides,
});

/** What a test may hold besides the reads: the list's paint, and the counts read's leaving. */
interface Held {
  readonly holdCounts?: boolean;
  readonly painted?: () => Promise<void>;
  readonly countsLeave?: () => Promise<void>;
}

function setup(s: SectionSeed = seed(), now?: () => number, held: Held = {}) {
  const { catalog, calls, counts } = heldCatalog(held);
  const events: DomainEvent[] = [];
  const emit = <K extends DomainEventType>(type: K, payload: DomainEvent<K>['payload']) => {
    const event = { type, payload, meta: { id: String(events.length), at: 0, source: 'shop-filters' } } as DomainEvent<K>;
    events.push(event as DomainEvent);
    return event;
  };
  const { painted, countsLeave } = held;
  const sections = createSections({ catalog, emit, logger: silentLogger(), ...(now ? { now } : {}), ...(painted ? { painted } : {}), ...(countsLeave ? { countsLeave } : {}) });
  sections.register(s);
  return { sections, calls, counts, events, names: () => events.map((e) => e.type) };
}

const place = { path: '/shop/', search: '' };
const flush = () => new Promise((r) => setTimeout(r, 0));

describe('shop-filters sections', () => {
  it('a choice sends the Store API query, shows the new list, and emits shop.filtered and catalog.listViewed', async () => {
    const { sections, calls, events } = setup();
    const outcome = sections.choose('shop', { kind: 'facet', facet: 'colour' }, 'white', place);
    await flush();
    expect(calls[0]?.query).toMatchObject({ page: 1, perPage: 2, attributes: [{ taxonomy: 'pa_colour', slug: 'white' }] });
    // While loading, the choice shows as active and the list is busy.
    expect(sections.get('shop')?.pending?.terms).toEqual({ colour: 'white' });
    calls[0]?.settle(ok(pageOf([7, 8], 1, 1)));
    expect(await outcome).toEqual({ changed: true, url: '/shop/?filter_colour=white', navigate: false, applied: true });
    expect(sections.get('shop')?.list.items.map((p) => p.id)).toEqual([7, 8]);
    expect(sections.get('shop')?.list.loading).toBeNull();
    expect(events.map((e) => [e.type, e.payload])).toEqual([
      ['shop.filtered', { section: 'shop', filters: { filter_colour: 'white' }, resultCount: 30 }],
      ['catalog.listViewed', expect.objectContaining({ listName: 'Shop', offset: 0 })],
    ]);
  });

  it('the requests leave before the list is marked loading (that re-render must not hold them back)', async () => {
    const { sections, calls } = setup();
    const seen: number[] = [];
    sections.store.subscribe(() => seen.push(calls.length));
    const outcome = sections.choose('shop', { kind: 'category' }, 'tees', place);
    // The first change the views hear (the list marked loading) comes after the request left.
    expect(seen[0]).toBe(1);
    calls[0]?.settle(ok(pageOf([10], 1, 3)));
    await outcome;
    seen.length = 0;
    const more = sections.loadMore('shop');
    expect(seen[0]).toBe(2);
    calls[1]?.settle(ok(pageOf([11], 2, 3)));
    expect(await more).toBe(true);
  });

  it('a read started ahead (the pointer on its way) serves the click that follows: one request, and nothing changes before the click', async () => {
    const { sections, calls, events } = setup();
    const before = sections.store.getSnapshot();
    sections.prefetch('shop', { kind: 'category' }, 'tees');
    sections.prefetch('shop', { kind: 'category' }, 'tees');
    expect(calls).toHaveLength(1);
    expect(calls[0]?.query.category).toBe('tees');
    expect(sections.store.getSnapshot()).toBe(before);
    expect(events).toHaveLength(0);
    const outcome = sections.choose('shop', { kind: 'category' }, 'tees', place);
    await flush();
    expect(calls).toHaveLength(1);
    expect(sections.get('shop')?.pending?.category).toBe('tees');
    calls[0]?.settle(ok(pageOf([10, 11], 1, 1)));
    expect((await outcome).applied).toBe(true);
    expect(sections.get('shop')?.list.items.map((p) => p.id)).toEqual([10, 11]);
    expect(events.map((e) => e.type)).toEqual(['shop.filtered', 'catalog.listViewed']);
  });

  it('a read ahead serves one choice, only while fresh, and never when it failed; none for an item that changes nothing or a no-ajax section', async () => {
    let clock = 1000;
    const { sections, calls } = setup(seed(), () => clock);
    // Stale: asked again.
    sections.prefetch('shop', { kind: 'category' }, 'tees');
    clock += PREFETCH_FRESH_MS + 1;
    const stale = sections.choose('shop', { kind: 'category' }, 'tees', place);
    await flush();
    expect(calls).toHaveLength(2);
    calls[1]?.settle(ok(pageOf([10], 1, 1)));
    expect((await stale).applied).toBe(true);
    // Failed: asked again, and the choice shows the new answer.
    sections.prefetch('shop', { kind: 'category' }, 'bags');
    calls[2]?.settle(err({ kind: 'network', message: 'offline' }));
    const failed = sections.choose('shop', { kind: 'category' }, 'bags', place);
    await flush();
    expect(calls).toHaveLength(4);
    calls[3]?.settle(ok(pageOf([30], 1, 1)));
    expect((await failed).applied).toBe(true);
    expect(sections.get('shop')?.list.failed).toBe(false);
    expect(sections.get('shop')?.list.items.map((p) => p.id)).toEqual([30]);
    // Used once: choosing the same filters again later reads again.
    sections.prefetch('shop', { kind: 'category' }, 'tees');
    expect(calls).toHaveLength(5);
    const once = sections.choose('shop', { kind: 'category' }, 'tees', place);
    calls[4]?.settle(ok(pageOf([12], 1, 1)));
    await once;
    void sections.choose('shop', { kind: 'category' }, 'bags', place);
    void sections.choose('shop', { kind: 'category' }, 'tees', place);
    await flush();
    expect(calls).toHaveLength(7);
    // Nothing ahead for the active item, nor in a no-ajax section.
    sections.prefetch('shop', { kind: 'category' }, 'tees');
    expect(calls).toHaveLength(7);
    const noAjax = setup(seed({ id: 'rated', filtering: { config: { lists: ['category'], ajax: false }, primary: false, filters: INITIAL_FILTERS, facets: null, currency: null } }));
    noAjax.sections.prefetch('rated', { kind: 'category' }, 'tees');
    expect(noAjax.calls).toHaveLength(0);
  });

  it('whatever was read ahead, and however late its answers come, a choice ends showing its own category’s list', async () => {
    const categories = ['tees', 'bags', 'footwear', 'hats'];
    const idsOf = (category: string | undefined) => [100 + categories.indexOf(category ?? '')];
    await fc.assert(
      fc.asyncProperty(fc.array(fc.constantFrom(...categories), { maxLength: 6 }), fc.constantFrom(...categories), fc.array(fc.nat(), { maxLength: 8 }), async (ahead, chosen, order) => {
        let clock = 0;
        const { sections, calls } = setup(seed(), () => clock);
        for (const category of ahead) {
          sections.prefetch('shop', { kind: 'category' }, category);
          clock += 1000;
        }
        const outcome = sections.choose('shop', { kind: 'category' }, chosen, place);
        await flush();
        // Answers come in any order.
        const pending = [...calls.keys()];
        for (const pick of order) {
          if (pending.length === 0) break;
          const [i] = pending.splice(pick % pending.length, 1);
          calls[i!]?.settle(ok(pageOf(idsOf(calls[i!]?.query.category), 1, 1)));
          await flush();
        }
        for (const i of pending) calls[i]?.settle(ok(pageOf(idsOf(calls[i]?.query.category), 1, 1)));
        expect((await outcome).applied).toBe(true);
        expect(sections.get('shop')?.list.items.map((p) => p.id)).toEqual(idsOf(chosen));
        // At most one read beyond those started ahead.
        expect(calls.length).toBeLessThanOrEqual(new Set(ahead).size + 1);
      }),
      { numRuns: 60 },
    );
  });

  it('the active category or sort item sends nothing and emits nothing', async () => {
    const { sections, calls, events } = setup();
    expect(await sections.choose('shop', { kind: 'category' }, '', place)).toMatchObject({ changed: false });
    expect(await sections.choose('shop', { kind: 'sort' }, 'menu_order', place)).toMatchObject({ changed: false });
    expect(calls).toHaveLength(0);
    expect(events).toHaveLength(0);
  });

  it('a slower, older answer never replaces a newer one', async () => {
    const { sections, calls, names } = setup();
    const first = sections.choose('shop', { kind: 'category' }, 'tees', place);
    await flush();
    const second = sections.choose('shop', { kind: 'category' }, 'footwear', place);
    await flush();
    calls[1]?.settle(ok(pageOf([20], 1, 1)));
    calls[0]?.settle(ok(pageOf([10], 1, 1)));
    expect((await second).applied).toBe(true);
    expect((await first).applied).toBe(false);
    expect(sections.get('shop')?.list.items.map((p) => p.id)).toEqual([20]);
    expect(sections.get('shop')?.filters.category).toBe('footwear');
    expect(names().filter((n) => n === 'shop.filtered')).toHaveLength(1);
  });

  it('a no-ajax section only returns the address to go to', async () => {
    const s = seed({ id: 'rated', filtering: { config: { lists: ['category'], ajax: false }, primary: false, filters: INITIAL_FILTERS, facets: null, currency: null } });
    const { sections, calls } = setup(s);
    const outcome = await sections.choose('rated', { kind: 'category' }, 'tees', { path: '/', search: '?popular-product_cat=bags' });
    expect(outcome).toEqual({ changed: true, url: '/?popular-product_cat=bags&rated-product_cat=tees', navigate: true, applied: false });
    expect(calls).toHaveLength(0);
  });

  it('a failure keeps the list and the shown filters; Retry sends the failed choice again', async () => {
    const { sections, calls, events } = setup();
    const outcome = sections.choose('shop', { kind: 'category' }, 'tees', place);
    await flush();
    calls[0]?.settle(err({ kind: 'network', message: 'offline' }));
    expect((await outcome).applied).toBe(false);
    const after = sections.get('shop');
    expect(after?.list.failed).toBe(true);
    expect(after?.list.loading).toBeNull();
    expect(after?.list.items.map((p) => p.id)).toEqual([1, 2]);
    expect(after?.filters.category).toBeNull();
    expect(events).toHaveLength(0);
    const retried = sections.retry('shop', place);
    await flush();
    expect(calls[1]?.query.category).toBe('tees');
    calls[1]?.settle(ok(pageOf([5], 1, 1)));
    expect((await retried).applied).toBe(true);
    expect(sections.get('shop')?.list.failed).toBe(false);
  });

  it('load-more appends only new items, reports their list positions, and stops at the last page', async () => {
    const { sections, calls, events } = setup();
    const more = sections.loadMore('shop');
    await flush();
    expect(calls[0]?.query.page).toBe(2);
    calls[0]?.settle(ok(pageOf([2, 3, 4], 2, 2)));
    expect(await more).toBe(true);
    expect(sections.get('shop')?.list.items.map((p) => p.id)).toEqual([1, 2, 3, 4]);
    expect(events.at(-1)?.payload).toMatchObject({ listName: 'Shop', offset: 2, items: [expect.objectContaining({ id: 3 }), expect.objectContaining({ id: 4 })] });
    expect(await sections.loadMore('shop')).toBe(false);
    expect(calls).toHaveLength(1);
  });

  it('Back restores the address’s filters; on a category page the category comes from the path', async () => {
    const onCategory = seed({ filtering: { config: { lists: ['category', 'colour'], ajax: true }, primary: true, filters: { ...INITIAL_FILTERS, category: 'tees' }, facets: null, currency: null } });
    expect(filtersAt(onCategory, { path: '/product-category/tees/', search: '?filter_colour=black' })).toEqual({ ...INITIAL_FILTERS, category: 'tees', terms: { colour: 'black' } });
    expect(sectionAddress(onCategory, { ...INITIAL_FILTERS, category: 'bags' }, { path: '/product-category/tees/', search: '' })).toBe('/shop/?product_cat=bags');
    const { sections, calls } = setup(onCategory);
    expect(await sections.restore('shop', { path: '/product-category/tees/', search: '' })).toMatchObject({ changed: false });
    const restored = sections.restore('shop', { path: '/shop/', search: '?product_cat=bags' });
    await flush();
    calls[0]?.settle(ok(pageOf([9], 1, 1)));
    expect((await restored).applied).toBe(true);
    expect(sections.get('shop')?.filters.category).toBe('bags');
  });
});

describe('shop-filters sections: the counts follow the list', () => {
  const countsOf = (n: number): CatalogFacets => ({ priceRange: null, attributeCounts: { 1: n }, brandCounts: {} });

  it('a new list shows once its products are in, without waiting for the counts, which follow when theirs are', async () => {
    const { sections, calls, counts } = setup(seed(), undefined, { holdCounts: true });
    const outcome = sections.choose('shop', { kind: 'facet', facet: 'colour' }, 'white', place);
    expect([calls.length, counts.length]).toEqual([1, 1]);
    calls[0]!.settle(ok(pageOf([7, 8], 1, 1)));
    expect(await outcome).toMatchObject({ applied: true });
    expect(sections.get('shop')?.list.items.map((p) => p.id)).toEqual([7, 8]);
    expect(sections.get('shop')?.facets).toBeNull();
    counts[0]!(ok(countsOf(4)));
    await flush();
    expect(sections.get('shop')?.facets).toEqual(countsOf(4));
  });

  it('the counts read leaves once its list’s has had its moment, and counts that are in before the list has painted wait for that frame', async () => {
    /** A promise the test resolves, and how many were asked for. */
    const gate = () => {
      const opens: Array<() => void> = [];
      const wait = () => new Promise<void>((resolve) => opens.push(resolve));
      return { wait, open: () => opens.splice(0).forEach((open) => open()), asked: () => opens.length };
    };
    const frame = gate();
    const leave = gate();
    const { sections, calls, counts } = setup(seed(), undefined, { holdCounts: true, painted: frame.wait, countsLeave: leave.wait });
    const outcome = sections.choose('shop', { kind: 'facet', facet: 'colour' }, 'white', place);
    await flush();
    // The list's read is out; the counts read waits for its moment.
    expect([calls.length, counts.length, leave.asked()]).toEqual([1, 0, 1]);
    leave.open();
    await flush();
    expect(counts.length).toBe(1);
    // The counts are in before the list.
    counts[0]!(ok(countsOf(3)));
    calls[0]!.settle(ok(pageOf([7, 8], 1, 1)));
    expect(await outcome).toMatchObject({ applied: true });
    await flush();
    expect(sections.get('shop')?.list.items.map((p) => p.id)).toEqual([7, 8]);
    expect(sections.get('shop')?.facets).toBeNull();
    // The frame that shows the list has painted: now the counts.
    frame.open();
    await flush();
    expect(sections.get('shop')?.facets).toEqual(countsOf(3));
    // A read started ahead waits for its moment the same way.
    sections.prefetch('shop', { kind: 'facet', facet: 'colour' }, 'black');
    await flush();
    expect([calls.length, counts.length, leave.asked()]).toEqual([2, 1, 1]);
  });

  it('the counts of a choice a newer one overtook are never shown; a failed count read keeps the counts shown', async () => {
    const { sections, calls, counts } = setup(seed(), undefined, { holdCounts: true });
    const white = sections.choose('shop', { kind: 'facet', facet: 'colour' }, 'white', place);
    calls[0]!.settle(ok(pageOf([7], 1, 1)));
    await white;
    counts[0]!(ok(countsOf(1)));
    await flush();
    const black = sections.choose('shop', { kind: 'facet', facet: 'colour' }, 'black', place);
    const red = sections.choose('shop', { kind: 'facet', facet: 'colour' }, 'red', place);
    // Black's list is overtaken by red's; black's counts come last of all.
    calls[1]!.settle(ok(pageOf([8], 1, 1)));
    calls[2]!.settle(ok(pageOf([9], 1, 1)));
    expect(await black).toMatchObject({ applied: false });
    expect(await red).toMatchObject({ applied: true });
    counts[2]!(err({ kind: 'network', message: 'offline' }));
    await flush();
    expect(sections.get('shop')?.facets).toEqual(countsOf(1));
    counts[1]!(ok(countsOf(2)));
    await flush();
    expect(sections.get('shop')?.list.items.map((p) => p.id)).toEqual([9]);
    expect(sections.get('shop')?.facets).toEqual(countsOf(1));
  });
});
