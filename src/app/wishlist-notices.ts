/**
 * What the wishlist's no-script routes write into the wishlist pages (`server/routes/wishlist.ts`):
 * the notices after a link or a plain form, and the pages' titles, in the request's language
 * (Filipino in `src/i18n/locales/fil-PH/wishlist.json`). Server only. The wishlist API's own
 * answers (YITH's JSON and fragments) keep the stock plugin's English.
 */
import { defineMessages, params } from '../i18n/index.js';

export const wishlistNoticeTexts = defineMessages('wishlist/notices', {
  myWishlist: 'My wishlist',
  wishlist: 'Wishlist',
  linkExpired: 'This link has expired. Please try again.',
  notInList: 'This product is not in your wishlist.',
  removed: 'Product successfully removed.',
  added: 'Product added!',
  exists: 'The product is already in your wishlist!',
  error: 'An error occurred while adding the products to the wishlist.',
  notAllowed: 'You are not allowed to add products to this wishlist.',
  theProduct: 'The product',
  addedToCart: params('“{name}” has been added to your cart.'),
  notAddedToCart: params('“{name}” could not be added to your cart: it is out of stock or at its limit.'),
  choosePrivacy: 'Please choose who may see the wishlist.',
  created: 'Wishlist created.',
  nameUnsavable: 'The wishlist name contains characters that cannot be saved.',
  nameMissing: 'Please enter a name for the wishlist.',
  nameTooLong: params('The wishlist name must be at most {max} characters long.'),
  /** Upstream mode's own notices on the stock shop's wishlist page (`server/upstream/wishlist.ts`). */
  upstreamSlow: 'The shop’s wishlist did not answer in time. Please try again in a moment.',
  upstreamFailed: 'We could not show the shop’s wishlist right now. Please try again in a moment.',
  chooseProduct: 'Choose a product to add to your wishlist.',
  notAdded: 'The product could not be added to your wishlist.',
});
