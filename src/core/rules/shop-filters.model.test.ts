/**
 * Model-based test of the filter lists: random click sequences on category, sort, facet items and
 * the price inputs, checked after every step against a plain model written from the spec's rules,
 * and against the address (the state always survives a trip through the URL).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { chooseItem, choosePrice, filtersFromQuery, filtersToQuery, INITIAL_FILTERS, type ShopFilters, type SortKey } from './shop-filters.js';

interface Model {
  category: string | null;
  sort: SortKey;
  min: number | null;
  max: number | null;
  terms: Map<string, string>;
  /** Requests the lists would have sent. */
  requests: number;
}
interface Real {
  filters: ShopFilters;
  requests: number;
}

const BOUNDS = { min: 100, max: 5000 };

const check = (m: Model, r: Real) => {
  expect(r.filters.category).toBe(m.category);
  expect(r.filters.sort).toBe(m.sort);
  expect(r.filters.minPrice).toBe(m.min);
  expect(r.filters.maxPrice).toBe(m.max);
  expect(r.filters.terms).toEqual(Object.fromEntries([...m.terms].sort(([a], [b]) => (a < b ? -1 : 1))));
  expect(r.requests).toBe(m.requests);
  expect(filtersFromQuery(filtersToQuery(r.filters, 'sec-'), 'sec-')).toEqual(r.filters);
};

class CategoryClick implements fc.Command<Model, Real> {
  constructor(readonly slug: string) {}
  check = () => true;
  run(m: Model, r: Real) {
    const value = this.slug === 'all' ? null : this.slug;
    // Spec: the active category does nothing; another resets every other list and the slider.
    if (m.category !== value) {
      Object.assign(m, { category: value, sort: 'menu_order', min: null, max: null, terms: new Map(), requests: m.requests + 1 });
    }
    const change = chooseItem(r.filters, { kind: 'category' }, this.slug === 'all' ? '' : this.slug);
    if (change.changed) r.filters = change.filters;
    if (change.changed) r.requests += 1;
    check(m, r);
  }
  toString = () => `category(${this.slug})`;
}

class SortClick implements fc.Command<Model, Real> {
  constructor(readonly key: SortKey) {}
  check = () => true;
  run(m: Model, r: Real) {
    if (m.sort !== this.key) {
      m.sort = this.key;
      m.requests += 1;
    }
    const change = chooseItem(r.filters, { kind: 'sort' }, this.key);
    if (change.changed) {
      r.filters = change.filters;
      r.requests += 1;
    }
    check(m, r);
  }
  toString = () => `sort(${this.key})`;
}

class FacetClick implements fc.Command<Model, Real> {
  constructor(
    readonly facet: string,
    readonly slug: string,
  ) {}
  check = () => true;
  run(m: Model, r: Real) {
    // Spec: the active item deselects and removes its filter; another becomes the one active item.
    if (m.terms.get(this.facet) === this.slug) m.terms.delete(this.facet);
    else m.terms.set(this.facet, this.slug);
    m.requests += 1;
    const change = chooseItem(r.filters, { kind: 'facet', facet: this.facet }, this.slug);
    if (change.changed) {
      r.filters = change.filters;
      r.requests += 1;
    }
    check(m, r);
  }
  toString = () => `facet(${this.facet}=${this.slug})`;
}

class PriceInput implements fc.Command<Model, Real> {
  constructor(
    readonly min: number | null,
    readonly max: number | null,
  ) {}
  check = () => true;
  run(m: Model, r: Real) {
    let low = this.min;
    let high = this.max;
    if (low !== null && high !== null && low > high) [low, high] = [high, low];
    if (low !== null) low = Math.min(Math.max(low, BOUNDS.min), BOUNDS.max);
    if (high !== null) high = Math.min(Math.max(high, BOUNDS.min), BOUNDS.max);
    if (low === BOUNDS.min) low = null;
    if (high === BOUNDS.max) high = null;
    if (low !== m.min || high !== m.max) {
      m.min = low;
      m.max = high;
      m.requests += 1;
    }
    const change = choosePrice(r.filters, this.min, this.max, BOUNDS);
    if (change.changed) {
      r.filters = change.filters;
      r.requests += 1;
    }
    check(m, r);
  }
  toString = () => `price(${this.min}, ${this.max})`;
}

const slugs = fc.constantFrom('tees', 'bags-bayong', 'footwear', 'all');
const commands = [
  slugs.map((s) => new CategoryClick(s)),
  fc.constantFrom<SortKey>('menu_order', 'popularity', 'rating', 'date', 'price', 'price-desc').map((k) => new SortClick(k)),
  fc.tuple(fc.constantFrom('colour', 'brand', 'size'), fc.constantFrom('black', 'white', 'habi-lane', 'm')).map(([f, s]) => new FacetClick(f, s)),
  fc.tuple(fc.option(fc.integer({ min: 0, max: 6000 }), { nil: null }), fc.option(fc.integer({ min: 0, max: 6000 }), { nil: null })).map(([a, b]) => new PriceInput(a, b)),
];

describe('filter lists (model-based)', () => {
  it('follow the spec’s rules for any sequence of clicks', () => {
    fc.assert(
      fc.property(fc.commands(commands, { maxCommands: 60 }), (cmds) => {
        fc.modelRun(
          () => ({
            model: { category: null, sort: 'menu_order' as SortKey, min: null, max: null, terms: new Map<string, string>(), requests: 0 },
            real: { filters: INITIAL_FILTERS, requests: 0 },
          }),
          cmds,
        );
      }),
      { numRuns: 300 },
    );
  });
});
