/**
 * Properties of the Q&A rules: the email pattern and the form's validity, the dialog's machine (a
 * model-based test with `fc.commands`), the list's machine (latest wins, failures keep the list,
 * `Show more` appends only new questions) and the vote transitions.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Question, QuestionPage, VoteDirection, Votes } from '../../core/domain/reviews.js';
import {
  countText,
  failureTitle,
  fieldError,
  FIELDS,
  formErrors,
  formStep,
  formValid,
  INITIAL_FORM,
  isQnaEmail,
  listFrom,
  listStep,
  normaliseTerm,
  voteAfter,
  voteStep,
  withVote,
  type Field,
  type FormMode,
  type FormState,
  type ListState,
} from './rules.js';

const nonSpace = fc.string({ minLength: 1, maxLength: 8 }).filter((s) => !/\s/.test(s));

describe('email rule (text, @, text, dot, text)', () => {
  it('accepts every text@text.text without white space', () => {
    fc.assert(
      fc.property(nonSpace, nonSpace, nonSpace, (a, b, c) => {
        expect(isQnaEmail(`${a}@${b}.${c}`)).toBe(true);
      }),
    );
  });
  it('refuses anything without an @ followed by a dot, or with inner white space', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 20 }), (s) => {
        if (!s.includes('@')) expect(isQnaEmail(s)).toBe(false);
      }),
    );
    fc.assert(
      fc.property(nonSpace, nonSpace, (a, b) => {
        expect(isQnaEmail(`${a.replace(/@/g, '')}@${b.replace(/\./g, '')}`)).toBe(false);
      }),
    );
    for (const bad of ['@b.c', 'a@.c', 'a@b.', 'a b@c.d', 'a@b c.d', '', 'a@b']) expect(isQnaEmail(bad)).toBe(false);
    for (const good of ['ana@example.ph', ' ana@example.ph ', 'a@b.c', 'a.b@c.d.e']) expect(isQnaEmail(good)).toBe(true);
  });
});

const modes: fc.Arbitrary<FormMode> = fc.oneof(fc.constant({ kind: 'ask' as const }), fc.record({ kind: fc.constant('answer' as const), questionId: fc.integer({ min: 1, max: 3 }), question: fc.constant('Q?') }));
const fieldValue = fc.oneof(fc.constant(''), fc.constant('   '), fc.constant('\u200b'), fc.constant('Ana'), fc.constant('ana@example.ph'), fc.constant('ana@example'), fc.string({ maxLength: 6 }));

describe('form validity', () => {
  it('valid exactly when text and name are not blank and the email matches; each error names its field', () => {
    fc.assert(
      fc.property(fieldValue, fieldValue, fieldValue, modes, (text, name, email, mode) => {
        const errors = formErrors({ text, name, email }, mode);
        expect(errors.text === null).toBe(text.replace(/[\s\u200b]/g, '') !== '');
        expect(errors.name === null).toBe(name.replace(/[\s\u200b]/g, '') !== '');
        expect(errors.email === null).toBe(isQnaEmail(email));
        expect(formValid({ text, name, email }, mode)).toBe(FIELDS.every((f) => errors[f] === null));
      }),
    );
  });
});

describe('the ask/answer dialog (model-based)', () => {
  /** The reference: which view, and the fields. */
  interface Model {
    view: FormState['view'];
    mode: FormMode | null;
    fields: Record<Field, string>;
    touched: Record<Field, boolean>;
  }
  type Real = { state: FormState };
  const check = (m: Model, r: Real) => {
    expect(r.state.view).toBe(m.view);
    expect(r.state.fields).toEqual(m.fields);
    if (r.state.view === 'input') expect(r.state.touched).toEqual(m.touched);
    // Never sending an invalid form.
    if (r.state.view === 'sending') expect(formValid(r.state.fields, r.state.mode)).toBe(true);
  };
  const same = (a: FormMode | null, b: FormMode) => a !== null && JSON.stringify({ ...a, question: 0 }) === JSON.stringify({ ...b, question: 0 });
  class Open implements fc.Command<Model, Real> {
    constructor(readonly mode: FormMode) {}
    check = () => true;
    run(m: Model, r: Real) {
      r.state = formStep(r.state, { type: 'open', mode: this.mode });
      if (m.view === 'closed') {
        if (!same(m.mode, this.mode)) m.fields.text = '';
        Object.assign(m, { view: 'input', mode: this.mode, touched: { text: false, name: false, email: false } });
      }
      check(m, r);
    }
    toString = () => `open(${JSON.stringify(this.mode)})`;
  }
  class Edit implements fc.Command<Model, Real> {
    constructor(readonly field: Field, readonly value: string) {}
    check = () => true;
    run(m: Model, r: Real) {
      r.state = formStep(r.state, { type: 'edit', field: this.field, value: this.value });
      if (m.view === 'input') {
        m.fields[this.field] = this.value;
        m.touched[this.field] = true;
      }
      check(m, r);
    }
    toString = () => `edit(${this.field}, ${JSON.stringify(this.value)})`;
  }
  class Submit implements fc.Command<Model, Real> {
    check = () => true;
    run(m: Model, r: Real) {
      r.state = formStep(r.state, { type: 'submit' });
      if (m.view === 'input' && m.mode) {
        if (formValid(m.fields, m.mode)) m.view = 'sending';
        else m.touched = { text: true, name: true, email: true };
      }
      check(m, r);
    }
    toString = () => 'submit';
  }
  class Answered implements fc.Command<Model, Real> {
    constructor(readonly code: 0 | 1 | 2 | 3 | 4 | 'network') {}
    check = () => true;
    run(m: Model, r: Real) {
      r.state = formStep(r.state, this.code === 'network' ? { type: 'failed', message: 'offline' } : { type: 'answered', result: { code: this.code, description: 'Said <b>so</b>' } });
      if (m.view === 'sending') {
        m.view = 'result';
        if (this.code === 0) m.fields.text = '';
        if (r.state.view === 'result') {
          expect(r.state.outcome.ok).toBe(this.code === 0);
          if (this.code !== 0) expect(r.state.outcome.description).toBe(this.code === 'network' ? 'offline' : 'Said <b>so</b>');
        }
      }
      check(m, r);
    }
    toString = () => `answered(${this.code})`;
  }
  class Close implements fc.Command<Model, Real> {
    check = () => true;
    run(m: Model, r: Real) {
      r.state = formStep(r.state, { type: 'close' });
      m.view = 'closed';
      check(m, r);
    }
    toString = () => 'close';
  }
  it('follows the model whatever the order of events', () => {
    const commands = [
      modes.map((mode) => new Open(mode)),
      fc.tuple(fc.constantFrom<Field>('text', 'name', 'email'), fieldValue).map(([f, v]) => new Edit(f, v)),
      fc.constant(new Submit()),
      fc.constantFrom<0 | 1 | 2 | 3 | 4 | 'network'>(0, 1, 2, 3, 4, 'network').map((c) => new Answered(c)),
      fc.constant(new Close()),
    ];
    fc.assert(
      fc.property(fc.commands(commands, { maxCommands: 40 }), (cmds) => {
        fc.modelRun(() => ({ model: { view: 'closed' as FormState['view'], mode: null, fields: { text: '', name: '', email: '' }, touched: { text: false, name: false, email: false } }, real: { state: INITIAL_FORM } }), cmds);
      }),
      { numRuns: 300 },
    );
  });
  it('closing from the result view opens next time on the input view', () => {
    let s = formStep(INITIAL_FORM, { type: 'open', mode: { kind: 'ask' } });
    for (const [field, value] of [['text', 'Washable?'], ['name', 'Ana'], ['email', 'ana@example.ph']] as const) s = formStep(s, { type: 'edit', field, value });
    s = formStep(formStep(s, { type: 'submit' }), { type: 'answered', result: { code: 0, description: 'The question was successfully added.' } });
    expect(s).toMatchObject({ view: 'result', outcome: { ok: true, title: 'The question was successfully added.' } });
    s = formStep(formStep(s, { type: 'close' }), { type: 'open', mode: { kind: 'ask' } });
    expect(s).toMatchObject({ view: 'input', fields: { text: '', name: 'Ana', email: 'ana@example.ph' } });
  });
});

