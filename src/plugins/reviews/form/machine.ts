/**
 * The review form as a pure state machine (spec §4 "Review form", `wire-protocol.md` §2.7):
 * `closed` → (`Write a review`) `editing` → (submit, valid, no upload running) `submitting` →
 * `result` with the server's `description` and `button`; code 0 is a success, anything else an error.
 *
 * - The success button (`Continue`) resets the form and closes it (back to the list); the error
 *   button (`Try again`) returns to the form as it was filled. Cancel resets and closes.
 * - Submit while an upload runs does nothing but say why (`blocked`); with errors, every field's
 *   error shows and stays live as the shopper corrects it. Before the first submit, a field shows
 *   its error once left with something typed in it (an email with a typo), or once a star was chosen.
 * - An answer belongs to one attempt: an answer to an older attempt (or one arriving after a cancel)
 *   changes nothing.
 */
import type { ReviewResult } from '../../../core/domain/reviews.js';
import { draftErrors, EMPTY_DRAFT, type DraftContext, type ReviewDraft, type ReviewField } from './rules.js';
import { reviewFormTextsIn } from './messages.js';

export type FormPhase = 'closed' | 'editing' | 'submitting' | 'result';

export interface FormMachine {
  readonly phase: FormPhase;
  readonly draft: ReviewDraft;
  /** The captcha verifier's token (null until it gave one, or after it expired). */
  readonly token: string | null;
  /** Fields left with something in them. */
  readonly left: readonly ReviewField[];
  /** A submit was tried: every error shows. */
  readonly submitted: boolean;
  /** Errors showing now. */
  readonly shown: Readonly<Partial<Record<ReviewField, string>>>;
  /** Why the last submit did nothing although the form is valid (uploads running), or null. */
  readonly blocked: string | null;
  /** The server's answer (phase `result`). */
  readonly result: ReviewResult | null;
  /** The current submit attempt (answers of other attempts are ignored). */
  readonly attempt: number;
}

export type FormEvent =
  | { readonly type: 'open' }
  | { readonly type: 'edit'; readonly patch: Partial<Omit<ReviewDraft, 'answers'>> & { readonly answers?: Readonly<Record<string, string>> } }
  | { readonly type: 'answer'; readonly name: string; readonly value: string }
  | { readonly type: 'leave'; readonly field: ReviewField }
  | { readonly type: 'token'; readonly token: string | null }
  /** `uploading`: uploads still running; `blockedText` says why that stops the submit. */
  | { readonly type: 'submit'; readonly uploading: number; readonly blockedText?: string }
  | { readonly type: 'answered'; readonly attempt: number; readonly result: ReviewResult }
  | { readonly type: 'continue' }
  | { readonly type: 'tryAgain' }
  | { readonly type: 'cancel' };

export const INITIAL_FORM: FormMachine = { phase: 'closed', draft: EMPTY_DRAFT, token: null, left: [], submitted: false, shown: {}, blocked: null, result: null, attempt: 0 };

/** A fresh, open form (after Continue or Cancel the next open starts here). */
const fresh = (state: FormMachine, phase: FormPhase): FormMachine => ({ ...INITIAL_FORM, phase, attempt: state.attempt });

const fieldValue = (draft: ReviewDraft, field: ReviewField): string => {
  if (field === 'rating') return draft.rating > 0 ? String(draft.rating) : '';
  if (field === 'terms') return draft.terms ? '1' : '';
  if (field === 'captcha') return '';
  if (field.startsWith('q:')) return draft.answers[field.slice(2)] ?? '';
  return draft[field as 'text' | 'name' | 'email'];
};

/** Errors to show for the state as it is. */
const showing = (state: FormMachine, context: DraftContext): FormMachine => {
  const errors = draftErrors(state.draft, context, state.token);
  if (state.submitted) return { ...state, shown: errors };
  const shown: Partial<Record<ReviewField, string>> = {};
  for (const field of state.left) if (errors[field] !== undefined && fieldValue(state.draft, field).trim() !== '') shown[field] = errors[field];
  return { ...state, shown };
};

const withField = (left: readonly ReviewField[], field: ReviewField): readonly ReviewField[] => (left.includes(field) ? left : [...left, field]);

/** The form after one event. */
export const formReducer = (state: FormMachine, event: FormEvent, context: DraftContext): FormMachine => {
  switch (event.type) {
    case 'open':
      return state.phase === 'closed' ? { ...state, phase: 'editing' } : state;
    case 'edit': {
      if (state.phase !== 'editing') return state;
      const draft = { ...state.draft, ...event.patch, answers: event.patch.answers ? { ...event.patch.answers } : state.draft.answers };
      // A star chosen counts as the rating field left (its error clears at once).
      const left = event.patch.rating !== undefined ? withField(state.left, 'rating') : state.left;
      return showing({ ...state, draft, left, blocked: null }, context);
    }
    case 'answer': {
      if (state.phase !== 'editing') return state;
      const draft = { ...state.draft, answers: { ...state.draft.answers, [event.name]: event.value } };
      const question = context.questions.find((q) => q.name === event.name);
      const left = question?.type === 'rating' ? withField(state.left, `q:${event.name}`) : state.left;
      return showing({ ...state, draft, left }, context);
    }
    case 'leave':
      return state.phase === 'editing' ? showing({ ...state, left: withField(state.left, event.field) }, context) : state;
    case 'token':
      return state.phase === 'closed' ? state : showing({ ...state, token: event.token }, context);
    case 'submit': {
      if (state.phase !== 'editing') return state;
      const checked = showing({ ...state, submitted: true }, context);
      if (Object.keys(checked.shown).length > 0) return { ...checked, blocked: null };
      if (event.uploading > 0) return { ...checked, blocked: event.blockedText ?? (context.texts ?? reviewFormTextsIn('en-PH')).waitUploads };
      return { ...checked, phase: 'submitting', blocked: null, attempt: state.attempt + 1 };
    }
    case 'answered':
      return state.phase === 'submitting' && event.attempt === state.attempt ? { ...state, phase: 'result', result: event.result } : state;
    case 'continue':
      return state.phase === 'result' && state.result?.code === 0 ? fresh(state, 'closed') : state;
    case 'tryAgain':
      // A captcha token is good for one submission: the verifier is asked again.
      return state.phase === 'result' && state.result?.code !== 0 ? showing({ ...state, phase: 'editing', result: null, token: null, submitted: false }, context) : state;
    case 'cancel':
      // Not while the review is on its way (its answer decides what the shopper sees next).
      return state.phase === 'closed' || state.phase === 'submitting' ? state : fresh(state, 'closed');
  }
};

/** Whether the form's answer is a success (code 0). */
export const succeeded = (state: FormMachine): boolean => state.phase === 'result' && state.result?.code === 0;
