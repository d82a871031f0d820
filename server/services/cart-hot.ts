/**
 * The cart's fast paths: the common add and the common read, each in as few round trips to the
 * database as they can be (`server/db/batch.ts`).
 *
 * - **Add** (a guest adding a simple product or a variation by its id): one transaction of two
 *   round trips. The first renews the session (on PostgreSQL that locks it, so writes to one cart
 *   run in turn), writes the line with the stock and limit check inside the statement, and reads
 *   the cart back as it now is; the second stores the answer under the idempotency key and
 *   commits. Anything else (a signed-in session, an expired one, a stored answer to replay, a
 *   variable product chosen by its attributes, a cart with coupons or an address when the answer
 *   quotes it) rolls the attempt back and takes the general path (`cart.ts`, `idempotency.ts`),
 *   which handles every case.
 * - **Read**: one round trip answers the session's expiry and account, the cart's lines (the
 *   account's cart while signed in) and whether it has coupons or an address.
 */
import { call, type HotDatabase, type HotRow } from '../db/batch.js';
import { STATEMENTS, type CartAddRow, type CartLineRow, type SessionCartRow } from '../db/statements.js';
import { SESSION_TTL_MS } from '../session.js';
import { limitRefusal, toCartLine, type CartLine, type CartRefusal } from './cart.js';
import type { Answer } from './idempotency.js';
import { guestNeedsRenewal } from './session-store.js';
import type { SellableRow } from './stock-rules.js';

/** What a fast add was asked. */
export interface FastAddRequest {
  readonly sessionId: string;
  /** A simple product's or a variation's id (anything else takes the general path). */
  readonly productId: number;
  readonly quantity: number;
  readonly idempotencyKey: string | undefined;
  /** Hash of the request (stored with the answer; a reuse of the key for another request is refused). */
  readonly fingerprint: string;
  /** Lines with descriptions (Store API answers) or without (the mini-cart). */
  readonly descriptions: boolean;
  /** True when the answer quotes the cart (coupons and address): such carts take the general path. */
  readonly quoted: boolean;
}

/** What the fast add did, for the route to word. */
export type FastAddOutcome = { readonly ok: true; readonly key: string; readonly lines: CartLine[] } | { readonly ok: false; readonly refusal: CartRefusal };

/** Thrown inside the transaction: roll back, the general path takes the request. */
class GeneralPath extends Error {}

const numberOrNull = (value: unknown): number | null => (value === null || value === undefined ? null : Number(value));

/** The refusal for a product row the add statement read. */
function refusalOf(row: CartAddRow): CartRefusal {
  const sellable: SellableRow = {
    regularPrice: Number(row.regular_price),
    salePrice: numberOrNull(row.sale_price),
    stockQuantity: numberOrNull(row.stock_quantity),
    maxPerOrder: numberOrNull(row.max_per_order),
    soldIndividually: row.sold_individually === true,
  };
  const variation = row.type === 'variation';
  return limitRefusal({ row: sellable, name: (variation ? row.parent_name : row.name) ?? '', slug: (variation ? row.parent_slug : row.slug) ?? '' }, Number(row.in_cart ?? 0));
}

/**
 * Runs a guest's add on the fast path, idempotently. `respond` words the outcome as the answer to
 * send (and to store under the key). Resolves null when the fast path does not apply: nothing was
 * written, and the caller takes the general path.
 */
export async function fastAdd(
  hot: HotDatabase,
  request: FastAddRequest,
  respond: (outcome: FastAddOutcome) => Answer,
  nowMs = Date.now(),
): Promise<{ readonly answer: Answer; readonly replayed: false } | null> {
  const { sessionId, idempotencyKey } = request;
  try {
    return await hot.transaction(async (tx) => {
      const [, added, lineRows, extras] = await tx.batch([
        call(STATEMENTS.sessionOpen, sessionId, new Date(nowMs + SESSION_TTL_MS).toISOString()),
        call(STATEMENTS.cartAdd, sessionId, request.productId, request.quantity, idempotencyKey ?? null, new Date(nowMs).toISOString()),
        call(request.descriptions ? STATEMENTS.cartLines : STATEMENTS.cartLinesBrief, sessionId),
        ...(request.quoted ? [call(STATEMENTS.cartExtras, sessionId)] : []),
      ]);
      const row = added?.[0] as CartAddRow | undefined;
      if (!row?.open) throw new GeneralPath();
      if (request.quoted && (extras?.[0]?.['coupons'] === true || extras?.[0]?.['customer'] === true)) throw new GeneralPath();
      let outcome: FastAddOutcome;
      if (row.id === null) {
        outcome = { ok: false, refusal: { reason: 'invalid_id' } };
      } else if (row.type !== 'simple' && !(row.type === 'variation' && row.parent_name !== null)) {
        // A variable product (chosen by attributes) or a variation without its parent.
        throw new GeneralPath();
      } else if (Number(row.written) === 0) {
        outcome = { ok: false, refusal: refusalOf(row) };
      } else {
        outcome = { ok: true, key: row.line_key ?? '', lines: (lineRows ?? []).map((r: HotRow) => toCartLine(r as unknown as CartLineRow)) };
      }
      const answer = respond(outcome);
      if (idempotencyKey !== undefined) {
        const [stored] = await tx.batch([
          call(STATEMENTS.answerStore, sessionId, idempotencyKey, request.fingerprint, answer.status, answer.body, JSON.stringify(answer.headers), new Date(nowMs).toISOString()),
        ]);
        // Another request with this key committed meanwhile: the general path replays its answer.
        if (!stored || stored.length === 0) throw new GeneralPath();
      }
      return { answer, replayed: false as const };
    });
  } catch (error) {
    if (error instanceof GeneralPath) return null;
    throw error;
  }
}

/** A session's cart as one read found it. */
export interface SessionCart {
  /** The signed-in account, or null for a guest. */
  readonly customerId: number | null;
  /** True when the session row exists (false: no cart write yet, or removed). */
  readonly exists: boolean;
  /** True when the guest session's expiry is due to move forward (the caller renews it and its cookie). */
  readonly renew: boolean;
  readonly lines: CartLine[];
  /** Whether the cart has coupons or a stored customer (then the quote reads them). */
  readonly coupons: boolean;
  readonly customer: boolean;
}

/**
 * Reads a session's cart in one round trip. Resolves null when the session has expired: the
 * caller takes the general path, which removes it.
 */
export async function readSessionCart(hot: HotDatabase, sessionId: string, options: { readonly descriptions: boolean }, nowMs = Date.now()): Promise<SessionCart | null> {
  const [state, lineRows] = await hot.batch([
    call(STATEMENTS.sessionCart, sessionId),
    call(options.descriptions ? STATEMENTS.sessionCartLines : STATEMENTS.sessionCartLinesBrief, sessionId),
  ]);
  const row = state?.[0] as SessionCartRow | undefined;
  const lines = (lineRows ?? []).map((r: HotRow) => toCartLine(r as unknown as CartLineRow));
  if (!row || row.expires_at === null) return { customerId: null, exists: false, renew: false, lines, coupons: row?.coupons === true, customer: row?.customer === true };
  const expires = new Date(row.expires_at).getTime();
  if (expires <= nowMs) return null;
  const customerId = row.customer_id === null ? null : Number(row.customer_id);
  return { customerId, exists: true, renew: customerId === null && guestNeedsRenewal(expires, nowMs), lines, coupons: row.coupons === true, customer: row.customer === true };
}
