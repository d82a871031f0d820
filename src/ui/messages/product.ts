/**
 * The product page's texts (page, variation form, stock line); the product page's chunk imports
 * this (Filipino in `src/i18n/locales/fil-PH/shell.json`).
 */
import { count, defineMessages, params } from '../../i18n/index.js';

export const productTexts = defineMessages('shell/product', {
  breadcrumb: 'Breadcrumb',
  home: 'Home',
  brand: 'Brand',
  /** Product identifiers' names (international abbreviations). */
  gtin: 'GTIN',
  mpn: 'MPN',
  description: 'Description',
  additional: 'Additional information',
  details: 'Product details',
  quantity: 'Quantity',
  sku: params('SKU: {sku}'),
  category: params('Category: {names}'),
  inStock: 'In stock',
  outOfStock: 'Out of stock',
  onlyLeft: count({ one: 'Only {count} left in stock', other: 'Only {count} left in stock' }),
  options: params('Options for “{name}”'),
  chooseOption: 'Choose an option',
  /** After an option that cannot be chosen, in brackets. */
  unavailable: params('{option} (unavailable with the options you chose)'),
  noStock: params('{option} (out of stock)'),
  notOffered: params('{option} (not available for this product)'),
  clearOptions: 'Clear options',
  optionsFailed: 'The product’s options could not be loaded. Please reload the page to try again.',
  noMatch: 'Sorry, no products matched your selection. Please choose a different combination.',
  optionOut: 'This option is out of stock.',
  chooseEach: 'Choose an option for each attribute to add this product to your cart.',
});
