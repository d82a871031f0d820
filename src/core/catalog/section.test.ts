import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { CatalogFacets, ProductQuery } from '../domain/catalog.js';
import type { Currency } from '../domain/money.js';
import type { CatalogPort } from '../ports.js';
import { ok } from '../result.js';
import { INITIAL_FILTERS, SORT_KEYS, type ShopFilters } from '../rules/shop-filters.js';
import {
  buildFilterLists,
  catalogQuery,
  categoryParameter,
  facetRequest,
  fetchSection,
  type FilterCatalogue,
  type KnownCategories,
  type SectionBase,
  type SectionFilterConfig,
} from './section.js';

const slug = fc.stringMatching(/^[a-z][a-z0-9-]{0,12}$/);
const known: fc.Arbitrary<KnownCategories> = fc.uniqueArray(fc.record({ id: fc.integer({ min: 1, max: 10_000 }), slug }), { selector: (c) => c.slug, maxLength: 8 });

describe('the category a section asks for', () => {
  it('is the id of a category the page knows, and the slug of any other', () => {
    fc.assert(
      fc.property(known, slug, (categories, chosen) => {
        const found = categories.find((c) => c.slug === chosen);
        expect(categoryParameter(chosen, categories)).toBe(found ? String(found.id) : chosen);
      }),
    );
  });

  it('goes into the query as that parameter, and nothing else in the query changes', () => {
    fc.assert(
      fc.property(known, slug, (categories, chosen) => {
        const filters = { ...INITIAL_FILTERS, category: chosen };
        const withIds = catalogQuery(filters, { page: 1, perPage: 12 }, 2, undefined, categories);
        const withSlugs = catalogQuery(filters, { page: 1, perPage: 12 }, 2);
        expect(withSlugs.category).toBe(chosen);
        expect(withIds).toEqual({ ...withSlugs, category: categoryParameter(chosen, categories) });
      }),
    );
  });

  it('reaches the port as an id, so the adapter has no slug to look up first', async () => {
    const asked: ProductQuery[] = [];
    const catalog = {
      listTiles: async (query: ProductQuery) => {
        asked.push(query);
        return ok({ items: [], total: 0, totalPages: 0, page: 1 });
      },
    } as unknown as CatalogPort;
    await fetchSection(catalog, { ...INITIAL_FILTERS, category: 'tees' }, { page: 1, perPage: 12 }, 2, null, undefined, [{ id: 16, slug: 'tees' }]);
    expect(asked.map((q) => q.category)).toEqual(['16']);
  });
});

// ---- The filter lists and the query, example by example (what the mutation run found unchecked).

const CATALOGUE: FilterCatalogue = {
  categories: [
    { id: 1, name: 'Snacks', slug: 'snacks', parent: 0, count: 7 },
    { id: 2, name: 'Dried mango', slug: 'dried-mango', parent: 1, count: 3 },
    { id: 3, name: 'Crafts', slug: 'crafts', parent: 0, count: 5 },
  ],
  attributes: [
    { id: 10, name: 'Size', taxonomy: 'pa_size', terms: [{ id: 101, name: 'Small', slug: 's', count: 2 }, { id: 102, name: 'Large', slug: 'l', count: 4 }] },
    { id: 11, name: 'Colour', taxonomy: 'pa_color', terms: [{ id: 111, name: 'Blue', slug: 'blue', count: 1 }] },
    { id: 12, name: 'Material', taxonomy: 'pa_material', terms: [] },
    { id: 13, name: 'Pattern', taxonomy: 'spa_pattern', terms: [{ id: 131, name: 'Banig', slug: 'banig', count: 1 }] },
  ],
  brands: [{ id: 20, name: 'Ligaya', slug: 'ligaya', count: 4 }, { id: 21, name: 'Tahanan', slug: 'tahanan', count: 0 }],
};
const ALL_LISTS: SectionFilterConfig = { lists: ['category', 'sort', 'colour', 'brand', 'attributes', 'price'], ajax: true };
const USD: Currency = { code: 'USD', minorUnit: 3, symbol: '$', prefix: '$ ', suffix: '', decimalSeparator: '.', thousandSeparator: ',' };

