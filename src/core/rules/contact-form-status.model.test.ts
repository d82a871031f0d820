/**
 * Model-based test of the contact form's status (`fc.commands`): the shopper ticks and unticks the
 * box, changes fields (a check on change), presses Send and Reset, while the shop answers any
 * status, fails, answers late (an older attempt) and the refill comes back.
 *
 * The model is a plain description of what the shopper should see: what is in flight, whether the
 * box is ticked, the last message. At every step the form's status is one the spec lists (or
 * `custom-…`), Send is enabled exactly when the box is ticked and nothing is in flight, a request
 * is only ever sent while the box is ticked, errors are cleared by every submission, a late answer
 * changes nothing, and `mail_sent` always ends in `sent` with its message after the refill.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { FeedbackAnswer } from '../domain/contact-form.js';
import { canSubmit, contactFormReducer, FORM_STATUSES, INITIAL_CONTACT_FORM, statusOfAnswer, type ContactFormEvent, type ContactFormState } from './contact-form-status.js';

interface Model {
  accepted: boolean;
  inFlight: 'none' | 'submit' | 'reset';
  /** The attempt in flight (or last). */
  attempt: number;
  message: string;
  /** The reset in flight came from mail_sent. */
  fromSent: boolean;
  lastStatus: string;
}

interface Real {
  state: ContactFormState;
  sends: number;
}

const step = (real: Real, event: ContactFormEvent): void => {
  real.state = contactFormReducer(real.state, event);
};

const check = (model: Model, real: Real): void => {
  const { state } = real;
  expect(FORM_STATUSES.includes(state.status) || state.status.startsWith('custom-')).toBe(true);
  expect(state.accepted).toBe(model.accepted);
  expect(canSubmit(state)).toBe(model.accepted && model.inFlight === 'none');
  expect(state.status === 'submitting').toBe(model.inFlight === 'submit');
  expect(state.status === 'resetting').toBe(model.inFlight === 'reset');
  expect(state.message).toBe(model.message);
  if (model.inFlight === 'none') expect(state.status).toBe(model.lastStatus);
};

type Cmd = fc.Command<Model, Real>;

class Accept implements Cmd {
  constructor(readonly checked: boolean) {}
  check = () => true;
  run(m: Model, r: Real) {
    step(r, { type: 'accept', checked: this.checked });
    m.accepted = this.checked;
    check(m, r);
  }
  toString = () => `accept(${this.checked})`;
}

class Change implements Cmd {
  constructor(readonly error: string | null) {}
  check = () => true;
  run(m: Model, r: Real) {
    const before = r.state.status;
    step(r, { type: 'validateStart' });
    if (m.inFlight === 'none') expect(r.state.status).toBe('validating');
    else expect(r.state.status).toBe(before);
    step(r, { type: 'validateEnd', results: { 'your-email': this.error } });
    // The check ends where it started; outside a request, the field's error is what it found.
    expect(r.state.status).toBe(before);
    if (m.inFlight === 'none') expect(r.state.errors['your-email']).toBe(this.error ?? undefined);
    check(m, r);
  }
  toString = () => `change(${this.error})`;
}

class Send implements Cmd {
  check = () => true;
  run(m: Model, r: Real) {
    const before = r.state.attempt;
    step(r, { type: 'submit' });
    if (m.accepted && m.inFlight === 'none') {
      r.sends += 1;
      m.inFlight = 'submit';
      m.attempt = before + 1;
      m.message = '';
      expect(r.state.errors).toEqual({});
      expect(r.state.attempt).toBe(m.attempt);
    } else expect(r.state.attempt).toBe(before);
    check(m, r);
  }
  toString = () => 'send';
}

const answer = (status: string, message: string): FeedbackAnswer => ({
  status,
  message,
  invalidFields: status === 'validation_failed' ? [{ field: 'your-name', message: 'Please fill out this field.', idref: null, errorId: 'u-ve-your-name' }] : [],
  postedDataHash: '',
  into: '#u',
});

