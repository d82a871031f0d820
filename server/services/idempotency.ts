/**
 * Cart writes with an `Idempotency-Key`: the first answer is stored per session and key, and a
 * repeat gets that answer back instead of applying the write again.
 *
 * The key row is claimed in the same transaction as the write and filled with the answer before
 * commit. A repeat that arrives while the first is still running blocks on that row (PostgreSQL
 * waits for the first transaction; PGlite runs transactions one at a time) and then replays, so a
 * write is applied once however the repeats interleave, and a crash leaves no half-done key behind.
 */
import { and, eq, lt } from 'drizzle-orm';
import type { ShopDatabase } from '../db/client.js';
import { idempotencyKeys } from '../db/schema.js';
import { ApiError } from '../lib/errors.js';
import { ensureSession } from './session-store.js';

/** An answer as stored and replayed: status, body and the headers that belong to it. */
export interface Answer {
  readonly status: number;
  readonly body: string;
  readonly headers: ReadonlyArray<readonly [string, string]>;
}

/** How long an answer is kept for replay. */
export const IDEMPOTENCY_TTL_MS = 24 * 3_600_000;

const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

/** The request's `Idempotency-Key`, validated; undefined when absent. */
export function idempotencyKeyOf(header: string | undefined): string | undefined {
  if (header === undefined) return undefined;
  const key = header.trim();
  if (!KEY_PATTERN.test(key)) {
    throw new ApiError(400, 'suki_invalid_idempotency_key', 'The Idempotency-Key header must be 1 to 255 visible ASCII characters.');
  }
  return key;
}

/** A JSON answer. */
export function jsonAnswer(status: number, value: unknown, headers: ReadonlyArray<readonly [string, string]> = []): Answer {
  return { status, body: JSON.stringify(value), headers: [['Content-Type', 'application/json; charset=UTF-8'], ...headers] };
}

/** What {@link runCartWrite} needs to know about the request. */
export interface WriteScope {
  readonly sessionId: string;
  readonly key: string | undefined;
  /** Hash of method, route and body: the same key with a different request is refused. */
  readonly fingerprint: string;
}

/**
 * Runs a cart write in one transaction: session row made sure of, idempotency key claimed (or its
 * stored answer replayed), the write, and the answer stored. Throwing rolls everything back,
 * including the key, so a retry after a server error runs again.
 */
export async function runCartWrite(
  db: ShopDatabase,
  scope: WriteScope,
  write: (tx: ShopDatabase) => Promise<Answer>,
  nowMs = Date.now(),
): Promise<{ readonly answer: Answer; readonly replayed: boolean }> {
  return db.transaction(async (tx) => {
    await ensureSession(tx, scope.sessionId, nowMs);
    const { key } = scope;
    if (key !== undefined) {
      const where = and(eq(idempotencyKeys.sessionId, scope.sessionId), eq(idempotencyKeys.key, key));
      // An answer older than the retention time no longer counts.
      await tx.delete(idempotencyKeys).where(and(where, lt(idempotencyKeys.createdAt, new Date(nowMs - IDEMPOTENCY_TTL_MS).toISOString())));
      const claimed = await tx
        .insert(idempotencyKeys)
        .values({ sessionId: scope.sessionId, key, fingerprint: scope.fingerprint, createdAt: new Date(nowMs).toISOString() })
        .onConflictDoNothing()
        .returning({ key: idempotencyKeys.key });
      if (claimed.length === 0) {
        const [stored] = await tx.select().from(idempotencyKeys).where(where);
        if (!stored || stored.status === null || stored.body === null) {
          throw new ApiError(409, 'suki_idempotency_conflict', 'A request with this Idempotency-Key is still being processed. Try again shortly.');
        }
        if (stored.fingerprint !== scope.fingerprint) {
          throw new ApiError(422, 'suki_idempotency_key_reused', 'This Idempotency-Key was already used for a different request.');
        }
        const headers = JSON.parse(stored.headers ?? '[]') as Array<[string, string]>;
        return { answer: { status: stored.status, body: stored.body, headers }, replayed: true };
      }
    }
    const answer = await write(tx);
    if (key !== undefined) {
      await tx
        .update(idempotencyKeys)
        .set({ status: answer.status, body: answer.body, headers: JSON.stringify(answer.headers) })
        .where(and(eq(idempotencyKeys.sessionId, scope.sessionId), eq(idempotencyKeys.key, key)));
    }
    return { answer, replayed: false };
  });
}

/** Removes stored answers past their retention time. */
export async function purgeIdempotencyKeys(db: ShopDatabase, nowMs = Date.now()): Promise<void> {
  await db.delete(idempotencyKeys).where(lt(idempotencyKeys.createdAt, new Date(nowMs - IDEMPOTENCY_TTL_MS).toISOString()));
}
