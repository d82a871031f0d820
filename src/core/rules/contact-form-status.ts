/**
 * A contact form's status as a pure reducer (spec §4 "Contact form statuses", `wire-protocol.md`
 * §6.3–6.5): init, validating, submitting, invalid, unaccepted, spam, aborted, sent, failed,
 * resetting, payment-required, and `custom-…` for a status a stock shop's plugin added.
 *
 * - Send is possible only while the acceptance box is ticked and nothing is in flight.
 * - A check on change shows `validating` for its duration and then the status it interrupted.
 * - A submission clears the errors and the message; its answer (matched by attempt: a late answer
 *   to an older attempt changes nothing) sets the status, the message and the field errors.
 * - `mail_sent` resets the form: `resetting` while the refill is asked, then `sent` with the
 *   message kept. A reset by the shopper ends in `init`.
 * - A failure (offline, an answer that is not JSON, anything else) is `failed` with the spec's
 *   text, never a form stuck in `submitting` (the stock script's defect).
 */
import type { FeedbackAnswer, FormStatus } from '../domain/contact-form.js';

export interface ContactFormState {
  readonly status: FormStatus;
  /** The status a running check interrupted (restored when it ends). */
  readonly before: FormStatus;
  /** What the live region says (the last answer's message, or a failure's text). */
  readonly message: string;
  /** Field errors showing, by field name. */
  readonly errors: Readonly<Record<string, string>>;
  /** The acceptance box is ticked. */
  readonly accepted: boolean;
  /** The submission in flight or last sent (answers to others are ignored). */
  readonly attempt: number;
  /** The running reset came from `mail_sent`: it ends in `sent`. */
  readonly resetToSent: boolean;
}

export type ContactFormEvent =
  | { readonly type: 'accept'; readonly checked: boolean }
  | { readonly type: 'validateStart' }
  /** The fields checked and their errors (null: valid now); other fields keep theirs. */
  | { readonly type: 'validateEnd'; readonly results: Readonly<Record<string, string | null>> }
  | { readonly type: 'submit' }
  | { readonly type: 'answered'; readonly attempt: number; readonly answer: FeedbackAnswer }
  | { readonly type: 'failed'; readonly attempt: number; readonly message: string }
  | { readonly type: 'reset' }
  | { readonly type: 'refilled' };

export const INITIAL_CONTACT_FORM: ContactFormState = { status: 'init', before: 'init', message: '', errors: {}, accepted: false, attempt: 0, resetToSent: false };

/** Every status the form can show but `custom-…`. */
export const FORM_STATUSES: readonly FormStatus[] = ['init', 'validating', 'submitting', 'invalid', 'unaccepted', 'spam', 'aborted', 'sent', 'failed', 'resetting', 'payment-required'];

const API_STATUSES: Readonly<Record<string, FormStatus>> = {
  init: 'init',
  validation_failed: 'invalid',
  acceptance_missing: 'unaccepted',
  spam: 'spam',
  aborted: 'aborted',
  mail_sent: 'sent',
  mail_failed: 'failed',
  submitting: 'submitting',
  resetting: 'resetting',
  validating: 'validating',
  payment_required: 'payment-required',
};

/**
 * The page's status for an answer's: the stock map, else `custom-` and a slug (the first run of
 * characters other than letters and digits made a space, trimmed, the first run of spaces made `-`).
 */
export function statusOfAnswer(status: string): FormStatus {
  // Own keys only: an answer's status is the shop's text (`toString` is not a status of ours).
  const known = Object.hasOwn(API_STATUSES, status) ? API_STATUSES[status] : undefined;
  if (known) return known;
  const slug = status.replace(/[^0-9a-z]+/i, ' ').trim().replace(/\s+/, '-');
  return `custom-${slug}`;
}

/** Whether Send may be pressed. */
export const canSubmit = (state: ContactFormState): boolean => state.accepted && state.status !== 'submitting' && state.status !== 'resetting';

const busy = (state: ContactFormState): boolean => state.status === 'submitting' || state.status === 'resetting';

/** The next state. */
export function contactFormReducer(state: ContactFormState, event: ContactFormEvent): ContactFormState {
  switch (event.type) {
    case 'accept':
      return state.accepted === event.checked ? state : { ...state, accepted: event.checked };
    case 'validateStart':
      if (busy(state) || state.status === 'validating') return state;
      return { ...state, status: 'validating', before: state.status };
    case 'validateEnd': {
      if (state.status !== 'validating') return state;
      const merged = new Map(Object.entries(state.errors));
      for (const [field, message] of Object.entries(event.results)) {
        if (message === null) merged.delete(field);
        else merged.set(field, message);
      }
      const errors: Record<string, string> = Object.fromEntries(merged);
      return { ...state, status: state.before, errors };
    }
    case 'submit':
      if (!canSubmit(state)) return state;
      return { ...state, status: 'submitting', message: '', errors: {}, attempt: state.attempt + 1 };
    case 'answered': {
      if (state.status !== 'submitting' || event.attempt !== state.attempt) return state;
      // The first message per field; built as own properties whatever the names (`__proto__` included).
      const first = new Map<string, string>();
      for (const invalid of event.answer.invalidFields) if (!first.has(invalid.field)) first.set(invalid.field, invalid.message);
      const errors: Record<string, string> = Object.fromEntries(first);
      const status = statusOfAnswer(event.answer.status);
      if (status === 'sent') return { ...state, status: 'resetting', message: event.answer.message, errors: {}, resetToSent: true };
      return { ...state, status, message: event.answer.message, errors };
    }
    case 'failed':
      if (state.status !== 'submitting' || event.attempt !== state.attempt) return state;
      return { ...state, status: 'failed', message: event.message };
    case 'reset':
      if (busy(state)) return state;
      return { ...state, status: 'resetting', resetToSent: false };
    case 'refilled':
      if (state.status !== 'resetting') return state;
      // A reset clears the form: its box is unticked again, its errors gone.
      return state.resetToSent
        ? { ...state, status: 'sent', errors: {}, accepted: false, resetToSent: false }
        : { ...state, status: 'init', message: '', errors: {}, accepted: false };
  }
}
