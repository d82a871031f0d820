/**
 * Test support: a shop on a throwaway database behind a real HTTP server on 127.0.0.1, and a
 * shopper with a cookie jar. The database comes from the environment: PostgreSQL when
 * `DATABASE_URL` is set (a fresh database per test file, copied from a migrated and seeded
 * template, dropped afterwards), else in-memory PGlite (started from a dump of a migrated and
 * seeded one: `pglite-template.ts`).
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { Hono } from 'hono';
import { createShopApp, type ShopAppOptions } from '../app.js';
import { openDatabase, type OpenedDatabase } from '../db/client.js';
import { listen } from '../listen.js';
import { databaseCodeKey, pgliteTemplate } from './pglite-template.js';
import type { ShopLogger } from '../routes/shared.js';

/** A throwaway database and how to get rid of it. */
export interface TestDatabase {
  readonly database: OpenedDatabase;
  /** URL of the PostgreSQL database, when that is what it is. */
  readonly url?: string;
  dispose(): Promise<void>;
}

/** A connection to `baseUrl`'s server, for `run`, closed afterwards. */
async function withAdmin<T>(baseUrl: string, run: (admin: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  try {
    return await run(admin);
  } finally {
    await admin.end();
  }
}

/** `baseUrl` with another database name. */
const databaseUrl = (baseUrl: string, name: string): string => {
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return url.toString();
};

let template: Promise<string> | undefined;

/**
 * The migrated and seeded database every test database on PostgreSQL is made from
 * (`CREATE DATABASE … TEMPLATE`): made once per version of the database code (the name carries
 * {@link databaseCodeKey}), under an advisory lock so concurrent test workers make it once, and
 * renamed into place only when complete.
 */
function postgresTemplate(baseUrl: string): Promise<string> {
  template ??= withAdmin(baseUrl, async (admin) => {
    const name = `suki_tpl_${databaseCodeKey()}`;
    await admin.query('SELECT pg_advisory_lock($1)', [TEMPLATE_LOCK]);
    try {
      const found = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
      if (found.rowCount === 0) {
        const partial = `suki_tpl_partial_${randomBytes(6).toString('hex')}`;
        await admin.query(`CREATE DATABASE ${partial}`);
        const opened = await openDatabase({ databaseUrl: databaseUrl(baseUrl, partial), poolSize: 2 });
        await opened.close();
        await admin.query(`ALTER DATABASE ${partial} RENAME TO ${name}`);
      }
    } finally {
      await admin.query('SELECT pg_advisory_unlock($1)', [TEMPLATE_LOCK]);
    }
    return name;
  });
  return template;
}

/** Advisory lock key of the template's making (any 64-bit number). */
const TEMPLATE_LOCK = 0x53_75_6b_69_54_70; // "SukiTp"

/**
 * Creates a PostgreSQL database next to `DATABASE_URL`'s: migrated and seeded (a copy of
 * {@link postgresTemplate}), or empty; returns its URL and a drop function.
 */
export async function createScratchPostgres(baseUrl: string, start: 'seeded' | 'empty' = 'seeded'): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `suki_test_${randomBytes(6).toString('hex')}`;
  const from = start === 'seeded' ? ` TEMPLATE ${await postgresTemplate(baseUrl)}` : '';
  await withAdmin(baseUrl, (admin) => admin.query(`CREATE DATABASE ${name}${from}`));
  return {
    url: databaseUrl(baseUrl, name),
    drop: () => withAdmin(baseUrl, (admin) => admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)).then(() => undefined),
  };
}

/** Opens a fresh, migrated and seeded database of the kind the environment asks for. */
export async function openTestDatabase(): Promise<TestDatabase> {
  const base = process.env['DATABASE_URL'];
  if (!base) {
    const database = await openDatabase({ dataDir: 'memory', from: await pgliteTemplate() });
    return { database, dispose: () => database.close() };
  }
  const scratch = await createScratchPostgres(base);
  const database = await openDatabase({ databaseUrl: scratch.url, poolSize: 20 });
  return {
    database,
    url: scratch.url,
    dispose: async () => {
      await database.close();
      await scratch.drop();
    },
  };
}

/** A logger that keeps what it was told, so tests can assert nothing went wrong unnoticed. */
export function memoryLogger(): ShopLogger & { readonly errors: unknown[][] } {
  const errors: unknown[][] = [];
  return {
    errors,
    info: () => undefined,
    warn: () => undefined,
    error: (...args: unknown[]) => {
      errors.push(args);
    },
  };
}

