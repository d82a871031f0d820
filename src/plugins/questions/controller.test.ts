/**
 * The Q&A controller over a fake port: the search waits 500 ms after the last keystroke (the clear
 * button and Enter do not wait), the latest search wins whatever order the answers come back in (an
 * `fc.scheduler` race), `Show more questions` appends, votes are shown at once and restored with a
 * message when they fail, and the dialog sends only a valid form and emits `question.asked`.
 */
import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { QuestionPage, QuestionQuery } from '../../core/domain/reviews.js';
import type { DomainEventMap } from '../../core/events.js';
import type { PortFailure, QuestionsPort } from '../../core/ports.js';
import { err, ok, type Result } from '../../core/result.js';
import { createQnaController, votesIn, type QnaControllerDeps } from './controller.js';

const q = (id: number, term: string) => ({ id, productId: 9, author: 'Ana', date: '2026-01-01', text: `${term} #${id}`, votes: { up: 1, down: 0, current: 0 as const }, answers: [] });
/** The shop's answer for a query: ids made from the term and the page, so a stale answer is visible. */
const pageFor = (query: QuestionQuery): QuestionPage => {
  const base = query.search.length * 100 + query.page * 10;
  return { items: [q(base + 1, query.search), q(base + 2, query.search)], total: 6, page: query.page, perPage: 2, lastPage: query.page >= 3 };
};
const FIRST = pageFor({ productId: 9, page: 1, perPage: 2, search: '' });

const setup = (port: Partial<QuestionsPort>, extra: Partial<QnaControllerDeps> = {}) => {
  const events: Array<[string, unknown]> = [];
  const calls: QuestionQuery[] = [];
  const full: QuestionsPort = {
    list: async (query) => (calls.push(query), ok(pageFor(query))),
    productBlock: async () => err({ kind: 'network', message: 'unused' }),
    ask: async () => ok({ code: 0, description: 'The question was successfully added.' }),
    vote: async () => ok({ up: 2, down: 0, current: 1 }),
    ...port,
  };
  const controller = createQnaController({
    port: full,
    productId: 9,
    perPage: 2,
    first: FIRST,
    emit: <K extends keyof DomainEventMap>(type: K, payload: DomainEventMap[K]) => void events.push([type, payload]),
    ...extra,
  });
  return { controller, events, calls };
};

afterEach(() => {
  vi.useRealTimers();
});

