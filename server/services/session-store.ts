/**
 * The database side of sessions: expiry and renewal. A session row is created by the first cart
 * write; reads only look at it.
 */
import { and, eq, gt, lt } from 'drizzle-orm';
import type { ShopDatabase } from '../db/query.js';
import { sessions } from '../db/schema.js';
import { SESSION_TTL_MS } from '../session.js';

/** Renew the expiry once it is more than this old, so busy shoppers do not write on every read. */
const RENEW_AFTER_MS = 3_600_000;

/** What a read found out about the session row. */
export interface SessionCheck {
  /** False when the session has no row (never wrote to the cart, or expired and was removed). */
  readonly exists: boolean;
  /** True when the expiry moved forward, so the cookie should be sent again. */
  readonly renewed: boolean;
}

/**
 * Checks a session before reading its cart: an expired session is removed with its cart, and one
 * used again after an hour gets a new 48-hour expiry.
 */
export async function checkSession(db: ShopDatabase, id: string, nowMs = Date.now()): Promise<SessionCheck> {
  const [row] = await db.select({ expiresAt: sessions.expiresAt }).from(sessions).where(eq(sessions.id, id));
  if (!row) return { exists: false, renewed: false };
  const expires = Date.parse(row.expiresAt);
  if (expires <= nowMs) {
    await db.delete(sessions).where(and(eq(sessions.id, id), lt(sessions.expiresAt, new Date(nowMs).toISOString())));
    return { exists: false, renewed: false };
  }
  if (expires - nowMs < SESSION_TTL_MS - RENEW_AFTER_MS) {
    await db
      .update(sessions)
      .set({ expiresAt: new Date(nowMs + SESSION_TTL_MS).toISOString() })
      .where(eq(sessions.id, id));
    return { exists: true, renewed: true };
  }
  return { exists: true, renewed: false };
}

/** Removes expired sessions (their carts go with them). */
export async function purgeExpiredSessions(db: ShopDatabase, nowMs = Date.now()): Promise<void> {
  await db.delete(sessions).where(lt(sessions.expiresAt, new Date(nowMs).toISOString()));
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
