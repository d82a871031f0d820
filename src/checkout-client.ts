/**
 * What the browser loads on the checkout pages, in one dynamic import: the pages and their Store
 * API adapter. Nothing else imports it, so none of it reaches the other pages' bundle.
 */
export { CheckoutPage, OrderReceivedPage } from './ui/pages/CheckoutPages.js';
export { createCheckoutAdapter } from './adapters/checkout.js';
