/**
 * The render cache: finished answers for anonymous catalogue pages and catalogue API reads, kept in
 * memory per app instance and shared by every shopper they fit.
 *
 * - **What is cached.** An answer is stored only when nothing in it belongs to one shopper: pages
 *   are rendered for it without the shopper's session (an empty cart), and the one per-shopper
 *   value they carry, the Store API nonce, is cut out and put back per response (`parts` are
 *   joined with the shopper's nonce). API reads of the catalogue carry nothing per-shopper at all.
 * - **Keys.** The normalised address: parameters a page does not read are dropped and the rest are
 *   sorted by name (the relative order of repeated names kept, since the first one wins), so
 *   `?a=1&b=2` and `?b=2&a=1` share an entry and tracking parameters (`utm_source`, `fbclid`)
 *   share the plain page's. The cache is bounded by bytes and drops the least recently used.
 * - **Invalidation.** The database counts every catalogue, stock or blog write in
 *   `suki_cache_generation` (triggers, in the writing transaction). Each instance reads that number
 *   at most once per `checkEveryMs` (100 ms by default; one read shared by the requests waiting on
 *   it) and empties its cache when it moved, so several instances on one PostgreSQL (or one
 *   PGlite) agree within that interval. Polling was chosen over LISTEN/NOTIFY: it needs no
 *   dedicated connection, works the same on PGlite, and costs one indexed read per interval.
 * - **One render per key.** Requests that miss on the same key while it renders wait for that one
 *   render; it is cancelled only when every one of them has gone.
 */
import { eq } from 'drizzle-orm';
import type { Context, MiddlewareHandler } from 'hono';
import { getCookie } from 'hono/cookie';
import { LRUCache } from 'lru-cache';
import type { ShopDatabase } from '../db/query.js';
import { cacheGeneration, cartItems } from '../db/schema.js';
import { createNonce, STORE_API_ACTION, type Keys } from '../lib/crypto.js';
import { getOrCreateSession, renewSessionCookie } from '../session.js';
import { checkSession } from './session-store.js';

/** A finished answer, without the per-shopper nonce: `parts` join around it. */
export interface CachedAnswer {
  readonly status: number;
  readonly headers: ReadonlyArray<readonly [string, string]>;
  /** The body cut where the shopper's nonce goes (one part when it carries none). */
  readonly parts: readonly string[];
}

/** What one fill produced: the answer for the waiting requests, and whether others may reuse it. */
export interface FillResult {
  readonly answer: CachedAnswer;
  readonly store: boolean;
}

/** Options of {@link RenderCache}. */
export interface RenderCacheOptions {
  /** Reads the catalogue's generation (a number that moves on every catalogue write). */
  readonly readGeneration: () => Promise<number>;
  /** Longest time a generation read is trusted, in ms; 0 reads it for every request. @default 100 */
  readonly checkEveryMs?: number;
  /** Memory budget of the stored answers, counted as UTF-16 (2 bytes a character). @default 32 MiB */
  readonly maxBytes?: number;
  /** Largest single answer stored. @default 2 MiB */
  readonly maxEntryBytes?: number;
  readonly now?: () => number;
}

/** Counters for tests, benchmarks and logs. */
export interface RenderCacheStats {
  hits: number;
  misses: number;
  fills: number;
  /** Times the generation moved and the cache was emptied. */
  invalidations: number;
  /** Fills cancelled because every request waiting for them went away. */
  abandoned: number;
}

interface Stored {
  readonly generation: number;
  readonly answer: CachedAnswer;
}

interface Fill {
  readonly promise: Promise<FillResult | null>;
  readonly controller: AbortController;
  waiters: number;
}

const sizeOf = (answer: CachedAnswer): number =>
  answer.parts.reduce((n, part) => n + part.length * 2, 0) + answer.headers.reduce((n, [k, v]) => n + (k.length + v.length) * 2, 0) + 64;

/** Rejects with the signal's reason once it aborts; otherwise settles as `promise` does. */
const untilAborted = <T>(promise: Promise<T>, signal: AbortSignal): Promise<T> =>
  new Promise<T>((resolve, reject) => {
    if (signal.aborted) {
      reject(signal.reason);
      return;
    }
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
  });

/** An in-memory, generation-checked, byte-bounded LRU of finished answers. */
export class RenderCache {
  readonly stats: RenderCacheStats = { hits: 0, misses: 0, fills: 0, invalidations: 0, abandoned: 0 };
  private readonly entries: LRUCache<string, Stored>;
  private readonly inflight = new Map<string, Fill>();
  private readonly checkEveryMs: number;
  private readonly maxEntryBytes: number;
  private readonly now: () => number;
  private known: number | null = null;
  private checkedAt = Number.NEGATIVE_INFINITY;
  private reading: Promise<number | null> | null = null;

