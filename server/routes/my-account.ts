/**
 * `/my-account/…` (WooCommerce's `[woocommerce_my_account]`) on the embedded shop. Every form is
 * a plain form posted to its own page with the stock field names and nonces, so the pages work
 * before scripts and the same views serve a stock shop in upstream mode:
 *
 * - log in (`username`, `password`, `rememberme=forever`, `woocommerce-login-nonce`, `login`) and
 *   register (`email`, `password`, `woocommerce-register-nonce`, `register`) on `/my-account/`;
 * - `lost-password/` (`user_login`, `woocommerce-lost-password-nonce`, `wc_reset_password`), the
 *   mailed link (`?key=…&id=…`, kept in a cookie and taken out of the address like stock does),
 *   and the reset form (`password_1`, `password_2`, `reset_key`, `reset_login`,
 *   `woocommerce-reset-password-nonce`);
 * - `orders/[page/]`, `view-order/{id}/`, `edit-address/[billing|shipping]/` (`billing_*`,
 *   `shipping_*`, `woocommerce-edit-address-nonce`, `save_address`), `edit-account/`
 *   (`account_first_name`, `account_last_name`, `account_display_name`, `account_email`,
 *   `password_current`, `password_1`, `password_2`, `save-account-details-nonce`), and
 *   `customer-logout/?_wpnonce=…`; `verify-email/?key=…` from the welcome mail.
 *
 * Better than stock: a post whose nonce does not verify gets a clear 403 (stock shows the form
 * again silently); a lost-password request says when no mail can go out (stock says "sent");
 * wrong credentials get one message that does not name the account; attempts are limited per
 * client and per account in the database. Success is a 303 to the next page, with its notice in
 * a signed, short-lived cookie; a refusal is the page again with its notices and a 4xx.
 */
import { createHmac } from 'node:crypto';
import { Hono, type Context } from 'hono';
import { getCookie } from 'hono/cookie';
import * as v from 'valibot';
import { storeOrderSchema, toReceivedOrder } from '../../src/adapters/checkout.js';
import type { AccountCustomer, AccountFieldErrors, AccountNotice, AccountOrderRow, AccountSummary, AccountView } from '../../src/app/account-page.js';
import type { BillingAddress, ReceivedOrder } from '../../src/core/domain/checkout.js';
import { PHP } from '../../src/core/domain/money.js';
import { PH_PROVINCES } from '../../src/core/domain/ph-provinces.js';
import {
  accountKey,
  DEFAULT_PASSWORD_MIN_LENGTH,
  emailProblem,
  passwordProblem,
  passwordTooLong,
  usernameProblem,
  PASSWORD_MAX_BYTES,
} from '../../src/core/rules/account.js';
import { CHECKOUT_RULES } from '../../src/core/rules/checkout-form.js';
import { fieldError } from '../../src/core/rules/forms.js';
import { validationTexts } from '../../src/core/rules/messages.js';
import { formatMoney } from '../../src/core/rules/money.js';
import { normalisePhone } from '../../src/core/rules/ph-contact.js';
import { containsMarkup } from '../../src/core/rules/text.js';
import { clientAddress } from '../lib/address.js';
import { createNonce, verifyNonce, type Keys } from '../lib/crypto.js';
import { isHttps, mediaType, requestOrigin } from '../lib/request.js';
import { passwordResetMail, verifyEmailMail, welcomeMail } from '../mail/account-emails.js';
import { queueMail } from '../mail/outbox.js';
import { setPageInput } from '../pages.js';
import type { ShopUrls } from '../views/store-product.js';
import { storeOrderAnswer } from './store-checkout.js';
import {
  accountCustomer,
  checkCredentials,
  createCustomer,
  createResetToken,
  createVerifyToken,
  customerById,
  customerByLogin,
  customerOrders,
  ORDERS_PER_PAGE,
  recordSignIn,
  recordSignOut,
  resetPassword,
  resetTokenOwner,
  saveAddress,
  savedAddresses,
  signedInCustomer,
  updateDetails,
  verifyEmail,
  type CustomerRow,
} from '../services/accounts.js';
import { loadCart } from '../services/cart.js';
import type { CartAddress, CartBillingAddress } from '../services/cart-quote.js';
import { loadOrder, type FullOrder } from '../services/order-read.js';
import { checkPassword } from '../services/passwords.js';
import { dbRateLimit, type RateLimit } from '../services/rate-limit.js';
import { accountCartId } from '../services/session-store.js';
import { getOrCreateSession, readSessionId, rotateSession } from '../session.js';
import { statusLabel } from './order-tracking.js';
import { accountNoticeTexts, accountTitleTexts, type AccountNoticeTexts } from '../../src/app/account-notices.js';
import { BASE_LOCALE, textsIn, type Locale } from '../../src/i18n/index.js';
import { accountValidationTexts } from '../../src/core/rules/account-messages.js';
import { accountFormTexts } from '../../src/ui/messages/account.js';
import { requestLocale } from '../lib/language.js';
import { cartCookies, shopUrls, type ShopDeps } from './shared.js';

/** The stock nonce actions of the My Account forms. */
export const ACCOUNT_ACTIONS = {
  login: 'woocommerce-login',
  register: 'woocommerce-register',
  lostPassword: 'lost_password',
  resetPassword: 'reset_password',
  editAddress: 'woocommerce-edit_address',
  editAccount: 'save_account_details',
  logout: 'customer-logout',
} as const;

/** What the shop decides about accounts. */
export interface AccountSettings {
  /** Shortest password accepted. @default DEFAULT_PASSWORD_MIN_LENGTH (8) */
  readonly passwordMinLength?: number;
  /** Whether shoppers may register on `/my-account/`. @default true */
  readonly registration?: boolean;
  /** Multiplies every limit's attempts (test servers whose clients share one address). @default 1 */
  readonly limitScale?: number;
}

