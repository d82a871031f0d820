/**
 * The session lifecycle as a state machine (`fc.commands`): two browsers (two cookie jars) and two
 * addresses; guest visits, cart adds, registration, login (right or wrong password), logout and
 * password reset in any order, against the app over HTTP. After every command each browser's
 * page must say who it is signed in as (or the login form), and its cart must be the model's:
 * the account's cart when signed in (shared by both browsers), else its own guest cart; a login
 * or registration moves the guest cart into the account's, a logout leaves an empty guest cart,
 * a reset signs the account out everywhere.
 */
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from './db/schema.js';
import { ACCOUNT_LIMITS } from './routes/my-account.js';
import { Browser, startAccountShop, type AccountShop } from './test/accounts.js';

let shop: AccountShop;
let productId = 0;
const STORE = '/wp-json/wc/store/v1';

beforeAll(async () => {
  shop = await startAccountShop();
  const [row] = await shop.ctx.db.select({ id: products.id }).from(products).where(eq(products.type, 'simple')).limit(1);
  productId = row!.id;
  await shop.ctx.db.update(products).set({ stockQuantity: null, maxPerOrder: null, soldIndividually: false }).where(eq(products.id, productId));
}, 120_000);
afterAll(async () => {
  await shop.close();
});

type BrowserIndex = 0 | 1;
type EmailIndex = 0 | 1;

interface Model {
  /** Password per registered address (absent: not registered). */
  readonly passwords: Map<EmailIndex, string>;
  /** Who each browser is signed in as. */
  readonly signedIn: [EmailIndex | null, EmailIndex | null];
  /** Units in each browser's guest cart, and in each account's cart. */
  readonly guestCart: [number, number];
  readonly accountCart: Map<EmailIndex, number>;
  /** Attempts per address counted by the per-account limits (registration, reset, login). */
  readonly asked: { register: [number, number]; reset: [number, number]; login: [number, number] };
}

interface Real {
  readonly browsers: [Browser, Browser];
  readonly emails: [string, string];
}

let clients = 0;
/** Each request from a new client address, so the per-client limits never decide a run. */
const nextClient = () => `192.0.2.${(clients = (clients % 250) + 1)}`;
/** The browser (the same cookie jar) speaking from another address. */
const withClient = (b: Browser): Browser => Object.assign(Object.create(Object.getPrototypeOf(b) as object) as Browser, b, { client: nextClient() });

const cartUnits = async (b: Browser): Promise<number> => {
  const response = await fetch(new URL(`${STORE}/cart`, shop.url), { headers: { cookie: b.cookieHeader() } });
  const body = (await response.json()) as { items: Array<{ id: number; quantity: number }> };
  return body.items.find((i) => i.id === productId)?.quantity ?? 0;
};

/** Every browser shows what the model says. */
const check = async (model: Model, real: Real): Promise<void> => {
  for (const i of [0, 1] as const) {
    const b = real.browsers[i];
    const page = await b.get('/my-account/');
    const who = model.signedIn[i];
    if (who === null) expect(page.view?.view, `browser ${i}`).toBe('login');
    else expect(page.view, `browser ${i}`).toMatchObject({ view: 'dashboard', customer: { email: real.emails[who] } });
    const expected = who === null ? model.guestCart[i] : (model.accountCart.get(who) ?? 0);
    expect(await cartUnits(b), `cart of browser ${i}`).toBe(expected);
  }
};

class AddToCart implements fc.AsyncCommand<Model, Real> {
  constructor(readonly browser: BrowserIndex) {}
  check = () => true;
  async run(model: Model, real: Real): Promise<void> {
    const b = real.browsers[this.browser];
    const cart = await b.request(`${STORE}/cart`);
    const answer = await b.request(`${STORE}/cart/add-item`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', nonce: cart.headers.get('nonce') ?? '', origin: shop.url },
      body: JSON.stringify({ id: productId, quantity: 1 }),
    });
    expect(answer.status).toBe(201);
    const who = model.signedIn[this.browser];
    if (who === null) model.guestCart[this.browser] += 1;
    else model.accountCart.set(who, (model.accountCart.get(who) ?? 0) + 1);
    await check(model, real);
  }
  toString = () => `add(${this.browser})`;
}

/** Signing in moves the browser's guest cart into the account's. */
const signIn = (model: Model, browser: BrowserIndex, email: EmailIndex): void => {
  model.accountCart.set(email, (model.accountCart.get(email) ?? 0) + model.guestCart[browser]);
  model.guestCart[browser] = 0;
  model.signedIn[browser] = email;
};

class Register implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly browser: BrowserIndex,
    readonly email: EmailIndex,
  ) {}
  // The forms are on the page of a guest.
  check = (model: Readonly<Model>) => model.signedIn[this.browser] === null;
  async run(model: Model, real: Real): Promise<void> {
    const b = withClient(real.browsers[this.browser]);
    const password = `Start-pass-${this.email}!9`;
    const answer = await b.register(real.emails[this.email], password);
    model.asked.register[this.email] += 1;
    if (model.asked.register[this.email] > ACCOUNT_LIMITS.registerPerAccount.max) {
      expect(answer.status).toBe(429);
    } else if (model.passwords.has(this.email)) {
      expect(answer.status).toBe(409);
    } else {
      expect(answer.status).toBe(303);
      model.passwords.set(this.email, password);
      signIn(model, this.browser, this.email);
    }
    await check(model, real);
  }
  toString = () => `register(${this.browser}, ${this.email})`;
}

