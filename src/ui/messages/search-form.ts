/** The search form's and the header's search button's texts (Filipino in `src/i18n/locales/fil-PH/shell.json`). */
import { defineMessages } from '../../i18n/index.js';

export const searchFormTexts = defineMessages('shell/search-form', {
  region: 'Products',
  label: 'Search products',
  placeholder: 'Search products…',
  search: 'Search',
});