/** One limit: attempts per window. */
interface LimitSpec {
  readonly max: number;
  readonly windowMs: number;
}

/** The limits on sign-in, registration and reset, per client address and per account. */
export const ACCOUNT_LIMITS = {
  loginPerClient: { max: 20, windowMs: 15 * 60_000 },
  loginPerAccount: { max: 10, windowMs: 15 * 60_000 },
  registerPerClient: { max: 5, windowMs: 60 * 60_000 },
  registerPerAccount: { max: 3, windowMs: 60 * 60_000 },
  resetPerClient: { max: 5, windowMs: 15 * 60_000 },
  resetPerAccount: { max: 3, windowMs: 60 * 60_000 },
} as const satisfies Record<string, LimitSpec>;

/** The notices in English (the server's tests compare with them); the routes write them in the request's language. */
export const ACCOUNT_TEXT: AccountNoticeTexts = textsIn(accountNoticeTexts, BASE_LOCALE);

/** `Too many attempts. Try again in N minutes.` */
export const tooManyAttempts = (waitMs: number, locale: Locale = BASE_LOCALE): string => textsIn(accountNoticeTexts, locale).tooManyAttempts(Math.max(1, Math.ceil(waitMs / 60_000)));

/** The request's notices, fields' names and rules' messages. */
const textsOf = (c: Context) => {
  const locale = requestLocale(c);
  return { locale, t: textsIn(accountNoticeTexts, locale), rules: textsIn(accountValidationTexts, locale), fields: textsIn(accountFormTexts, locale) };
};

/** A My Account page's title, as the routes name it; written in the request's language. */
type AccountTitle = 'My account' | 'Lost password' | 'Reset password' | 'Orders' | 'Addresses' | 'Account details' | `Order #${number}`;

const titleIn = (title: AccountTitle, locale: Locale): string => {
  const shown = textsIn(accountTitleTexts, locale);
  const order = /^Order #(\d+)$/.exec(title);
  if (order) return shown.order({ number: order[1]! });
  const english: Readonly<Record<string, unknown>> = accountTitleTexts.base;
  const key = (Object.keys(english) as Array<keyof typeof shown>).find((k) => english[k] === title);
  const text = key === undefined ? undefined : shown[key];
  return typeof text === 'string' ? text : title;
};

const error = (text: string): AccountNotice => ({ kind: 'error', text });
const success = (text: string): AccountNotice => ({ kind: 'success', text });
const info = (text: string): AccountNotice => ({ kind: 'info', text });

// ---------------------------------------------------------------- flash notices

const FLASH_COOKIE = 'suki_account_notice';

const flashMac = (keys: Keys, sessionId: string, payload: string): string => createHmac('sha256', keys.nonce).update(`flash|${sessionId}|${payload}`).digest('base64url').slice(0, 22);

/** Queues notices for the next page of this session (after a redirect), signed so no one else can plant one. */
function setFlash(c: Context, keys: Keys, sessionId: string, notices: readonly AccountNotice[]): void {
  if (notices.length === 0) return;
  const payload = Buffer.from(JSON.stringify(notices.slice(0, 5))).toString('base64url');
  c.header('Set-Cookie', `${FLASH_COOKIE}=${payload}.${flashMac(keys, sessionId, payload)}; Path=/my-account/; Max-Age=120; HttpOnly; SameSite=Lax${isHttps(c) ? '; Secure' : ''}`, { append: true });
}

/** The notices queued for this page, when they were made for this session; and whether a cookie must be cleared. */
function takeFlash(c: Context, keys: Keys, sessionId: string): { notices: AccountNotice[]; clear: boolean } {
  const raw = getCookie(c, FLASH_COOKIE);
  if (raw === undefined) return { notices: [], clear: false };
  const [payload = '', mac = ''] = raw.split('.');
  if (payload.length > 4000 || flashMac(keys, sessionId, payload) !== mac) return { notices: [], clear: true };
  try {
    const parsed = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as unknown;
    if (!Array.isArray(parsed)) return { notices: [], clear: true };
    const notices = parsed.filter(
      (n): n is AccountNotice => typeof n === 'object' && n !== null && ['error', 'success', 'info'].includes((n as AccountNotice).kind) && typeof (n as AccountNotice).text === 'string',
    );
    return { notices, clear: true };
  } catch {
    return { notices: [], clear: true };
  }
}

const clearFlashCookie = (c: Context): string => `${FLASH_COOKIE}=; Path=/my-account/; Max-Age=0; HttpOnly; SameSite=Lax${isHttps(c) ? '; Secure' : ''}`;

// ---------------------------------------------------------------- helpers

const money = (minor: number): string => formatMoney(minor, PHP);

/** A posted form's fields; any other body counts as empty. */
const readForm = async (c: Context): Promise<URLSearchParams> => (mediaType(c) === 'application/x-www-form-urlencoded' ? new URLSearchParams(await c.req.text()) : new URLSearchParams());

/** A field's value, bounded so a huge value costs nothing further (the body limit caps it anyway). */
const fieldOf = (form: URLSearchParams, name: string): string => form.get(name) ?? '';

/** A same-site path to go to after signing in (`redirect`), else the account page. */
const safeRedirect = (value: string | null): string => {
  if (value === null || value === '' || value.length > 500) return '/my-account/';
  if (!value.startsWith('/') || value.startsWith('//') || value.includes('\\') || [...value].some((ch) => ch.charCodeAt(0) < 0x20)) return '/my-account/';
  return value;
};

const STATE_NAMES = new Set(PH_PROVINCES.map((p) => p.code));

/**
 * An order as the view-order page shows it: the Store API's answer for it, read through the
 * adapter's own mapping (the same the order-received page and upstream mode use), with the billing
 * email the account matched it by (stored normalised) rather than as it was typed.
 */
