import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cartButtonText, countOf } from './plural.js';

describe('plurals', () => {
  it('names the header cart button with the right plural', () => {
    expect(cartButtonText(0)).toBe('Cart (0 items)');
    expect(cartButtonText(1)).toBe('Cart (1 item)');
    expect(cartButtonText(2)).toBe('Cart (2 items)');
    expect(countOf(3, 'box', 'boxes')).toBe('3 boxes');
  });

  it('is singular for exactly one and plural for every other count', () => {
    fc.assert(
      fc.property(fc.nat({ max: 100_000 }), (n) => {
        const text = cartButtonText(n);
        const match = /^Cart \((\d+) (items?)\)$/.exec(text);
        expect(match).not.toBeNull();
        // The number shown is the count itself, and the noun agrees with it.
        expect(Number(match?.[1])).toBe(n);
        expect(match?.[2]).toBe(n === 1 ? 'item' : 'items');
      }),
    );
  });

  it('puts the count first and uses the given plural form for any noun', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1000, max: 1000 }), fc.string({ minLength: 1 }), fc.string({ minLength: 1 }), (n, one, other) => {
        expect(countOf(n, one, other)).toBe(`${n} ${n === 1 ? one : other}`);
        expect(countOf(n, one)).toBe(n === 1 ? `1 ${one}` : `${n} ${one}s`);
      }),
    );
  });
});