class Answer implements Cmd {
  constructor(
    readonly status: string,
    readonly late: boolean,
  ) {}
  check = () => true;
  run(m: Model, r: Real) {
    const message = `msg:${this.status}`;
    const attempt = this.late ? r.state.attempt - 1 : r.state.attempt;
    step(r, { type: 'answered', attempt, answer: answer(this.status, message) });
    if (m.inFlight === 'submit' && !this.late) {
      m.message = message;
      if (this.status === 'mail_sent') {
        m.inFlight = 'reset';
        m.fromSent = true;
      } else {
        m.inFlight = 'none';
        m.lastStatus = statusOfAnswer(this.status);
        if (this.status === 'validation_failed') expect(r.state.errors['your-name']).toBe('Please fill out this field.');
      }
    }
    check(m, r);
  }
  toString = () => `answer(${this.status}${this.late ? ', late' : ''})`;
}

class Fail implements Cmd {
  constructor(readonly text: string) {}
  check = () => true;
  run(m: Model, r: Real) {
    step(r, { type: 'failed', attempt: r.state.attempt, message: this.text });
    if (m.inFlight === 'submit') {
      m.inFlight = 'none';
      m.lastStatus = 'failed';
      m.message = this.text;
    }
    check(m, r);
  }
  toString = () => `fail(${this.text})`;
}

class Reset implements Cmd {
  check = () => true;
  run(m: Model, r: Real) {
    step(r, { type: 'reset' });
    if (m.inFlight === 'none') {
      m.inFlight = 'reset';
      m.fromSent = false;
    }
    check(m, r);
  }
  toString = () => 'reset';
}

class Refilled implements Cmd {
  check = () => true;
  run(m: Model, r: Real) {
    step(r, { type: 'refilled' });
    if (m.inFlight === 'reset') {
      m.inFlight = 'none';
      m.accepted = false;
      m.lastStatus = m.fromSent ? 'sent' : 'init';
      if (!m.fromSent) m.message = '';
      expect(r.state.errors).toEqual({});
    }
    check(m, r);
  }
  toString = () => 'refilled';
}

const commands = [
  fc.boolean().map((b) => new Accept(b)),
  fc.option(fc.constantFrom('Please enter an email address.', 'Please fill out this field.'), { nil: null }).map((e) => new Change(e)),
  fc.constant(new Send()),
  fc.tuple(fc.constantFrom('mail_sent', 'mail_failed', 'validation_failed', 'acceptance_missing', 'spam', 'aborted', 'payment_required', 'wpcf7 custom!status'), fc.boolean()).map(([s, late]) => new Answer(s, late)),
  fc.constantFrom('You are probably offline.', 'The response is not a valid JSON response.', 'An unknown error occurred.').map((t) => new Fail(t)),
  fc.constant(new Reset()),
  fc.constant(new Refilled()),
];

describe('contact form status (model)', () => {
  it('follows the model through any sequence of shopper actions and answers', () => {
    fc.assert(
      fc.property(fc.commands(commands, { maxCommands: 60 }), (cmds) => {
        const model: Model = { accepted: false, inFlight: 'none', attempt: 0, message: '', fromSent: false, lastStatus: 'init' };
        const real: Real = { state: INITIAL_CONTACT_FORM, sends: 0 };
        fc.modelRun(() => ({ model, real }), cmds);
      }),
      { numRuns: 300 },
    );
  });

  it('keeps a field named like an Object property as an error of its own', () => {
    let state = contactFormReducer(INITIAL_CONTACT_FORM, { type: 'accept', checked: true });
    state = contactFormReducer(state, { type: 'submit' });
    state = contactFormReducer(state, {
      type: 'answered',
      attempt: state.attempt,
      answer: { ...answer('validation_failed', 'x'), invalidFields: [{ field: '__proto__', message: 'Bad.', idref: null, errorId: 'u-ve-proto' }] },
    });
    expect(Object.hasOwn(state.errors, '__proto__')).toBe(true);
    expect(Object.getPrototypeOf(state.errors)).toBe(Object.prototype);
  });

  it('maps the API statuses to the page’s, and others to custom- slugs', () => {
    expect(statusOfAnswer('mail_sent')).toBe('sent');
    expect(statusOfAnswer('validation_failed')).toBe('invalid');
    expect(statusOfAnswer('acceptance_missing')).toBe('unaccepted');
    expect(statusOfAnswer('payment_required')).toBe('payment-required');
    expect(statusOfAnswer('mail_failed')).toBe('failed');
    expect(statusOfAnswer('wpcf7 custom!status')).toBe('custom-wpcf7-custom!status');
    expect(statusOfAnswer('toString')).toBe('custom-toString');
    expect(statusOfAnswer('__proto__')).toBe('custom-proto__');
    fc.assert(
      fc.property(fc.oneof(fc.string({ minLength: 1, maxLength: 20 }), fc.constantFrom('toString', 'constructor', '__proto__', 'hasOwnProperty')).filter((s) => /[a-z0-9]/i.test(s) && !['init', 'validation_failed', 'acceptance_missing', 'spam', 'aborted', 'mail_sent', 'mail_failed', 'submitting', 'resetting', 'validating', 'payment_required'].includes(s)), (s) => {
        expect(statusOfAnswer(s).startsWith('custom-')).toBe(true);
      }),
    );
  });
});

