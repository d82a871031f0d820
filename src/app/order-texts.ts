/**
 * A tracked order's totals table, as the server writes it (`server/routes/order-tracking.ts`) in
 * the page's language (Filipino in `src/i18n/locales/fil-PH/checkout.json`). Server only.
 */
import { defineMessages, params } from '../i18n/index.js';

export const trackedOrderTexts = defineMessages('checkout/tracked-order', {
  subtotal: 'Subtotal',
  discount: 'Discount',
  shipping: 'Shipping',
  via: params('{amount} via {method}'),
  paymentMethod: 'Payment method',
  total: 'Total',
  withVat: params('{total} (includes {vat} VAT)'),
});
