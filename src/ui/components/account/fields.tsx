/**
 * What every My Account form is made of: labelled fields with their error tips, password fields
 * with a `Show password` / `Hide password` toggle and an optional strength meter, and the form
 * state (the rules of `core/rules/account-forms.ts` on the form state machine) that checks as the
 * shopper types and on submit, and lets a valid form go on as a native post. Before scripts run
 * (and without them) the fields are plain inputs and the toggles and meter are not shown.
 */
import { useEffect, useRef, useState, type FormEvent, type ReactNode, type RefObject } from 'react';
import type { AccountFieldErrors } from '../../../app/account-page.js';
import { passwordStrength } from '../../../core/rules/account.js';
import { fieldError, firstInvalid, formReducer, initialForm, type FormEvent as FieldEvent, type FormRules, type FormState } from '../../../core/rules/forms.js';
import { useLocale, useTexts } from '../../i18n.js';
import { accountFieldTexts } from '../../messages/account.js';
import { useUi } from '../../runtime-context.js';

/** True once the page has hydrated: controls that need scripts show from then on. */
export function useHydrated(): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => setReady(true), []);
  return ready;
}

/** Ids joined for `aria-describedby`, or undefined when there is none. */
export const describedBy = (...ids: ReadonlyArray<string | false | null | undefined>): string | undefined => {
  const list = ids.filter((id): id is string => typeof id === 'string' && id !== '');
  return list.length > 0 ? list.join(' ') : undefined;
};

/** What a form hands each of its inputs. */
export interface BoundField {
  readonly id: string;
  readonly name: string;
  readonly value: string;
  readonly error: string | null;
  readonly onChange: (value: string) => void;
  /** Focus left the field for `next` (the event's `relatedTarget`). */
  readonly onBlur: (next: EventTarget | null) => void;
}

export interface AccountForm<F extends string> {
  readonly state: FormState<F>;
  readonly field: (name: F) => BoundField;
  /**
   * Checks the whole form: with errors, the post is stopped, the first field in error focused and
   * the count spoken; without, the native post goes on. Returns whether it goes on.
   */
  readonly submit: (event: FormEvent<HTMLFormElement>) => boolean;
}

/**
 * The state of one account form. `rulesOf` gives the rules for the values as they are (the
 * confirmation of a password depends on the password). `posted` are the server's field errors
 * after a refused post, shown until the field changes.
 */
