/**
 * The My Account forms' rules, on the form state machine of `forms.ts` (errors on submit, on
 * focus-out once a field has a value, on key-up once touched), with the account rules of
 * `account.ts` that the server applies to the same posts: a form checked here is refused there
 * only for what the browser cannot know (a taken email, a wrong current password). Field names are
 * the stock form's, so the state machine's values are what the native post sends.
 */
import { textsIn } from '../../i18n/index.js';
import { accountKey, emailProblem, passwordProblem, usernameProblem } from './account.js';
import { CHECKOUT_RULES, type BillingField, type ShippingField } from './checkout-form.js';
import type { FormRules } from './forms.js';
import { accountValidationTexts } from './account-messages.js';

/** Messages of the account forms that are not the account rules' own (stock WooCommerce's words), in English. */
export const ACCOUNT_FORM_MESSAGES = {
  passwordsDiffer: accountValidationTexts.base.passwordsDiffer,
  newPasswordsDiffer: accountValidationTexts.base.newPasswordsDiffer,
} as const;

export type LoginField = 'username' | 'password';
export type RegisterField = 'email' | 'password';
export type LostPasswordField = 'user_login';
export type ResetPasswordField = 'password_1' | 'password_2';
export type DetailsField = 'account_first_name' | 'account_last_name' | 'account_display_name' | 'account_email' | 'password_current' | 'password_1' | 'password_2';

/**
 * Log in: a username or an email (whichever; a look that fits neither is refused), and a password.
 * The password is only required here: its length and strength are the registration's business,
 * and an old account's short password must still be accepted.
 */
export const LOGIN_RULES: FormRules<LoginField> = {
  username: { required: true, check: (value, locale) => usernameProblem(value, locale) },
  password: { required: true },
};

/**
 * The password as typed: the form state machine trims a value before its check, but a password's
 * spaces are part of it (the server takes it as sent), so the check reads the typed value.
 */
const asTyped = (typed: string | undefined, trimmed: string): string => (typed !== undefined && typed.trim() === trimmed ? typed : trimmed);

/** Register: an email an account may have, and a password the shop accepts (its minimum). `values` is the form as typed now. */
export const registerRules = (minLength: number, values: Readonly<Partial<Record<RegisterField, string>>> = {}): FormRules<RegisterField> => ({
  email: { required: true, check: (value, locale) => emailProblem(value, locale) },
  password: { required: true, check: (value, locale) => passwordProblem(asTyped(values.password, value), minLength, locale) },
});

/** Lost password: the username or email the mail goes to. */
export const LOST_PASSWORD_RULES: FormRules<LostPasswordField> = {
  user_login: { required: true, check: (value, locale) => usernameProblem(value, locale) },
};

/** The reset form: a new password the shop accepts, typed twice. `values` is the form as typed now. */
export const resetPasswordRules = (minLength: number, values: Readonly<Partial<Record<ResetPasswordField, string>>>): FormRules<ResetPasswordField> => ({
  password_1: { required: true, check: (value, locale) => passwordProblem(asTyped(values.password_1, value), minLength, locale) },
  password_2: { required: true, check: (value, locale) => (asTyped(values.password_2, value) === (values.password_1 ?? '') ? null : textsIn(accountValidationTexts, locale).passwordsDiffer) },
});

/**
 * Account details: names and email always. A password change (either new password typed) needs
 * the confirmation to match and the current password; so does a new email address (`email` is the
 * account's address now, compared as the server compares accounts), as the server asks.
 */
export const detailsRules = (minLength: number, values: Readonly<Partial<Record<DetailsField, string>>>, email = ''): FormRules<DetailsField> => {
  const changing = (values.password_1 ?? '') !== '' || (values.password_2 ?? '') !== '';
  const typedEmail = (values.account_email ?? '').trim();
  const newEmail = typedEmail !== '' && email !== '' && accountKey(typedEmail) !== accountKey(email);
  return {
    account_first_name: { required: true, maxlength: 100 },
    account_last_name: { required: true, maxlength: 100 },
    account_display_name: { required: true, maxlength: 100 },
    account_email: { required: true, check: (value, locale) => emailProblem(value, locale) },
    password_current: changing || newEmail ? { required: true } : {},
    password_1: { check: (value, locale) => passwordProblem(asTyped(values.password_1, value), minLength, locale) },
    password_2: changing
      ? { required: true, check: (value, locale) => (asTyped(values.password_2, value) === (values.password_1 ?? '') ? null : textsIn(accountValidationTexts, locale).newPasswordsDiffer) }
      : {},
  };
};

/** The fields of one address form, in form order: the checkout's, billing with its email and phone. */
export type AddressFormField<P extends 'billing' | 'shipping'> = P extends 'billing' ? BillingField : ShippingField;

/** The address form's rules: exactly the checkout's rules for that address's fields. */
export const addressRules = <P extends 'billing' | 'shipping'>(prefix: P): FormRules<AddressFormField<P>> =>
  Object.fromEntries(Object.entries(CHECKOUT_RULES).filter(([field]) => field.startsWith(`${prefix}_`))) as FormRules<AddressFormField<P>>;
