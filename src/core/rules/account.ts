/**
 * Shopper account rules, shared by the My Account forms in the browser and the server that
 * answers them: passwords (length, a byte cap checked before any hashing, a small strength
 * estimate for the meter), emails, usernames derived from an email as a stock shop derives them,
 * the key under which an account is unique (so look-alike addresses collide), and how a guest's
 * cart merges into the account's cart at login.
 */
import { containsMarkup, isBlankText, isStorableText } from './text.js';
import { BASE_LOCALE, textsIn, type Locale } from '../../i18n/index.js';
import { isEmail } from './forms.js';
import { accountValidationTexts } from './account-messages.js';

/** The shortest password a shop accepts unless it configures another minimum. */
export const DEFAULT_PASSWORD_MIN_LENGTH = 8;

/** The longest password accepted, in UTF-8 bytes; checked before any hashing so a huge body costs nothing. */
export const PASSWORD_MAX_BYTES = 4096;

/** The longest email address an account may have (characters). */
export const EMAIL_MAX_LENGTH = 100;

/** The longest username (characters), as WordPress's `user_login` column allows. */
export const USERNAME_MAX_LENGTH = 60;

/** The rules' messages in English (the server's logs and tests); `accountValidationTexts` has them in each language. */
export const ACCOUNT_MESSAGES = {
  passwordMissing: 'Please enter an account password.',
  passwordTooLong: `Passwords can be at most ${PASSWORD_MAX_BYTES} bytes long.`,
  passwordInvalid: 'Passwords cannot contain invisible control characters.',
  passwordTooShort: 'Passwords must be at least {0} characters long.',
  passwordTooWeak: 'This password is too easy to guess. Please choose a stronger one.',
  emailInvalid: 'Please provide a valid email address.',
  emailTooLong: `Email addresses can be at most ${EMAIL_MAX_LENGTH} characters long.`,
  usernameMissing: 'Please enter a username or email address.',
  usernameInvalid: 'Please enter a valid account username.',
  usernameTooLong: `Usernames can be at most ${USERNAME_MAX_LENGTH} characters long.`,
} as const;

/** Bytes of the text in UTF-8, counting an unpaired surrogate as the 3 bytes of its replacement. */
export function utf8Length(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    if (unit < 0x80) bytes += 1;
    else if (unit < 0x800) bytes += 2;
    else if (unit >= 0xd800 && unit <= 0xdbff && i + 1 < text.length) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        bytes += 4;
        i++;
      } else bytes += 3;
    } else bytes += 3;
  }
  return bytes;
}

/** True when the password is longer than {@link PASSWORD_MAX_BYTES}; reads at most that many code units. */
export function passwordTooLong(password: string): boolean {
  // Every code unit is at least one byte, so a longer string is refused without reading it.
  if (password.length > PASSWORD_MAX_BYTES) return true;
  return utf8Length(password) > PASSWORD_MAX_BYTES;
}

const CONTROL = /[\p{Cc}]/u;

/**
 * Why a new password is refused (in `locale`, English by default), or null when it is accepted.
 * The byte cap is checked first, so a 1 MB password is refused before anything else reads it.
 * Length counts characters (code points).
 */
export function passwordProblem(password: string, minLength: number = DEFAULT_PASSWORD_MIN_LENGTH, locale: Locale = BASE_LOCALE): string | null {
  const t = textsIn(accountValidationTexts, locale);
  if (passwordTooLong(password)) return t.passwordTooLong({ n: PASSWORD_MAX_BYTES });
  if (password === '') return t.passwordMissing;
  if (!isStorableText(password) || CONTROL.test(password)) return t.passwordInvalid;
  const min = Number.isFinite(minLength) && minLength > 0 ? Math.floor(minLength) : 1;
  if ([...password].length < min) return t.passwordTooShort({ n: min });
  if (passwordStrength(password).score === 0) return t.passwordTooWeak;
  return null;
}

export type StrengthScore = 0 | 1 | 2 | 3 | 4;
export type StrengthLabel = 'Very weak' | 'Weak' | 'Medium' | 'Strong' | 'Very strong';

