/**
 * Number patterns learnt from Intl on the server and replayed in the browser.
 *
 * The first `Intl.NumberFormat` a page makes costs 50–120 ms of main thread on a phone-speed CPU
 * (ICU sets up its number formatting once per page), and hydrating a listing formats every price
 * again. The server knows the shop's locale and each currency on the page, so it reads the pieces
 * Intl would use (`formatToParts`: the symbol and sign around the number, the group and decimal
 * marks, the group sizes), checks that putting them back together gives Intl's own text for a set
 * of amounts, and sends them with the page. The browser then formats those currencies by string
 * assembly; anything the server did not send (another currency) still goes through Intl.
 */

/** How the locale writes a plain number: group and decimal marks, minus sign, group sizes. */
export interface DigitPattern {
  readonly group: string;
  readonly decimal: string;
  readonly minus: string;
  /** Digits in the group next to the decimal mark (3 in `1,234,567`); 0 when the locale does not group. */
  readonly primary: number;
  /** Digits in every further group (3 in `1,234,567`, 2 in India's `12,34,567`). */
  readonly secondary: number;
}

/** What stands before and after the number for one currency, positive and negative. */
export interface CurrencyPattern {
  readonly code: string;
  readonly minorUnit: number;
  readonly prefix: string;
  readonly suffix: string;
  readonly negativePrefix: string;
  readonly negativeSuffix: string;
}

/** What the page carries: the locale's digits and the currencies it shows. */
export interface MoneyFormats {
  readonly digits: DigitPattern;
  readonly currencies: readonly CurrencyPattern[];
}

const NUMBER_PARTS = new Set<string>(['integer', 'group', 'decimal', 'fraction']);

/** A long integer with every digit: enough groups to read both group sizes. */
const SAMPLE_INTEGER = '1234567890123';

/** Inserts the group mark: `groupDigits('1234567', …)` is `1,234,567`. */
export const groupDigits = (integer: string, digits: DigitPattern): string => {
  if (digits.primary === 0 || integer.length <= digits.primary) return integer;
  const tail = integer.slice(-digits.primary);
  const head = integer.slice(0, -digits.primary);
  const groups: string[] = [];
  for (let end = head.length; end > 0; end -= digits.secondary) groups.unshift(head.slice(Math.max(0, end - digits.secondary), end));
  return [...groups, tail].join(digits.group);
};

/** A decimal string (`-1234.50`, `7`) written with the locale's marks, without any currency. */
const writeDecimal = (decimal: string, digits: DigitPattern): { readonly negative: boolean; readonly text: string } => {
  const negative = decimal.startsWith('-');
  const [integer = '0', fraction] = (negative ? decimal.slice(1) : decimal).split('.');
  const grouped = groupDigits(integer, digits);
  return { negative, text: fraction === undefined ? grouped : `${grouped}${digits.decimal}${fraction}` };
};

/** An exact decimal string in a currency's pattern: `-1234.50` in PHP is `-₱1,234.50`. */
export const writeMoney = (decimal: string, currency: CurrencyPattern, digits: DigitPattern): string => {
  const { negative, text } = writeDecimal(decimal, digits);
  return negative ? `${currency.negativePrefix}${text}${currency.negativeSuffix}` : `${currency.prefix}${text}${currency.suffix}`;
};

/**
 * A whole number as the locale writes it with no decimals (`1,500`), rounding halves away from
 * zero like Intl's default; like Intl, a negative amount keeps its sign when it rounds to 0 (`-0`).
 */
export const writeWhole = (amount: number, digits: DigitPattern): string => {
  const text = groupDigits(Math.round(Math.abs(amount)).toFixed(0), digits);
  return amount < 0 || Object.is(amount, -0) ? `${digits.minus}${text}` : text;
};

