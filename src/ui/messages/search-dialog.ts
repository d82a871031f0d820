/** The search dialog's texts; only the dialog's lazy chunk imports this (Filipino in `src/i18n/locales/fil-PH/shell.json`). */
import { count, defineMessages, params } from '../../i18n/index.js';

export const searchDialogTexts = defineMessages('shell/search-dialog', {
  dialog: 'Search the shop',
  close: 'Close search',
  searching: 'Searching…',
  failed: 'Search is not available right now. Press Enter to try the full results page.',
  none: params('No products match “{term}”.'),
  /** `{term}` is filled in after the count (the form picked by the count). */
  found: count({ one: '{count} product matches “{term}”.', other: '{count} products match “{term}”.' }),
  suggestions: 'Search suggestions',
  seeAll: params('See all {total} results'),
});
