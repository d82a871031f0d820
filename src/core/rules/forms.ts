/**
 * Client-side form validation with the rules and default messages of the validation library the
 * theme's forms used (comment, login, order tracking), as a pure state machine: which errors show
 * depends on what the shopper did. An error shows on submit for every invalid field, on
 * focus-out once the field was submitted or has a value, and on key-up once the field has been
 * touched (left, submitted, or already showing an error).
 */
import { BASE_LOCALE, textsIn, type Locale } from '../../i18n/index.js';
import { validationTexts } from './messages.js';
import { isBlankText } from './text.js';

/** Default messages of the validation library, in English (`{0}` is the rule's parameter); `validationTexts` has them in each language. */
export const MESSAGES = {
  required: 'This field is required.',
  email: 'Please enter a valid email address.',
  url: 'Please enter a valid URL.',
  minlength: 'Please enter at least {0} characters.',
  maxlength: 'Please enter no more than {0} characters.',
  oneOf: 'Please select an option.',
} as const;

/** One field's rules. */
export interface FieldRules {
  readonly required?: boolean;
  readonly email?: boolean;
  readonly minlength?: number;
  readonly maxlength?: number;
  /** The value must be one of these (a select's options). */
  readonly oneOf?: readonly string[];
  /** A further check (a pure function): its message in `locale`, or null when the value passes. */
  readonly check?: (value: string, locale: Locale) => string | null;
}

/** A form's rules, field by field, in the order the fields appear. */
export type FormRules<F extends string> = Readonly<Record<F, FieldRules>>;

/** Characters as the shopper sees them: code points, so an emoji counts once. */
export const characterCount = (value: string): number => [...value].length;

// The library's email check: a WHATWG-style local part and dot-separated labels of at most 63
// letters, digits and inner hyphens.
const EMAIL = /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/;

/** True for an address the email rule accepts. */
export const isEmail = (value: string): boolean => EMAIL.test(value);

/**
 * The first failing rule's message for a value, or null. Every rule but `required` passes on an
 * empty optional field. Values are trimmed first; lengths count characters. The message is in
 * `locale` (English by default).
 */
export const fieldError = (rules: FieldRules, raw: string, locale: Locale = BASE_LOCALE): string | null => {
  const value = raw.trim();
  const t = textsIn(validationTexts, locale);
  if (isBlankText(value)) return rules.required ? t.required : null;
  if (rules.email && !isEmail(value)) return t.email;
  // Stryker disable next-line ConditionalExpression: equivalent (a count compared with undefined is false)
  if (rules.minlength !== undefined && characterCount(value) < rules.minlength) return t.minlength({ n: rules.minlength });
  // Stryker disable next-line ConditionalExpression: equivalent, as above
  if (rules.maxlength !== undefined && characterCount(value) > rules.maxlength) return t.maxlength({ n: rules.maxlength });
  if (rules.oneOf !== undefined && !rules.oneOf.includes(value)) return t.oneOf;
  return rules.check ? rules.check(value, locale) : null;
};

/** A form's state: values, what the shopper did, and the errors showing. */
export interface FormState<F extends string> {
  readonly values: Readonly<Record<F, string>>;
  /** Fields left at least once. */
  readonly touched: Readonly<Record<F, boolean>>;
  readonly submitted: boolean;
  /** Errors showing now (a field with no entry shows none). */
  readonly shown: Readonly<Partial<Record<F, string>>>;
}

/** What the shopper did. */
export type FormEvent<F extends string> =
  | { readonly type: 'input'; readonly field: F; readonly value: string }
  | { readonly type: 'blur'; readonly field: F }
  | { readonly type: 'submit' }
  | { readonly type: 'reset' };

/** A fresh form. */
export const initialForm = <F extends string>(rules: FormRules<F>, values: Partial<Record<F, string>> = {}): FormState<F> => {
  const fields = Object.keys(rules) as F[];
  return {
    values: Object.fromEntries(fields.map((f) => [f, values[f] ?? ''])) as Record<F, string>,
    touched: Object.fromEntries(fields.map((f) => [f, false])) as Record<F, boolean>,
    submitted: false,
    shown: {} as Partial<Record<F, string>>,
  };
};

const withShown = <F extends string>(state: FormState<F>, field: F, error: string | null): FormState<F> => {
  const shown: Partial<Record<F, string>> = { ...state.shown };
  if (error === null) delete shown[field];
  else shown[field] = error;
  return { ...state, shown };
};

/** Every field's error now, whether shown or not (messages in `locale`). */
export const formErrors = <F extends string>(rules: FormRules<F>, values: Readonly<Record<F, string>>, locale: Locale = BASE_LOCALE): Partial<Record<F, string>> => {
  const errors: Partial<Record<F, string>> = {};
  for (const field of Object.keys(rules) as F[]) {
    const error = fieldError(rules[field], values[field], locale);
    if (error !== null) errors[field] = error;
  }
  return errors;
};

/** The state after one event (messages in `locale`, English by default). */
export const formReducer = <F extends string>(rules: FormRules<F>, state: FormState<F>, event: FormEvent<F>, locale: Locale = BASE_LOCALE): FormState<F> => {
  switch (event.type) {
    case 'input': {
      const next = { ...state, values: { ...state.values, [event.field]: event.value } };
      // Key-up validates a field once it has been touched or is already showing an error.
      const live = state.touched[event.field] || state.submitted || state.shown[event.field] !== undefined;
      return live ? withShown(next, event.field, fieldError(rules[event.field], event.value, locale)) : next;
    }
    case 'blur': {
      const value = state.values[event.field];
      const next = { ...state, touched: { ...state.touched, [event.field]: true } };
      // Focus-out validates once the form was submitted or the field has a value.
      if (!state.submitted && value.trim() === '' && state.shown[event.field] === undefined) return next;
      return withShown(next, event.field, fieldError(rules[event.field], value, locale));
    }
    case 'submit':
      return { ...state, submitted: true, shown: formErrors(rules, state.values, locale) };
    case 'reset':
      return initialForm(rules);
  }
};

/** The field to focus after a failed submit: the first invalid one in form order. */
export const firstInvalid = <F extends string>(rules: FormRules<F>, state: FormState<F>): F | null =>
  (Object.keys(rules) as F[]).find((field) => state.shown[field] !== undefined) ?? null;

/** True when no field has an error. */
export const formValid = <F extends string>(rules: FormRules<F>, state: FormState<F>): boolean => Object.keys(formErrors(rules, state.values)).length === 0;

/** The blog comment form: author (at least 2), email, comment (at least 10). */
export const COMMENT_RULES: FormRules<'author' | 'email' | 'comment'> = {
  author: { required: true, minlength: 2, maxlength: 245 },
  email: { required: true, email: true, maxlength: 100 },
  comment: { required: true, minlength: 10, maxlength: 65525 },
};
