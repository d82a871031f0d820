/**
 * The Store API's refusals a shopper reads (the checkout page shows a refusal's message, with
 * scripts or without; the cart shows a refused change's and a line's problem, and announces a
 * coupon's), in the shopper's
 * language as WooCommerce words them in the site's language (Filipino in `src/i18n/locales/fil-PH/store.json`). Shape errors a page never
 * sends (a field of the wrong type, too long) stay English, for developers.
 */
import type { CouponRefusalTexts } from '../../src/core/rules/coupons.js';
import { defineMessages, params, textsIn, type Locale } from '../../src/i18n/index.js';
// The server's Filipino catalogue is given there.
import '../lib/language.js';

export const checkoutRefusalTexts = defineMessages('store/checkout', {
  outOfStock: params('There is not enough stock of “{name}” to fill your order. Please reduce the quantity or remove it from your cart.'),
  cartEmpty: 'Cannot create order from empty cart.',
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

/** Coupon refusals (applying one in the cart, or at checkout), the stock shop's words in English. */
export const couponRefusalTexts = defineMessages('store/coupons', {
  missing: params('Coupon "{code}" does not exist!'),
  alreadyApplied: params('Coupon code "{code}" has already been applied.'),
  expired: 'This coupon has expired.',
  usageLimit: 'Coupon usage limit has been reached.',
  minimumSpend: params('The minimum spend for this coupon is {amount}.'),
  individualUse: params('Sorry, coupon "{code}" has already been applied and cannot be used in conjunction with other coupons.'),
  notApplied: 'Invalid coupon code.',
});

/** The coupon refusals in `locale`, for `checkCoupon` and its kin. */
export const couponTextsIn = (locale: Locale): CouponRefusalTexts => textsIn(couponRefusalTexts, locale);

/**
 * A refused cart change and a cart line's problem (sold out, less stock, over the limit), the stock
 * shop's words in English; `{name}` is the product already quoted as the Store API quotes it.
 */
export const cartRefusalTexts = defineMessages('store/cart', {
  outOfStock: params('You cannot add {name} to the cart because the product is out of stock.'),
  notEnough: params('You cannot add that amount of {name} to the cart because there is not enough stock ({stock} remaining).'),
  notEnoughInCart: params('You cannot add that amount of {name} to the cart because there is not enough stock ({stock} remaining, {inCart} already in your cart).'),
  limit: params('The maximum quantity of {name} allowed in the cart is {limit}.'),
  limitInCart: params('The maximum quantity of {name} allowed in the cart is {limit} ({inCart} already in your cart).'),
  soldIndividually: params('You cannot add another {name} to your cart.'),
  lineOutOfStock: params('{name} is out of stock and cannot be purchased. Please remove it from your cart.'),
});
