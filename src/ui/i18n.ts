/**
 * The page's language in views: `useTexts(set)` gives an area's texts in the page's language
 * (`src/i18n`), `useLocale()` the language itself.
 */
import type { Translations } from '@nanostores/i18n';
import { BASE_LOCALE, type Locale, type MessageSet } from '../i18n/index.js';
import { useUi } from './runtime-context.js';

/** The page's language. */
export const useLocale = (): Locale => useUi().state.locale ?? BASE_LOCALE;

/** Message stores given a listener of their own, which keeps them mounted. */
const mounted = new WeakSet<object>();

/**
 * Keeps a message store mounted from its first use on. Read while nothing listens to it (a render
 * reads before it subscribes, and the server never subscribes), a store mounts, computes its texts
 * again and unmounts, and each unmount sets a timer: hydrating `/shop/` read texts that way some
 * hundreds of times (about a fifth of the first hydration pass in a profile at 4x CPU). Stores are
 * one per area and language, so the listeners are few and live as long as the page (or server).
 */
const keepMounted = (store: { readonly listen: (listener: () => void) => () => void }): void => {
  if (mounted.has(store)) return;
  mounted.add(store);
  store.listen(() => undefined);
};

/**
 * An area's texts in the page's language: read, not subscribed to. Every catalogue is given before
 * anything renders (`setCatalogue`), so a page's texts never change under it. As a subscription
 * (`useSyncExternalStore`), each call was a state, a layout effect and an effect in every component
 * that shows text: a filter's ten new tiles made thirty of each, and its old tiles dropped as many.
 */
export function useTexts<Body extends Translations>(set: MessageSet<Body>): Body {
  const store = set.in(useLocale());
  keepMounted(store);
  return store.get();
}
