/**
 * The reviews plugin's views as the first-load code holds them: thin wrappers whose real components
 * (the product tab, the home sections, the `/reviews/` page) are one chunk of their own
 * (`ReviewsViews.ts`), so a page downloads almost nothing of the plugin before the shopper interacts.
 *
 * - The server loads every chunk before rendering (`beforeRender`), so the views are in the HTML and
 *   work without scripts (links, a GET search form).
 * - The browser hydrates around them (`viewsChunk`): the chunk is fetched on the shopper's first
 *   sign of life, or once the section is on screen and the page has settled. Until then React keeps
 *   the server's HTML.
 * - On `/reviews/` and on a product page opened with `?review=1` the plugin's setup, which the
 *   browser runs before hydrating, loads the chunk first.
 */
import { createElement } from 'react';
import type { PageType } from '../../../core/events.js';
import { viewsChunk } from '../../../ui/components/views-chunk.js';
import type { ReviewsContext } from '../live.js';
import { wantsReviewForm } from '../review-link.js';
import type * as Views from './ReviewsViews.js';

type ViewsModule = typeof Views;

/** The plugin's context once its setup has run (browser only). */
let context: ReviewsContext | null = null;
/** The views' chunk; it starts the behaviour once in. */
const views = viewsChunk(
  () => import('./ReviewsViews.js'),
  (m) => {
    if (context) m.start(context);
  },
);

/**
 * The plugin's setup (browser only): keeps the context for the views' chunk; loads it first on
 * `/reviews/` and on a product page opened by a review link (`?review=1`), where the form is what
 * the shopper came for and should not wait for a first tap or scroll.
 */
export const attach = async (ctx: ReviewsContext): Promise<void> => {
  context = ctx;
  views.loaded()?.start(ctx);
  if (location.pathname === '/reviews/' || (location.pathname.startsWith('/product/') && wantsReviewForm(location.search))) await views.load();
};

/** The tab's panel is hidden until chosen: any sign of life on the page wakes it. */
export const DeferredTab = views.deferred('ReviewsTab');
/** The home sections wake when the shopper reaches for them, or once near the screen and the page settled. */
export const DeferredHome = views.deferred('HomeReviews', '#home-reviews');

/** The standalone review form (`?review=1`), in the views' chunk. */
export const DeferredStandalone = views.deferred('StandaloneReviewForm');

/** `/reviews/`'s view once the chunk is in (loaded before hydration there). */
export const ReviewsPageSlot = (props: Parameters<ViewsModule['ReviewsPage']>[0]) => {
  const m = views.loaded();
  return m ? createElement(m.ReviewsPage, props) : null;
};

/** Before a page renders (the server, for every page): the views' chunk where reviews show. */
export const beforeRender = async (pageType: PageType): Promise<void> => {
  if (pageType === 'product' || pageType === 'home' || pageType === 'reviews') await views.load();
};
