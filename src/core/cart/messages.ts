/**
 * The sentences about a failed cart change ({@link cartFailureMessage}), in English; Filipino in
 * `src/i18n/locales/fil-PH/shell.json`. `{what}` is the product in quotes, or `theItem`.
 */
import { defineMessages, params } from '../../i18n/index.js';

export const cartFailureTexts = defineMessages('shell/cart-failures', {
  theItem: 'The item',
  quoted: params('“{name}”'),
  addUnreachable: params('{what} could not be added to your cart: the shop could not be reached. Check your connection and try again.'),
  removeUnreachable: params('{what} could not be removed from your cart: the shop could not be reached. Check your connection and try again.'),
  quantityUnreachable: params('{what} could not be updated: the shop could not be reached. Check your connection and try again.'),
  addSlow: params('{what} could not be added to your cart: the shop took too long to answer. Please try again.'),
  removeSlow: params('{what} could not be removed from your cart: the shop took too long to answer. Please try again.'),
  quantitySlow: params('{what} could not be updated: the shop took too long to answer. Please try again.'),
  addFailed: params('{what} could not be added to your cart. Please try again.'),
  removeFailed: params('{what} could not be removed from your cart. Please try again.'),
  quantityFailed: params('{what} could not be updated. Please try again.'),
  needsChoice: params('{what} needs a choice on its product page before it can be added.'),
});

/** The failure sentences in one language (`textsIn(cartFailureTexts, locale)`). */
export type CartFailureTexts = (typeof cartFailureTexts)['base'];
