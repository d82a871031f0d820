/**
 * The shop's languages: English (`en-PH`, the base) and Filipino (`fil-PH`), through
 * `@nanostores/i18n`.
 *
 * - Each area of the shop declares its messages once with {@link defineMessages}: a component name
 *   and its English texts (plain strings, `params('… {name} …')` for values, `count({ one, other })`
 *   for plurals, chosen by the language's own plural rules through `Intl.PluralRules`). Those
 *   declarations are the English catalogue (`npm run i18n` writes it out as
 *   `src/i18n/locales/en-PH.json` for translators).
 * - The Filipino catalogue is `src/i18n/locales/fil-PH.json`: the same component names and keys.
 *   A test fails when a key is missing there, when its `{values}` differ, or when a component's
 *   texts are not declared through here.
 * - A page is in one language for its whole life (switching is a navigation, `?lang=`), so the
 *   browser needs only that language's catalogue, read before hydration ({@link setCatalogue}); the
 *   server holds both and renders each request in its own language (one i18n instance per language,
 *   so two requests in different languages never share state).
 * - Money stays `en-PH` formatted (₱1,234.50) in both languages; dates follow the page's language.
 */
import type { count as pluralCount, params as templateParams } from '@nanostores/i18n';
import { createI18n, strings, transform, type Components, type ComponentsJSON, type I18n, type Messages, type Translations } from '@nanostores/i18n';
import { atom } from 'nanostores';

/** One `Intl.PluralRules` per language: making one costs far more than asking it (a profile of a filter click spent a fifth of its time making them, one per count shown). */
const pluralRules = new Map<string, Intl.PluralRules>();
const pluralOf = (locale: string, n: number): Intl.LDMLPluralRule => {
  let rules = pluralRules.get(locale);
  if (!rules) {
    rules = new Intl.PluralRules(locale);
    pluralRules.set(locale, rules);
  }
  return rules.select(n);
};

/**
 * Plural forms (`count({ one: '{count} item', other: '{count} items' })`), chosen by the
 * language's plural rules as the library's own `count` does (a form the language has but the text
 * lacks falls back to `other`, then `many`), with the rules made once per language.
 */
export const count = transform((locale: string, translation: Readonly<Record<string, string>>, n: number) => {
  let form: string = pluralOf(locale, n);
  if (!(form in translation)) form = 'other' in translation ? 'other' : 'many';
  return strings(translation[form] ?? '', (text: string) => text.replace(/\{count\}/g, () => String(n)));
}) as unknown as typeof pluralCount;

/**
 * `{name}` placeholders filled with values, typed from the English text like the library's own
 * `params`, but in one pass with the values taken as they are: a `$&` or a `{other}` inside a
 * shopper's name stays text (a plain string replace would read `$&` as a pattern).
 */
export const params = transform((_locale: string, translation: string, values: Readonly<Record<string, string | number>>) =>
  strings(translation, (text: string) => text.replace(/\{(\w+)\}/g, (whole, name: string) => (Object.hasOwn(values, name) ? String(values[name]) : whole))),
) as unknown as typeof templateParams;

export const LOCALES = ['en-PH', 'fil-PH'] as const;
export type Locale = (typeof LOCALES)[number];
export const BASE_LOCALE: Locale = 'en-PH';

/** Each language's name in that language (the language switch shows them so). */
export const LANGUAGE_NAMES: Readonly<Record<Locale, string>> = { 'en-PH': 'English', 'fil-PH': 'Filipino' };

/** The `?lang=` value of each language (the language switch's links, `hreflang` alternates). */
export const LANG_PARAM: Readonly<Record<Locale, string>> = { 'en-PH': 'en', 'fil-PH': 'fil' };

/** The language a `?lang=` value or a cookie names, or null. */
export const localeOf = (value: string | null | undefined): Locale | null => {
  if (value === undefined || value === null) return null;
  const key = value.trim().toLowerCase();
  if (key === 'en' || key === 'en-ph') return 'en-PH';
  if (key === 'fil' || key === 'fil-ph' || key === 'tl' || key === 'tl-ph') return 'fil-PH';
  return null;
};

const catalogues: Partial<Record<Locale, ComponentsJSON>> = {};
const instances = new Map<Locale, I18n<Locale>>();

/**
 * Gives a language's catalogue (before anything in that language renders): the server gives the
 * Filipino one at start, the browser the page's before it hydrates. Catalogues add up: a component
 * given again replaces the earlier one, others stay (the server gives the pages' catalogue and its
 * own, `fil-PH.server.json`, in whichever order its modules load).
 */
export function setCatalogue(locale: Locale, catalogue: ComponentsJSON, options: { readonly replace?: boolean } = {}): void {
  // `replace` (tests): this catalogue alone, so a component left out of it shows its English texts.
  catalogues[locale] = options.replace ? { ...catalogue } : { ...catalogues[locale], ...catalogue };
  instances.delete(locale);
}

const instance = (locale: Locale): I18n<Locale> => {
  let found = instances.get(locale);
  if (!found) {
    const catalogue = catalogues[locale];
    found = createI18n(atom(locale), {
      baseLocale: BASE_LOCALE,
      ...(catalogue && locale !== BASE_LOCALE ? { cache: { [locale]: catalogue } as unknown as Record<Locale, Components> } : {}),
      // Every catalogue is given before rendering (above): a component missing from one shows its English texts.
      get: () => Promise.resolve({}),
    });
    instances.set(locale, found);
  }
  return found;
};

/** One area's messages, by language. */
export interface MessageSet<Body extends Translations> {
  readonly component: string;
  readonly base: Body;
  /** The messages in `locale` (English where the catalogue has no text). */
  readonly in: (locale: Locale) => Messages<Body>;
}

/**
 * Declares an area's messages: `component` names it in the catalogues (`area/part`, e.g.
 * `shell/header`), `base` holds its English texts.
 */
export function defineMessages<Body extends Translations>(component: string, base: Body): MessageSet<Body> {
  const byLocale = new Map<I18n<Locale>, Messages<Body>>();
  return {
    component,
    base,
    in: (locale) => {
      const i18n = instance(locale);
      let messages = byLocale.get(i18n);
      if (!messages) {
        messages = i18n(component, base);
        byLocale.set(i18n, messages);
      }
      return messages;
    },
  };
}

/** The texts of `set` in `locale`, outside React (a controller's message, an email). */
export const textsIn = <Body extends Translations>(set: MessageSet<Body>, locale: Locale): Body => set.in(locale).get();

/** The cookie that keeps a shopper's language (set by `?lang=`). */
export const LANG_COOKIE = 'suki_lang';

/** The page's language from the shopper's Cookie header (the `?lang=` of a request is turned into that cookie first). */
export const localeFromCookie = (cookieHeader: string): Locale => {
  for (const part of cookieHeader.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === LANG_COOKIE) return localeOf(decodeURIComponent(part.slice(eq + 1).trim())) ?? BASE_LOCALE;
  }
  return BASE_LOCALE;
};

/**
 * A query string without its `lang` (the language switch's one-time parameter: the server turns it
 * into the cookie and renders, and caches, the page without it, so links built in the browser
 * leave it out too).
 */
export const withoutLanguage = (search: string): string => {
  const params = new URLSearchParams(search);
  if (!params.has('lang')) return search;
  params.delete('lang');
  const rest = params.toString();
  return rest === '' ? '' : `?${rest}`;
};
