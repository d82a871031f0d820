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
