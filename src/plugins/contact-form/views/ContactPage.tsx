/**
 * The contact pages' body: the form with its fields (laid out by `forms.ts`, checked by the form's
 * schema), the status on the form (`data-status`), the message in a polite live region, field
 * errors as tips each field names with `aria-describedby` (and `aria-invalid`), and Send disabled
 * until the privacy box is ticked. Without scripts the form posts to its own page (multipart, so
 * the wholesale form's file goes along) and the server's answer comes back in the page.
 *
 * Behaviour lives in core (`contact-form-status.ts`, `contact-form.ts`); this file wires it to
 * the form.
 */
import { useEffect, useId, useReducer, useRef, useState, type FormEvent, type ReactNode } from 'react';
import type { PageData } from '../../../app/app-state.js';
import { unitTagOf, WHOLESALE_PATH, CONTACT_PATH } from '../../../app/contact-page.js';
import { HONEYPOT_FIELD, type ContactFormSchema, type FormStatus } from '../../../core/domain/contact-form.js';
import type { PluginViewContext } from '../../../core/plugin.js';
import type { FilePart, PortFailure } from '../../../core/ports.js';
import { canSubmit, contactFormReducer, INITIAL_CONTACT_FORM, statusOfAnswer, type ContactFormState } from '../../../core/rules/contact-form-status.js';
import { errorIdOf, validateUpTo } from '../../../core/rules/contact-form.js';
import { FORM_FIELDS, PRIVACY_FIELD, type PluginField } from '../forms.js';
import { readFormInputs, type FormEntry } from '../inputs.js';
import { BUSINESS_TYPES, contactTexts, INTERESTS } from '../messages.js';
import { useTexts } from '../../../ui/i18n.js';
import type { ContactFormOptions } from '../options.js';

type ContactPageData = Extract<PageData, { type: 'contact' }>;

type Texts = typeof contactTexts.base;

/** The spec's text for a submission that failed (§8). */
export function failureText(failure: PortFailure | { readonly kind: string }, t: Pick<Texts, 'offline' | 'invalidJson' | 'unknown'>): string {
  if (failure.kind === 'network' || failure.kind === 'timeout') return t.offline;
  if (failure.kind === 'invalid-response' || ('code' in failure && failure.code === 'invalid_json')) return t.invalidJson;
  return t.unknown;
}

/** A choice's label in the page's language (the value itself when the catalogue has none). */
const CHOICE_LABELS = new Map([...BUSINESS_TYPES, ...INTERESTS]);
const choiceLabel = (t: Texts, value: string): string => {
  const key = CHOICE_LABELS.get(value);
  return key ? t[key] : value;
};

/** Fields with a `required` rule. */
const requiredFields = (schema: ContactFormSchema | null): ReadonlySet<string> => new Set((schema?.rules ?? []).filter((r) => r.rule === 'required' || r.rule === 'requiredfile').map((r) => r.field));

/** A field's `min`/`max` from its date and number rules. */
const bounds = (schema: ContactFormSchema | null, field: string): { min?: string; max?: string } => {
  const out: { min?: string; max?: string } = {};
  for (const r of schema?.rules ?? []) {
    if (r.field !== field) continue;
    if (r.rule === 'mindate' || r.rule === 'minnumber') out.min = String(r.threshold);
    if (r.rule === 'maxdate' || r.rule === 'maxnumber') out.max = String(r.threshold);
  }
  return out;
};

/** Empties a form's fields after it was sent (not `reset()`: that would bring back a no-script post's values). */
const clearForm = (form: HTMLFormElement): void => {
  for (const element of Array.from(form.elements)) {
    if (element instanceof HTMLInputElement) {
      if (element.type === 'hidden' || element.type === 'submit') continue;
      if (element.type === 'checkbox' || element.type === 'radio') element.checked = false;
      else element.value = '';
    } else if (element instanceof HTMLTextAreaElement) element.value = '';
    else if (element instanceof HTMLSelectElement) element.selectedIndex = 0;
  }
};

