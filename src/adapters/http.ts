/**
 * The one HTTP client of the storefront. It speaks the WordPress REST conventions that
 * `@wordpress/api-fetch` implements (API root, `_locale=user`, method override, `per_page=-1`,
 * nonce refresh) and the host-level `?wc-ajax=` form posts, and it turns every transport, status
 * and parse problem into a {@link PortFailure} value instead of an exception.
 */
import * as v from 'valibot';
import type { PortFailure } from '../core/ports.js';
import { err, ok, type Result } from '../core/result.js';
import { htmlToText } from './text.js';

/** Options of {@link createHttpClient}. */
export interface HttpClientOptions {
  /** Shop origin (optionally with a sub-path), e.g. `http://127.0.0.1:3000`; `''` for same-origin in the browser. */
  readonly baseUrl: string;
  /**
   * REST API root below `baseUrl` (or an absolute URL). With plain permalinks use `/?rest_route=/`.
   * @default '/wp-json/'
   */
  readonly apiRoot?: string;
  /**
   * Add `_locale=user` to REST calls (unless the call already names a `_locale`).
   * @default true
   */
  readonly locale?: boolean;
  /**
   * Time allowed for one request, answer body included.
   * @default 10000
   */
  readonly timeoutMs?: number;
  /** Fetch implementation; SSR passes an in-process one. @default globalThis.fetch */
  readonly fetch?: typeof globalThis.fetch;
  /** Extra headers computed per request, e.g. the shopper's `Cookie` forwarded during SSR. */
  readonly headers?: () => Readonly<Record<string, string>>;
  /**
   * Host path answering a fresh WordPress REST nonce as plain text.
   * @default '/wp-admin/admin-ajax.php?action=rest-nonce'
   */
  readonly nonceEndpoint?: string;
  /** WordPress REST nonce printed into the page (sent as `X-WP-Nonce`), if any. */
  readonly restNonce?: string;
  /** Store API nonce printed into the page (sent as `Nonce` on Store API writes), if any. */
  readonly storeNonce?: string;
}

/** Validates an answer body; any valibot schema whose output is `T`. */
export type Schema<T> = v.GenericSchema<unknown, T>;

/** HTTP methods of REST calls; PUT, PATCH and DELETE travel as POST with a method override. */
export type RestMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Query parameters; `undefined` values are left out. */
export type Query = Readonly<Record<string, string | number | boolean | undefined>>;

/** One call below the REST API root. */
export interface RestRequest<T> {
  /** Route below the API root, e.g. `wc/store/v1/products`; may carry its own `?query`. */
  readonly path: string;
  /** @default 'GET' */
  readonly method?: RestMethod;
  /** `per_page: -1` fetches every page (100 at a time, following `Link: rel="next"`). */
  readonly query?: Query;
  /** JSON body of a write. */
  readonly json?: unknown;
  readonly schema: Schema<T>;
  /** Sent as `Idempotency-Key` on writes. */
  readonly idempotencyKey?: string;
}

/** One form-encoded POST to a host path, e.g. `/?wc-ajax=add_to_cart`. */
export interface FormRequest<T> {
  /** Path below `baseUrl`, starting with `/`. */
  readonly path: string;
  /** Fields in sending order. */
  readonly fields: ReadonlyArray<readonly [string, string]>;
  readonly schema: Schema<T>;
  /** Sent as `Idempotency-Key`. */
  readonly idempotencyKey?: string;
  /**
   * Sends no body and a JSON content type instead of the form (the newsletter provider's hash
   * lookup is such a POST). `fields` must then be empty.
   */
  readonly noBody?: boolean;
  /**
   * Lets the request outlive the page (`fetch`'s `keepalive`): a call made as the shopper sends a
   * native form, whose navigation would otherwise cancel it. Small bodies only (64 KiB in all).
   */
  readonly keepalive?: boolean;
}

/** A validated answer. */
export interface HttpReply<T> {
  readonly status: number;
  /** Headers of the (first) response, e.g. `X-WP-Total`. */
  readonly headers: Headers;
  readonly data: T;
}

/** Which nonce: the Store API `Nonce` or the WordPress REST `X-WP-Nonce`. */
export type NonceKind = 'store' | 'rest';