export function useAccountForm<F extends string>(options: {
  readonly fields: readonly F[];
  readonly rulesOf: (values: Readonly<Record<F, string>>) => FormRules<F>;
  readonly initial: Readonly<Partial<Record<F, string>>>;
  readonly posted?: AccountFieldErrors;
  readonly formRef: RefObject<HTMLFormElement | null>;
}): AccountForm<F> {
  const { fields, rulesOf, initial, posted = {}, formRef } = options;
  const { signals } = useUi();
  const locale = useLocale();
  const t = useTexts(accountFieldTexts);
  const [state, setState] = useState<FormState<F>>(() => {
    const values = Object.fromEntries(fields.map((f) => [f, initial[f] ?? ''])) as Record<F, string>;
    return initialForm(rulesOf(values), values);
  });
  const [changed, setChanged] = useState<ReadonlySet<F>>(() => new Set());

  const apply = (current: FormState<F>, event: FieldEvent<F>): FormState<F> => {
    const values = event.type === 'input' ? { ...current.values, [event.field]: event.value } : current.values;
    const rules = rulesOf(values);
    const next = formReducer(rules, current, event, locale);
    // An error already showing follows the other fields too (a confirmation that now matches).
    const shown: Partial<Record<F, string>> = {};
    for (const field of Object.keys(next.shown) as F[]) {
      const error = fieldError(rules[field], next.values[field], locale);
      if (error !== null) shown[field] = error;
    }
    return { ...next, shown };
  };
  const dispatch = (event: FieldEvent<F>) => setState((current) => apply(current, event));

  // What was typed before the scripts ran counts (React keeps the server's values otherwise).
  useEffect(() => {
    const elements = formRef.current?.elements;
    for (const field of fields) {
      const element = elements?.namedItem(field);
      if (element instanceof HTMLInputElement || element instanceof HTMLSelectElement) {
        if (element.value !== (initial[field] ?? '')) dispatch({ type: 'input', field, value: element.value });
      }
    }
    // Once, after hydration.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const field = (name: F): BoundField => {
    const serverError = changed.has(name) ? undefined : posted[name];
    return {
      id: name,
      name,
      value: state.values[name],
      error: state.shown[name] ?? serverError ?? null,
      onChange: (value) => {
        setChanged((c) => (c.has(name) ? c : new Set([...c, name])));
        dispatch({ type: 'input', field: name, value });
      },
      onBlur: (next) => {
        // Leaving for the form's own submit button: the submit checks everything. A tip shown now
        // would move the button between the press and the release, and the click would be lost.
        if (next instanceof HTMLButtonElement && next.type === 'submit' && next.form === formRef.current) return;
        dispatch({ type: 'blur', field: name });
      },
    };
  };

  const submit = (event: FormEvent<HTMLFormElement>): boolean => {
    const rules = rulesOf(state.values);
    const next = apply(state, { type: 'submit' });
    setState(next);
    const first = firstInvalid(rules, next);
    if (first === null) return true;
    event.preventDefault();
    const count = Object.keys(next.shown).length;
    const element = formRef.current?.elements.namedItem(first);
    if (element instanceof HTMLElement) element.focus();
    signals.emit('announce', { message: count === 1 ? t.correctOne({ error: next.shown[first] ?? '' }) : t.correctMany(count) });
    return false;
  };

  return { state, field, submit };
}

/**
 * A label and, beside it, the required mark: the mark is not read (the field says it is required)
 * and not part of the label's text, so the field is named exactly by its words.
 */
function FieldLabel({ htmlFor, label, required }: { readonly htmlFor: string; readonly label: string; readonly required: boolean }) {
  return (
    <span className="account-field__label">
      <label htmlFor={htmlFor}>{label}</label>
      {required ? (
        <span className="account-field__required" aria-hidden="true">
          {' '}
          *
        </span>
      ) : null}
    </span>
  );
}

/** A text, email or select field with its label, hint and error tip. */
export function AccountField({
  bound,
  label,
  type = 'text',
  autoComplete,
  required = true,
  hint,
  maxLength,
  inputMode,
  onFocus,
  onBlur,
  children,
}: {
  readonly bound: BoundField;
  readonly label: string;
  readonly type?: 'text' | 'email' | 'tel';
  readonly autoComplete?: string;
  readonly required?: boolean;
  readonly hint?: string;
  readonly maxLength?: number;
  readonly inputMode?: 'numeric' | 'email' | 'tel';
  readonly onFocus?: (value: string) => void;
  readonly onBlur?: (value: string) => void;
  /** Options: the field is a select. */
  readonly children?: ReactNode;
}) {
  const errorId = `${bound.id}-error`;
  const hintId = `${bound.id}-hint`;
  const common = {
    id: bound.id,
    name: bound.name,
    value: bound.value,
    required,
    autoComplete,
    'aria-invalid': bound.error ? true : undefined,
    'aria-describedby': describedBy(bound.error ? errorId : null, hint ? hintId : null),
  };
  return (
    <p className={`account-field${bound.error ? ' account-field--error' : ''}`}>
      <FieldLabel htmlFor={bound.id} label={label} required={required} />
      {children ? (
        <select {...common} onChange={(e) => bound.onChange(e.currentTarget.value)} onBlur={(e) => bound.onBlur(e.relatedTarget)}>
          {children}
        </select>
      ) : (
        <input
          {...common}
          type={type}
          maxLength={maxLength}
          inputMode={inputMode}
          onChange={(e) => bound.onChange(e.currentTarget.value)}
          onFocus={onFocus ? (e) => onFocus(e.currentTarget.value) : undefined}
          onBlur={(e) => {
            bound.onBlur(e.relatedTarget);
            onBlur?.(e.currentTarget.value);
          }}
        />
      )}
      {hint ? (
        <span className="account-field__hint" id={hintId}>
          {hint}
        </span>
      ) : null}
      {bound.error ? (
        <span className="account-field__error" id={errorId}>
          {bound.error}
        </span>
      ) : null}
    </p>
  );
}

/**
 * A password field with its toggle: `Show password` shows the characters (`aria-pressed`
 * true, and the button then reads `Hide password`). The toggle needs scripts, so it shows once
 * the page has hydrated. `meter` adds the strength meter below (also scripts only).
 */
export function PasswordField({
  bound,
  label,
  autoComplete,
  required = true,
  hint,
  meter = false,
}: {
  readonly bound: BoundField;
  readonly label: string;
  readonly autoComplete: 'current-password' | 'new-password';
  readonly required?: boolean;
  readonly hint?: string;
  readonly meter?: boolean;
}) {
  const ready = useHydrated();
  const t = useTexts(accountFieldTexts);
  const [shown, setShown] = useState(false);
  const errorId = `${bound.id}-error`;
  const hintId = `${bound.id}-hint`;
  const meterId = `${bound.id}-strength`;
  const showMeter = meter && ready && bound.value !== '';
  return (
    <div className={`account-field${bound.error ? ' account-field--error' : ''}`}>
      <FieldLabel htmlFor={bound.id} label={label} required={required} />
      <span className="password-input">
        <input
          id={bound.id}
          name={bound.name}
          type={shown ? 'text' : 'password'}
          value={bound.value}
          required={required}
          autoComplete={autoComplete}
          // Spell checkers and autocorrect must not see a shown password.
          spellCheck={false}
          autoCapitalize="off"
          aria-invalid={bound.error ? true : undefined}
          aria-describedby={describedBy(bound.error ? errorId : null, hint ? hintId : null, showMeter ? meterId : null)}
          onChange={(e) => bound.onChange(e.currentTarget.value)}
          onBlur={(e) => bound.onBlur(e.relatedTarget)}
        />
        <button type="button" className="password-input__toggle button button--small" aria-pressed={shown} aria-controls={bound.id} hidden={!ready} onClick={() => setShown((s) => !s)}>
          {shown ? t.hidePassword : t.showPassword}
        </button>
      </span>
      {hint ? (
        <span className="account-field__hint" id={hintId}>
          {hint}
        </span>
      ) : null}
      {showMeter ? <StrengthMeter password={bound.value} id={meterId} /> : null}
      {bound.error ? (
        <span className="account-field__error" id={errorId}>
          {bound.error}
        </span>
      ) : null}
    </div>
  );
}

/** The password's strength (`account.ts`'s estimate) as a meter with its words: `Strength: Medium`. */
export function StrengthMeter({ password, id }: { readonly password: string; readonly id: string }) {
  const t = useTexts(accountFieldTexts);
  const { score } = passwordStrength(password);
  const label = [t.veryWeak, t.weak, t.medium, t.strong, t.veryStrong][score];
  return (
    <div className="strength" data-score={score}>
      <div className="strength__bar" role="meter" aria-label={t.strength} aria-valuemin={0} aria-valuemax={4} aria-valuenow={score} aria-valuetext={label}>
        <span className="strength__fill" style={{ width: `${((score + 1) / 5) * 100}%` }} />
      </div>
      <span className="strength__label" id={id}>
        {t.strengthOf({ label: label ?? '' })}
      </span>
    </div>
  );
}

/** The minimum the shop asks of a new password, said beside the field (in the page's language). */
export const usePasswordHint = (minLength: number): string => useTexts(accountFieldTexts).passwordHint({ n: minLength });

/** A form's ref, typed for `useAccountForm`. */
export const useFormRef = () => useRef<HTMLFormElement>(null);