const question = (id: number, term = ''): Question => ({ id, productId: 1, author: 'A', date: '2026-01-01', text: `q${id} ${term}`, votes: { up: 0, down: 0, current: 0 }, answers: [] });
const pageOf = (ids: readonly number[], page = 1, lastPage = false, term = ''): QuestionPage => ({ items: ids.map((id) => question(id, term)), total: 50, page, perPage: 5, lastPage });

describe('the list', () => {
  const start = listFrom(pageOf([1, 2, 3, 4, 5]));
  type Step = { kind: 'search'; term: string } | { kind: 'more' } | { kind: 'retry' } | { kind: 'answer'; which: number; fail: boolean };
  const steps = fc.array(
    fc.oneof(
      fc.record({ kind: fc.constant('search' as const), term: fc.constantFrom('', 'wash', ' wash ', 'size') }),
      fc.constant({ kind: 'more' as const }),
      fc.constant({ kind: 'retry' as const }),
      fc.record({ kind: fc.constant('answer' as const), which: fc.nat(6), fail: fc.boolean() }),
    ),
    { maxLength: 30 },
  );
  it('shows only the answer of the pending request; a failure keeps the list; more appends only new questions', () => {
    fc.assert(
      fc.property(steps, (plan: Step[]) => {
        let s: ListState = start;
        const issued: Array<NonNullable<ListState['pending']>> = [];
        for (const step of plan) {
          const before = s;
          if (step.kind === 'answer') {
            const req = issued[step.which % Math.max(1, issued.length)];
            if (!req) continue;
            const page = pageOf([req.page * 10 + 1, req.page * 10 + 2, 3], req.page, req.page >= 3, req.term);
            s = listStep(s, step.fail ? { type: 'failed', id: req.id, message: 'offline' } : { type: 'loaded', id: req.id, page });
            if (before.pending?.id !== req.id) expect(s).toBe(before);
            else if (step.fail) expect(s.items).toBe(before.items);
            else if (req.kind === 'search') expect(s.search).toBe(req.term);
          } else {
            s = listStep(s, step.kind === 'search' ? { type: 'search', term: step.term } : { type: step.kind });
            if (s.pending && s.pending !== before.pending) {
              issued.push(s.pending);
              if (step.kind === 'search') expect(s.pending.term).toBe(normaliseTerm(step.term));
            }
            if (step.kind === 'more' && (before.pending || before.lastPage || before.failed?.kind === 'search')) expect(s).toBe(before);
          }
          expect(new Set(s.items.map((q) => q.id)).size).toBe(s.items.length);
        }
      }),
      { numRuns: 400 },
    );
  });
});