  constructor(private readonly options: RenderCacheOptions) {
    this.checkEveryMs = options.checkEveryMs ?? 100;
    this.maxEntryBytes = options.maxEntryBytes ?? 2 * 1024 * 1024;
    this.now = options.now ?? (() => performance.now());
    this.entries = new LRUCache<string, Stored>({ maxSize: options.maxBytes ?? 32 * 1024 * 1024, sizeCalculation: (stored) => sizeOf(stored.answer) });
  }

  /** Bytes held by stored answers (as counted against the budget). */
  get bytes(): number {
    return this.entries.calculatedSize;
  }

  /** Stored answers. */
  get size(): number {
    return this.entries.size;
  }

  /**
   * The catalogue's current generation, read from the database at most once per `checkEveryMs`;
   * null when it cannot be read (the caller then neither reads nor fills the cache).
   */
  async generation(): Promise<number | null> {
    if (this.known !== null && this.now() - this.checkedAt < this.checkEveryMs) return this.known;
    this.reading ??= (async () => {
      const started = this.now();
      try {
        const value = await this.options.readGeneration();
        if (this.known !== null && value !== this.known) {
          this.entries.clear();
          this.stats.invalidations += 1;
        }
        this.known = value;
        this.checkedAt = started;
        return value;
      } catch {
        this.known = null;
        this.entries.clear();
        return null;
      } finally {
        this.reading = null;
      }
    })();
    return this.reading;
  }

  /** The stored answer for `key` at `generation`, if any (and marks it recently used). */
  get(key: string, generation: number): CachedAnswer | undefined {
    const stored = this.entries.get(key);
    if (stored && stored.generation === generation) {
      this.stats.hits += 1;
      return stored.answer;
    }
    this.stats.misses += 1;
    return undefined;
  }

  /** Stores an answer made at `generation`, unless the generation has moved on since. */
  set(key: string, generation: number, answer: CachedAnswer): void {
    if (generation !== this.known || sizeOf(answer) > this.maxEntryBytes) return;
    this.entries.set(key, { generation, answer });
  }

  /**
   * The answer for `key`: stored, or made by `produce` once for every request that asks while it
   * runs. `produce` gets a signal that aborts when all those requests have gone (each request's
   * own `signal`); a request whose signal aborts stops waiting at once (the promise rejects with
   * the signal's reason). A result with `store: false` goes to the waiting requests only.
   */
  async getOrFill(
    key: string,
    generation: number,
    produce: (signal: AbortSignal) => Promise<FillResult | null>,
    signal?: AbortSignal,
  ): Promise<(FillResult & { readonly hit: boolean }) | null> {
    const hit = this.get(key, generation);
    if (hit) return { answer: hit, store: true, hit: true };
    const made = await this.fill(key, generation, produce, signal);
    return made ? { ...made, hit: false } : null;
  }

  private async fill(key: string, generation: number, produce: (signal: AbortSignal) => Promise<FillResult | null>, signal?: AbortSignal): Promise<FillResult | null> {
    const slot = `${generation}\n${key}`;
    let fill = this.inflight.get(slot);
    if (!fill) {
      const controller = new AbortController();
      this.stats.fills += 1;
      const promise = (async () => {
        try {
          const result = await produce(controller.signal);
          if (result?.store && !controller.signal.aborted) this.set(key, generation, result.answer);
          return result;
        } finally {
          this.inflight.delete(slot);
        }
      })();
      fill = { promise, controller, waiters: 0 };
      this.inflight.set(slot, fill);
    }
    const joined = fill;
    joined.waiters += 1;
    if (!signal) return joined.promise;
    let gone = false;
    const leave = () => {
      gone = true;
      joined.waiters -= 1;
      if (joined.waiters === 0 && !joined.controller.signal.aborted) {
        this.stats.abandoned += 1;
        joined.controller.abort(signal.reason);
      }
    };
    if (signal.aborted) leave();
    else signal.addEventListener('abort', leave, { once: true });
    try {
      return await untilAborted(joined.promise, signal);
    } finally {
      signal.removeEventListener('abort', leave);
      if (!gone) joined.waiters -= 1;
    }
  }

  /** Forgets every stored answer (the generation is read again on the next request). */
  clear(): void {
    this.entries.clear();
    this.checkedAt = Number.NEGATIVE_INFINITY;
  }
}

/** Reads the generation row (one row, by primary key). */
export const databaseGeneration =
  (db: ShopDatabase) =>
  async (): Promise<number> => {
    const [row] = await db.select({ generation: cacheGeneration.generation }).from(cacheGeneration).where(eq(cacheGeneration.id, 1));
    return row?.generation ?? 0;
  };

// ---------------------------------------------------------------- addresses

/** Page paths whose anonymous render is cached (the cart and search results are not). */
const CACHED_PAGE = /^\/(?:|shop\/|product\/[a-z0-9-]{1,200}\/|product-category\/[a-z0-9-]{1,100}\/|blog\/|blog\/[a-z0-9-]{1,200}\/)$/;

