/** The header's, footer's and consent banner's texts (English; Filipino in `src/i18n/locales/fil-PH.json`). */
import { defineMessages, params } from '../../i18n/index.js';

export const chromeTexts = defineMessages('shell/chrome', {
  skip: 'Skip to content',
  categories: 'Categories',
  myAccount: 'My account',
  myAccountOf: params('My account: {name}'),
  shopAll: 'Shop all',
  blog: 'Blog',
  menu: 'Menu',
  close: 'Close',
  goToTop: 'Go to top',
  prices: 'Prices in Philippine pesos (₱), VAT included.',
  consentRegion: 'Cookie consent',
  consentText: 'Analytics cookies help us improve the shop.',
  accept: 'Accept',
  reject: 'Reject',
  language: 'Language',
  contactUs: 'Contact us',
});
