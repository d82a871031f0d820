/**
 * The texts the product page shows of Q&A before the tab's chunk arrives: the tab's name and the
 * summary's `Q&A` link (the tab list and the summary are drawn at once). Kept apart from
 * `messages.ts` (the tab's chunk) so the first-load code carries these two only.
 */
import { defineMessages, textsIn, type Locale } from '../../i18n/index.js';

export const qnaTabTexts = defineMessages('questions/tab', { label: 'Questions & answers', link: 'Q&A' });

/** The tab's name in `locale`. */
export const qnaTabLabel = (_product: unknown, locale: Locale = 'en-PH'): string => textsIn(qnaTabTexts, locale).label;
