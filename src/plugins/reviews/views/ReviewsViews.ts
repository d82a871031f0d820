/**
 * The reviews plugin's views, one chunk: the product tab, the home sections and `/reviews/`, with
 * the plugin's behaviour (`start`). `deferred.ts` fetches it when a page needs it.
 */
export { start } from '../live.js';
export { ReviewsTab } from './ReviewsTab.js';
export { HomeReviews } from './HomeReviews.js';
export { ReviewsPage } from './ReviewsPage.js';
export { StandaloneReviewForm } from './form/Standalone.js';
