/**
 * The wishlist's views as the first-load code holds them: thin wrappers whose real components
 * (`AddButton.tsx`) are a chunk of their own, so a listing page downloads almost nothing of the
 * plugin before it is interactive.
 *
 * - The server loads that chunk before rendering (`beforeRender`), so the buttons and the header
 *   link are in the HTML and work without scripts (the add button is a form posted to `/wishlist/`).
 * - The browser hydrates around them (`viewsChunk`): the chunk is fetched on the shopper's first
 *   sign of life or once the page has settled, like the cart's code; once live, the header link
 *   marks the page `data-wishlist="ready"`. Until then React keeps the server's HTML.
 * - An add pressed before the chunk is in (a first tap on a slow connection) is the no-script form
 *   post: the shop adds the product and shows the list. Holding it instead cost 76 bytes of
 *   first-load JS the budget does not have.
 * - On the wishlist pages the plugin's setup, which the browser runs before hydrating, loads that
 *   chunk and the list page's (the server calls `beforeRender`).
 */
import { createElement, type ComponentType } from 'react';
import type { PageType } from '../../../core/events.js';
import { viewsChunk } from '../../../ui/components/views-chunk.js';
import type { WishlistContext } from '../later.js';

/** The plugin's context once its setup has run (browser only). */
let context: WishlistContext | null = null;
/** The buttons' chunk; it starts the plugin's behaviour once both it and the context are there. */
const buttons = viewsChunk(
  () => import('./AddButton.js'),
  (m) => {
    if (context) m.start(context);
  },
);
/** Fetches the buttons' chunk (once; a failed fetch is tried again on the next call). */
export const loadButtons = buttons.load;

/** The plugin's setup (browser only): keeps the context for the buttons' chunk and loads the wishlist pages' views. */
export const attach = async (ctx: WishlistContext): Promise<void> => {
  // Nothing loads the buttons' chunk before this in the browser; once it is in, it starts with this context.
  context = ctx;
  // The browser runs setups before hydrating: on the wishlist pages, what they render comes first.
  if (location.pathname.startsWith('/wishlist/')) await beforeRender('wishlist');
};

export const DeferredTile = buttons.deferred('TileButton');
export const DeferredSummary = buttons.deferred('SummaryButton');
export const DeferredHeader = buttons.deferred('HeaderLink');

type PageView = ComponentType<object>;
let page: PageView | null = null;

/** The list page's view once its chunk is in. */
export const WishlistPageSlot = (props: object) => (page ? createElement(page, props) : null);

/**
 * Before a page renders: the buttons' chunk, and on the wishlist pages the list page's. The server
 * calls it for every page; the browser's setup only on the wishlist pages (elsewhere the buttons
 * wait for the shopper, above).
 */
export const beforeRender = async (pageType: PageType): Promise<void> => {
  const m = await loadButtons();
  if (pageType === 'wishlist') page ??= (await m.loadPage()) as PageView;
};
