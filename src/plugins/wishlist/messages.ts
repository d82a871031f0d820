/**
 * The wishlist's texts (English; Filipino in `src/i18n/locales/fil-PH/wishlist.json`). Imported only
 * by the plugin's lazily loaded code (the buttons' chunk and the list page's), never by `index.ts`:
 * the first-load code of `/` and `/shop/` carries none of them.
 *
 * - `wishlistTexts`: the add buttons, the header link, the notices and dialogs they open, and the
 *   sentences of the rules and the controller (which get them for the page's language at creation).
 * - `wishlistPageTexts`: the list page (`/wishlist/`, `/wishlist/view/{token}/`).
 */
import { count, defineMessages, params } from '../../i18n/index.js';

export const wishlistTexts = defineMessages('wishlist/buttons', {
  header: 'Wishlist',
  headerCount: count({ one: 'Wishlist ({count} item)', other: 'Wishlist ({count} items)' }),
  /** The add button's name (its visible text on the product page). */
  addNamed: params('Add “{name}” to wishlist'),
  /** The heart's tooltip on a tile. */
  addTitle: 'Add to wishlist',
  browse: 'Browse wishlist',
  chooseOptions: 'Choose the product’s options to add it to your wishlist.',
  error: 'Error',
  close: 'Close',
  cancel: 'Cancel',
  listName: 'Wishlist name',
  privacy: 'Privacy',
  public: 'Public',
  shared: 'Shared',
  private: 'Private',
  /** The list chooser's heading. */
  addToAList: params('Add “{name}” to a wishlist'),
  wishlist: 'Wishlist',
  newList: 'A new wishlist',
  /** The title of a list without one (the default list). */
  myWishlist: 'My wishlist',
  cookieDisabled: 'We are sorry, but this feature is available only if cookies on your browser are enabled.',
  notAvailable: 'The wishlist is not available on this page.',
  addError: 'An error occurred while adding the products to the wishlist.',
  added: 'Product added to your wishlist.',
  addedNamed: params('“{name}” added to your wishlist.'),
  already: 'The product is already in your wishlist.',
  alreadyNamed: params('“{name}” is already in your wishlist.'),
  /** What could not be updated (`{what}` of the failures below) when no product is named. */
  theWishlist: 'The wishlist',
  /** A product named as what could not be updated. */
  quoted: params('“{name}”'),
  failedNetwork: params('{what} could not be updated: the shop could not be reached. Check your connection and try again.'),
  failedTimeout: params('{what} could not be updated: the shop took too long to answer. Please try again.'),
  failedAnswer: params('{what} could not be updated: the shop’s answer was not understood. Please try again.'),
  failed: params('{what} could not be updated. Please try again.'),
  titleEmpty: 'Please enter a name for the wishlist.',
  titleLong: params('The name can be at most {max} characters long.'),
});

/** The texts the wishlist's rules and controller use (the add notices, failures, title checks). */
export type WishlistTexts = typeof wishlistTexts.base;

export const wishlistPageTexts = defineMessages('wishlist/page', {
  wishlist: 'Wishlist',
  empty: 'Your wishlist is empty.',
  goToShop: 'Go to the shop',
  deleted: 'This wishlist has been deleted.',
  goToWishlist: 'Go to your wishlist',
  noProducts: 'No products in this wishlist yet.',
  yourWishlists: 'Your wishlists',
  create: 'Create a new wishlist',
  createSubmit: 'Create',
  created: params('Wishlist “{name}” created.'),
  selectAll: 'Select all',
  picture: 'Picture',
  product: 'Product',
  price: 'Price',
  stock: 'Stock',
  added: 'Added',
  quantity: 'Quantity',
  /** The stock column when the shop says just that (a sentence of its own, `5 in stock`, is shown as it is). */
  inStock: 'In stock',
  outOfStock: 'Out of stock',
  actions: 'Actions',
  select: 'Select',
  selectNamed: params('Select “{name}”'),
  was: params(' (was {price})'),
  removeNamed: params('Remove “{name}” from wishlist'),
  remove: 'Remove',
  removed: params('“{name}” removed from your wishlist.'),
  moveNamed: params('Move “{name}” to another wishlist'),
  move: 'Move',
  moveUp: params('Move “{name}” up'),
  moveDown: params('Move “{name}” down'),
  moved: params('“{name}” moved to position {position} of {of}.'),
  movedTo: params('“{name}” moved to “{list}”.'),
  addSelected: 'Add selected to cart',
  askEstimate: 'Ask for an estimate',
  deleteList: 'Delete wishlist',
  readMore: 'Read more',
  readMoreAbout: params('Read more about “{name}”'),
  addToCart: 'Add to cart',
  addToCartNamed: params('Add to cart: “{name}”'),
  quantityOf: params('Quantity of “{name}”'),
  renamed: params('Wishlist renamed to “{name}”.'),
  title: 'Wishlist title',
  saveTitle: 'Save title',
  cancel: 'Cancel',
  editTitle: 'Edit title',
  privacy: 'Privacy',
  privacyChanged: params('Privacy changed to {privacy}.'),
  copied: 'Link copied.',
  notCopied: 'The link could not be copied; select it and copy it yourself.',
  link: 'Wishlist link',
  copyLink: 'Copy link',
  deleteAsk: params('Delete “{name}” and everything in it?'),
  delete: 'Delete',
  estimateSent: 'Thank you. Your request for an estimate has been sent.',
  email: 'Email',
  emailInvalid: 'Please enter a valid email address.',
  message: 'Message',
  sendRequest: 'Send the request',
});
