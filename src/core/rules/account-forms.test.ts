import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { emailProblem, passwordProblem, usernameProblem } from './account.js';
import { ACCOUNT_FORM_MESSAGES, addressRules, detailsRules, LOGIN_RULES, LOST_PASSWORD_RULES, registerRules, resetPasswordRules } from './account-forms.js';
import { CHECKOUT_RULES } from './checkout-form.js';
import { fieldError, formErrors, formReducer, initialForm, MESSAGES } from './forms.js';

// Passwords as a shopper types them: printable text without surrounding spaces (the form trims).
const typed = fc.string({ unit: 'grapheme', maxLength: 40 }).map((s) => s.trim());
const minLength = fc.integer({ min: 1, max: 20 });

describe('register rules', () => {
  it('refuse a password exactly when the server would (the shop’s minimum), spaces and all', () => {
    const spaced = fc.tuple(fc.constantFrom('', ' ', '  '), typed, fc.constantFrom('', ' ')).map(([a, b, c]) => `${a}${b}${c}`);
    fc.assert(
      fc.property(spaced, minLength, (password, min) => {
        const local = fieldError(registerRules(min, { password }).password, password);
        const server = password.trim() === '' ? MESSAGES.required : passwordProblem(password, min);
        expect(local).toBe(server);
      }),
    );
  });
  it('judge the password being checked when the form’s values are missing or out of date', () => {
    // The values the rules were made with may lag one keystroke behind the value checked.
    fc.assert(
      fc.property(typed.filter((p) => p !== ''), typed, minLength, (password, stale, min) => {
        fc.pre(stale !== password);
        expect(fieldError(registerRules(min).password, password)).toBe(passwordProblem(password, min));
        expect(fieldError(registerRules(min, { password: stale }).password, password)).toBe(passwordProblem(password, min));
        expect(fieldError(registerRules(min, { password: ` ${stale} ` }).password, password)).toBe(passwordProblem(password, min));
      }),
    );
    // The same password with its spaces is judged as typed: ' abc ' is 5 characters, not 3.
    expect(fieldError(registerRules(5, { password: ' abc ' }).password, 'abc')).toBe(passwordProblem(' abc ', 5));
    expect(fieldError(registerRules(5, { password: ' abc ' }).password, 'abc')).not.toBe(passwordProblem('abc', 5));
  });
  it('refuse an email exactly when the server would', () => {
    fc.assert(
      fc.property(fc.oneof(fc.emailAddress(), fc.string({ maxLength: 30 })), (raw) => {
        const email = raw.trim();
        const local = fieldError(registerRules(8).email, email);
        expect(local).toBe(email === '' ? MESSAGES.required : emailProblem(email));
      }),
    );
  });
});

describe('login rules', () => {
  it('never judge the password beyond its presence (old accounts keep their short passwords)', () => {
    fc.assert(fc.property(typed.filter((p) => p !== ''), (password) => fieldError(LOGIN_RULES.password, password) === null));
    expect(fieldError(LOGIN_RULES.password, '')).toBe(MESSAGES.required);
  });
  it('take a username or an email', () => {
    expect(fieldError(LOGIN_RULES.username, 'ana.buyer')).toBeNull();
    expect(fieldError(LOGIN_RULES.username, 'ana.buyer@example.com')).toBeNull();
    expect(fieldError(LOGIN_RULES.username, '<b>ana</b>')).not.toBeNull();
    expect(fieldError(LOGIN_RULES.username, '   ')).toBe(MESSAGES.required);
  });
});

describe('lost password rules', () => {
  it('require a username or an email and refuse what the server refuses', () => {
    expect(Object.keys(LOST_PASSWORD_RULES)).toEqual(['user_login']);
    expect(fieldError(LOST_PASSWORD_RULES.user_login, '  ')).toBe(MESSAGES.required);
    fc.assert(
      fc.property(fc.oneof(fc.emailAddress(), fc.string({ maxLength: 70 })), (raw) => {
        const value = raw.trim();
        fc.pre(value !== '');
        expect(fieldError(LOST_PASSWORD_RULES.user_login, raw)).toBe(usernameProblem(value));
      }),
    );
    expect(fieldError(LOST_PASSWORD_RULES.user_login, '<b>ana</b>')).not.toBeNull();
    expect(fieldError(LOST_PASSWORD_RULES.user_login, 'ana.buyer@example.com')).toBeNull();
  });
});

describe('reset rules', () => {
  it('require the new password and judge it as the server does', () => {
    expect(fieldError(resetPasswordRules(8, {}).password_1, '')).toBe(MESSAGES.required);
    expect(fieldError(resetPasswordRules(8, {}).password_1, 'short')).toBe(passwordProblem('short', 8));
    expect(fieldError(resetPasswordRules(8, { password_1: 'Tr0ub4dor&3-horse' }).password_1, 'Tr0ub4dor&3-horse')).toBeNull();
  });
  it('refuse the confirmation exactly when it differs from the new password', () => {
    fc.assert(
      fc.property(typed, typed, (first, second) => {
        const error = fieldError(resetPasswordRules(8, { password_1: first, password_2: second }).password_2, second);
        if (second === '') expect(error).toBe(MESSAGES.required);
        else expect(error === ACCOUNT_FORM_MESSAGES.passwordsDiffer).toBe(second !== first);
      }),
    );
  });
  it('a submitted form with two equal accepted passwords has no error', () => {
    const rules = resetPasswordRules(8, { password_1: 'Tr0ub4dor&3-horse', password_2: 'Tr0ub4dor&3-horse' });
    const state = formReducer(rules, initialForm(rules, { password_1: 'Tr0ub4dor&3-horse', password_2: 'Tr0ub4dor&3-horse' }), { type: 'submit' });
    expect(state.shown).toEqual({});
  });
});

