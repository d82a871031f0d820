/**
 * The wishlist's views as the first-load code holds them: thin wrappers whose real components
 * (`AddButton.tsx`) are a chunk of their own, so a listing page downloads almost nothing of the
 * plugin before it is interactive.
 *
 * - The server loads that chunk before rendering (`beforeRender`), so the buttons and the header
 *   link are in the HTML and work without scripts (the add button is a form posted to `/wishlist/`).
 * - The browser hydrates around them: each wrapper is a Suspense boundary whose content waits for
 *   the chunk, which is fetched on the shopper's first sign of life (pointer, touch, scroll, key,
 *   focus) or once the page has settled, like the cart's code. Until then React keeps the server's
 *   HTML; the wrappers are memoised so an unrelated re-render (the header on scroll) does not make
 *   React give that HTML up.
 * - An add pressed before the chunk is in is held (the form is not posted) and pressed again once it
 *   is, so it goes through the plugin like any other.
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
  (loading ??= import('./AddButton.js').then((m) => {
    loaded = m;
    if (context) m.start(context);
    return m;
  }));

/** The plugin's setup (browser only): keeps the context for the buttons' chunk, holds early adds, loads the wishlist pages' views. */
export const attach = async (ctx: WishlistContext): Promise<void> => {
  // Nothing loads the buttons' chunk before this in the browser; once it is in, it starts with this context.
  context = ctx;
  holdEarlyAdds();
  // The browser runs setups before hydrating: on the wishlist pages, what they render comes first.
  if (location.pathname.startsWith('/wishlist/')) await beforeRender('wishlist');
};

/** Resolves on the shopper's first sign of life (pointer, touch, focus, keys, wheel), or once the page has settled (browser only). */
const woken = (): Promise<void> => new Promise((resolve) => void wakeOnInteractionOrIdle(document.body, resolve));

let wakeUp: Promise<ButtonViews> | undefined;

/** A wrapper for one of the real views. */
const deferred = <N extends ViewName>(name: N): ((props: Parameters<ButtonViews[N]>[0]) => ReactNode) => {
  type P = Parameters<ButtonViews[N]>[0];
  const Lazy = lazy(() => (wakeUp ??= woken().then(loadButtons)).then((m) => ({ default: m[name] as ComponentType<P> })));
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
 * Before the page renders (server) or hydrates (browser): the server loads the buttons for every
 * page; both load the list page's chunk (and the buttons) on the wishlist pages.
 */
export const beforeRender = async (pageType: PageType): Promise<void> => {
  if (typeof document === 'undefined' || pageType === 'wishlist') await loadButtons();
  if (pageType === 'wishlist') page ??= (await loaded!.loadPage()) as PageView;
};

/**
 * Holds an add pressed before the buttons' code is in: the form is not posted; the code is fetched
 * and the form sent again once it is (React then handles it). Browser only.
 */
const holdEarlyAdds = (): void =>
  document.addEventListener(
    'submit',
    (event) => {
      const form = event.target as HTMLFormElement;
      if (loaded || !form.classList.contains('wishlist-add__form')) return;
      event.preventDefault();
      void loadButtons().then(() => requestAnimationFrame(() => form.requestSubmit()));
    },
    true,
  );
