import type { Currency, MinorUnits } from '../domain/money.js';
import { writeMoney, type CurrencyPattern, type DigitPattern, type MoneyFormats } from './money-pattern.js';
import { err, ok, type Result } from '../result.js';

/** Why a money string was rejected. */
export interface MoneyParseError {
  readonly kind: 'invalid-money';
  readonly input: string;
  readonly message: string;
}

const checkMinorUnit = (minorUnit: number): void => {
  if (!Number.isInteger(minorUnit) || minorUnit < 0 || minorUnit > 20) {
    throw new RangeError(`The minor unit must be an integer from 0 to 20, not ${minorUnit}.`);
  }
};

/**
 * An amount in minor units as an exact decimal string of the major unit, with no float arithmetic:
 * `toMajorString(12345, 2)` is `'123.45'`, `toMajorString(-5, 2)` is `'-0.05'`,
 * `toMajorString(7, 0)` is `'7'`. Throws a RangeError for non-integers and unsafe integers.
 */
export const toMajorString = (minor: MinorUnits | bigint, minorUnit: number): string => {
  checkMinorUnit(minorUnit);
  if (typeof minor === 'number' && !Number.isSafeInteger(minor)) {
    throw new RangeError(`An amount in minor units must be a safe integer, not ${minor}.`);
  }
  const negative = minor < 0;
  const digits = (negative ? -BigInt(minor) : BigInt(minor)).toString();
  // Stryker disable next-line ConditionalExpression,StringLiteral: equivalent (a negative amount never has the digits '0': -0 is not below 0)
  if (minorUnit === 0) return negative && digits !== '0' ? `-${digits}` : digits;
  const padded = digits.padStart(minorUnit + 1, '0');
  const cut = padded.length - minorUnit;
  const text = `${padded.slice(0, cut)}.${padded.slice(cut)}`;
  return negative ? `-${text}` : text;
};

const INTEGER = /^[+-]?\d+$/;

/**
 * Reads a Store API amount (an integer in minor units sent as a string, e.g. `"123450"`). Rejects
 * anything that is not an integer or not a safe one.
 */
export const parseMinorUnits = (text: string): Result<MinorUnits, MoneyParseError> => {
  const trimmed = text.trim();
  if (!INTEGER.test(trimmed)) {
    return err({ kind: 'invalid-money', input: text, message: `"${text}" is not an integer amount in minor units.` });
  }
  const value = Number(trimmed);
  if (!Number.isSafeInteger(value)) {
    return err({ kind: 'invalid-money', input: text, message: `"${text}" is too large to be exact.` });
  }
  return ok(value === 0 ? 0 : value);
};

const MAJOR = /^([+-]?)(\d+)(?:\.(\d*))?$/;

/**
 * The inverse of {@link toMajorString}: `'123.45'` with minor unit 2 is 12345. Rejects more
 * decimals than the currency has and anything that is not a plain decimal.
 */
export const fromMajorString = (text: string, minorUnit: number): Result<MinorUnits, MoneyParseError> => {
  checkMinorUnit(minorUnit);
  const match = MAJOR.exec(text.trim());
  const fraction = match?.[3] ?? '';
  if (!match || fraction.length > minorUnit) {
    return err({ kind: 'invalid-money', input: text, message: `"${text}" is not an amount with at most ${minorUnit} decimals.` });
  }
  const magnitude = BigInt(match[2]! + fraction.padEnd(minorUnit, '0'));
  const value = match[1] === '-' ? -magnitude : magnitude;
  if (value > BigInt(Number.MAX_SAFE_INTEGER) || value < BigInt(Number.MIN_SAFE_INTEGER)) {
    return err({ kind: 'invalid-money', input: text, message: `"${text}" is too large to be exact.` });
  }
  const result = Number(value);
  // Stryker disable next-line ConditionalExpression: equivalent (Number of a bigint is never -0)
  return ok(result === 0 ? 0 : result);
};

/**
 * Formatter cache keyed by currency code and minor unit. Formatters are immutable and costly to
 * build; sharing them between runtimes shares no state.
 */
const formatters = new Map<string, Intl.NumberFormat | null>();

const formatterFor = (code: string, minorUnit: number): Intl.NumberFormat | null => {
  const key = `${code}:${minorUnit}`;
  let formatter = formatters.get(key);
  // Stryker disable next-line ConditionalExpression: equivalent (the cache only saves building the same formatter again)
  if (formatter === undefined) {
    try {
      formatter = new Intl.NumberFormat('en-PH', {
        style: 'currency',
        currency: code,
        minimumFractionDigits: minorUnit,
        maximumFractionDigits: minorUnit,
      });
    } catch {
      formatter = null;
    }
    formatters.set(key, formatter);
  }
  return formatter;
};

/** Patterns the page brought (`money-pattern.ts`): the locale's digits and its currencies by `code:minorUnit`. */
let learnt: { readonly digits: DigitPattern; readonly currencies: ReadonlyMap<string, CurrencyPattern> } | null = null;

/**
 * Formats the currencies in `formats` by their learnt patterns from now on, without Intl (the
 * browser calls this with the page's formats before hydrating); null forgets them.
 */
export const adoptMoneyFormats = (formats: MoneyFormats | null): void => {
  learnt = formats ? { digits: formats.digits, currencies: new Map(formats.currencies.map((c) => [`${c.code}:${c.minorUnit}`, c])) } : null;
};

/** The locale's digits the page brought, if it brought any. */
export const learntDigitPattern = (): DigitPattern | null => learnt?.digits ?? null;

/**
 * Formats an amount in minor units for display in the Philippines (`₱1,234.50`). The number is
 * handed to Intl as an exact decimal string, so even the largest safe integers format exactly;
 * a currency whose pattern the page brought is written from that pattern, which the server
 * checked against Intl. An unknown currency code falls back to `CODE 1234.50`.
 */
export const formatMoney = (minor: MinorUnits, currency: Pick<Currency, 'code' | 'minorUnit'>): string => {
  const major = toMajorString(minor, currency.minorUnit);
  const pattern = learnt?.currencies.get(`${currency.code}:${currency.minorUnit}`);
  if (learnt && pattern) return writeMoney(major, pattern, learnt.digits);
  const formatter = formatterFor(currency.code, currency.minorUnit);
  // Intl accepts decimal strings (`StringNumericLiteral`) and formats them without rounding to a double.
  return formatter ? formatter.format(major as Intl.StringNumericLiteral) : `${currency.code} ${major}`;
};
