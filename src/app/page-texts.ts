/**
 * The titles, descriptions and messages the page loader writes into pages (`load-page.ts`): the
 * document `<title>`, meta description, Open Graph texts and listing sections' headings, in the
 * page's language (English; Filipino in `src/i18n/locales/fil-PH/pages.json`). Server only: the
 * browser gets them already filled in the page's data.
 */
import type { textsIn } from '../i18n/index.js';
import { defineMessages, params } from '../i18n/index.js';

export const pageTexts = defineMessages('pages/titles', {
  breakTitle: 'The shop is taking a break',
  breakDescription: 'The shop could not load this page.',
  breakSlow: 'The shop took too long to answer. Please try again in a moment.',
  breakMessage: 'We could not load this page right now. Please try again in a moment.',
  notFoundTitle: 'Page not found',
  notFoundDescription: 'This page does not exist.',
  notFoundMessage: 'We could not find that page. It may have moved, or the address may be mistyped.',
  searchResults: params('Search results for “{term}”'),
  search: 'Search',
  searchDescription: params('Products matching {term} at Suki.'),
  searchShop: 'Search the Suki shop.',
  homeTitle: 'Suki — shop local',
  homeDescription: 'Filipino-made clothing, bags, home goods and pantry treats.',
  newArrivals: 'New arrivals',
  bestSellers: 'Best sellers',
  topRated: 'Top rated',
  favourites: 'Shop favourites',
  reviews: 'Reviews',
  reviewsDescription: 'What shoppers say about Suki and its products.',
  shop: 'Shop',
  shopDescription: 'Every product in the Suki shop.',
  categoryDescription: params('{category} from Filipino makers, at Suki.'),
  related: 'Related products',
  journal: 'Journal',
  journalDescription: 'Stories about Filipino makers, materials and the goods in the Suki shop.',
  tracking: 'Order tracking',
  trackingDescription: 'Track your order with its number and billing email.',
  accountDescription: 'Your account at the shop.',
  wishlistDescription: 'Products saved for later.',
  cart: 'Cart',
  cartDescription: 'Your shopping cart.',
  checkout: 'Checkout',
  checkoutDescription: 'Pay for your order.',
  orderReceived: 'Order received',
  order: 'Order',
  orderDescription: 'Your order at Suki.',
  orderNotShown: 'We could not find that order. Please check the link in your order confirmation email.',
  orderEmailWrong: 'That email address does not match this order.',
  orderEmailAsk: 'Please enter the email address you used for this order to see it.',
  contact: 'Contact us',
  contactDescription: 'Write to the Suki team: questions about products, orders or anything else.',
  wholesale: 'Wholesale enquiries',
  wholesaleDescription: 'Buying for a shop, a café or a company? Tell us what you need.',
  /** The server's own page when a render fails (`server/pages.ts`). */
  failedTitle: 'Something went wrong',
  failedMessage: 'We could not show this page. Please try again in a moment.',
  backToShop: 'Back to the shop',
});

export type PageTexts = ReturnType<typeof textsIn<typeof pageTexts.base>>;
