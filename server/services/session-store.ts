/**
 * The database side of sessions: expiry and renewal. A session row is created by the first cart
 * write; reads only look at it.
 */
import { and, eq, lt, sql } from 'drizzle-orm';
import { queryRows, type ShopDatabase } from '../db/client.js';
import { cartItems, sessions } from '../db/schema.js';
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

/**
 * Makes sure the session row exists with a fresh 48-hour expiry before a cart write, inside the
 * write's transaction, in one statement. When the row had already expired, its old cart is removed
 * first, so an abandoned cart never comes back.
 */
export async function ensureSession(tx: ShopDatabase, id: string, nowMs = Date.now()): Promise<void> {
  const rows = await queryRows<{ previous: string | null }>(
    tx,
    sql`INSERT INTO ${sessions} (id, expires_at) VALUES (${id}, ${new Date(nowMs + SESSION_TTL_MS).toISOString()})
      ON CONFLICT (id) DO UPDATE SET previous_expires_at = ${sessions.expiresAt}, expires_at = excluded.expires_at
      RETURNING previous_expires_at AS previous`,
  );
  const previous = rows[0]?.previous;
  if (previous !== null && previous !== undefined && Date.parse(previous) <= nowMs) {
    await tx.delete(cartItems).where(eq(cartItems.sessionId, id));
  }
}

/** Removes expired sessions (their carts go with them). */
export async function purgeExpiredSessions(db: ShopDatabase, nowMs = Date.now()): Promise<void> {
  await db.delete(sessions).where(lt(sessions.expiresAt, new Date(nowMs).toISOString()));
}
