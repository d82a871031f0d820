/**
 * Contact forms as Contact Form 7 knows them (`wire-protocol.md` §6, spec §3 "Contact form"): a form
 * has an id, a locale and a schema of rules (Schema-Woven Validation, "SWV"); a submission answers
 * with a feedback status, a message, the invalid fields and a hash of the posted data.
 *
 * These are the shapes the contact-form adapter hands to the plugin, whether the answers come from
 * Suki's own server or from a stock shop running Contact Form 7.
 */

/** Rules that check each value's shape, or that the field has a value. */
export type ShapeRuleName = 'required' | 'requiredfile' | 'email' | 'url' | 'tel' | 'number' | 'date' | 'time';
/** Rules with a numeric threshold. */
export type ThresholdRuleName = 'minlength' | 'maxlength' | 'minnumber' | 'maxnumber' | 'minitems' | 'maxitems' | 'minfilesize' | 'maxfilesize';
/** Rules with a date threshold (`YYYY-MM-DD`). */
export type DateRuleName = 'mindate' | 'maxdate';

/** One rule of a form's schema, as `GET contact-forms/{id}/feedback/schema` lists it. */
export type SwvRule =
  | { readonly rule: ShapeRuleName; readonly field: string; readonly error: string }
  | { readonly rule: ThresholdRuleName; readonly field: string; readonly threshold: number; readonly error: string }
  | { readonly rule: DateRuleName; readonly field: string; readonly threshold: string; readonly error: string }
  /** `enum`: each value is one of `accept`; `file`: each file's name ends with an accepted extension or MIME type's. */
  | { readonly rule: 'enum' | 'file'; readonly field: string; readonly accept: readonly string[]; readonly error: string }
  /** ISO weekdays allowed, 1 = Monday … 7 = Sunday. */
  | { readonly rule: 'dayofweek'; readonly field: string; readonly accept: readonly number[]; readonly error: string };

export type SwvRuleName = SwvRule['rule'];

/** Every rule type the client knows, in the spec's order (§5). */
export const SWV_RULE_NAMES: readonly SwvRuleName[] = [
  'required',
  'requiredfile',
  'email',
  'url',
  'tel',
  'number',
  'date',
  'time',
  'enum',
  'file',
  'minlength',
  'maxlength',
  'minnumber',
  'maxnumber',
  'mindate',
  'maxdate',
  'minitems',
  'maxitems',
  'minfilesize',
  'maxfilesize',
  'dayofweek',
];

/** A form's schema: its rules in order (a field's first failing rule gives its message). */
export interface ContactFormSchema {
  readonly version: string;
  readonly locale: string;
  readonly rules: readonly SwvRule[];
}

/** A file as the rules see it: its name and size in bytes. */
export interface FileInfo {
  readonly name: string;
  readonly size: number;
}

/** One value of a field: text, or a chosen file. */
export type FieldValue = string | FileInfo;

/** Every field's values (checkboxes and multi-selects have several; files are files). */
export type FormInputs = Readonly<Record<string, readonly FieldValue[]>>;

/** A field with an error, as the feedback answer lists it. */
export interface InvalidField {
  /** The field's name (`.` replaced by `_`). */
  readonly field: string;
  readonly message: string;
  /** The control's id when it has one, else null. */
  readonly idref: string | null;
  /** The error's element id (`{unitTag}-ve-{field}`). */
  readonly errorId: string;
}

/** The statuses the API answers with (`status` of the feedback). Plugins may add others. */
export type FeedbackStatus = 'init' | 'validation_failed' | 'acceptance_missing' | 'spam' | 'aborted' | 'mail_sent' | 'mail_failed' | 'payment_required';

/** The answer to `POST contact-forms/{id}/feedback`. */
export interface FeedbackAnswer {
  /** One of {@link FeedbackStatus}, or a status a plugin of the stock shop added. */
  readonly status: string;
  readonly message: string;
  readonly invalidFields: readonly InvalidField[];
  readonly postedDataHash: string;
  /** `#` + the unit tag of the form that posted. */
  readonly into: string;
}

/** The answer to `GET contact-forms/{id}/refill` (captcha and quiz refills; none on our forms). */
export interface RefillAnswer {
  readonly captcha: Readonly<Record<string, string>>;
  readonly quiz: Readonly<Record<string, readonly [string, string]>>;
}

/** The form's status as the page shows it (`data-status`). */
export type FormStatus =
  | 'init'
  | 'validating'
  | 'submitting'
  | 'invalid'
  | 'unaccepted'
  | 'spam'
  | 'aborted'
  | 'sent'
  | 'failed'
  | 'resetting'
  | 'payment-required'
  | `custom-${string}`;

/** The kinds of control a form lays out. */
export type ContactFieldKind = 'text' | 'email' | 'url' | 'tel' | 'number' | 'date' | 'time' | 'textarea' | 'select' | 'checkboxes' | 'file' | 'acceptance';

/** One field of a form as the page draws it (the rules come from the schema). */
export interface ContactFieldLayout {
  readonly name: string;
  readonly label: string;
  readonly kind: ContactFieldKind;
  /** The choices of a select or of checkboxes. */
  readonly options?: readonly string[];
  /** A hint under the field (accepted files, allowed days). */
  readonly hint?: string;
  readonly autocomplete?: string;
  /** Input attributes the browser applies itself (min/max of dates and numbers, accept of files). */
  readonly min?: string;
  readonly max?: string;
  readonly accept?: string;
}

/** A form as a page needs it: id, title, fields in order. */
export interface ContactFormLayout {
  readonly id: number;
  readonly title: string;
  readonly fields: readonly ContactFieldLayout[];
}

/** The honeypot's field name: a field people never see or fill; a value in it marks spam. */
export const HONEYPOT_FIELD = 'your-website-hp';
