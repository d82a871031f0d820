import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { adoptMoneyFormats, formatMoney, toMajorString } from './money.js';
import { groupDigits, learnCurrency, learnDigits, moneyFormatsFor, readMoneyFormats, writeMoney, writeWhole, type DigitPattern } from './money-pattern.js';
import { priceLabel } from './shop-filters.js';

const LOCALES = ['en-PH', 'en-US', 'en-IN', 'de-DE', 'fr-FR', 'ja-JP', 'es-ES', 'ar-EG', 'de-CH'] as const;
const CURRENCIES = [
  ['PHP', 2],
  ['USD', 2],
  ['EUR', 2],
  ['JPY', 0],
  ['KWD', 3],
  ['CLF', 4],
  ['XYZ', 2],
] as const;

const intlMoney = (locale: string, code: string, minorUnit: number, decimal: string): string =>
  new Intl.NumberFormat(locale, { style: 'currency', currency: code, minimumFractionDigits: minorUnit, maximumFractionDigits: minorUnit }).format(decimal as Intl.StringNumericLiteral);

afterEach(() => adoptMoneyFormats(null));

describe('money patterns (examples)', () => {
  it('learns en-PH: comma groups of three, a point, the peso sign before the number and after the minus', () => {
    const digits = learnDigits('en-PH');
    expect(digits).toEqual({ group: ',', decimal: '.', minus: '-', primary: 3, secondary: 3 });
    expect(learnCurrency('en-PH', 'PHP', 2, digits!)).toEqual({ code: 'PHP', minorUnit: 2, prefix: '₱', suffix: '', negativePrefix: '-₱', negativeSuffix: '' });
    expect(writeMoney('-1234567.05', learnCurrency('en-PH', 'PHP', 2, digits!)!, digits!)).toBe('-₱1,234,567.05');
  });

  it('groups India’s way (3 then 2) and refuses locales it cannot replay', () => {
    expect(groupDigits('1234567', learnDigits('en-IN')!)).toBe('12,34,567');
    // Spanish leaves four-digit numbers ungrouped; Egyptian Arabic writes its own digits.
    expect(learnDigits('es-ES')).toBeNull();
    expect(learnDigits('ar-EG')).toBeNull();
  });

  it('writes whole numbers like Intl, minus zero included', () => {
    const digits = learnDigits('en-PH')!;
    expect(writeWhole(1499.5, digits)).toBe('1,500');
    expect(writeWhole(-0.4, digits)).toBe('-0');
    expect(writeWhole(0, digits)).toBe('0');
  });

  it('finds every currency in a page state, once, and learns each', () => {
    const state = { a: [{ prices: { currency: { code: 'PHP', minorUnit: 2, symbol: '₱' } } }, { currency: { code: 'PHP', minorUnit: 2 } }], b: { code: 'USD', minorUnit: 2 }, c: { code: 'php', minorUnit: 2 }, d: { code: 'EUR', minorUnit: 1.5 } };
    const formats = moneyFormatsFor(state, 'en-PH');
    expect(formats?.currencies.map((c) => c.code)).toEqual(['PHP', 'USD']);
    expect(moneyFormatsFor(state, 'ar-EG')).toBeNull();
  });

  it('formats adopted currencies from their pattern and the rest with Intl', () => {
    adoptMoneyFormats(moneyFormatsFor({ currency: { code: 'PHP', minorUnit: 2 } }, 'en-PH'));
    expect(formatMoney(123450, { code: 'PHP', minorUnit: 2 })).toBe('₱1,234.50');
    expect(formatMoney(123450, { code: 'USD', minorUnit: 2 })).toBe('$1,234.50');
    expect(priceLabel(1500, '₱', 'left')).toBe('₱1,500');
  });

  it('keeps only well-formed formats from a page', () => {
    const good = moneyFormatsFor({ currency: { code: 'PHP', minorUnit: 2 } }, 'en-PH');
    expect(readMoneyFormats(JSON.parse(JSON.stringify(good)))).toEqual(good);
    expect(readMoneyFormats(null)).toBeNull();
    expect(readMoneyFormats({ digits: { group: ',', decimal: '', minus: '-', primary: 3, secondary: 3 } })).toBeNull();
    expect(readMoneyFormats({ digits: { group: '1', decimal: '.', minus: '-', primary: 3, secondary: 3 } })).toBeNull();
    expect(readMoneyFormats({ digits: { group: ',', decimal: '.', minus: '-', primary: 3, secondary: 0 } })).toBeNull();
    const odd = readMoneyFormats({ digits: good!.digits, currencies: [{ ...good!.currencies[0], code: 'php' }, { ...good!.currencies[0], prefix: '<b>'.repeat(9) }, 'x'] });
    expect(odd?.currencies).toEqual([]);
  });
});

describe('money patterns (properties)', () => {
  const amount = fc.oneof(fc.integer({ min: -10_000_000, max: 10_000_000 }), fc.maxSafeInteger(), fc.maxSafeNat().map((n) => -n));

  it('a learnt currency writes every amount exactly as Intl does', () => {
    fc.assert(
      fc.property(fc.constantFrom(...LOCALES), fc.constantFrom(...CURRENCIES), amount, (locale, [code, minorUnit], minor) => {
        const digits = learnDigits(locale);
        const pattern = digits && learnCurrency(locale, code, minorUnit, digits);
        fc.pre(pattern !== null);
        const decimal = toMajorString(minor, minorUnit);
        expect(writeMoney(decimal, pattern, digits!)).toBe(intlMoney(locale, code, minorUnit, decimal));
      }),
    );
  });

  it('learnt digits write every whole number as Intl does', () => {
    fc.assert(
      fc.property(fc.constantFrom(...LOCALES), fc.oneof(fc.double({ min: -1e15, max: 1e15, noNaN: true }), fc.integer().map((n) => n / 2)), (locale, value) => {
        const digits = learnDigits(locale);
        fc.pre(digits !== null);
        expect(writeWhole(value, digits!)).toBe(new Intl.NumberFormat(locale, { maximumFractionDigits: 0 }).format(value));
      }),
    );
  });

  it('formatMoney gives the same text with the page’s formats adopted as without', () => {
    fc.assert(
      fc.property(fc.constantFrom(...CURRENCIES), amount, ([code, minorUnit], minor) => {
        adoptMoneyFormats(null);
        const byIntl = formatMoney(minor, { code, minorUnit });
        adoptMoneyFormats(moneyFormatsFor({ currency: { code, minorUnit } }, 'en-PH'));
        expect(formatMoney(minor, { code, minorUnit })).toBe(byIntl);
      }),
    );
  });

  it('reading formats from a page never throws, and what it keeps is well-formed', () => {
    fc.assert(
      fc.property(fc.anything(), (value) => {
        const read = readMoneyFormats(value);
        if (read === null) return;
        const sizes: readonly (keyof DigitPattern)[] = ['primary', 'secondary'];
        for (const key of sizes) expect(Number.isInteger(read.digits[key])).toBe(true);
        for (const c of read.currencies) expect(c.code).toMatch(/^[A-Z]{3}$/u);
      }),
    );
  });
});