/** The configured client; see {@link createHttpClient}. */
export interface HttpClient {
  /** A REST call, with one nonce refresh and one retry at most. Never rejects. */
  rest<T>(request: RestRequest<T>): Promise<Result<HttpReply<T>, PortFailure>>;
  /** A form-encoded POST to a host path. Never rejects. */
  postForm<T>(request: FormRequest<T>): Promise<Result<HttpReply<T>, PortFailure>>;
  /** The URL a REST route resolves to, with API-root and locale rules applied. */
  restUrl(path: string, query?: Query): string;
  /** `url` resolved against the shop when it is on the shop's origin, otherwise null. */
  sameOrigin(url: string): string | null;
  /** The nonce currently held (refreshed from every response that carries one). @default kind 'store' */
  nonce(kind?: NonceKind): string | null;
  /** Seeds a nonce, e.g. the Store API nonce serialized into the page by SSR. @default kind 'store' */
  setNonce(value: string, kind?: NonceKind): void;
}

/** REST error codes that mean "your nonce is missing or stale". */
export const NONCE_ERROR_CODES: ReadonlySet<string> = new Set([
  'rest_cookie_invalid_nonce',
  'woocommerce_rest_invalid_nonce',
  'woocommerce_rest_missing_nonce',
]);

/** Upper bound of pages followed for `per_page=-1`. */
export const MAX_PAGES = 100;

const ACCEPT_JSON = 'application/json, */*;q=0.1';
const FORM_TYPE = 'application/x-www-form-urlencoded; charset=UTF-8';
const STORE_CART_ROUTE = 'wc/store/v1/cart';
const OVERRIDDEN: ReadonlySet<RestMethod> = new Set(['PUT', 'PATCH', 'DELETE']);

const MESSAGES = {
  offline: 'You are probably offline.',
  timeout: 'The shop took too long to answer.',
  unreachable: 'The shop cannot be reached right now.',
  invalidJson: 'The response is not a valid JSON response.',
  unknown: 'An unknown error occurred.',
  shape: 'The response does not have the expected shape',
  foreignLink: 'The next page link points outside the shop.',
} as const;

interface RawReply {
  readonly status: number;
  readonly headers: Headers;
  readonly text: string;
}

interface JsonReply {
  readonly status: number;
  readonly headers: Headers;
  readonly body: unknown;
}

interface SendInit {
  readonly method: 'GET' | 'POST';
  readonly headers: Record<string, string>;
  readonly body?: string;
  readonly keepalive?: boolean;
}

class BodyTimeout extends Error {}

function trimTrailingSlashes(value: string): string {
  return value.replace(/\/+$/, '');
}

function normaliseApiRoot(root: string): string {
  const withLeading = root.startsWith('/') || /^https?:/i.test(root) ? root : `/${root}`;
  return withLeading.endsWith('/') ? withLeading : `${withLeading}/`;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** `rel="next"` target of a `Link` header, if any. */
export function nextLink(header: string | null): string | null {
  if (!header) return null;
  for (const match of header.matchAll(/<([^>]*)>([^<]*)/g)) {
    const rel = /;\s*rel\s*=\s*(?:"([^"]*)"|([^;,\s]+))/i.exec(match[2] ?? '');
    const values = (rel?.[1] ?? rel?.[2] ?? '').toLowerCase().split(/\s+/);
    if (values.includes('next')) return match[1] ?? null;
  }
  return null;
}

/** Reads the body, giving up after `ms` (the request's remaining time) and aborting the read. */
function readWithin(response: Response, ms: number, abort: () => void): Promise<string> {
  return new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => {
      abort();
      reject(new BodyTimeout());
    }, Math.max(0, ms));
    response.text().then(
      (text) => {
        clearTimeout(timer);
        resolve(text);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

function parseJson(text: string): { readonly ok: true; readonly value: unknown } | { readonly ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false };
  }
}

/**
 * Maps a non-2xx answer to a failure, keeping the server's `{code, message}` as plain text. A 502 or
 * 504 comes from a gateway (Suki in upstream mode, or a proxy) that could not get an answer from
 * the shop: the shop was unreachable or slow, so those count as network and timeout failures and
 * the cart may retry them.
 */
