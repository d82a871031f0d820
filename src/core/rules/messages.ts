/**
 * The texts the shopper sees from the form rules (validation messages), in each language: the
 * rules stay pure by taking the page's language and reading these (English; Filipino in
 * `src/i18n/locales/fil-PH/checkout.json`). Declared `@__PURE__` so a bundle that imports the
 * rules module without its messages (a shell page using only `isEmail`) drops them.
 */
import { defineMessages, params } from '../../i18n/index.js';

/** The field rules' messages (the validation library's stock words in English). */
export const validationTexts = /* @__PURE__ */ defineMessages('checkout/validation', {
  required: 'This field is required.',
  email: 'Please enter a valid email address.',
  url: 'Please enter a valid URL.',
  minlength: params('Please enter at least {n} characters.'),
  maxlength: params('Please enter no more than {n} characters.'),
  oneOf: 'Please select an option.',
  phone: 'Please enter a Philippine mobile (09XX XXX XXXX or +63 9XX XXX XXXX) or landline number.',
  postcode: 'Please enter a 4-digit postcode.',
});

