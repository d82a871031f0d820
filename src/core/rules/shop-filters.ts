/**
 * The shop's filter lists as pure rules: one active item per list, what a click on an item does,
 * the price range, and the state's place in the address with WooCommerce's own shop parameters
 * (`product_cat`, `orderby`, `min_price`, `max_price`, `filter_{attribute}`), one set per section.
 */

import { learntDigitPattern } from './money.js';
import { writeWhole } from './money-pattern.js';

/** Sort choices of the shop's sort list, as WooCommerce's `orderby` values. */
export const SORT_KEYS = ['menu_order', 'popularity', 'rating', 'date', 'price', 'price-desc'] as const;
export type SortKey = (typeof SORT_KEYS)[number];

/** Labels of the sort choices, as WooCommerce words them. */
export const SORT_LABELS: Readonly<Record<SortKey, string>> = {
  menu_order: 'Default sorting',
  popularity: 'Sort by popularity',
  rating: 'Sort by average rating',
  date: 'Sort by latest',
  price: 'Sort by price: low to high',
  'price-desc': 'Sort by price: high to low',
};

/** The sort a section starts with. */
export const DEFAULT_SORT: SortKey = 'menu_order';

/** A section's filters. `null` or absent means "not filtered" (the list's initial value). */
export interface ShopFilters {
  /** Category slug. */
  readonly category: string | null;
  readonly sort: SortKey;
  /** Whole currency units, as the stock price filter puts them in the address. */
  readonly minPrice: number | null;
  readonly maxPrice: number | null;
  /**
   * Chosen term per facet: `brand`, or an attribute name without `pa_` (`colour`, `size`), as in
   * `filter_colour`. Keys are sorted and values are never empty.
   */
  readonly terms: Readonly<Record<string, string>>;
}

/** No filters: what every list starts at. */
export const INITIAL_FILTERS: ShopFilters = { category: null, sort: DEFAULT_SORT, minPrice: null, maxPrice: null, terms: {} };

/** Which list an item belongs to. */
export type FilterList = { readonly kind: 'category' } | { readonly kind: 'sort' } | { readonly kind: 'facet'; readonly facet: string };

/** What a click did: the new filters, or nothing (no request, no event). */
export type FilterChange = { readonly changed: true; readonly filters: ShopFilters } | { readonly changed: false };

const SLUG = /^[\p{Ll}\p{Lo}\p{N}_-]{1,200}$/u;
const FACET = /^[a-z0-9_-]{1,28}$/;

/** True for a term or category slug the address may carry. */
export const isSlug = (value: string): boolean => SLUG.test(value);

/** True for a facet name (`brand`, `colour`, `size`). */
export const isFacet = (value: string): boolean => FACET.test(value);

// Stryker disable EqualityOperator,ConditionalExpression: equivalent in the comparator below (object keys are unique, and V8's sort orders them by the "less than" answers alone)
const sortedTerms = (terms: Readonly<Record<string, string>>): Readonly<Record<string, string>> =>
  Object.fromEntries(
    Object.entries(terms)
      .filter(([facet, slug]) => isFacet(facet) && isSlug(slug))
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
  );
// Stryker restore EqualityOperator,ConditionalExpression

/**
 * A click on an item of a list:
 * - the active category or sort item: nothing;
 * - another category: that category, and every other list back to its initial value;
 * - another sort item: that sort;
 * - the active colour, brand or attribute item: deselected, its filter removed;
 * - another one: chosen (one active item per list).
 */
export const chooseItem = (filters: ShopFilters, list: FilterList, value: string): FilterChange => {
  switch (list.kind) {
    case 'category': {
      // '' is the "All" item.
      const category = value === '' ? null : value;
      if (filters.category === category) return { changed: false };
      // Stryker disable next-line ConditionalExpression: equivalent (null as text, 'null', is itself a slug)
      if (category !== null && !isSlug(category)) return { changed: false };
      return { changed: true, filters: { ...INITIAL_FILTERS, category } };
    }
    case 'sort': {
      if (filters.sort === value || !(SORT_KEYS as readonly string[]).includes(value)) return { changed: false };
      return { changed: true, filters: { ...filters, sort: value as SortKey } };
    }
    case 'facet': {
      if (!isFacet(list.facet) || !isSlug(value)) return { changed: false };
      const { [list.facet]: active, ...others } = filters.terms;
      return { changed: true, filters: { ...filters, terms: sortedTerms(active === value ? others : { ...others, [list.facet]: value }) } };
    }
  }
};

/** The slider's ends in whole currency units (the catalogue's range for the other filters). */
export interface PriceBounds {
  readonly min: number;
  readonly max: number;
}

