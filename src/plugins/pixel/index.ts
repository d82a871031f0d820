import { definePlugin } from '../../core/plugin.js';
import { toMajorString } from '../../core/rules/money.js';
import { installPixel, trackPixel } from './fbq.js';
export type { PixelOptions } from './options.js';

/**
 * Sends a `PageView` to the social ecommerce pixel on every `page.viewed`, `InitiateCheckout` when
 * checkout begins and `Purchase` when an order is placed. Requires consent.
 */
const pixel = definePlugin({
  name: 'pixel',
  kind: 'destination',
  requiresConsent: true,
  // The schema loads only where options are checked (the server); the browser gets them checked.
  config: { load: () => import('./options.js').then((m) => m.pixelOptions) },
  // The pixel's script and the address its events go to, only when the pixel is installed.
  externalSources: (config) =>
    config.pixelId ? { scripts: ['https://connect.facebook.net'], connect: ['https://www.facebook.com', 'https://connect.facebook.net'], images: ['https://www.facebook.com'] } : {},
  setup({ config, ofType, subscribe, logger }) {
    if (config.pixelId) installPixel(config.pixelId);
    const track = (name: string, params?: Readonly<Record<string, unknown>>): void => {
      if (!(params ? trackPixel('track', name, params) : trackPixel('track', name))) logger.warn(`no fbq on the page; ${name} not sent`);
    };
    subscribe(ofType('page.viewed'), () => track('PageView'));
    // A product newly added to a wishlist (not one that was already there).
    subscribe(ofType('wishlist.changed'), ({ payload: { change, result, item, quantity } }) => {
      if (change !== 'added' || result !== 'true' || !item) return;
      track('AddToWishlist', {
        content_ids: [item.sku || String(item.id)],
        content_name: item.name,
        content_type: 'product',
        currency: item.currencyCode,
        value: Number(toMajorString(item.price * quantity, item.currencyMinorUnit)),
      });
    });
    // A question search is the pixel's standard `Search` (asking and votes have no standard event).
    subscribe(ofType('question.searched'), ({ payload }) => {
      if (payload.search) track('Search', { search_string: payload.search, content_category: 'questions' });
    });
    // A new review search is the pixel's `Search` (sorting, filtering or `Show more` within it is not);
    // the pixel has no standard event for votes or a review sent, so those are not sent.
    let reviewSearch = '';
    subscribe(ofType('review.filtered'), ({ payload: { search } }) => {
      if (search !== '' && search !== reviewSearch) track('Search', { search_string: search, content_category: 'reviews' });
      reviewSearch = search;
    });
    subscribe(ofType('checkout.step', 'checkout.placed'), (event) => {
      const cart = event.payload.cart;
      const minor = cart.totals.currency.minorUnit;
      const common = { currency: cart.totals.currency.code, num_items: cart.itemsCount, content_type: 'product', content_ids: cart.lines.map((l) => l.sku || String(l.id)) };
      if (event.type === 'checkout.step') {
        if (event.payload.step === 0) track('InitiateCheckout', { ...common, value: Number(toMajorString(cart.totals.total, minor)) });
        return;
      }
      track('Purchase', { ...common, value: Number(toMajorString(event.payload.total, minor)) });
    });
  },
});

export default pixel;

declare module '../../core/plugin.js' {
  interface PluginTypes {
    pixel: typeof pixel;
  }
}
