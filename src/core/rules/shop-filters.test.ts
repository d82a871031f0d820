import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  chooseItem,
  choosePrice,
  currencyPosition,
  filtersFromQuery,
  filtersToQuery,
  facetTaxonomy,
  INITIAL_FILTERS,
  isFacet,
  isInitial,
  isSlug,
  narrows,
  normalisePrice,
  orderPriceEntry,
  priceLabel,
  sameFilters,
  sectionPrefix,
  SORT_KEYS,
  SORT_LABELS,
  sortQuery,
  type ShopFilters,
} from './shop-filters.js';

const slug = fc.stringMatching(/^[a-z0-9][a-z0-9-]{0,11}$/);
const facet = fc.constantFrom('colour', 'size', 'brand', 'material');
const price = fc.option(fc.integer({ min: 0, max: 100_000 }), { nil: null });

/** Any filters a shopper could reach (normalised by construction). */
export const filtersArb: fc.Arbitrary<ShopFilters> = fc
  .record({
    category: fc.option(slug, { nil: null }),
    sort: fc.constantFrom(...SORT_KEYS),
    min: price,
    max: price,
    terms: fc.dictionary(facet, slug, { maxKeys: 4 }),
  })
  .map(({ category, sort, min, max, terms }) => {
    const sorted = Object.fromEntries(Object.entries(terms).sort(([a], [b]) => (a < b ? -1 : 1)));
    return { category, sort, ...normalisePrice(min, max, null), terms: sorted };
  });

describe('the address', () => {
  it('query → filters → query is the identity on normalised filters, for any section prefix', () => {
    fc.assert(
      fc.property(filtersArb, fc.constantFrom('', 'popular-', 'rated-'), (filters, prefix) => {
        const query = filtersToQuery(filters, prefix);
        expect(filtersFromQuery(query, prefix)).toEqual(filters);
        expect(filtersToQuery(filtersFromQuery(query, prefix), prefix).toString()).toBe(query.toString());
      }),
    );
  });

  it('keeps other sections’ parameters and the page’s own, and drops its own paging', () => {
    fc.assert(
      fc.property(filtersArb, filtersArb, (mine, theirs) => {
        const base = filtersToQuery(theirs, sectionPrefix('rated', false));
        base.set('layout', 'masonry');
        base.set('paged', '3');
        const query = filtersToQuery(mine, '', base);
        expect(filtersFromQuery(query, 'rated-')).toEqual(theirs);
        expect(filtersFromQuery(query, '')).toEqual(mine);
        expect(query.get('layout')).toBe('masonry');
        expect(query.has('paged')).toBe(false);
      }),
    );
  });

  it('drops malformed values instead of failing: unknown orderby, non-numeric or negative prices, bad slugs; swaps min above max', () => {
    const read = (q: string) => filtersFromQuery(new URLSearchParams(q));
    expect(read('orderby=nope&min_price=abc&max_price=-5&product_cat=%3Cb%3E&filter_colour=')).toEqual(INITIAL_FILTERS);
    expect(read('min_price=900&max_price=100')).toMatchObject({ minPrice: 100, maxPrice: 900 });
    expect(read('filter_colour=blue,red&filter_colour=green').terms).toEqual({ colour: 'blue' });
    expect(read('product_cat=Tees').category).toBe('tees');
    fc.assert(
      fc.property(fc.string(), fc.string(), fc.string(), (a, b, c) => {
        const filters = read(`orderby=${encodeURIComponent(a)}&min_price=${encodeURIComponent(b)}&filter_${encodeURIComponent(c)}=${encodeURIComponent(a)}`);
        // Whatever came in, what goes out reads back the same.
        expect(filtersFromQuery(filtersToQuery(filters))).toEqual(filters);
      }),
    );
  });
});

