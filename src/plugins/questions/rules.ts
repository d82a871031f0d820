/**
 * The Q&A tab's rules as pure functions (`wire-protocol.md` §2.5–§2.6, spec "Q&A"): the form's
 * validation, the ask/answer dialog's state machine, the list's state machine (search, `Show more
 * questions`, the latest request wins, a failure keeps the list) and the vote transitions. No React,
 * no HTTP: the controller runs them over the port, the views draw their states.
 */
import type { Question, QuestionPage, QuestionResult, VoteDirection, Votes } from '../../core/domain/reviews.js';
import { isBlankText } from '../../core/rules/text.js';
import { qnaTextsIn, type QnaTexts } from './messages.js';

/** English texts, where a caller gives none (tests; the tab gives the page's). */
const english = (): QnaTexts => qnaTextsIn('en-PH');

// ── The form ─────────────────────────────────────────────────────────────────────────────────

/** The form's text boxes: the question (or answer) text, the name and the email. */
export type Field = 'text' | 'name' | 'email';
export const FIELDS: readonly Field[] = ['text', 'name', 'email'];

export interface Fields {
  readonly text: string;
  readonly name: string;
  readonly email: string;
}

/**
 * The stock plugin's email rule: text, `@`, text, a dot, text, with no white space (non-space
 * characters on either side of the `@` and of a dot after it).
 */
export const isQnaEmail = (value: string): boolean => /^\S+@\S+\.\S+$/.test(value.trim());

/** Asking a question, or answering one (the question is shown above the form). */
export type FormMode = { readonly kind: 'ask' } | { readonly kind: 'answer'; readonly questionId: number; readonly question: string };

/** What a field says when it is not valid; null when it is. Blank means empty (invisible characters too). */
export const fieldError = (field: Field, value: string, mode: FormMode, t: QnaTexts = english()): string | null => {
  if (field === 'email') return isQnaEmail(value) ? null : t.emailInvalid;
  if (!isBlankText(value)) return null;
  if (field === 'name') return t.nameMissing;
  return mode.kind === 'ask' ? t.questionMissing : t.answerMissing;
};

/** Every field's error (null when valid). */
export const formErrors = (fields: Fields, mode: FormMode, t: QnaTexts = english()): Readonly<Record<Field, string | null>> => ({
  text: fieldError('text', fields.text, mode, t),
  name: fieldError('name', fields.name, mode, t),
  email: fieldError('email', fields.email, mode, t),
});

/** Whether the form may be sent (its submit button is enabled only then). */
export const formValid = (fields: Fields, mode: FormMode): boolean => FIELDS.every((f) => fieldError(f, fields[f], mode) === null);

/** What the result view says: the shop's text for code 0, else the error and its description. */
export interface FormOutcome {
  readonly ok: boolean;
  readonly title: string;
  readonly description: string;
}

/**
 * The dialog: closed, the input view (fields, which ones the shopper has touched: only those show
 * their errors), sending, or the result view. Closing, from anywhere, goes back to the input view
 * the next time it opens.
 */
export type FormState =
  | { readonly view: 'closed'; readonly mode: FormMode | null; readonly fields: Fields }
  | { readonly view: 'input'; readonly mode: FormMode; readonly fields: Fields; readonly touched: Readonly<Record<Field, boolean>> }
  | { readonly view: 'sending'; readonly mode: FormMode; readonly fields: Fields }
  | { readonly view: 'result'; readonly mode: FormMode; readonly fields: Fields; readonly outcome: FormOutcome };

export type FormEvent =
  | { readonly type: 'open'; readonly mode: FormMode }
  | { readonly type: 'edit'; readonly field: Field; readonly value: string }
  | { readonly type: 'submit' }
  | { readonly type: 'answered'; readonly result: QuestionResult }
  | { readonly type: 'failed'; readonly message: string }
  | { readonly type: 'close' };

export const INITIAL_FORM: FormState = { view: 'closed', mode: null, fields: { text: '', name: '', email: '' } };

const UNTOUCHED = { text: false, name: false, email: false } as const;
const ALL_TOUCHED = { text: true, name: true, email: true } as const;
const sameMode = (a: FormMode | null, b: FormMode): boolean => a !== null && a.kind === b.kind && (a.kind === 'ask' || (b.kind === 'answer' && a.questionId === b.questionId));

