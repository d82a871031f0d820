/** The store notice's, cart error/retry notices' and live announcements' texts (Filipino in `src/i18n/locales/fil-PH/shell.json`). */
import { count, defineMessages, params } from '../../i18n/index.js';

export const noticeTexts = defineMessages('shell/notices', {
  storeNotice: 'Store notice',
  dismiss: 'Dismiss',
  yourChange: 'Your change',
  quoted: params('“{name}”'),
  slow: 'The shop is slow to answer',
  unreachable: 'The shop cannot be reached',
  keptUntilReconnect: params('{why}. {what} is kept and will be sent when the connection is back.'),
  keptRetrying: params('{why}. {what} is kept and will be sent again (attempt {attempt} of {of}).'),
  /** Said in the live region (without the attempt count). */
  keptRetryingSaid: params('{why}. {what} is kept and will be sent again.'),
  added: params('“{name}” added to your cart'),
  removed: params('“{name}” removed from your cart'),
  quantityChanged: params('Quantity of “{name}” changed to {quantity}'),
  cartFailed: 'Could not update your cart.',
  noneFiltered: 'No products match these filters.',
  filtered: count({ one: '{count} product matches these filters.', other: '{count} products match these filters.' }),
});
