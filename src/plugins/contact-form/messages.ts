/**
 * Every text the contact-form plugin shows a shopper (labels, hints, the spec's failure texts),
 * in one place for the message catalogues. The rule errors and the answers' messages come from
 * the shop (the schema and the feedback).
 */
export const MESSAGES = {
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
  intro: {
    contact: 'Questions about a product, an order or a delivery? Write to us and we answer within one working day.',
    wholesale: 'Buying for a shop, a café or a company? Tell us what you need and we send prices and a sample box.',
  },
  toWholesale: 'Buying in bulk? Send a wholesale enquiry',
  toContact: 'Other questions? Use the contact form',
  fields: {
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
  },
  hints: {
    interests: 'Choose one to three.',
    quantity: 'From 10 to 5,000 pieces.',
    visitDate: 'A weekday, from tomorrow up to six months ahead.',
    orderSheet: 'PDF, CSV, Excel (.xlsx), JPEG or PNG, up to 1 MB.',
  },
  businessTypes: ['Retail shop', 'Café or restaurant', 'Online seller', 'Corporate gifts'],
  interests: ['Tea', 'Ceramics', 'Textiles', 'Snacks'],
} as const;
