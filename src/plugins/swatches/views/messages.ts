/**
 * The swatches' texts (English; Filipino in `src/i18n/locales/fil-PH/swatches.json`), imported by the
 * picker only (the plugin loads on product pages alone).
 */
import { defineMessages, params } from '../../../i18n/index.js';

export const swatchTexts = defineMessages('swatches/picker', {
  /** The stock badge on a value when few are left. */
  left: params('{count} left'),
  /** A value's name when it shows a stock badge: the value, then the badge. */
  withStock: params('{name}, {left}'),
  more: 'More',
  /** `More`'s name: its text first (WCAG 2.5.3), then what it shows. */
  moreNamed: params('More: all {count} {label} options'),
  /** Why a value cannot be chosen (the core rules' reasons, `rules/variation-selection`). */
  unavailable: 'Unavailable with the options you chose.',
  outOfStock: 'Out of stock.',
  notOffered: 'Not available for this product.',
});