describe('the filter lists of a section', () => {
  it('asks the server to count only what the section shows', () => {
    expect(facetRequest(ALL_LISTS, CATALOGUE)).toEqual({ priceRange: true, attributes: ['pa_size', 'pa_color', 'pa_material', 'spa_pattern'], brands: true });
    expect(facetRequest({ lists: ['colour'], ajax: true }, CATALOGUE)).toEqual({ priceRange: false, attributes: ['pa_color'], brands: false });
    expect(facetRequest({ lists: ['attributes', 'brand'], ajax: false }, CATALOGUE)).toEqual({ priceRange: false, attributes: ['pa_size', 'pa_material', 'spa_pattern'], brands: true });
    expect(facetRequest({ lists: ['colour'], ajax: true }, { ...CATALOGUE, attributes: [{ id: 9, name: 'Colour', taxonomy: 'pa_colour', terms: [] }] }).attributes).toEqual(['pa_colour']);
  });

  it('builds each list in the config order: categories with "All", the sort, colour chips, brands, other attributes with terms', () => {
    const filters: ShopFilters = { ...INITIAL_FILTERS, category: 'crafts', sort: 'price-desc', terms: { color: 'blue', brand: 'tahanan', size: 's' } };
    const facets: CatalogFacets = { priceRange: null, attributeCounts: { 101: 2, 111: 0 }, brandCounts: { 20: 4 } };
    const { lists, price } = buildFilterLists(ALL_LISTS, CATALOGUE, filters, facets, null);
    expect(lists.map((list) => [list.id, list.label, list.kind, list.look])).toEqual([
      ['category', 'Category', 'category', 'label'],
      ['sort', 'Sort by', 'sort', 'label'],
      ['color', 'Colour', 'facet', 'colour'],
      ['brand', 'Brand', 'facet', 'label'],
      ['size', 'Size', 'facet', 'label'],
      ['spa_pattern', 'Pattern', 'facet', 'label'],
    ]);
    const [category, sort, colour, brand, size, pattern] = lists;
    expect(category?.items).toEqual([
      { value: '', label: 'All categories', count: 12, active: false, disabled: false },
      { value: 'snacks', label: 'Snacks', count: 7, active: false, disabled: false },
      { value: 'dried-mango', label: 'Dried mango', count: 3, active: false, disabled: false },
      { value: 'crafts', label: 'Crafts', count: 5, active: true, disabled: false },
    ]);
    expect(sort?.items.map((i) => [i.value, i.active, i.count])).toEqual(SORT_KEYS.map((key) => [key, key === 'price-desc', null]));
    expect(sort?.items[0]?.label).toBe('Default sorting');
    // Blue has no product left but is chosen: it stays enabled so it can be cleared.
    expect(colour?.items).toEqual([{ value: 'blue', label: 'Blue', count: 0, active: true, disabled: false }]);
    expect(brand?.items).toEqual([
      { value: 'ligaya', label: 'Ligaya', count: 4, active: false, disabled: false },
      { value: 'tahanan', label: 'Tahanan', count: 0, active: true, disabled: false },
    ]);
    expect(size?.items).toEqual([
      { value: 's', label: 'Small', count: 2, active: true, disabled: false },
      { value: 'l', label: 'Large', count: 0, active: false, disabled: true },
    ]);
    expect(pattern?.items.map((i) => i.value)).toEqual(['banig']);
    expect(price).toEqual({ bounds: null, symbol: '₱', position: 'left', minorUnit: 2 });
  });

  it('shows counts as unknown before the facets arrive, and disables nothing then', () => {
    const { lists } = buildFilterLists({ lists: ['brand', 'attributes'], ajax: true }, CATALOGUE, INITIAL_FILTERS, null, null);
    for (const list of lists) for (const entry of list.items) expect([entry.count, entry.disabled]).toEqual([null, false]);
    expect(buildFilterLists({ lists: ['category'], ajax: true }, CATALOGUE, INITIAL_FILTERS, null, null).lists[0]?.items[0]).toMatchObject({ active: true });
  });

  it('leaves out a brand list when the shop has no brands, and the colour list from "attributes"', () => {
    const { lists } = buildFilterLists({ lists: ['brand', 'attributes'], ajax: true }, { ...CATALOGUE, brands: [] }, INITIAL_FILTERS, null, null);
    expect(lists.map((list) => list.id)).toEqual(['size', 'spa_pattern']);
    expect(buildFilterLists({ lists: ['colour'], ajax: true }, CATALOGUE, INITIAL_FILTERS, null, null).lists.map((list) => list.id)).toEqual(['color']);
    expect(buildFilterLists({ lists: ['sort'], ajax: true }, CATALOGUE, INITIAL_FILTERS, null, null).price).toBeNull();
  });

  it('gives the price slider whole currency units, rounded outwards, in the range’s currency', () => {
    const facets: CatalogFacets = { priceRange: { min: 12_345, max: 67_801, currency: USD }, attributeCounts: null, brandCounts: null };
    expect(buildFilterLists({ lists: ['price'], ajax: true }, CATALOGUE, INITIAL_FILTERS, facets, null).price).toEqual({ bounds: { min: 12, max: 68 }, symbol: '$', position: 'left_space', minorUnit: 3 });
    const php = { ...USD, code: 'PHP', minorUnit: 2, symbol: '', prefix: '', suffix: ' ₱' };
    expect(buildFilterLists({ lists: ['price'], ajax: true }, CATALOGUE, INITIAL_FILTERS, { ...facets, priceRange: { min: 150, max: 151, currency: php } }, USD).price).toEqual({
      bounds: { min: 1, max: 2 },
      symbol: '₱',
      position: 'right_space',
      minorUnit: 2,
    });
    expect(buildFilterLists({ lists: ['price'], ajax: true }, CATALOGUE, INITIAL_FILTERS, null, USD).price).toEqual({ bounds: null, symbol: '$', position: 'left_space', minorUnit: 3 });
  });
});

