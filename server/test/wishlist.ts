/**
 * Test support for the wishlist: a shop with the wishlist on whose pages are drawn as JSON of what
 * the route handed the renderer (`wishlist`, `accountSummary`), a mail transport that keeps what it
 * was given, and a browser with a cookie jar that remembers the Store API nonce.
 */
import type { Context } from 'hono';
import type { WishlistState } from '../../src/core/domain/wishlist.js';
import type { WishlistPageView } from '../../src/app/wishlist-page.js';
import { createShopApp, type ShopAppOptions } from '../app.js';
import { listen } from '../listen.js';
import { pageInputOf } from '../pages.js';
import { DEFAULT_WISHLIST_SETTINGS, type WishlistSettings } from '../routes/wishlist.js';
import { captureMail } from './accounts.js';
import { memoryLogger, openTestDatabase, STORE, type TestDatabase } from './harness.js';

/** What the stand-in renderer answers. */
export interface WishlistRendered {
  readonly wishlist?: { readonly status: number; readonly title: string; readonly view: WishlistPageView };
  readonly accountSummary?: { readonly signedIn: boolean };
}

/** Draws a page as JSON of its input: the wishlist page's status, else 404 for a wishlist address. */
export const wishlistStandIn = async (c: Context): Promise<Response> => {
  const input = (pageInputOf(c) ?? {}) as WishlistRendered;
  const status = input.wishlist?.status ?? (c.req.path.startsWith('/wishlist/') || c.req.path.startsWith('/my-account/') ? 404 : 200);
  return new Response(JSON.stringify({ wishlist: input.wishlist, accountSummary: input.accountSummary, account: (input as { account?: unknown }).account }), {
    status,
    headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store', vary: 'cookie' },
  });
};

export interface WishlistShop {
  readonly url: string;
  readonly db: TestDatabase;
  readonly mail: ReturnType<typeof captureMail>;
  readonly logger: ReturnType<typeof memoryLogger>;
  close(): Promise<void>;
}

/** A shop with the wishlist plugin on (or off with `wishlist: false`). */
export async function startWishlistShop(options: { readonly wishlist?: Partial<WishlistSettings> | false; readonly db?: TestDatabase } & Partial<Pick<ShopAppOptions, 'checkout'>> = {}): Promise<WishlistShop> {
  const db = options.db ?? (await openTestDatabase());
  const mail = captureMail();
  const logger = memoryLogger();
  const app = createShopApp({
    database: db.database,
    pages: wishlistStandIn,
    logger,
    mail,
    trustProxy: ['127.0.0.1', '::1'],
    wishlist: options.wishlist === false ? false : { ...DEFAULT_WISHLIST_SETTINGS, ...options.wishlist },
    accounts: { limitScale: 100 },
    ...(options.checkout ? { checkout: options.checkout } : {}),
  });
  const server = await listen(app, { port: 0, host: '127.0.0.1' });
  return {
    url: server.url,
    db,
    mail,
    logger,
    close: async () => {
      await server.close();
      if (!options.db) await db.dispose();
    },
  };
}

/** The JSON route's base path. */
export const WISHLIST = '/wp-json/suki/v1/wishlist';

/** A browser: cookie jar (in order; `Max-Age=0` deletes), the latest Store API nonce, our Origin on writes. */
export class WishlistBrowser {
  readonly cookies = new Map<string, string>();
  nonce: string | null = null;

  constructor(
    readonly base: string,
    readonly client = '203.0.113.20',
  ) {}

  cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  async fetch(path: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    if (this.cookies.size > 0 && !headers.has('cookie')) headers.set('cookie', this.cookieHeader());
    if (!headers.has('x-forwarded-for')) headers.set('x-forwarded-for', this.client);
    const method = (init.method ?? 'GET').toUpperCase();
    if (method !== 'GET' && method !== 'HEAD' && !headers.has('origin')) headers.set('origin', new URL(this.base).origin);
    const response = await fetch(new URL(path, this.base), { ...init, headers, redirect: 'manual' });
    for (const line of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      if (attributes.some((a) => /^\s*max-age=0\s*$/i.test(a))) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    const nonce = response.headers.get('nonce');
    if (nonce) this.nonce = nonce;
    return response;
  }

  /** A Store API nonce, read the way the storefront gets one. */
  async ensureNonce(): Promise<string> {
    if (this.nonce) return this.nonce;
    await this.fetch(`${STORE}/cart`);
    if (!this.nonce) throw new Error('no nonce');
    return this.nonce;
  }

  async json<T = unknown>(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<{ status: number; body: T; headers: Headers }> {
    if (method !== 'GET') await this.ensureNonce();
    const response = await this.fetch(path, {
      method,
      headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...(method !== 'GET' && this.nonce ? { nonce: this.nonce } : {}), ...headers },
      ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
    });
    const text = await response.text();
    return { status: response.status, body: (text === '' ? null : JSON.parse(text)) as T, headers: response.headers };
  }

  state(): Promise<{ status: number; body: WishlistState; headers: Headers }> {
    return this.json<WishlistState>('GET', WISHLIST);
  }

  /** POSTs a form; answers the parsed JSON (or the text). */
  async form<T = unknown>(path: string, fields: Record<string, string> | URLSearchParams, headers: Record<string, string> = {}): Promise<{ status: number; body: T; text: string; headers: Headers }> {
    const response = await this.fetch(path, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded; charset=UTF-8', ...headers },
      body: (fields instanceof URLSearchParams ? fields : new URLSearchParams(fields)).toString(),
    });
    const text = await response.text();
    let body: T;
    try {
      body = JSON.parse(text) as T;
    } catch {
      body = text as T;
    }
    return { status: response.status, body, text, headers: response.headers };
  }

  /** GETs a page drawn by the stand-in renderer. */
  async page(path: string): Promise<{ status: number; rendered: WishlistRendered | null; location: string | null; headers: Headers }> {
    const response = await this.fetch(path);
    const text = await response.text();
    let rendered: WishlistRendered | null;
    try {
      rendered = text.startsWith('{') ? (JSON.parse(text) as WishlistRendered) : null;
    } catch {
      rendered = null;
    }
    return { status: response.status, rendered, location: response.headers.get('location'), headers: response.headers };
  }
}