export interface PasswordStrength {
  readonly score: StrengthScore;
  readonly label: StrengthLabel;
}

export const STRENGTH_LABELS: readonly StrengthLabel[] = ['Very weak', 'Weak', 'Medium', 'Strong', 'Very strong'];

/** Passwords every guessing list starts with, compared in lower case; the digit-for-letter spellings people use (`passw0rd`, `p@ssw0rd`) are listed as they are. */
const COMMON = new Set([
  'password', 'passw0rd', 'password1', 'password123', '123456', '1234567', '12345678', '123456789', '1234567890',
  'qwerty', 'qwertyuiop', 'qwerty123', 'abc123', 'abcd1234', 'letmein', 'iloveyou', 'admin', 'admin123', 'welcome',
  'welcome1', 'monkey', 'dragon', 'football', 'baseball', 'sunshine', 'princess', 'trustno1', 'shadow', 'master',
  'superman', 'starwars', 'whatever', 'freedom', '111111', '000000', '11111111', '00000000', '123123', '654321',
  'asdfghjkl', 'zxcvbnm', '1q2w3e4r', 'changeme', 'secret', 'login', 'mypassword', 'p@ssw0rd', 'p@ssword',
]);

/** How many code points the estimate reads; longer passwords are strong on length alone. */
const STRENGTH_WINDOW = 128;

/**
 * A small strength estimate for the meter: the characters' pool (lower, upper, digits, symbols,
 * anything else) raised to an effective length, where a character repeating the previous one or
 * continuing a run (`abc`, `321`) counts a quarter. Known common passwords score 0. Pure, no word
 * lists beyond a few dozen entries: the browser bundle stays small.
 */
export function passwordStrength(password: string): PasswordStrength {
  const chars = [...password.slice(0, STRENGTH_WINDOW * 2)].slice(0, STRENGTH_WINDOW);
  if (chars.length === 0 || COMMON.has(password.toLowerCase())) return strength(0);
  let lower = false;
  let upper = false;
  let digit = false;
  let symbol = false;
  let other = false;
  let effective = 0;
  for (let i = 0; i < chars.length; i++) {
    const ch = chars[i] as string;
    const code = ch.codePointAt(0) as number;
    if (code >= 97 && code <= 122) lower = true;
    else if (code >= 65 && code <= 90) upper = true;
    else if (code >= 48 && code <= 57) digit = true;
    else if (code < 128) symbol = true;
    else other = true;
    const prev = i > 0 ? (chars[i - 1] as string).codePointAt(0) as number : NaN;
    const prev2 = i > 1 ? (chars[i - 2] as string).codePointAt(0) as number : NaN;
    const repeat = code === prev;
    const run = Math.abs(code - prev) === 1 && code - prev === prev - prev2;
    effective += repeat || run ? 0.25 : 1;
  }
  // A few characters repeated make a long password no harder to guess than a short one.
  effective = Math.min(effective, new Set(chars).size * 2);
  const pool = (lower ? 26 : 0) + (upper ? 26 : 0) + (digit ? 10 : 0) + (symbol ? 33 : 0) + (other ? 100 : 0);
  const bits = effective * Math.log2(pool);
  const score: StrengthScore = bits < 28 ? 0 : bits < 40 ? 1 : bits < 56 ? 2 : bits < 72 ? 3 : 4;
  return strength(score);
}

const strength = (score: StrengthScore): PasswordStrength => ({ score, label: STRENGTH_LABELS[score] as StrengthLabel });

/** Why an email is refused for an account (in `locale`), or null. Expects the value as typed, trimmed or not. */
export function emailProblem(email: string, locale: Locale = BASE_LOCALE): string | null {
  const value = email.trim();
  const t = textsIn(accountValidationTexts, locale);
  if (value.length > EMAIL_MAX_LENGTH * 2 || [...value].length > EMAIL_MAX_LENGTH) return t.emailTooLong({ n: EMAIL_MAX_LENGTH });
  if (value === '' || !isStorableText(value) || containsMarkup(value) || !isEmail(value)) return t.emailInvalid;
  return null;
}

