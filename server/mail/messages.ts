/**
 * Every text of the shop's emails, in the message catalogues (Filipino in
 * `src/i18n/locales/fil-PH/mail.json`). A mail to a shopper is written in the shopper's language
 * when the thing was done (the order's checkout, the reset request); a mail to the shop in the
 * shop's language (`server/lib/language.ts`). Money stays ₱1,234.50 in both; dates follow the
 * mail's language.
 */
import { defineMessages, params, type Locale } from '../../src/i18n/index.js';
import { escapeHtml } from '../lib/escape.js';
// The server's Filipino catalogue is given there.
import '../lib/language.js';

/** The order emails (the shopper's confirmation and status notices, the shop's new-order notice). */
export const orderMailTexts = defineMessages('mail/order', {
  greeting: params('Hi {name},'),
  confirmationSubject: params('Your {shop} order #{id} has been received'),
  confirmationIntro: 'Thank you for your order. We have received it and will let you know when it ships.',
  newOrderSubject: params('[{shop}] New order #{id}'),
  newOrderIntro: params('You have received an order from {name} <{email}>.'),
  completedSubject: params('Your {shop} order #{id} is complete'),
  completedIntro: 'Your order has been completed. Thank you for shopping with us.',
  cancelledSubject: params('Your {shop} order #{id} has been cancelled'),
  cancelledIntro: 'Your order has been cancelled. If you did not expect this, please reply to this email.',
  orderHeading: params('Order #{id} ({date})'),
  product: 'Product',
  quantity: 'Quantity',
  price: 'Price',
  subtotal: 'Subtotal',
  discount: 'Discount',
  shipping: 'Shipping',
  shippingVia: params('{cost} via {method}'),
  paymentMethod: 'Payment method',
  total: 'Total',
  totalWithVat: params('{total} (includes {vat} VAT)'),
  shippingAddress: 'Shipping address',
  viewOrder: 'View your order',
  cod: 'Cash on delivery',
  bacs: 'Direct bank transfer',
  bankTransfer: 'Please transfer the total to the account below, with your order number as the reference. We ship once the payment arrives.',
  cashReady: 'Please have the total ready in cash when your order arrives.',
});

/** The account emails (password reset, welcome, a changed address to confirm). */
export const accountMailTexts = defineMessages('mail/account', {
  greeting: params('Hi {name},'),
  resetSubject: params('Password Reset Request for {shop}'),
  resetRequested: params('Someone has requested a new password for the following account on {shop}: username {username}.'),
  resetIgnore: 'If you didn’t make this request, just ignore this email. If you’d like to proceed, follow the link below. It works once, for one hour.',
  resetLink: 'Reset your password',
  resetLinkHtml: 'Click here to reset your password',
  welcomeSubject: params('Your {shop} account has been created!'),
  welcomeThanks: params('Thanks for creating an account on {shop}. Your username is {username}.'),
  welcomeConfirm: 'Please confirm this email address with the link below. Once it is confirmed, orders you placed earlier as a guest with this address appear in your account.',
  confirmEmail: 'Confirm your email address',
  changedSubject: params('Confirm your new email address for {shop}'),
  changedIntro: params('The email address of your {shop} account was changed to this one. Please confirm it with the link below.'),
});

/** The shop's notice of a new review, question or answer. */
export const reviewMailTexts = defineMessages('mail/review', {
  review: 'review',
  shopReview: 'shop review',
  question: 'question',
  answer: 'answer',
  subject: params('[{shop}] New {what}: {about}'),
  subjectHeld: params('[{shop}] New {what} waiting for approval: {about}'),
  heading: params('New {what}'),
  headingHeld: params('New {what} waiting for approval'),
  wrote: params('{author} <{email}> wrote a {what} of {about}.'),
  wroteHeld: params('{author} <{email}> wrote a {what} of {about} waiting for approval.'),
  wroteHtml: params('{author} ({email}) wrote a {what} of {about}.'),
  rating: params('Rating: {rating} out of 5'),
});

/** The shop's copy of a wishlist's estimate request. */
export const wishlistMailTexts = defineMessages('mail/wishlist', {
  untitled: 'My wishlist',
  subject: params('[{shop}] Estimate request #{id} for “{title}”'),
  heading: params('Estimate request #{id}'),
  asks: params('{email} asks for an estimate of the wishlist “{title}”.'),
  product: 'Product',
  quantity: 'Quantity',
  price: 'Price',
  message: 'Message',
  none: '(none)',
  theList: 'The list',
  replyTo: 'Reply to',
});

/** The shop's copy of a contact form's message. */
export const contactMailTexts = defineMessages('mail/contact', {
  subject: params('[{shop}] {form}: {subject}'),
  subjectOnly: params('[{shop}] {form}'),
  intro: params('A message was sent through the form “{form}”.'),
  file: params('{name} ({bytes} bytes, kept as contact file #{id})'),
  footer: params('Message #{id}, stored in the shop’s database.'),
});

/** The `lang` of a mail's HTML part (English mails keep the `en` they always had). */
export const htmlLang = (locale: Locale): string => (locale === 'fil-PH' ? 'fil' : 'en');

/** A date as the mail's language writes it (`November 26, 2026`, `Nobyembre 26, 2026`), in Manila. */
export const mailDate = (iso: string, locale: Locale): string => new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'Asia/Manila' }).format(new Date(iso));

/**
 * A catalogue text with `{values}` as HTML: the text escaped, each value escaped in its place,
 * except those in `html` (markup the caller built and escaped itself, such as a link).
 */
export function htmlText<V extends Readonly<Record<string, string | number>>>(fill: (values: V) => string, values: V, html?: Readonly<Partial<Record<keyof V, string>>>): string {
  // Each value stands in as a marker while the text is escaped, then takes its place.
  const marker = (name: string): string => `\u0000${name}\u0000`;
  const markers = Object.fromEntries(Object.keys(values).map((name) => [name, marker(name)])) as unknown as V;
  let out = escapeHtml(fill(markers));
  for (const [name, value] of Object.entries(values)) {
    const shown = (html as Readonly<Record<string, string | undefined>> | undefined)?.[name] ?? escapeHtml(String(value));
    out = out.split(marker(name)).join(shown);
  }
  return out;
}
