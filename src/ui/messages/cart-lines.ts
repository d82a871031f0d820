/**
 * The cart lines' and totals' texts (the slide-out cart's lazy chunk and the cart page), and the
 * cart page's own (Filipino in `src/i18n/locales/fil-PH/shell.json`).
 */
import { defineMessages, params } from '../../i18n/index.js';

export const cartLinesTexts = defineMessages('shell/cart-lines', {
  items: 'Cart items',
  each: 'each',
  saving: 'Saving…',
  quantityOf: params('Quantity of “{name}”'),
  remove: params('Remove “{name}” from cart'),
  subtotal: 'Subtotal',
  discount: 'Discount',
  coupons: 'Coupons',
  total: 'Total',
});

export const cartPageTexts = defineMessages('shell/cart-page', {
  cart: 'Cart',
  empty: 'Your cart is currently empty.',
  returnToShop: 'Return to shop',
  totals: 'Cart totals',
  proceed: 'Proceed to checkout',
});
