/**
 * Cart writes with an `Idempotency-Key`: the first answer is stored per session and key, and a
 * repeat gets that answer back instead of applying the write again.
 *
 * The answer is stored in the same transaction as the write, as its last statement. A repeat that
 * finds the answer replays it without writing. A repeat that runs while the first is still in
 * progress waits for it (every write of a session first renews the session row, which serialises
 * them on PostgreSQL; PGlite runs transactions one at a time), and if it still does not see the
 * answer, its own attempt to store one conflicts: it rolls back everything it did and replays
 * the first answer. Either way the write is applied once, and a crash leaves nothing half done.
 */
import { and, eq, lt } from 'drizzle-orm';
import type { ShopDatabase } from '../db/query.js';
import { cartItems, idempotencyKeys } from '../db/schema.js';
import { STATEMENTS, type PurchaseRow, type WriteBeginRow } from '../db/statements.js';
import { ApiError } from '../lib/errors.js';
import { SESSION_TTL_MS } from '../session.js';
import type { DbContext } from './cart.js';
import { isAccountCartId } from './session-store.js';

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
  /** The product the write adds, read in the same first statement (saves a round trip). */
  readonly productId?: number;
  /** Draws the answer again from facts a fast-path add stored under the key (`cart-hot.ts`); absent: such keys are refused as in progress. */
  readonly replay?: (facts: unknown) => Answer;
}

/** Thrown inside the transaction to roll it back when the answer must be replayed. */
class Replay extends Error {}

/**
 * Runs a cart write in one transaction: session row renewed, the write, and (with a key) its
 * answer stored. A repeat of a stored key replays the stored answer instead. Throwing rolls
 * everything back, so a retry after a server error runs again.
 */
export async function runCartWrite(
  ctx: DbContext,
  scope: WriteScope,
  write: (tx: DbContext, product: PurchaseRow | undefined) => Promise<Answer>,
  nowMs = Date.now(),
): Promise<{ readonly answer: Answer; readonly replayed: boolean }> {
  const { key } = scope;
  try {
    return await ctx.db.transaction(async (db) => {
      const tx: DbContext = { db, run: ctx.run };
      const [begun] = await tx.run<WriteBeginRow>(db, STATEMENTS.writeBegin, [
        scope.sessionId,
        new Date(nowMs + SESSION_TTL_MS).toISOString(),
        key ?? null,
        scope.productId ?? null,
      ]);
      // A session that had expired starts over with an empty cart.
      // An account's cart does not expire.
      if (begun?.previous !== null && begun?.previous !== undefined && new Date(begun.previous).getTime() <= nowMs && !isAccountCartId(scope.sessionId)) {
        await db.delete(cartItems).where(eq(cartItems.sessionId, scope.sessionId));
      }
      if (key !== undefined && begun?.stored_at !== null && begun?.stored_at !== undefined) {
        if (new Date(begun.stored_at).getTime() >= nowMs - IDEMPOTENCY_TTL_MS) throw new Replay();
        // An answer older than the retention time no longer counts: the key starts afresh.
        await db.delete(idempotencyKeys).where(and(eq(idempotencyKeys.sessionId, scope.sessionId), eq(idempotencyKeys.key, key)));
      }
      const product = begun && begun.id !== null ? { ...begun, id: begun.id } : undefined;
      const answer = await write(tx, product);
      if (key !== undefined) {
        const stored = await tx.run<{ stored: number }>(db, STATEMENTS.answerStore, [
          scope.sessionId,
          key,
          scope.fingerprint,
          answer.status,
          answer.body,
          JSON.stringify(answer.headers),
          new Date(nowMs).toISOString(),
        ]);
        // Someone with the same key committed while this ran: undo this attempt, replay theirs.
        if (stored.length === 0) throw new Replay();
      }
      return { answer, replayed: false };
    });
  } catch (error) {
    if (!(error instanceof Replay) || key === undefined) throw error;
    return { answer: await storedAnswer(ctx.db, scope, key), replayed: true };
  }
}

/** The stored answer for a key; refuses a different request under the same key. */
async function storedAnswer(db: ShopDatabase, scope: WriteScope, key: string): Promise<Answer> {
  const [stored] = await db
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.sessionId, scope.sessionId), eq(idempotencyKeys.key, key)));
  if (stored && stored.fingerprint !== scope.fingerprint) {
    throw new ApiError(422, 'suki_idempotency_key_reused', 'This Idempotency-Key was already used for a different request.');
  }
  if (stored && stored.facts !== null && scope.replay) return scope.replay(stored.facts);
  if (!stored || stored.status === null || stored.body === null) {
    throw new ApiError(409, 'suki_idempotency_conflict', 'A request with this Idempotency-Key is still being processed. Try again shortly.');
  }
  const headers = JSON.parse(stored.headers ?? '[]') as Array<[string, string]>;
  return { status: stored.status, body: stored.body, headers };
}

/** Removes stored answers past their retention time. */
export async function purgeIdempotencyKeys(db: ShopDatabase, nowMs = Date.now()): Promise<void> {
  await db.delete(idempotencyKeys).where(lt(idempotencyKeys.createdAt, new Date(nowMs - IDEMPOTENCY_TTL_MS).toISOString()));
}
