/**
 * The seam between the reviews list (rclient) and the review form (rform): the product tab, the
 * `/reviews/` page and the no-reviews state render `<ReviewFormMount {...props} />` from
 * `views/form/ReviewFormMount.tsx`, which the form's owner fills. These props are the agreement.
 */
import type { ReviewFormSettings } from '../../../core/domain/reviews.js';
import type { ReviewsCtx } from './parts.js';

export interface ReviewFormMountProps {
  /** The plugin's view context (options, `execute('reviews.submit' | 'reviews.upload' | 'reviews.deleteUpload')`, emit). */
  readonly plugin: ReviewsCtx;
  /** The product reviewed; null for a review of the shop. */
  readonly productId: number | null;
  /** The product's name (the form's heading), or null for the shop. */
  readonly productName: string | null;
  /** The shop's settings for the form (who may review, on-site questions, media limits, captcha). */
  readonly settings: ReviewFormSettings;
  /** The shopper pressed `Write a review`: the form is shown (false: only what works without scripts, or nothing). */
  readonly open: boolean;
  /** The shopper is done (`Continue` after a success, or a cancel): the list comes back. */
  readonly onDone: () => void;
  /** The standalone single-product form (`?review=1`; every on-site text question required). */
  readonly standalone?: boolean;
}
