/**
 * Contact Form 7's Schema-Woven Validation rules (`wire-protocol.md` §6.6, spec §5 "Contact form"),
 * each a pure function. The same functions run in the browser (on change, before sending) and on
 * the server (every submission), so the two cannot disagree: both read a field's values through
 * {@link fieldValues} (line breaks made LF, each text trimmed, blanks and empty file slots dropped)
 * and then apply the rules in the schema's order; a field's first failing rule gives its message.
 */
import type { ContactFormSchema, FieldValue, FileInfo, FormInputs, InvalidField, SwvRule } from '../domain/contact-form.js';

/** A field's values as every rule reads them: texts (trimmed, LF line breaks, none blank) and files. */
export interface FieldValues {
  readonly texts: readonly string[];
  readonly files: readonly FileInfo[];
}

/** Line breaks made LF (browsers post CRLF, scripts read LF). */
export const normaliseLineBreaks = (text: string): string => text.replace(/\r\n?/g, '\n');

/** The values of one field as the rules read them. */
export function fieldValues(values: readonly FieldValue[] | undefined): FieldValues {
  const texts: string[] = [];
  const files: FileInfo[] = [];
  for (const value of values ?? []) {
    if (typeof value === 'string') {
      const text = normaliseLineBreaks(value).trim();
      if (text !== '') texts.push(text);
    } else if (value.name !== '' || value.size > 0) files.push(value);
  }
  return { texts, files };
}

/** A field's values in `inputs`: own keys only (a field named `toString` or `__proto__` is just a name). */
export const valuesOf = (inputs: FormInputs, field: string): readonly FieldValue[] | undefined => (Object.hasOwn(inputs, field) ? inputs[field] : undefined);

/** Inputs from `[name, value]` pairs in order, as own properties whatever the names. */
export function inputsFrom(pairs: Iterable<readonly [string, FieldValue | null]>): FormInputs {
  const fields = new Map<string, FieldValue[]>();
  for (const [name, value] of pairs) {
    const list = fields.get(name) ?? [];
    if (value !== null) list.push(value);
    fields.set(name, list);
  }
  return Object.fromEntries(fields);
}

