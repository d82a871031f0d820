/**
 * The newsletter's texts (English; Filipino in `src/i18n/locales/fil-PH/newsletter.json`), imported by
 * the opt-in only (the plugin loads on the checkout and account pages alone).
 */
import { defineMessages } from '../../../i18n/index.js';

export const newsletterTexts = defineMessages('newsletter/opt-in', {
  /** The opt-in's label while the shop keeps the default one (`optInLabel`); a label of the shop's own is shown as written. */
  optIn: 'Subscribe to our newsletter',
});