describe('votes', () => {
  const votesArb = fc.record({ up: fc.nat(50), down: fc.nat(50), current: fc.constantFrom<VoteDirection>(-1, 0, 1) }).map((v): Votes => ({ ...v, up: v.up + (v.current === 1 ? 1 : 0), down: v.down + (v.current === -1 ? 1 : 0) }));
  const press = fc.constantFrom<1 | -1>(1, -1);
  it('the same press again withdraws, the other moves; counts change by one at most and never go negative', () => {
    fc.assert(
      fc.property(votesArb, press, (votes, pressed) => {
        const next = withVote(votes, voteAfter(votes.current, pressed));
        expect(next.current).toBe(votes.current === pressed ? 0 : pressed);
        expect(Math.abs(next.up - votes.up)).toBeLessThanOrEqual(1);
        expect(Math.abs(next.down - votes.down)).toBeLessThanOrEqual(1);
        expect(next.up).toBeGreaterThanOrEqual(0);
        expect(next.down).toBeGreaterThanOrEqual(0);
        // Pressing the same button twice: back where it started when it was pressed, else no vote.
        expect(withVote(next, voteAfter(next.current, pressed))).toEqual(votes.current === pressed ? votes : withVote(votes, 0));
      }),
    );
  });
  it('a failed vote restores exactly what was shown, with a message; presses while one is sent are ignored', () => {
    fc.assert(
      fc.property(votesArb, press, press, (votes, first, second) => {
        const idle = { shown: votes, before: null, error: null };
        const sent = voteStep(idle, { type: 'press', pressed: first });
        expect(voteStep(sent, { type: 'press', pressed: second })).toBe(sent);
        expect(voteStep(sent, { type: 'failed', message: 'offline' })).toEqual({ shown: votes, before: null, error: 'offline' });
        const server = withVote(votes, voteAfter(votes.current, first));
        expect(voteStep(sent, { type: 'counted', votes: { ...server, up: server.up + 3 } })).toEqual({ shown: { ...server, up: server.up + 3 }, before: null, error: null });
      }),
    );
  });
});

