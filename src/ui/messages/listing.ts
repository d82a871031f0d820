/** The listings' texts: tiles, prices, empty lists, page links, the not-found page's link (Filipino in `src/i18n/locales/fil-PH/shell.json`). */
import { defineMessages, params } from '../../i18n/index.js';

export const listingTexts = defineMessages('shell/listing', {
  sale: 'Sale',
  rating: params('{rating} out of 5'),
  outOfStock: 'Out of stock',
  regularPrice: params('Regular price {price}'),
  salePrice: params('Sale price {price}'),
  noProducts: 'No products were found.',
  pagesOf: params('Pages of {title}'),
  previousPage: 'Previous page',
  nextPage: 'Next page',
  pageOf: params('Page {page} of {pages}'),
  continueShopping: 'Continue shopping',
});
