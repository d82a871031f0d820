/**
 * The reviews plugin's views as the first-load code holds them: thin wrappers whose real components
 * (the product tab, the home sections, the `/reviews/` page) are one chunk of their own
 * (`ReviewsViews.ts`), so a page downloads almost nothing of the plugin before the shopper interacts.
 *
 * - The server loads every chunk before rendering (`beforeRender`), so the views are in the HTML and
 *   work without scripts (links, a GET search form).
 * - The browser hydrates around them: each wrapper is a Suspense boundary whose content waits for
 *   its chunk, fetched on the shopper's first sign of life (pointer, touch, wheel, key, focus), or
 *   once the section is on screen and the page has settled. Until then React keeps the server's
 *   HTML; the wrappers are memoised so an unrelated re-render does not make React give it up.
 * - On `/reviews/` the plugin's setup, which the browser runs before hydrating, loads the page's
 *   chunk first.
 */
import { createElement, lazy, memo, Suspense, type ComponentType, type ReactNode } from 'react';
import type { PageType } from '../../../core/events.js';
import { wakeOnInteractionOrIdle } from '../../../ui/components/wake.js';
import type { ReviewsContext } from '../live.js';
import type * as Views from './ReviewsViews.js';

type ViewsModule = typeof Views;

let loaded: ViewsModule | null = null;
let loading: Promise<ViewsModule> | undefined;
/** The plugin's context once its setup has run (browser only). */
let context: ReviewsContext | null = null;

/** Fetches the views' chunk (once; a failed fetch is tried again on the next call); it starts the behaviour once in. */
const load = (): Promise<ViewsModule> =>
  (loading ??= import('./ReviewsViews.js').then(
    (m) => {
      loaded = m;
      if (context) m.start(context);
      return m;
    },
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  ));

/** The plugin's setup (browser only): keeps the context for the views' chunk; on `/reviews/` loads it first. */
export const attach = async (ctx: ReviewsContext): Promise<void> => {
  context = ctx;
  if (loaded) loaded.start(ctx);
  if (location.pathname === '/reviews/') await load();
};

/**
 * Resolves on the shopper's first sign of life within `root` (the body: anywhere), or once `root` is
 * on screen and the page has settled, and then once the main thread is idle.
 */
const woken = (selector: string): Promise<void> =>
  new Promise<void>((resolve) => void wakeOnInteractionOrIdle(document.querySelector<HTMLElement>(selector) ?? document.body, resolve)).then(
    () => new Promise<void>((resolve) => (window.requestIdleCallback ? void window.requestIdleCallback(() => resolve(), { timeout: 500 }) : void setTimeout(resolve, 50))),
  );

/** The chunk, fetched again on the next sign of life while it cannot be (the server's HTML stays meanwhile). */
const loadSoon = async (selector: string): Promise<ViewsModule> => {
  for (;;) {
    try {
      return await load();
    } catch {
      await woken(selector);
    }
  }
};

/** A wrapper for one real view, woken by `selector`'s element. */
const deferred = <N extends 'ReviewsTab' | 'HomeReviews' | 'StandaloneReviewForm'>(name: N, selector: string): ((props: Parameters<ViewsModule[N]>[0]) => ReactNode) => {
  type P = Parameters<ViewsModule[N]>[0];
  const Lazy = lazy(() => woken(selector).then(() => loadSoon(selector)).then((m) => ({ default: m[name] as ComponentType<P> })));
  const Boundary = memo((props: P) => createElement(Suspense, { fallback: null }, createElement(loaded ? (loaded[name] as ComponentType<P>) : Lazy, props)));
  return (props) => createElement(Boundary, props);
};

/** The tab's panel is hidden until chosen: any sign of life on the page wakes it. */
export const DeferredTab = deferred('ReviewsTab', 'body');
/** The home sections wake when the shopper reaches for them, or once near the screen and the page settled. */
export const DeferredHome = deferred('HomeReviews', '#home-reviews');

/** The standalone review form (`?review=1`), in the views' chunk. */
export const DeferredStandalone = deferred('StandaloneReviewForm', 'body');

/** `/reviews/`'s view once the chunk is in (loaded before hydration there). */
export const ReviewsPageSlot = (props: Parameters<ViewsModule['ReviewsPage']>[0]) => (loaded ? createElement(loaded.ReviewsPage, props) : null);

/** Before a page renders (the server, for every page): the views' chunk where reviews show. */
export const beforeRender = async (pageType: PageType): Promise<void> => {
  if (pageType === 'product' || pageType === 'home' || pageType === 'reviews') await load();
};