/** Said when the shop asks for a captcha and the shopper has not solved it (the review form's text), in English. */
export const CAPTCHA_MISSING = english().captcha;

/** The error view's title. */
export const failureTitle = (mode: FormMode, t: QnaTexts = english()): string => (mode.kind === 'ask' ? t.questionFailed : t.answerFailed);

/** One step of the dialog (`t`: the page's texts for the result view). Events that do not apply to the current view change nothing. */
export const formStep = (state: FormState, event: FormEvent, t: QnaTexts = english()): FormState => {
  switch (event.type) {
    case 'open':
      if (state.view !== 'closed') return state;
      // The name and email stay for the next question; a text typed for another question does not.
      return { view: 'input', mode: event.mode, fields: { ...state.fields, text: sameMode(state.mode, event.mode) ? state.fields.text : '' }, touched: UNTOUCHED };
    case 'edit':
      if (state.view !== 'input') return state;
      return { ...state, fields: { ...state.fields, [event.field]: event.value }, touched: { ...state.touched, [event.field]: true } };
    case 'submit':
      if (state.view !== 'input') return state;
      return formValid(state.fields, state.mode) ? { view: 'sending', mode: state.mode, fields: state.fields } : { ...state, touched: ALL_TOUCHED };
    case 'answered': {
      if (state.view !== 'sending') return state;
      const ok = event.result.code === 0;
      const outcome: FormOutcome = ok
        ? { ok, title: event.result.description || (state.mode.kind === 'ask' ? t.questionAdded : t.answerAdded), description: '' }
        : { ok, title: failureTitle(state.mode, t), description: event.result.description };
      // The text is cleared once taken (the stock form clears it after every answer; a refused one is
      // kept here, so trying again loses nothing); the name and email stay.
      return { view: 'result', mode: state.mode, fields: ok ? { ...state.fields, text: '' } : state.fields, outcome };
    }
    case 'failed':
      if (state.view !== 'sending') return state;
      // Not sent (offline, refused): the text stays for another try.
      return { view: 'result', mode: state.mode, fields: state.fields, outcome: { ok: false, title: failureTitle(state.mode, t), description: event.message } };
    case 'close':
      if (state.view === 'closed') return state;
      // Closing while sending: the answer still lands in the closed dialog's fields (below).
      return { view: 'closed', mode: state.mode, fields: state.fields };
    // Stryker disable next-line ConditionalExpression: unreachable (the cases above cover every event type)
    default:
      return state;
  }
};

// ── The list ─────────────────────────────────────────────────────────────────────────────────

/** What a request of the list was for: a new search (page 1, replaces) or the next page (appends). */
export type ListRequest = { readonly kind: 'search' | 'more'; readonly id: number; readonly term: string; readonly page: number };

export interface ListState {
  /** The term of the questions shown ('' for all). */
  readonly search: string;
  readonly items: readonly Question[];
  /** Pages shown. */
  readonly page: number;
  readonly total: number;
  readonly lastPage: boolean;
  /** The request in flight whose answer will be shown; answers of any other are ignored. */
  readonly pending: ListRequest | null;
  /** The last request that failed (the list stays as it was). */
  readonly failed: (ListRequest & { readonly message: string }) | null;
  /** The last request id handed out. */
  readonly seq: number;
}

export type ListEvent =
  | { readonly type: 'search'; readonly term: string }
  | { readonly type: 'more' }
  | { readonly type: 'retry' }
  | { readonly type: 'loaded'; readonly id: number; readonly page: QuestionPage }
  | { readonly type: 'failed'; readonly id: number; readonly message: string };

/** The list as the server rendered it. */
export const listFrom = (first: QuestionPage): ListState => ({
  search: '',
  items: first.items,
  page: first.page,
  total: first.total,
  lastPage: first.lastPage,
  pending: null,
  failed: null,
  seq: 0,
});

/** A search term as sent: trimmed, runs of white space as one space, at most 100 characters. */
export const normaliseTerm = (term: string): string => term.trim().replace(/\s+/g, ' ').slice(0, 100);

const request = (state: ListState, kind: ListRequest['kind'], term: string, page: number): ListState => ({
  ...state,
  pending: { kind, id: state.seq + 1, term, page },
  failed: null,
  seq: state.seq + 1,
});