describe('contact form status (examples)', () => {
  const submitted = (): ContactFormState => contactFormReducer(contactFormReducer(INITIAL_CONTACT_FORM, { type: 'accept', checked: true }), { type: 'submit' });

  it('starts unticked, with nothing said and nothing sent', () => {
    expect(INITIAL_CONTACT_FORM).toStrictEqual({ status: 'init', before: 'init', message: '', errors: {}, accepted: false, attempt: 0, resetToSent: false });
    expect(FORM_STATUSES).toEqual(['init', 'validating', 'submitting', 'invalid', 'unaccepted', 'spam', 'aborted', 'sent', 'failed', 'resetting', 'payment-required']);
  });

  it('maps every stock API status', () => {
    const stock = { init: 'init', validation_failed: 'invalid', acceptance_missing: 'unaccepted', spam: 'spam', aborted: 'aborted', mail_sent: 'sent', mail_failed: 'failed', submitting: 'submitting', resetting: 'resetting', validating: 'validating', payment_required: 'payment-required' };
    for (const [api, page] of Object.entries(stock)) expect(statusOfAnswer(api)).toBe(page);
    // A leading separator is trimmed, and the next run of spaces becomes one hyphen.
    expect(statusOfAnswer('!my  status')).toBe('custom-my-status');
  });

  it('returns the same state for an event that changes nothing', () => {
    const ticked = contactFormReducer(INITIAL_CONTACT_FORM, { type: 'accept', checked: true });
    expect(contactFormReducer(ticked, { type: 'accept', checked: true })).toBe(ticked);
    expect(contactFormReducer(INITIAL_CONTACT_FORM, { type: 'accept', checked: false })).toBe(INITIAL_CONTACT_FORM);
  });

  it('a check started during a check ends where the first one started', () => {
    let state = contactFormReducer(INITIAL_CONTACT_FORM, { type: 'validateStart' });
    state = contactFormReducer(state, { type: 'validateStart' });
    state = contactFormReducer(state, { type: 'validateEnd', results: {} });
    expect(state.status).toBe('init');
  });

  it('shows the first message the shop gives for a field', () => {
    const state = submitted();
    const answered = contactFormReducer(state, {
      type: 'answered',
      attempt: state.attempt,
      answer: {
        status: 'validation_failed',
        message: 'Errors.',
        invalidFields: [
          { field: 'your-name', message: 'First.', idref: null, errorId: 'a' },
          { field: 'your-name', message: 'Second.', idref: null, errorId: 'b' },
        ],
        postedDataHash: '',
        into: '#u',
      },
    });
    expect(answered.errors).toStrictEqual({ 'your-name': 'First.' });
  });

  it('mail_sent resets the form and then says sent, keeping its message', () => {
    const state = { ...submitted(), errors: { 'your-email': 'Old.' } };
    const answered = contactFormReducer(state, { type: 'answered', attempt: state.attempt, answer: answer('mail_sent', 'Thank you.') });
    expect(answered).toStrictEqual({ ...state, status: 'resetting', message: 'Thank you.', errors: {}, resetToSent: true });
    expect(canSubmit(answered)).toBe(false);
    const refilled = contactFormReducer(answered, { type: 'refilled' });
    expect(refilled).toStrictEqual({ ...answered, status: 'sent', errors: {}, accepted: false, resetToSent: false });
  });

  it('ignores a failure of an older attempt, and a reset while sending', () => {
    const state = submitted();
    expect(contactFormReducer(state, { type: 'failed', attempt: state.attempt - 1, message: 'Offline.' })).toBe(state);
    expect(contactFormReducer(state, { type: 'reset' })).toBe(state);
    expect(contactFormReducer(state, { type: 'failed', attempt: state.attempt, message: 'Offline.' })).toStrictEqual({ ...state, status: 'failed', message: 'Offline.' });
  });
});
