/**
 * The filter bar's and load-more's texts (English; Filipino in `src/i18n/locales/fil-PH/filters.json`).
 * Only the lazily loaded controls (`views/controls.tsx`) import this module, so none of it is in
 * the listing pages' first-load code.
 */
import { count, defineMessages, params } from '../../i18n/index.js';

export const filterTexts = defineMessages('filters/bar', {
  /** The names core gives its own lists and items (`buildFilterLists`), by list id and value. */
  category: 'Category',
  allCategories: 'All categories',
  sortBy: 'Sort by',
  brand: 'Brand',
  sortMenuOrder: 'Default sorting',
  sortPopularity: 'Sort by popularity',
  sortRating: 'Sort by average rating',
  sortDate: 'Sort by latest',
  sortPrice: 'Sort by price: low to high',
  sortPriceDesc: 'Sort by price: high to low',
  /** A filter item's name: its visible text first (WCAG 2.5.3), then how many products it has. */
  itemNamed: params('{label} ({products})'),
  products: count({ one: '{count} product', other: '{count} products' }),
  price: 'Price',
  minSlider: 'Minimum price slider',
  maxSlider: 'Maximum price slider',
  min: 'Minimum price',
  max: 'Maximum price',
  filter: 'Filter',
  wholeUnits: params('Prices in whole {symbol}'),
  swapped: params('Minimum and maximum price swapped: {low} – {high}'),
});

export const listTexts = defineMessages('filters/list', {
  noResults: 'No Data for this Combination.',
  noProducts: 'No products were found.',
  failed: 'The list could not be updated.',
  retry: 'Retry',
  loading: 'Loading…',
  loadMore: params('Load more {title}'),
  allLoaded: 'All loaded',
});