/**
 * Query parameters a catalogue or blog page reads (`src/app/load-page.ts`, the shop-filters
 * rules, the variation picker): paging, layout, and a section's filters, bare for the page's
 * main section or prefixed with a section id (`popular-orderby`). Anything else changes nothing
 * on the page and is left out of the key and of the render.
 */
const PAGE_PARAM = /^(?:layout|attribute_[a-z0-9_-]{1,60}|(?:[a-z0-9_]{1,40}-)?(?:paged|orderby|min_price|max_price|product_cat|filter_[a-z0-9_-]{1,40}))$/;

/** Longest query string considered for caching; longer ones are rendered every time. */
const MAX_QUERY_CHARS = 1024;

/** Most parameters kept in a page key. */
const MAX_PAGE_PARAMS = 24;

/**
 * The normalised address (`/shop/?orderby=price&paged=2`) of a page whose anonymous render can be
 * cached, or null when it cannot (the cart, search results, an unusual or very long query).
 */
export function pageCacheAddress(url: URL): string | null {
  if (!CACHED_PAGE.test(url.pathname)) return null;
  if (url.search.length > MAX_QUERY_CHARS) return null;
  const kept: Array<[string, string]> = [];
  for (const [name, value] of url.searchParams) {
    if (url.pathname === '/' && name === 's') return null;
    if (PAGE_PARAM.test(name)) kept.push([name, value]);
  }
  if (kept.length > MAX_PAGE_PARAMS) return null;
  // Array.prototype.sort is stable: repeated names keep their order, and the first still wins.
  kept.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const query = new URLSearchParams(kept).toString();
  return query === '' ? url.pathname : `${url.pathname}?${query}`;
}

/** The key of an API read: its path and every parameter, sorted by name (the API ignores none it reads). */
export function apiCacheAddress(url: URL): string | null {
  if (url.search.length > MAX_QUERY_CHARS) return null;
  const params = [...url.searchParams];
  params.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const query = new URLSearchParams(params).toString();
  return query === '' ? url.pathname : `${url.pathname}?${query}`;
}

/** Headers of an API answer that belong to its content (the rest are per request). */
const KEPT_API_HEADERS = new Set(['content-type', 'x-wp-total', 'x-wp-totalpages', 'link']);

/**
 * Middleware for catalogue API reads (GET): answers from the cache when it can, otherwise lets the
 * route answer and keeps a 200 for the next request. Mount it under the router's own header
 * middleware, so a cached answer still gets the per-request headers (nonce, session cookie).
 * `origin` is the origin the route writes into its links.
 */
export function cachedApiReads(cache: RenderCache, origin: (c: Parameters<MiddlewareHandler>[0]) => string): MiddlewareHandler {
  return async (c, next) => {
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD') return next();
    const address = apiCacheAddress(new URL(c.req.url));
    const generation = address === null ? null : await cache.generation();
    if (address === null || generation === null) return next();
    const key = `api ${origin(c)} ${address}`;
    const hit = cache.get(key, generation);
    if (hit) {
      const headers = new Headers();
      for (const [name, value] of hit.headers) headers.append(name, value);
      return new Response(hit.parts.join(''), { status: hit.status, headers });
    }
    await next();
    if (c.res.status !== 200 || c.error) return;
    const body = await c.res.clone().text();
    const headers: Array<[string, string]> = [];
    c.res.headers.forEach((value, name) => {
      if (KEPT_API_HEADERS.has(name)) headers.push([name, value]);
    });
    cache.set(key, generation, { status: 200, headers, parts: [body] });
    return;
  };
}

// ---------------------------------------------------------------- shoppers

/**
 * For the pages handler (`PageCacheOptions.emptyCartNonce`): the shopper's Store API nonce when
 * their cart is empty, so the shared anonymous render fits them, else null. A shopper whose
 * browser says it holds a cart (WooCommerce's cart cookies) gets their own render, which also
 * clears those cookies when the cart is gone. Starts the session on a first visit and keeps its
 * expiry moving as a cart read does.
 */
export function emptyCartNonce(deps: { readonly db: ShopDatabase; readonly keys: () => Promise<Keys> }): (c: Context) => Promise<string | null> {
  return async (c) => {
    if (getCookie(c, 'woocommerce_items_in_cart') !== undefined || getCookie(c, 'woocommerce_cart_hash') !== undefined) return null;
    const session = await getOrCreateSession(c);
    if (!session.isNew) {
      const check = await checkSession(deps.db, session.id);
      if (check.renewed) renewSessionCookie(c, session.id);
      // A signed-in shopper never gets the shared render: their page shows their account.
      if (check.customerId !== null) return null;
      if (check.exists) {
        const [line] = await deps.db.select({ key: cartItems.key }).from(cartItems).where(eq(cartItems.sessionId, session.id)).limit(1);
        if (line) return null;
      }
    }
    return createNonce(await deps.keys(), session.id, STORE_API_ACTION);
  };
}
