/**
 * The narrow screens' Filters button and the name of the filter lists' group: the only texts of
 * the filters in the listing pages' first-load code (`views/ShopSection.tsx`), so kept apart from
 * `messages.ts`, which only the lazily loaded controls import. Filipino in
 * `src/i18n/locales/fil-PH/filters.json`.
 */
import { defineMessages, params } from '../../i18n/index.js';

export const toggleTexts = defineMessages('filters/toggle', {
  filters: 'Filters',
  group: params('Filter {title}'),
});
