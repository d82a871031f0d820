import { definePlugin } from '../../core/plugin.js';
import { toMajorString } from '../../core/rules/money.js';
import { disableMeasurement, hasOptOutCookie, installGtag, trackEvent, updateConsent, type GtagParams } from './gtag.js';
import { checkoutParams, purchaseParams, toGtagImpression, toGtagItem } from './items.js';
export type { AnalyticsGtagOptions } from './options.js';

/**
 * Sends shop events to Google Analytics through `gtag('event', name, params)`, as the stock
 * WooCommerce extension does. Requires consent: events wait for it and are replayed in order.
 */
const analyticsGtag = definePlugin({
  name: 'analytics-gtag',
  kind: 'destination',
  requiresConsent: true,
  // The schema loads only where options are checked (the server); the browser gets them checked.
  config: { load: () => import('./options.js').then((m) => m.analyticsGtagOptions) },
  // Google's tag and its collection endpoints (its documented CSP list), only when the tag is installed.
  externalSources: (config) =>
    config.measurementId
      ? {
          scripts: ['https://www.googletagmanager.com'],
          connect: ['https://*.google-analytics.com', 'https://*.analytics.google.com', 'https://*.googletagmanager.com'],
          images: ['https://*.google-analytics.com', 'https://*.googletagmanager.com'],
        }
      : {},
  setup({ config, ofType, subscribe, logger }) {
    const cookie = typeof document !== 'undefined' ? document.cookie : '';
    if (hasOptOutCookie(cookie, config.optOutCookie)) {
      if (config.measurementId) disableMeasurement(config.measurementId);
      logger.info('the shopper opted out of analytics; nothing will be sent');
      return;
    }
    if (config.measurementId) installGtag(config.measurementId);
    // Events reach this plugin only once the shopper has accepted (the consent gate), so the first
    // one to arrive, the acceptance itself included, lifts Consent Mode's default denial.
    let consentUpdated = false;
    subscribe(ofType('consent.changed'), () => {
      if (consentUpdated) return;
      consentUpdated = true;
      updateConsent('granted');
    });

    const send = (name: string, params: GtagParams): void => {
      logger.debug(`tracking event ${name}`);
      trackEvent(name, config.sendTo ? { ...params, send_to: config.sendTo } : params);
    };
    const listNameOf = (name: string): string => name || config.listName;
    /** The review search last reported: sorting, filtering or `Show more` within it is not a new search. */
    let reviewSearch = '';

    const tracked$ = ofType(
      'catalog.listViewed',
      'catalog.itemViewed',
      'catalog.itemSelected',
      'catalog.searched',
      'cart.added',
      'cart.removed',
      'wishlist.changed',
      'cart.quantityChanged',
      'checkout.step',
      'checkout.submitted',
      'checkout.placed',
      'notice.failed',
      'review.filtered',
    );
    subscribe(tracked$, (event) => {
      if (!consentUpdated) {
        consentUpdated = true;
        updateConsent('granted');
      }
      switch (event.type) {
        case 'catalog.listViewed': {
          const { items, offset } = event.payload;
          if (items.length === 0) return;
          const listName = listNameOf(event.payload.listName);
          send('view_item_list', {
            event_category: 'engagement',
            event_label: 'Viewing products',
            items: items.map((item, index) => toGtagImpression(item, listName, offset + index + 1)),
          });
          return;
        }
        case 'catalog.itemViewed':
          send('view_item', { items: [toGtagImpression(event.payload.item, config.listName)] });
          return;
        case 'catalog.itemSelected':
          send('select_content', {
            content_type: 'product',
            items: [toGtagImpression(event.payload.item, listNameOf(event.payload.listName))],
          });
          return;
        case 'catalog.searched':
          send('search', { search_term: event.payload.term });
          return;
        case 'cart.added':
          send('add_to_cart', {
            event_category: 'ecommerce',
            event_label: 'Add to Cart',
            items: [toGtagItem(event.payload.item, event.payload.quantity)],
          });
          return;
        case 'wishlist.changed': {
          // GA4's add_to_wishlist, for a product newly added (not one that was already there).
          const { change, result, item, quantity } = event.payload;
          if (change !== 'added' || result !== 'true' || !item) return;
          send('add_to_wishlist', {
            event_category: 'ecommerce',
            event_label: 'Add to Wishlist',
            currency: item.currencyCode,
            value: Number(toMajorString(item.price * quantity, item.currencyMinorUnit)),
            items: [toGtagItem(item, quantity)],
          });
          return;
        }
        case 'cart.removed':
          send('remove_from_cart', {
            event_category: 'ecommerce',
            event_label: 'Remove Cart Item',
            items: [toGtagItem(event.payload.item, event.payload.quantity)],
          });
          return;
        case 'cart.quantityChanged':
          send('change_cart_quantity', {
            event_category: 'ecommerce',
            event_label: 'Change Cart Item Quantity',
            items: [toGtagItem(event.payload.item, event.payload.quantity)],
          });
          return;
        case 'checkout.step': {
          const { step, option, cart } = event.payload;
          if (option) send('set_checkout_option', { checkout_step: step, checkout_option: option.name, value: option.value });
          else send(step === 0 ? 'begin_checkout' : 'checkout_progress', checkoutParams(cart, step));
          return;
        }
        case 'checkout.submitted':
          send('add_payment_info', {});
          return;
        case 'checkout.placed':
          send('purchase', purchaseParams(event.payload));
          return;
        case 'notice.failed':
          send('exception', { description: event.payload.message, fatal: false });
          return;
        case 'review.filtered': {
          // GA4's `search` for a new review search; GA4 has no name for the histogram, sort, tags,
          // votes (`review.voted`) or a review sent (`review.submitted`), so those are not sent.
          const term = event.payload.search;
          if (term !== '' && term !== reviewSearch) send('search', { search_term: term });
          reviewSearch = term;
          return;
        }
      }
    });
    // Questions and answers: a question search is GA4's `search` (GA4 has no name for asking or
    // for votes, so `question.asked` and `question.voted` are not sent).
    subscribe(ofType('question.searched'), ({ payload }) => {
      if (payload.search) send('search', { search_term: payload.search });
    });
  },
});

export default analyticsGtag;

declare module '../../core/plugin.js' {
  interface PluginTypes {
    'analytics-gtag': typeof analyticsGtag;
  }
}
