/**
 * `/wp-admin/admin-ajax.php`:
 *
 * - `action=rest-nonce` answers the current session's Store API nonce as plain text (this shop lets
 *   guests refresh it);
 * - the newsletter provider's capture actions (Mailchimp for WooCommerce's, `wire-protocol.md` §5),
 *   while the newsletter is on: `mailchimp_set_user_by_email` (POST form `email`, `mc_language`,
 *   `subscribed`) records an opt-in with its consent (`services/subscribers.ts`), and
 *   `mailchimp_get_user_by_hash` (POST, `hash` in the query) answers the subscribed address behind
 *   a cart hash. Both answer the provider's `{success, email}`; bad input is a 400 naming the field,
 *   and both share a per-client limit (the set-user action is a known target of bulk sign-ups).
 *
 * - the wishlist's stock actions (YITH WooCommerce Wishlist's, `wire-protocol.md` §1) while the
 *   wishlist plugin is on (`routes/wishlist.ts`);
 * - the reviews' and questions' stock actions (Customer Reviews for WooCommerce's, `wire-protocol.md`
 *   §2) while those plugins are on (`routes/reviews.ts`).
 *
 * Anything else answers `0` with 400, as WordPress does for an action without a handler.
 */
import type { Context } from 'hono';
import { isEmail } from '../../src/core/rules/forms.js';
import { clientAddress } from '../lib/address.js';
import { createNonce } from '../lib/crypto.js';
import { mediaType } from '../lib/request.js';
import { dbRateLimit } from '../services/rate-limit.js';
import { recordOptIn, subscriberByHash } from '../services/subscribers.js';
import { textsIn } from '../../src/i18n/index.js';
import { newsletterTexts } from '../../src/plugins/newsletter/views/messages.js';
import { requestLocale } from '../lib/language.js';
import { getOrCreateSession } from '../session.js';
import { sendJson, type ShopDeps } from './shared.js';

/** The opt-in's words when the shop does not say otherwise (the newsletter plugin's default label). */
export const DEFAULT_OPT_IN_TEXT = 'Subscribe to our newsletter';

/** Newsletter settings of the admin-ajax endpoint. */
export interface NewsletterSettings {
  /** The words of the opt-in shoppers tick, recorded with each consent. */
  readonly optInText: string;
}

/**
 * The newsletter settings for the enabled plugins: off when the newsletter plugin is off, else its
 * opt-in label (already checked at start-up) as the recorded consent text.
 */
export function newsletterSettingsOf(plugins: ReadonlyArray<{ readonly name: string; readonly options: unknown }>): NewsletterSettings | false {
  const plugin = plugins.find((p) => p.name === 'newsletter');
  if (!plugin) return false;
  const label = (plugin.options as { readonly optInLabel?: unknown } | undefined)?.optInLabel;
  return { optInText: typeof label === 'string' && label !== '' ? label : DEFAULT_OPT_IN_TEXT };
}

/** Options of {@link adminAjax}. */
export interface AdminAjaxOptions {
  /** The newsletter's actions; null: the newsletter is off and its actions are unknown. */
  readonly newsletter: NewsletterSettings | null;
  /** Calls to the newsletter actions per client and window. @default 30 per 10 minutes */
  readonly newsletterLimit?: { readonly max: number; readonly windowMs: number };
  /**
   * The wishlist's stock actions (`routes/wishlist.ts`): a response, or null for another action.
   * Absent: the wishlist plugin is off and its actions are unknown.
   */
  readonly wishlist?: ((c: Context, action: string, form: URLSearchParams) => Promise<Response | null>) | undefined;
  /**
   * The reviews' and questions' stock actions (`routes/reviews.ts`), the same way. Absent: those
   * plugins are off.
   */
  readonly reviews?: ((c: Context, action: string, form: URLSearchParams) => Promise<Response | null>) | undefined;
}

const SET_USER = 'mailchimp_set_user_by_email';
const LOOK_UP = 'mailchimp_get_user_by_hash';

const refused = (c: Context, status: 400 | 405 | 429, field: string | null, message: string): Response =>
  sendJson(c, { success: false, email: false, message, ...(field ? { field } : {}) }, status);