/** A running test shop. */
export interface TestShop {
  readonly url: string;
  readonly app: Hono;
  readonly db: TestDatabase;
  readonly logger: ReturnType<typeof memoryLogger>;
  close(): Promise<void>;
}

/** Starts the shop on 127.0.0.1, port 0, over a fresh database. */
export async function startShop(options: Pick<ShopAppOptions, 'pages' | 'staticDir' | 'publicUrl' | 'trustProxy' | 'listenUrl' | 'pagePolicy' | 'mail' | 'checkout' | 'contactForms'> = {}): Promise<TestShop> {
  const db = await openTestDatabase();
  const logger = memoryLogger();
  const app = createShopApp({ database: db.database, logger, ...options });
  const server = await listen(app, { port: 0, host: '127.0.0.1' });
  return {
    url: server.url,
    app,
    db,
    logger,
    close: async () => {
      await server.close();
      await db.dispose();
    },
  };
}

/** One shopper: a cookie jar and the last Store API nonce seen. */
export class Shopper {
  readonly cookies = new Map<string, string>();
  nonce: string | null = null;

  constructor(readonly base: string) {}

  /** The Cookie header for the jar. */
  cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  /** Sends a request with the jar's cookies; remembers cookies and nonce from the answer. */
  async fetch(path: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    if (this.cookies.size > 0 && !headers.has('cookie')) headers.set('cookie', this.cookieHeader());
    const response = await fetch(new URL(path, this.base), { ...init, headers, redirect: 'manual' });
    for (const line of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const expired = attributes.some((a) => /^\s*max-age=0\s*$/i.test(a));
      if (expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    const nonce = response.headers.get('nonce');
    if (nonce) this.nonce = nonce;
    return response;
  }

  /** GET and parse JSON. */
  async getJson<T = unknown>(path: string): Promise<{ status: number; body: T; headers: Headers }> {
    const response = await this.fetch(path);
    return { status: response.status, body: (await response.json()) as T, headers: response.headers };
  }

  /** POST a form (as jQuery does for wc-ajax). */
  async postForm<T = unknown>(path: string, fields: Record<string, string>, headers: Record<string, string> = {}): Promise<{ status: number; body: T; headers: Headers }> {
    const response = await this.fetch(path, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded; charset=UTF-8', ...headers },
      body: new URLSearchParams(fields).toString(),
    });
    return { status: response.status, body: (await response.json()) as T, headers: response.headers };
  }

  /** POST JSON to a Store API route with the current nonce. */
  async postJson<T = unknown>(path: string, body: unknown, headers: Record<string, string> = {}): Promise<{ status: number; body: T; headers: Headers }> {
    const response = await this.fetch(path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(this.nonce ? { nonce: this.nonce } : {}), ...headers },
      body: JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as T, headers: response.headers };
  }

  /** Gets a nonce the way the storefront does: from the cart's headers. */
  async ensureNonce(): Promise<string> {
    if (this.nonce) return this.nonce;
    await this.fetch('/wp-json/wc/store/v1/cart');
    if (!this.nonce) throw new Error('no nonce');
    return this.nonce;
  }
}

/** Store API route helper. */
export const STORE = '/wp-json/wc/store/v1';

/** Loose shape of a Store API product in tests. */
export interface StoreProductJson {
  id: number;
  parent: number;
  sku: string;
  name: string;
  slug: string;
  type: string;
  permalink: string;
  prices: { price: string; regular_price: string; sale_price: string; price_range: { min_amount: string; max_amount: string } | null; currency_code: string };
  on_sale: boolean;
  is_in_stock: boolean;
  low_stock_remaining: number | null;
  categories: Array<{ id: number; slug: string; name: string }>;
  attributes: Array<{ id: number; name: string; taxonomy: string; terms: Array<{ id: number; slug: string; name: string }> }>;
  variations: Array<{ id: number; attributes: Array<{ name: string; value: string }> }>;
  add_to_cart: { maximum: number; text: string };
  images: Array<{ src: string; thumbnail: string; srcset: string; sizes: string; name: string }>;
  average_rating: string;
  review_count: number;
  [key: string]: unknown;
}

/** Loose shape of a Store API cart in tests. */
export interface StoreCartJson {
  items: Array<{ key: string; id: number; quantity: number; name: string; prices: { price: string }; totals: { line_total: string; line_subtotal: string }; variation: Array<{ attribute: string; value: string }> }>;
  totals: { total_items: string; total_price: string; currency_code: string };
  items_count: number;
  errors: unknown[];
  [key: string]: unknown;
}
