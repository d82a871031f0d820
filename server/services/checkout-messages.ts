/**
 * The Store API checkout's refusals a shopper reads (the checkout page shows a refusal's message,
 * with scripts or without), in the language of the checkout as WooCommerce words them in the
 * site's language (Filipino in `src/i18n/locales/fil-PH/store.json`). Shape errors a page never
 * sends (a field of the wrong type, too long) stay English, for developers.
 */
import { defineMessages, params } from '../../src/i18n/index.js';
// The server's Filipino catalogue is given there.
import '../lib/language.js';

export const checkoutRefusalTexts = defineMessages('store/checkout', {
  outOfStock: params('There is not enough stock of “{name}” to fill your order. Please reduce the quantity or remove it from your cart.'),
  cartEmpty: 'Cannot create order from empty cart.',
  couponMissing: params('Coupon "{code}" does not exist!'),
  stateInvalid: 'The provided state is not valid',
  shippingUnavailable: 'The chosen shipping method is not available for this address. Please choose another.',
  emailRequired: 'A valid email address is required',
  paymentDisabled: params('{title} is not available for this order—please choose a different payment method'),
  paymentMissing: 'Please select a payment method.',
  invalidEmail: 'The provided email address is not valid',
  invalidCountry: params('Sorry, we do not ship to {country}. Only the Philippines (PH) is allowed.'),
  invalidStateOf: params('The provided state ({state}) is not valid. Must be one of: {states}'),
  invalidPostcode: 'The provided postcode / ZIP is not valid',
  invalidPhone: 'The provided phone number is not valid',
  missingFields: params('These fields are required: {fields}'),
});
