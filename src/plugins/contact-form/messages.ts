/**
 * Every text the contact-form plugin shows a shopper (labels, hints, the spec's failure texts),
 * in the message catalogues (Filipino in `src/i18n/locales/fil-PH/contact.json`). The rule errors
 * and the answers' messages come from the shop (the schema and the feedback).
 */
import { defineMessages } from '../../i18n/index.js';

export const contactTexts = defineMessages('contact/form', {
  /** Spec §8: a submission that got no answer. */
  offline: 'You are probably offline.',
  /** Spec §8: an answer that is not JSON. */
  invalidJson: 'The response is not a valid JSON response.',
  /** Spec §8: anything else. */
  unknown: 'An unknown error occurred.',
  send: 'Send',
  required: '(required)',
  privacy: 'I agree to the privacy policy',
  honeypot: 'Leave this field empty',
  introContact: 'Questions about a product, an order or a delivery? Write to us and we answer within one working day.',
  introWholesale: 'Buying for a shop, a café or a company? Tell us what you need and we send prices and a sample box.',
  toWholesale: 'Buying in bulk? Send a wholesale enquiry',
  toContact: 'Other questions? Use the contact form',
  name: 'Your name',
  email: 'Your email',
  subject: 'Subject',
  message: 'Your message',
  company: 'Company',
  website: 'Website',
  tel: 'Phone',
  businessType: 'Type of business',
  chooseOne: 'Choose one',
  interests: 'Products you are interested in',
  quantity: 'Pieces per order',
  visitDate: 'Preferred date for a call',
  visitTime: 'Preferred time',
  orderSheet: 'Order sheet',
  hintInterests: 'Choose one to three.',
  hintQuantity: 'From 10 to 5,000 pieces.',
  hintVisitDate: 'A weekday, from tomorrow up to six months ahead.',
  hintOrderSheet: 'PDF, CSV, Excel (.xlsx), JPEG or PNG, up to 1 MB.',
  retailShop: 'Retail shop',
  cafe: 'Café or restaurant',
  onlineSeller: 'Online seller',
  corporateGifts: 'Corporate gifts',
  tea: 'Tea',
  ceramics: 'Ceramics',
  textiles: 'Textiles',
  snacks: 'Snacks',
});

/** A text's key in {@link contactTexts}. */
export type ContactTextKey = keyof typeof contactTexts.base;

/**
 * The values the shop's rules expect for the choices (the form's schema lists them in English),
 * with the key of each one's label.
 */
export const BUSINESS_TYPES: ReadonlyArray<readonly [value: string, label: ContactTextKey]> = [
  ['Retail shop', 'retailShop'],
  ['Café or restaurant', 'cafe'],
  ['Online seller', 'onlineSeller'],
  ['Corporate gifts', 'corporateGifts'],
];
export const INTERESTS: ReadonlyArray<readonly [value: string, label: ContactTextKey]> = [
  ['Tea', 'tea'],
  ['Ceramics', 'ceramics'],
  ['Textiles', 'textiles'],
  ['Snacks', 'snacks'],
];
