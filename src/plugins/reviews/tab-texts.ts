/**
 * The product page's `Reviews ({n})` tab name, the only reviews text the page shows before the
 * views' chunk arrives (the tab list is the shell's, drawn at once). Kept apart from `messages.ts`
 * so `index.ts` carries this one text, not the views' (`/` is over its script budget).
 */
import { defineMessages, params, type Locale } from '../../i18n/index.js';

const tabTexts = defineMessages('reviews/tab', { label: params('Reviews ({count})') });

/** The tab's name with its count (`Reviews (23)`, `Mga review (23)`). */
export const tabLabel = (product: { readonly reviewCount: number }, locale: Locale = 'en-PH'): string => tabTexts.in(locale).get().label({ count: product.reviewCount });
