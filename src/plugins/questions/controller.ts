/**
 * The Q&A tab's behaviour over the questions port: the list (search 500 ms after typing stops, or at
 * once for the clear button and Enter; `Show more questions`; the latest request wins), the votes
 * (shown at once, restored with a message when they fail) and the ask/answer dialog. The rules are
 * the pure steps of `rules.ts`; this module only runs them, calls the port and emits the plugin's
 * events. No React: the views read its store.
 */
import { debounce, map, of, Subject, timer } from 'rxjs';
import type { Question, QuestionPage, Votes } from '../../core/domain/reviews.js';
import type { DomainEventMap } from '../../core/events.js';
import type { QuestionsPort } from '../../core/ports.js';
import { createStore, type ReadableStore } from '../../core/store.js';
import { qnaTextsIn, type QnaTexts } from './messages.js';
import {
  formStep,
  INITIAL_FORM,
  listFrom,
  listStep,
  voteStep,
  type Field,
  type FormEvent,
  type FormMode,
  type FormState,
  type ListEvent,
  type ListState,
  type VoteState,
} from './rules.js';

/** How long the search waits after the last keystroke. */
export const SEARCH_DEBOUNCE_MS = 500;

export interface QnaState {
  readonly list: ListState;
  /** Votes cast on this page, by question or answer id (the others show the list's counts). */
  readonly votes: Readonly<Record<number, VoteState>>;
  readonly form: FormState;
}

type QnaEvent = 'question.asked' | 'question.voted' | 'question.searched';

export interface QnaControllerDeps {
  readonly port: QuestionsPort;
  readonly productId: number;
  readonly perPage: number;
  /** The first page as the server rendered it. */
  readonly first: QuestionPage;
  readonly emit: <K extends QnaEvent>(type: K, payload: DomainEventMap[K]) => void;
  /**
   * The captcha token, when the shop configured a site key: nothing is sent without one (the
   * dialog's result view asks the shopper to solve it).
   */
  readonly captcha?: () => Promise<string | undefined>;
  /** @default {@link SEARCH_DEBOUNCE_MS} */
  readonly debounceMs?: number;
  /** The page's texts (messages and results are said in them); English when none is given. */
  readonly texts?: QnaTexts;
}

export interface QnaController {
  readonly store: ReadableStore<QnaState>;
  /** The search box's text changed: searched once typing has stopped. */
  type(term: string): void;
  /** Searches now (Enter, the clear button). */
  searchNow(term: string): void;
  showMore(): void;
  retry(): void;
  vote(id: number, pressed: 1 | -1): Promise<void>;
  open(mode: FormMode): void;
  edit(field: Field, value: string): void;
  submit(): Promise<void>;
  close(): void;
  stop(): void;
}

/** The counts of a question or answer as the list has them. */
export const votesIn = (items: readonly Question[], id: number): Votes | null => {
  for (const question of items) {
    if (question.id === id) return question.votes;
    const answer = question.answers.find((a) => a.id === id);
    if (answer) return answer.votes;
  }
  return null;
};

export const createQnaController = (deps: QnaControllerDeps): QnaController => {
  const { port, productId, perPage, emit } = deps;
  // Stryker disable next-line StringLiteral: equivalent (an unknown locale falls back to English)
  const texts = deps.texts ?? qnaTextsIn('en-PH');
  const store = createStore<QnaState>({ list: listFrom(deps.first), votes: {}, form: INITIAL_FORM });
  let inFlight: AbortController | null = null;

  const listDo = (event: ListEvent): void => {
    const before = store.getSnapshot().list;
    store.update((s) => ({ ...s, list: listStep(s.list, event) }));
    const pending = store.getSnapshot().list.pending;
    if (pending && pending !== before.pending) void load(pending);
  };

  const load = async (pending: NonNullable<ListState['pending']>): Promise<void> => {
    // A newer request replaces the one in flight: its answer would be ignored anyway.
    inFlight?.abort();
    const controller = new AbortController();
    inFlight = controller;
    const answer = await port.list({ productId, page: pending.page, perPage, search: pending.term }, controller.signal);
    if (inFlight === controller) inFlight = null;
    if (!answer.ok) return listDo({ type: 'failed', id: pending.id, message: answer.error.message });
    listDo({ type: 'loaded', id: pending.id, page: answer.value });
    const list = store.getSnapshot().list;
    // Only a search whose answer is the one shown counts.
    if (pending.kind === 'search' && list.pending === null && list.search === pending.term && list.items === answer.value.items) {
      emit('question.searched', { productId, search: pending.term, count: answer.value.total });
    }
  };

  const terms = new Subject<{ readonly term: string; readonly now: boolean }>();
  const wait = deps.debounceMs ?? SEARCH_DEBOUNCE_MS;
  const subscription = terms
    .pipe(
      debounce((t) => (t.now ? of(0) : timer(wait))),
      map((t) => t.term),
    )
    .subscribe((term) => listDo({ type: 'search', term }));

  const formDo = (event: FormEvent): FormState => {
    store.update((s) => ({ ...s, form: formStep(s.form, event, texts) }));
    return store.getSnapshot().form;
  };

  const voteDo = (id: number, event: Parameters<typeof voteStep>[1], base: Votes): VoteState => {
    store.update((s) => ({ ...s, votes: { ...s.votes, [id]: voteStep(s.votes[id] ?? { shown: base, before: null, error: null }, event) } }));
    return store.getSnapshot().votes[id] as VoteState;
  };

  return {
    store,
    type: (term) => terms.next({ term, now: false }),
    searchNow: (term) => terms.next({ term, now: true }),
    showMore: () => listDo({ type: 'more' }),
    retry: () => listDo({ type: 'retry' }),
    vote: async (id, pressed) => {
      const state = store.getSnapshot();
      const base = state.votes[id]?.shown ?? votesIn(state.list.items, id);
      if (!base) return;
      const before = state.votes[id];
      const after = voteDo(id, { type: 'press', pressed }, base);
      if (after === before || !after.before) return;
      const answer = await port.vote(id, pressed === 1);
      if (!answer.ok) {
        voteDo(id, { type: 'failed', message: answer.error.kind === 'not-found' ? texts.voteGone : texts.voteFailed({ reason: answer.error.message }) }, base);
        return;
      }
      voteDo(id, { type: 'counted', votes: answer.value }, base);
      emit('question.voted', { id, productId, direction: answer.value.current, votes: answer.value });
    },
    open: (mode) => void formDo({ type: 'open', mode }),
    edit: (field, value) => void formDo({ type: 'edit', field, value }),
    submit: async () => {
      const form = formDo({ type: 'submit' });
      if (form.view !== 'sending') return;
      const { mode, fields } = form;
      const captcha = deps.captcha ? await deps.captcha() : undefined;
      if (deps.captcha && !captcha) return void formDo({ type: 'failed', message: texts.captcha });
      const answer = await port.ask({
        productId,
        ...(mode.kind === 'answer' ? { questionId: mode.questionId } : {}),
        text: fields.text.trim(),
        name: fields.name.trim(),
        email: fields.email.trim(),
        ...(captcha ? { captcha } : {}),
      });
      if (!answer.ok) return void formDo({ type: 'failed', message: answer.error.message });
      formDo({ type: 'answered', result: answer.value });
      if (answer.value.code === 0) emit('question.asked', { productId, answer: mode.kind === 'answer', questionId: mode.kind === 'answer' ? mode.questionId : null });
    },
    close: () => void formDo({ type: 'close' }),
    stop: () => {
      subscription.unsubscribe();
      inFlight?.abort();
    },
  };
};