/** Splits parts into what comes before the number, the number's own parts, and what comes after; null when they interleave. */
const splitAffixes = (parts: readonly Intl.NumberFormatPart[]): { readonly prefix: string; readonly suffix: string } | null => {
  let prefix = '';
  let suffix = '';
  let state: 'before' | 'number' | 'after' = 'before';
  for (const part of parts) {
    if (NUMBER_PARTS.has(part.type)) {
      if (state === 'after') return null;
      state = 'number';
    } else if (state === 'before') prefix += part.value;
    else {
      state = 'after';
      suffix += part.value;
    }
  }
  return state === 'before' ? null : { prefix, suffix };
};

/** The sample amounts a learnt pattern must write exactly as Intl does, in minor units' decimal strings. */
const checkSamples = (minorUnit: number): readonly string[] => {
  const integers = ['0', '1', '12', '123', '1234', '12345', '123456', '1234567', '98765432109', '9007199254'];
  const fraction = minorUnit > 0 ? `.${'05'.padEnd(minorUnit, '0').slice(0, minorUnit)}` : '';
  return integers.flatMap((integer) => [`${integer}${fraction}`, `-${integer}${fraction}`]);
};

/** Learns how `locale` writes plain numbers; null when the parts do not fit the pattern. */
export const learnDigits = (locale: string): DigitPattern | null => {
  try {
    const format = new Intl.NumberFormat(locale, { maximumFractionDigits: 2, minimumFractionDigits: 2 });
    const parts = format.formatToParts(`-${SAMPLE_INTEGER}.5` as Intl.StringNumericLiteral);
    const integers = parts.filter((p) => p.type === 'integer').map((p) => p.value);
    const last = integers[integers.length - 1] ?? '';
    const digits: DigitPattern = {
      group: parts.find((p) => p.type === 'group')?.value ?? '',
      decimal: parts.find((p) => p.type === 'decimal')?.value ?? '.',
      minus: parts.find((p) => p.type === 'minusSign')?.value ?? '-',
      primary: integers.length > 1 ? last.length : 0,
      secondary: integers.length > 2 ? (integers[integers.length - 2] ?? '').length : last.length,
    };
    const whole = new Intl.NumberFormat(locale, { maximumFractionDigits: 0 });
    const plain = [0, 1, 999, 1000, 1499.5, -1500, 12345678, -0.4, 2.5, 987654321];
    return plain.every((n) => writeWhole(n, digits) === whole.format(n)) ? digits : null;
  } catch {
    return null;
  }
};

/**
 * Learns how `locale` writes amounts in `code` with `minorUnit` decimals, checked against Intl on
 * positive and negative samples; null when any differs (the browser then uses Intl).
 */
export const learnCurrency = (locale: string, code: string, minorUnit: number, digits: DigitPattern): CurrencyPattern | null => {
  try {
    const format = new Intl.NumberFormat(locale, { style: 'currency', currency: code, minimumFractionDigits: minorUnit, maximumFractionDigits: minorUnit });
    const sample = `${SAMPLE_INTEGER}${minorUnit > 0 ? `.${'5'.padEnd(minorUnit, '0')}` : ''}`;
    const positive = splitAffixes(format.formatToParts(sample as Intl.StringNumericLiteral));
    const negative = splitAffixes(format.formatToParts(`-${sample}` as Intl.StringNumericLiteral));
    if (!positive || !negative) return null;
    const pattern: CurrencyPattern = { code, minorUnit, prefix: positive.prefix, suffix: positive.suffix, negativePrefix: negative.prefix, negativeSuffix: negative.suffix };
    return checkSamples(minorUnit).every((s) => writeMoney(s, pattern, digits) === format.format(s as Intl.StringNumericLiteral)) ? pattern : null;
  } catch {
    return null;
  }
};

const MAX_AFFIX = 12;
const MAX_CURRENCIES = 16;

