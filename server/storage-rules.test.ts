/**
 * Properties of the storage and serving rules: a key the storages accept never resolves outside
 * their folder; the public file paths map only to such keys; byte ranges parse and clamp into the
 * object.
 */
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseRange } from './routes/review-media.js';
import { storageKeyOfPath } from './services/review-media.js';
import { clampRange, isStorageKey } from './storage/port.js';

const ROOT = '/srv/media';
/** Keys built from pieces that matter to paths: dots, slashes, backslashes, percent escapes, letters. */
const keyish = fc.array(fc.constantFrom('a', 'b', '0', '.', '..', '/', '\\', '%2e', '-', '_', 'A', ' ', '\0', '~'), { maxLength: 24 }).map((parts) => parts.join(''));

describe('storage keys', () => {
  it('an accepted key always lands strictly inside the folder, as a normalised path', () => {
    fc.assert(
      fc.property(fc.oneof(keyish, fc.string({ maxLength: 40 })), (key) => {
        if (!isStorageKey(key)) return;
        const resolved = path.resolve(ROOT, ...key.split('/'));
        expect(resolved.startsWith(`${ROOT}/`)).toBe(true);
        expect(path.relative(ROOT, resolved)).toBe(key);
        expect(key.split('/').every((segment) => !segment.startsWith('.'))).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });

  it('accepts the keys the service makes', () => {
    fc.assert(
      fc.property(fc.integer({ min: 2000, max: 2999 }), fc.integer({ min: 1, max: 12 }), fc.uint8Array({ minLength: 16, maxLength: 16 }), fc.constantFrom('jpg', 'png', 'gif', 'mp4', 'webm'), fc.boolean(), (year, month, bytes, ext, thumb) => {
        const name = `${year}/${String(month).padStart(2, '0')}/${Buffer.from(bytes).toString('hex')}${thumb ? '-thumb' : ''}.${ext}`;
        const key = storageKeyOfPath(name);
        expect(key).toBe(`reviews/${name}`);
        expect(isStorageKey(key ?? '')).toBe(true);
      }),
    );
  });

  it('maps a public path to a key only when it is one of ours', () => {
    fc.assert(
      fc.property(fc.oneof(keyish, fc.string({ maxLength: 60 })), (rest) => {
        const key = storageKeyOfPath(rest);
        if (key !== null) {
          expect(isStorageKey(key)).toBe(true);
          expect(key.startsWith('reviews/')).toBe(true);
        }
      }),
      { numRuns: 2000 },
    );
  });
});

describe('byte ranges', () => {
  it('parses one range and clamps it into the object', () => {
    fc.assert(
      fc.property(fc.nat({ max: 10_000 }), fc.option(fc.nat({ max: 10_000 })), fc.integer({ min: 1, max: 10_000 }), (start, end, size) => {
        const parsed = parseRange(`bytes=${start}-${end ?? ''}`);
        if (end !== null && end < start) {
          expect(parsed).toBeNull();
          return;
        }
        expect(parsed).toEqual(end === null ? { start } : { start, end });
        const clamped = clampRange(parsed ?? { start }, size);
        if (start >= size) expect(clamped).toBe('unsatisfiable');
        else if (clamped !== 'unsatisfiable') {
          expect(clamped.start).toBe(start);
          expect(clamped.end).toBeLessThan(size);
          expect(clamped.end).toBeGreaterThanOrEqual(clamped.start);
        }
      }),
    );
  });

  it('serves anything else whole (suffix, several ranges, other units, junk)', () => {
    for (const header of [undefined, '', 'bytes=-500', 'bytes=0-1,5-6', 'items=0-1', 'bytes=a-b', 'bytes=1e3-', 'bytes= 0-1x']) expect(parseRange(header)).toBeNull();
  });
});
