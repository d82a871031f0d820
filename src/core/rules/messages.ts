/**
 * The texts the shopper sees from the form rules (validation messages), in each language: the
 * rules stay pure by taking the page's language and reading these (English; Filipino in
 * `src/i18n/locales/fil-PH/checkout.json`).
 */
import { defineMessages, params } from '../../i18n/index.js';

/** The field rules' messages (the validation library's stock words in English). */
export const validationTexts = defineMessages('checkout/validation', {
  required: 'This field is required.',
  email: 'Please enter a valid email address.',
  url: 'Please enter a valid URL.',
  minlength: params('Please enter at least {n} characters.'),
  maxlength: params('Please enter no more than {n} characters.'),
  oneOf: 'Please select an option.',
  phone: 'Please enter a Philippine mobile (09XX XXX XXXX or +63 9XX XXX XXXX) or landline number.',
  postcode: 'Please enter a 4-digit postcode.',
});

/** The account rules' messages (`account.ts`, `account-forms.ts`; stock WooCommerce's words in English). */
export const accountValidationTexts = defineMessages('account/validation', {
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