/** Letters, marks and digits of any script, and `_ . - @ + '` and inner spaces, as WordPress's usernames allow. */
const USERNAME = /^[\p{L}\p{M}\p{N}_.@+' -]+$/u;

/** Why a username (typed at login, or derived) is refused (in `locale`), or null. An email address is a valid username here. */
export function usernameProblem(username: string, locale: Locale = BASE_LOCALE): string | null {
  const value = username.trim();
  const t = textsIn(accountValidationTexts, locale);
  if (value.length > USERNAME_MAX_LENGTH * 2 || [...value].length > USERNAME_MAX_LENGTH) {
    return isEmail(value) && emailProblem(value) === null ? null : t.usernameTooLong({ n: USERNAME_MAX_LENGTH });
  }
  if (isBlankText(value)) return t.usernameMissing;
  if (!isStorableText(value) || containsMarkup(value)) return t.usernameInvalid;
  if (USERNAME.test(value)) return null;
  return emailProblem(value) === null ? null : t.usernameInvalid;
}

/** The base of a derived username: lower-case ASCII letters, digits and `. _ -`, as stock's strict sanitising keeps. */
function cleanUsername(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9._-]+/g, '')
    .replace(/([._-])[._-]+/g, '$1')
    .replace(/^[._-]+|[._-]+$/g, '')
    .slice(0, USERNAME_MAX_LENGTH - 6)
    .replace(/[._-]+$/g, '');
}

/** How many suffixes {@link usernameFromEmail} tries before giving up. */
const MAX_SUFFIX = 100_000;

/**
 * The username a registration gets from its email, as a stock shop makes it: the part before `@`,
 * cleaned to letters, digits, `.`, `_` and `-` (`customer` if nothing is left); when that is taken,
 * `-1`, `-2`... are tried in turn.
 */
export function usernameFromEmail(email: string, taken: (username: string) => boolean): string {
  const at = email.lastIndexOf('@');
  const base = cleanUsername(at >= 0 ? email.slice(0, at) : email) || 'customer';
  if (!taken(base)) return base;
  for (let n = 1; n <= MAX_SUFFIX; n++) {
    const candidate = `${base}-${n}`;
    if (!taken(candidate)) return candidate;
  }
  throw new RangeError('No free username');
}

/**
 * Latin look-alikes in Cyrillic, Greek and a few other blocks (lower case, after NFKC), mapped to
 * the Latin letter they imitate: the skeleton under which two addresses are the same account.
 */
const CONFUSABLES: Readonly<Record<string, string>> = {
  // Cyrillic
  а: 'a', в: 'b', е: 'e', ё: 'e', һ: 'h', і: 'i', ї: 'i', ј: 'j', к: 'k', ӏ: 'l', м: 'm', н: 'h', о: 'o', р: 'p',
  с: 'c', т: 't', у: 'y', х: 'x', ѕ: 's', ԁ: 'd', ԛ: 'q', ԝ: 'w', ь: 'b', ү: 'y', ɡ: 'g',
  // Greek
  α: 'a', β: 'b', ε: 'e', η: 'n', ι: 'i', κ: 'k', ν: 'v', ο: 'o', ρ: 'p', τ: 't', υ: 'u', χ: 'x', ω: 'w',
  ς: 'c', σ: 'o', ϲ: 'c', ϳ: 'j', γ: 'y', μ: 'u', ζ: 'z',
  // Latin variants that NFKC keeps
  ı: 'i', ȷ: 'j', ß: 'ss', ſ: 's', ɑ: 'a', ɩ: 'i', ɪ: 'i', ʏ: 'y', ᴀ: 'a', ᴄ: 'c', ᴅ: 'd', ᴇ: 'e', ᴋ: 'k', ᴍ: 'm',
  ᴏ: 'o', ᴘ: 'p', ᴛ: 't', ᴜ: 'u', ᴠ: 'v', ᴡ: 'w', ᴢ: 'z', ł: 'l', ø: 'o', đ: 'd', ħ: 'h',
};

/**
 * Capitals that imitate a Latin capital but whose lower case imitates another letter (Greek Ν is
 * an N, its ν a v), mapped before lower-casing.
 */
