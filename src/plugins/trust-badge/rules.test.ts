import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { averageText, badgeLabel, excerpt } from './rules.js';

describe('trust badge texts', () => {
  it('names the badge with the average to one decimal and the count', () => {
    expect(badgeLabel(460, 23)).toBe('Verified reviews: 4.6/5 from 23 reviews');
    expect(badgeLabel(500, 1)).toBe('Verified reviews: 5.0/5 from 1 review');
    expect(badgeLabel(445, 2)).toBe('Verified reviews: 4.5/5 from 2 reviews');
  });
  it('the average shown is within 0.05 of the real one and between 0.0 and 5.0', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 500 }), (h) => {
        const shown = Number(averageText(h));
        expect(Math.abs(shown - h / 100)).toBeLessThanOrEqual(0.05 + 1e-9);
        expect(shown).toBeGreaterThanOrEqual(0);
        expect(shown).toBeLessThanOrEqual(5);
      }),
    );
  });
  it('an excerpt is the text when short, else a prefix of it at most max characters plus an ellipsis', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 300 }), fc.integer({ min: 10, max: 200 }), (text, max) => {
        const flat = text.replace(/\s+/g, ' ').trim();
        const out = excerpt(text, max);
        if (flat.length <= max) expect(out).toBe(flat);
        else {
          expect(out.endsWith('…')).toBe(true);
          expect(out.length).toBeLessThanOrEqual(max + 1);
          expect(flat.startsWith(out.slice(0, -1))).toBe(true);
        }
      }),
    );
  });
});
