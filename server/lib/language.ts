/**
 * The languages of what the server writes outside pages (emails, the contact forms' answers):
 *
 * - the request's language: `?lang=` on the request, else the `suki_lang` cookie the pages set,
 *   else English (`en-PH`); a form may name its own (`languageOfField`: Contact Form 7's
 *   `_wpcf7_locale`, or `lang`);
 * - the shop's language (`ShopDeps.shopLocale`, `en-PH` unless the app is told otherwise): mails to
 *   the shop (new order, contact message, review to moderate, estimate request) are in it.
 *
 * {@link languageMiddleware} keeps both for the length of each request, so code that queues a mail
 * for the shopper inside a request (a password reset, a welcome mail) writes it in the language the
 * shopper was using without every caller passing it along; code outside a request (a staff status
 * change mails the shopper in the order's stored language) passes the language itself.
 *
 * The server holds both languages: the Filipino catalogues (the pages' and `fil-PH.server.json`,
 * the server's own) are given here, so a mail is Filipino whether or not a page was rendered first.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { Context, MiddlewareHandler } from 'hono';
import { getCookie } from 'hono/cookie';
import { BASE_LOCALE, LANG_COOKIE, localeOf, setCatalogue, type Locale } from '../../src/i18n/index.js';
import filipino from '../../src/i18n/locales/fil-PH.json' with { type: 'json' };
import filipinoServer from '../../src/i18n/locales/fil-PH.server.json' with { type: 'json' };

// The pages' catalogue and the server's own (which no browser fetches); catalogues add up, so the
// renderer giving the pages' one again changes nothing here.
setCatalogue('fil-PH', filipino);
setCatalogue('fil-PH', filipinoServer);

/** The languages a request runs under. */
export interface Languages {
  /** The shopper's: what the request asked for. */
  readonly request: Locale;
  /** The shop's own (mails to the shop). */
  readonly shop: Locale;
}

const current = new AsyncLocalStorage<Languages>();

/**
 * The language a form or an API caller names: `fil`, `fil-PH`, `fil_PH`, `tl` are Filipino; `en`,
 * `en_US`, `en-PH` (any English) are English; anything else names none (null).
 */
export function languageOfField(value: string | null | undefined): Locale | null {
  if (value === undefined || value === null) return null;
  const primary = value.trim().toLowerCase().replace(/_/g, '-').split('-')[0] ?? '';
  if (primary === 'en') return 'en-PH';
  if (primary === 'fil' || primary === 'tl') return 'fil-PH';
  return localeOf(value);
}

/** The request's language: `?lang=`, else the `suki_lang` cookie, else English. */
export function requestLocale(c: Context): Locale {
  const asked = localeOf(c.req.query('lang'));
  if (asked) return asked;
  return localeOf(getCookie(c, LANG_COOKIE)) ?? BASE_LOCALE;
}

/** Keeps the request's and the shop's languages for everything the request runs. */
export const languageMiddleware =
  (shop: Locale): MiddlewareHandler =>
  (c, next) =>
    current.run({ request: requestLocale(c), shop }, next);

/** The shopper's language in the request being handled (English outside one). */
export const shopperLanguage = (): Locale => current.getStore()?.request ?? BASE_LOCALE;

/** The shop's language in the request being handled (English outside one). */
export const shopLanguage = (): Locale => current.getStore()?.shop ?? BASE_LOCALE;

/** Runs `work` as if inside a request in these languages (tests, jobs). */
export const withLanguages = <T>(languages: Languages, work: () => T): T => current.run(languages, work);
