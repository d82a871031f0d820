import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { appendBounded } from './ring.js';

describe('appendBounded (the inspector buffer)', () => {
  it('never holds more than its limit, keeps the newest, and keeps their order', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 20 }), fc.array(fc.array(fc.integer(), { maxLength: 8 }), { maxLength: 30 }), (limit, batches) => {
        let buffer: readonly number[] = [];
        const everything: number[] = [];
        for (const batch of batches) {
          buffer = appendBounded(buffer, batch, limit);
          everything.push(...batch);
          expect(buffer.length).toBeLessThanOrEqual(limit);
          // The newest `limit` of everything appended, oldest first.
          expect(buffer).toEqual(everything.slice(Math.max(0, everything.length - limit)));
        }
      }),
    );
  });

  it('changes neither argument', () => {
    fc.assert(
      fc.property(fc.array(fc.integer()), fc.array(fc.integer()), fc.integer({ min: -3, max: 40 }), (buffer, items, limit) => {
        const before = [...buffer];
        const added = [...items];
        appendBounded(buffer, items, limit);
        expect(buffer).toEqual(before);
        expect(items).toEqual(added);
      }),
    );
  });

  it('takes a negative or fractional limit as its floor, at least 0', () => {
    expect(appendBounded([1, 2], [3], -1)).toEqual([]);
    expect(appendBounded([1, 2], [3], 2.9)).toEqual([2, 3]);
  });
});
