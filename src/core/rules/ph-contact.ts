/**
 * Philippine contact details at checkout: phone numbers (a mobile as `09XX XXX XXXX` or
 * `+63 9XX XXX XXXX`, normalised to `+639XXXXXXXXX`, or a landline with its area code) and
 * four-digit postcodes.
 */
import { BASE_LOCALE, textsIn, type Locale } from '../../i18n/index.js';
import { err, ok, type Result } from '../result.js';
import { validationTexts } from './messages.js';

/** The refusals' texts in English (`validationTexts` has them in each language). */
export const PHONE_MESSAGE = validationTexts.base.phone;
export const POSTCODE_MESSAGE = validationTexts.base.postcode;

// Separators people type inside numbers.
const SEPARATORS = /[\s\-().]/g;

/**
 * The phone number in E.164 form (`+639171234567`, `+6328123456`), or an error. A mobile is 10
 * digits starting with 9 after the country code; a landline is an area code (1–2 digits, not 0 or 9
 * first) and a 7- or 8-digit number — 8 to 9 digits after the country code in all. The error is
 * in `locale` (English by default).
 */
export const normalisePhone = (raw: string, locale: Locale = BASE_LOCALE): Result<string, string> => {
  const refused = () => err(textsIn(validationTexts, locale).phone);
  const compact = raw.trim().replace(SEPARATORS, '');
  let national: string;
  if (/^\+63\d+$/.test(compact)) national = compact.slice(3);
  else if (/^0063\d+$/.test(compact)) national = compact.slice(4);
  else if (/^63\d+$/.test(compact) && compact.length >= 11) national = compact.slice(2);
  else if (/^0\d+$/.test(compact)) national = compact.slice(1);
  else return refused();
  if (/^9\d{9}$/.test(national)) return ok(`+63${national}`);
  if (/^[1-8]\d{7,8}$/.test(national)) return ok(`+63${national}`);
  return refused();
};

/** True for a four-digit Philippine postcode (spaces around it ignored). */
export const isPostcode = (raw: string): boolean => /^\d{4}$/.test(raw.trim());
