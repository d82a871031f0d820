import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { countOf } from './plural.js';

describe('plurals', () => {
  it('uses the given plural form', () => {
    expect(countOf(3, 'box', 'boxes')).toBe('3 boxes');
    expect(countOf(1, 'box', 'boxes')).toBe('1 box');
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