async function receivedOrder(deps: ShopDeps, urls: ShopUrls, full: FullOrder): Promise<ReceivedOrder> {
  const order = toReceivedOrder(v.parse(storeOrderSchema, await storeOrderAnswer(deps, urls, full)));
  return { ...order, billing: { ...order.billing, email: full.order.billingEmail } };
}

const ADDRESS_FIELDS = ['first_name', 'last_name', 'company', 'address_1', 'address_2', 'city', 'state', 'postcode'] as const;

/** Reads and checks a posted address with the checkout's rules; errors by stock field name. */
export function readAddressForm(form: URLSearchParams, kind: 'billing' | 'shipping', locale: Locale = BASE_LOCALE): { address: CartBillingAddress; errors: Record<string, string> } {
  const t = textsIn(accountNoticeTexts, locale);
  const errors: Record<string, string> = {};
  const values: Record<string, string> = {};
  const fields = [...ADDRESS_FIELDS, ...(kind === 'billing' ? (['phone', 'email'] as const) : [])];
  for (const field of fields) {
    const name = `${kind}_${field}`;
    const raw = fieldOf(form, name);
    const value = raw.trim();
    values[field] = value;
    if (raw.length > 1000 || [...value].length > 200) {
      errors[name] = t.tooLong;
      continue;
    }
    if (containsMarkup(value)) {
      errors[name] = t.markup;
      continue;
    }
    const rules = field === 'company' ? { maxlength: 100 } : CHECKOUT_RULES[name as keyof typeof CHECKOUT_RULES];
    const problem = fieldError(rules, value, locale);
    if (problem !== null) errors[name] = problem;
  }
  const country = fieldOf(form, `${kind}_country`).trim();
  if (country !== '' && country !== 'PH') errors[`${kind}_country`] = t.onlyPhilippines;
  if (values['state'] !== undefined && values['state'] !== '' && !STATE_NAMES.has(values['state'])) errors[`${kind}_state`] = textsIn(validationTexts, locale).oneOf;
  const phone = kind === 'billing' ? normalisePhone(values['phone'] ?? '') : null;
  const address = {
    first_name: values['first_name'] ?? '',
    last_name: values['last_name'] ?? '',
    company: values['company'] ?? '',
    address_1: values['address_1'] ?? '',
    address_2: values['address_2'] ?? '',
    city: values['city'] ?? '',
    state: values['state'] ?? '',
    postcode: values['postcode'] ?? '',
    country: 'PH',
    phone: phone && phone.ok ? phone.value : (values['phone'] ?? ''),
    email: values['email'] ?? '',
  };
  return { address, errors };
}

// ---------------------------------------------------------------- routes

/** What other features do when a shopper signs in or out (the wishlist merges a guest's lists). */
export interface SignInHooks {
  /** After sign-in or registration, once the session rotated and the cart merged. */
  readonly afterSignIn?: (c: Context, customerId: number) => Promise<void>;
  /** After log-out. */
  readonly afterSignOut?: (c: Context) => void;
}

