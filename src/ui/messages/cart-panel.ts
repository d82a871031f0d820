/** The header's cart button's and the slide-out cart's texts (Filipino in `src/i18n/locales/fil-PH/shell.json`). */
import { count, defineMessages } from '../../i18n/index.js';

export const cartPanelTexts = defineMessages('shell/cart-panel', {
  /** The header button's text, which is also its name. */
  button: count({ one: 'Cart ({count} item)', other: 'Cart ({count} items)' }),
  cart: 'Cart',
  yourCart: 'Your cart',
  closeCart: 'Close cart',
  empty: 'Your cart is empty.',
  linesFailed: 'Your cart’s lines could not be shown. Please use View cart.',
  loading: 'Loading your cart…',
  viewCart: 'View cart',
  proceed: 'Proceed to checkout',
});
