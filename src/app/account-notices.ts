/**
 * What the My Account routes write into their pages (`server/routes/my-account.ts`): the notices
 * after a form (login, registration, reset, saved details…), field errors of their own, and the
 * pages' titles, in the request's language (Filipino in `src/i18n/locales/fil-PH/account.json`).
 * Server only: the browser gets them already written in the page's data.
 */
import type { textsIn } from '../i18n/index.js';
import { count, defineMessages, params } from '../i18n/index.js';

export const accountNoticeTexts = defineMessages('account/notices', {
  badNonce: 'This form has expired or was not sent from this shop. Please try again.',
  wrongCredentials: 'The username or email address and password you entered do not match an account. Please try again.',
  passwordMissing: 'Please enter your password.',
  emailExists: 'An account is already registered with your email address. Please log in.',
  registrationClosed: 'Registration is not open on this shop.',
  unknownLogin: 'Invalid username or email.',
  mailUnavailable: 'We could not send the password reset email: this shop cannot send email at the moment. Please try again later or contact us.',
  resetSent: 'Password reset email has been sent.',
  resetInvalid: 'This key is invalid or has already been used. Please reset your password again if needed.',
  resetDone: 'Your password has been reset successfully.',
  passwordsDiffer: 'Passwords do not match.',
  invalidOrder: 'Invalid order.',
  addressSaved: 'Address changed successfully.',
  detailsSaved: 'Account details changed successfully.',
  currentPasswordMissing: 'Please enter your current password.',
  currentPasswordWrong: 'Your current password is incorrect.',
  loggedOut: 'You have been logged out.',
  logoutExpired: 'This log-out link has expired. Please use the Log out link below.',
  verified: 'Thank you: your email address is confirmed.',
  verifyInvalid: 'This confirmation link is invalid, expired or already used.',
  signedOut: 'You are not logged in any more. Please log in and try again.',
  unreadable: 'This form could not be read. Please try again.',
  enterLogin: 'Enter a username or email address.',
  correctBelow: 'Please correct the fields marked below.',
  emailTaken: 'This email address is already registered.',
  tooManyAttempts: count({ one: 'Too many attempts. Try again in {count} minute.', other: 'Too many attempts. Try again in {count} minutes.' }),
  cartGone: params('“{name}” from your earlier cart is no longer available, so it was not added to your account’s cart.'),
  cartCapped: params('Your account’s cart now has {kept} of “{name}”, the most you can buy (you had {wanted} across both carts).'),
  created: params('Your account was created. Your username is {username}.'),
  verifySent: params('We sent a link to {email} to confirm your email address.'),
  verifyUnsent: 'We could not send the email to confirm your address: this shop cannot send email at the moment.',
  newVerifySent: params('We sent a link to {email} to confirm your new email address.'),
  newVerifyUnsent: 'We could not send the email to confirm your new address: this shop cannot send email at the moment.',
  claimed: count({
    one: '{count} earlier order placed with this address is now in your account.',
    other: '{count} earlier orders placed with this address are now in your account.',
  }),
  fieldRequired: params('{label} is a required field.'),
  fieldTooLong: params('{label} must be at most {max} characters long.'),
  fieldMarkup: params('{label} must not contain HTML.'),
  tooLong: 'Please enter no more than 200 characters.',
  markup: 'Please remove the HTML from this field.',
  onlyPhilippines: 'Sorry, we only ship within the Philippines.',
  items: count({ one: '{count} item', other: '{count} items' }),
  orderTotal: params('{total} for {items}'),
});

/** The My Account pages' titles (the document's `<title>` and the page's heading). */
export const accountTitleTexts = defineMessages('account/titles', {
  account: 'My account',
  lostPassword: 'Lost password',
  resetPassword: 'Reset password',
  orders: 'Orders',
  addresses: 'Addresses',
  details: 'Account details',
  order: params('Order #{number}'),
  /** Upstream mode's order page (the stock page's number is in its body). */
  orderPlain: 'Order',
});

/** Upstream mode's own notices on the stock shop's account pages (`server/upstream/my-account.ts`); the stock shop's notices pass as it wrote them. */
export const upstreamAccountTexts = defineMessages('account/upstream', {
  expired: 'This form has expired. Please try again.',
  slow: 'The shop took too long to answer. Please try again in a moment.',
  unreachable: 'We could not reach the shop to show your account. Please try again in a moment.',
  unreadable: 'We could not read the shop’s account page. Please try again in a moment.',
  tooLarge: 'The form was too large.',
  formUnreadable: 'The form could not be read.',
  invalidOrder: 'Invalid order.',
  external: params('{what} are kept on the shop’s own account page: {address}'),
  'edit-address': 'Your billing and shipping addresses',
  'edit-account': 'Your name, email address and password',
  downloads: 'Your downloads',
  'payment-methods': 'Your saved payment methods',
});

export type AccountNoticeTexts = ReturnType<typeof textsIn<typeof accountNoticeTexts.base>>;
