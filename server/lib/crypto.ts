/**
 * Secrets and signatures: nonces (WordPress-style, HMAC of session, action and a 12-hour tick),
 * the opaque `Cart-Token`, and fingerprints. One server secret; each use gets its own derived key
 * so a value signed for one purpose never verifies for another.
 */
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** Keys derived from the server secret. */
export interface Keys {
  readonly nonce: Buffer;
  readonly token: Buffer;
  /** Signs session ids, so the server only ever adopts ids it issued. */
  readonly session: Buffer;
}

/** Derives the per-purpose keys from the server secret. */
export function deriveKeys(secret: string): Keys {
  const derive = (purpose: string) => createHmac('sha256', secret).update(`suki:${purpose}`).digest();
  return { nonce: derive('nonce'), token: derive('cart-token'), session: derive('session') };
}

/** A new random secret (256 bits, base64url). */
export function generateSecret(): string {
  return randomBytes(32).toString('base64url');
}

const sessionMac = (keys: Keys, random: string): string => createHmac('sha256', keys.session).update(random).digest('hex').slice(0, 32);

/**
 * A new session id: 128 random bits and a 128-bit HMAC of them, as 64 hex digits. Only the server
 * can make one that {@link isIssuedSessionId} accepts, so a cookie planted by someone else (session
 * fixation) is never adopted, and no database row is needed to tell.
 */
export function newSessionId(keys: Keys): string {
  const random = randomBytes(16).toString('hex');
  return `${random}${sessionMac(keys, random)}`;
}

const SIGNED_ID = /^[0-9a-f]{64}$/;

/** True when `id` is a session id this server issued with these keys. */
export function isIssuedSessionId(keys: Keys, id: string): boolean {
  if (!SIGNED_ID.test(id)) return false;
  return safeEqual(id.slice(32), sessionMac(keys, id.slice(0, 32)));
}

/** An id from before session ids were signed: 32 hex digits, adopted only while its row exists. */
export const isLegacySessionId = (id: string): boolean => /^[0-9a-f]{32}$/.test(id);

/** Half a day, the length of one WordPress nonce tick. */
const TICK_SECONDS = 43_200;

/** The Store API's nonce action. */
export const STORE_API_ACTION = 'wc_store_api';

/** WordPress's nonce tick: a nonce is valid during its tick and the next one (12–24 h). */
export function nonceTick(nowMs: number): number {
  return Math.ceil(nowMs / 1000 / TICK_SECONDS);
}

function nonceFor(keys: Keys, sessionId: string, action: string, tick: number): string {
  return createHmac('sha256', keys.nonce).update(`${tick}|${action}|${sessionId}`).digest('hex').slice(0, 10);
}

/** The nonce of `action` for a session, as WordPress would print it (10 hex digits). */
export function createNonce(keys: Keys, sessionId: string, action: string = STORE_API_ACTION, nowMs = Date.now()): string {
  return nonceFor(keys, sessionId, action, nonceTick(nowMs));
}

/** Constant-time comparison of two short strings. */
export function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** True when `nonce` was made for this session and action during the current or the previous tick. */
export function verifyNonce(keys: Keys, sessionId: string, nonce: string, action: string = STORE_API_ACTION, nowMs = Date.now()): boolean {
  if (!/^[0-9a-f]{10}$/.test(nonce)) return false;
  const tick = nonceTick(nowMs);
  // Both comparisons always run, so timing does not tell which tick matched.
  const current = safeEqual(nonce, nonceFor(keys, sessionId, action, tick));
  const previous = safeEqual(nonce, nonceFor(keys, sessionId, action, tick - 1));
  return current || previous;
}

/**
 * The `Cart-Token` header: a signed JWT-shaped token like WooCommerce's. Its subject is a keyed hash
 * of the session id, never the id itself, because this header is readable by scripts while the
 * session cookie is not.
 */
export function cartToken(keys: Keys, sessionId: string, nowMs = Date.now()): string {
  const iat = Math.floor(nowMs / 1000);
  const subject = `t_${createHmac('sha256', keys.token).update(`subject|${sessionId}`).digest('hex').slice(0, 30)}`;
  const header = Buffer.from(JSON.stringify({ alg: 'HS256', typ: 'JWT' })).toString('base64url');
  const payload = Buffer.from(JSON.stringify({ user_id: subject, exp: iat + 172_800, iss: 'store-api', iat })).toString('base64url');
  const signature = createHmac('sha256', keys.token).update(`${header}.${payload}`).digest('base64url');
  return `${header}.${payload}.${signature}`;
}

/** Hex SHA-256 of a string. */
export function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

/** Hex MD5 of a string: WooCommerce's cart item keys and cart hash are MD5s (not a security use). */
export function md5(text: string): string {
  return createHash('md5').update(text).digest('hex');
}
