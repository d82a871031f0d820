/** The order-tracking page's texts (English, WooCommerce's words; Filipino in `src/i18n/locales/fil-PH/checkout.json`). */
import { defineMessages } from '../../i18n/index.js';

export const trackingTexts = defineMessages('checkout/tracking', {
  title: 'Order tracking',
  formName: 'Track your order',
  intro:
    'To track your order please enter your Order ID in the box below and press the “Track” button. This was given to you on your receipt and in the confirmation email you should have received.',
  orderId: 'Order ID',
  orderIdHint: 'Found in your order confirmation email.',
  email: 'Billing email',
  emailHint: 'Email you used during checkout.',
  track: 'Track',
  orderPrefix: 'Order #',
  placedOn: ' was placed on ',
  currently: ' and is currently ',
  end: '.',
  details: 'Order details',
  product: 'Product',
  total: 'Total',
  note: 'Note:',
  another: 'Track another order',
  notFound: 'Sorry, the order could not be found. Please contact us if you are having difficulty finding your order details.',
  invalidId: 'Please enter a valid order ID',
  invalidEmail: 'Please enter a valid email address',
  limited: 'Too many tracking attempts. Please wait a few minutes and try again.',
  unavailable: 'We could not reach the shop to look your order up. Please try again in a moment.',
});