/** Answers the My Account pages; `render` draws a page from what the route set (`setPageInput`). */
export function myAccountRoutes(deps: ShopDeps, render: (c: Context) => Promise<Response>, settings: AccountSettings = {}, hooks: SignInHooks = {}): Hono {
  const app = new Hono();
  const minLength = settings.passwordMinLength ?? DEFAULT_PASSWORD_MIN_LENGTH;
  const registrationEnabled = settings.registration ?? true;
  const scale = Math.max(1, Math.floor(settings.limitScale ?? 1));
  const limit = (name: string, spec: LimitSpec): RateLimit => dbRateLimit(deps.db, { name, max: spec.max * scale, windowMs: spec.windowMs });
  const limits = {
    loginClient: limit('account-login-client', ACCOUNT_LIMITS.loginPerClient),
    loginAccount: limit('account-login-account', ACCOUNT_LIMITS.loginPerAccount),
    registerClient: limit('account-register-client', ACCOUNT_LIMITS.registerPerClient),
    registerAccount: limit('account-register-account', ACCOUNT_LIMITS.registerPerAccount),
    resetClient: limit('account-reset-client', ACCOUNT_LIMITS.resetPerClient),
    resetAccount: limit('account-reset-account', ACCOUNT_LIMITS.resetPerAccount),
  };

  /** Both limits, client first: the wait in ms when either refuses, else 0. */
  const checkLimits = async (perClient: RateLimit, perAccount: RateLimit, client: string, account: string): Promise<number> => {
    const clientWait = await perClient.attempt(client);
    if (clientWait > 0) return clientWait;
    // The account's key is hashed: rows of the limits table never hold an address or a name.
    return perAccount.attempt(createHmac('sha256', 'suki-account-limit').update(accountKey(account)).digest('hex').slice(0, 32));
  };

  /** Draws an account page with the request's answer. */
  const page = async (c: Context, status: number, title: AccountTitle, view: AccountView, summary: AccountSummary, extra: { retryAfterMs?: number; clearFlash?: boolean } = {}): Promise<Response> => {
    setPageInput(c, { account: { status, title: titleIn(title, requestLocale(c)), view }, accountSummary: summary });
    // A copy: the renderer's answer may have frozen headers.
    const rendered = await render(c);
    const response = new Response(rendered.body, rendered);
    response.headers.set('X-Robots-Tag', 'noindex');
    if (extra.retryAfterMs !== undefined) response.headers.set('Retry-After', String(Math.max(1, Math.ceil(extra.retryAfterMs / 1000))));
    if (extra.clearFlash) response.headers.append('Set-Cookie', clearFlashCookie(c));
    return response;
  };

  const redirect = (c: Context, location: string): Response => {
    c.header('Cache-Control', 'no-store');
    return c.redirect(location, 303);
  };

  /** The request's browser session (made now for a first visit) and its account, when signed in. */
  const whoIs = async (c: Context) => {
    const session = await getOrCreateSession(c);
    const signed = session.isNew ? null : await signedInCustomer(deps.db, session.id);
    const keys = await deps.keys();
    return { session, signed, keys };
  };

  const summaryOf = (customer: CustomerRow | null): AccountSummary => (customer ? { signedIn: true, displayName: customer.displayName } : { signedIn: false, displayName: '' });

  const loginView = (keys: Keys, sessionId: string, over: Partial<Extract<AccountView, { view: 'login' }>> = {}): AccountView => ({
    view: 'login',
    mode: 'login',
    notices: [],
    username: '',
    email: '',
    rememberMe: false,
    nonces: { login: createNonce(keys, sessionId, ACCOUNT_ACTIONS.login), register: createNonce(keys, sessionId, ACCOUNT_ACTIONS.register) },
    registrationEnabled,
    passwordMinLength: minLength,
    ...over,
  });

  const logoutUrl = (keys: Keys, sessionId: string): string => `/my-account/customer-logout/?_wpnonce=${createNonce(keys, sessionId, ACCOUNT_ACTIONS.logout)}`;

  /** The common part of every signed-in view. */
  const signedInBase = (keys: Keys, sessionId: string, customer: CustomerRow | AccountCustomer, notices: readonly AccountNotice[]) => ({
    customer: 'passwordHash' in customer ? accountCustomer(customer) : customer,
    notices,
    logoutUrl: logoutUrl(keys, sessionId),
  });

  /** Sets the cart cookies for the cart the browser now has (after sign-in or sign-out). */
  const cartCookiesFor = async (c: Context, cartId: string | null): Promise<void> => {
    const lines = cartId === null ? [] : await loadCart(deps, cartId, { descriptions: false });
    for (const [name, value] of cartCookies(c, lines)) c.header(name, value, { append: true });
  };

  // ------------------------------------------------------------ /my-account/ (dashboard, login, register)

  app.get('/my-account/', async (c) => {
    const { session, signed, keys } = await whoIs(c);
    const flash = takeFlash(c, keys, session.id);
    if (!signed) {
      const resetDone = c.req.query('password-reset') === 'true';
      return page(c, 200, 'My account', loginView(keys, session.id, { notices: [...flash.notices, ...(resetDone && flash.notices.length === 0 ? [success(textsOf(c).t.resetDone)] : [])] }), summaryOf(null), { clearFlash: flash.clear });
    }
    return page(c, 200, 'My account', { view: 'dashboard', ...signedInBase(keys, session.id, signed.customer, flash.notices) }, summaryOf(signed.customer), { clearFlash: flash.clear });
  });

  app.post('/my-account/', async (c) => {
    const { session, signed, keys } = await whoIs(c);
    const form = await readForm(c);
    if (form.has('register')) return register(c, form, session.id, keys);
    if (form.has('login') || form.has('username')) return login(c, form, session.id, keys);
    const summary = summaryOf(signed?.customer ?? null);
    if (signed) return page(c, 400, 'My account', { view: 'dashboard', ...signedInBase(keys, session.id, signed.customer, [error(textsOf(c).t.unreadable)]) }, summary);
    return page(c, 400, 'My account', loginView(keys, session.id, { notices: [error(textsOf(c).t.unreadable)] }), summary);
  });

  const login = async (c: Context, form: URLSearchParams, sessionId: string, keys: Keys): Promise<Response> => {
    const username = fieldOf(form, 'username').trim();
    const password = fieldOf(form, 'password');
    const remember = fieldOf(form, 'rememberme') === 'forever';
    const keep = { username: username.length > 200 ? '' : username, rememberMe: remember };
    const refuse = (status: number, text: string, retryAfterMs?: number) =>
      page(c, status, 'My account', loginView(keys, sessionId, { ...keep, notices: [error(text)] }), summaryOf(null), retryAfterMs === undefined ? {} : { retryAfterMs });
    if (!verifyNonce(keys, sessionId, fieldOf(form, 'woocommerce-login-nonce'), ACCOUNT_ACTIONS.login)) return refuse(403, textsOf(c).t.badNonce);
    // Before anything hashes: a huge password is refused as it is.
    if (passwordTooLong(password)) return refuse(400, textsOf(c).rules.passwordTooLong({ n: PASSWORD_MAX_BYTES }));
    const nameProblem = usernameProblem(username, requestLocale(c));
    if (nameProblem !== null) return refuse(400, nameProblem);
    if (password === '') return refuse(400, textsOf(c).t.passwordMissing);
    const wait = await checkLimits(limits.loginClient, limits.loginAccount, clientAddress(c), username);
    if (wait > 0) return refuse(429, tooManyAttempts(wait, requestLocale(c)), wait);
    const checked = await checkCredentials(deps.db, username, password);
    if (!checked.ok) return refuse(401, textsOf(c).t.wrongCredentials);
    const fresh = rotateSession(c, remember ? 'remember' : 'browser');
    const signed = await recordSignIn(deps, checked.customer, sessionId, fresh.id, remember);
    await cartCookiesFor(c, accountCartId(checked.customer.id));
    await hooks.afterSignIn?.(c, checked.customer.id);
    const notices: AccountNotice[] = signed.capped.map((cut) =>
      cut.kept === 0
        ? info(textsOf(c).t.cartGone({ name: cut.name }))
        : info(textsOf(c).t.cartCapped({ kept: cut.kept, name: cut.name, wanted: cut.wanted })),
    );
    setFlash(c, keys, fresh.id, notices);
    // Something was cut: the account page says so; otherwise where the shopper was going.
    return redirect(c, notices.length > 0 ? '/my-account/' : safeRedirect(form.get('redirect')));
  };

  const register = async (c: Context, form: URLSearchParams, sessionId: string, keys: Keys): Promise<Response> => {
    const email = fieldOf(form, 'email').trim();
    const password = fieldOf(form, 'password');
    const keepEmail = email.length > 200 ? '' : email;
    const refuse = (status: number, text: string, retryAfterMs?: number) =>
      page(c, status, 'My account', loginView(keys, sessionId, { mode: 'register', email: keepEmail, notices: [error(text)] }), summaryOf(null), retryAfterMs === undefined ? {} : { retryAfterMs });
    if (!verifyNonce(keys, sessionId, fieldOf(form, 'woocommerce-register-nonce'), ACCOUNT_ACTIONS.register)) return refuse(403, textsOf(c).t.badNonce);
    if (!registrationEnabled) return refuse(403, textsOf(c).t.registrationClosed);
    if (passwordTooLong(password)) return refuse(400, textsOf(c).rules.passwordTooLong({ n: PASSWORD_MAX_BYTES }));
    const badEmail = emailProblem(email, requestLocale(c));
    if (badEmail !== null) return refuse(400, badEmail);
    const badPassword = passwordProblem(password, minLength, requestLocale(c));
    if (badPassword !== null) return refuse(400, badPassword);
    const wait = await checkLimits(limits.registerClient, limits.registerAccount, clientAddress(c), email);
    if (wait > 0) return refuse(429, tooManyAttempts(wait, requestLocale(c)), wait);
    const created = await createCustomer(deps.db, email, password);
    if (!created.ok) return refuse(409, textsOf(c).t.emailExists);
    const fresh = rotateSession(c, 'browser');
    await recordSignIn(deps, created.customer, sessionId, fresh.id, false);
    await cartCookiesFor(c, accountCartId(created.customer.id));
    await hooks.afterSignIn?.(c, created.customer.id);
    const mailed = await sendVerification(c, created.customer, 'welcome');
    setFlash(c, keys, fresh.id, [
      success(textsOf(c).t.created({ username: created.customer.username })),
      mailed ? info(textsOf(c).t.verifySent({ email: created.customer.email })) : error(textsOf(c).t.verifyUnsent),
    ]);
    return redirect(c, '/my-account/');
  };

  /** Queues a verification mail (welcome or changed address); false when no mail can go out. */
  const sendVerification = async (c: Context, customer: CustomerRow, kind: 'welcome' | 'changed'): Promise<boolean> => {
    if (deps.mailEnabled !== true) return false;
    await deps.db.transaction(async (tx) => {
      const token = await createVerifyToken(tx, customer);
      const link = `${requestOrigin(c)}/my-account/verify-email/?key=${token}`;
      await queueMail(tx, kind === 'welcome' ? welcomeMail(customer.email, customer.username, link, deps.shopName) : verifyEmailMail(customer.email, customer.username, link, deps.shopName));
    });
    deps.sendQueuedMail();
    return true;
  };

  // ------------------------------------------------------------ log out and verify

  app.get('/my-account/customer-logout/', async (c) => {
    const { session, signed, keys } = await whoIs(c);
    if (!signed) return redirect(c, '/my-account/');
    if (!verifyNonce(keys, session.id, c.req.query('_wpnonce') ?? '', ACCOUNT_ACTIONS.logout)) {
      return page(c, 403, 'My account', { view: 'dashboard', ...signedInBase(keys, session.id, signed.customer, [error(textsOf(c).t.logoutExpired)]) }, summaryOf(signed.customer));
    }
    await recordSignOut(deps.db, session.id);
    const fresh = rotateSession(c, 'guest');
    await cartCookiesFor(c, null);
    hooks.afterSignOut?.(c);
    setFlash(c, keys, fresh.id, [info(textsOf(c).t.loggedOut)]);
    return redirect(c, '/my-account/');
  });

  app.get('/my-account/verify-email/', async (c) => {
    const { session, keys } = await whoIs(c);
    const done = await verifyEmail(deps.db, c.req.query('key') ?? '');
    if (!done) {
      const signed = await signedInCustomer(deps.db, session.id);
      const notices = [error(textsOf(c).t.verifyInvalid)];
      if (signed) return page(c, 400, 'My account', { view: 'dashboard', ...signedInBase(keys, session.id, signed.customer, notices) }, summaryOf(signed.customer));
      return page(c, 400, 'My account', loginView(keys, session.id, { notices }), summaryOf(null));
    }
    const { t } = textsOf(c);
    setFlash(c, keys, session.id, [success(done.claimed > 0 ? `${t.verified} ${t.claimed(done.claimed)}` : t.verified)]);
    return redirect(c, '/my-account/');
  });

  // ------------------------------------------------------------ lost password and reset

  const RESET_COOKIE = 'wp-resetpass-suki';
  const resetCookie = (c: Context, value: string, maxAge: number) =>
    `${RESET_COOKIE}=${value}; Path=/my-account/lost-password/; Max-Age=${maxAge}; HttpOnly; SameSite=Lax${isHttps(c) ? '; Secure' : ''}`;

  const lostView = (keys: Keys, sessionId: string, over: Partial<Extract<AccountView, { view: 'lost-password' }>> = {}): AccountView => ({
    view: 'lost-password',
    notices: [],
    login: '',
    nonce: createNonce(keys, sessionId, ACCOUNT_ACTIONS.lostPassword),
    sent: false,
    ...over,
  });

  const resetView = (keys: Keys, sessionId: string, over: Partial<Extract<AccountView, { view: 'reset-password' }>> = {}): AccountView => ({
    view: 'reset-password',
    notices: [],
    nonce: createNonce(keys, sessionId, ACCOUNT_ACTIONS.resetPassword),
    key: '',
    login: '',
    valid: false,
    passwordMinLength: minLength,
    ...over,
  });

  /** The key and login the reset cookie holds, when it reads right. */
  const resetFromCookie = async (c: Context): Promise<{ key: string; login: string } | null> => {
    const raw = getCookie(c, RESET_COOKIE);
    if (raw === undefined) return null;
    const match = /^(\d{1,10}):([A-Za-z0-9_-]{20,100})$/.exec(raw);
    if (!match) return null;
    const customer = await customerById(deps.db, Number(match[1]));
    return customer ? { key: match[2] ?? '', login: customer.username } : null;
  };

  app.get('/my-account/lost-password/', async (c) => {
    const { session, signed, keys } = await whoIs(c);
    const summary = summaryOf(signed?.customer ?? null);
    const key = c.req.query('key');
    const id = c.req.query('id');
    if (key !== undefined && id !== undefined) {
      // The mailed link: keep the key in a cookie and take it out of the address (and of Referer headers).
      if (!/^\d{1,10}$/.test(id) || !/^[A-Za-z0-9_-]{20,100}$/.test(key)) {
        return page(c, 400, 'Lost password', lostView(keys, session.id, { notices: [error(textsOf(c).t.resetInvalid)] }), summary);
      }
      c.header('Set-Cookie', resetCookie(c, `${id}:${key}`, 3600), { append: true });
      return redirect(c, '/my-account/lost-password/?show-reset-form=true');
    }
    if (c.req.query('show-reset-form') === 'true') {
      const held = await resetFromCookie(c);
      const owner = held ? await resetTokenOwner(deps.db, held.key, held.login) : null;
      if (!held || !owner) return page(c, 400, 'Lost password', resetView(keys, session.id, { notices: [error(textsOf(c).t.resetInvalid)] }), summary);
      return page(c, 200, 'Reset password', resetView(keys, session.id, { key: held.key, login: held.login, valid: true }), summary);
    }
    if (c.req.query('reset-link-sent') === 'true') {
      return page(c, 200, 'Lost password', lostView(keys, session.id, { sent: true, notices: [success(textsOf(c).t.resetSent)] }), summary);
    }
    return page(c, 200, 'Lost password', lostView(keys, session.id), summary);
  });

  app.post('/my-account/lost-password/', async (c) => {
    const { session, signed, keys } = await whoIs(c);
    const form = await readForm(c);
    const summary = summaryOf(signed?.customer ?? null);
    if (form.has('password_1') || form.has('reset_key')) {
      // The reset form.
      const key = fieldOf(form, 'reset_key');
      const login = fieldOf(form, 'reset_login');
      const password = fieldOf(form, 'password_1');
      const again = fieldOf(form, 'password_2');
      const keepKey = /^[A-Za-z0-9_-]{20,100}$/.test(key) ? key : '';
      const keepLogin = login.length <= 200 ? login : '';
      const refuse = (status: number, text: string, valid = true) =>
        page(c, status, 'Reset password', resetView(keys, session.id, { key: valid ? keepKey : '', login: valid ? keepLogin : '', valid, notices: [error(text)] }), summary);
      if (!verifyNonce(keys, session.id, fieldOf(form, 'woocommerce-reset-password-nonce'), ACCOUNT_ACTIONS.resetPassword)) return refuse(403, textsOf(c).t.badNonce);
      if (passwordTooLong(password) || passwordTooLong(again)) return refuse(400, textsOf(c).rules.passwordTooLong({ n: PASSWORD_MAX_BYTES }));
      if (password !== again) return refuse(400, textsOf(c).t.passwordsDiffer);
      const badPassword = passwordProblem(password, minLength, requestLocale(c));
      if (badPassword !== null) return refuse(400, badPassword);
      const done = await resetPassword(deps.db, key, login, password);
      if (!done) return refuse(400, textsOf(c).t.resetInvalid, false);
      // Every session of the account ended. This browser, when it was one of them, starts again as a
      // guest with a new id; a guest keeps its session and cart.
      let flashFor = session.id;
      if (signed?.customer.id === done.id) {
        flashFor = rotateSession(c, 'guest').id;
        await cartCookiesFor(c, null);
      }
      c.header('Set-Cookie', resetCookie(c, '', 0), { append: true });
      setFlash(c, keys, flashFor, [success(textsOf(c).t.resetDone)]);
      return redirect(c, '/my-account/?password-reset=true');
    }
    const login = fieldOf(form, 'user_login').trim();
    const keep = login.length > 200 ? '' : login;
    const refuse = (status: number, text: string, retryAfterMs?: number) =>
      page(c, status, 'Lost password', lostView(keys, session.id, { login: keep, notices: [error(text)] }), summary, retryAfterMs === undefined ? {} : { retryAfterMs });
    if (!verifyNonce(keys, session.id, fieldOf(form, 'woocommerce-lost-password-nonce'), ACCOUNT_ACTIONS.lostPassword)) return refuse(403, textsOf(c).t.badNonce);
    const { locale, t, rules } = textsOf(c);
    const problem = usernameProblem(login, locale);
    if (problem !== null) return refuse(400, problem === rules.usernameMissing ? t.enterLogin : problem);
    const wait = await checkLimits(limits.resetClient, limits.resetAccount, clientAddress(c), login);
    if (wait > 0) return refuse(429, tooManyAttempts(wait, requestLocale(c)), wait);
    const customer = await customerByLogin(deps.db, login);
    if (!customer) return refuse(400, textsOf(c).t.unknownLogin);
    // Say so when no mail can go out, rather than "sent".
    if (deps.mailEnabled !== true) return refuse(503, textsOf(c).t.mailUnavailable);
    await deps.db.transaction(async (tx) => {
      const token = await createResetToken(tx, customer.id);
      const link = `${requestOrigin(c)}/my-account/lost-password/?key=${token}&id=${customer.id}`;
      await queueMail(tx, passwordResetMail(customer.email, customer.username, link, deps.shopName));
    });
    deps.sendQueuedMail();
    return redirect(c, '/my-account/lost-password/?reset-link-sent=true');
  });

  // ------------------------------------------------------------ signed-in pages

  /**
   * The signed-in shopper, or the login page: for a guest asking for an account page (200, as
   * stock), or posting one of its forms (401: signed out meanwhile, nothing is changed).
   */
  const requireSignedIn = async (c: Context) => {
    const who = await whoIs(c);
    if (who.signed) return { ...who, signed: who.signed };
    const posted = c.req.method === 'POST';
    return {
      ...who,
      signed: null,
      loginPage: () => page(c, posted ? 401 : 200, 'My account', loginView(who.keys, who.session.id, posted ? { notices: [error(textsOf(c).t.signedOut)] } : {}), summaryOf(null)),
    };
  };

  const ordersPage = async (c: Context, pageNumber: number) => {
    const who = await requireSignedIn(c);
    if (!who.signed) return who.loginPage();
    const { session, keys } = who;
    const customer = who.signed.customer;
    const flash = takeFlash(c, keys, session.id);
    const { rows, total } = await customerOrders(deps.db, customer.id, pageNumber);
    const totalPages = Math.max(1, Math.ceil(total / ORDERS_PER_PAGE));
    const { locale, t } = textsOf(c);
    const orders: AccountOrderRow[] = rows.map((o) => ({
      id: o.id,
      number: `#${o.id}`,
      dateCreated: new Date(o.createdAt).toISOString(),
      status: statusLabel(o.status, locale),
      total: t.orderTotal({ total: money(o.total), items: t.items(o.items) }),
      viewUrl: `/my-account/view-order/${o.id}/`,
    }));
    const status = pageNumber > totalPages ? 404 : 200;
    return page(c, status, 'Orders', { view: 'orders', ...signedInBase(keys, session.id, customer, flash.notices), orders, page: pageNumber, totalPages, externalUrl: null }, summaryOf(customer), { clearFlash: flash.clear });
  };

  app.get('/my-account/orders/', (c) => ordersPage(c, 1));
  app.get('/my-account/orders/:page/', async (c) => {
    const raw = c.req.param('page');
    const n = /^\d{1,6}$/.test(raw) ? Number(raw) : Number.NaN;
    if (!Number.isSafeInteger(n) || n < 1) return render(c);
    return ordersPage(c, n);
  });

  app.get('/my-account/view-order/:id/', async (c) => {
    const who = await requireSignedIn(c);
    if (!who.signed) return who.loginPage();
    const { session, keys } = who;
    const customer = who.signed.customer;
    const raw = c.req.param('id');
    const id = /^\d{1,10}$/.test(raw) ? Number(raw) : Number.NaN;
    const full = Number.isSafeInteger(id) ? await loadOrder(deps.db, id) : null;
    // Another account's order answers exactly as a missing one.
    if (!full || full.order.customerId !== customer.id) {
      return page(c, 404, 'My account', { view: 'dashboard', ...signedInBase(keys, session.id, customer, [error(textsOf(c).t.invalidOrder)]) }, summaryOf(customer));
    }
    return page(c, 200, `Order #${full.order.id}`, { view: 'view-order', ...signedInBase(keys, session.id, customer, []), order: await receivedOrder(deps, shopUrls(c), full) }, summaryOf(customer));
  });

  const addressView = (keys: Keys, sessionId: string, customer: CustomerRow, editing: 'billing' | 'shipping' | null, notices: readonly AccountNotice[], over: { billing?: BillingAddress; shipping?: CartAddress; fieldErrors?: AccountFieldErrors } = {}): AccountView => {
    const saved = savedAddresses(customer);
    return {
      view: 'edit-address',
      ...signedInBase(keys, sessionId, customer, notices),
      editing,
      billing: over.billing ?? { ...saved.billing, email: saved.billing.email || customer.email },
      shipping: over.shipping ?? saved.shipping,
      nonce: createNonce(keys, sessionId, ACCOUNT_ACTIONS.editAddress),
      fieldErrors: over.fieldErrors ?? {},
    };
  };

  const addressKind = (c: Context): 'billing' | 'shipping' | null | undefined => {
    const kind = c.req.param('kind');
    if (kind === undefined) return null;
    return kind === 'billing' || kind === 'shipping' ? kind : undefined;
  };

  const addressGet = async (c: Context) => {
    const kind = addressKind(c);
    if (kind === undefined) return render(c);
    const who = await requireSignedIn(c);
    if (!who.signed) return who.loginPage();
    const flash = takeFlash(c, who.keys, who.session.id);
    return page(c, 200, 'Addresses', addressView(who.keys, who.session.id, who.signed.customer, kind, flash.notices), summaryOf(who.signed.customer), { clearFlash: flash.clear });
  };
  app.get('/my-account/edit-address/', addressGet);
  app.get('/my-account/edit-address/:kind/', addressGet);

  app.post('/my-account/edit-address/:kind/', async (c) => {
    const kind = addressKind(c);
    if (kind === undefined || kind === null) return render(c);
    const who = await requireSignedIn(c);
    if (!who.signed) return who.loginPage();
    const { session, keys } = who;
    const customer = who.signed.customer;
    const form = await readForm(c);
    const summary = summaryOf(customer);
    if (!verifyNonce(keys, session.id, fieldOf(form, 'woocommerce-edit-address-nonce'), ACCOUNT_ACTIONS.editAddress)) {
      return page(c, 403, 'Addresses', addressView(keys, session.id, customer, kind, [error(textsOf(c).t.badNonce)]), summary);
    }
    const { address, errors } = readAddressForm(form, kind, requestLocale(c));
    if (Object.keys(errors).length > 0) {
      const shown = Object.fromEntries(Object.entries(address).map(([k, v]) => [k, v.length > 200 ? '' : v])) as unknown as CartBillingAddress;
      return page(
        c,
        400,
        'Addresses',
        addressView(keys, session.id, customer, kind, [error(textsOf(c).t.correctBelow)], { ...(kind === 'billing' ? { billing: shown } : { shipping: shown }), fieldErrors: errors }),
        summary,
      );
    }
    const { email: _email, ...plain } = address;
    await saveAddress(deps.db, customer, kind, kind === 'billing' ? address : plain);
    setFlash(c, keys, session.id, [success(textsOf(c).t.addressSaved)]);
    return redirect(c, '/my-account/edit-address/');
  });

  const detailsView = (keys: Keys, sessionId: string, customer: CustomerRow | AccountCustomer, notices: readonly AccountNotice[], fieldErrors: AccountFieldErrors = {}): AccountView => ({
    view: 'edit-account',
    ...signedInBase(keys, sessionId, customer, notices),
    nonce: createNonce(keys, sessionId, ACCOUNT_ACTIONS.editAccount),
    fieldErrors,
    passwordMinLength: minLength,
  });

  app.get('/my-account/edit-account/', async (c) => {
    const who = await requireSignedIn(c);
    if (!who.signed) return who.loginPage();
    const flash = takeFlash(c, who.keys, who.session.id);
    return page(c, 200, 'Account details', detailsView(who.keys, who.session.id, who.signed.customer, flash.notices), summaryOf(who.signed.customer), { clearFlash: flash.clear });
  });

  app.post('/my-account/edit-account/', async (c) => {
    const who = await requireSignedIn(c);
    if (!who.signed) return who.loginPage();
    const { session, keys } = who;
    const { customer, remember } = who.signed;
    const form = await readForm(c);
    const summary = summaryOf(customer);
    if (!verifyNonce(keys, session.id, fieldOf(form, 'save-account-details-nonce'), ACCOUNT_ACTIONS.editAccount)) {
      return page(c, 403, 'Account details', detailsView(keys, session.id, customer, [error(textsOf(c).t.badNonce)]), summary);
    }
    const firstName = fieldOf(form, 'account_first_name').trim();
    const lastName = fieldOf(form, 'account_last_name').trim();
    const displayName = fieldOf(form, 'account_display_name').trim();
    const email = fieldOf(form, 'account_email').trim();
    const current = fieldOf(form, 'password_current');
    const next = fieldOf(form, 'password_1');
    const again = fieldOf(form, 'password_2');
    const errors: Record<string, string> = {};
    const { locale, t, rules, fields } = textsOf(c);
    const nameCheck = (name: string, value: string, label: string, max: number) => {
      if (value === '') errors[name] = t.fieldRequired({ label });
      else if ([...value].length > max) errors[name] = t.fieldTooLong({ label, max });
      else if (containsMarkup(value)) errors[name] = t.fieldMarkup({ label });
    };
    nameCheck('account_first_name', firstName, fields.firstName, 100);
    nameCheck('account_last_name', lastName, fields.lastName, 100);
    nameCheck('account_display_name', displayName, fields.displayName, 100);
    const badEmail = emailProblem(email, locale);
    if (badEmail !== null) errors['account_email'] = badEmail;
    const emailChanged = badEmail === null && accountKey(email) !== customer.emailKey;
    const changingPassword = next !== '' || again !== '';
    if (passwordTooLong(current) || passwordTooLong(next) || passwordTooLong(again)) {
      errors[passwordTooLong(current) ? 'password_current' : 'password_1'] = rules.passwordTooLong({ n: PASSWORD_MAX_BYTES });
    } else if (changingPassword) {
      if (next !== again) errors['password_2'] = rules.newPasswordsDiffer;
      else {
        const bad = passwordProblem(next, minLength, locale);
        if (bad !== null) errors['password_1'] = bad;
      }
    }
    if ((changingPassword || emailChanged) && current === '' && errors['password_current'] === undefined) errors['password_current'] = textsOf(c).t.currentPasswordMissing;
    const shown: AccountCustomer = {
      ...accountCustomer(customer),
      firstName: firstName.length > 200 ? '' : firstName,
      lastName: lastName.length > 200 ? '' : lastName,
      displayName: displayName.length > 200 ? '' : displayName,
      email: email.length > 200 ? '' : email,
    };
    if (Object.keys(errors).length > 0) return page(c, 400, 'Account details', detailsView(keys, session.id, shown, [error(t.correctBelow)], errors), summary);
    if (changingPassword || emailChanged) {
      // The current password is a guess like a login: the account's login limit counts it.
      const wait = await limits.loginAccount.attempt(createHmac('sha256', 'suki-account-limit').update(customer.usernameKey).digest('hex').slice(0, 32));
      if (wait > 0) {
        return page(c, 429, 'Account details', detailsView(keys, session.id, shown, [error(tooManyAttempts(wait, locale))]), summary, { retryAfterMs: wait });
      }
      if (!(await checkPassword(customer.passwordHash, current))) {
        return page(c, 400, 'Account details', detailsView(keys, session.id, shown, [error(textsOf(c).t.currentPasswordWrong)], { password_current: textsOf(c).t.currentPasswordWrong }), summary);
      }
    }
    // A new password: this browser gets a new session id, every other session of the account ends.
    const fresh = changingPassword ? rotateSession(c, remember ? 'remember' : 'browser') : null;
    const saved = await updateDetails(deps.db, customer, { firstName, lastName, displayName, email, password: changingPassword ? next : null }, fresh ? { id: fresh.id, remember } : null);
    if (saved === 'email_taken') {
      return page(c, 409, 'Account details', detailsView(keys, session.id, shown, [error(t.emailTaken)], { account_email: t.emailTaken }), summary);
    }
    const notices: AccountNotice[] = [success(textsOf(c).t.detailsSaved)];
    if (emailChanged) {
      const mailed = await sendVerification(c, saved, 'changed');
      notices.push(mailed ? info(t.newVerifySent({ email: saved.email })) : error(t.newVerifyUnsent));
    }
    setFlash(c, keys, fresh?.id ?? session.id, notices);
    return redirect(c, '/my-account/edit-account/');
  });

  return app;
}

/**
 * The header's account summary for a page request: signed in and the name to show, or null for a
 * guest. Reads one row (by the session id, its account joined).
 */
export async function accountSummaryOf(deps: ShopDeps, c: Context): Promise<AccountSummary | null> {
  const signed = await signedInCustomer(deps.db, readSessionId(c));
  return signed ? { signedIn: true, displayName: signed.customer.displayName } : null;
}
