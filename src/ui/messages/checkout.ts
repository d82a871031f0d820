/**
 * The checkout page's, the order-received page's and the order tables' texts (English; Filipino in
 * `src/i18n/locales/fil-PH/checkout.json`). Imported only by the checkout and account chunks.
 */
import { count, defineMessages, params } from '../../i18n/index.js';

/** The address fields' labels (checkout and My Account), by field. */
export const addressTexts = defineMessages('checkout/address', {
  first_name: 'First name',
  last_name: 'Last name',
  address_1: 'Street address',
  address_2: 'Barangay',
  city: 'City / Municipality',
  state: 'Province',
  postcode: 'Postcode',
  selectProvince: 'Select a province…',
  optional: ' (optional)',
});

/** Payment methods' titles, by method id (an unknown method shows its id). */
export const paymentTexts = defineMessages('checkout/payment', {
  cod: 'Cash on delivery',
  bacs: 'Direct bank transfer',
  codNote: 'Pay with cash upon delivery.',
  bacsNote: 'Make your payment directly into our bank account. Please use your order number as the payment reference. Your order will be shipped once the funds have cleared.',
});

/** Shipping methods' names, by method (a rate id is `method:instance`); others show the shop's name. */
export const shippingTexts = defineMessages('checkout/shipping', {
  flat_rate: 'Flat rate',
  free_shipping: 'Free shipping',
  local_pickup: 'Local pickup',
});

/** A payment method's title in the page's language (an unknown method shows its id). */
export const paymentTitle = (texts: { readonly cod: string; readonly bacs: string }, method: string): string =>
  method === 'cod' || method === 'bacs' ? texts[method] : method;

/**
 * A shipping rate's name in the page's language: the shop's stock names are translated, a name
 * the merchant chose stays as given.
 */
export const shippingName = (texts: { readonly flat_rate: string; readonly free_shipping: string; readonly local_pickup: string }, rateId: string, name: string): string => {
  const method = rateId.split(':')[0];
  return (method === 'flat_rate' || method === 'free_shipping' || method === 'local_pickup') && shippingTexts.base[method] === name ? texts[method] : name;
};

export const checkoutTexts = defineMessages('checkout/page', {
  title: 'Checkout',
  empty: 'Your cart is currently empty.',
  returnToShop: 'Return to shop',
  correctFields: count({ one: 'Please correct the field marked in the form.', other: 'Please correct {count} fields marked in the form.' }),
  choosePayment: 'Please choose a payment method.',
  placed: 'Your order has been placed.',
  billingDetails: 'Billing details',
  email: 'Email address',
  phone: 'Phone',
  shipElsewhere: 'Ship to a different address?',
  shippingAddress: 'Shipping address',
  notes: 'Order notes (optional)',
  notesPlaceholder: 'Notes about your order, e.g. special notes for delivery.',
  yourOrder: 'Your order',
  product: 'Product',
  subtotal: 'Subtotal',
  discount: 'Discount',
  shipping: 'Shipping',
  free: 'Free',
  rate: params('{name}: {price}'),
  enterAddress: 'Enter your address to see shipping options.',
  total: 'Total',
  includesVat: params('(includes {vat} VAT 12%)'),
  shippingMethod: 'Shipping method',
  paymentMethod: 'Payment method',
  placing: 'Placing order…',
  placeOrder: 'Place order',
  couponApplied: params('Coupon “{code}” applied. Total {total}.'),
  couponNotApplied: 'The coupon could not be applied.',
  couponsApplied: 'Coupons applied',
  coupon: params('Coupon: {code}'),
  removeCoupon: params('Remove coupon {code}'),
  couponRemoved: params('Coupon “{code}” removed.'),
  remove: 'Remove',
  addCoupon: 'Add a coupon',
  couponCode: 'Coupon code',
  apply: 'Apply',
});

export const orderTexts = defineMessages('checkout/order', {
  order: 'Order',
  verify: 'Verify',
  email: 'Email address',
  continueShopping: 'Continue shopping',
  received: 'Order received',
  thanks: 'Thank you. Your order has been received.',
  number: 'Order number',
  date: 'Date',
  emailShort: 'Email',
  total: 'Total',
  paymentMethod: 'Payment method',
  bankDetails: 'Our bank details',
  bankNote: 'Please transfer the total to the account below, with your order number as the payment reference. We ship once the payment arrives.',
  details: 'Order details',
  product: 'Product',
  subtotal: 'Subtotal',
  discount: 'Discount',
  discountCodes: params('Discount ({codes})'),
  shipping: 'Shipping',
  free: 'Free',
  via: params('via {method}'),
  note: 'Note',
  includesVat: params('(includes {vat} VAT 12%)'),
  billingAddress: 'Billing address',
  shippingAddress: 'Shipping address',
});
