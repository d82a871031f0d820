/**
 * The trust badge's texts (English; Filipino in `src/i18n/locales/fil-PH/badge.json`). Only the
 * badge's own chunk (`views/Badge.tsx`, with `rules.ts`) imports this module.
 */
import { count, defineMessages, params, textsIn, type Locale } from '../../i18n/index.js';

export const badgeTexts = defineMessages('badge/badge', {
  region: 'Trust badge',
  title: 'Verified reviews',
  /** The compact button's name starts with this, then the score. */
  titleColon: 'Verified reviews:',
  /** `4.6/5 from 23 reviews`. */
  score: count({ one: '{average}/5 from {count} review', other: '{average}/5 from {count} reviews' }),
  close: 'Close',
  rated: params('Rated {rating} out of 5'),
  verifiedOwner: 'verified owner',
});

export type BadgeTexts = ReturnType<typeof textsIn<typeof badgeTexts.base>>;

/** The badge's texts in `locale`. */
export const badgeTextsIn = (locale: Locale): BadgeTexts => textsIn(badgeTexts, locale);