/**
 * A price choice normalised against the slider's ends: clamped into them, min not above max (the
 * two are swapped), and an end equal to the bound dropped (it filters nothing).
 */
export const normalisePrice = (min: number | null, max: number | null, bounds: PriceBounds | null): { readonly minPrice: number | null; readonly maxPrice: number | null } => {
  // Stryker disable next-line ConditionalExpression: equivalent (Number.isFinite(null) is false)
  let low = min !== null && Number.isFinite(min) ? Math.max(0, Math.floor(min)) : null;
  // Stryker disable next-line ConditionalExpression: equivalent, as above
  let high = max !== null && Number.isFinite(max) ? Math.max(0, Math.ceil(max)) : null;
  // Stryker disable next-line ConditionalExpression,EqualityOperator: equivalent (null > n is false for n >= 0; equal ends swapped are the same ends)
  if (low !== null && high !== null && low > high) [low, high] = [high, low];
  if (bounds) {
    // The null checks below are equivalent under mutation: a null end clamps to the bound and is dropped as equal to it.
    // Stryker disable next-line ConditionalExpression: equivalent (see above)
    if (low !== null) low = Math.min(Math.max(low, bounds.min), bounds.max);
    if (high !== null) high = Math.max(Math.min(high, bounds.max), bounds.min);
    // Stryker disable next-line ConditionalExpression: equivalent (see above)
    if (low !== null && low <= bounds.min) low = null;
    // Stryker disable next-line ConditionalExpression: equivalent (see above)
    if (high !== null && high >= bounds.max) high = null;
  }
  return { minPrice: low, maxPrice: high };
};

/** The two ends the price filter's inputs show, in order, and whether the shopper's were swapped. */
export interface PriceEntry {
  readonly low: number;
  readonly high: number;
  /** True when the minimum typed was above the maximum. */
  readonly swapped: boolean;
}

/**
 * What the price inputs show once the shopper applies them: whole amounts, the minimum above the
 * maximum swapped (as the address does), both clamped into the slider's ends. A value that is not
 * a number stands for its end's bound. Applying the result again changes nothing.
 */
export const orderPriceEntry = (min: number, max: number, bounds: PriceBounds): PriceEntry => {
  let low = Number.isFinite(min) ? Math.floor(min) : bounds.min;
  let high = Number.isFinite(max) ? Math.ceil(max) : bounds.max;
  const swapped = low > high;
  if (swapped) [low, high] = [high, low];
  const clamp = (n: number) => Math.min(Math.max(n, bounds.min), bounds.max);
  return { low: clamp(low), high: clamp(high), swapped };
};

/** Sets the price filter; nothing when the normalised range is what is already set. */
export const choosePrice = (filters: ShopFilters, min: number | null, max: number | null, bounds: PriceBounds | null): FilterChange => {
  const price = normalisePrice(min, max, bounds);
  if (price.minPrice === filters.minPrice && price.maxPrice === filters.maxPrice) return { changed: false };
  return { changed: true, filters: { ...filters, ...price } };
};

/** True when a filter narrows the list (the sort alone does not). */
export const narrows = (filters: ShopFilters): boolean =>
  filters.category !== null || filters.minPrice !== null || filters.maxPrice !== null || Object.keys(filters.terms).length > 0;

/** True when nothing is filtered and the sort is the default. */
export const isInitial = (filters: ShopFilters): boolean =>
  filters.category === null && filters.sort === DEFAULT_SORT && filters.minPrice === null && filters.maxPrice === null && Object.keys(filters.terms).length === 0;

// ------------------------------------------------------------------ the address

/**
 * Parameter prefix of a section: the page's primary section uses the bare stock names
 * (`product_cat`), any other section its id and a hyphen (`popular-product_cat`).
 */
export const sectionPrefix = (sectionId: string, primary: boolean): string => (primary ? '' : `${sectionId}-`);

const PRICE = /^\d{1,9}$/;

/**
 * Reads a section's filters from a query string. Values that are not well formed (an unknown
 * `orderby`, a price that is not a whole number, a bad slug) are dropped, never an error, so any
 * shared address renders; min above max is swapped.
 */
