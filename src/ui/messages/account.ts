/** The My Account pages' texts (English, stock WooCommerce's words; Filipino in `src/i18n/locales/fil-PH/account.json`). Imported only by the account chunk. */
import { count, defineMessages, params } from '../../i18n/index.js';

/** What every account form has: password toggles, the strength meter, the error summary. */
export const accountFieldTexts = defineMessages('account/fields', {
  showPassword: 'Show password',
  hidePassword: 'Hide password',
  strength: 'Password strength',
  strengthOf: params('Strength: {label}'),
  veryWeak: 'Very weak',
  weak: 'Weak',
  medium: 'Medium',
  strong: 'Strong',
  veryStrong: 'Very strong',
  correctOne: params('Please correct the field marked in the form: {error}'),
  correctMany: count({ one: 'Please correct the {count} fields marked in the form.', other: 'Please correct the {count} fields marked in the form.' }),
  passwordHint: params('At least {n} characters. Upper and lower case letters, numbers and symbols make it stronger.'),
});

export const loginTexts = defineMessages('account/login', {
  login: 'Login',
  username: 'Username or email address',
  password: 'Password',
  remember: 'Remember me',
  logIn: 'Log in',
  lost: 'Lost your password?',
  newHere: 'New here?',
  register: 'Register',
  email: 'Email address',
  privacy:
    'A username is made from your email address. Your personal data will be used to support your experience throughout this website, to manage access to your account, and for other purposes described in our privacy policy.',
  haveAccount: 'Already have an account?',
});

export const passwordTexts = defineMessages('account/password', {
  sent: 'Password reset email has been sent.',
  sentNote:
    'A password reset email has been sent to the email address on file for your account, but may take several minutes to show up in your inbox. Please wait at least 10 minutes before attempting another reset.',
  backToLogin: 'Back to log in',
  lostForm: 'Lost password',
  lostIntro: 'Lost your password? Please enter your username or email address. You will receive a link to create a new password via email.',
  usernameOrEmail: 'Username or email',
  reset: 'Reset password',
  invalidKey: 'This key is invalid or has already been used. Please reset your password again if needed.',
  linkOnce: 'A reset link works once, for a limited time. Ask for a new one and use the latest mail.',
  newLink: 'Get a new reset link',
  newForm: 'New password',
  enterNew: 'Enter a new password below.',
  newPassword: 'New password',
  reenter: 'Re-enter new password',
  save: 'Save',
});

export const accountNavTexts = defineMessages('account/nav', {
  account: 'Account',
  dashboard: 'Dashboard',
  orders: 'Orders',
  addresses: 'Addresses',
  details: 'Account details',
  logOut: 'Log out',
});

export const accountFormTexts = defineMessages('account/forms', {
  billing: 'Billing address',
  shipping: 'Shipping address',
  editBilling: 'Edit billing address',
  editShipping: 'Edit shipping address',
  addressesIntro: 'The following addresses will be used on the checkout page by default.',
  noAddress: 'You have not set up this type of address yet.',
  email: 'Email address',
  phone: 'Phone',
  saveAddress: 'Save address',
  details: 'Account details',
  firstName: 'First name',
  lastName: 'Last name',
  displayName: 'Display name',
  displayHint: 'This will be how your name will be displayed in the account section and in reviews.',
  passwordChange: 'Password change',
  currentPassword: 'Current password (leave blank to leave unchanged)',
  newPassword: 'New password (leave blank to leave unchanged)',
  confirmPassword: 'Confirm new password',
  save: 'Save changes',
});

export const accountOrdersTexts = defineMessages('account/orders', {
  hello: 'Hello ',
  notYou: ' (not ',
  notYouEnd: '? ',
  logOut: 'Log out',
  closing: ')',
  dashboardFrom: 'From your account dashboard you can view your ',
  dashboardManage: ', manage your ',
  dashboardAnd: ', and ',
  dashboardEnd: '.',
  recentOrders: 'recent orders',
  addresses: 'shipping and billing addresses',
  editDetails: 'edit your password and account details',
  continueExternal: 'Continue on the shop’s site',
  externalNote: 'This shop keeps your order history on its own site; it does not share the list with this storefront.',
  seeExternal: 'See your orders on the shop’s site',
  none: 'No order has been made yet.',
  browse: 'Browse products',
  caption: 'Your orders',
  captionPage: params('Your orders, page {page} of {pages}'),
  order: 'Order',
  date: 'Date',
  status: 'Status',
  total: 'Total',
  actions: 'Actions',
  view: 'View',
  viewOrder: params('View order {number}'),
  pages: 'Orders pages',
  previous: 'Previous',
  next: 'Next',
  orderPrefix: 'Order #',
  placedOn: ' was placed on ',
  placedAnd: ' and',
  currently: ' is currently ',
  end: '.',
  back: 'Back to your orders',
});

/** Order statuses' labels, by status (an unknown status shows the shop's label). */
export const orderStatusTexts = defineMessages('account/status', {
  pending: 'Pending payment',
  processing: 'Processing',
  'on-hold': 'On hold',
  completed: 'Completed',
  cancelled: 'Cancelled',
  refunded: 'Refunded',
  failed: 'Failed',
  'checkout-draft': 'Draft',
});
