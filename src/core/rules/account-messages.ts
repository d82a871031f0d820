/** The account rules' texts in each language (Filipino in `src/i18n/locales/fil-PH/account.json`); their own module, so only account code carries them. */
import { defineMessages, params } from '../../i18n/index.js';

/** The account rules' messages (`account.ts`, `account-forms.ts`; stock WooCommerce's words in English). */
export const accountValidationTexts = /* @__PURE__ */ defineMessages('account/validation', {
  passwordMissing: 'Please enter an account password.',
  passwordTooLong: params('Passwords can be at most {n} bytes long.'),
  passwordInvalid: 'Passwords cannot contain invisible control characters.',
  passwordTooShort: params('Passwords must be at least {n} characters long.'),
  passwordTooWeak: 'This password is too easy to guess. Please choose a stronger one.',
  emailInvalid: 'Please provide a valid email address.',
  emailTooLong: params('Email addresses can be at most {n} characters long.'),
  usernameMissing: 'Please enter a username or email address.',
  usernameInvalid: 'Please enter a valid account username.',
  usernameTooLong: params('Usernames can be at most {n} characters long.'),
  passwordsDiffer: 'Passwords do not match.',
  newPasswordsDiffer: 'New passwords do not match.',
});
