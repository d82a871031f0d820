/**
 * Wishlists (YITH WooCommerce Wishlist's behaviour, `wire-protocol.md` §1, spec §4 and §5): an add
 * button on every tile and product page, the header's `Wishlist (n items)` link, and the pages
 * `/wishlist/` and `/wishlist/view/{token}/`.
 *
 * What a page downloads before it is interactive is this chunk only: the definition and thin view
 * wrappers (`views/deferred.ts`). The buttons, the header link, the state machine and the command
 * handlers are one chunk fetched on the shopper's first sign of life or once the page has settled
 * (the server renders them into the HTML, and the browser keeps that HTML until they are in); the
 * port's code comes with the first call; the list page's view is its own chunk, loaded before
 * hydration on the wishlist pages only.
 */
import type { NewWishlist, WishlistPrivacy, WishlistState } from '../../core/domain/wishlist.js';
import { definePlugin } from '../../core/plugin.js';
import type { PortFailure } from '../../core/ports.js';
import type { ItemFacts } from '../../core/events.js';
import { defineViews } from '../../ui/slots.js';
import type { AddInput } from './controller.js';
import type { AddOutcome } from './rules.js';
import { INITIAL_VIEW, type WishlistView } from './state.js';
import { attach, beforeRender, DeferredHeader, DeferredSummary, DeferredTile, WishlistPageSlot } from './views/deferred.js';
export type { WishlistOptions } from './options.js';

/** A change to the viewer's lists, as the list page asks for it. */
export type WishlistChange =
  | { readonly op: 'remove'; readonly rowId: number; readonly item?: ItemFacts | null }
  | { readonly op: 'quantity'; readonly rowId: number; readonly quantity: number; readonly item?: ItemFacts | null }
  | { readonly op: 'move'; readonly rowId: number; readonly to: number | 'new'; readonly newList?: NewWishlist }
  | { readonly op: 'sort'; readonly listId: number; readonly rowIds: readonly number[] }
  | { readonly op: 'create'; readonly list: NewWishlist }
  | { readonly op: 'update'; readonly listId: number; readonly name?: string; readonly privacy?: WishlistPrivacy }
  | { readonly op: 'delete'; readonly listId: number };

declare module '../../core/commands.js' {
  interface CommandMap {
    /**
     * The header is on screen: `count` is the count cookie's (null without one); above 0, the lists
     * are read (and waited for with `wait`).
     */
    'wishlist.wake': { input: { readonly count: number | null; readonly wait?: boolean }; output: void; failure: never };
    /** An add button was pressed (the cookie test first: with cookies off nothing is sent). */
    'wishlist.add': { input: AddInput; output: AddOutcome; failure: never };
    /** A change from the list page. */
    'wishlist.change': { input: WishlistChange; output: WishlistState; failure: PortFailure };
    /** The list page starts from the lists it was rendered with, until the first read. */
    'wishlist.seed': { input: { readonly state: WishlistState }; output: void; failure: never };
    /** `Ask for an estimate` on a list. */
    'wishlist.estimate': { input: { readonly listId: number; readonly email: string; readonly message: string }; output: { readonly message: string }; failure: PortFailure };
  }
}

declare module '../../core/plugin.js' {
  interface PluginTypes {
    wishlist: typeof wishlist;
  }
}

const wishlist = definePlugin({
  name: 'wishlist',
  kind: 'feature',
  // The schema loads only where options are checked (the server); the browser gets them checked.
  config: { load: () => import('./options.js').then((m) => m.wishlistOptions) },
  initialState: INITIAL_VIEW as WishlistView,
  // The behaviour (state machine, command handlers) starts with the buttons' chunk (`views/deferred.ts`).
  setup: attach,
});

export default wishlist;

/**
 * Views: the add buttons, the header link and the list page (each loaded as `views/deferred.ts`
 * says); `beforeRender` loads the buttons (server) and the list page's chunk (wishlist pages).
 */
export const views = defineViews(wishlist, {
  beforeRender,
  'product.tileActions': DeferredTile,
  'product.summary': DeferredSummary,
  'header.actions': DeferredHeader,
  'page.wishlist': WishlistPageSlot,
});