describe('search', () => {
  it('searches 500 ms after the last change, once, and emits question.searched', async () => {
    vi.useFakeTimers();
    const { controller, calls, events } = setup({});
    controller.type('w');
    await vi.advanceTimersByTimeAsync(300);
    controller.type('wa');
    await vi.advanceTimersByTimeAsync(300);
    controller.type('wash');
    await vi.advanceTimersByTimeAsync(499);
    expect(calls).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls.map((c) => c.search)).toEqual(['wash']);
    await vi.advanceTimersByTimeAsync(0);
    expect(controller.store.getSnapshot().list).toMatchObject({ search: 'wash', page: 1, pending: null });
    expect(events).toEqual([['question.searched', { productId: 9, search: 'wash', count: 6 }]]);
    // The same text again (an arrow key, a space) searches nothing.
    controller.type('wash ');
    await vi.advanceTimersByTimeAsync(600);
    expect(calls).toHaveLength(1);
    // The clear button searches at once.
    controller.searchNow('');
    await vi.advanceTimersByTimeAsync(0);
    expect(calls.map((c) => c.search)).toEqual(['wash', '']);
    controller.stop();
  });

  it('the latest search wins, whatever order the answers arrive in (fc.scheduler)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.scheduler(), fc.array(fc.tuple(fc.oneof(fc.constantFrom('a', 'ab', '', 'b', 'abc'), fc.constant(null)), fc.boolean()), { minLength: 1, maxLength: 8 }), async (s, steps) => {
        const plan = steps.map(([step]) => step);
        const list = s.scheduleFunction(async (query: QuestionQuery): Promise<Result<QuestionPage, PortFailure>> => ok(pageFor(query)));
        const { controller } = setup({ list });
        let last = '';
        for (const [step, land] of steps) {
          // null: `Show more questions`.
          if (step === null) controller.showMore();
          else {
            controller.searchNow(step);
            last = step;
          }
          // Some answers may land between the shopper's actions.
          if (land && s.count() > 0) await s.waitOne();
        }
        await s.waitAll();
        const shown = controller.store.getSnapshot().list;
        expect(shown.pending).toBeNull();
        // Every question shown belongs to the last term searched (or the first page when none was).
        const term = shown.search;
        if (plan.some((p) => p !== null)) expect(term).toBe(last);
        for (const item of shown.items) expect(item.text.startsWith(`${term} #`)).toBe(true);
        controller.stop();
      }),
      { numRuns: 200 },
    );
  });

  it('show more appends the next page; a failure keeps the list and Retry sends it again', async () => {
    let fail = true;
    const { controller } = setup({ list: async (query) => (fail ? err({ kind: 'network', message: 'You are probably offline.' }) : ok(pageFor(query))) });
    controller.showMore();
    await Promise.resolve();
    await Promise.resolve();
    expect(controller.store.getSnapshot().list).toMatchObject({ items: FIRST.items, failed: { kind: 'more', page: 2, message: 'You are probably offline.' } });
    fail = false;
    controller.retry();
    await vi.waitFor(() => expect(controller.store.getSnapshot().list.items).toHaveLength(4));
    expect(controller.store.getSnapshot().list).toMatchObject({ page: 2, failed: null });
  });
});

describe('votes', () => {
  it('shows the vote at once, then the shop’s counts, and emits question.voted', async () => {
    let answer!: (r: Result<{ up: number; down: number; current: -1 | 0 | 1 }, PortFailure>) => void;
    const { controller, events } = setup({ vote: () => new Promise((resolve) => (answer = resolve)) });
    const id = FIRST.items[0]!.id;
    const sent = controller.vote(id, 1);
    expect(controller.store.getSnapshot().votes[id]).toMatchObject({ shown: { up: 2, down: 0, current: 1 } });
    // A second press while the first is on its way does nothing.
    await controller.vote(id, -1);
    answer(ok({ up: 5, down: 0, current: 1 }));
    await sent;
    expect(controller.store.getSnapshot().votes[id]).toEqual({ shown: { up: 5, down: 0, current: 1 }, before: null, error: null });
    expect(events).toEqual([['question.voted', { id, productId: 9, direction: 1, votes: { up: 5, down: 0, current: 1 } }]]);
  });

  it('a failed vote restores the counts and says why', async () => {
    const { controller } = setup({ vote: async () => err({ kind: 'network', message: 'You are probably offline.' }) });
    const id = FIRST.items[1]!.id;
    await controller.vote(id, -1);
    expect(controller.store.getSnapshot().votes[id]).toEqual({ shown: FIRST.items[1]!.votes, before: null, error: 'Your vote was not counted: You are probably offline.' });
  });
});

