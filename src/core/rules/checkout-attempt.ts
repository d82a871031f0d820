/**
 * `Place order` attempts and their idempotency keys. One attempt is one key: a second press while
 * it is being sent sends nothing, and pressing again after an answer that never came (network
 * failure, timeout, a gateway error) sends the same order with the same key, so the shop makes it
 * once. A changed form, or an attempt the shop answered, starts a new attempt with a new key.
 */

/** Where an attempt stands. */
export type AttemptState = 'sending' | 'unsure' | 'refused' | 'placed';

/** One attempt: its key, what it sent, and where it stands. */
export interface Attempt {
  readonly key: string;
  /** The request body it sent (compared to tell a retry from a new attempt). */
  readonly body: string;
  readonly state: AttemptState;
}

/** What a press of `Place order` does. */
export interface AttemptStart {
  readonly attempt: Attempt;
  /** False when nothing is to be sent (the attempt is still in flight, or the order is placed). */
  readonly send: boolean;
}

/**
 * The shopper pressed `Place order` with this request body. `freshKey` is called only when a new
 * attempt starts.
 */
export const startAttempt = (previous: Attempt | null, body: string, freshKey: () => string): AttemptStart => {
  if (previous && (previous.state === 'sending' || previous.state === 'placed')) return { attempt: previous, send: false };
  if (previous && previous.state === 'unsure' && previous.body === body) return { attempt: { ...previous, state: 'sending' }, send: true };
  return { attempt: { key: freshKey(), body, state: 'sending' }, send: true };
};

/** How the shop answered an attempt: placed, refused (a definite answer), or no answer known. */
export type AttemptOutcome = 'placed' | 'refused' | 'unsure';

/** The attempt once its answer (or the lack of one) is known. */
export const settleAttempt = (attempt: Attempt, outcome: AttemptOutcome): Attempt => ({ ...attempt, state: outcome });
