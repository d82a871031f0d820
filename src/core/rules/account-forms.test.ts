import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { emailProblem, passwordProblem } from './account.js';
import { ACCOUNT_FORM_MESSAGES, addressRules, detailsRules, LOGIN_RULES, registerRules, resetPasswordRules } from './account-forms.js';
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
  });
  it('take a username or an email', () => {
    expect(fieldError(LOGIN_RULES.username, 'ana.buyer')).toBeNull();
    expect(fieldError(LOGIN_RULES.username, 'ana.buyer@example.com')).toBeNull();
    expect(fieldError(LOGIN_RULES.username, '<b>ana</b>')).not.toBeNull();
    expect(fieldError(LOGIN_RULES.username, '   ')).toBe(MESSAGES.required);
  });
});

describe('reset rules', () => {
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
