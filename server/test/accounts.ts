/**
 * Test support for the My Account routes: a shop whose account pages are drawn as JSON of what the
 * route handed the renderer (so the server is tested without the React views), a mail transport
 * that keeps what it was given, and a browser with a cookie jar that follows `Set-Cookie` in order
 * and sends our Origin on posts.
 */
import type { Context } from 'hono';
import type { AccountSummary, AccountView } from '../../src/app/account-page.js';
import { createShopApp, type ShopAppOptions } from '../app.js';
import { parameterRunner } from '../db/statements.js';
import { listen, type RunningServer } from '../listen.js';
import type { MailMessage, MailTransport } from '../mail/transport.js';
import { pageInputOf } from '../pages.js';
import type { DbContext } from '../services/cart.js';
import { memoryLogger, openTestDatabase, type TestDatabase } from './harness.js';

/** A mail transport that keeps every message (and can be told to fail). */
export function captureMail(): MailTransport & { readonly sent: MailMessage[]; failing: boolean } {
  const sent: MailMessage[] = [];
  const transport = {
    sent,
    failing: false,
    describe: 'memory',
    close: () => undefined,
    send: async (message: MailMessage) => {
      if (transport.failing) throw new Error('mail server down');
      sent.push(message);
    },
  };
  return transport;
}

/** What the stand-in renderer answers: the page input as JSON. */
export interface RenderedInput {
  readonly account?: { readonly status: number; readonly title: string; readonly view: AccountView };
  readonly accountSummary?: AccountSummary;
}

/** Draws a page as JSON of its input; status from the account page, else 200 (404 for an unknown account path). */
export const standInPages = async (c: Context): Promise<Response> => {
  const input = (pageInputOf(c) ?? {}) as RenderedInput;
  const status = input.account?.status ?? (c.req.path.startsWith('/my-account/') ? 404 : 200);
  return new Response(JSON.stringify({ account: input.account, accountSummary: input.accountSummary }), {
    status,
    headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' },
  });
};

/** A running shop for account tests. */
export interface AccountShop {
  readonly url: string;
  readonly db: TestDatabase;
  readonly ctx: DbContext;
  readonly mail: ReturnType<typeof captureMail>;
  readonly logger: ReturnType<typeof memoryLogger>;
  close(): Promise<void>;
}

export async function startAccountShop(options: Partial<Pick<ShopAppOptions, 'pages' | 'accounts' | 'renderCache'>> & { readonly withMail?: boolean } = {}): Promise<AccountShop> {
  const db = await openTestDatabase();
  const mail = captureMail();
  const logger = memoryLogger();
  const app = createShopApp({
    database: db.database,
    pages: options.pages ?? standInPages,
    logger,
    trustProxy: ['127.0.0.1', '::1'],
    ...(options.withMail === false ? {} : { mail }),
    ...(options.accounts ? { accounts: options.accounts } : {}),
    ...(options.renderCache ? { renderCache: options.renderCache } : {}),
  });
  const server: RunningServer = await listen(app, { port: 0, host: '127.0.0.1' });
  return {
    url: server.url,
    db,
    ctx: { db: db.database.db, run: db.database.statements ?? parameterRunner },
    mail,
    logger,
    close: async () => {
      await server.close();
      await db.dispose();
    },
  };
}

/** One answer, with the account page's input when it rendered one. */
export interface BrowserAnswer {
  readonly status: number;
  readonly headers: Headers;
  readonly location: string | null;
  readonly input: RenderedInput | null;
  readonly view: AccountView | null;
}

/** A browser: a cookie jar (applied in order, `Max-Age=0` deletes), an address, our Origin on posts. */
export class Browser {
  readonly cookies = new Map<string, string>();

  constructor(
    readonly base: string,
    readonly client = '203.0.113.10',
  ) {}

  cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  /** The session cookie's value, or undefined. */
  get session(): string | undefined {
    return this.cookies.get('suki_session');
  }

  async request(path: string, init: RequestInit = {}): Promise<BrowserAnswer> {
    const headers = new Headers(init.headers);
    if (this.cookies.size > 0 && !headers.has('cookie')) headers.set('cookie', this.cookieHeader());
    if (!headers.has('x-forwarded-for')) headers.set('x-forwarded-for', this.client);
    const response = await fetch(new URL(path, this.base), { ...init, headers, redirect: 'manual' });
    for (const line of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      if (attributes.some((a) => /^\s*max-age=0\s*$/i.test(a))) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    const text = await response.text();
    let input: RenderedInput | null;
    try {
      input = text.startsWith('{') ? (JSON.parse(text) as RenderedInput) : null;
    } catch {
      input = null;
    }
    return { status: response.status, headers: response.headers, location: response.headers.get('location'), input, view: input?.account?.view ?? null };
  }

  get(path: string): Promise<BrowserAnswer> {
    return this.request(path);
  }

  /** Posts a form from our own page (our Origin), or from `origin`. */
  post(path: string, fields: Record<string, string>, origin = this.base): Promise<BrowserAnswer> {
    return this.request(path, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: new URL(origin).origin },
      body: new URLSearchParams(fields).toString(),
    });
  }

  /** The login view's nonces (opens `/my-account/` as a guest). */
  async loginNonces(): Promise<{ login: string; register: string }> {
    const page = await this.get('/my-account/');
    if (page.view?.view !== 'login') throw new Error(`expected the login view, got ${page.view?.view ?? page.status}`);
    return page.view.nonces;
  }

  async register(email: string, password: string): Promise<BrowserAnswer> {
    const { register } = await this.loginNonces();
    return this.post('/my-account/', { email, password, 'woocommerce-register-nonce': register, _wp_http_referer: '/my-account/', register: 'Register' });
  }

  async login(username: string, password: string, remember = false): Promise<BrowserAnswer> {
    const { login } = await this.loginNonces();
    return this.post('/my-account/', {
      username,
      password,
      ...(remember ? { rememberme: 'forever' } : {}),
      'woocommerce-login-nonce': login,
      _wp_http_referer: '/my-account/',
      login: 'Log in',
    });
  }

  /** Logs out through the dashboard's link; the answer of the logout. */
  async logout(): Promise<BrowserAnswer> {
    const page = await this.get('/my-account/');
    if (!page.view || !('logoutUrl' in page.view)) throw new Error('not signed in');
    return this.get(page.view.logoutUrl);
  }
}
