/**
 * Every text the contact forms' server side says: Contact Form 7's stock messages (its answers
 * and its rule errors), in the message catalogues (Filipino in `src/i18n/locales/fil-PH/contact.json`),
 * and the REST errors (for developers, in English as Contact Form 7's). The mail to the shop is in
 * `server/mail/messages.ts`.
 */
import { defineMessages, textsIn, type Locale } from '../../src/i18n/index.js';
// The server's Filipino catalogue is given there.
import '../lib/language.js';

/** The answers' messages, by status (Contact Form 7's defaults). */
export const answerTexts = defineMessages('contact/answers', {
  mail_sent: 'Thank you for your message. It has been sent.',
  mail_failed: 'There was an error trying to send your message. Please try again later.',
  validation_failed: 'One or more fields have an error. Please check and try again.',
  acceptance_missing: 'You must accept the terms and conditions before sending your message.',
  // The stock text for spam says nothing a sender could learn from (the same as mail_failed).
  spam: 'There was an error trying to send your message. Please try again later.',
});

/** The rule errors a schema carries (Contact Form 7's defaults where it has one). */
export const ruleTexts = defineMessages('contact/rules', {
  required: 'Please fill out this field.',
  email: 'Please enter an email address.',
  url: 'Please enter a URL.',
  tel: 'Please enter a telephone number.',
  number: 'Please enter a number.',
  date: 'Please enter a date in YYYY-MM-DD format.',
  time: 'Please enter a time in HH:MM format.',
  enum: 'Undefined value was submitted through this field.',
  tooLong: 'This field has a too long input.',
  tooShort: 'This field has a too short input.',
  numberTooSmall: 'This field has a too small number.',
  numberTooLarge: 'This field has a too large number.',
  dateTooEarly: 'This field has a too early date.',
  dateTooLate: 'This field has a too late date.',
  tooFewItems: 'Please choose at least one.',
  tooManyItems: 'Please choose no more than three.',
  fileType: 'You are not allowed to upload files of this type.',
  fileTooSmall: 'The uploaded file is too small.',
  fileTooLarge: 'The uploaded file is too large.',
  dayOfWeek: 'Please choose a weekday (Monday to Friday).',
  /** A file whose content is not what its name says (checked by content on the server). */
  fileContent: 'You are not allowed to upload files of this type.',
});

/** The answers' messages in English. */
export const ANSWER_MESSAGES = answerTexts.base;

/** The rule errors in English (what the seeded forms store). */
export const RULE_ERRORS = ruleTexts.base;

/** A key of {@link RULE_ERRORS}. */
export type RuleErrorKey = keyof typeof RULE_ERRORS;

const ruleKeyOf = new Map<string, RuleErrorKey>();
for (const [key, text] of Object.entries(RULE_ERRORS) as Array<[RuleErrorKey, string]>) if (!ruleKeyOf.has(text)) ruleKeyOf.set(text, key);

/**
 * A rule's error in `locale`: a stock error (one of {@link RULE_ERRORS}) in that language; any other
 * text (written by the shop's staff) as it is.
 */
export function ruleErrorIn(error: string, locale: Locale): string {
  const key = ruleKeyOf.get(error);
  return key === undefined ? error : textsIn(ruleTexts, locale)[key];
}

/** REST errors. */
export const REST_ERRORS = {
  notFound: 'The requested contact form was not found.',
  unitTag: 'There is no valid unit tag.',
  mediaType: 'The request body is not multipart/form-data or application/x-www-form-urlencoded.',
  tooLarge: 'The request body is too large.',
} as const;
