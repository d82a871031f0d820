/**
 * Shopper accounts on the embedded shop, over real HTTP: registration, login (one message for
 * every wrong pair), session rotation and cookies, log out, the cart that follows the shopper
 * (merge with limits, a second browser, an empty guest cart after logout), lost password with a
 * single-use expiring link, addresses that prefill checkout, account details, the account's
 * orders (another account's order is a 404 like a missing one), email verification claiming
 * earlier guest orders, and the limits per client and per account. The account pages are drawn as
 * JSON of what the route gave the renderer (`server/test/accounts.ts`), so these tests read the
 * server's answers, not the React views.
 */
import http from 'node:http';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { hash, type Algorithm } from '@node-rs/argon2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseShopConfig } from '../src/app/shop-config.js';
import { DEFAULT_SHIPPING } from '../src/core/rules/shipping.js';
import { accountTokens, cartItems, customers, orders, products, sessions } from './db/schema.js';
import { ACCOUNT_LIMITS, ACCOUNT_TEXT } from './routes/my-account.js';
import { addToCart } from './services/cart.js';
import { placeOrder } from './services/orders.js';
import { needsRehash } from './services/passwords.js';
import { accountCartId } from './services/session-store.js';
import { Browser, startAccountShop, type AccountShop } from './test/accounts.js';

let shop: AccountShop;
let simpleId = 0;
let limitedId = 0;
const PASSWORD = 'Tr0ub4dor&3-horse';
const STORE = '/wp-json/wc/store/v1';

beforeAll(async () => {
  shop = await startAccountShop();
  const simple = await shop.ctx.db.select({ id: products.id }).from(products).where(eq(products.type, 'simple')).limit(2);
  simpleId = simple[0]!.id;
  limitedId = simple[1]!.id;
  await shop.ctx.db.update(products).set({ stockQuantity: 100, maxPerOrder: null, soldIndividually: false }).where(eq(products.id, simpleId));
  await shop.ctx.db.update(products).set({ stockQuantity: 5, maxPerOrder: null, soldIndividually: false }).where(eq(products.id, limitedId));
}, 120_000);
afterAll(async () => {
  await shop.close();
});

let clients = 0;
const browser = () => new Browser(shop.url, `198.51.100.${(clients += 1) % 250}`);
let emails = 0;
const freshEmail = (local = 'shopper') => `${local}.${(emails += 1)}@example.com`;

/** The Store API nonce and cart of this browser. */
const storeCart = async (b: Browser) => {
  const answer = await b.request(`${STORE}/cart`);
  return { nonce: answer.headers.get('nonce') ?? '', status: answer.status };
};
const cartLines = async (b: Browser): Promise<Array<{ id: number; quantity: number }>> => {
  const response = await fetch(new URL(`${STORE}/cart`, shop.url), { headers: { cookie: b.cookieHeader() } });
  const body = (await response.json()) as { items: Array<{ id: number; quantity: number }> };
  return body.items.map((i) => ({ id: i.id, quantity: i.quantity }));
};
const add = async (b: Browser, id: number, quantity: number) => {
  const { nonce } = await storeCart(b);
  const answer = await b.request(`${STORE}/cart/add-item`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', nonce, origin: shop.url },
    body: JSON.stringify({ id, quantity }),
  });
  expect(answer.status).toBe(201);
};
/** Posts on a connection of its own and answers the status (the server may stop reading early). */
const rawPost = (path: string, body: string, headers: Record<string, string>): Promise<number> =>
  new Promise((resolve, reject) => {
    let answered = false;
    const request = http.request(new URL(path, shop.url), { method: 'POST', agent: false, headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) } }, (response) => {
      answered = true;
      response.resume();
      resolve(response.statusCode ?? 0);
    });
    request.on('error', (error) => {
      if (!answered) reject(error);
    });
    request.end(body);
  });
const customerCount = async () => Number((await shop.ctx.db.select({ n: sql<number>`count(*)` }).from(customers))[0]?.n ?? 0);

