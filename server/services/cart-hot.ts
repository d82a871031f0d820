/**
 * The cart's fast paths: the common add and the common read, each in one round trip to the
 * database (`server/db/batch.ts`).
 *
 * - **Add** (a guest adding a simple product or a variation by its id; through the Store API only
 *   to a cart without coupons or a stored address): `cartAdd`, after `sessionLock` on PostgreSQL,
 *   as one transaction.
 *   The one statement renews the session, writes the line with the stock and limit check inside it,
 *   reads the cart as it now is, and stores under the idempotency key what the answer is made of
 *   (the request's inputs, the findings and the lines) rather than the answer's bytes, so no second
 *   round trip is needed; a replay draws the same answer from those facts ({@link replayFacts}).
 *   Anything else (a signed-in or expired session, a key already used, a variable product chosen by
 *   its attributes, a quoted cart with coupons or an address) writes nothing and is left to the
 *   general path (`cart.ts`, `idempotency.ts`), which handles every case.
 * - **Read**: the session's expiry and account, the cart's lines (the account's cart while signed
 *   in) and whether it has coupons or an address, in one batch.
 */
import { call, type HotDatabase, type HotRow } from '../db/batch.js';
import { STATEMENTS, type CartAddResult, type CartAddRow, type CartLineRow, type SessionCartRow } from '../db/statements.js';
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
  /** Hash of the request (stored under the key; a reuse of the key for another request is refused). */
  readonly fingerprint: string;
  /** Lines with descriptions (Store API answers) or without (the mini-cart). */
  readonly descriptions: boolean;
  /** True when the answer quotes the cart (coupons and address): such carts take the general path. */
  readonly quoted: boolean;
}

/** What a fast add did, for the route to word. */
export type FastAddOutcome = { readonly ok: true; readonly key: string; readonly lines: CartLine[] } | { readonly ok: false; readonly refusal: CartRefusal };

/**
 * What an answer is made of besides the outcome: values of the request (JSON). They are stored with
 * the outcome, so a replay draws the same answer whenever and wherever it runs.
 */
export type AnswerInputs = Readonly<Record<string, string | boolean | null>>;

/** Words an outcome as the answer, from the inputs it was given (the request's, or stored ones on a replay). */
export type AddRenderer<I extends AnswerInputs> = (outcome: FastAddOutcome, inputs: I) => Answer;

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

/** The outcome the add statement's findings and lines say (the same for the first answer and a replay). */
export function outcomeOf(result: CartAddResult): FastAddOutcome {
  const { add } = result;
  if (add.id === null) return { ok: false, refusal: { reason: 'invalid_id' } };
  if (Number(add.written) === 0) return { ok: false, refusal: refusalOf(add) };
  return { ok: true, key: add.line_key ?? '', lines: result.lines.map(toCartLine) };
}

/** PostgreSQL's unique_violation: another request stored an answer under the same key first. */
const isUniqueViolation = (error: unknown): boolean => typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505';

/**
 * Runs a guest's add on the fast path: one round trip (`cartAdd`, after `sessionLock` on PostgreSQL, as one
 * transaction), which also stores, under the idempotency key, what the answer is made of. Resolves
 * null when the fast path does not apply: nothing was written, and the caller takes the general
 * path (which also replays stored answers, through {@link replayFacts}).
 */
export async function fastAdd<I extends AnswerInputs>(hot: HotDatabase, request: FastAddRequest, inputs: I, render: AddRenderer<I>, nowMs = Date.now()): Promise<{ readonly answer: Answer; readonly replayed: false } | null> {
  const { sessionId } = request;
  let rows: HotRow[][];
  try {
    rows = await hot.batch([
      // Where statements run side by side (PostgreSQL), the session first: see sessionLock.
      ...(hot.concurrent ? [call(STATEMENTS.sessionLock, sessionId, new Date(nowMs + SESSION_TTL_MS).toISOString())] : []),
      call(
        request.descriptions ? STATEMENTS.cartAdd : STATEMENTS.cartAddBrief,
        sessionId,
        request.productId,
        request.quantity,
        request.idempotencyKey ?? null,
        new Date(nowMs).toISOString(),
        new Date(nowMs + SESSION_TTL_MS).toISOString(),
        request.fingerprint,
        JSON.stringify(inputs),
        request.quoted,
      ),
    ]);
  } catch (error) {
    // Someone stored an answer under this key meanwhile (everything here was rolled back): the
    // general path replays it.
    if (isUniqueViolation(error)) return null;
    throw error;
  }
  const result = rows[rows.length - 1]?.[0] as unknown as CartAddResult | undefined;
  if (!result?.add.go) return null;
  return { answer: render(outcomeOf(result), inputs), replayed: false };
}

/** Facts as `cartAdd` stores them. */
interface StoredFacts {
  readonly inputs: AnswerInputs;
  readonly add: CartAddRow;
  readonly lines: CartLineRow[];
}

/** The answer again from facts a fast add stored (the general path's replay of such a key). */
export function replayFacts<I extends AnswerInputs>(facts: unknown, render: AddRenderer<I>): Answer {
  const stored = (typeof facts === 'string' ? JSON.parse(facts) : facts) as StoredFacts;
  return render(outcomeOf({ add: stored.add, lines: stored.lines }), stored.inputs as I);
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