export const filtersFromQuery = (params: URLSearchParams, prefix = ''): ShopFilters => {
  const get = (name: string) => params.get(`${prefix}${name}`);
  const category = get('product_cat');
  const sort = get('orderby');
  const min = get('min_price');
  const max = get('max_price');
  const terms: Record<string, string> = {};
  for (const [key, value] of params) {
    if (!key.startsWith(`${prefix}filter_`)) continue;
    const facet = key.slice(prefix.length + 'filter_'.length);
    // One active item per list: the first value of a comma list wins.
    // Stryker disable next-line OptionalChaining,StringLiteral: equivalent (split always gives a first element)
    const slug = value.split(',')[0]?.trim().toLowerCase() ?? '';
    // Stryker disable next-line ConditionalExpression,LogicalOperator: equivalent (sortedTerms drops a malformed facet or slug again)
    if (isFacet(facet) && isSlug(slug) && terms[facet] === undefined) terms[facet] = slug;
  }
  // Stryker disable next-line ConditionalExpression: equivalent (PRICE.test(null) tests 'null': no digits)
  const price = normalisePrice(min !== null && PRICE.test(min) ? Number(min) : null, max !== null && PRICE.test(max) ? Number(max) : null, null);
  return {
    category: category !== null && isSlug(category.toLowerCase()) ? category.toLowerCase() : null,
    // Stryker disable next-line ConditionalExpression: equivalent (null is no sort key)
    sort: sort !== null && (SORT_KEYS as readonly string[]).includes(sort) ? (sort as SortKey) : DEFAULT_SORT,
    ...price,
    terms: sortedTerms(terms),
  };
};

/** Writes a section's filters into a query string (other parameters are kept); initial values are left out. */
export const filtersToQuery = (filters: ShopFilters, prefix = '', base: URLSearchParams = new URLSearchParams()): URLSearchParams => {
  const params = new URLSearchParams();
  // Keep every parameter that is not this section's (other sections, layout...); drop its paging too.
  for (const [key, value] of base) {
    const own =
      key.startsWith(`${prefix}filter_`) || ['product_cat', 'orderby', 'min_price', 'max_price', 'paged'].some((name) => key === `${prefix}${name}`);
    if (!own) params.append(key, value);
  }
  if (filters.category !== null) params.set(`${prefix}product_cat`, filters.category);
  if (filters.sort !== DEFAULT_SORT) params.set(`${prefix}orderby`, filters.sort);
  if (filters.minPrice !== null) params.set(`${prefix}min_price`, String(filters.minPrice));
  if (filters.maxPrice !== null) params.set(`${prefix}max_price`, String(filters.maxPrice));
  for (const [facet, slug] of Object.entries(filters.terms)) params.set(`${prefix}filter_${facet}`, slug);
  return params;
};

/** The same filters with the same meaning. */
export const sameFilters = (a: ShopFilters, b: ShopFilters): boolean => filtersToQuery(a).toString() === filtersToQuery(b).toString();

// ------------------------------------------------------------------ the catalogue query

/** Store API sort of a sort key. */
export const sortQuery = (sort: SortKey): { readonly orderby: 'menu_order' | 'popularity' | 'rating' | 'date' | 'price'; readonly order: 'asc' | 'desc' } => {
  switch (sort) {
    case 'menu_order':
      return { orderby: 'menu_order', order: 'asc' };
    case 'price':
      return { orderby: 'price', order: 'asc' };
    case 'price-desc':
      return { orderby: 'price', order: 'desc' };
    default:
      return { orderby: sort, order: 'desc' };
  }
};

/** The attribute taxonomy of a facet (`colour` → `pa_colour`); `brand` is not an attribute. */
export const facetTaxonomy = (facet: string): string | null => (facet === 'brand' ? null : `pa_${facet}`);

// ------------------------------------------------------------------ price labels

/** Where the currency symbol goes, as WooCommerce's `currency_pos` setting. */
export type CurrencyPosition = 'left' | 'left_space' | 'right' | 'right_space';

/** Reads the position from the Store API's `currency_prefix` / `currency_suffix`. */
export const currencyPosition = (prefix: string, suffix: string): CurrencyPosition => {
  if (prefix !== '') return /\s$/u.test(prefix) ? 'left_space' : 'left';
  if (suffix !== '') return /^\s/u.test(suffix) ? 'right_space' : 'right';
  return 'left';
};

/** Made on first use: the page's learnt digits usually make it unnecessary (`money-pattern.ts`). */
let whole: Intl.NumberFormat | undefined;

/** A slider label: a whole amount with the symbol where `currency_pos` puts it (`₱1,500`, `1,500 ₱`). */
export const priceLabel = (amount: number, symbol: string, position: CurrencyPosition): string => {
  const learnt = learntDigitPattern();
  const digits = learnt ? writeWhole(amount, learnt) : (whole ??= new Intl.NumberFormat('en-PH', { maximumFractionDigits: 0 })).format(amount);
  switch (position) {
    case 'left':
      return `${symbol}${digits}`;
    case 'left_space':
      return `${symbol}\u00a0${digits}`;
    case 'right':
      return `${digits}${symbol}`;
    case 'right_space':
      return `${digits}\u00a0${symbol}`;
  }
};