describe('registration', () => {
  it('a guest sees the login and registration forms with their nonces', async () => {
    const b = browser();
    const page = await b.get('/my-account/');
    expect(page.status).toBe(200);
    expect(page.view).toMatchObject({ view: 'login', mode: 'login', registrationEnabled: true, passwordMinLength: 8 });
    expect(page.input?.accountSummary).toEqual({ signedIn: false, displayName: '' });
    expect(page.headers.get('x-robots-tag')).toBe('noindex');
  });

  it('registers, signs in with a new session id, sends the welcome mail, and the old id owns nothing', async () => {
    const b = browser();
    const { register } = await b.loginNonces();
    const before = b.session!;
    const email = freshEmail('ana.buyer');
    const answer = await b.post('/my-account/', { email, password: PASSWORD, 'woocommerce-register-nonce': register, register: 'Register' });
    expect(answer.status).toBe(303);
    expect(answer.location).toBe('/my-account/');
    const line = answer.headers.getSetCookie().find((l) => l.startsWith('suki_session='))!;
    // Without Remember me: a browser-session cookie.
    expect(line).toMatch(/^suki_session=[0-9a-f]{64}; Path=\/; HttpOnly; SameSite=Lax$/);
    expect(b.session).not.toBe(before);
    const dashboard = await b.get('/my-account/');
    expect(dashboard.view).toMatchObject({ view: 'dashboard', customer: { username: email.split('@')[0], email } });
    expect(dashboard.view?.notices.map((n) => n.text).join(' ')).toContain('Your account was created');
    expect(dashboard.input?.accountSummary).toEqual({ signedIn: true, displayName: email.split('@')[0] });
    await expect.poll(() => shop.mail.sent.some((m) => m.to === email && /verify-email\/\?key=/.test(m.text))).toBe(true);
    // The id from before registration: signed out, its row gone.
    const old = new Browser(shop.url);
    old.cookies.set('suki_session', before);
    expect((await old.get('/my-account/')).view?.view).toBe('login');
    expect(await shop.ctx.db.select().from(sessions).where(eq(sessions.id, before))).toEqual([]);
  });

  it('refuses a registered email and its Cyrillic look-alike with the stock message (409), creating nothing', async () => {
    const email = freshEmail('dup');
    expect((await browser().register(email, PASSWORD)).status).toBe(303);
    const count = await customerCount();
    const same = await browser().register(email.toUpperCase(), PASSWORD);
    expect(same.status).toBe(409);
    expect(same.view).toMatchObject({ view: 'login', mode: 'register', notices: [{ kind: 'error', text: ACCOUNT_TEXT.emailExists }] });
    // A look-alike address is not one the email rule accepts; a login with one finds the account (below).
    const lookalike = await browser().register(email.replace('d', 'ԁ').replace('p', 'р'), PASSWORD);
    expect(lookalike.status).toBe(400);
    expect(await customerCount()).toBe(count);
  });

  it('refuses hostile emails and passwords with a 4xx before anything is stored or hashed', async () => {
    const count = await customerCount();
    const cases: Array<[string, string, number]> = [
      ['<script>alert(1)</script>@example.com', PASSWORD, 400],
      [`${'a'.repeat(10_000)}@example.com`, PASSWORD, 400],
      ['nul\u0000@example.com', PASSWORD, 400],
      [freshEmail(), 'short', 400],
      [freshEmail(), 'password', 400],
      // Over 4096 bytes: refused before hashing.
      [freshEmail(), 'é'.repeat(2100), 400],
    ];
    for (const [email, password, status] of cases) {
      const answer = await browser().register(email, password);
      expect(answer.status, email.slice(0, 30)).toBe(status);
    }
    // 1 MB: refused by the body limit before the form is read (its own connection: the server stops reading).
    const b = browser();
    const { register } = await b.loginNonces();
    const body = new URLSearchParams({ email: freshEmail(), password: 'x'.repeat(1024 * 1024), 'woocommerce-register-nonce': register, register: 'Register' }).toString();
    expect(await rawPost('/my-account/', body, { 'content-type': 'application/x-www-form-urlencoded', cookie: b.cookieHeader(), origin: shop.url })).toBe(413);
    expect(await customerCount()).toBe(count);
  });

  it('refuses a post whose nonce does not verify with a clear 403 (stock ignores it silently)', async () => {
    const b = browser();
    await b.get('/my-account/');
    const session = b.session;
    const answer = await b.post('/my-account/', { email: freshEmail(), password: PASSWORD, 'woocommerce-register-nonce': '0000000000', register: 'Register' });
    expect(answer.status).toBe(403);
    expect(answer.view?.notices).toEqual([{ kind: 'error', text: ACCOUNT_TEXT.badNonce }]);
    expect(b.session).toBe(session);
  });
});