describe('the dialog', () => {
  it('sends only a valid form, trimmed, and emits question.asked for an answer', async () => {
    const asked: unknown[] = [];
    const { controller, events } = setup({ ask: async (question) => (asked.push(question), ok({ code: 0, description: 'The answer was successfully added.' })) });
    controller.open({ kind: 'answer', questionId: 11, question: 'Washable?' });
    controller.edit('text', ' Yes ');
    controller.edit('name', 'Ben');
    await controller.submit();
    expect(asked).toEqual([]);
    expect(controller.store.getSnapshot().form).toMatchObject({ view: 'input', touched: { text: true, name: true, email: true } });
    controller.edit('email', 'ben@example.ph');
    await controller.submit();
    expect(asked).toEqual([{ productId: 9, questionId: 11, text: 'Yes', name: 'Ben', email: 'ben@example.ph' }]);
    expect(controller.store.getSnapshot().form).toMatchObject({ view: 'result', outcome: { ok: true, title: 'The answer was successfully added.' } });
    expect(events).toEqual([['question.asked', { productId: 9, answer: true, questionId: 11 }]]);
  });

  it('a refusal shows the error and its description; nothing is emitted', async () => {
    const { controller, events } = setup({ ask: async () => ok({ code: 1, description: 'Duplicate comment detected; it looks as though you’ve already said that!' }) });
    controller.open({ kind: 'ask' });
    for (const [f, v] of [['text', 'Size?'], ['name', 'Ana'], ['email', 'ana@example.ph']] as const) controller.edit(f, v);
    await controller.submit();
    expect(controller.store.getSnapshot().form).toMatchObject({ view: 'result', outcome: { ok: false, title: 'Your question could not be added.', description: 'Duplicate comment detected; it looks as though you’ve already said that!' } });
    expect(events).toEqual([]);
  });

  it('with a captcha configured: nothing is sent without a token (the result asks to solve it, the text stays); the token goes with the question', async () => {
    const sent: unknown[] = [];
    const solved: { token?: string } = {};
    const { controller, events } = setup(
      { ask: async (question) => (sent.push(question), ok({ code: 0, description: 'The question was successfully added.' })) },
      { captcha: async () => solved.token },
    );
    controller.open({ kind: 'ask' });
    for (const [f, v] of [['text', 'Size?'], ['name', 'Ana'], ['email', 'ana@example.ph']] as const) controller.edit(f, v);
    await controller.submit();
    expect(sent).toEqual([]);
    expect(controller.store.getSnapshot().form).toMatchObject({ view: 'result', fields: { text: 'Size?' }, outcome: { ok: false, description: 'Please confirm that you are not a robot' } });
    controller.close();
    controller.open({ kind: 'ask' });
    solved.token = 'tok-123';
    await controller.submit();
    expect(sent).toEqual([expect.objectContaining({ text: 'Size?', captcha: 'tok-123' })]);
    expect(events.map(([type]) => type)).toEqual(['question.asked']);
  });
});

describe('votesIn', () => {
  it('finds a question’s or an answer’s counts by id, and nothing for an id the list does not have', () => {
    const answer = (id: number, up: number) => ({ id, author: 'Shop', date: '2026-01-02', text: `answer ${id}`, byShop: true, verified: false, votes: { up, down: 0, current: 0 as const } });
    const items = [
      { ...q(1, 'x'), answers: [answer(11, 4), answer(12, 7)] },
      { ...q(2, 'x'), votes: { up: 3, down: 2, current: -1 as const }, answers: [answer(21, 9)] },
    ];
    expect(votesIn(items, 1)).toEqual({ up: 1, down: 0, current: 0 });
    expect(votesIn(items, 2)).toEqual({ up: 3, down: 2, current: -1 });
    expect(votesIn(items, 11)).toEqual({ up: 4, down: 0, current: 0 });
    expect(votesIn(items, 12)).toEqual({ up: 7, down: 0, current: 0 });
    expect(votesIn(items, 21)).toEqual({ up: 9, down: 0, current: 0 });
    expect(votesIn(items, 99)).toBeNull();
    expect(votesIn([], 1)).toBeNull();
  });
});

