/**
 * The page's language in views: `useTexts(set)` gives an area's texts in the page's language
 * (`src/i18n`), `useLocale()` the language itself.
 */
import type { Translations } from '@nanostores/i18n';
import { useSyncExternalStore } from 'react';
import { BASE_LOCALE, type Locale, type MessageSet } from '../i18n/index.js';
import { useUi } from './runtime-context.js';

/** The page's language. */
export const useLocale = (): Locale => useUi().state.locale ?? BASE_LOCALE;

/** An area's texts in the page's language. */
export function useTexts<Body extends Translations>(set: MessageSet<Body>): Body {
  const store = set.in(useLocale());
  return useSyncExternalStore(store.listen, store.get, store.get);
}
