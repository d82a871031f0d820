import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FULL_SIDE, RASTER_SIDES, RasterCache, rasterAt, rasterSide, rasterSrcset, type RasterSide } from './raster.js';

const bytes = (n: number, fill = 1) => new Uint8Array(new ArrayBuffer(n)).fill(fill);

describe('raster sizes', () => {
  it('knows the full size and the two smaller ones, nothing else', () => {
    expect(rasterSide(undefined)).toBe(FULL_SIDE);
    expect(rasterSide('')).toBe(FULL_SIDE);
    expect(rasterSide('-300x300')).toBe(300);
    expect(rasterSide('-600x600')).toBe(600);
    fc.assert(
      fc.property(fc.integer({ min: 100, max: 999 }), fc.integer({ min: 100, max: 999 }), (w, h) => {
        const side = rasterSide(`-${w}x${h}`);
        expect(side).toBe(w === h && (RASTER_SIDES as readonly number[]).includes(w) ? w : null);
      }),
    );
    for (const odd of ['-800x800', '-0300x300', '-300x300x', '300x300', '-30x30']) expect(rasterSide(odd)).toBeNull();
  });

  it('offers every size in the srcset, smallest first, each at the address rasterAt names', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[a-z0-9-]{1,30}$/), fc.integer({ min: 1, max: 9 }), (slug, position) => {
        const full = `https://shop.test/wp-content/uploads/suki/${slug}-${position}.webp`;
        const candidates = rasterSrcset(full)
          .split(', ')
          .map((c) => c.split(' '));
        const sides: RasterSide[] = [...RASTER_SIDES, FULL_SIDE];
        expect(candidates.map(([, w]) => w)).toEqual(sides.map((s) => `${s}w`));
        expect(candidates.map(([url]) => url)).toEqual(sides.map((s) => rasterAt(full, s)));
        expect(rasterAt(full, FULL_SIDE)).toBe(full);
        expect(rasterAt(full, 300)).toBe(`https://shop.test/wp-content/uploads/suki/${slug}-${position}-300x300.webp`);
      }),
    );
  });
});

describe('RasterCache', () => {
  it('encodes a picture once, also when asked for it twice at once', async () => {
    const cache = new RasterCache(1000);
    let runs = 0;
    const encode = async () => {
      runs += 1;
      await new Promise((resolve) => setTimeout(resolve, 5));
      return bytes(10);
    };
    const [a, b] = await Promise.all([cache.get('a', encode), cache.get('a', encode)]);
    expect(a).toBe(b);
    await cache.get('a', encode);
    expect(runs).toBe(1);
  });

  it('keeps no failure: the next request encodes again', async () => {
    const cache = new RasterCache(1000);
    await expect(cache.get('a', () => Promise.reject(new Error('bad picture')))).rejects.toThrow('bad picture');
    await expect(cache.get('a', () => Promise.resolve(bytes(4)))).resolves.toHaveLength(4);
  });

  it('never holds more than its limit, and lets the least recently used go first', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 10, max: 200 }), fc.array(fc.tuple(fc.integer({ min: 0, max: 9 }), fc.integer({ min: 1, max: 80 })), { maxLength: 60 }), async (limit, requests) => {
        const cache = new RasterCache(limit);
        const sizes = new Map<number, number>();
        // Model: keys in order of use, each with its size; a key's size is fixed by its first encoding.
        let model: number[] = [];
        for (const [key, size] of requests) {
          const chosen = sizes.get(key) ?? size;
          const kept = model.includes(key);
          const got = await cache.get(String(key), () => Promise.resolve(bytes(chosen)));
          if (!kept) sizes.set(key, chosen);
          expect(got.byteLength).toBe(kept ? sizes.get(key) : chosen);
          model = model.filter((k) => k !== key);
          if (got.byteLength <= limit) model.push(key);
          else sizes.delete(key);
          while (model.reduce((sum, k) => sum + (sizes.get(k) ?? 0), 0) > limit) {
            const dropped = model.shift()!;
            sizes.delete(dropped);
          }
          expect(cache.size).toBe(model.reduce((sum, k) => sum + (sizes.get(k) ?? 0), 0));
          expect(cache.size).toBeLessThanOrEqual(limit);
        }
      }),
    );
  });
});