/** Where the opt-in was given: the path of our own page that sent it, else `unknown`. */
const consentSource = (c: Context): string => {
  const referer = c.req.header('referer');
  if (!referer) return 'unknown';
  try {
    const url = new URL(referer);
    return url.origin === new URL(c.req.url).origin ? url.pathname.slice(0, 200) : 'unknown';
  } catch {
    return 'unknown';
  }
};

/** The handler for GET and POST `/wp-admin/admin-ajax.php`. */
export function adminAjax(deps: ShopDeps, options: AdminAjaxOptions = { newsletter: { optInText: DEFAULT_OPT_IN_TEXT } }): (c: Context) => Promise<Response> {
  const limit = options.newsletterLimit ?? { max: 30, windowMs: 10 * 60_000 };
  const newsletterGuard = dbRateLimit(deps.db, { name: 'newsletter', ...limit });

  const setUser = async (c: Context, form: URLSearchParams, settings: NewsletterSettings): Promise<Response> => {
    if (c.req.method !== 'POST') return refused(c, 405, null, 'Send the address in a POST.');
    const email = (form.get('email') ?? '').trim();
    const language = form.get('mc_language') ?? 'en';
    const subscribed = form.get('subscribed') ?? '0';
    if (email === '' || email.length > 254 || !isEmail(email) || !/\.[A-Za-z]{2,63}$/.test(email)) return refused(c, 400, 'email', 'Please enter a valid email address.');
    if (!/^[a-z]{2}$/.test(language)) return refused(c, 400, 'mc_language', 'mc_language must be a two-letter language code.');
    if (subscribed !== '0' && subscribed !== '1') return refused(c, 400, 'subscribed', 'subscribed must be 1 or 0.');
    if (!(await newsletterGuard.take(clientAddress(c)))) return refused(c, 429, null, 'Too many sign-ups from this address. Please try again later.');
    // Only an opt-in is kept; an address without one is taken and forgotten.
    // The words the shopper agreed to: the default label in the page's language, or the shop's own label as written.
    const text = settings.optInText === newsletterTexts.base.optIn ? textsIn(newsletterTexts, requestLocale(c)).optIn : settings.optInText;
    if (subscribed === '1') await recordOptIn(deps.db, { email, language, source: consentSource(c), text, at: new Date() });
    return sendJson(c, { success: true, email });
  };

  const lookUp = async (c: Context, hash: string): Promise<Response> => {
    if (c.req.method !== 'POST') return refused(c, 405, null, 'Send the lookup in a POST.');
    if (!/^[0-9a-f]{32}$/i.test(hash)) return refused(c, 400, 'hash', 'hash must be 32 hexadecimal digits.');
    if (!(await newsletterGuard.take(clientAddress(c)))) return refused(c, 429, null, 'Too many lookups from this address. Please try again later.');
    const email = await subscriberByHash(deps.db, hash);
    return sendJson(c, email === null ? { success: false, email: false } : { success: true, email });
  };

  return async (c: Context) => {
    c.header('Cache-Control', 'no-store');
    c.header('X-Robots-Tag', 'noindex');
    let action = c.req.query('action');
    const form = c.req.method === 'POST' && mediaType(c) === 'application/x-www-form-urlencoded' ? new URLSearchParams(await c.req.text()) : new URLSearchParams();
    action ??= form.get('action') ?? undefined;
    if (action === 'rest-nonce') {
      const session = await getOrCreateSession(c);
      return c.text(createNonce(await deps.keys(), session.id));
    }
    if (options.newsletter && action === SET_USER) return setUser(c, form, options.newsletter);
    if (options.newsletter && action === LOOK_UP) return lookUp(c, c.req.query('hash') ?? '');
    if (options.wishlist && action !== undefined) {
      const answered = await options.wishlist(c, action, form);
      if (answered) return answered;
    }
    if (options.reviews && action !== undefined) {
      const answered = await options.reviews(c, action, form);
      if (answered) return answered;
    }
    return c.text('0', 400);
  };
}