class Login implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly browser: BrowserIndex,
    readonly email: EmailIndex,
    readonly rightPassword: boolean,
  ) {}
  // The forms are on the page of a guest.
  check = (model: Readonly<Model>) => model.signedIn[this.browser] === null;
  async run(model: Model, real: Real): Promise<void> {
    const b = withClient(real.browsers[this.browser]);
    const known = model.passwords.get(this.email);
    const password = this.rightPassword && known !== undefined ? known : 'Not-the-pass-42!';
    const before = b.session;
    const answer = await b.login(real.emails[this.email], password);
    model.asked.login[this.email] += 1;
    if (model.asked.login[this.email] > ACCOUNT_LIMITS.loginPerAccount.max) {
      expect(answer.status).toBe(429);
    } else if (known !== undefined && this.rightPassword) {
      expect(answer.status).toBe(303);
      expect(b.session).not.toBe(before);
      signIn(model, this.browser, this.email);
    } else {
      expect(answer.status).toBe(401);
    }
    await check(model, real);
  }
  toString = () => `login(${this.browser}, ${this.email}, ${this.rightPassword ? 'right' : 'wrong'})`;
}

class Logout implements fc.AsyncCommand<Model, Real> {
  constructor(readonly browser: BrowserIndex) {}
  check = () => true;
  async run(model: Model, real: Real): Promise<void> {
    const b = real.browsers[this.browser];
    if (model.signedIn[this.browser] === null) {
      // No log-out link for a guest; the address alone changes nothing.
      expect((await b.get('/my-account/customer-logout/?_wpnonce=0123456789')).status).toBe(303);
    } else {
      const before = b.session;
      expect((await b.logout()).status).toBe(303);
      expect(b.session).not.toBe(before);
      model.signedIn[this.browser] = null;
      model.guestCart[this.browser] = 0;
    }
    await check(model, real);
  }
  toString = () => `logout(${this.browser})`;
}

class Reset implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly browser: BrowserIndex,
    readonly email: EmailIndex,
  ) {}
  check = () => true;
  async run(model: Model, real: Real): Promise<void> {
    const b = withClient(real.browsers[this.browser]);
    const email = real.emails[this.email];
    const lost = await b.get('/my-account/lost-password/');
    if (lost.view?.view !== 'lost-password') throw new Error('no lost-password view');
    const sentBefore = shop.mail.sent.length;
    const asked = await b.post('/my-account/lost-password/', { user_login: email, wc_reset_password: 'true', 'woocommerce-lost-password-nonce': lost.view.nonce });
    model.asked.reset[this.email] += 1;
    if (model.asked.reset[this.email] > ACCOUNT_LIMITS.resetPerAccount.max) {
      expect(asked.status).toBe(429);
    } else if (!model.passwords.has(this.email)) {
      expect(asked.status).toBe(400);
    } else {
      expect(asked.status).toBe(303);
      await expect.poll(() => shop.mail.sent.slice(sentBefore).some((m) => m.to === email && m.subject.startsWith('Password Reset'))).toBe(true);
      const message = shop.mail.sent.slice(sentBefore).find((m) => m.to === email && m.subject.startsWith('Password Reset'))!;
      const link = new URL(/https?:\/\/\S+lost-password\/\?key=[A-Za-z0-9_-]+&id=\d+/.exec(message.text)![0]);
      const stored = await b.get(`${link.pathname}${link.search}`);
      const form = await b.get(stored.location ?? '');
      if (form.view?.view !== 'reset-password') throw new Error('no reset form');
      const password = `Reset-pass-${Math.random().toString(36).slice(2, 8)}!7`;
      const done = await b.post('/my-account/lost-password/', {
        password_1: password,
        password_2: password,
        reset_key: form.view.key,
        reset_login: form.view.login,
        'woocommerce-reset-password-nonce': form.view.nonce,
        wc_reset_password: 'true',
      });
      expect(done.status).toBe(303);
      model.passwords.set(this.email, password);
      for (const i of [0, 1] as const) {
        if (model.signedIn[i] === this.email) {
          model.signedIn[i] = null;
          model.guestCart[i] = 0;
        }
      }
    }
    await check(model, real);
  }
  toString = () => `reset(${this.browser}, ${this.email})`;
}

const browserArb = fc.constantFrom<BrowserIndex>(0, 1);
const emailArb = fc.constantFrom<EmailIndex>(0, 1);
const commands = fc.commands(
  [
    browserArb.map((b) => new AddToCart(b)),
    fc.tuple(browserArb, emailArb).map(([b, e]) => new Register(b, e)),
    fc.tuple(browserArb, emailArb, fc.boolean()).map(([b, e, right]) => new Login(b, e, right)),
    browserArb.map((b) => new Logout(b)),
    fc.tuple(browserArb, emailArb).map(([b, e]) => new Reset(b, e)),
  ],
  { maxCommands: 14 },
);

let runs = 0;
describe('the session lifecycle across two browsers', () => {
  it('matches the model after every command', async () => {
    await fc.assert(
      fc.asyncProperty(commands, async (cmds) => {
        runs += 1;
        const real: Real = {
          browsers: [new Browser(shop.url), new Browser(shop.url)],
          emails: [`model.${runs}.a@example.com`, `model.${runs}.b@example.com`],
        };
        const model: Model = { passwords: new Map(), signedIn: [null, null], guestCart: [0, 0], accountCart: new Map(), asked: { register: [0, 0], reset: [0, 0], login: [0, 0] } };
        await fc.asyncModelRun(() => ({ model, real }), cmds);
      }),
      { numRuns: 25 },
    );
  }, 300_000);
});
