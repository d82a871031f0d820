import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { normaliseSearch, SEARCH_MAX_LENGTH, searchesAsYouType } from './search.js';

describe('search terms', () => {
  it('are trimmed, single-spaced, free of control characters and at most 100 code points; normalising twice changes nothing', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 300 }), (raw) => {
        const term = normaliseSearch(raw);
        expect(term).toBe(term.trim());
        expect(term).not.toMatch(/\s{2}|\p{Cc}/u);
        expect([...term].length).toBeLessThanOrEqual(SEARCH_MAX_LENGTH);
        expect(normaliseSearch(term)).toBe(term);
      }),
    );
    expect(normaliseSearch('  piña \n\t barong ')).toBe('piña barong');
  });

  it('search as you type from two characters, emoji counted as one', () => {
    expect(searchesAsYouType('a')).toBe(false);
    expect(searchesAsYouType('ab')).toBe(true);
    expect(searchesAsYouType('☕')).toBe(false);
    expect(searchesAsYouType('☕☕')).toBe(true);
  });
});

describe('search terms: the length cap and separators (what the mutation run found unchecked)', () => {
  it('cuts a long term at 100 code points, and drops a space the cut leaves at the end', () => {
    expect(normaliseSearch('a'.repeat(150))).toBe('a'.repeat(SEARCH_MAX_LENGTH));
    expect(normaliseSearch(`${'a'.repeat(99)} b`)).toBe('a'.repeat(99));
    expect(normaliseSearch('😀'.repeat(120))).toBe('😀'.repeat(SEARCH_MAX_LENGTH));
  });

  it('counts the cap after leading spaces are gone', () => {
    expect(normaliseSearch(`   ${'a'.repeat(100)}`)).toBe('a'.repeat(100));
  });

  it('a control character between words separates them', () => {
    expect(normaliseSearch('ube\u0000halaya')).toBe('ube halaya');
    expect(normaliseSearch('ube\u0007\u0007halaya')).toBe('ube halaya');
  });

  it('property: the cap holds for any input, and a term never starts or ends with a space', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 300 }), (raw) => {
        const term = normaliseSearch(raw);
        expect([...term].length).toBeLessThanOrEqual(SEARCH_MAX_LENGTH);
        expect(term).toBe(term.trim());
      }),
    );
  });
});
