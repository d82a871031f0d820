/**
 * What an integrator edits: the shop's settings and which plugins are on, with their options.
 * Options are validated at start-up against each plugin's schema; every problem is listed at once.
 * A disabled plugin's code is never sent to the browser.
 */
import { defineShopConfig } from './src/app/shop-config.js';

/** Colours of the colour terms, shared by the swatches and the shop's colour filter. */
const COLOURS = {
  natural: '#c9b18a',
  black: '#242424',
  white: '#ece6d8',
  indigo: '#2f3e74',
  mustard: '#c9971c',
  terracotta: '#b4583a',
  sage: '#7f9873',
  maroon: '#6e1f2b',
  ube: '#5e4391',
};

export default defineShopConfig({
  shop: {
    name: 'Suki',
    tagline: 'Made-in-the-Philippines goods, delivered nationwide',
    /** Store notice bar; `status: 'error'` also reports a non-fatal analytics exception. */
    storeNotice: { id: 'welcome', text: 'Free shipping within Metro Manila on orders over ₱1,500.', status: 'info' },
  },
  consent: {
    /** `granted`, `denied` or `ask` (shows a consent banner with Accept and Reject). */
    default: 'ask',
  },
  cart: {
    /** Send the shopper to the cart page after a successful add. @default false */
    redirectAfterAdd: false,
  },
  /**
   * The event inspector for integrators (every event and command, the consent gate, each plugin's
   * status and isolated errors). Off by default: `SUKI_DEBUG=on-request` opens it with
   * `?suki-debug=1` in the address (remembered for the tab), `SUKI_DEBUG=on` on every page, to
   * everyone. A development build (`npm run dev`) opens it with `?suki-debug=1` regardless.
   */
  debug: process.env['SUKI_DEBUG'] === 'on' ? true : process.env['SUKI_DEBUG'] === 'on-request' ? 'on-request' : false,
  accounts: {
    /** The shortest password a shopper may choose on /my-account/ (8 to 128). @default 8 */
    passwordMinLength: 8,
    /** Whether shoppers may register on /my-account/. @default true */
    registration: true,
  },
  plugins: {
    'analytics-gtag': {
      enabled: true,
      // A measurement id installs Google's gtag snippet; without one, events go to an existing `gtag`.
      options: { measurementId: process.env['SUKI_GA_ID'] || undefined },
    },
    pixel: {
      enabled: true,
      options: { pixelId: process.env['SUKI_PIXEL_ID'] || undefined },
    },
    // The checkout's email capture for the newsletter (Mailchimp for WooCommerce's calls on our
    // admin-ajax) and its `Subscribe to our newsletter` opt-in, unticked. Sends only after consent.
    newsletter: {
      enabled: process.env['SUKI_NEWSLETTER'] !== 'off',
      options: { language: 'en', allowCookies: true, disableCarts: false },
    },
    // Filter lists and load-more for listing sections. `shop` is the shop and category listing;
    // the home page's sections are `new`, `popular`, `rated` and `featured`. A section with
    // `ajax: false` navigates to the filtered address instead of loading in place.
    'shop-filters': {
      enabled: process.env['SUKI_SHOP_FILTERS'] !== 'off',
      options: {
        sections: {
          shop: { lists: ['category', 'sort', 'colour', 'brand', 'attributes', 'price'], ajax: true },
          popular: { lists: ['category', 'sort', 'colour'], ajax: true },
          rated: { lists: ['category', 'sort'], ajax: false },
        },
        colors: COLOURS,
      },
    },
    // Wishlists (YITH WooCommerce Wishlist's behaviour): an add button on every tile and product
    // page, `Wishlist (n items)` in the header, and the list pages /wishlist/ and
    // /wishlist/view/{token}/. Switched off, none of its code is sent and those addresses are not found.
    wishlist: {
      enabled: process.env['SUKI_WISHLIST'] !== 'off',
      options: { removeAfterAddToCart: true, redirectToCart: false, layout: 'table', multipleLists: true, estimates: true, popupTimeout: 3000, guestDays: 30 },
    },
    // Product reviews (Customer Reviews for WooCommerce's behaviour): the product page's
    // `Reviews ({n})` tab, the all-reviews page /reviews/, and the home page's reviews grid and
    // slider. Switched off, none of its code is sent and /reviews/ is not found.
    reviews: {
      enabled: process.env['SUKI_REVIEWS'] !== 'off',
      options: { perPage: 5, sort: 'recent', pagination: process.env['SUKI_REVIEWS_PAGINATION'] !== 'off', allPerPage: 10, grid: { count: 6 }, slider: { count: 8 } },
    },
    // Questions and answers (Customer Reviews for WooCommerce's Q&A): the product page's `Questions &
    // answers` tab and a `Q&A` link in the summary. Switched off, none of its code is sent.
    questions: {
      enabled: process.env['SUKI_QUESTIONS'] !== 'off',
      options: { perPage: 5, accepting: true },
    },
    // The floating trust badge on every page (average and count; pressed, the latest reviews). A
    // shopper who closes it does not see it for 24 hours.
    'trust-badge': {
      enabled: process.env['SUKI_TRUST_BADGE'] !== 'off',
      options: { position: 'bottom-left' },
    },
    // Contact forms (Contact Form 7's REST routes): /contact/ and /contact/wholesale/, and a
    // `Contact us` link in the footer. The ids are Contact Form 7 form ids (Suki seeds 101 and 102;
    // a stock shop has its own); `wholesaleFormId: null` leaves out the wholesale page. Switched
    // off, none of its code is sent and those addresses are not found.
    'contact-form': {
      enabled: process.env['SUKI_CONTACT_FORM'] !== 'off',
      options: { contactFormId: Number(process.env['SUKI_CONTACT_FORM_ID'] ?? 101), wholesaleFormId: process.env['SUKI_WHOLESALE_FORM_ID'] === 'none' ? null : Number(process.env['SUKI_WHOLESALE_FORM_ID'] ?? 102) },
    },
    // Swatches in place of the attribute selects; switched off, the product page shows plain selects.
    swatches: {
      enabled: process.env['SUKI_SWATCHES'] !== 'off',
      options: {
        showLabel: true,
        clearOnReselect: true,
        labelSeparator: ':',
        stockLabelThreshold: 5,
        showStock: true,
        clickableOutOfStock: false,
        displayLimit: 5,
        types: { pa_colour: 'color', pa_size: 'label' },
        colors: COLOURS,
      },
    },
  },
});
