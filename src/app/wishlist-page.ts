/**
 * The wishlist pages (`/wishlist/`, the viewer's default or chosen list, and
 * `/wishlist/view/{token}/`, any list by its token) and Suki's own JSON route for wishlists.
 *
 * ## Pages
 *
 * Server-rendered and usable before scripts: the server (`server/routes/wishlist.ts`, or
 * `server/upstream/wishlist.ts` against a stock shop) hands the page this state through the page
 * input `wishlist`; the `wishlist` plugin's page view lays it out (table, grid-image variant, one card
 * per item at 768 px and below). Without scripts, the stock links work: `?add-to-cart=ID` adds a
 * line, `?remove_from_wishlist=ROW&_wpnonce=…` removes one (the nonce is in `nonces.remove`), and a
 * plain form posted to `/wishlist/` with `add_to_wishlist=ID` adds a product (same-origin check, no
 * nonce: the catalogue pages that hold the form are shared). A private list answers 404 to anyone
 * but its owner; a list token nobody owns answers 404 too.
 *
 * ## JSON route (Suki's client; `application/json`; `Cache-Control: no-store, private`, `Vary: Cookie`)
 *
 * Writes carry the Store API `Nonce` header like the cart routes (the HTTP client's refresh-once
 * rule applies). Every answer is a {@link WishlistState} unless said otherwise. Errors are
 * WordPress REST errors `{code, message, data: {status}}`:
 * - `suki_wishlist_not_found` (404): no such list or item *for this viewer* (someone else's list or
 *   row answers exactly like a missing one);
 * - `suki_wishlist_invalid` (400, `data.params: {field: message}`): a title empty or over 255
 *   characters, a privacy not 0/1/2, a quantity not a whole number 1–9999, an email that is not one,
 *   positions that are not exactly the list's row ids...;
 * - `suki_wishlist_unsupported` (501): the shop behind us cannot do it (upstream, free plugin).
 *
 * | method and path under `/wp-json/suki/v1` | body | answer |
 * | --- | --- | --- |
 * | `GET /wishlist` | | state |
 * | `POST /wishlist/items` | `{productId, productType, wishlistId: id \| 'new' \| null, newList?: {name, privacy}}` | {@link WishlistAddAnswer} (200 for all three results) |
 * | `DELETE /wishlist/items/{rowId}` | | state |
 * | `PATCH /wishlist/items/{rowId}` | `{quantity}` or `{moveTo: id \| 'new', newList?}` | state |
 * | `POST /wishlist/lists` | `{name, privacy}` | state (201) |
 * | `GET /wishlist/lists/{id}` | | {@link WishlistDetails} (the viewer's own list) |
 * | `PATCH /wishlist/lists/{id}` | `{name?, privacy?}` | state |
 * | `DELETE /wishlist/lists/{id}` | | state |
 * | `PUT /wishlist/lists/{id}/positions` | `{rowIds: [...]}` (every row id of the list, in the new order) | state |
 * | `POST /wishlist/lists/{id}/estimate` | `{email, message}` | `{result: true, message}` (201) or an error |
 *
 * Our server also answers every stock admin-ajax action of spec §7 (`add_to_wishlist`,
 * `remove_from_wishlist`, `delete_item`, `save_title`, `save_privacy`, `move_to_another_wishlist`,
 * `sort_wishlist_items`, `update_item_quantity`, `ask_an_estimate`, `load_fragments`, `load_mobile`,
 * `remove_from_all_wishlists`, `reload_wishlist_and_adding_elem`) with the stock fields, per-action
 * nonces and fragment protocol, for stock theme clients; both doors share one service.
 */
import type { WishlistDetails, WishlistFeatures, WishlistRef } from '../core/domain/wishlist.js';

/** A notice above the list (`Product successfully removed.`), as plain text. */
export interface WishlistNotice {
  readonly kind: 'error' | 'success' | 'info';
  readonly text: string;
}

/** Shop options the page needs. */
export interface WishlistPageSettings {
  /** Remove a line from the list once it is added to the cart (only when the viewer owns the list). */
  readonly removeAfterAddToCart: boolean;
  /** Go to the cart after an add to cart made from the list. */
  readonly redirectToCart: boolean;
  /** Layout of the list: the table, or the grid of images. */
  readonly layout: 'table' | 'grid';
}

/** What `/wishlist/` and `/wishlist/view/{token}/` show. */
export interface WishlistPageView {
  /** `owner`: the viewer's own list (every control); `visitor`: someone else's shared or public list (read-only, add to cart works). */
  readonly viewer: 'owner' | 'visitor';
  /** The list shown; null when the viewer has no list yet (the empty state). */
  readonly list: WishlistDetails | null;
  /** The viewer's own lists (for switching lists and the move dialog); empty for a visitor without lists. */
  readonly lists: readonly WishlistRef[];
  readonly features: WishlistFeatures;
  readonly settings: WishlistPageSettings;
  readonly notices: readonly WishlistNotice[];
  /** Nonces for the page's no-script links (`remove`: `?remove_from_wishlist=…&_wpnonce=`). */
  readonly nonces: { readonly remove: string };
}
