/**
 * The answer to a review posted without scripts (`POST /wp-comments-post.php`), shown on the
 * product page it lands on: the route names the outcome in the address
 * (`?review_result={code}&review_message={key}#reviews`) and the page loader writes its text in the
 * page's language (Filipino in `src/i18n/locales/fil-PH/reviews.json`). Server only.
 */
import { defineMessages } from '../i18n/index.js';

export const reviewPostTexts = defineMessages('reviews/posted', {
  added: 'Your review has been successfully added',
  addedHeld: 'Your review has been successfully added. It will appear once the shop has approved it.',
  insertFailed: 'Your review could not be added',
  duplicate: 'Duplicate review detected; it looks as though you’ve already said that!',
  flood: 'You are posting comments too quickly. Slow down.',
  validation: 'Your review could not be added: please choose a rating and write your review, with your name and email address.',
  notAccepting: 'Currently, we are not accepting new reviews',
  loginRequired: 'You must be logged in to post a review',
  notVerified: 'Only verified owners of this product can post a review',
  noMedia: 'Photos and videos cannot be attached',
  captchaMissing: 'Please confirm that you are not a robot',
  captchaFailed: 'The captcha could not be verified. Please try again.',
});

export type ReviewPostKey = keyof typeof reviewPostTexts.base;

/** The outcome a product page's address names, or null. */
export const reviewPostKey = (value: string | null): ReviewPostKey | null =>
  value !== null && Object.hasOwn(reviewPostTexts.base, value) ? (value as ReviewPostKey) : null;
