/**
 * Wishlists (YITH WooCommerce Wishlist's behaviour, `wire-protocol.md` §1, spec §4 and §5): an add
 * button on every tile and product page, the header's `Wishlist (n items)` link, and the pages
 * `/wishlist/` and `/wishlist/view/{token}/`.
 *
 * What a page downloads first is only what paints the buttons and the link (this chunk). The rest
 * comes later: the state machine (`controller.ts`) and the port's code when the plugin first needs
 * them (the header reads the count cookie after hydration; a count above 0, or the first click,
 * reads the lists), the add notices and the list chooser with the first add (`views/AddExtras.tsx`),
 * and the list page's view in its own chunk, loaded before hydration on the wishlist pages only
 * (`beforeRender`).
 */
import type { ComponentType } from 'react';
import { createElement } from 'react';
import type { NewWishlist, WishlistPrivacy, WishlistState } from '../../core/domain/wishlist.js';
import type { PageType } from '../../core/events.js';
import { definePlugin } from '../../core/plugin.js';
import type { PortFailure } from '../../core/ports.js';
import { err, ok } from '../../core/result.js';
import type { ItemFacts } from '../../core/events.js';
import { defineViews, type ReplacingSlots } from '../../ui/slots.js';
import type { AddInput } from './controller.js';
import type * as Later from './later.js';
import type { WishlistWork } from './later.js';
import type { AddOutcome } from './rules.js';
import { INITIAL_VIEW, type WishlistView } from './state.js';
import { HeaderLink, SummaryButton, TileButton } from './views/AddButton.js';
export { later };
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
    /** The header is on screen: `count` is the count cookie's (null without one); above 0, the lists are read. */
    'wishlist.wake': { input: { readonly count: number | null }; output: void; failure: never };
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

const NO_PORT: PortFailure = { kind: 'network', message: 'The wishlist is not available on this page.' };

/** The plugin's later chunk (state machine, notices, chooser), fetched once. */
let laterChunk: Promise<typeof Later> | undefined;
const later = () => (laterChunk ??= import('./later.js'));

const wishlist = definePlugin({
  name: 'wishlist',
  kind: 'feature',
  // The schema loads only where options are checked (the server); the browser gets them checked.
  config: { load: () => import('./options.js').then((m) => m.wishlistOptions) },
  initialState: INITIAL_VIEW as WishlistView,
  setup(context) {
    const { ports, store, handle } = context;
    const port = ports.wishlist;
    let work: Promise<WishlistWork> | undefined;
    const get = () => (port ? (work ??= later().then((m) => m.start(context, port))) : Promise.reject(new Error(NO_PORT.message)));
    handle('wishlist.wake', async ({ count }) => {
      store.update((view) => (view.count === null && count !== null ? { ...view, count } : view));
      if (count !== null && count > 0) void get().then((w) => w.load(), () => undefined);
      return ok(undefined);
    });
    handle('wishlist.add', async (input) => ok(await (await get()).add(input)));
    handle('wishlist.seed', async ({ state }) => ok((await get()).seed(state)));
    handle('wishlist.change', async (change) => (await get()).change(change));
    handle('wishlist.estimate', async ({ listId, email, message }) => (port ? port.askEstimate(listId, { email, message }) : err(NO_PORT)));
  },
});

export default wishlist;

type PageProps = ReplacingSlots['page.wishlist'] & { readonly plugin: unknown };
/** The list page's view, once its chunk is in (`beforeRender`). */
let PageView: ComponentType<PageProps> | null = null;

/** Loads the list page's chunk before the wishlist pages render (server) or hydrate (browser). */
export const beforeRender = async (pageType: PageType): Promise<void> => {
  if (pageType === 'wishlist' && !PageView) PageView = (await import('./views/WishlistPage.js')).WishlistPage as ComponentType<PageProps>;
};

/** Views: the add buttons, the header link and the list page. */
export const views = defineViews(wishlist, {
  'product.tileActions': TileButton,
  'product.summary': SummaryButton,
  'header.actions': HeaderLink,
  'page.wishlist': (props) => (PageView ? createElement(PageView, props) : null),
});
