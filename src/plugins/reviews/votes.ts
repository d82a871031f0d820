/**
 * The votes' state machine: `Helpful` / `Not helpful` on each review. A press is painted at once
 * (the pressed state and the counts, by `applyVote`), sent, and then the server's count is shown;
 * a failure restores the state from before the press and says why. While a vote on a review is on
 * its way, presses on that review are ignored, so a review is never left "updating": every press
 * ends in the server's answer or in the previous state.
 */
import type { Votes } from '../../core/domain/reviews.js';
import type { Result } from '../../core/result.js';
import { createStore, type ReadableStore } from '../../core/store.js';
import { applyVote, voteFailureText } from './rules.js';
import type { Failure } from './rules.js';
import type { ReviewTexts } from './messages.js';

/** One review's votes as shown. */
export interface VoteView {
  readonly votes: Votes;
  /** A vote is on its way (the buttons are busy). */
  readonly pending: boolean;
  /** Why the last vote failed (the previous state is back), or null. */
  readonly error: string | null;
}

/** Votes by review id: only reviews someone pressed on (the others show their own `votes`). */
export type VotesState = Readonly<Record<number, VoteView>>;

/** Sends a vote; answers the votes as the server counted them. */
export type SendVote = (reviewId: number, upvote: boolean, productId: number | null) => Promise<Result<Votes, Failure>>;

export interface VotesController {
  readonly store: ReadableStore<VotesState>;
  /** A press; `base` is the review's votes as the page has them (used on its first press). */
  press(reviewId: number, base: Votes, upvote: boolean, productId?: number | null): Promise<void>;
  /** The votes to show for a review. */
  view(reviewId: number, base: Votes): VoteView;
}

/**
 * Creates the votes' controller (one per page: the same review in two lists shows one state);
 * `texts` are the page's (its failures are said in them; English when none is given).
 */
export const createVotesController = (send: SendVote, texts?: ReviewTexts): VotesController => {
  const store = createStore<VotesState>({});
  const view = (reviewId: number, base: Votes): VoteView => store.getSnapshot()[reviewId] ?? { votes: base, pending: false, error: null };
  const set = (reviewId: number, next: VoteView) => store.update((s) => ({ ...s, [reviewId]: next }));
  return {
    store,
    view,
    async press(reviewId, base, upvote, productId = null) {
      const before = view(reviewId, base);
      if (before.pending) return;
      set(reviewId, { votes: applyVote(before.votes, upvote), pending: true, error: null });
      let answer: Result<Votes, Failure>;
      try {
        answer = await send(reviewId, upvote, productId);
      } catch (error) {
        // Stryker disable next-line StringLiteral: equivalent (a failure's kind is only compared with 'not-found')
        answer = { ok: false, error: { kind: 'invalid-response', message: error instanceof Error ? error.message : String(error) } };
      }
      set(reviewId, answer.ok ? { votes: answer.value, pending: false, error: null } : { votes: before.votes, pending: false, error: voteFailureText(answer.error, texts) });
    },
  };
};
