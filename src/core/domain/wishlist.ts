/**
 * Wishlists as the shop knows them (YITH WooCommerce Wishlist's model, `wire-protocol.md` §1): a
 * shopper (a guest by the wishlist session cookie, or an account) owns one or more lists; each list
 * has a long random token (its shared address `/wishlist/view/{token}/`), a title, a privacy and
 * items. One product (or variation) is at most once in a list.
 *
 * These are the shapes the `wishlist` port hands to the plugin and that Suki's own JSON route
 * (`/wp-json/suki/v1/wishlist…`, see `src/app/wishlist-page.ts`) answers with, on our server and,
 * translated from the stock plugin's actions, in upstream mode.
 */

/** `0` public, `1` shared (by link only), `2` private (the owner only), as on the wire. */
export type WishlistPrivacy = 0 | 1 | 2;

/**
 * What the shop behind the client can do. Our server can do everything; a stock shop with the free
 * plugin has one list per shopper and none of the premium actions, so those controls are hidden
 * there (never shown and broken).
 */
export interface WishlistFeatures {
  /** Several lists: create, delete, choose the list on add. */
  readonly multipleLists: boolean;
  /** `move_to_another_wishlist`. */
  readonly moveItems: boolean;
  /** `sort_wishlist_items` (drag and drop, move up/down). */
  readonly sortItems: boolean;
  /** `update_item_quantity`. */
  readonly quantities: boolean;
  /** `ask_an_estimate`. */
  readonly estimates: boolean;
  /** `save_title`. */
  readonly renameLists: boolean;
  /** `save_privacy`. */
  readonly changePrivacy: boolean;
}

/** One of the viewer's lists, as the header, the add button and the move dialog need it. */
export interface WishlistRef {
  readonly id: number;
  /** Long random value; the list's shared address is `/wishlist/view/{token}/`. */
  readonly token: string;
  /** As the shopper typed it: plain text, never HTML. The default list's may be empty (shown as "My wishlist"). */
  readonly title: string;
  readonly privacy: WishlistPrivacy;
  readonly isDefault: boolean;
  readonly itemCount: number;
  /** Absolute or root-relative address of the list's page. */
  readonly url: string;
}

/** One item of one of the viewer's lists: enough for the buttons' pressed states and the count. */
export interface WishlistEntry {
  /** The item's row id (`data-row-id`), unique over all lists, never a small sequential guess. */
  readonly rowId: number;
  readonly wishlistId: number;
  /** What was added: the variation id once a variation is chosen, else the product id. */
  readonly productId: number;
  /** The parent product for a variation, else the same as `productId`. */
  readonly parentId: number;
  readonly quantity: number;
  /** 0-based position in its list. */
  readonly position: number;
}

/** Everything the viewer's wishlists hold, as every JSON answer of the route returns it. */
export interface WishlistState {
  readonly lists: readonly WishlistRef[];
  readonly entries: readonly WishlistEntry[];
  /** The list an add goes to when the shopper does not choose; null before the first add. */
  readonly defaultListId: number | null;
  readonly features: WishlistFeatures;
}

/** `true` added, `exists` already there (or not allowed into that list), `error` refused (§1.5). */
export type WishlistAddResult = 'true' | 'exists' | 'error';

/** A new list to create (on its own, or as the target of an add or a move). */
export interface NewWishlist {
  /** Required, 1–255 characters after trimming; plain text. */
  readonly name: string;
  readonly privacy: WishlistPrivacy;
}

/** An add: a product (or variation) into a list, the default one, or a new one. */
export interface WishlistAddRequest {
  readonly productId: number;
  /** `simple`, `variable`, `variation`... as the product page knows it. */
  readonly productType: string;
  /** A list id, `new` (with `newList`), or null for the default list. */
  readonly wishlistId: number | 'new' | null;
  readonly newList?: NewWishlist;
}

/** The answer to an add: the result value, the shop's message as plain text, and the new state. */
export interface WishlistAddAnswer {
  readonly result: WishlistAddResult;
  /** Plain text; empty when the shop says nothing. */
  readonly message: string;
  readonly state: WishlistState;
}

/** One item row of a list's page: the table, the grid and the mobile cards show these. */
export interface WishlistItemView {
  readonly rowId: number;
  readonly productId: number;
  readonly parentId: number;
  readonly productType: string;
  readonly name: string;
  readonly permalink: string;
  readonly image: { readonly src: string; readonly srcset: string; readonly alt: string } | null;
  /** Chosen variation attributes (`Colour: Indigo`), empty for a simple product. */
  readonly attributes: ReadonlyArray<{ readonly name: string; readonly value: string }>;
  /** Current unit price in minor units of `currency`; null when the product has none. */
  readonly price: number | null;
  /** The price when it was added, when it differs from today's ("was ₱1,200"); else null. */
  readonly priceWhenAdded: number | null;
  /** ISO 4217, as the server reports it (PHP on our shop). */
  readonly currency: string;
  readonly currencyMinorUnit: number;
  readonly stock: { readonly status: 'instock' | 'outofstock' | 'onbackorder'; readonly text: string };
  /** ISO 8601. */
  readonly dateAdded: string;
  readonly quantity: number;
  readonly position: number;
  /** Whether it can go into the cart from the list (in stock, purchasable, a variation chosen). */
  readonly purchasable: boolean;
  /** The stock no-script link that adds it to the cart (`?add-to-cart=ID…`). */
  readonly addToCartUrl: string;
}

/** A list with its items, as its page shows it. */
export interface WishlistDetails extends WishlistRef {
  /** ISO 8601. */
  readonly dateCreated: string;
  readonly items: readonly WishlistItemView[];
}