describe('account details rules', () => {
  const filled = { account_first_name: 'Ana', account_last_name: 'Buyer', account_display_name: 'Ana B', account_email: 'ana@example.com' };
  it('ask for the current password and the confirmation only when a new password is typed', () => {
    fc.assert(
      fc.property(typed, typed, typed, (current, next, again) => {
        const values = { ...filled, password_current: current, password_1: next, password_2: again };
        const errors = formErrors(detailsRules(8, values), values);
        if (next === '' && again === '') {
          expect(errors.password_current).toBeUndefined();
          expect(errors.password_2).toBeUndefined();
          expect(errors.password_1).toBeUndefined();
        } else if (next === '') {
          expect(errors.password_2).toBe(ACCOUNT_FORM_MESSAGES.newPasswordsDiffer);
          expect(errors.password_current !== undefined).toBe(current === '');
        } else {
          expect(errors.password_current !== undefined).toBe(current === '');
          expect(errors.password_1 ?? null).toBe(passwordProblem(next, 8));
          expect(errors.password_2 !== undefined).toBe(again !== next);
        }
      }),
    );
  });
  it('ask for the current password when the email changes to another account key, not for a case change', () => {
    const values = { ...filled, password_current: '', password_1: '', password_2: '' };
    expect(formErrors(detailsRules(8, values, 'ana@example.com'), values).password_current).toBeUndefined();
    const upper = { ...values, account_email: 'ANA@example.com' };
    expect(formErrors(detailsRules(8, upper, 'ana@example.com'), upper).password_current).toBeUndefined();
    const moved = { ...values, account_email: 'ana.new@example.com' };
    expect(formErrors(detailsRules(8, moved, 'ana@example.com'), moved).password_current).toBe(MESSAGES.required);
  });
  it('require the names and the email, names of at most 100 characters', () => {
    const values = { account_first_name: '', account_last_name: ' ', account_display_name: '', account_email: '', password_current: '', password_1: '', password_2: '' };
    expect(formErrors(detailsRules(8, values), values)).toEqual({
      account_first_name: MESSAGES.required,
      account_last_name: MESSAGES.required,
      account_display_name: MESSAGES.required,
      account_email: MESSAGES.required,
    });
    const long = 'x'.repeat(101);
    const tooLong = { ...values, account_first_name: long, account_last_name: long, account_display_name: long, account_email: 'ana@' };
    const errors = formErrors(detailsRules(8, tooLong), tooLong);
    const max = MESSAGES.maxlength.replace('{0}', '100');
    expect(errors).toEqual({ account_first_name: max, account_last_name: max, account_display_name: max, account_email: emailProblem('ana@') });
    const exact = { ...filled, account_first_name: 'x'.repeat(100), password_current: '', password_1: '', password_2: '' };
    expect(formErrors(detailsRules(8, exact), exact)).toEqual({});
  });
  it('ask for nothing more when the password and email fields are missing or the account’s email is unknown', () => {
    const names = { account_first_name: 'Ana', account_last_name: 'Buyer', account_display_name: 'Ana B' };
    // No password fields at all, no email typed: nothing about the current password.
    expect(detailsRules(8, names, 'ana@example.com').password_current).toEqual({});
    expect(detailsRules(8, names, 'ana@example.com').password_2).toEqual({});
    // An email typed but the account's address not known: no check against it.
    expect(detailsRules(8, { ...names, account_email: 'ana.new@example.com' }).password_current).toEqual({});
    // A blank email field is required, not a change of address.
    expect(detailsRules(8, { ...names, account_email: '   ' }, 'ana@example.com').password_current).toEqual({});
    // The typed email is compared trimmed.
    expect(detailsRules(8, { ...names, account_email: '  ana@example.com ' }, 'ana@example.com').password_current).toEqual({});
    expect(detailsRules(8, { ...names, account_email: 'ana.new@example.com' }, 'ana@example.com').password_current).toEqual({ required: true });
  });
  it('accept the same new password typed twice', () => {
    fc.assert(
      fc.property(typed.filter((p) => p !== ''), (password) => {
        const values = { ...filled, password_current: 'old', password_1: password, password_2: password };
        expect(formErrors(detailsRules(8, values), values).password_2).toBeUndefined();
      }),
    );
  });
  it('say the stock words when the new passwords differ', () => {
    const values = { ...filled, password_current: 'old', password_1: 'Tr0ub4dor&3-horse', password_2: 'Tr0ub4dor&3-hors' };
    expect(formErrors(detailsRules(8, values), values).password_2).toBe(ACCOUNT_FORM_MESSAGES.newPasswordsDiffer);
  });
});

describe('address rules', () => {
  it('are the checkout’s rules for that address, in the checkout’s order', () => {
    for (const prefix of ['billing', 'shipping'] as const) {
      const rules = addressRules(prefix);
      const expected = Object.keys(CHECKOUT_RULES).filter((f) => f.startsWith(`${prefix}_`));
      expect(Object.keys(rules)).toEqual(expected);
      for (const field of expected) expect(rules[field as keyof typeof rules]).toBe(CHECKOUT_RULES[field as keyof typeof CHECKOUT_RULES]);
    }
    expect(Object.keys(addressRules('billing'))).toContain('billing_email');
    expect(Object.keys(addressRules('shipping'))).not.toContain('shipping_phone');
  });
});
