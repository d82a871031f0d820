/**
 * The review form's pure state machine (`machine.ts`), step by step: what each event does in each
 * phase, which errors show before and after the first submit, and which answers count. The
 * controller's model test (`controller.model.test.ts`) drives it with uploads and a shop; these
 * pin the rules it leaves open.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ReviewResult } from '../../../core/domain/reviews.js';
import { formReducer, INITIAL_FORM, succeeded, type FormEvent, type FormMachine } from './machine.js';
import { draftErrors, type DraftContext } from './rules.js';
import { reviewFormTextsIn } from './messages.js';

const T = reviewFormTextsIn('en-PH');
const CONTEXT: DraftContext = { questions: [{ name: 'fit', label: 'Fit', type: 'rating', required: true }, { name: 'use', label: 'Use', type: 'text', required: false }] };
const CAPTCHA: DraftContext = { ...CONTEXT, captcha: true };
const VALID = { rating: 4, text: 'Fits well', name: 'Ana', email: 'ana@example.ph' };
const OK: ReviewResult = { code: 0, description: 'Thank you for your review!', button: 'Continue', status: 'hold' };
const FAILED: ReviewResult = { code: 1, description: 'Your review could not be added', button: 'Try again' };

const run = (events: readonly FormEvent[], context: DraftContext = CONTEXT, from: FormMachine = INITIAL_FORM): FormMachine => events.reduce((s, e) => formReducer(s, e, context), from);
const filled = (context: DraftContext = CONTEXT): FormMachine => run([{ type: 'open' }, { type: 'edit', patch: VALID }, { type: 'answer', name: 'fit', value: '5' }], context);

describe('review form machine: phases', () => {
  it('opens only from closed; edits, answers and leaves only while editing', () => {
    expect(run([{ type: 'open' }]).phase).toBe('editing');
    const sending = run([{ type: 'submit', uploading: 0 }], CONTEXT, filled());
    expect(sending.phase).toBe('submitting');
    expect(formReducer(sending, { type: 'open' }, CONTEXT)).toBe(sending);
    expect(formReducer(sending, { type: 'edit', patch: { text: 'x' } }, CONTEXT)).toBe(sending);
    expect(formReducer(sending, { type: 'answer', name: 'fit', value: '1' }, CONTEXT)).toBe(sending);
    expect(formReducer(sending, { type: 'leave', field: 'text' }, CONTEXT)).toBe(sending);
    expect(formReducer(sending, { type: 'submit', uploading: 0 }, CONTEXT)).toBe(sending);
    expect(formReducer(INITIAL_FORM, { type: 'edit', patch: { text: 'x' } }, CONTEXT)).toBe(INITIAL_FORM);
    expect(formReducer(INITIAL_FORM, { type: 'answer', name: 'fit', value: '1' }, CONTEXT)).toBe(INITIAL_FORM);
    expect(formReducer(INITIAL_FORM, { type: 'leave', field: 'text' }, CONTEXT)).toBe(INITIAL_FORM);
    expect(formReducer(INITIAL_FORM, { type: 'token', token: 't' }, CONTEXT)).toBe(INITIAL_FORM);
    expect(formReducer(INITIAL_FORM, { type: 'submit', uploading: 0 }, CONTEXT)).toBe(INITIAL_FORM);
    expect(formReducer(INITIAL_FORM, { type: 'cancel' }, CONTEXT)).toBe(INITIAL_FORM);
  });

  it('a valid submit counts an attempt and sends; only that attempt’s answer is taken', () => {
    const sending = run([{ type: 'submit', uploading: 0 }], CONTEXT, filled());
    expect(sending).toMatchObject({ phase: 'submitting', attempt: 1, submitted: true, shown: {}, blocked: null });
    expect(formReducer(sending, { type: 'answered', attempt: 0, result: OK }, CONTEXT)).toBe(sending);
    expect(formReducer(sending, { type: 'answered', attempt: 2, result: OK }, CONTEXT)).toBe(sending);
    const done = formReducer(sending, { type: 'answered', attempt: 1, result: OK }, CONTEXT);
    expect(done).toMatchObject({ phase: 'result', result: OK });
    expect(succeeded(done)).toBe(true);
    expect(succeeded(sending)).toBe(false);
    // An answer when nothing is on its way changes nothing.
    expect(formReducer(done, { type: 'answered', attempt: 1, result: FAILED }, CONTEXT)).toBe(done);
    // Cancel waits for the answer.
    expect(formReducer(sending, { type: 'cancel' }, CONTEXT)).toBe(sending);
  });

  it('Continue after a success starts afresh, closed, keeping the attempt count; not after an error', () => {
    const done = run([{ type: 'submit', uploading: 0 }, { type: 'answered', attempt: 1, result: OK }], CONTEXT, filled());
    const closed = formReducer(done, { type: 'continue' }, CONTEXT);
    expect(closed).toEqual({ ...INITIAL_FORM, attempt: 1 });
    const failed = run([{ type: 'submit', uploading: 0 }, { type: 'answered', attempt: 1, result: FAILED }], CONTEXT, filled());
    expect(succeeded(failed)).toBe(false);
    expect(formReducer(failed, { type: 'continue' }, CONTEXT)).toBe(failed);
    expect(formReducer(filled(), { type: 'continue' }, CONTEXT).phase).toBe('editing');
  });

  it('Try again after an error goes back to the form as filled, asking for a new captcha; not after a success', () => {
    const withToken = run([{ type: 'token', token: 'tok' }, { type: 'submit', uploading: 0 }, { type: 'answered', attempt: 1, result: FAILED }], CAPTCHA, filled(CAPTCHA));
    const again = formReducer(withToken, { type: 'tryAgain' }, CAPTCHA);
    expect(again).toMatchObject({ phase: 'editing', result: null, token: null, submitted: false, draft: withToken.draft, attempt: 1 });
    const done = run([{ type: 'submit', uploading: 0 }, { type: 'answered', attempt: 1, result: OK }], CONTEXT, filled());
    expect(formReducer(done, { type: 'tryAgain' }, CONTEXT)).toBe(done);
    expect(formReducer(filled(), { type: 'tryAgain' }, CONTEXT).phase).toBe('editing');
  });

  it('Cancel from the form or a result closes and empties it, keeping the attempt count', () => {
    const failed = run([{ type: 'submit', uploading: 0 }, { type: 'answered', attempt: 1, result: FAILED }], CONTEXT, filled());
    expect(formReducer(failed, { type: 'cancel' }, CONTEXT)).toEqual({ ...INITIAL_FORM, attempt: 1 });
    expect(formReducer(filled(), { type: 'cancel' }, CONTEXT)).toEqual(INITIAL_FORM);
  });
});

describe('review form machine: submit', () => {
  it('with errors, shows every error and sends nothing, whatever is uploading', () => {
    fc.assert(
      fc.property(fc.nat(3), (uploading) => {
        const state = run([{ type: 'open' }, { type: 'submit', uploading }]);
        expect(state.phase).toBe('editing');
        expect(state.submitted).toBe(true);
        expect(state.blocked).toBeNull();
        expect(state.shown).toEqual(draftErrors(state.draft, CONTEXT));
        expect(Object.keys(state.shown).length).toBeGreaterThan(0);
      }),
    );
  });

  it('a valid form waits for its uploads, saying why, and sends once they are done', () => {
    const waiting = run([{ type: 'submit', uploading: 2 }], CONTEXT, filled());
    expect(waiting).toMatchObject({ phase: 'editing', blocked: T.waitUploads, attempt: 0 });
    expect(run([{ type: 'submit', uploading: 1, blockedText: 'One file left.' }], CONTEXT, filled()).blocked).toBe('One file left.');
    const fil = reviewFormTextsIn('fil-PH');
    expect(formReducer(filled(), { type: 'submit', uploading: 1 }, { ...CONTEXT, texts: fil }).blocked).toBe(fil.waitUploads);
    // An edit clears the reason; a later submit sends.
    expect(formReducer(waiting, { type: 'edit', patch: { text: 'Fits very well' } }, CONTEXT).blocked).toBeNull();
    expect(formReducer(waiting, { type: 'submit', uploading: 0 }, CONTEXT)).toMatchObject({ phase: 'submitting', blocked: null, attempt: 1 });
  });

  it('a captcha form is sent only with a token, and loses it when the token expires', () => {
    const form = filled(CAPTCHA);
    expect(formReducer(form, { type: 'submit', uploading: 0 }, CAPTCHA).shown).toEqual({ captcha: T.captcha });
    const withToken = formReducer(form, { type: 'token', token: 'tok' }, CAPTCHA);
    expect(withToken.token).toBe('tok');
    expect(formReducer(withToken, { type: 'submit', uploading: 0 }, CAPTCHA).phase).toBe('submitting');
    const submitted = formReducer(form, { type: 'submit', uploading: 0 }, CAPTCHA);
    // After a submit the captcha error follows the token both ways.
    expect(formReducer(submitted, { type: 'token', token: 'tok' }, CAPTCHA).shown).toEqual({});
    expect(run([{ type: 'token', token: 'tok' }, { type: 'token', token: null }], CAPTCHA, submitted).shown).toEqual({ captcha: T.captcha });
  });
});

describe('review form machine: errors before the first submit', () => {
  it('a field shows its error once left with something in it, not while empty or before it is left', () => {
    const open = run([{ type: 'open' }]);
    const typo = formReducer(open, { type: 'edit', patch: { email: 'ana@' } }, CONTEXT);
    expect(typo.shown).toEqual({});
    const left = formReducer(typo, { type: 'leave', field: 'email' }, CONTEXT);
    expect(left.shown).toEqual({ email: T.email });
    expect(left.left).toEqual(['email']);
    // Leaving it twice lists it once.
    expect(formReducer(left, { type: 'leave', field: 'email' }, CONTEXT).left).toEqual(['email']);
    // Corrected: the error goes at once.
    expect(formReducer(left, { type: 'edit', patch: { email: 'ana@example.ph' } }, CONTEXT).shown).toEqual({});
    // Empty or blank fields say nothing before a submit, even once left.
    expect(run([{ type: 'leave', field: 'name' }, { type: 'leave', field: 'text' }, { type: 'edit', patch: { name: '   ' } }], CONTEXT, open).shown).toEqual({});
    // Other fields' errors stay hidden.
    expect(Object.keys(left.shown)).toEqual(['email']);
    // A rating without a star, or a question not answered, is empty: left, it says nothing yet.
    expect(run([{ type: 'leave', field: 'rating' }, { type: 'leave', field: 'q:fit' }], CONTEXT, open).shown).toEqual({});
    // A text question answered with something it refuses shows once left.
    const number: DraftContext = { questions: [{ name: 'age', label: 'Age', type: 'number', required: false }] };
    expect(run([{ type: 'open' }, { type: 'answer', name: 'age', value: 'many' }, { type: 'leave', field: 'q:age' }], number).shown).toEqual({ 'q:age': T.number });
  });

  it('a star chosen or a rating question answered counts as left; other answers do not', () => {
    const open = run([{ type: 'open' }]);
    const star = formReducer(open, { type: 'edit', patch: { rating: 3 } }, CONTEXT);
    expect(star.left).toEqual(['rating']);
    expect(star.shown).toEqual({});
    expect(formReducer(open, { type: 'edit', patch: { text: 'Nice' } }, CONTEXT).left).toEqual([]);
    const badFit = formReducer(open, { type: 'answer', name: 'fit', value: '9' }, CONTEXT);
    expect(badFit.left).toEqual(['q:fit']);
    expect(badFit.shown).toEqual({ 'q:fit': T.rating });
    expect(badFit.draft.answers).toEqual({ fit: '9' });
    const use = formReducer(open, { type: 'answer', name: 'use', value: 'x'.repeat(1001) }, CONTEXT);
    expect(use.left).toEqual([]);
    expect(use.shown).toEqual({});
    // A text question's error shows once it is left.
    expect(formReducer(use, { type: 'leave', field: 'q:use' }, CONTEXT).shown).toEqual({ 'q:use': T.tooLong({ limit: 1000 }) });
    // Answers keep each other, and an edit keeps them unless it brings its own.
    const both = run([{ type: 'answer', name: 'fit', value: '4' }, { type: 'answer', name: 'use', value: 'Daily' }, { type: 'edit', patch: { text: 'ok' } }], CONTEXT, open);
    expect(both.draft.answers).toEqual({ fit: '4', use: 'Daily' });
    expect(formReducer(both, { type: 'edit', patch: { answers: { fit: '2' } } }, CONTEXT).draft.answers).toEqual({ fit: '2' });
  });

  it('the terms box and the captcha never show before a submit (they hold no text)', () => {
    const context: DraftContext = { ...CAPTCHA, terms: true };
    const state = run([{ type: 'open' }, { type: 'edit', patch: { ...VALID, terms: false } }, { type: 'answer', name: 'fit', value: '5' }, { type: 'leave', field: 'terms' }, { type: 'leave', field: 'captcha' }], context);
    expect(state.shown).toEqual({});
    expect(formReducer(state, { type: 'submit', uploading: 0 }, context).shown).toEqual({ terms: T.terms, captcha: T.captcha });
    // Ticked, the terms count as having a value.
    const ticked = formReducer(state, { type: 'edit', patch: { terms: true } }, context);
    expect(ticked.draft.terms).toBe(true);
  });
});