describe('the dialog’s texts', () => {
  const ask: FormMode = { kind: 'ask' };
  const answer: FormMode = { kind: 'answer', questionId: 7, question: 'Washable?' };
  const sending = (mode: FormMode): FormState => ({ view: 'sending', mode, fields: { text: 'Yes', name: 'Ana', email: 'ana@example.ph' } });

  it('each field says what is missing, in the words of its mode', () => {
    expect(fieldError('text', ' ', ask)).toBe('Enter your question.');
    expect(fieldError('text', '', answer)).toBe('Enter your answer.');
    expect(fieldError('name', '\u200b', ask)).toBe('Enter your name.');
    expect(fieldError('email', 'ana@example', ask)).toBe('Enter an email address like name@example.com.');
    expect(fieldError('email', ' ana@example.ph ', ask)).toBeNull();
    expect(fieldError('email', 'ana@example.ph x', ask)).toBe('Enter an email address like name@example.com.');
    expect(formErrors({ text: '', name: '', email: '' }, answer)).toEqual({ text: 'Enter your answer.', name: 'Enter your name.', email: 'Enter an email address like name@example.com.' });
    expect(fieldError('text', 'Washable?', answer)).toBeNull();
    expect(fieldError('name', 'Ana', answer)).toBeNull();
  });

  it('a success says the shop’s words, or that the question or answer was added; an error says which failed, with the shop’s description', () => {
    const result = (mode: FormMode, code: 0 | 1 | 2 | 3 | 4, description: string) => formStep(sending(mode), { type: 'answered', result: { code, description } });
    expect(result(ask, 0, '')).toMatchObject({ view: 'result', outcome: { ok: true, title: 'The question was successfully added.', description: '' }, fields: { text: '', name: 'Ana' } });
    expect(result(answer, 0, '')).toMatchObject({ outcome: { ok: true, title: 'The answer was successfully added.' } });
    expect(result(answer, 0, 'Thanks!')).toMatchObject({ outcome: { ok: true, title: 'Thanks!' } });
    expect(result(ask, 3, 'Spam.')).toMatchObject({ outcome: { ok: false, title: 'Your question could not be added.', description: 'Spam.' }, fields: { text: 'Yes' } });
    expect(result(answer, 1, 'No.')).toMatchObject({ outcome: { ok: false, title: 'Your answer could not be added.', description: 'No.' } });
    expect(formStep(sending(answer), { type: 'failed', message: 'offline' })).toEqual({ view: 'result', mode: answer, fields: sending(answer).fields, outcome: { ok: false, title: failureTitle(answer), description: 'offline' } });
    expect(failureTitle(ask)).toBe('Your question could not be added.');
  });

  it('a text typed for one question is kept for the same question only', () => {
    const typed = (mode: FormMode) => formStep(formStep(INITIAL_FORM, { type: 'open', mode }), { type: 'edit', field: 'text', value: 'Typed' });
    const reopen = (from: FormMode, to: FormMode) => formStep(formStep(typed(from), { type: 'close' }), { type: 'open', mode: to });
    expect(reopen(answer, answer).fields.text).toBe('Typed');
    expect(reopen(answer, { ...answer, questionId: 8 }).fields.text).toBe('');
    expect(reopen(answer, ask).fields.text).toBe('');
    expect(reopen(ask, answer).fields.text).toBe('');
    expect(reopen(ask, ask).fields.text).toBe('Typed');
    // Edits and submits outside the input view change nothing.
    const closed = formStep(typed(ask), { type: 'close' });
    expect(formStep(closed, { type: 'edit', field: 'name', value: 'x' })).toBe(closed);
    expect(formStep(closed, { type: 'submit' })).toBe(closed);
    expect(formStep(closed, { type: 'close' })).toBe(closed);
    expect(formStep(closed, { type: 'failed', message: 'x' })).toBe(closed);
    expect(formStep(typed(ask), { type: 'open', mode: answer })).toEqual(typed(ask));
  });
});