describe('the query of a section', () => {
  const paging = { page: 2, perPage: 12 };

  it('sends each sort with its direction: price up, price down, the rest newest/most first', () => {
    expect(catalogQuery({ ...INITIAL_FILTERS, sort: 'price' }, paging, 2)).toMatchObject({ orderby: 'price', order: 'asc' });
    expect(catalogQuery({ ...INITIAL_FILTERS, sort: 'price-desc' }, paging, 2)).toMatchObject({ orderby: 'price', order: 'desc' });
    expect(catalogQuery({ ...INITIAL_FILTERS, sort: 'date' }, paging, 2)).toMatchObject({ orderby: 'date', order: 'desc' });
    expect(catalogQuery(INITIAL_FILTERS, paging, 2)).toStrictEqual({ page: 2, perPage: 12, orderby: 'menu_order', order: 'asc' });
  });

  it("keeps the section's own order until the shopper picks a sort", () => {
    const base: SectionBase = { orderby: 'popularity', order: 'desc', search: 'ube' };
    expect(catalogQuery(INITIAL_FILTERS, paging, 2, base)).toEqual({ page: 2, perPage: 12, orderby: 'popularity', order: 'desc', search: 'ube' });
    expect(catalogQuery(INITIAL_FILTERS, paging, 2, { orderby: 'date' })).toEqual({ page: 2, perPage: 12, orderby: 'date' });
    expect(catalogQuery({ ...INITIAL_FILTERS, sort: 'price' }, paging, 2, base)).toEqual({ page: 2, perPage: 12, orderby: 'price', order: 'asc', search: 'ube' });
  });

  it('sends prices in minor units, attributes by taxonomy, and the brand on its own', () => {
    const filters: ShopFilters = { ...INITIAL_FILTERS, minPrice: 100, maxPrice: 250, terms: { brand: 'ligaya', size: 's' } };
    expect(catalogQuery(filters, paging, 2)).toEqual({
      page: 2,
      perPage: 12,
      orderby: 'menu_order',
      order: 'asc',
      minPrice: 10_000,
      maxPrice: 25_000,
      attributes: [{ taxonomy: 'pa_size', slug: 's' }],
      brand: 'ligaya',
    });
    expect(catalogQuery({ ...INITIAL_FILTERS, minPrice: 0, maxPrice: 0 }, paging, 0)).toMatchObject({ minPrice: 0, maxPrice: 0 });
    expect(catalogQuery({ ...INITIAL_FILTERS, terms: { brand: 'ligaya' } }, paging, 2)).not.toHaveProperty('attributes');
  });
});
