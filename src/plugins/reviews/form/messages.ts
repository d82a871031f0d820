/**
 * The review form's texts (English; Filipino in `src/i18n/locales/fil-PH/reviews.json`): its
 * labels, the rules' errors, the upload queue's and the controller's messages. Only the form's own
 * chunk imports this module.
 */
import { count, defineMessages, params, textsIn, type Locale } from '../../../i18n/index.js';

export const reviewFormTexts = defineMessages('reviews/form', {
  rating: 'Please choose a rating.',
  text: 'Please write your review.',
  name: 'Please enter your name.',
  email: 'Please enter a valid email address.',
  answer: 'Please answer this question.',
  number: 'Please enter a number.',
  terms: 'Please tick the checkbox to proceed',
  captcha: 'Please confirm that you are not a robot',
  tooLong: params('Please enter no more than {limit} characters.'),
  unstorable: 'This text contains characters that cannot be saved.',
  mediaDisabled: 'Photos and videos cannot be attached',
  star: count({ one: '{count} star', other: '{count} stars' }),
  stillUploading: count({ one: 'Please wait: a file is still uploading.', other: 'Please wait: {count} files are still uploading.' }),
  waitUploads: 'Please wait until the uploads finish.',
  uploadFailed: params('“{name}” could not be uploaded.'),
  removeFailed: params('“{name}” could not be removed.'),
  sendFailedNetwork: 'Your review could not be sent. Please check your connection and try again.',
  sendFailed: 'Your review could not be added.',
  tryAgain: 'Try again',
  continue: 'Continue',
  sending: 'Sending your review…',
  notAccepting: 'Currently, we are not accepting new reviews.',
  fixFields: count({ one: 'Please correct the field in error.', other: 'Please correct the {count} fields in error.' }),
  ratingLabel: 'Rating',
  yourReview: 'Your review',
  nameLabel: 'Name',
  emailLabel: 'Email',
  submit: 'Submit review',
  cancel: 'Cancel',
  writeTitle: 'Write a review',
  addMedia: 'Add photos or videos',
  mediaLimits: params('Up to {limit} files, {size} MB each.'),
  chosenFiles: 'Chosen files',
  uploading: params('Uploading {percent}%'),
  removing: 'Removing…',
  uploaded: 'Uploaded',
  remove: 'Remove',
  /** A file's remove button's name: the visible text, then the file. */
  removeNamed: params('{shown}: “{name}”'),
});

export type ReviewFormTexts = ReturnType<typeof textsIn<typeof reviewFormTexts.base>>;

/** The form's texts in `locale` (the controller and rules outside React). */
export const reviewFormTextsIn = (locale: Locale): ReviewFormTexts => textsIn(reviewFormTexts, locale);
