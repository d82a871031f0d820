/**
 * The mail outbox: messages are queued in the database in the same transaction as what caused
 * them (an order placed, a status changed), then sent after commit. Sending claims a row first, so
 * two instances never send the same message; a message whose sending failed is retried with a
 * growing delay, up to a limit, and every failure is logged. A restart sends what is still queued.
 */
import { and, asc, eq, lte, sql } from 'drizzle-orm';
import type { ShopDatabase } from '../db/query.js';
import { mailOutbox } from '../db/schema.js';
import type { MailMessage, MailTransport } from './transport.js';

/** Attempts before a message is marked failed. */
export const MAX_ATTEMPTS = 5;

/** Queues a message; call inside the transaction that makes it true. */
export async function queueMail(tx: ShopDatabase, message: MailMessage): Promise<void> {
  await tx.insert(mailOutbox).values({ to: message.to, subject: message.subject, text: message.text, html: message.html });
}

export interface OutboxLogger {
  warn(message: string, error?: unknown): void;
}

/**
 * Sends due messages, oldest first, at most `limit`. Each row is claimed (attempts raised and its
 * next try moved on) by a conditional update before it is sent, so a concurrent drain skips it.
 * Returns how many were sent.
 */
export async function drainOutbox(db: ShopDatabase, transport: MailTransport, logger: OutboxLogger, limit = 20, now = Date.now()): Promise<number> {
  let sent = 0;
  for (let i = 0; i < limit; i += 1) {
    const due = new Date(now).toISOString();
    // Claim one due row: the conditional update is the lock.
    const candidates = await db
      .select({ id: mailOutbox.id, attempts: mailOutbox.attempts })
      .from(mailOutbox)
      // Due by the database's clock too: a row queued a moment ago carries the database's time, in
      // microseconds, which can be a fraction of a millisecond past `now`.
      .where(and(eq(mailOutbox.status, 'queued'), lte(mailOutbox.nextAttemptAt, sql`greatest(now(), ${due}::timestamptz)`)))
      .orderBy(asc(mailOutbox.nextAttemptAt), asc(mailOutbox.id))
      .limit(1);
    const candidate = candidates[0];
    if (!candidate) break;
    // Retry after 1, 2, 4, 8 minutes.
    const nextTry = new Date(now + 60_000 * 2 ** candidate.attempts).toISOString();
    const claimed = await db
      .update(mailOutbox)
      .set({ attempts: sql`${mailOutbox.attempts} + 1`, nextAttemptAt: nextTry })
      .where(and(eq(mailOutbox.id, candidate.id), eq(mailOutbox.attempts, candidate.attempts), eq(mailOutbox.status, 'queued')))
      .returning();
    const row = claimed[0];
    if (!row) continue;
    try {
      await transport.send({ to: row.to, subject: row.subject, text: row.text, html: row.html });
      await db.update(mailOutbox).set({ status: 'sent', sentAt: new Date().toISOString(), lastError: null }).where(eq(mailOutbox.id, row.id));
      sent += 1;
    } catch (error) {
      const failed = row.attempts >= MAX_ATTEMPTS;
      logger.warn(`mail ${row.id} to ${row.to} could not be sent (attempt ${row.attempts}${failed ? ', giving up' : ''})`, error);
      await db
        .update(mailOutbox)
        .set({ lastError: error instanceof Error ? error.message.slice(0, 500) : String(error).slice(0, 500), ...(failed ? { status: 'failed' as const } : {}) })
        .where(eq(mailOutbox.id, row.id));
    }
  }
  return sent;
}
