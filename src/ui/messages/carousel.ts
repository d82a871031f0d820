/**
 * The carousels' button names (product and review carousels, a post's pictures); only the
 * carousel enhancers' lazy chunks import this (Filipino in `src/i18n/locales/fil-PH/shell.json`).
 */
import { defineMessages, params } from '../../i18n/index.js';

export const carouselTexts = defineMessages('shell/carousel', {
  previousProducts: params('Previous products in {label}'),
  nextProducts: params('Next products in {label}'),
  previousReviews: params('Previous reviews in {label}'),
  nextReviews: params('Next reviews in {label}'),
  previousPicture: params('Previous picture of {title}'),
  nextPicture: params('Next picture of {title}'),
  carousel: 'carousel',
  slide: 'slide',
  picture: 'picture',
});
