/**
 * The wishlist's views as the first-load code holds them: thin wrappers whose real components
 * (`AddButton.tsx`) are a chunk of their own, so a listing page downloads almost nothing of the
 * plugin before it is interactive.
 *
 * - The server loads that chunk before rendering (`beforeRender`), so the buttons and the header
 *   link are in the HTML and work without scripts (the add button is a form posted to `/wishlist/`).
 * - The browser hydrates around them: each wrapper is a Suspense boundary whose content waits for
 *   the chunk, which is fetched on the shopper's first sign of life (pointer, touch, wheel, key,
 *   focus) or once the page has settled, like the cart's code; once live, the header link marks the
 *   page `data-wishlist="ready"`. Until then React keeps the server's
 *   HTML; the wrappers are memoised so an unrelated re-render (the header on scroll) does not make
 *   React give that HTML up.
 * - An add pressed before the chunk is in (a first tap on a slow connection) is the no-script form
 *   post: the shop adds the product and shows the list. Holding it instead cost 76 bytes of
 *   first-load JS the budget does not have.
 * - On the wishlist pages the plugin's setup, which the browser runs before hydrating, loads that
 *   chunk and the list page's (the server calls `beforeRender`).
 */
import { createElement, lazy, memo, Suspense, type ComponentType, type ReactNode } from 'react';
import type { PageType } from '../../../core/events.js';
import { wakeOnInteractionOrIdle } from '../../../ui/components/wake.js';
import type * as Buttons from './AddButton.js';
import type { WishlistContext } from '../later.js';

type ButtonViews = typeof Buttons;
type ViewName = 'TileButton' | 'SummaryButton' | 'HeaderLink';

let loaded: ButtonViews | null = null;
let loading: Promise<ButtonViews> | undefined;
/** The plugin's context once its setup has run (browser only). */
let context: WishlistContext | null = null;
/** Fetches the buttons' chunk (once); it starts the plugin's behaviour once both it and the context are there. */
export const loadButtons = (): Promise<ButtonViews> =>
  (loading ??= import('./AddButton.js').then(
    (m) => {
      loaded = m;
      if (context) m.start(context);
      return m;
    },
    (error: unknown) => {
      // Not fetched (offline): the next call tries again.
      loading = undefined;
      throw error;
    },
  ));

/** The plugin's setup (browser only): keeps the context for the buttons' chunk and loads the wishlist pages' views. */
export const attach = async (ctx: WishlistContext): Promise<void> => {
  // Nothing loads the buttons' chunk before this in the browser; once it is in, it starts with this context.
  context = ctx;
  // The browser runs setups before hydrating: on the wishlist pages, what they render comes first.
  if (location.pathname.startsWith('/wishlist/')) await beforeRender('wishlist');
};

/**
 * Resolves on the shopper's first sign of life (pointer, touch, focus, keys, wheel), or once the page
 * has settled, and then once the main thread is idle (browser only): the pointer that wakes it is
 * often on its way to a click, whose own work (an add to cart) must be painted first.
 */
const woken = (): Promise<void> =>
  new Promise<void>((resolve) => void wakeOnInteractionOrIdle(document.body, resolve)).then(
    () => new Promise<void>((resolve) => (window.requestIdleCallback ? void window.requestIdleCallback(() => resolve(), { timeout: 500 }) : void setTimeout(resolve, 50))),
  );

let wakeUp: Promise<ButtonViews> | undefined;

/**
 * The buttons' chunk, fetched again on the shopper's next sign of life while it cannot be (a
 * dropped connection): meanwhile the server's HTML stays, plain forms that work without it, and
 * the page around it is not taken down by a failed fetch.
 */
const loadSoon = async (): Promise<ButtonViews> => {
  for (;;) {
    try {
      return await loadButtons();
    } catch {
      await woken();
    }
  }
};

/** A wrapper for one of the real views. */
const deferred = <N extends ViewName>(name: N): ((props: Parameters<ButtonViews[N]>[0]) => ReactNode) => {
  type P = Parameters<ButtonViews[N]>[0];
  const Lazy = lazy(() => (wakeUp ??= woken().then(loadSoon)).then((m) => ({ default: m[name] as ComponentType<P> })));
  const Boundary = memo((props: P) => createElement(Suspense, { fallback: null }, createElement(loaded ? (loaded[name] as ComponentType<P>) : Lazy, props)));
  return (props) => createElement(Boundary, props);
};

export const DeferredTile = deferred('TileButton');
export const DeferredSummary = deferred('SummaryButton');
export const DeferredHeader = deferred('HeaderLink');

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
  const buttons = await loadButtons();
  if (pageType === 'wishlist') page ??= (await buttons.loadPage()) as PageView;
};
