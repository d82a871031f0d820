/** The checkout session's failure texts, in each language (Filipino in `src/i18n/locales/fil-PH/checkout.json`). */
import { defineMessages } from '../../i18n/index.js';

export const checkoutFailureTexts = /* @__PURE__ */ defineMessages('checkout/failure', {
  network: 'The shop cannot be reached right now. Your details are kept; please try again.',
  timeout: 'The shop took too long to answer. Your details are kept; please try again.',
  unreadable: 'The shop sent an answer we could not read. Your details are kept; please try again.',
  other: 'Something went wrong. Please try again.',
});
