/**
 * The shopper's session: a random 128-bit id in an HttpOnly cookie. The cart belongs to it. The
 * cookie alone is enough to browse; the database row (with its 48-hour sliding expiry) appears on
 * the first cart write, so crawlers and one-page visitors cost no writes.
 *
 * The page renderer uses {@link getOrCreateSession} before it calls the Store API in-process, so
 * every in-process call of one page view carries the same session, even on a first visit.
 */
import type { Context } from 'hono';
import { getCookie } from 'hono/cookie';
import { newSessionId } from './lib/crypto.js';
import { isHttps } from './lib/request.js';

/** Name of the session cookie. */
export const SESSION_COOKIE = 'suki_session';

/** Session lifetime, renewed as the shopper comes back (WooCommerce uses 48 hours too). */
export const SESSION_TTL_MS = 48 * 3_600_000;

const ID_PATTERN = /^[0-9a-f]{32}$/;

/** The shopper's session for one request. */
export interface ShopperSession {
  /** The session id (32 hex digits). */
  readonly id: string;
  /** True when this request created it (no valid cookie came in). */
  readonly isNew: boolean;
  /**
   * The request's Cookie header with the session cookie in it: send this on in-process calls
   * (`app.fetch(new Request(url, { headers: { cookie } }))`) so they share the session.
   */
  readonly cookie: string;
}

interface RequestSessionState {
  session: ShopperSession;
  /** Set-Cookie lines this request must send (new or renewed session cookie). */
  setCookies: string[];
}

// Keyed by the raw Request, so state never leaks between requests and needs no Context typing.
const perRequest = new WeakMap<Request, RequestSessionState>();

/** The `Set-Cookie` value for a session id; Secure when the shopper is on https. */
export function sessionCookie(id: string, secure: boolean): string {
  const expires = new Date(Date.now() + SESSION_TTL_MS).toUTCString();
  return `${SESSION_COOKIE}=${id}; Path=/; Expires=${expires}; Max-Age=${SESSION_TTL_MS / 1000}; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;
}

/** The session id from the request's cookie, when it is well-formed; otherwise null. */
export function readSessionId(c: Context): string | null {
  const known = perRequest.get(c.req.raw);
  if (known) return known.session.id;
  const value = getCookie(c, SESSION_COOKIE);
  return value !== undefined && ID_PATTERN.test(value) ? value : null;
}

function withSessionCookie(cookieHeader: string, id: string): string {
  const others = cookieHeader
    .split(';')
    .map((part) => part.trim())
    .filter((part) => part !== '' && !part.startsWith(`${SESSION_COOKIE}=`));
  return [...others, `${SESSION_COOKIE}=${id}`].join('; ');
}

/**
 * The shopper's session; creates one (and queues its cookie on the response) when the request has
 * none. Calling it again during the same request returns the same session.
 */
export async function getOrCreateSession(c: Context): Promise<ShopperSession> {
  const known = perRequest.get(c.req.raw);
  if (known) return known.session;
  const incoming = c.req.header('cookie') ?? '';
  const existing = readSessionId(c);
  let state: RequestSessionState;
  if (existing !== null) {
    state = { session: { id: existing, isNew: false, cookie: incoming }, setCookies: [] };
  } else {
    const id = newSessionId();
    const line = sessionCookie(id, isHttps(c));
    state = { session: { id, isNew: true, cookie: withSessionCookie(incoming, id) }, setCookies: [line] };
    c.header('Set-Cookie', line, { append: true });
  }
  perRequest.set(c.req.raw, state);
  return state.session;
}

/** Sends the session cookie again with a fresh expiry (after the session's expiry moved forward). */
export function renewSessionCookie(c: Context, id: string): void {
  const state = perRequest.get(c.req.raw);
  const line = sessionCookie(id, isHttps(c));
  if (state) {
    if (state.setCookies.some((l) => l.startsWith(`${SESSION_COOKIE}=`))) return;
    state.setCookies.push(line);
  }
  c.header('Set-Cookie', line, { append: true });
}

/**
 * Session `Set-Cookie` lines this request owes the browser. The app adds them to responses that were
 * built without them (a page handler returning its own `Response`).
 */
export function pendingSessionCookies(c: Context): readonly string[] {
  return perRequest.get(c.req.raw)?.setCookies ?? [];
}
