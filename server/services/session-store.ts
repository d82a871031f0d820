/**
 * The database side of sessions: expiry and renewal. A session row is created by the first cart
 * write; reads only look at it.
 */
import { and, eq, gt, lt, ne, notLike } from 'drizzle-orm';
import type { ShopDatabase } from '../db/query.js';
import { sessions } from '../db/schema.js';
import { REMEMBER_TTL_MS, SESSION_TTL_MS, SIGNED_IN_TTL_MS } from '../session.js';

/**
 * The cart of an account lives under this id (a row of `suki_sessions` no cookie ever carries), so
 * every browser signed in to the account reads and writes the same cart. It does not expire.
 */
export const ACCOUNT_CART_PREFIX = 'account-cart:';

/** The cart id of an account. */
export const accountCartId = (customerId: number): string => `${ACCOUNT_CART_PREFIX}${customerId}`;

/** True for an account's cart id. */
export const isAccountCartId = (id: string): boolean => id.startsWith(ACCOUNT_CART_PREFIX);

/** Renew the expiry once it is more than this old, so busy shoppers do not write on every read. */
const RENEW_AFTER_MS = 3_600_000;

/** What a read found out about the session row. */
export interface SessionCheck {
  /** False when the session has no row (never wrote to the cart, or expired and was removed). */
  readonly exists: boolean;
  /** True when the expiry moved forward, so the cookie should be sent again. */
  readonly renewed: boolean;
  /** The signed-in account, or null for a guest (or a sign-in that has expired). */
  readonly customerId: number | null;
}

/**
 * Checks a session before reading its cart: an expired session is removed with its cart (a
 * signed-in one is thereby signed out), and a guest's used again after an hour gets a new 48-hour
 * expiry. A signed-in session keeps its fixed expiry.
 */
export async function checkSession(db: ShopDatabase, id: string, nowMs = Date.now()): Promise<SessionCheck> {
  const [row] = await db.select({ expiresAt: sessions.expiresAt, customerId: sessions.customerId }).from(sessions).where(eq(sessions.id, id));
  if (!row) return { exists: false, renewed: false, customerId: null };
  const expires = Date.parse(row.expiresAt);
  if (expires <= nowMs) {
    await db.delete(sessions).where(and(eq(sessions.id, id), lt(sessions.expiresAt, new Date(nowMs).toISOString())));
    return { exists: false, renewed: false, customerId: null };
  }
  if (row.customerId !== null) return { exists: true, renewed: false, customerId: row.customerId };
  if (guestNeedsRenewal(expires, nowMs)) {
    await renewGuestSession(db, id, nowMs);
    return { exists: true, renewed: true, customerId: null };
  }
  return { exists: true, renewed: false, customerId: null };
}

/** True when a guest session expiring at `expiresMs` was last renewed over an hour ago (a read renews it then). */
export const guestNeedsRenewal = (expiresMs: number, nowMs: number): boolean => expiresMs - nowMs < SESSION_TTL_MS - RENEW_AFTER_MS;

/** Gives a guest session a new 48-hour expiry. */
export async function renewGuestSession(db: ShopDatabase, id: string, nowMs = Date.now()): Promise<void> {
  await db
    .update(sessions)
    .set({ expiresAt: new Date(nowMs + SESSION_TTL_MS).toISOString() })
    .where(eq(sessions.id, id));
}

/** Removes expired sessions (their carts go with them). Accounts' carts stay. */
export async function purgeExpiredSessions(db: ShopDatabase, nowMs = Date.now()): Promise<void> {
  await db.delete(sessions).where(and(lt(sessions.expiresAt, new Date(nowMs).toISOString()), notLike(sessions.id, `${ACCOUNT_CART_PREFIX}%`)));
}

/** The account a session is signed in to. */
export interface SessionAccount {
  readonly customerId: number;
  readonly remember: boolean;
}

/**
 * The account the session is signed in to, or null (a guest, or a sign-in that expired: its row
 * is then removed, so a later cart write cannot bring it back to life).
 */
export async function sessionAccount(db: ShopDatabase, id: string, nowMs = Date.now()): Promise<SessionAccount | null> {
  const [row] = await db.select({ customerId: sessions.customerId, remember: sessions.remember, expiresAt: sessions.expiresAt }).from(sessions).where(eq(sessions.id, id));
  if (!row || row.customerId === null) return null;
  if (Date.parse(row.expiresAt) <= nowMs) {
    await db.delete(sessions).where(eq(sessions.id, id));
    return null;
  }
  return { customerId: row.customerId, remember: row.remember };
}

/** Records a new signed-in session (a rotated id): fixed expiry, 14 days with `Remember me`, else 2. */
export async function startAccountSession(db: ShopDatabase, id: string, customerId: number, remember: boolean, nowMs = Date.now()): Promise<void> {
  const expiresAt = new Date(nowMs + (remember ? REMEMBER_TTL_MS : SIGNED_IN_TTL_MS)).toISOString();
  await db.insert(sessions).values({ id, customerId, remember, expiresAt }).onConflictDoUpdate({ target: sessions.id, set: { customerId, remember, expiresAt } });
}

/** Ends a session: its row goes, and with it whatever the id owned (a guest cart, coupons, the cart's customer). */
export async function endSession(db: ShopDatabase, id: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, id));
}

/** Signs an account out everywhere but `keep` (a password reset or change). */
export async function endAccountSessions(db: ShopDatabase, customerId: number, keep: string | null = null): Promise<void> {
  await db.delete(sessions).where(and(eq(sessions.customerId, customerId), keep === null ? undefined : ne(sessions.id, keep)));
}

/** How long a session from before ids were signed may still be adopted, counted from its creation. */
export const LEGACY_SESSION_MAX_AGE_MS = 14 * 86_400_000;

/**
 * True when an unsigned (32-digit) session id belongs to a live session made before ids were
 * signed. Such rows can no longer be created (every new id is signed), so a planted unsigned id
 * has none; the age limit ends the change-over.
 */
export async function isLegacySession(db: ShopDatabase, id: string, nowMs = Date.now()): Promise<boolean> {
  const [row] = await db
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(eq(sessions.id, id), gt(sessions.expiresAt, new Date(nowMs).toISOString()), gt(sessions.createdAt, new Date(nowMs - LEGACY_SESSION_MAX_AGE_MS).toISOString())));
  return row !== undefined;
}
