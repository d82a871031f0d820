/**
 * Every text the contact forms' server side says: Contact Form 7's stock messages (its answers
 * and its rule errors), and the mail to the shop. Kept in one place for the message catalogues.
 */

/** The answers' messages, by status (Contact Form 7's defaults). */
export const ANSWER_MESSAGES = {
  mail_sent: 'Thank you for your message. It has been sent.',
  mail_failed: 'There was an error trying to send your message. Please try again later.',
  validation_failed: 'One or more fields have an error. Please check and try again.',
  acceptance_missing: 'You must accept the terms and conditions before sending your message.',
  // The stock text for spam says nothing a sender could learn from.
  spam: 'There was an error trying to send your message. Please try again later.',
} as const;

/** The rule errors a schema carries (Contact Form 7's defaults where it has one). */
export const RULE_ERRORS = {
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
} as const;

/** REST errors. */
export const REST_ERRORS = {
  notFound: 'The requested contact form was not found.',
  unitTag: 'There is no valid unit tag.',
  mediaType: 'The request body is not multipart/form-data or application/x-www-form-urlencoded.',
  tooLarge: 'The request body is too large.',
} as const;

/** The mail to the shop: its subject and the lines around the fields. */
export const MAIL_TEXT = {
  subject: (shop: string, form: string, subject: string) => `[${shop}] ${form}${subject ? `: ${subject}` : ''}`,
  intro: (form: string) => `A message was sent through the form “${form}”.`,
  file: (name: string, bytes: number, id: number) => `${name} (${bytes} bytes, kept as contact file #${id})`,
  footer: (id: number) => `Message #${id}, stored in the shop’s database.`,
} as const;
