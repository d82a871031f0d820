/**
 * The reviews views' texts (English; Filipino in `src/i18n/locales/fil-PH/reviews.json`). Only the
 * views' chunk imports this module (never `index.ts`: `/` is over its script budget). The review
 * form's own texts are `form/messages.ts` (its own chunk).
 */
import { count, defineMessages, params, textsIn, type Locale } from '../../i18n/index.js';

export const reviewTexts = defineMessages('reviews/list', {
  /** The home page's sections' headings, when the shop gives none of its own. */
  gridTitle: 'What shoppers say',
  sliderTitle: 'Recent reviews',
  average: params('{average} out of 5'),
  rated: params('Rated {rating} out of 5'),
  reviewCount: count({ one: '{count} review', other: '{count} reviews' }),
  basedOn: count({ one: 'Based on {count} review', other: 'Based on {count} reviews' }),
  stars: count({ one: '{count} star', other: '{count} stars' }),
  /** A histogram row's name: `5 stars, 12 reviews`. */
  histogramRow: params('{stars}, {reviews}'),
  seeAll: 'See all reviews',
  wasHelpful: 'Was this review helpful?',
  helpful: params('Helpful ({count})'),
  notHelpful: params('Not helpful ({count})'),
  voteGone: 'This review can no longer be voted on.',
  voteFailed: params('Your vote could not be counted. {reason}'),
  pleaseTryAgain: 'Please try again.',
  verified: 'Verified owner',
  tags: 'Tags',
  /** The lightbox's subject (`Images of the review by Ana`). */
  reviewBy: params('the review by {author}'),
  replyFrom: params('Reply from {author}'),
  sortReviews: 'Sort reviews',
  sortRecent: 'Most recent',
  sortHelpful: 'Most helpful',
  sortHigh: 'Highest rating',
  sortLow: 'Lowest rating',
  searchReviews: 'Search reviews',
  search: 'Search',
  clearSearch: 'Clear search',
  filterByTag: 'Filter by tag',
  noneMatch: 'No reviews match.',
  /** The live count: `1–5 of 23 reviews`. */
  range: params('{first}–{last} of {reviews}'),
  retry: 'Retry',
  showMoreReviews: 'Show more reviews',
  showMore: 'Show more',
  loadFailed: 'The reviews could not be loaded.',
  tabFailed: 'The reviews could not be loaded. Reload the page to try again.',
  none: 'There are no reviews yet.',
  write: 'Write a review',
  writeAbout: params('Review “{name}”'),
  formFailed: 'The review form could not be loaded.',
  formLoading: 'Loading the review form…',
  readMore: 'Read more',
  readLess: 'Read less',
  /** What the slider's slides are (its arrows' names). */
  heading: 'Reviews',
  pages: 'Review pages',
  previousPage: 'Previous page',
  nextPage: 'Next page',
});

export type ReviewTexts = ReturnType<typeof textsIn<typeof reviewTexts.base>>;

/** The list's texts in `locale` (controllers and rules outside React). */
export const reviewTextsIn = (locale: Locale): ReviewTexts => textsIn(reviewTexts, locale);
