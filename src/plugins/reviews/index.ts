/**
 * Product reviews (Customer Reviews for WooCommerce's behaviour, `wire-protocol.md` §2, spec §3):
 * the product page's `Reviews ({n})` tab (summary, histogram filter, sort, search, tags, show more,
 * votes, photos and videos, the review form), the all-reviews page `/reviews/`, and the home page's
 * reviews grid and slider.
 *
 * What a page downloads before the shopper interacts is this chunk only: the definition and thin
 * view wrappers (`views/deferred.ts`). The server renders every view into the HTML, and the browser
 * keeps that HTML until the views' chunk arrives (first sign of life, or the section near the
 * screen once the page has settled); the port's code comes with its first call. `/reviews/` loads
 * its page view before hydrating.
 */
import type { ReviewPage, ReviewQuery, ReviewResult, ReviewSubmission, UploadedMedia, Votes } from '../../core/domain/reviews.js';
import { definePlugin } from '../../core/plugin.js';
import type { PortFailure, UploadProgress } from '../../core/ports.js';
import { defineViews } from '../../ui/slots.js';
import { tabLabel } from './tab-texts.js';
import { attach, beforeRender, DeferredHome, DeferredStandalone, DeferredTab, ReviewsPageSlot } from './views/deferred.js';
export type { ReviewsOptions } from './options.js';

declare module '../../core/commands.js' {
  interface CommandMap {
    /** One page of a review list (the list's state machine sends it; latest wins there). */
    'reviews.list': { input: { readonly query: ReviewQuery; readonly signal?: AbortSignal }; output: ReviewPage; failure: PortFailure };
    /** A vote on a review (`review.voted` once the server counted it). */
    'reviews.vote': { input: { readonly reviewId: number; readonly productId: number | null; readonly upvote: boolean }; output: Votes; failure: PortFailure };
    /** Sends a review (`review.submitted` on code 0). */
    'reviews.submit': { input: ReviewSubmission; output: ReviewResult; failure: PortFailure };
    /** Uploads one photo or video for the review form, with progress. */
    'reviews.upload': {
      input: { readonly file: Blob & { readonly name: string }; readonly item: number | 'shop'; readonly progress: UploadProgress; readonly signal?: AbortSignal };
      output: UploadedMedia;
      failure: PortFailure;
    };
    /** Removes an upload the form no longer wants. */
    'reviews.deleteUpload': { input: UploadedMedia; output: void; failure: PortFailure };
  }
}

declare module '../../core/plugin.js' {
  interface PluginTypes {
    reviews: typeof reviews;
  }
}

const reviews = definePlugin({
  name: 'reviews',
  kind: 'feature',
  // The schema loads only where options are checked (the server); the browser gets them checked.
  config: { load: () => import('./options.js').then((m) => m.reviewsOptions) },
  // Only the pages that show reviews; elsewhere none of its code is linked or loaded.
  pages: ['product', 'reviews', 'home'],
  // The command handlers start with the views' chunk (`views/deferred.ts`).
  setup: attach,
});

export default reviews;

export { tabLabel };

/** Views: the product tab, `/reviews/` and the home sections (each loaded as `views/deferred.ts` says). */
export const views = defineViews(reviews, {
  beforeRender,
  productTabs: [{ id: 'reviews', label: tabLabel, Panel: DeferredTab }],
  'home.after': DeferredHome,
  'page.reviews': ReviewsPageSlot,
  // The standalone single-product form (`?review=1`); nothing otherwise.
  'product.summary': DeferredStandalone,
});
