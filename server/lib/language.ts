/**
 * The language of a request the server answers itself (a form posted without scripts, a notice it
 * writes into a page): `?lang=` first (the language switch), else the `suki_lang` cookie, else
 * English, the same rule the pages handler follows (`server/pages.ts`). The server's own copy of
 * the message catalogues gets the Filipino texts here, once, so `textsIn(set, locale)` in a route
 * answers in Filipino too (the page renderer sets its own copy in `src/entry-server.tsx`).
 */
import type { Context } from 'hono';
import { localeFromCookie, localeOf, setCatalogue, type Locale } from '../../src/i18n/index.js';
import filipino from '../../src/i18n/locales/fil-PH.json' with { type: 'json' };

setCatalogue('fil-PH', filipino);

/** The language `c` is answered in. */
export const requestLocale = (c: Context): Locale =>
  localeOf(new URL(c.req.url).searchParams.get('lang')) ?? localeFromCookie(c.req.header('cookie') ?? '');