const CAPITAL_CONFUSABLES: Readonly<Record<string, string>> = {
  // Greek
  Α: 'a', Β: 'b', Ε: 'e', Ζ: 'z', Η: 'h', Ι: 'i', Κ: 'k', Μ: 'm', Ν: 'n', Ο: 'o', Ρ: 'p', Τ: 't', Υ: 'y', Χ: 'x',
  // Cyrillic
  А: 'a', В: 'b', Е: 'e', Н: 'h', І: 'i', Ј: 'j', К: 'k', М: 'm', О: 'o', Р: 'p', С: 'c', Ѕ: 's', Т: 't', У: 'y',
  Х: 'x', Ү: 'y', Ԛ: 'q', Ԝ: 'w',
};

const INVISIBLE_IN_KEY = /[\p{Cf}\p{Default_Ignorable_Code_Point}]/gu;
const LOOKALIKE = new RegExp(`[${Object.keys(CONFUSABLES).join('')}]`, 'gu');
const CAPITAL_LOOKALIKE = new RegExp(`[${Object.keys(CAPITAL_CONFUSABLES).join('')}]`, 'gu');

/**
 * The key under which a username or email is unique: NFKC, lower case, invisible characters
 * removed, accents kept, and the common Cyrillic and Greek look-alikes of Latin letters replaced
 * by the letter, so `аna@example.com` (Cyrillic а) is the same account as `ana@example.com`.
 * Idempotent.
 */
export function accountKey(text: string): string {
  // Stryker disable next-line MethodExpression: equivalent (each round trims, and untrimmed text only needs one round more to equal its first result, which it already has)
  let key = text.trim();
  for (let round = 0; round < 3; round++) {
    const next = key
      .normalize('NFKC')
      .replace(INVISIBLE_IN_KEY, '')
      .replace(CAPITAL_LOOKALIKE, (ch) => CAPITAL_CONFUSABLES[ch] ?? ch)
      .toLowerCase()
      .replace(LOOKALIKE, (ch) => CONFUSABLES[ch] ?? ch)
      .normalize('NFKC')
      .trim();
    if (next === key) break;
    key = next;
  }
  return key;
}

/** A cart line as the merge sees it: the line's key (product and variation) and its quantity. */
export interface MergeLine {
  readonly key: string;
  readonly quantity: number;
}

/** A line whose merged quantity was cut to its limit. `kept` 0 means the line was dropped. */
export interface CappedLine {
  readonly key: string;
  readonly wanted: number;
  readonly kept: number;
}

export interface MergedCart<L extends MergeLine> {
  readonly lines: readonly L[];
  readonly capped: readonly CappedLine[];
}

const usableQuantity = (quantity: number): number => (Number.isFinite(quantity) && quantity > 0 ? Math.floor(quantity) : 0);

/**
 * The cart a shopper has after logging in: the account's lines first, in their order, then the
 * guest's new lines; one line per key, quantities added, each cut to `limitOf(line)` (stock and
 * per-order limits; Infinity for none, 0 drops the line). Every line cut is reported, so the page
 * can say so. A line keeps the account's copy's other fields when both carts have it.
 */
export function mergeCarts<L extends MergeLine>(
  accountLines: readonly L[],
  guestLines: readonly L[],
  limitOf: (line: L) => number,
): MergedCart<L> {
  const merged = new Map<string, { line: L; quantity: number }>();
  for (const line of [...accountLines, ...guestLines]) {
    const quantity = usableQuantity(line.quantity);
    const existing = merged.get(line.key);
    if (existing) existing.quantity += quantity;
    else merged.set(line.key, { line, quantity });
  }
  const lines: L[] = [];
  const capped: CappedLine[] = [];
  for (const [key, { line, quantity }] of merged) {
    if (quantity === 0) continue;
    const rawLimit = limitOf(line);
    const limit = Number.isNaN(rawLimit) ? 0 : Math.max(0, Math.floor(rawLimit));
    const kept = Math.min(quantity, limit);
    if (kept < quantity) capped.push({ key, wanted: quantity, kept });
    if (kept > 0) lines.push(line.quantity === kept ? line : { ...line, quantity: kept });
  }
  return { lines, capped };
}