describe('the lists', () => {
  it('clicking the active category or sort item changes nothing', () => {
    fc.assert(
      fc.property(filtersArb, (filters) => {
        expect(chooseItem(filters, { kind: 'category' }, filters.category ?? '')).toEqual({ changed: false });
        expect(chooseItem(filters, { kind: 'sort' }, filters.sort)).toEqual({ changed: false });
      }),
    );
  });

  it('choosing another category resets sort, terms and price to their initial values', () => {
    fc.assert(
      fc.property(filtersArb, slug, (filters, category) => {
        fc.pre(category !== filters.category);
        const change = chooseItem(filters, { kind: 'category' }, category);
        expect(change).toEqual({ changed: true, filters: { ...INITIAL_FILTERS, category } });
      }),
    );
  });

  it('a facet item toggles: chosen, then deselected with its filter removed; other lists are untouched', () => {
    fc.assert(
      fc.property(filtersArb, facet, slug, (filters, f, value) => {
        const first = chooseItem(filters, { kind: 'facet', facet: f }, value);
        if (!first.changed) throw new Error('a facet click always changes something');
        if (filters.terms[f] === value) {
          expect(first.filters.terms[f]).toBeUndefined();
        } else {
          expect(first.filters.terms[f]).toBe(value);
          const second = chooseItem(first.filters, { kind: 'facet', facet: f }, value);
          expect(second.changed && second.filters.terms[f]).toBeUndefined();
        }
        expect({ ...first.filters, terms: {} }).toEqual({ ...filters, terms: {} });
      }),
    );
  });

  it('an unknown sort key or a malformed slug changes nothing', () => {
    expect(chooseItem(INITIAL_FILTERS, { kind: 'sort' }, 'random')).toEqual({ changed: false });
    expect(chooseItem(INITIAL_FILTERS, { kind: 'facet', facet: 'colour' }, '<script>')).toEqual({ changed: false });
    expect(chooseItem(INITIAL_FILTERS, { kind: 'facet', facet: 'Bad Facet' }, 'blue')).toEqual({ changed: false });
  });
});

describe('the price range', () => {
  it('normalised prices sit inside the bounds, min never above max, ends equal to the bounds dropped', () => {
    fc.assert(
      fc.property(price, price, fc.integer({ min: 0, max: 5000 }), fc.integer({ min: 0, max: 5000 }), (min, max, a, b) => {
        const bounds = { min: Math.min(a, b), max: Math.max(a, b) };
        const out = normalisePrice(min, max, bounds);
        if (out.minPrice !== null) expect(out.minPrice).toBeGreaterThan(bounds.min);
        if (out.maxPrice !== null) expect(out.maxPrice).toBeLessThan(bounds.max);
        if (out.minPrice !== null && out.maxPrice !== null) expect(out.minPrice).toBeLessThanOrEqual(out.maxPrice);
        // Normalising twice changes nothing.
        expect(normalisePrice(out.minPrice, out.maxPrice, bounds)).toEqual(out);
      }),
    );
  });

  const boundsArb = fc.tuple(fc.integer({ min: 0, max: 5000 }), fc.integer({ min: 0, max: 5000 })).map(([a, b]) => ({ min: Math.min(a, b), max: Math.max(a, b) }));
  const typed = fc.oneof(fc.integer({ min: -100, max: 10_000 }), fc.double({ min: -100, max: 10_000, noNaN: true }), fc.constant(Number.NaN));

  it('the inputs show whole ends within the bounds, min never above max, and swap only when min was above max', () => {
    fc.assert(
      fc.property(typed, typed, boundsArb, (min, max, bounds) => {
        const out = orderPriceEntry(min, max, bounds);
        expect(Number.isInteger(out.low) && Number.isInteger(out.high)).toBe(true);
        expect(out.low).toBeGreaterThanOrEqual(bounds.min);
        expect(out.high).toBeLessThanOrEqual(bounds.max);
        expect(out.low).toBeLessThanOrEqual(out.high);
        if (Number.isInteger(min) && Number.isInteger(max)) expect(out.swapped).toBe(min > max);
      }),
    );
  });

  it('applying the shown ends again is idempotent: same ends, no second swap', () => {
    fc.assert(
      fc.property(typed, typed, boundsArb, (min, max, bounds) => {
        const once = orderPriceEntry(min, max, bounds);
        expect(orderPriceEntry(once.low, once.high, bounds)).toEqual({ low: once.low, high: once.high, swapped: false });
      }),
    );
  });

  it('the shown ends filter exactly as the typed ones would (the address swaps the same way)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000 }), fc.integer({ min: 0, max: 10_000 }), boundsArb, (min, max, bounds) => {
        const shown = orderPriceEntry(min, max, bounds);
        expect(normalisePrice(shown.low, shown.high, bounds)).toEqual(normalisePrice(min, max, bounds));
      }),
    );
  });

  it('2000 and 500 become 500 and 2000', () => {
    expect(orderPriceEntry(2000, 500, { min: 349, max: 4999 })).toEqual({ low: 500, high: 2000, swapped: true });
    expect(orderPriceEntry(500, 2000, { min: 349, max: 4999 })).toEqual({ low: 500, high: 2000, swapped: false });
    expect(orderPriceEntry(9000, 100, { min: 349, max: 4999 })).toEqual({ low: 349, high: 4999, swapped: true });
  });

  it('setting the price already set changes nothing', () => {
    const change = choosePrice(INITIAL_FILTERS, 300, 900, { min: 100, max: 2000 });
    expect(change).toEqual({ changed: true, filters: { ...INITIAL_FILTERS, minPrice: 300, maxPrice: 900 } });
    if (change.changed) expect(choosePrice(change.filters, 300, 900, { min: 100, max: 2000 })).toEqual({ changed: false });
    expect(choosePrice(INITIAL_FILTERS, 100, 2000, { min: 100, max: 2000 })).toEqual({ changed: false });
  });

  it('labels follow currency_pos', () => {
    expect(priceLabel(1500, '₱', 'left')).toBe('₱1,500');
    expect(priceLabel(1500, '₱', 'left_space')).toBe('₱\u00a01,500');
    expect(priceLabel(1500, '₱', 'right')).toBe('1,500₱');
    expect(priceLabel(1500, '₱', 'right_space')).toBe('1,500\u00a0₱');
    expect(currencyPosition('₱', '')).toBe('left');
    expect(currencyPosition('₱ ', '')).toBe('left_space');
    expect(currencyPosition('', '€')).toBe('right');
    expect(currencyPosition('', ' €')).toBe('right_space');
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), fc.constantFrom('left', 'left_space', 'right', 'right_space') as fc.Arbitrary<'left'>, (amount, position) => {
        const label = priceLabel(amount, '₱', position);
        expect(label.replace(/[^\d]/g, '')).toBe(String(amount));
        expect(position.startsWith('left') ? label.startsWith('₱') : label.endsWith('₱')).toBe(true);
      }),
    );
  });
});