describe('requests in flight', () => {
  /** A port whose list answers wait for the test; each request keeps its signal. */
  const held = () => {
    const requests: Array<{ query: QuestionQuery; signal: AbortSignal | undefined; answer: (r: Result<QuestionPage, PortFailure>) => void }> = [];
    const list = (query: QuestionQuery, signal?: AbortSignal) => new Promise<Result<QuestionPage, PortFailure>>((resolve) => requests.push({ query, signal, answer: resolve }));
    return { requests, list };
  };
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

  it('a press on Show more while a page loads sends nothing more; a stale answer sends nothing either', async () => {
    const { requests, list } = held();
    const { controller } = setup({ list });
    controller.showMore();
    controller.showMore();
    await settle();
    expect(requests).toHaveLength(1);
    controller.searchNow('wash');
    await settle();
    expect(requests.map((r) => r.query.search)).toEqual(['', 'wash']);
    // The page asked for before the search answers late: ignored, and nothing is sent again.
    requests[0]!.answer(ok(pageFor(requests[0]!.query)));
    await settle();
    expect(requests).toHaveLength(2);
    requests[1]!.answer(ok(pageFor(requests[1]!.query)));
    await settle();
    expect(requests).toHaveLength(2);
    expect(controller.store.getSnapshot().list).toMatchObject({ search: 'wash', pending: null });
    controller.stop();
  });

  it('a newer request aborts the one in flight; stop aborts the one in flight and no finished one', async () => {
    const { requests, list } = held();
    const { controller } = setup({ list });
    controller.searchNow('a');
    await settle();
    controller.searchNow('b');
    await settle();
    expect(requests[0]!.signal?.aborted).toBe(true);
    expect(requests[1]!.signal?.aborted).toBe(false);
    // The aborted request answers after all; the newer one is still in flight, and stop aborts it.
    requests[0]!.answer(err({ kind: 'network', message: 'aborted' }));
    await settle();
    controller.stop();
    expect(requests[1]!.signal?.aborted).toBe(true);

    const second = held();
    const other = setup({ list: second.list }).controller;
    other.searchNow('c');
    await settle();
    second.requests[0]!.answer(ok(pageFor(second.requests[0]!.query)));
    await settle();
    other.stop();
    // Finished before the stop: not aborted.
    expect(second.requests[0]!.signal?.aborted).toBe(false);
  });

  it('after stop, typing searches nothing', async () => {
    vi.useFakeTimers();
    const { controller, calls } = setup({});
    controller.stop();
    controller.type('wash');
    controller.searchNow('size');
    await vi.advanceTimersByTimeAsync(1000);
    expect(calls).toEqual([]);
    expect(controller.store.getSnapshot().list.pending).toBeNull();
  });

  it('question.searched once per search shown: not for Show more, nor for a stale answer of the same term', async () => {
    const { requests, list } = held();
    const { controller, events } = setup({ list });
    controller.showMore();
    await settle();
    requests[0]!.answer(ok(pageFor(requests[0]!.query)));
    await settle();
    expect(controller.store.getSnapshot().list.items).toHaveLength(4);
    expect(events).toEqual([]);
    // 'a', then 'b', then 'a' again: only the last request is shown.
    controller.searchNow('a');
    await settle();
    controller.searchNow('b');
    await settle();
    controller.searchNow('a');
    await settle();
    expect(requests.map((r) => r.query.search)).toEqual(['', 'a', 'b', 'a']);
    requests[3]!.answer(ok(pageFor(requests[3]!.query)));
    await settle();
    expect(events).toEqual([['question.searched', { productId: 9, search: 'a', count: 6 }]]);
    // The first 'a' and the 'b' answer late (their requests were replaced): no event, list unchanged.
    const shown = controller.store.getSnapshot().list;
    requests[1]!.answer(ok({ ...pageFor(requests[1]!.query), total: 1 }));
    requests[2]!.answer(ok(pageFor(requests[2]!.query)));
    await settle();
    expect(events).toHaveLength(1);
    expect(controller.store.getSnapshot().list).toBe(shown);
    // A search still waiting when an older answer of another term lands: no event either.
    controller.searchNow('c');
    await settle();
    controller.searchNow('d');
    await settle();
    requests[4]!.answer(ok(pageFor(requests[4]!.query)));
    await settle();
    expect(events).toHaveLength(1);
    requests[5]!.answer(ok(pageFor(requests[5]!.query)));
    await settle();
    expect(events.map(([, payload]) => payload)).toEqual([
      { productId: 9, search: 'a', count: 6 },
      { productId: 9, search: 'd', count: 6 },
    ]);
    controller.stop();
  });
});

