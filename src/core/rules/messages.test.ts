/**
 * The rules' messages follow the language they are asked in: for any form, the Filipino errors are
 * on exactly the fields the English ones are on, each is the Filipino catalogue's text (never the
 * English one), and English stays the default.
 */
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { setCatalogue, textsIn } from '../../i18n/index.js';
import filipino from '../../i18n/locales/fil-PH.json' with { type: 'json' };
import { detailsRules, registerRules, resetPasswordRules, type DetailsField, type RegisterField } from './account-forms.js';
import { checkoutErrors, checkoutFormReducer, initialCheckoutForm, CHECKOUT_RULES, type CheckoutField } from './checkout-form.js';
import { formErrors, type FormRules } from './forms.js';
import { accountValidationTexts } from './account-messages.js';
import { validationTexts } from './messages.js';
import { normalisePhone } from './ph-contact.js';

beforeAll(() => setCatalogue('fil-PH', filipino));

const FIELDS = Object.keys(CHECKOUT_RULES) as CheckoutField[];
/** Values shoppers type, good and bad: blanks, emails, phones, postcodes, province codes, long texts. */
const value = fc.oneof(
  fc.constantFrom('', '  ', 'juan@example.ph', 'juan@', '0917 123 4567', '12345', '1000', '10000', '00', 'CEB', 'XX', 'Juan', 'a'.repeat(120), 'Ñ'),
  fc.string({ maxLength: 12 }),
);
const form = fc.record(Object.fromEntries(FIELDS.map((f) => [f, value])) as Record<CheckoutField, fc.Arbitrary<string>>);

/** Every text a message set can give in a language, with numbers filled in as the rules fill them. */
const texts = (strings: readonly string[]): RegExp => new RegExp(`^(${strings.map((s) => s.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{n\}/g, '\\d+')).join('|')})$`);
const filipinoOf = (component: string): string[] => Object.values((filipino as unknown as Record<string, Record<string, unknown>>)[component] ?? {}).filter((t): t is string => typeof t === 'string');

describe('rule messages by language', () => {
  it('checkout: the same fields refused in Filipino as in English, with Filipino texts; English by default', () => {
    const filipinoText = texts(filipinoOf('checkout/validation'));
    fc.assert(
      fc.property(form, fc.boolean(), (values, shipElsewhere) => {
        const state = initialCheckoutForm(values, shipElsewhere);
        const english = checkoutErrors(state);
        const tagalog = checkoutErrors(state, 'fil-PH');
        expect(Object.keys(tagalog).sort()).toEqual(Object.keys(english).sort());
        for (const message of Object.values(tagalog)) expect(message).toMatch(filipinoText);
        expect(checkoutErrors(state, 'en-PH')).toEqual(english);
        // The reducer shows the same in the language it is given.
        expect(checkoutFormReducer(state, { type: 'submit' }, 'fil-PH').form.shown).toEqual(tagalog);
      }),
    );
  });

  it('a refused phone is said in the language asked', () => {
    expect(normalisePhone('12345')).toEqual({ ok: false, error: textsIn(validationTexts, 'en-PH').phone });
    expect(normalisePhone('12345', 'fil-PH')).toEqual({ ok: false, error: textsIn(validationTexts, 'fil-PH').phone });
    expect(textsIn(validationTexts, 'fil-PH').phone).not.toBe(textsIn(validationTexts, 'en-PH').phone);
  });

  it('account forms: the same fields refused in Filipino as in English, with Filipino texts', () => {
    const filipinoText = texts([...filipinoOf('account/validation'), ...filipinoOf('checkout/validation')]);
    const account = fc.record({
      email: value,
      password: fc.oneof(fc.constantFrom('', 'short', 'password', 'Tr0ub4dor&3-horse', '\u0007abcdefgh'), fc.string({ maxLength: 12 })),
      other: fc.oneof(fc.constantFrom('', 'Tr0ub4dor&3-horse'), fc.string({ maxLength: 12 })),
    });
    fc.assert(
      fc.property(account, ({ email, password, other }) => {
        const cases: Array<[FormRules<string>, Record<string, string>]> = [
          [registerRules(8, { email, password }) as FormRules<RegisterField>, { email, password }],
          [resetPasswordRules(8, { password_1: password, password_2: other }), { password_1: password, password_2: other }],
          [
            detailsRules(8, { account_email: email, password_1: password, password_2: other }, 'ana@example.ph') as FormRules<DetailsField>,
            { account_first_name: '', account_last_name: 'Cruz', account_display_name: 'Ana', account_email: email, password_current: '', password_1: password, password_2: other },
          ],
        ];
        for (const [rules, values] of cases) {
          const english = formErrors(rules, values);
          const tagalog = formErrors(rules, values, 'fil-PH');
          expect(Object.keys(tagalog).sort()).toEqual(Object.keys(english).sort());
          for (const message of Object.values(tagalog)) expect(message).toMatch(filipinoText);
        }
      }),
    );
    expect(textsIn(accountValidationTexts, 'fil-PH').passwordsDiffer).not.toBe(textsIn(accountValidationTexts, 'en-PH').passwordsDiffer);
  });
});

/** A message set's texts, with `{n}` filled in. */
const filled = (texts: object, n: number): Record<string, string> =>
  Object.fromEntries(Object.entries(texts).map(([key, text]) => [key, typeof text === 'function' ? (text as (values: { n: number }) => string)({ n }) : text]));

describe('the English texts', () => {
  it('field rules: the validation library’s stock words, with the number filled in', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100_000 }), (n) => {
        expect(filled(textsIn(validationTexts, 'en-PH'), n)).toEqual({
          required: 'This field is required.',
          email: 'Please enter a valid email address.',
          url: 'Please enter a valid URL.',
          minlength: `Please enter at least ${n} characters.`,
          maxlength: `Please enter no more than ${n} characters.`,
          oneOf: 'Please select an option.',
          phone: 'Please enter a Philippine mobile (09XX XXX XXXX or +63 9XX XXX XXXX) or landline number.',
          postcode: 'Please enter a 4-digit postcode.',
        });
      }),
      { numRuns: 20 },
    );
  });

  it('account rules: stock WooCommerce’s words, with the number filled in', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100_000 }), (n) => {
        expect(filled(textsIn(accountValidationTexts, 'en-PH'), n)).toEqual({
          passwordMissing: 'Please enter an account password.',
          passwordTooLong: `Passwords can be at most ${n} bytes long.`,
          passwordInvalid: 'Passwords cannot contain invisible control characters.',
          passwordTooShort: `Passwords must be at least ${n} characters long.`,
          passwordTooWeak: 'This password is too easy to guess. Please choose a stronger one.',
          emailInvalid: 'Please provide a valid email address.',
          emailTooLong: `Email addresses can be at most ${n} characters long.`,
          usernameMissing: 'Please enter a username or email address.',
          usernameInvalid: 'Please enter a valid account username.',
          usernameTooLong: `Usernames can be at most ${n} characters long.`,
          passwordsDiffer: 'Passwords do not match.',
          newPasswordsDiffer: 'New passwords do not match.',
        });
      }),
      { numRuns: 20 },
    );
  });
});
