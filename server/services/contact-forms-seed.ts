/**
 * The shop's two contact forms, written to `suki_contact_forms` when missing (every start; an
 * existing form, perhaps edited by staff, is left as it is):
 *
 * - 101, the general contact form (the stock "Contact form 1": name, email, subject, message) with an
 *   acceptance box for the privacy policy;
 * - 102, wholesale enquiries: between them they use every rule type of spec §5 (required, email,
 *   url, tel, number, date, time, enum, file type, min/max length, number, date, items, file size,
 *   day of week).
 *
 * Date thresholds `today+N` are resolved in the shop's time zone when the schema is read.
 */
import type { SwvRule } from '../../src/core/domain/contact-form.js';
import { RULE_ERRORS as E } from './contact-forms-messages.js';

/** One form as stored. */
export interface ContactFormDefinition {
  readonly id: number;
  readonly slug: string;
  readonly title: string;
  readonly locale: string;
  /** Rules; a date rule's threshold may be `today+N` (days after today in the shop's time zone). */
  readonly rules: readonly SwvRule[];
  /** Acceptance boxes that must be ticked. */
  readonly acceptance: readonly string[];
  /** Fields that carry files. */
  readonly files: readonly string[];
}

/** The general contact form's id (a stock shop's "Contact form 1" has its own). */
export const CONTACT_FORM_ID = 101;
/** The wholesale enquiry form's id. */
export const WHOLESALE_FORM_ID = 102;

/** Largest total of files on one submission (the wholesale form's order sheet). */
export const MAX_FILE_BYTES = 1024 * 1024;

export const SEEDED_FORMS: readonly ContactFormDefinition[] = [
  {
    id: CONTACT_FORM_ID,
    slug: 'contact',
    title: 'Contact us',
    locale: 'en_US',
    rules: [
      { rule: 'required', field: 'your-name', error: E.required },
      { rule: 'maxlength', field: 'your-name', threshold: 400, error: E.tooLong },
      { rule: 'required', field: 'your-email', error: E.required },
      { rule: 'email', field: 'your-email', error: E.email },
      { rule: 'maxlength', field: 'your-email', threshold: 400, error: E.tooLong },
      { rule: 'required', field: 'your-subject', error: E.required },
      { rule: 'maxlength', field: 'your-subject', threshold: 400, error: E.tooLong },
      { rule: 'required', field: 'your-message', error: E.required },
      { rule: 'minlength', field: 'your-message', threshold: 10, error: E.tooShort },
      { rule: 'maxlength', field: 'your-message', threshold: 2000, error: E.tooLong },
    ],
    acceptance: ['privacy-policy'],
    files: [],
  },
  {
    id: WHOLESALE_FORM_ID,
    slug: 'wholesale',
    title: 'Wholesale enquiries',
    locale: 'en_US',
    rules: [
      { rule: 'required', field: 'your-name', error: E.required },
      { rule: 'maxlength', field: 'your-name', threshold: 400, error: E.tooLong },
      { rule: 'required', field: 'your-email', error: E.required },
      { rule: 'email', field: 'your-email', error: E.email },
      { rule: 'required', field: 'company', error: E.required },
      { rule: 'maxlength', field: 'company', threshold: 200, error: E.tooLong },
      { rule: 'url', field: 'website', error: E.url },
      { rule: 'required', field: 'your-tel', error: E.required },
      { rule: 'tel', field: 'your-tel', error: E.tel },
      { rule: 'required', field: 'business-type', error: E.required },
      { rule: 'enum', field: 'business-type', accept: ['Retail shop', 'Café or restaurant', 'Online seller', 'Corporate gifts'], error: E.enum },
      { rule: 'minitems', field: 'interests', threshold: 1, error: E.tooFewItems },
      { rule: 'maxitems', field: 'interests', threshold: 3, error: E.tooManyItems },
      { rule: 'enum', field: 'interests', accept: ['Tea', 'Ceramics', 'Textiles', 'Snacks'], error: E.enum },
      { rule: 'required', field: 'quantity', error: E.required },
      { rule: 'number', field: 'quantity', error: E.number },
      { rule: 'minnumber', field: 'quantity', threshold: 10, error: E.numberTooSmall },
      { rule: 'maxnumber', field: 'quantity', threshold: 5000, error: E.numberTooLarge },
      { rule: 'required', field: 'visit-date', error: E.required },
      { rule: 'date', field: 'visit-date', error: E.date },
      { rule: 'mindate', field: 'visit-date', threshold: 'today+1', error: E.dateTooEarly },
      { rule: 'maxdate', field: 'visit-date', threshold: 'today+180', error: E.dateTooLate },
      { rule: 'dayofweek', field: 'visit-date', accept: [1, 2, 3, 4, 5], error: E.dayOfWeek },
      { rule: 'time', field: 'visit-time', error: E.time },
      { rule: 'file', field: 'order-sheet', accept: ['.pdf', '.csv', '.xlsx', 'image/jpeg', 'image/png'], error: E.fileType },
      { rule: 'minfilesize', field: 'order-sheet', threshold: 1, error: E.fileTooSmall },
      { rule: 'maxfilesize', field: 'order-sheet', threshold: MAX_FILE_BYTES, error: E.fileTooLarge },
      { rule: 'maxlength', field: 'your-message', threshold: 2000, error: E.tooLong },
    ],
    acceptance: ['privacy-policy'],
    files: ['order-sheet'],
  },
];