describe('votes: what is sent', () => {
  it('Helpful sends an upvote and Not helpful a downvote, on questions and answers alike', async () => {
    const sent: Array<[number, boolean]> = [];
    const answerId = 501;
    const first: QuestionPage = { ...FIRST, items: [{ ...FIRST.items[0]!, answers: [{ id: answerId, author: 'Shop', date: '2026-01-02', text: 'Yes', byShop: true, verified: false, votes: { up: 0, down: 3, current: 0 } }] }, FIRST.items[1]!] };
    const { controller } = setup({ vote: async (id, upvote) => (sent.push([id, upvote]), ok({ up: 1, down: 0, current: upvote ? 1 : -1 })) }, { first });
    await controller.vote(FIRST.items[0]!.id, 1);
    await controller.vote(FIRST.items[1]!.id, -1);
    const pressed = controller.vote(answerId, -1);
    // The answer's own counts are painted at once.
    expect(controller.store.getSnapshot().votes[answerId]?.shown).toEqual({ up: 0, down: 4, current: -1 });
    await pressed;
    expect(sent).toEqual([
      [FIRST.items[0]!.id, true],
      [FIRST.items[1]!.id, false],
      [answerId, false],
    ]);
  });

  it('a vote on an id the list does not show sends nothing and changes nothing', async () => {
    const sent: number[] = [];
    const { controller, events } = setup({ vote: async (id) => (sent.push(id), ok({ up: 1, down: 0, current: 1 })) });
    const before = controller.store.getSnapshot();
    await controller.vote(12345, 1);
    expect(sent).toEqual([]);
    expect(events).toEqual([]);
    expect(controller.store.getSnapshot()).toBe(before);
  });

  it('a vote on a question the shop no longer has says so, and restores the counts', async () => {
    const { controller } = setup({ vote: async () => err({ kind: 'not-found', message: 'Not found (404).' }) });
    const id = FIRST.items[0]!.id;
    await controller.vote(id, 1);
    expect(controller.store.getSnapshot().votes[id]).toEqual({ shown: FIRST.items[0]!.votes, before: null, error: 'This question can no longer be voted on.' });
  });
});

describe('the dialog: what is sent', () => {
  const fill = (controller: ReturnType<typeof setup>['controller']) => {
    for (const [f, v] of [['text', '  Does it fit? '], ['name', '  Ana  '], ['email', ' ana@example.ph  ']] as const) controller.edit(f, v);
  };

  it('a question is sent trimmed and without a question id, and emits question.asked for a question', async () => {
    const asked: unknown[] = [];
    const { controller, events } = setup({ ask: async (question) => (asked.push(question), ok({ code: 0, description: '' })) });
    controller.open({ kind: 'ask' });
    fill(controller);
    await controller.submit();
    expect(asked).toEqual([{ productId: 9, text: 'Does it fit?', name: 'Ana', email: 'ana@example.ph' }]);
    expect(Object.keys(asked[0] as object)).not.toContain('questionId');
    expect(events).toEqual([['question.asked', { productId: 9, answer: false, questionId: null }]]);
  });

  it('a question the port could not send shows the failure with its message; the text stays; nothing is emitted', async () => {
    const { controller, events } = setup({ ask: async () => err({ kind: 'network', message: 'You are probably offline.' }) });
    controller.open({ kind: 'ask' });
    fill(controller);
    await controller.submit();
    expect(controller.store.getSnapshot().form).toEqual({
      view: 'result',
      mode: { kind: 'ask' },
      fields: { text: '  Does it fit? ', name: '  Ana  ', email: ' ana@example.ph  ' },
      outcome: { ok: false, title: 'Your question could not be added.', description: 'You are probably offline.' },
    });
    expect(events).toEqual([]);
  });
});
