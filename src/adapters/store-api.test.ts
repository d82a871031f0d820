/** `toCurrency`: the wire's currency fields as the domain's currency, one object per set of fields. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { toCurrency, type CurrencyFields } from './store-api.js';

const php: CurrencyFields = {
  currency_code: 'PHP',
  currency_minor_unit: 2,
  currency_symbol: '&#8369;',
  currency_prefix: '&#8369;',
  currency_suffix: '',
  currency_decimal_separator: '.',
  currency_thousand_separator: ',',
};

describe('toCurrency', () => {
  it('decodes entities in the symbol and affixes', () => {
    expect(toCurrency(php)).toEqual({ code: 'PHP', minorUnit: 2, symbol: '₱', prefix: '₱', suffix: '', decimalSeparator: '.', thousandSeparator: ',' });
  });

  it('the same fields give the same frozen object; fields that differ anywhere give another', () => {
    const text = fc.option(fc.constantFrom('', '.', ',', ' ', '&#36;', '$', 'kr', '&nbsp;'), { nil: undefined });
    const fields = fc.record({
      currency_code: fc.constantFrom('PHP', 'USD', 'EUR', 'JPY'),
      currency_minor_unit: fc.integer({ min: 0, max: 3 }),
      currency_symbol: text,
      currency_prefix: text,
      currency_suffix: text,
      currency_decimal_separator: text,
      currency_thousand_separator: text,
    });
    const decoded = (value: string | undefined, fallback: string) => (value ?? fallback).replaceAll('&#36;', '$').replaceAll('&nbsp;', '\u00a0');
    fc.assert(
      fc.property(fields, fields, (a, b) => {
        const first = toCurrency(a);
        expect(Object.isFrozen(first)).toBe(true);
        expect(toCurrency({ ...a })).toBe(first);
        // Never another set of fields' object: b's currency is b's, whatever came before.
        expect(toCurrency(b)).toEqual({
          code: b.currency_code,
          minorUnit: b.currency_minor_unit,
          symbol: decoded(b.currency_symbol, ''),
          prefix: decoded(b.currency_prefix, ''),
          suffix: decoded(b.currency_suffix, ''),
          decimalSeparator: decoded(b.currency_decimal_separator, '.'),
          thousandSeparator: decoded(b.currency_thousand_separator, ','),
        });
      }),
    );
  });
});
