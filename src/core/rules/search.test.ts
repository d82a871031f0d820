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