/** The form's first state: a no-script post's answer when the page shows one. */
const initialState = (page: ContactPageData): ContactFormState => {
  const posted = page.contact.posted;
  if (!posted) return INITIAL_CONTACT_FORM;
  const status: FormStatus = statusOfAnswer(posted.answer.status);
  const errors = Object.fromEntries(posted.answer.invalidFields.map((f) => [f.field, f.message]));
  return { ...INITIAL_CONTACT_FORM, status, message: posted.answer.message, errors };
};

interface FieldProps {
  readonly field: PluginField;
  readonly formId: string;
  readonly unitTag: string;
  readonly error: string | undefined;
  readonly required: boolean;
  readonly values: readonly string[];
  readonly schema: ContactFormSchema | null;
}

/** One field with its label, hint and error tip. */
function Field({ field, formId, unitTag, error, required, values, schema }: FieldProps): ReactNode {
  const t = useTexts(contactTexts);
  const labelText = t[field.label];
  const id = `${formId}-${field.name}`;
  const hintId = field.hint ? `${id}-hint` : undefined;
  const errorId = errorIdOf(unitTag, field.name);
  const describedBy = [hintId, error ? errorId : undefined].filter(Boolean).join(' ') || undefined;
  const aria = { 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy, 'aria-required': required ? true : undefined } as const;
  const label = (
    <>
      {labelText}
      {required ? (
        <span className="contact-required" aria-hidden="true">
          {` ${t.required}`}
        </span>
      ) : null}
    </>
  );
  const tip = error ? (
    <span id={errorId} className="field-error contact-tip">
      {error}
    </span>
  ) : null;
  const hint = field.hint ? (
    <span id={hintId} className="field-hint">
      {t[field.hint]}
    </span>
  ) : null;
  const value = values[0] ?? '';

  if (field.kind === 'acceptance') {
    return (
      <p className="contact-field contact-acceptance">
        <label>
          <input type="checkbox" name={field.name} value="1" {...aria} /> {labelText}
        </label>
        {tip}
      </p>
    );
  }
  if (field.kind === 'checkboxes') {
    return (
      <fieldset className="contact-field" aria-describedby={describedBy}>
        <legend>{label}</legend>
        {hint}
        {(field.options ?? []).map((option) => (
          <label key={option} className="contact-choice">
            <input type="checkbox" name={`${field.name}[]`} value={option} defaultChecked={values.includes(option)} aria-invalid={error ? true : undefined} /> {choiceLabel(t, option)}
          </label>
        ))}
        {tip}
      </fieldset>
    );
  }
  let control: ReactNode;
  if (field.kind === 'textarea') control = <textarea id={id} name={field.name} rows={6} defaultValue={value} {...aria} />;
  else if (field.kind === 'select') {
    control = (
      <select id={id} name={field.name} defaultValue={value} {...aria}>
        <option value="">{t.chooseOne}</option>
        {(field.options ?? []).map((option) => (
          <option key={option} value={option}>
            {choiceLabel(t, option)}
          </option>
        ))}
      </select>
    );
  } else if (field.kind === 'file') control = <input id={id} name={field.name} type="file" accept={field.accept} {...aria} />;
  else control = <input id={id} name={field.name} type={field.kind} defaultValue={value} autoComplete={field.autocomplete} {...bounds(schema, field.name)} {...aria} />;
  return (
    <p className="contact-field">
      <label htmlFor={id}>{label}</label>
      {control}
      {hint}
      {tip}
    </p>
  );
}

