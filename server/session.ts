/**
 * The shopper's session: a random 128-bit id signed with the shop's key (HMAC), in an HttpOnly
 * cookie. The cart belongs to it. The cookie alone is enough to browse; the database row (with its
 * 48-hour sliding expiry) appears on the first cart write, so crawlers and one-page visitors cost
 * no writes. A cookie the server did not issue (bad or missing signature: session fixation) is
 * ignored, and the request gets a new id if it needs one. Ids from before signing (32 hex digits)
 * are adopted only while their row exists and is less than two weeks old, so carts survive the
 * change.
 *
 * The page renderer uses {@link getOrCreateSession} before it calls the Store API in-process, so
 * every in-process call of one page view carries the same session, even on a first visit.
 */
import type { Context, MiddlewareHandler } from 'hono';
import { getCookie } from 'hono/cookie';
import { isIssuedSessionId, isLegacySessionId, newSessionId, type Keys } from './lib/crypto.js';
import { isHttps } from './lib/request.js';

/** Name of the session cookie. */
export const SESSION_COOKIE = 'suki_session';

/** Session lifetime, renewed as the shopper comes back (WooCommerce uses 48 hours too). */
export const SESSION_TTL_MS = 48 * 3_600_000;

/** The shopper's session for one request. */
export interface ShopperSession {
  /** The session id (64 hex digits; 32 for a session from before ids were signed). */
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

/** What the session middleware found: the incoming id when the server issued it, and the keys. */
interface IncomingSession {
  readonly id: string | null;
  readonly keys: Keys;
}
// Keyed by the Context: a body-limit wrapper may replace `c.req.raw` later in the same request.
const incomingSessions = new WeakMap<Context, IncomingSession>();

/**
 * Reads and checks the session cookie once per request (the app's middleware): a signed id is
 * checked against the keys; an unsigned 32-digit one from before signing is asked about
 * (`isLegacySession`: its row exists); anything else counts as no session.
 */
export function sessionMiddleware(keys: () => Promise<Keys>, isLegacySession: (id: string) => Promise<boolean>): MiddlewareHandler {
  return async (c, next) => {
    // The client build's files need no session (and must not wait for the key).
    if (c.req.path.startsWith('/assets/')) return next();
    const loaded = await keys();
    const value = getCookie(c, SESSION_COOKIE);
    let id: string | null = null;
    if (value !== undefined) {
      if (isIssuedSessionId(loaded, value)) id = value;
      else if (isLegacySessionId(value) && (await isLegacySession(value))) id = value;
    }
    incomingSessions.set(c, { id, keys: loaded });
    await next();
  };
}

const incomingOf = (c: Context): IncomingSession => {
  const found = incomingSessions.get(c);
  if (!found) throw new Error('The session middleware did not run for this request.');
  return found;
};

/** How long a signed-in session lasts with `Remember me` (cookie and row): 14 days, as WordPress. */
export const REMEMBER_TTL_MS = 14 * 86_400_000;

/** How long a signed-in session without `Remember me` lasts on the server (its cookie ends with the browser). */
export const SIGNED_IN_TTL_MS = 2 * 86_400_000;

/**
 * What a session cookie is: a guest's (48 h, renewed as the shopper comes back), a signed-in
 * session with `Remember me` (14 days, never renewed), or a signed-in session without it (no
 * expiry: the browser drops it when it closes).
 */
export type SessionCookieKind = 'guest' | 'remember' | 'browser';

/** The `Set-Cookie` value for a session id; Secure when the shopper is on https. */
export function sessionCookie(id: string, secure: boolean, kind: SessionCookieKind = 'guest'): string {
  const flags = `HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;
  if (kind === 'browser') return `${SESSION_COOKIE}=${id}; Path=/; ${flags}`;
  const ttl = kind === 'remember' ? REMEMBER_TTL_MS : SESSION_TTL_MS;
  const expires = new Date(Date.now() + ttl).toUTCString();
  return `${SESSION_COOKIE}=${id}; Path=/; Expires=${expires}; Max-Age=${ttl / 1000}; ${flags}`;
}

/** The session id from the request's cookie, when the server issued it; otherwise null. */
export function readSessionId(c: Context): string | null {
  const known = perRequest.get(c.req.raw);
  if (known) return known.session.id;
  return incomingSessions.get(c)?.id ?? null;
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
  const { id: existing, keys } = incomingOf(c);
  let state: RequestSessionState;
  if (existing !== null) {
    state = { session: { id: existing, isNew: false, cookie: incoming }, setCookies: [] };
  } else {
    const id = newSessionId(keys);
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

/**
 * Gives the request a new session id (login, logout, registration, password change) and queues
 * its cookie, replacing any session cookie queued before. Everything later in the request
 * (`readSessionId`, `getOrCreateSession`, in-process calls) sees the new id; the caller moves or
 * deletes what the old id owned, so afterwards it owns nothing.
 */
export function rotateSession(c: Context, kind: SessionCookieKind): ShopperSession {
  const { keys } = incomingOf(c);
  const id = newSessionId(keys);
  const line = sessionCookie(id, isHttps(c), kind);
  const incoming = c.req.header('cookie') ?? '';
  const session: ShopperSession = { id, isNew: true, cookie: withSessionCookie(incoming, id) };
  perRequest.set(c.req.raw, { session, setCookies: [line] });
  c.header('Set-Cookie', line, { append: true });
  return session;
}
