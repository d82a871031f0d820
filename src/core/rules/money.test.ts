import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PHP } from '../domain/money.js';
import { formatMoney, fromMajorString, parseMinorUnits, toMajorString } from './money.js';

describe('money (examples)', () => {
  it('converts minor units to an exact major string', () => {
    expect(toMajorString(12345, 2)).toBe('123.45');
    expect(toMajorString(5, 2)).toBe('0.05');
    expect(toMajorString(-5, 2)).toBe('-0.05');
    expect(toMajorString(-12345, 2)).toBe('-123.45');
    expect(toMajorString(0, 2)).toBe('0.00');
    expect(toMajorString(-0, 2)).toBe('0.00');
    expect(toMajorString(7, 0)).toBe('7');
    expect(toMajorString(-7, 0)).toBe('-7');
    expect(toMajorString(1234, 3)).toBe('1.234');
    expect(toMajorString(Number.MAX_SAFE_INTEGER, 2)).toBe('90071992547409.91');
    expect(() => toMajorString(1.5, 2)).toThrow(RangeError);
    expect(() => toMajorString(2 ** 60, 2)).toThrow(RangeError);
    expect(() => toMajorString(1, -1)).toThrow(RangeError);
  });

  it('parses Store API integer strings and rejects anything else', () => {
    expect(parseMinorUnits('123450')).toEqual({ ok: true, value: 123450 });
    expect(parseMinorUnits('-5')).toEqual({ ok: true, value: -5 });
    expect(parseMinorUnits('-0')).toEqual({ ok: true, value: 0 });
    for (const bad of ['12.5', '1e3', '', ' ', 'abc', '0x10', '9007199254740993', 'NaN', 'Infinity']) {
      expect(parseMinorUnits(bad).ok, bad).toBe(false);
    }
  });

  it('formats pesos for the Philippines', () => {
    expect(formatMoney(123450, PHP)).toBe('₱1,234.50');
    expect(formatMoney(-5, PHP)).toBe('-₱0.05');
    expect(formatMoney(Number.MAX_SAFE_INTEGER, PHP)).toBe('₱90,071,992,547,409.91');
    expect(formatMoney(1000, { code: 'JPY', minorUnit: 0 })).toMatch(/1,000/);
    expect(formatMoney(1, { code: 'not a code', minorUnit: 2 })).toBe('not a code 0.01');
  });
});

describe('money (properties)', () => {
  const minorUnit = fc.integer({ min: 0, max: 6 });
  const amount = fc.maxSafeInteger().filter((n) => n >= Number.MIN_SAFE_INTEGER);

  it('round-trips minor → major string → minor', () => {
    fc.assert(
      fc.property(amount, minorUnit, (minor, unit) => {
        expect(fromMajorString(toMajorString(minor, unit), unit)).toEqual({ ok: true, value: minor === 0 ? 0 : minor });
      }),
    );
  });

  it('round-trips through the Store API integer string', () => {
    fc.assert(
      fc.property(amount, (minor) => {
        expect(parseMinorUnits(String(minor))).toEqual({ ok: true, value: minor === 0 ? 0 : minor });
      }),
    );
  });

  it('rejects decimals that do not fit the minor unit', () => {
    fc.assert(
      fc.property(fc.nat(), fc.integer({ min: 0, max: 4 }), (n, unit) => {
        expect(fromMajorString(`${n}.${'1'.repeat(unit + 1)}`, unit).ok).toBe(false);
      }),
    );
  });

  it('keeps every digit when formatting large safe integers', () => {
    fc.assert(
      fc.property(amount, (minor) => {
        const digitsOnly = (text: string) => text.replace(/[^\d-]/g, '');
        expect(digitsOnly(formatMoney(minor, PHP))).toBe(digitsOnly(toMajorString(minor, 2)));
      }),
    );
  });
});

describe('money rules: what the mutation run found unchecked', () => {
  it("'1.5' is 150 minor units (the missing decimal is a zero, not nothing)", () => {
    expect(fromMajorString('1.5', 2)).toEqual({ ok: true, value: 150 });
    expect(fromMajorString('1.', 2)).toEqual({ ok: true, value: 100 });
    expect(fromMajorString('12', 3)).toEqual({ ok: true, value: 12000 });
  });

  it('reads amounts with spaces around them, and nothing before or after the number', () => {
    expect(fromMajorString(' 1.50 ', 2)).toEqual({ ok: true, value: 150 });
    expect(parseMinorUnits(' 150 ')).toEqual({ ok: true, value: 150 });
    for (const text of ['x1.50', '1.50x', 'PHP 1', '1 PHP']) expect(fromMajorString(text, 2).ok, text).toBe(false);
  });

  it('refuses with the input and a sentence that says why', () => {
    expect(parseMinorUnits('1.5')).toEqual({ ok: false, error: { kind: 'invalid-money', input: '1.5', message: '"1.5" is not an integer amount in minor units.' } });
    expect(parseMinorUnits('9007199254740993')).toEqual({ ok: false, error: { kind: 'invalid-money', input: '9007199254740993', message: '"9007199254740993" is too large to be exact.' } });
    expect(fromMajorString('1.234', 2)).toEqual({ ok: false, error: { kind: 'invalid-money', input: '1.234', message: '"1.234" is not an amount with at most 2 decimals.' } });
    expect(fromMajorString('abc', 2)).toEqual({ ok: false, error: { kind: 'invalid-money', input: 'abc', message: '"abc" is not an amount with at most 2 decimals.' } });
    expect(fromMajorString('90071992547409.92', 2)).toEqual({ ok: false, error: { kind: 'invalid-money', input: '90071992547409.92', message: '"90071992547409.92" is too large to be exact.' } });
  });

  it('takes every safe integer and nothing past, on both sides', () => {
    expect(fromMajorString('90071992547409.91', 2)).toEqual({ ok: true, value: Number.MAX_SAFE_INTEGER });
    expect(fromMajorString('-90071992547409.91', 2)).toEqual({ ok: true, value: Number.MIN_SAFE_INTEGER });
    expect(fromMajorString('-90071992547409.92', 2).ok).toBe(false);
  });

  it('the minor unit is a whole number from 0 to 20, and amounts are safe integers or bigints', () => {
    expect(toMajorString(1, 20)).toBe(`0.${'0'.repeat(19)}1`);
    expect(() => toMajorString(1, 21)).toThrow(new RangeError('The minor unit must be an integer from 0 to 20, not 21.'));
    expect(() => toMajorString(1, -1)).toThrow(RangeError);
    expect(() => fromMajorString('1', 1.5)).toThrow(RangeError);
    expect(() => toMajorString(2 ** 53, 2)).toThrow(new RangeError('An amount in minor units must be a safe integer, not 9007199254740992.'));
    expect(toMajorString(2n ** 60n, 2)).toBe('11529215046068469.76');
    expect(toMajorString(-(2n ** 60n), 0)).toBe('-1152921504606846976');
  });
});