const isMark = (value: unknown): value is string => typeof value === 'string' && value.length <= MAX_AFFIX && !/\d/u.test(value);
/** An ISO 4217 code and a minor unit from 0 to 20 (`money.ts` takes no more). */
const isCurrencyRef = <T extends { readonly code?: unknown; readonly minorUnit?: unknown }>(value: T): value is T & { readonly code: string; readonly minorUnit: number } =>
  typeof value.code === 'string' && /^[A-Z]{3}$/u.test(value.code) && typeof value.minorUnit === 'number' && Number.isInteger(value.minorUnit) && value.minorUnit >= 0 && value.minorUnit <= 20;
const isSize = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= 9;

/**
 * Reads formats sent with a page, keeping only well-formed entries (marks without digits, short,
 * group sizes 0–9, minor units 0–20); null when the digits are unusable.
 */
export const readMoneyFormats = (value: unknown): MoneyFormats | null => {
  if (typeof value !== 'object' || value === null) return null;
  const { digits, currencies } = value as { digits?: Partial<Record<keyof DigitPattern, unknown>>; currencies?: unknown };
  if (typeof digits !== 'object' || digits === null) return null;
  const { group, decimal, minus, primary, secondary } = digits;
  if (!isMark(group) || !isMark(decimal) || decimal === '' || !isMark(minus) || !isSize(primary) || !isSize(secondary) || (primary > 0 && secondary === 0)) return null;
  const list = Array.isArray(currencies) ? (currencies as unknown[]).slice(0, MAX_CURRENCIES) : [];
  const kept = list.filter((c): c is CurrencyPattern => {
    if (typeof c !== 'object' || c === null) return false;
    const p = c as Partial<Record<keyof CurrencyPattern, unknown>>;
    return isCurrencyRef(p) && [p.prefix, p.suffix, p.negativePrefix, p.negativeSuffix].every(isMark);
  });
  return { digits: { group, decimal, minus, primary, secondary }, currencies: kept.map(({ code, minorUnit, prefix, suffix, negativePrefix, negativeSuffix }) => ({ code, minorUnit, prefix, suffix, negativePrefix, negativeSuffix })) };
};

const learntDigits = new Map<string, DigitPattern | null>();
const learntCurrencies = new Map<string, CurrencyPattern | null>();

/** Every `{ code, minorUnit }` currency found anywhere in `value` (a page's state), once each. */
const currenciesIn = (value: unknown, found: Map<string, { readonly code: string; readonly minorUnit: number }>, depth: number): void => {
  if (typeof value !== 'object' || value === null || depth > 16) return;
  if (Array.isArray(value)) {
    for (const item of value) currenciesIn(item, found, depth + 1);
    return;
  }
  const ref = value as { readonly code?: unknown; readonly minorUnit?: unknown };
  if (isCurrencyRef(ref)) found.set(`${ref.code}:${ref.minorUnit}`, { code: ref.code, minorUnit: ref.minorUnit });
  for (const child of Object.values(value)) currenciesIn(child, found, depth + 1);
};

/**
 * The formats a page needs (server side): `locale`'s digits and a checked pattern for every
 * currency in `state`, learnt once per locale and currency. Null when the locale's digits do not
 * fit; a currency that does not fit is left out (the browser formats it with Intl).
 */
export const moneyFormatsFor = (state: unknown, locale: string): MoneyFormats | null => {
  let digits = learntDigits.get(locale);
  if (digits === undefined) learntDigits.set(locale, (digits = learnDigits(locale)));
  if (!digits) return null;
  const found = new Map<string, { readonly code: string; readonly minorUnit: number }>();
  currenciesIn(state, found, 0);
  const currencies: CurrencyPattern[] = [];
  for (const [key, { code, minorUnit }] of found) {
    const cacheKey = `${locale}|${key}`;
    let pattern = learntCurrencies.get(cacheKey);
    if (pattern === undefined) learntCurrencies.set(cacheKey, (pattern = learnCurrency(locale, code, minorUnit, digits)));
    if (pattern) currencies.push(pattern);
  }
  return { digits, currencies };
};