describe('the shop’s account settings (plugins.config.ts `accounts`)', () => {
  it('a longer minimum is shown and enforced, and closed registration refuses a post', async () => {
    const strict = await startAccountShop({ accounts: { passwordMinLength: 20 } });
    const closed = await startAccountShop({ accounts: { registration: false } });
    try {
      const b = new Browser(strict.url, '198.51.100.251');
      const page = await b.get('/my-account/');
      expect(page.view).toMatchObject({ view: 'login', passwordMinLength: 20, registrationEnabled: true });
      const { register } = await b.loginNonces();
      // Long enough for the default minimum, too short for this shop's.
      const refused = await b.post('/my-account/', { email: 'strict.1@example.com', password: PASSWORD, 'woocommerce-register-nonce': register, register: 'Register' });
      expect(refused.status).toBe(400);
      expect(await strict.ctx.db.select().from(customers)).toHaveLength(0);
      const c = new Browser(closed.url, '198.51.100.252');
      expect((await c.get('/my-account/')).view).toMatchObject({ view: 'login', registrationEnabled: false });
      const nonces = await c.loginNonces();
      const post = await c.post('/my-account/', { email: 'closed.1@example.com', password: PASSWORD, 'woocommerce-register-nonce': nonces.register, register: 'Register' });
      expect(post.status).toBeGreaterThanOrEqual(400);
      expect(await closed.ctx.db.select().from(customers)).toHaveLength(0);
    } finally {
      await strict.close();
      await closed.close();
    }
  });

  it('plugins.config.ts: the minimum is checked at start-up (8 to 128)', () => {
    const base = { shop: { name: 'S', tagline: '', storeNotice: null }, consent: { default: 'ask' }, cart: { redirectAfterAdd: false }, plugins: {} };
    expect(parseShopConfig({ ...base, accounts: { passwordMinLength: 12, registration: false } }).accounts).toEqual({ passwordMinLength: 12, registration: false });
    expect(() => parseShopConfig({ ...base, accounts: { passwordMinLength: 4 } })).toThrow(/accounts\.passwordMinLength/);
    expect(() => parseShopConfig({ ...base, accounts: { passwordMinLength: 'long' } })).toThrow(/accounts\.passwordMinLength/);
  });
});