describe('the list’s count and its requests', () => {
  it('counts what is shown, with the search when there is one', () => {
    const items = [question(1), question(2)];
    expect(countText({ items, total: 12, search: '' })).toBe('2 of 12 questions');
    expect(countText({ items: [question(1)], total: 1, search: '' })).toBe('1 of 1 question');
    expect(countText({ items, total: 5, search: 'wash' })).toBe('2 of 5 questions matching “wash”');
    expect(countText({ items: [], total: 0, search: 'wash' })).toBe('No questions match “wash”.');
    expect(countText({ items: [], total: 0, search: '' })).toBe('No questions yet.');
  });

  it('a search is trimmed and its spaces folded, at most 100 characters; the same term again asks nothing', () => {
    expect(normaliseTerm('  wash   and \n dry  ')).toBe('wash and dry');
    expect(normaliseTerm('x'.repeat(150))).toHaveLength(100);
    const start = listFrom(pageOf([1, 2, 3]));
    expect(listStep(start, { type: 'search', term: '  ' })).toBe(start);
    const searching = listStep(start, { type: 'search', term: ' wash ' });
    expect(searching.pending).toEqual({ kind: 'search', id: 1, term: 'wash', page: 1 });
    expect(searching.seq).toBe(1);
    expect(listStep(searching, { type: 'search', term: 'wash' })).toBe(searching);
    // Another term replaces the one on its way.
    expect(listStep(searching, { type: 'search', term: 'dry' }).pending).toEqual({ kind: 'search', id: 2, term: 'dry', page: 1 });
    // Back to the term shown while a search is on its way: asked again (the latest wins).
    expect(listStep(searching, { type: 'search', term: '' }).pending).toMatchObject({ term: '', id: 2 });
    const loaded = listStep(searching, { type: 'loaded', id: 1, page: pageOf([4], 1, true, 'wash') });
    expect(loaded).toMatchObject({ search: 'wash', page: 1, total: 50, lastPage: true, pending: null });
    expect(loaded.items.map((q) => q.id)).toEqual([4]);
    expect(listStep(loaded, { type: 'search', term: 'wash' })).toBe(loaded);
  });

  it('show more asks for the next page of the same search and appends it; a failure is retried as it was', () => {
    const start = { ...listFrom(pageOf([1, 2, 3], 2)), search: 'wash' };
    const more = listStep(start, { type: 'more' });
    expect(more.pending).toEqual({ kind: 'more', id: 1, term: 'wash', page: 3 });
    const failed = listStep(more, { type: 'failed', id: 1, message: 'offline' });
    expect(failed).toMatchObject({ pending: null, failed: { kind: 'more', id: 1, term: 'wash', page: 3, message: 'offline' }, items: start.items });
    expect(listStep(failed, { type: 'failed', id: 1, message: 'again' })).toBe(failed);
    // Show more after a failed page still goes on; a retry sends the same page again.
    const retried = listStep(failed, { type: 'retry' });
    expect(retried.pending).toEqual({ kind: 'more', id: 2, term: 'wash', page: 3 });
    expect(retried.failed).toBeNull();
    expect(listStep(retried, { type: 'retry' })).toBe(retried);
    expect(listStep(start, { type: 'retry' })).toBe(start);
    const appended = listStep(retried, { type: 'loaded', id: 2, page: { ...pageOf([3, 6, 7], 3, true), total: 9 } });
    expect(appended).toMatchObject({ page: 3, total: 9, lastPage: true, pending: null, search: 'wash' });
    expect(appended.items.map((q) => q.id)).toEqual([1, 2, 3, 6, 7]);
    expect(listStep(appended, { type: 'more' })).toBe(appended);
    // A failed search: only a retry goes on, searching again for the same term.
    const badSearch = listStep(listStep(start, { type: 'search', term: 'dry' }), { type: 'failed', id: 1, message: 'offline' });
    expect(listStep(badSearch, { type: 'more' })).toBe(badSearch);
    expect(listStep(badSearch, { type: 'retry' }).pending).toEqual({ kind: 'search', id: 2, term: 'dry', page: 1 });
    // The term shown again after a failed search is asked for again.
    expect(listStep(badSearch, { type: 'search', term: 'wash' }).pending).toMatchObject({ kind: 'search', term: 'wash' });
  });
});