function statusFailure(raw: RawReply): PortFailure {
  if (raw.status === 502 || raw.status === 504) {
    const parsed = parseJson(raw.text);
    const body = parsed.ok ? parsed.value : null;
    const text = isRecord(body) && typeof body.message === 'string' ? htmlToText(body.message) : '';
    return raw.status === 502 ? { kind: 'network', message: text || MESSAGES.unreachable } : { kind: 'timeout', message: text || MESSAGES.timeout };
  }
  if (raw.text.trim() === '') return { kind: 'http', status: raw.status, code: 'unknown_error', message: MESSAGES.unknown };
  const parsed = parseJson(raw.text);
  if (!parsed.ok) return { kind: 'http', status: raw.status, code: 'invalid_json', message: MESSAGES.invalidJson };
  const body = parsed.value;
  const code = isRecord(body) && typeof body.code === 'string' ? body.code : 'unknown_error';
  const message = isRecord(body) && typeof body.message === 'string' ? htmlToText(body.message) : '';
  // What the error's `data` says beyond the status, e.g. the cart a Store API 409 sends back.
  const { status: _status, ...details } = isRecord(body) && isRecord(body.data) ? body.data : {};
  const data = Object.keys(details).length > 0 ? { data: details } : {};
  return { kind: 'http', status: raw.status, code, message: message || MESSAGES.unknown, ...data };
}

/** Reads a raw answer as JSON: 2xx must parse (204 is null), anything else becomes a failure. */
function decode(raw: RawReply): Result<JsonReply, PortFailure> {
  if (raw.status < 200 || raw.status > 299) return err(statusFailure(raw));
  if (raw.status === 204) return ok({ status: raw.status, headers: raw.headers, body: null });
  const parsed = parseJson(raw.text);
  if (!parsed.ok) {
    const html = /^\s*</.test(raw.text) || (raw.headers.get('content-type') ?? '').includes('html');
    const detail = raw.text.trim() === '' ? ' (empty body)' : html ? ' (HTML where JSON was expected)' : '';
    return err({ kind: 'invalid-response', message: `${MESSAGES.invalidJson}${detail}` });
  }
  return ok({ status: raw.status, headers: raw.headers, body: parsed.value });
}

function validate<T>(schema: Schema<T>, reply: JsonReply): Result<HttpReply<T>, PortFailure> {
  const checked = v.safeParse(schema, reply.body);
  if (checked.success) return ok({ status: reply.status, headers: reply.headers, data: checked.output });
  const path = v.getDotPath(checked.issues[0]);
  const where = path ? ` at ${path}` : '';
  return err({ kind: 'invalid-response', message: `${MESSAGES.shape}${where}.` });
}

function transportFailure(error: unknown): PortFailure {
  if (error instanceof BodyTimeout) return { kind: 'timeout', message: MESSAGES.timeout };
  return { kind: 'network', message: MESSAGES.offline };
}

