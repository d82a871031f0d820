import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ProductImage } from '../domain/catalog.js';
import { galleryWithVariation, overlayGalleryEnabled, stepIndex, thumbnailLayout, thumbnailMoves } from './gallery.js';

const image: fc.Arbitrary<ProductImage> = fc.record({
  id: fc.integer({ min: 1, max: 10_000 }),
  src: fc.webUrl(),
  thumbnail: fc.webUrl(),
  srcset: fc.string({ maxLength: 40 }),
  sizes: fc.string({ maxLength: 20 }),
  alt: fc.string({ maxLength: 20 }),
  name: fc.string({ maxLength: 20 }),
});

describe('gallery rules', () => {
  it('swapping in a variation image then resetting restores the original gallery exactly', () => {
    fc.assert(
      fc.property(fc.array(image, { minLength: 1, maxLength: 8 }), fc.array(image, { maxLength: 5 }), (original, variationImages) => {
        let shown: readonly ProductImage[] = original;
        for (const v of variationImages) shown = galleryWithVariation(original, v);
        const reset = galleryWithVariation(original, null);
        expect(reset).toEqual(original);
        expect(reset).toBe(original);
        // While a variation is chosen, only the main place changes and its data is the variation's.
        const last = variationImages.at(-1);
        if (last) {
          expect(shown.slice(1)).toEqual(original.slice(1));
          expect(shown[0]).toMatchObject({ src: last.src, srcset: last.srcset, sizes: last.sizes, alt: last.alt, name: last.name });
        }
      }),
    );
  });

  it('a product without images shows the variation image alone', () => {
    fc.assert(
      fc.property(image, (v) => {
        expect(galleryWithVariation([], v)).toEqual([v]);
      }),
    );
  });

  it('3 horizontal thumbnails below 768 px, otherwise 4 vertical', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 5000 }), (width) => {
        const layout = thumbnailLayout(width);
        expect(layout).toEqual(width < 768 ? { count: 3, direction: 'horizontal' } : { count: 4, direction: 'vertical' });
      }),
    );
    expect(thumbnailLayout(767).count).toBe(3);
    expect(thumbnailLayout(768).count).toBe(4);
  });

  it('a thumbnail click moves the slider only when idle and not already there', () => {
    fc.assert(
      fc.property(fc.nat(40), fc.nat(40), fc.boolean(), (clicked, current, animating) => {
        expect(thumbnailMoves(clicked, current, animating)).toBe(!animating && clicked !== current);
      }),
    );
  });

  it('the overlay gallery is off above 30 images', () => {
    expect(overlayGalleryEnabled(30)).toBe(true);
    expect(overlayGalleryEnabled(31)).toBe(false);
  });

  it('stepping never wraps around and stays in range', () => {
    fc.assert(
      fc.property(fc.nat(50), fc.integer({ min: -60, max: 60 }), fc.integer({ min: 1, max: 50 }), (current, delta, count) => {
        const next = stepIndex(Math.min(current, count - 1), delta, count);
        expect(next).toBeGreaterThanOrEqual(0);
        expect(next).toBeLessThan(count);
      }),
    );
    expect(stepIndex(0, -1, 5)).toBe(0);
    expect(stepIndex(4, 1, 5)).toBe(4);
  });
});

describe('gallery: what the mutation run found unchecked', () => {
  const image = (id: number, src: string, thumbnail = `${src}-t`): ProductImage => ({ id, src, thumbnail, srcset: '', sizes: '', alt: '', name: '' });

  it('a variation image that is already first leaves the very same list (nothing to redraw)', () => {
    const images = [image(1, '/a.jpg'), image(2, '/b.jpg')];
    expect(galleryWithVariation(images, image(1, '/a.jpg', '/other-t'))).toBe(images);
  });

  it('an image with the same id but another address, or another id at the same address, is swapped in', () => {
    const images = [image(1, '/a.jpg'), image(2, '/b.jpg')];
    expect(galleryWithVariation(images, image(1, '/a-blue.jpg'))[0]).toEqual(image(1, '/a-blue.jpg'));
    expect(galleryWithVariation(images, image(9, '/a.jpg'))[0]).toEqual(image(9, '/a.jpg'));
  });

  it('keeps the product’s first thumbnail only when the variation image has none', () => {
    const images = [image(1, '/a.jpg'), image(2, '/b.jpg')];
    expect(galleryWithVariation(images, image(3, '/c.jpg', ''))[0]?.thumbnail).toBe('/a.jpg-t');
    expect(galleryWithVariation(images, image(3, '/c.jpg', '/c-small.jpg'))[0]?.thumbnail).toBe('/c-small.jpg');
  });
});