describe('login and logout', () => {
  let email = '';
  let username = '';
  beforeAll(async () => {
    email = freshEmail('login');
    username = email.split('@')[0]!;
    expect((await browser().register(email, PASSWORD)).status).toBe(303);
  });

  it('one message for a wrong password and an unknown account, and nothing changes', async () => {
    const b = browser();
    await b.get('/my-account/');
    const session = b.session;
    const wrong = await b.login(email, 'Wrong-password-123');
    const unknown = await b.login('nobody@example.com', 'Wrong-password-123');
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.view?.notices).toEqual([{ kind: 'error', text: ACCOUNT_TEXT.wrongCredentials }]);
    expect(unknown.view?.notices).toEqual(wrong.view?.notices);
    expect(wrong.view?.notices[0]?.text).not.toContain(email);
    expect(b.session).toBe(session);
  });

  it('logs in by username or email (any case, look-alikes too); Remember me gives a 14-day cookie', async () => {
    const byName = browser();
    const answer = await byName.login(username.toUpperCase(), PASSWORD, true);
    expect(answer.status).toBe(303);
    expect(answer.headers.getSetCookie().find((l) => l.startsWith('suki_session='))).toMatch(/Max-Age=1209600; HttpOnly; SameSite=Lax$/);
    expect((await byName.get('/my-account/')).view?.view).toBe('dashboard');
    const byEmail = browser();
    expect((await byEmail.login(email.replace('o', 'о'), PASSWORD)).status).toBe(303);
    const [row] = await shop.ctx.db.select({ remember: sessions.remember, expires: sessions.expiresAt }).from(sessions).where(eq(sessions.id, byName.session!));
    expect(row?.remember).toBe(true);
    expect(Date.parse(row!.expires) - Date.now()).toBeGreaterThan(13 * 86_400_000);
  });

  it('refuses login CSRF from a foreign origin (403) and a bad nonce (403), signing nobody in', async () => {
    const b = browser();
    const { login } = await b.loginNonces();
    const session = b.session;
    const foreign = await b.post('/my-account/', { username, password: PASSWORD, 'woocommerce-login-nonce': login, login: 'Log in' }, 'https://evil.example');
    expect(foreign.status).toBe(403);
    const forged = await b.post('/my-account/', { username, password: PASSWORD, 'woocommerce-login-nonce': 'abcdef0123', login: 'Log in' });
    expect(forged.status).toBe(403);
    expect(b.session).toBe(session);
    expect((await b.get('/my-account/')).view?.view).toBe('login');
  });

  it('refuses hostile usernames with a 400 before any password check', async () => {
    for (const name of ['<b>ana</b>', 'a'.repeat(10_000), '\u200b']) {
      const answer = await browser().login(name, PASSWORD);
      expect(answer.status, name.slice(0, 20)).toBe(400);
    }
  });

  it('logs out through the nonce link: new guest id, the old id signed out; a bad nonce is a 403', async () => {
    const b = browser();
    await b.login(email, PASSWORD);
    const signedIn = b.session!;
    const bad = await b.get('/my-account/customer-logout/?_wpnonce=0123456789');
    expect(bad.status).toBe(403);
    expect(bad.view).toMatchObject({ view: 'dashboard', notices: [{ kind: 'error', text: ACCOUNT_TEXT.logoutExpired }] });
    const out = await b.logout();
    expect(out.status).toBe(303);
    expect(b.session).not.toBe(signedIn);
    expect((await b.get('/my-account/')).view).toMatchObject({ view: 'login', notices: [{ kind: 'info', text: ACCOUNT_TEXT.loggedOut }] });
    const old = new Browser(shop.url);
    old.cookies.set('suki_session', signedIn);
    expect((await old.get('/my-account/')).view?.view).toBe('login');
  });

  it('rehashes a password stored with older Argon2 parameters at the next login', async () => {
    const target = freshEmail('rehash');
    expect((await browser().register(target, PASSWORD)).status).toBe(303);
    const old = await hash(PASSWORD, { algorithm: 2 as Algorithm.Argon2id, memoryCost: 4096, timeCost: 1, parallelism: 1 });
    await shop.ctx.db.update(customers).set({ passwordHash: old }).where(eq(customers.email, target));
    expect((await browser().login(target, PASSWORD)).status).toBe(303);
    const [row] = await shop.ctx.db.select({ hash: customers.passwordHash }).from(customers).where(eq(customers.email, target));
    expect(row?.hash).not.toBe(old);
    expect(needsRehash(row!.hash)).toBe(false);
    expect(row?.hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect((await browser().login(target, PASSWORD)).status).toBe(303);
  });

  it('limits registration and reset requests per client', async () => {
    // Browsers behind one address.
    const statuses: number[] = [];
    for (let i = 0; i <= ACCOUNT_LIMITS.registerPerClient.max; i++) statuses.push((await new Browser(shop.url, '203.0.113.77').register(freshEmail('many'), PASSWORD)).status);
    expect(statuses.slice(0, -1).every((s) => s === 303)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    const asker = new Browser(shop.url, '203.0.113.78');
    let last = 0;
    for (let i = 0; i <= ACCOUNT_LIMITS.resetPerClient.max; i++) {
      const page = await asker.get('/my-account/lost-password/');
      if (page.view?.view !== 'lost-password') throw new Error('no view');
      last = (await asker.post('/my-account/lost-password/', { user_login: freshEmail('unknown'), wc_reset_password: 'true', 'woocommerce-lost-password-nonce': page.view.nonce })).status;
    }
    expect(last).toBe(429);
  });

  it('limits login attempts per account: "Too many attempts. Try again in N minutes." (429)', async () => {
    const target = freshEmail('limited');
    expect((await browser().register(target, PASSWORD)).status).toBe(303);
    let last = null;
    for (let i = 0; i <= ACCOUNT_LIMITS.loginPerAccount.max; i++) last = await browser().login(target, 'Wrong-password-123');
    expect(last?.status).toBe(429);
    expect(last?.view?.notices[0]?.text).toBe('Too many attempts. Try again in 15 minutes.');
    expect(Number(last?.headers.get('retry-after'))).toBeGreaterThan(800);
    // Even the right password waits: the limit is the account's, whoever asks.
    expect((await browser().login(target, PASSWORD)).status).toBe(429);
  });
});

describe('the cart follows the shopper', () => {
  it('merges the guest cart at login (limits applied, a notice), a second browser sees it, logout leaves an empty guest cart', async () => {
    const email = freshEmail('cart');
    const first = browser();
    expect((await first.register(email, PASSWORD)).status).toBe(303);
    await add(first, limitedId, 3);
    expect(await cartLines(first)).toEqual([{ id: limitedId, quantity: 3 }]);
    await first.logout();
    expect(await cartLines(first)).toEqual([]);

    // A guest elsewhere fills a cart, then logs in: 3 + 4 of a product with 5 in stock → 5.
    const second = browser();
    await add(second, limitedId, 4);
    await add(second, simpleId, 2);
    const answer = await second.login(email, PASSWORD);
    expect(answer.location).toBe('/my-account/');
    expect(await cartLines(second)).toEqual([
      { id: limitedId, quantity: 5 },
      { id: simpleId, quantity: 2 },
    ]);
    const dashboard = await second.get('/my-account/');
    expect(dashboard.view?.notices.some((n) => n.kind === 'info' && n.text.includes('5 of'))).toBe(true);
    // The notice shows once.
    expect((await second.get('/my-account/')).view?.notices).toEqual([]);

    // The first browser signs in again: the same cart.
    await first.login(email, PASSWORD);
    expect(await cartLines(first)).toEqual(await cartLines(second));
    await add(first, simpleId, 1);
    expect(await cartLines(second)).toContainEqual({ id: simpleId, quantity: 3 });
    // The guest cart's rows went with its session.
    const leftovers = await shop.ctx.db.select().from(cartItems).where(eq(cartItems.sessionId, accountCartId(0)));
    expect(leftovers).toEqual([]);
  });
});

describe('lost password', () => {
  let email = '';
  beforeAll(async () => {
    email = freshEmail('reset');
    expect((await browser().register(email, PASSWORD)).status).toBe(303);
  });

  const lostNonce = async (b: Browser) => {
    const page = await b.get('/my-account/lost-password/');
    if (page.view?.view !== 'lost-password') throw new Error('no lost-password view');
    return page.view.nonce;
  };
  const requestReset = async (b: Browser, login: string) =>
    b.post('/my-account/lost-password/', { user_login: login, wc_reset_password: 'true', 'woocommerce-lost-password-nonce': await lostNonce(b) });
  const linkFor = async (to: string, after: number) => {
    await expect.poll(() => shop.mail.sent.slice(after).some((m) => m.to === to && m.subject.startsWith('Password Reset'))).toBe(true);
    const message = shop.mail.sent.slice(after).reverse().find((m) => m.to === to && m.subject.startsWith('Password Reset'))!;
    return /https?:\/\/\S+lost-password\/\?key=[A-Za-z0-9_-]+&id=\d+/.exec(message.text)![0];
  };
  const openLink = async (b: Browser, link: string) => {
    const url = new URL(link);
    const stored = await b.get(`${url.pathname}${url.search}`);
    expect(stored.status).toBe(303);
    expect(stored.location).toBe('/my-account/lost-password/?show-reset-form=true');
    return b.get(stored.location!);
  };

  it('mails a single-use link; the reset signs out every session; the link cannot be used again', async () => {
    const elsewhere = browser();
    await elsewhere.login(email, PASSWORD);
    const b = browser();
    const sentBefore = shop.mail.sent.length;
    const answer = await requestReset(b, email);
    expect(answer.status).toBe(303);
    expect(answer.location).toBe('/my-account/lost-password/?reset-link-sent=true');
    const link = await linkFor(email, sentBefore);
    const form = await openLink(b, link);
    expect(form.view).toMatchObject({ view: 'reset-password', valid: true, login: email.split('@')[0] });
    if (form.view?.view !== 'reset-password') throw new Error('no reset form');
    const fields = { password_1: 'N3w-passw0rd!x', password_2: 'N3w-passw0rd!x', reset_key: form.view.key, reset_login: form.view.login, 'woocommerce-reset-password-nonce': form.view.nonce, wc_reset_password: 'true' };
    const done = await b.post('/my-account/lost-password/', fields);
    expect(done.status).toBe(303);
    expect((await elsewhere.get('/my-account/')).view?.view).toBe('login');
    expect((await browser().login(email, 'N3w-passw0rd!x')).status).toBe(303);
    expect((await browser().login(email, PASSWORD)).status).toBe(401);
    // Used twice: refused, nothing changes.
    const again = await b.post('/my-account/lost-password/', { ...fields, password_1: 'An0ther-pass!', password_2: 'An0ther-pass!', 'woocommerce-reset-password-nonce': (await lostNonceForReset(b)) });
    expect(again.status).toBe(400);
    expect(again.view).toMatchObject({ view: 'reset-password', valid: false, notices: [{ kind: 'error', text: ACCOUNT_TEXT.resetInvalid }] });
    expect((await browser().login(email, 'N3w-passw0rd!x')).status).toBe(303);
    // Opening the used link again shows it as invalid.
    expect((await openLink(browser(), link)).status).toBe(400);
  });

  it('writes the mails in the language of the request: registered and reset in Filipino (suki_lang=fil), the account keeps it; English otherwise', async () => {
    const filipinoEmail = freshEmail('wika');
    const b = browser();
    b.cookies.set('suki_lang', 'fil');
    const before = shop.mail.sent.length;
    expect((await b.register(filipinoEmail, PASSWORD)).status).toBe(303);
    await expect.poll(() => shop.mail.sent.slice(before).some((m) => m.to === filipinoEmail)).toBe(true);
    const welcome = shop.mail.sent.slice(before).find((m) => m.to === filipinoEmail)!;
    expect(welcome.subject).toBe('Nagawa na ang iyong account sa Suki!');
    expect(welcome.text).toContain('Kumpirmahin ang iyong email address: http');
    const [account] = await shop.ctx.db.select({ locale: customers.locale }).from(customers).where(eq(customers.email, filipinoEmail));
    expect(account?.locale).toBe('fil-PH');

    const asker = browser();
    asker.cookies.set('suki_lang', 'fil');
    const sentBefore = shop.mail.sent.length;
    expect((await requestReset(asker, filipinoEmail)).status).toBe(303);
    await expect.poll(() => shop.mail.sent.slice(sentBefore).some((m) => m.to === filipinoEmail)).toBe(true);
    const reset = shop.mail.sent.slice(sentBefore).find((m) => m.to === filipinoEmail)!;
    expect(reset.subject).toBe('Request na i-reset ang password sa Suki');
    for (const part of [reset.text, reset.html]) {
      expect(part).toContain('May humiling ng bagong password para sa account na ito sa Suki');
      expect(part).not.toMatch(/Someone has requested|reset your password/);
    }
    expect(reset.text).toMatch(/I-reset ang iyong password: https?:\/\/\S+lost-password\/\?key=/);
    expect(reset.html).toContain('<html lang="fil">');
    expect(reset.html).toContain('I-click dito para i-reset ang iyong password</a>');

    // The same account asking in English gets English.
    const englishBefore = shop.mail.sent.length;
    expect((await requestReset(browser(), filipinoEmail)).status).toBe(303);
    await expect.poll(() => shop.mail.sent.slice(englishBefore).some((m) => m.to === filipinoEmail)).toBe(true);
    expect(shop.mail.sent.slice(englishBefore).find((m) => m.to === filipinoEmail)?.subject).toBe('Password Reset Request for Suki');
  });

  const lostNonceForReset = async (b: Browser) => {
    const page = await b.get('/my-account/lost-password/?show-reset-form=true');
    if (page.view?.view !== 'reset-password') throw new Error('no reset view');
    return page.view.nonce;
  };

  it('refuses a forged key, a key for another login and an expired key (400)', async () => {
    const b = browser();
    const sentBefore = shop.mail.sent.length;
    await requestReset(b, email);
    const link = await linkFor(email, sentBefore);
    const id = /id=(\d+)/.exec(link)![1]!;
    expect((await openLink(browser(), `${shop.url}/my-account/lost-password/?key=${'A'.repeat(43)}&id=${id}`)).status).toBe(400);
    const form = await openLink(b, link);
    const view = form.view;
    if (view?.view !== 'reset-password') throw new Error('no reset form');
    const post = (over: Record<string, string>) =>
      b.post('/my-account/lost-password/', { password_1: 'Fresh-passw0rd!', password_2: 'Fresh-passw0rd!', reset_key: view.key, reset_login: view.login, 'woocommerce-reset-password-nonce': view.nonce, ...over });
    expect((await post({ reset_login: 'someone-else' })).status).toBe(400);
    expect((await post({ reset_key: 'x'.repeat(43) })).status).toBe(400);
    await shop.ctx.db.update(accountTokens).set({ expiresAt: new Date(Date.now() - 1000).toISOString() }).where(isNull(accountTokens.usedAt));
    expect((await post({})).status).toBe(400);
  });

  it('says "Invalid username or email." for an unknown login, and refuses a bad nonce with a 403', async () => {
    const b = browser();
    const unknown = await requestReset(b, 'nobody@example.com');
    expect(unknown.status).toBe(400);
    expect(unknown.view?.notices).toEqual([{ kind: 'error', text: ACCOUNT_TEXT.unknownLogin }]);
    const forged = await b.post('/my-account/lost-password/', { user_login: email, wc_reset_password: 'true', 'woocommerce-lost-password-nonce': '0000000000' });
    expect(forged.status).toBe(403);
  });
});

describe('lost password without a way to send mail', () => {
  it('says the mail cannot go out (503) instead of "sent", and makes no key', async () => {
    const noMail = await startAccountShop({ withMail: false });
    try {
      const email = freshEmail('nomail');
      const b = new Browser(noMail.url);
      expect((await b.register(email, PASSWORD)).status).toBe(303);
      expect((await b.get('/my-account/')).view?.notices.some((n) => n.kind === 'error' && n.text.includes('could not send'))).toBe(true);
      const page = await b.get('/my-account/lost-password/');
      if (page.view?.view !== 'lost-password') throw new Error('no view');
      const answer = await b.post('/my-account/lost-password/', { user_login: email, wc_reset_password: 'true', 'woocommerce-lost-password-nonce': page.view.nonce });
      expect(answer.status).toBe(503);
      expect(answer.view?.notices).toEqual([{ kind: 'error', text: ACCOUNT_TEXT.mailUnavailable }]);
      expect(await noMail.ctx.db.select().from(accountTokens).where(eq(accountTokens.purpose, 'reset'))).toEqual([]);
    } finally {
      await noMail.close();
    }
  });
});

describe('orders, addresses and details', () => {
  const address = { first_name: 'Ana', last_name: 'Buyer', company: '', address_1: '12 Mabini St', address_2: 'Ermita', city: 'Manila', state: '00', postcode: '1000', country: 'PH', phone: '+639171234567' };

  it('claims earlier guest orders once the email is verified; another account’s order is a 404 like a missing one', async () => {
    const email = freshEmail('claim');
    // A guest order with this email, placed before the account exists.
    const guest = `guest${'0'.repeat(59)}`;
    await shop.ctx.db.insert(sessions).values({ id: guest, expiresAt: new Date(Date.now() + 3_600_000).toISOString() }).onConflictDoNothing();
    await shop.ctx.db.transaction((tx) => addToCart({ db: tx, run: shop.ctx.run }, guest, { id: simpleId, quantity: 1 }));
    const placed = await placeOrder(shop.ctx, guest, { billing: { ...address, email: email.toUpperCase() }, shipping: address, customerNote: '', paymentMethod: 'cod', shippingRate: null, attemptKey: null }, { shipping: DEFAULT_SHIPPING, now: Date.now() });
    const b = browser();
    const sentBefore = shop.mail.sent.length;
    await b.register(email, PASSWORD);
    expect((await b.get('/my-account/orders/')).view).toMatchObject({ view: 'orders', orders: [], page: 1, totalPages: 1 });
    await expect.poll(() => shop.mail.sent.slice(sentBefore).some((m) => m.to === email)).toBe(true);
    const mail = shop.mail.sent.slice(sentBefore).find((m) => m.to === email)!;
    const link = new URL(/https?:\/\/\S+verify-email\/\?key=[A-Za-z0-9_-]+/.exec(mail.text)![0]);
    const verified = await b.get(`${link.pathname}${link.search}`);
    expect(verified.status).toBe(303);
    const list = await b.get('/my-account/orders/');
    expect(list.view).toMatchObject({ view: 'orders', orders: [{ id: placed.id, number: `#${placed.id}`, status: 'Processing', viewUrl: `/my-account/view-order/${placed.id}/` }] });
    const view = await b.get(`/my-account/view-order/${placed.id}/`);
    expect(view.status).toBe(200);
    expect(view.view).toMatchObject({ view: 'view-order', order: { id: placed.id, billing: { email: email.toLowerCase() } } });
    // The link works once.
    expect((await b.get(`${link.pathname}${link.search}`)).status).toBe(400);
    // Someone else's order and a missing one: the same 404.
    const other = browser();
    await other.register(freshEmail('other'), PASSWORD);
    const theirs = await other.get(`/my-account/view-order/${placed.id}/`);
    const missing = await other.get('/my-account/view-order/999999/');
    expect(theirs.status).toBe(404);
    expect(missing.status).toBe(404);
    expect(theirs.view?.notices).toEqual(missing.view?.notices);
  });

  it('an order placed signed in is the account’s, and checkout starts from the saved addresses', async () => {
    const email = freshEmail('buyer');
    const b = browser();
    await b.register(email, PASSWORD);
    const form = await b.get('/my-account/edit-address/billing/');
    if (form.view?.view !== 'edit-address') throw new Error('no address view');
    const fields = Object.fromEntries(Object.entries({ ...address, email }).map(([k, v]) => [`billing_${k}`, v]));
    const refused = await b.post('/my-account/edit-address/billing/', { ...fields, billing_postcode: '12', billing_city: '<b>x</b>', 'woocommerce-edit-address-nonce': form.view.nonce, save_address: 'Save address' });
    expect(refused.status).toBe(400);
    expect(refused.view).toMatchObject({ view: 'edit-address', editing: 'billing' });
    if (refused.view?.view !== 'edit-address') throw new Error('no address view');
    expect(Object.keys(refused.view.fieldErrors).sort()).toEqual(['billing_city', 'billing_postcode']);
    const saved = await b.post('/my-account/edit-address/billing/', { ...fields, 'woocommerce-edit-address-nonce': form.view.nonce, save_address: 'Save address' });
    expect(saved.status).toBe(303);
    expect((await b.get('/my-account/edit-address/')).view).toMatchObject({ view: 'edit-address', billing: { city: 'Manila', email }, notices: [{ kind: 'success', text: ACCOUNT_TEXT.addressSaved }] });
    await add(b, simpleId, 1);
    const cart = await fetch(new URL(`${STORE}/cart`, shop.url), { headers: { cookie: b.cookieHeader() } });
    const body = (await cart.json()) as { billing_address: { city: string; email: string } };
    expect(body.billing_address).toMatchObject({ city: 'Manila', email });
    const { nonce } = await storeCart(b);
    const checkout = await b.request(`${STORE}/checkout`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', nonce, origin: shop.url },
      body: JSON.stringify({ billing_address: { ...address, email }, shipping_address: address, payment_method: 'cod' }),
    });
    expect(checkout.status).toBe(200);
    const [customer] = await shop.ctx.db.select({ id: customers.id }).from(customers).where(eq(customers.email, email));
    const mine = await shop.ctx.db.select({ id: orders.id }).from(orders).where(eq(orders.customerId, customer!.id));
    expect(mine).toHaveLength(1);
    expect((await b.get('/my-account/orders/')).view).toMatchObject({ view: 'orders', orders: [{ id: mine[0]!.id }] });
  });

  it('changes details; email and password need the current password; a new password rotates this session and ends the others', async () => {
    const email = freshEmail('details');
    const b = browser();
    await b.register(email, PASSWORD);
    const other = browser();
    await other.login(email, PASSWORD);
    const page = await b.get('/my-account/edit-account/');
    if (page.view?.view !== 'edit-account') throw new Error('no details view');
    const base = { account_first_name: 'Ana', account_last_name: 'Buyer', account_display_name: 'Ana B.', account_email: email, 'save-account-details-nonce': page.view.nonce, save_account_details: 'Save changes' };
    const noCurrent = await b.post('/my-account/edit-account/', { ...base, password_1: 'N3w-passw0rd!x', password_2: 'N3w-passw0rd!x' });
    expect(noCurrent.status).toBe(400);
    expect(noCurrent.view).toMatchObject({ fieldErrors: { password_current: ACCOUNT_TEXT.currentPasswordMissing } });
    const wrong = await b.post('/my-account/edit-account/', { ...base, password_current: 'nope-nope-nope', password_1: 'N3w-passw0rd!x', password_2: 'N3w-passw0rd!x' });
    expect(wrong.status).toBe(400);
    const markup = await b.post('/my-account/edit-account/', { ...base, account_display_name: '<img src=x onerror=alert(1)>' });
    expect(markup.status).toBe(400);
    const before = b.session;
    const done = await b.post('/my-account/edit-account/', { ...base, password_current: PASSWORD, password_1: 'N3w-passw0rd!x', password_2: 'N3w-passw0rd!x' });
    expect(done.status).toBe(303);
    expect(b.session).not.toBe(before);
    const after = await b.get('/my-account/edit-account/');
    expect(after.view).toMatchObject({ view: 'edit-account', customer: { displayName: 'Ana B.' }, notices: [{ kind: 'success', text: ACCOUNT_TEXT.detailsSaved }] });
    expect(after.input?.accountSummary).toEqual({ signedIn: true, displayName: 'Ana B.' });
    expect((await other.get('/my-account/')).view?.view).toBe('login');
    const old = new Browser(shop.url);
    old.cookies.set('suki_session', before!);
    expect((await old.get('/my-account/')).view?.view).toBe('login');
    // The form posted from the signed-out browser changes nothing: 401 and the login form.
    const stale = await other.post('/my-account/edit-account/', { ...base, account_display_name: 'Hijacked' });
    expect(stale.status).toBe(401);
    expect(stale.view).toMatchObject({ view: 'login', notices: [{ kind: 'error', text: ACCOUNT_TEXT.signedOut }] });
    const rows = await shop.ctx.db.select({ id: sessions.id }).from(sessions).innerJoin(customers, eq(customers.id, sessions.customerId)).where(and(eq(customers.email, email)));
    expect(rows.map((r) => r.id)).toEqual([b.session]);
  });
});
