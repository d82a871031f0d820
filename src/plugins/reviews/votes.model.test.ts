/**
 * Model-based test of the votes (`fc.commands`): presses on several reviews, answered by a fake
 * shop in any order, successfully, refused or lost. A press is painted at once by the vote rules;
 * a success shows the shop's count; a failure restores exactly the state before the press, with a
 * message; a press on a review whose vote is on its way is ignored; and once everything has
 * answered, nothing is left "updating".
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Votes } from '../../core/domain/reviews.js';
import { err, ok, type Result } from '../../core/result.js';
import { applyVote, type Failure } from './rules.js';
import { createVotesController, type VotesController } from './votes.js';

const REVIEWS = [1, 2, 3] as const;
const BASE: Votes = { up: 2, down: 1, current: 0 };

class FakeShop {
  /** The shop's count per review, for this viewer. */
  readonly votes = new Map<number, Votes>(REVIEWS.map((id) => [id, BASE]));
  readonly waiting: Array<{ readonly reviewId: number; readonly answer: (outcome: 'ok' | 'refused' | 'lost') => void }> = [];
  send = (reviewId: number, upvote: boolean): Promise<Result<Votes, Failure>> =>
    new Promise((resolve) => {
      this.waiting.push({
        reviewId,
        answer: (outcome) => {
          if (outcome === 'refused') return resolve(err({ kind: 'http', message: 'Refused.' }));
          // Lost: the shop counted the vote but its answer never came back.
          const counted = applyVote(this.votes.get(reviewId)!, upvote);
          this.votes.set(reviewId, counted);
          resolve(outcome === 'ok' ? ok(counted) : err({ kind: 'timeout', message: 'Slow.' }));
        },
      });
    });
}

interface Real {
  readonly shop: FakeShop;
  readonly votes: VotesController;
}
type Model = Record<string, never>;
const flush = async () => {
  for (let i = 0; i < 3; i += 1) await Promise.resolve();
};

class Press implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly reviewId: number,
    readonly upvote: boolean,
  ) {}
  check = () => true;
  async run(_m: Model, r: Real) {
    const before = r.votes.view(this.reviewId, BASE);
    const sent = r.shop.waiting.length;
    void r.votes.press(this.reviewId, BASE, this.upvote);
    const after = r.votes.view(this.reviewId, BASE);
    if (before.pending) {
      // Ignored while its vote is on its way.
      expect(after).toEqual(before);
      expect(r.shop.waiting).toHaveLength(sent);
    } else {
      expect(after).toEqual({ votes: applyVote(before.votes, this.upvote), pending: true, error: null });
      expect(r.shop.waiting).toHaveLength(sent + 1);
    }
  }
  toString = () => `press(${this.reviewId}, ${this.upvote ? 'helpful' : 'not helpful'})`;
}

class Answer implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly pick: number,
    readonly outcome: 'ok' | 'refused' | 'lost',
  ) {}
  check = () => true;
  async run(_m: Model, r: Real) {
    if (r.shop.waiting.length === 0) return;
    const [request] = r.shop.waiting.splice(this.pick % r.shop.waiting.length, 1);
    const id = request!.reviewId;
    // What the review showed before its press: the optimistic change undone.
    const shownBefore = r.votes.view(id, BASE);
    request!.answer(this.outcome);
    await flush();
    const view = r.votes.view(id, BASE);
    expect(view.pending).toBe(false);
    if (this.outcome === 'ok') {
      expect(view).toEqual({ votes: r.shop.votes.get(id), pending: false, error: null });
    } else {
      expect(view.error).toBeTruthy();
      expect(view.votes).not.toEqual(shownBefore.votes);
    }
  }
  toString = () => `answer(#${this.pick}, ${this.outcome})`;
}

describe('votes (model-based)', () => {
  it('every press ends in the shop’s count or in the state before it, never stuck updating', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.commands(
          [
            fc.tuple(fc.constantFrom(...REVIEWS), fc.boolean()).map(([id, up]) => new Press(id, up)),
            fc.tuple(fc.nat(), fc.constantFrom<'ok' | 'refused' | 'lost'>('ok', 'ok', 'refused', 'lost')).map(([pick, outcome]) => new Answer(pick, outcome)),
          ],
          { maxCommands: 50 },
        ),
        async (cmds) => {
          const shop = new FakeShop();
          const real: Real = { shop, votes: createVotesController(shop.send) };
          await fc.asyncModelRun(() => ({ model: {}, real }), cmds);
          while (shop.waiting.length > 0) {
            shop.waiting.shift()!.answer('ok');
            await flush();
          }
          for (const id of REVIEWS) {
            const view = real.votes.view(id, BASE);
            expect(view.pending).toBe(false);
            // A press answered successfully last shows the shop's count; a review never pressed shows the page's.
            if (view.error === null) expect(view.votes).toEqual(real.votes.store.getSnapshot()[id] ? shop.votes.get(id) : BASE);
          }
        },
      ),
      { numRuns: 200 },
    );
  });

  it('a failed vote restores the previous state with a message; a thrown send is a failure too', async () => {
    const votes = createVotesController(async () => {
      throw new Error('boom');
    });
    await votes.press(9, { up: 5, down: 0, current: 1 }, false);
    expect(votes.view(9, BASE)).toEqual({ votes: { up: 5, down: 0, current: 1 }, pending: false, error: 'Your vote could not be counted. boom' });
  });
});
