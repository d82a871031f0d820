/**
 * The reviews plugin's views as the first-load code holds them: thin wrappers whose real components
 * are chunks of their own (the product tab, the home sections, the `/reviews/` page), so a page
 * downloads almost nothing of the plugin before the shopper interacts.
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
import type * as HomeViews from './HomeReviews.js';
import type * as PageViews from './ReviewsPage.js';
import type * as TabViews from './ReviewsTab.js';

type Start = (ctx: ReviewsContext) => void;
interface ViewModule {
  readonly start: Start;
}

/** The plugin's context once its setup has run (browser only). */
let context: ReviewsContext | null = null;
let started = false;
const startWith = <M extends ViewModule>(m: M): M => {
  if (context && !started) {
    started = true;
    m.start(context);
  }
  return m;
};

/** A chunk loaded once (a failed fetch is tried again on the next call); it starts the behaviour once in. */
const once = <M extends ViewModule>(load: () => Promise<M>) => {
  let current: Promise<M> | undefined;
  const state = { loaded: null as M | null };
  const get = (): Promise<M> =>
    (current ??= load().then(
      (m) => {
        state.loaded = m;
        return startWith(m);
      },
      (error: unknown) => {
        current = undefined;
        throw error;
      },
    ));
  return { get, state };
};

const tabChunk = once(() => import('./ReviewsTab.js'));
const homeChunk = once(() => import('./HomeReviews.js'));
const pageChunk = once(() => import('./ReviewsPage.js'));
const chunks = [tabChunk, homeChunk, pageChunk];

/** The plugin's setup (browser only): keeps the context for the views' chunks and loads `/reviews/`'s view. */
export const attach = async (ctx: ReviewsContext): Promise<void> => {
  context = ctx;
  const ready = chunks.find((c) => c.state.loaded)?.state.loaded;
  if (ready) startWith(ready);
  if (location.pathname === '/reviews/') await beforeRender('reviews');
};

/**
 * Resolves on the shopper's first sign of life within `root` (or anywhere, for the body), or once
 * `root` is on screen and the page has settled, and then once the main thread is idle.
 */
const woken = (selector: string): Promise<void> =>
  new Promise<void>((resolve) => void wakeOnInteractionOrIdle((document.querySelector<HTMLElement>(selector) ?? document.body), resolve)).then(
    () => new Promise<void>((resolve) => (window.requestIdleCallback ? void window.requestIdleCallback(() => resolve(), { timeout: 500 }) : void setTimeout(resolve, 50))),
  );

/** Fetches a chunk again on the next sign of life while it cannot be fetched (the server's HTML stays meanwhile). */
const loadSoon = async <M extends ViewModule>(chunk: ReturnType<typeof once<M>>, selector: string): Promise<M> => {
  for (;;) {
    try {
      return await chunk.get();
    } catch {
      await woken(selector);
    }
  }
};

/** A wrapper for one real view: `pick` chooses it from its chunk. */
const deferred = <M extends ViewModule, P extends object>(chunk: ReturnType<typeof once<M>>, pick: (m: M) => ComponentType<P>, selector: string): ((props: P) => ReactNode) => {
  let wake: Promise<M> | undefined;
  const Lazy = lazy(() => (wake ??= woken(selector).then(() => loadSoon(chunk, selector))).then((m) => ({ default: pick(m) })));
  const Boundary = memo((props: P) => createElement(Suspense, { fallback: null }, createElement(chunk.state.loaded ? pick(chunk.state.loaded) : Lazy, props)));
  return (props) => createElement(Boundary, props);
};

type TabModule = typeof TabViews;
type HomeModule = typeof HomeViews;
type PageModule = typeof PageViews;

// The tab's panel is hidden until chosen: any sign of life on the page wakes it.
export const DeferredTab = deferred(tabChunk, (m: TabModule) => m.ReviewsTab, 'body');
export const DeferredHome = deferred(homeChunk, (m: HomeModule) => m.HomeReviews, '#home-reviews');
/** The standalone review form (`?review=1`), in the tab's chunk. */
export const DeferredStandalone = deferred(tabChunk, (m: TabModule) => m.StandaloneReviewForm, 'body');

/** `/reviews/`'s view once its chunk is in (loaded before hydration there). */
export const ReviewsPageSlot = (props: Parameters<PageModule['ReviewsPage']>[0]) => (pageChunk.state.loaded ? createElement(pageChunk.state.loaded.ReviewsPage, props) : null);

/** Before a page renders: the chunk of what that kind of page shows (the server calls it for every page). */
export const beforeRender = async (pageType: PageType): Promise<void> => {
  if (pageType === 'product') await tabChunk.get();
  else if (pageType === 'home') await homeChunk.get();
  else if (pageType === 'reviews') await pageChunk.get();
};
