/**
 * Model-based test of the Q&A controller's list and votes (`fc.commands`): searches, `Show more`,
 * retries and votes are sent to a fake shop whose answers arrive in any order and may fail. At every
 * step the list shows only questions of the term it says it shows, never twice, and a vote on its
 * way is painted; once everything has answered, nothing is loading, the list shows the last term
 * asked for (unless that request failed, which it says), and every count shown is the shop's.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { QuestionPage, QuestionQuery, VoteDirection, Votes } from '../../core/domain/reviews.js';
import type { PortFailure, QuestionsPort } from '../../core/ports.js';
import { err, ok, type Result } from '../../core/result.js';
import { createQnaController, votesIn, type QnaController } from './controller.js';
import { normaliseTerm, voteAfter, withVote } from './rules.js';

const IDS = [1, 2, 3];
const TERMS = ['', 'size', ' size ', 'wash', 'colour'];

/** The shop: votes per id, and requests held until the test lets them answer. */
class FakeShop {
  votes = new Map<number, Votes>(IDS.map((id) => [id, { up: id, down: 0, current: 0 }]));
  waiting: Array<(succeed: boolean) => void> = [];

  page(query: QuestionQuery): QuestionPage {
    const ids = query.page === 1 ? IDS : [query.page * 10 + 1, query.page * 10 + 2];
    return {
      items: ids.map((id) => ({ id, productId: 9, author: 'A', date: '2026-01-01', text: `${query.search}#${id}`, votes: this.votes.get(id) ?? { up: 0, down: 0, current: 0 }, answers: [] })),
      total: 12,
      page: query.page,
      perPage: 3,
      lastPage: query.page >= 4,
    };
  }

  private hold<T>(make: () => T): Promise<Result<T, PortFailure>> {
    return new Promise((resolve) => {
      this.waiting.push((succeed) => resolve(succeed ? ok(make()) : err({ kind: 'network', message: 'offline' })));
    });
  }

  port(): QuestionsPort {
    return {
      list: (query) => this.hold(() => this.page(query)),
      productBlock: async () => err({ kind: 'network', message: 'unused' }),
      ask: async () => ok({ code: 0, description: 'ok' }),
      vote: (id, upvote) =>
        this.hold(() => {
          const current = this.votes.get(id) ?? { up: 0, down: 0, current: 0 as VoteDirection };
          const next = withVote(current, voteAfter(current.current, upvote ? 1 : -1));
          this.votes.set(id, next);
          return next;
        }),
    };
  }
}

interface Model {
  /** The term of the last search that could change the list (normalised). */
  lastTerm: string;
}
interface Real {
  readonly shop: FakeShop;
  readonly controller: QnaController;
}

const check = (real: Real) => {
  const { list, votes } = real.controller.store.getSnapshot();
  expect(new Set(list.items.map((q) => q.id)).size).toBe(list.items.length);
  for (const item of list.items) expect(item.text.startsWith(`${list.search}#`)).toBe(true);
  for (const [id, vote] of Object.entries(votes)) {
    // A vote on its way is painted: a count moved by one (a new vote, a withdrawn one, or both when moved).
    if (vote.before) expect(Math.abs(vote.shown.up - vote.before.up) + Math.abs(vote.shown.down - vote.before.down)).toBeGreaterThan(0);
    expect(id).toMatch(/^\d+$/);
  }
};

class Search implements fc.AsyncCommand<Model, Real> {
  constructor(readonly term: string) {}
  check = () => true;
  async run(model: Model, real: Real) {
    real.controller.searchNow(this.term);
    model.lastTerm = normaliseTerm(this.term);
    check(real);
  }
  toString = () => `search(${JSON.stringify(this.term)})`;
}
class More implements fc.AsyncCommand<Model, Real> {
  check = () => true;
  async run(_model: Model, real: Real) {
    real.controller.showMore();
    check(real);
  }
  toString = () => 'more';
}
class Retry implements fc.AsyncCommand<Model, Real> {
  check = () => true;
  async run(_model: Model, real: Real) {
    real.controller.retry();
    check(real);
  }
  toString = () => 'retry';
}
class Vote implements fc.AsyncCommand<Model, Real> {
  constructor(readonly id: number, readonly pressed: 1 | -1) {}
  check = () => true;
  async run(_model: Model, real: Real) {
    const before = real.controller.store.getSnapshot();
    const wasSending = before.votes[this.id]?.before != null;
    const shownBefore = before.votes[this.id]?.shown ?? votesIn(before.list.items, this.id);
    void real.controller.vote(this.id, this.pressed);
    const after = real.controller.store.getSnapshot().votes[this.id];
    // Painted at once, unless one is already on its way (then nothing changes) or the question is not shown.
    if (shownBefore && !wasSending) expect(after?.shown).toEqual(withVote(shownBefore, voteAfter(shownBefore.current, this.pressed)));
    check(real);
  }
  toString = () => `vote(${this.id}, ${this.pressed})`;
}
class Answer implements fc.AsyncCommand<Model, Real> {
  constructor(readonly which: number, readonly succeed: boolean) {}
  check = (_m: Readonly<Model>) => true;
  async run(_model: Model, real: Real) {
    const [answer] = real.shop.waiting.splice(this.which % Math.max(1, real.shop.waiting.length), 1);
    answer?.(this.succeed);
    await new Promise((resolve) => setTimeout(resolve, 0));
    check(real);
  }
  toString = () => `answer(${this.which}, ${this.succeed ? 'ok' : 'fail'})`;
}

describe('the Q&A controller (model-based)', () => {
  it('shows consistent lists and counts whatever the order of answers and failures', async () => {
    const commands = [
      fc.constantFrom(...TERMS).map((t) => new Search(t)),
      fc.constant(new More()),
      fc.constant(new Retry()),
      fc.tuple(fc.constantFrom(...IDS), fc.constantFrom<1 | -1>(1, -1)).map(([id, p]) => new Vote(id, p)),
      fc.tuple(fc.nat(5), fc.boolean()).map(([w, s]) => new Answer(w, s)),
    ];
    await fc.assert(
      fc.asyncProperty(fc.commands(commands, { maxCommands: 30 }), async (cmds) => {
        const shop = new FakeShop();
        const controller = createQnaController({ port: shop.port(), productId: 9, perPage: 3, first: shop.page({ productId: 9, page: 1, perPage: 3, search: '' }), emit: () => undefined, debounceMs: 0 });
        const real: Real = { shop, controller };
        const model: Model = { lastTerm: '' };
        await fc.asyncModelRun(() => ({ model, real }), cmds);
        // Everything answers, successfully.
        while (shop.waiting.length > 0) {
          shop.waiting.shift()?.(true);
          await new Promise((resolve) => setTimeout(resolve, 0));
        }
        const { list, votes } = controller.store.getSnapshot();
        expect(list.pending).toBeNull();
        if (list.failed === null) expect(list.search).toBe(model.lastTerm);
        else expect(list.failed.term === model.lastTerm || list.search === model.lastTerm).toBe(true);
        for (const [id, vote] of Object.entries(votes)) {
          expect(vote.before).toBeNull();
          expect(vote.shown).toEqual(shop.votes.get(Number(id)));
        }
        controller.stop();
      }),
      { numRuns: 150 },
    );
  });
});