describe('the catalogue query', () => {
  it('maps every sort key to a Store API sort', () => {
    expect(sortQuery('price-desc')).toEqual({ orderby: 'price', order: 'desc' });
    expect(sortQuery('menu_order')).toEqual({ orderby: 'menu_order', order: 'asc' });
    for (const key of SORT_KEYS) expect(['menu_order', 'popularity', 'rating', 'date', 'price']).toContain(sortQuery(key).orderby);
  });

  it('knows the initial state, equal filters, and when filters narrow the list (a sort alone does not)', () => {
    expect(isInitial(INITIAL_FILTERS)).toBe(true);
    expect(narrows({ ...INITIAL_FILTERS, sort: 'price' })).toBe(false);
    expect(narrows({ ...INITIAL_FILTERS, terms: { colour: 'ube' } })).toBe(true);
    fc.assert(
      fc.property(filtersArb, (f) => {
        expect(narrows(f)).toBe(!isInitial({ ...f, sort: 'menu_order' }));
      }),
    );
    fc.assert(
      fc.property(filtersArb, (f) => {
        expect(sameFilters(f, filtersFromQuery(filtersToQuery(f)))).toBe(true);
      }),
    );
  });
});

describe('shop filters: what the mutation run found unchecked', () => {
  const query = (text: string, prefix = '') => filtersFromQuery(new URLSearchParams(text), prefix);

  it("a section's old parameters leave the address (its filters, sort, prices and paging), other sections' stay", () => {
    const base = new URLSearchParams('product_cat=snacks&orderby=price&min_price=1&max_price=9&paged=3&filter_size=s&top-orderby=date&top-paged=2&layout=grid');
    expect(filtersToQuery(INITIAL_FILTERS, '', base).toString()).toBe('top-orderby=date&top-paged=2&layout=grid');
    const top = new URLSearchParams('top-product_cat=a&top-orderby=price&top-min_price=1&top-max_price=9&top-paged=3&top-filter_size=s&paged=4&orderby=date');
    expect(filtersToQuery(INITIAL_FILTERS, 'top-', top).toString()).toBe('paged=4&orderby=date');
  });

  it('writes a section’s filters in a fixed order: category, sort, prices, then terms by facet name', () => {
    const filters: ShopFilters = { category: 'snacks', sort: 'price-desc', minPrice: 100, maxPrice: 900, terms: { colour: 'blue', size: 'l' } };
    expect(filtersToQuery(filters, 'top-').toString()).toBe('top-product_cat=snacks&top-orderby=price-desc&top-min_price=100&top-max_price=900&top-filter_colour=blue&top-filter_size=l');
  });

  it('keeps terms sorted by facet name, whatever order they are chosen or read in', () => {
    const chosen = chooseItem({ ...INITIAL_FILTERS, terms: { size: 'l' } }, { kind: 'facet', facet: 'colour' }, 'blue');
    expect(chosen.changed && Object.keys(chosen.filters.terms)).toEqual(['colour', 'size']);
    expect(Object.keys(query('filter_size=l&filter_material=abaca&filter_colour=blue').terms)).toEqual(['colour', 'material', 'size']);
  });

  it('a malformed term carried in by hand is dropped at the next choice', () => {
    const chosen = chooseItem({ ...INITIAL_FILTERS, terms: { 'Bad Facet': 'x', size: 'Not A Slug' } }, { kind: 'facet', facet: 'colour' }, 'blue');
    expect(chosen.changed && chosen.filters.terms).toEqual({ colour: 'blue' });
  });

  it('a malformed category changes nothing; "All" clears the category', () => {
    expect(chooseItem(INITIAL_FILTERS, { kind: 'category' }, 'Not A Slug!')).toEqual({ changed: false });
    expect(chooseItem({ ...INITIAL_FILTERS, category: 'snacks' }, { kind: 'category' }, '')).toEqual({ changed: true, filters: INITIAL_FILTERS });
  });

  it('reads the address: the first of a comma list, trimmed and lower-cased; the first of repeated facets; nothing when absent', () => {
    expect(query('filter_size= L ,m').terms).toEqual({ size: 'l' });
    expect(query('filter_size=s&filter_size=l').terms).toEqual({ size: 's' });
    expect(query('')).toEqual(INITIAL_FILTERS);
    expect(query('product_cat=Not%20A%20Slug&orderby=bogus&min_price=10abc&max_price=-5')).toEqual(INITIAL_FILTERS);
    expect(query('product_cat=Snacks&orderby=rating&min_price=10&max_price=20')).toEqual({ ...INITIAL_FILTERS, category: 'snacks', sort: 'rating', minPrice: 10, maxPrice: 20 });
  });

  it('slugs, facets and prices are whole tokens, not a matching part', () => {
    for (const value of ['Ab', 'ab!', 'a b', '']) expect(isSlug(value), value).toBe(false);
    expect(isSlug('ube-halaya_2')).toBe(true);
    expect(isSlug('ñ'.repeat(200))).toBe(true);
    expect(isSlug('a'.repeat(201))).toBe(false);
    for (const value of ['size!', 'Size', 'a'.repeat(29), '']) expect(isFacet(value), value).toBe(false);
    expect(isFacet('a'.repeat(28))).toBe(true);
    expect(query('min_price=1234567890').minPrice).toBeNull();
  });

  it('an unset end of the price stays unset, with or without bounds', () => {
    expect(normalisePrice(null, 50, null)).toEqual({ minPrice: null, maxPrice: 50 });
    expect(normalisePrice(20, null, null)).toEqual({ minPrice: 20, maxPrice: null });
    expect(normalisePrice(null, null, { min: 0, max: 100 })).toEqual({ minPrice: null, maxPrice: null });
    expect(normalisePrice(Number.NaN, Infinity, null)).toEqual({ minPrice: null, maxPrice: null });
  });

  it('each filter on its own narrows the list and is not the initial state; the sort alone only does the latter', () => {
    const single: ShopFilters[] = [
      { ...INITIAL_FILTERS, category: 'snacks' },
      { ...INITIAL_FILTERS, minPrice: 1 },
      { ...INITIAL_FILTERS, maxPrice: 1 },
      { ...INITIAL_FILTERS, terms: { size: 's' } },
    ];
    for (const filters of single) expect([narrows(filters), isInitial(filters)]).toEqual([true, false]);
    expect([narrows({ ...INITIAL_FILTERS, sort: 'date' }), isInitial({ ...INITIAL_FILTERS, sort: 'date' })]).toEqual([false, false]);
    expect([narrows(INITIAL_FILTERS), isInitial(INITIAL_FILTERS)]).toEqual([false, true]);
  });

  it('price sort sends the right direction: up for price, down for price-desc and the rest', () => {
    expect(SORT_KEYS.map((key) => [key, sortQuery(key)])).toEqual([
      ['menu_order', { orderby: 'menu_order', order: 'asc' }],
      ['popularity', { orderby: 'popularity', order: 'desc' }],
      ['rating', { orderby: 'rating', order: 'desc' }],
      ['date', { orderby: 'date', order: 'desc' }],
      ['price', { orderby: 'price', order: 'asc' }],
      ['price-desc', { orderby: 'price', order: 'desc' }],
    ]);
  });

  it('names the sorts as WooCommerce does, and maps facets to taxonomies (brand has none)', () => {
    expect(SORT_LABELS).toEqual({
      menu_order: 'Default sorting',
      popularity: 'Sort by popularity',
      rating: 'Sort by average rating',
      date: 'Sort by latest',
      price: 'Sort by price: low to high',
      'price-desc': 'Sort by price: high to low',
    });
    expect([facetTaxonomy('brand'), facetTaxonomy('size')]).toEqual([null, 'pa_size']);
  });

  it('reads the symbol position from the prefix or suffix, and rounds slider labels to whole units', () => {
    expect(currencyPosition('', '')).toBe('left');
    expect(currencyPosition(' $', '')).toBe('left');
    expect(currencyPosition('', '€ ')).toBe('right');
    expect(currencyPosition('', ' €')).toBe('right_space');
    expect(priceLabel(1500.4, '₱', 'left')).toBe('₱1,500');
  });
});