/**
 * One step of the list. A search replaces whatever is in flight (the latest wins) unless it is for
 * the term already shown or already on its way; `Show more` waits for nothing and is ignored while
 * anything loads, on the last page and after a failed search; an answer or failure of a request that is not the pending one
 * changes nothing; a failure keeps the list and remembers what to retry.
 */
export const listStep = (state: ListState, event: ListEvent): ListState => {
  switch (event.type) {
    case 'search': {
      const term = normaliseTerm(event.term);
      if (state.pending ? state.pending.kind === 'search' && state.pending.term === term : term === state.search && state.failed === null) return state;
      return request(state, 'search', term, 1);
    }
    case 'more':
      // After a failed search the list is not what the search box says: only `Retry` goes on.
      if (state.pending || state.lastPage || state.failed?.kind === 'search') return state;
      return request(state, 'more', state.search, state.page + 1);
    case 'retry':
      if (state.pending || !state.failed) return state;
      return request(state, state.failed.kind, state.failed.term, state.failed.page);
    case 'loaded': {
      const pending = state.pending;
      if (!pending || pending.id !== event.id) return state;
      const { page } = event;
      if (pending.kind === 'search') return { ...state, search: pending.term, items: page.items, page: 1, total: page.total, lastPage: page.lastPage, pending: null };
      const seen = new Set(state.items.map((q) => q.id));
      return { ...state, items: [...state.items, ...page.items.filter((q) => !seen.has(q.id))], page: pending.page, total: page.total, lastPage: page.lastPage, pending: null };
    }
    case 'failed':
      if (!state.pending || state.pending.id !== event.id) return state;
      return { ...state, pending: null, failed: { ...state.pending, message: event.message } };
    // Stryker disable next-line ConditionalExpression: unreachable (the cases above cover every event type)
    default:
      return state;
  }
};

/** The polite count under the list, e.g. "5 of 12 questions" or "No questions match “wash”." */
export const countText = (state: Pick<ListState, 'items' | 'total' | 'search'>, t: QnaTexts = english()): string => {
  if (state.total === 0) return state.search ? t.noneMatch({ search: state.search }) : t.none;
  const shown = state.items.length;
  return state.search ? countWith(t.shownMatching, state.total, { shown, search: state.search }) : countWith(t.shown, state.total, { shown });
};

/** A plural text with more values than its `{count}` (the form by `count`, then the other values filled in as text). */
const countWith = (text: (n: number) => string, n: number, values: Readonly<Record<string, string | number>>): string =>
  text(n).replace(/\{(\w+)\}/g, (whole, name: string) => (Object.hasOwn(values, name) ? String(values[name]) : whole));

// ── Votes ────────────────────────────────────────────────────────────────────────────────────

/** The vote after pressing `Helpful` (1) or `Not helpful` (-1): the same again withdraws, the other moves it. */
export const voteAfter = (current: VoteDirection, pressed: 1 | -1): VoteDirection => (current === pressed ? 0 : pressed);

/** Counts as they will be once the viewer's vote is `to` (what the page shows while the vote is sent). */
export const withVote = (votes: Votes, to: VoteDirection): Votes => ({
  up: votes.up - (votes.current === 1 ? 1 : 0) + (to === 1 ? 1 : 0),
  down: votes.down - (votes.current === -1 ? 1 : 0) + (to === -1 ? 1 : 0),
  current: to,
});

/** A vote on one question or answer: what is shown, and while one is sent, what to restore if it fails. */
export interface VoteState {
  readonly shown: Votes;
  /** The counts before the vote on its way; null when none is. */
  readonly before: Votes | null;
  readonly error: string | null;
}

export type VoteEvent =
  | { readonly type: 'press'; readonly pressed: 1 | -1 }
  | { readonly type: 'counted'; readonly votes: Votes }
  | { readonly type: 'failed'; readonly message: string };

/** One step of a vote. A press while one is on its way is ignored; a failure restores what was shown before, with its message. */
export const voteStep = (state: VoteState, event: VoteEvent): VoteState => {
  switch (event.type) {
    case 'press':
      if (state.before) return state;
      return { shown: withVote(state.shown, voteAfter(state.shown.current, event.pressed)), before: state.shown, error: null };
    case 'counted':
      return state.before ? { shown: event.votes, before: null, error: null } : state;
    case 'failed':
      return state.before ? { shown: state.before, before: null, error: event.message } : state;
    // Stryker disable next-line ConditionalExpression: unreachable (the cases above cover every event type)
    default:
      return state;
  }
};
