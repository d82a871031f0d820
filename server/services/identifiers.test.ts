import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { gtinCheckDigit, gtinFor } from './identifiers.js';

describe('GTIN-13', () => {
  it('computes the standard check digit', () => {
    expect(gtinCheckDigit('400638133393')).toBe(1);
    expect(gtinCheckDigit('590123412345')).toBe(7);
  });

  it('gives every product id a distinct, valid GTIN under the 480 prefix', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 999_999_999 }), fc.integer({ min: 1, max: 999_999_999 }), (a, b) => {
        const gtin = gtinFor(a);
        expect(gtin).toMatch(/^480\d{10}$/);
        expect(Number(gtin[12])).toBe(gtinCheckDigit(gtin.slice(0, 12)));
        if (a !== b) expect(gtinFor(b)).not.toBe(gtin);
      }),
    );
  });
});