/** Creates the HTTP client, once for every adapter, over the platform's `fetch`. */
export function createHttpClient(options: HttpClientOptions): HttpClient {
  const baseUrl = trimTrailingSlashes(options.baseUrl);
  const apiRoot = normaliseApiRoot(options.apiRoot ?? '/wp-json/');
  const rootHasQuery = apiRoot.includes('?');
  // An absolute root (API on another host than the pages) is used as it is.
  const rootUrl = /^https?:\/\//i.test(apiRoot) ? apiRoot : `${baseUrl}${apiRoot}`;
  const locale = options.locale ?? true;
  const timeoutMs = options.timeoutMs ?? 10_000;
  const nonceEndpoint = options.nonceEndpoint ?? '/wp-admin/admin-ajax.php?action=rest-nonce';
  const nonces: Record<NonceKind, string | null> = {
    store: options.storeNonce ?? null,
    rest: options.restNonce ?? null,
  };

  const rememberNonces = (headers: Headers): void => {
    const store = headers.get('Nonce') ?? headers.get('X-WC-Store-API-Nonce');
    if (store) nonces.store = store;
    const rest = headers.get('X-WP-Nonce');
    if (rest) nonces.rest = rest;
  };

  // The platform's fetch, called as a method of the global object (a detached `fetch` throws in browsers).
  const fetchImpl: typeof globalThis.fetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));

  /**
   * One request: the shopper's cookies go along (`credentials: include`), the extra headers are
   * added where the call set none of the same name, the nonces of the answer are remembered, and the
   * whole exchange, body included, has `timeoutMs`. `fetch` is called before the first `await`, so a
   * change leaves within the click that made it, before the page re-renders.
   */
  const send = async (url: string, init: SendInit): Promise<Result<RawReply, PortFailure>> => {
    const started = Date.now();
    const controller = new AbortController();
    let timedOut = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    // Also settles when a fetch ignores the abort (as some stand-ins and old engines do).
    const deadline = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(() => {
        timedOut = true;
        controller.abort();
        reject(new BodyTimeout());
      }, timeoutMs);
    });
    deadline.catch(() => undefined);
    try {
      const headers = new Headers(init.headers);
      for (const [name, value] of Object.entries(options.headers?.() ?? {})) {
        if (!headers.has(name)) headers.set(name, value);
      }
      const response = await Promise.race([
        fetchImpl(url, {
          method: init.method,
          headers,
          credentials: 'include',
          signal: controller.signal,
          ...(init.body === undefined ? {} : { body: init.body }),
          ...(init.keepalive ? { keepalive: true } : {}),
        }),
        deadline,
      ]);
      rememberNonces(response.headers);
      const text = await readWithin(response, timeoutMs - (Date.now() - started), () => controller.abort());
      return ok({ status: response.status, headers: response.headers, text });
    } catch (error) {
      return err(timedOut ? { kind: 'timeout', message: MESSAGES.timeout } : transportFailure(error));
    } finally {
      clearTimeout(timer);
    }
  };

  const restUrl = (path: string, query?: Query): string => {
    const trimmed = path.replace(/^\/+/, '');
    const mark = trimmed.indexOf('?');
    const route = mark === -1 ? trimmed : trimmed.slice(0, mark);
    const params = new URLSearchParams(mark === -1 ? '' : trimmed.slice(mark + 1));
    for (const [name, value] of Object.entries(query ?? {})) {
      if (value !== undefined) params.set(name, String(value));
    }
    if (locale && !params.has('_locale')) params.set('_locale', 'user');
    const search = params.toString();
    return `${rootUrl}${route}${search === '' ? '' : (rootHasQuery ? '&' : '?') + search}`;
  };

  const shopOrigin = (): string | null => {
    if (/^https?:\/\//i.test(baseUrl)) return new URL(baseUrl).origin;
    const here = (globalThis as { location?: { origin?: unknown } }).location?.origin;
    return typeof here === 'string' && here !== 'null' ? here : null;
  };

  const sameOrigin = (url: string): string | null => {
    const origin = shopOrigin();
    if (origin === null) return url.startsWith('/') && !url.startsWith('//') && !url.startsWith('/\\') ? url : null;
    try {
      const resolved = new URL(url, `${origin}/`);
      return resolved.origin === origin ? resolved.href : null;
    } catch {
      return null;
    }
  };

  const restHeaders = (route: string, method: RestMethod, idempotencyKey: string | undefined): Record<string, string> => {
    const headers: Record<string, string> = { Accept: ACCEPT_JSON };
    if (nonces.rest) headers['X-WP-Nonce'] = nonces.rest;
    if (method === 'GET') return headers;
    if (OVERRIDDEN.has(method)) headers['X-HTTP-Method-Override'] = method;
    // Store API writes and Suki's own routes (the wishlist) carry the Store API nonce.
    if ((route.startsWith('wc/store/') || route.startsWith('suki/v1/')) && nonces.store) headers.Nonce = nonces.store;
    if (idempotencyKey) headers['Idempotency-Key'] = idempotencyKey;
    return headers;
  };

  const sendRest = async (url: string, route: string, request: RestRequest<unknown>): Promise<Result<JsonReply, PortFailure>> => {
    const method = request.method ?? 'GET';
    const headers = restHeaders(route, method, request.idempotencyKey);
    const json = OVERRIDDEN.has(method) ? (request.json ?? {}) : request.json;
    if (method !== 'GET' && json !== undefined) headers['Content-Type'] = 'application/json';
    const raw = await send(url, {
      method: method === 'GET' ? 'GET' : 'POST',
      headers,
      ...(method !== 'GET' && json !== undefined ? { body: JSON.stringify(json) } : {}),
    });
    return raw.ok ? decode(raw.value) : raw;
  };

  /** Fetches a fresh nonce for the failed code; true when the retry may go ahead. */
  const refreshNonce = async (code: string): Promise<boolean> => {
    if (code === 'rest_cookie_invalid_nonce') {
      const raw = await send(`${baseUrl}${nonceEndpoint}`, { method: 'GET', headers: { Accept: 'text/plain, */*;q=0.1' } });
      const fresh = raw.ok && raw.value.status >= 200 && raw.value.status < 300 ? raw.value.text.trim() : '';
      // admin-ajax answers `0` (or `-1`) when the action is unknown, i.e. for anonymous shoppers.
      if (/^[A-Za-z0-9]{6,64}$/.test(fresh)) {
        nonces.rest = fresh;
        return true;
      }
      nonces.rest = null;
      return false;
    }
    const raw = await send(restUrl(STORE_CART_ROUTE), { method: 'GET', headers: { Accept: ACCEPT_JSON } });
    if (!raw.ok || raw.value.status < 200 || raw.value.status > 299) return false;
    return Boolean(raw.value.headers.get('Nonce') ?? raw.value.headers.get('X-WC-Store-API-Nonce'));
  };

  /** One logical request: sent, and on a nonce failure re-sent once after one refresh per call. */
  const restOnce = async (
    url: string,
    route: string,
    request: RestRequest<unknown>,
    budget: { refreshed: boolean },
  ): Promise<Result<JsonReply, PortFailure>> => {
    const first = await sendRest(url, route, request);
    if (first.ok || first.error.kind !== 'http' || !NONCE_ERROR_CODES.has(first.error.code) || budget.refreshed) {
      return first;
    }
    budget.refreshed = true;
    if (!(await refreshNonce(first.error.code))) return first;
    return sendRest(url, route, request);
  };

  const rest = async <T>(request: RestRequest<T>): Promise<Result<HttpReply<T>, PortFailure>> => {
    const route = request.path.replace(/^\/+/, '').split('?')[0] ?? '';
    const fetchAll = request.query?.per_page === -1 || request.query?.per_page === '-1';
    const query = fetchAll ? { ...request.query, per_page: 100 } : request.query;
    const budget = { refreshed: false };
    const first = await restOnce(restUrl(request.path, query), route, request, budget);
    if (!first.ok) return first;
    if (!fetchAll || !Array.isArray(first.value.body)) return validate(request.schema, first.value);

    const items: unknown[] = [...(first.value.body as unknown[])];
    let next = nextLink(first.value.headers.get('Link'));
    for (let page = 1; next !== null && page < MAX_PAGES; page += 1) {
      const target = sameOrigin(next);
      if (target === null) return err({ kind: 'invalid-response', message: MESSAGES.foreignLink });
      const reply = await restOnce(target, route, { ...request, method: 'GET' }, budget);
      if (!reply.ok) return reply;
      if (!Array.isArray(reply.value.body)) return err({ kind: 'invalid-response', message: `${MESSAGES.shape}.` });
      items.push(...(reply.value.body as unknown[]));
      next = nextLink(reply.value.headers.get('Link'));
    }
    return validate(request.schema, { ...first.value, body: items });
  };

  const postForm = async <T>(request: FormRequest<T>): Promise<Result<HttpReply<T>, PortFailure>> => {
    const headers: Record<string, string> = { Accept: ACCEPT_JSON, 'Content-Type': request.noBody ? 'application/json' : FORM_TYPE };
    if (request.idempotencyKey) headers['Idempotency-Key'] = request.idempotencyKey;
    const body = request.noBody ? undefined : new URLSearchParams(request.fields.map(([name, value]) => [name, value])).toString();
    const raw = await send(`${baseUrl}${request.path}`, { method: 'POST', headers, ...(body === undefined ? {} : { body }), ...(request.keepalive ? { keepalive: true } : {}) });
    if (!raw.ok) return raw;
    const decoded = decode(raw.value);
    return decoded.ok ? validate(request.schema, decoded.value) : decoded;
  };

  return {
    rest,
    postForm,
    restUrl,
    sameOrigin,
    nonce: (kind = 'store') => nonces[kind],
    setNonce: (value, kind = 'store') => {
      nonces[kind] = value === '' ? null : value;
    },
  };
}

/** A whole number from a response header, or null when it is missing or not one. */
function headerInt(headers: Headers, name: string): number | null {
  const value = headers.get(name);
  if (value === null || !/^\d+$/.test(value.trim())) return null;
  return Number(value.trim());
}

/** One page of a WordPress list with its totals from `X-WP-Total` / `X-WP-TotalPages`. */
export function wpPage<T>(items: readonly T[], headers: Headers, page: number): { items: readonly T[]; total: number; totalPages: number; page: number } {
  return { items, total: headerInt(headers, 'X-WP-Total') ?? items.length, totalPages: headerInt(headers, 'X-WP-TotalPages') ?? 1, page };
}