/** WordPress' `is_email`: length, one `@`, the local part's characters, a domain of two or more clean labels. */
export function isSwvEmail(text: string): boolean {
  const value = text.trim();
  if (value.length < 6) return false;
  const at = value.indexOf('@');
  if (at < 1 || value.indexOf('@', at + 1) !== -1) return false;
  const local = value.slice(0, at);
  const domain = value.slice(at + 1);
  if (!/^[a-zA-Z0-9!#$%&'*+/=?^_`{|}~.-]+$/.test(local)) return false;
  if (domain.includes('..') || /^[.\s]|[.\s]$/.test(domain)) return false;
  const labels = domain.split('.');
  if (labels.length < 2) return false;
  return labels.every((label) => /^[a-z0-9-]+$/i.test(label) && !label.startsWith('-') && !label.endsWith('-'));
}

/** The schemes WordPress allows in links. */
export const ALLOWED_URL_SCHEMES: readonly string[] = [
  'http',
  'https',
  'ftp',
  'ftps',
  'mailto',
  'news',
  'irc',
  'irc6',
  'ircs',
  'gopher',
  'nntp',
  'feed',
  'telnet',
  'mms',
  'rtsp',
  'sms',
  'svn',
  'tel',
  'fax',
  'xmpp',
  'webcal',
  'urn',
];

/** An absolute URL the URL parser accepts, with an allowed scheme. */
export function isSwvUrl(text: string): boolean {
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(text.trim());
  if (!scheme?.[1] || !ALLOWED_URL_SCHEMES.includes(scheme[1].toLowerCase())) return false;
  return URL.canParse(text.trim());
}

/** A telephone number, normalised the server's way: extension and separators dropped, `00` made `+`. */
export function normaliseTel(text: string): string {
  const withoutExtension = text.replace(/[#*].*$/s, '');
  const bare = withoutExtension.replace(/[()/.\s-]/g, '');
  return bare.startsWith('00') ? `+${bare.slice(2)}` : bare;
}

/** A telephone number: an optional `+` then digits, 6 to 15 characters once normalised. */
export function isSwvTel(text: string): boolean {
  const tel = normaliseTel(text);
  return /^\+?\d+$/.test(tel) && tel.length >= 6 && tel.length <= 15;
}

/** HTML's floating-point number syntax (no `+`, no thousands separators, no trailing dot). */
export const isSwvNumber = (text: string): boolean => /^-?(?:\d+|\d*\.\d+)(?:[eE][+-]?\d+)?$/.test(text);

/** `YYYY-MM-DD` (a year of 4 or more digits) naming a real calendar day. */
export function isSwvDate(text: string): boolean {
  const match = /^(\d{4,})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return false;
  const year = Number(match[1]);
  const month = Number(match[2]);
  const day = Number(match[3]);
  if (month < 1 || month > 12 || day < 1) return false;
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  const days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1] ?? 0;
  return day <= days;
}

/** `HH:MM` or `HH:MM:SS`, hours 0–23, minutes and seconds 0–59. */
export const isSwvTime = (text: string): boolean => /^(?:[01]\d|2[0-3]):[0-5]\d(?::[0-5]\d)?$/.test(text);

/** ISO weekday of a valid date: 1 = Monday … 7 = Sunday (a calendar date has no time zone). */
export function isoWeekday(date: string): number {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const utc = new Date(Date.UTC(2000, month - 1, day));
  utc.setUTCFullYear(year);
  const weekday = utc.getUTCDay();
  return weekday === 0 ? 7 : weekday;
}

/** File extensions of the MIME types a file rule may accept. */
const MIME_EXTENSIONS: Readonly<Record<string, readonly string[]>> = {
  'image/jpeg': ['jpg', 'jpeg', 'jpe'],
  'image/png': ['png'],
  'image/gif': ['gif'],
  'image/webp': ['webp'],
  'application/pdf': ['pdf'],
  'text/plain': ['txt'],
  'text/csv': ['csv'],
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': ['xlsx'],
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': ['docx'],
};

/** The extensions (lower case, no dot) an `accept` list allows: `.pdf`, `pdf`, `image/png`, `image/*`. */
export function acceptedExtensions(accept: readonly string[]): ReadonlySet<string> {
  const out = new Set<string>();
  for (const raw of accept) {
    const item = raw.trim().toLowerCase();
    if (item === '') continue;
    if (item.includes('/')) {
      const [group, sub] = item.split('/');
      for (const [mime, extensions] of Object.entries(MIME_EXTENSIONS)) {
        if (mime === item || (sub === '*' && mime.startsWith(`${group ?? ''}/`))) for (const e of extensions) out.add(e);
      }
    } else out.add(item.replace(/^\./, ''));
  }
  return out;
}

/** Whether a file's name ends with one of the accepted extensions (case-insensitive). */
export function isAcceptedFile(name: string, accept: readonly string[]): boolean {
  const lower = name.toLowerCase();
  for (const extension of acceptedExtensions(accept)) if (lower.endsWith(`.${extension}`)) return true;
  return false;
}

/** The accepted values of an enum: line breaks normalised, blanks ignored. */
const enumValues = (accept: readonly string[]): readonly string[] => accept.map((a) => normaliseLineBreaks(a).trim()).filter((a) => a !== '');

/** A field's length: UTF-16 code units summed over its values. */
export const totalLength = (values: FieldValues): number => values.texts.reduce((sum, text) => sum + text.length, 0);

/** Whether one rule passes for a field's values. */
export function rulePasses(rule: SwvRule, values: FieldValues): boolean {
  const { texts, files } = values;
  switch (rule.rule) {
    case 'required':
      return texts.length > 0 || files.length > 0;
    case 'requiredfile':
      return files.length > 0;
    case 'email':
      return texts.every(isSwvEmail);
    case 'url':
      return texts.every(isSwvUrl);
    case 'tel':
      return texts.every(isSwvTel);
    case 'number':
      return texts.every(isSwvNumber);
    case 'date':
      return texts.every(isSwvDate);
    case 'time':
      return texts.every(isSwvTime);
    case 'enum': {
      const accepted = enumValues(rule.accept);
      return texts.every((text) => accepted.includes(text));
    }
    case 'file':
      return files.every((file) => isAcceptedFile(file.name, rule.accept));
    case 'minlength': {
      const length = totalLength(values);
      return length === 0 || length >= rule.threshold;
    }
    case 'maxlength':
      return totalLength(values) <= rule.threshold;
    // Values that are not numbers are left to the `number` rule.
    case 'minnumber':
      return texts.every((text) => !isSwvNumber(text) || Number(text) >= rule.threshold);
    case 'maxnumber':
      return texts.every((text) => !isSwvNumber(text) || Number(text) <= rule.threshold);
    // Malformed dates (values or threshold) are left to the `date` rule; well-formed ones compare as text.
    case 'mindate':
      return !isSwvDate(rule.threshold) || texts.every((text) => !isSwvDate(text) || text >= rule.threshold);
    case 'maxdate':
      return !isSwvDate(rule.threshold) || texts.every((text) => !isSwvDate(text) || text <= rule.threshold);
    case 'minitems':
      return !Number.isFinite(rule.threshold) || texts.length + files.length >= rule.threshold;
    case 'maxitems':
      return !Number.isFinite(rule.threshold) || texts.length + files.length <= rule.threshold;
    case 'minfilesize': {
      // No file at all is `requiredfile`'s business.
      const total = files.reduce((sum, file) => sum + file.size, 0);
      return files.length === 0 || total >= rule.threshold;
    }
    case 'maxfilesize':
      return files.reduce((sum, file) => sum + file.size, 0) <= rule.threshold;
    case 'dayofweek':
      return texts.every((text) => !isSwvDate(text) || rule.accept.includes(isoWeekday(text)));
  }
}

/** The fields a schema has rules for, in the order their first rule appears. */
export const schemaFields = (schema: ContactFormSchema): readonly string[] => [...new Set(schema.rules.map((r) => r.field))];

/** A field's error: its first failing rule's message, or null when every rule passes. */
export function fieldError(schema: ContactFormSchema, inputs: FormInputs, field: string): string | null {
  const values = fieldValues(valuesOf(inputs, field));
  for (const rule of schema.rules) if (rule.field === field && !rulePasses(rule, values)) return rule.error;
  return null;
}

/** The element id of a field's error: `{unitTag}-ve-{field}` with characters outside `[0-9a-z_-]` removed. */
export const errorIdOf = (unitTag: string, field: string): string => `${unitTag}-ve-${field}`.replace(/[^0-9a-z_-]/gi, '');

/** The field name as the answer names it (`.` made `_`). */
export const answerFieldName = (field: string): string => field.replaceAll('.', '_');

/** Every field's error, in the schema's order (what the server answers in `invalid_fields`). */
export function validateForm(schema: ContactFormSchema, inputs: FormInputs, unitTag = ''): readonly InvalidField[] {
  const out: InvalidField[] = [];
  for (const field of schemaFields(schema)) {
    const message = fieldError(schema, inputs, field);
    if (message !== null) out.push({ field: answerFieldName(field), message, idref: null, errorId: errorIdOf(unitTag, field) });
  }
  return out;
}

/**
 * The browser's check on a change (`wire-protocol.md` §6.5): the fields in page order up to and
 * including the one that changed, each with its error or null; later fields are left as they were.
 */
export function validateUpTo(schema: ContactFormSchema, inputs: FormInputs, order: readonly string[], changed: string): ReadonlyMap<string, string | null> {
  const out = new Map<string, string | null>();
  const stop = order.indexOf(changed);
  const fields = stop === -1 ? [changed] : order.slice(0, stop + 1);
  for (const field of fields) out.set(field, fieldError(schema, inputs, field));
  return out;
}