/** The contact pages (`page.contact`). */
export function ContactPage({ page, plugin }: { readonly page: ContactPageData; readonly plugin: PluginViewContext<ContactFormOptions, unknown> }): ReactNode {
  const view = page.contact;
  const t = useTexts(contactTexts);
  const fields = FORM_FIELDS[view.kind];
  const unitTag = unitTagOf(view.formId);
  const formId = useId().replace(/:/g, '');
  const headingId = `${formId}-title`;
  const form = useRef<HTMLFormElement>(null);
  const [state, dispatch] = useReducer(contactFormReducer, page, initialState);
  // Send is disabled until the box is ticked once scripts run; without them the server says so.
  const [live, setLive] = useState(false);
  const stateRef = useRef(state);
  stateRef.current = state;
  const required = requiredFields(view.schema);
  const order = fields.map((f) => f.name);
  const values = view.posted?.values ?? {};

  useEffect(() => {
    setLive(true);
    const element = form.current;
    if (!element) return;
    dispatch({ type: 'accept', checked: new FormData(element).has(PRIVACY_FIELD) });
    // The rules run on `change` (a text field once left, a box or a choice at once), as Contact Form 7's do.
    const onChange = (event: Event): void => {
      const target = event.target;
      if (!(target instanceof HTMLInputElement || target instanceof HTMLSelectElement || target instanceof HTMLTextAreaElement)) return;
      const name = target.name.replace(/\[\]$/, '');
      if (name === PRIVACY_FIELD && target instanceof HTMLInputElement) dispatch({ type: 'accept', checked: target.checked });
      if (!view.schema || name.startsWith('_') || name === HONEYPOT_FIELD || name === PRIVACY_FIELD) return;
      dispatch({ type: 'validateStart' });
      const inputs = readFormInputs(new FormData(element).entries() as Iterable<FormEntry>);
      dispatch({ type: 'validateEnd', results: Object.fromEntries(validateUpTo(view.schema, inputs, order, name)) });
    };
    element.addEventListener('change', onChange);
    return () => element.removeEventListener('change', onChange);
    // The schema and the layout are the page's: they do not change while it is shown.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const onSubmit = async (event: FormEvent<HTMLFormElement>): Promise<void> => {
    event.preventDefault();
    const element = event.currentTarget;
    const current = stateRef.current;
    if (!canSubmit(current)) return;
    const attempt = current.attempt + 1;
    dispatch({ type: 'submit' });
    const entries = Array.from(new FormData(element).entries()) as Array<readonly [string, string | FilePart]>;
    const result = await plugin.execute('contact-form.submit', { formId: view.formId, fields: entries });
    if (!result.ok) {
      dispatch({ type: 'failed', attempt, message: failureText(result.error, t) });
      return;
    }
    dispatch({ type: 'answered', attempt, answer: result.value });
    if (result.value.status === 'mail_sent') {
      clearForm(element);
      await plugin.execute('contact-form.refill', { formId: view.formId });
      dispatch({ type: 'refilled' });
    }
  };

  const path = view.kind === 'wholesale' ? WHOLESALE_PATH : CONTACT_PATH;
  return (
    <div className="contact-page">
      <h1 className="page-title" id={headingId}>
        {page.title}
      </h1>
      <p>{view.kind === 'wholesale' ? t.introWholesale : t.introContact}</p>
      <form
        ref={form}
        className={`contact-form ${state.status}`}
        method="post"
        action={path}
        encType="multipart/form-data"
        noValidate
        aria-labelledby={headingId}
        data-status={state.status}
        onSubmit={(event) => void onSubmit(event)}
      >
        <input type="hidden" name="_wpcf7" value={view.formId} />
        <input type="hidden" name="_wpcf7_version" value="5.9" />
        <input type="hidden" name="_wpcf7_locale" value={view.schema?.locale || 'en_US'} />
        <input type="hidden" name="_wpcf7_unit_tag" value={unitTag} />
        <input type="hidden" name="_wpcf7_container_post" value="0" />
        {fields.map((field) => (
          <Field key={field.name} field={field} formId={formId} unitTag={unitTag} error={state.errors[field.name]} required={required.has(field.name)} values={values[field.name] ?? []} schema={view.schema} />
        ))}
        {/* A field people never see: a value in it marks the message as spam. */}
        <div className="contact-hp" aria-hidden="true">
          <label>
            {t.honeypot}
            <input type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" defaultValue="" />
          </label>
        </div>
        <p className="contact-actions">
          <button type="submit" className="button" disabled={live && !canSubmit(state)}>
            {t.send}
          </button>
        </p>
        <div className="contact-response" role="status" aria-live="polite">
          {state.message}
        </div>
      </form>
      {view.kind === 'contact' && view.wholesale ? (
        <p>
          <a href={WHOLESALE_PATH}>{t.toWholesale}</a>
        </p>
      ) : null}
      {view.kind === 'wholesale' ? (
        <p>
          <a href={CONTACT_PATH}>{t.toContact}</a>
        </p>
      ) : null}
    </div>
  );
}
