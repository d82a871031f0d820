/** The add-to-cart control's texts (English; Filipino in `src/i18n/locales/fil-PH.json`). */
import { defineMessages, params } from '../../i18n/index.js';

export const cartButtonTexts = defineMessages('shell/cart-button', {
  addToCart: 'Add to cart',
  adding: 'Adding…',
  added: 'Added to cart',
  /** The button's name: what it shows, then the product (WCAG 2.5.3). */
  named: params('{shown}: “{name}”'),
  readMore: 'Read more',
  readMoreAbout: params('Read more about “{name}”'),
  selectOptions: 'Select options',
  selectOptionsFor: params('Select options for “{name}”'),
  viewCart: 'View cart',
});
