import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { carouselBreakpoints, goToTopVisible, headerScrolling, masonryRowSpan, slidesAtWidth, tileImageSizes } from './layout.js';

describe('header scrolling state', () => {
  it('switches exactly at 20 px', () => {
    expect(headerScrolling(19.9)).toBe(false);
    expect(headerScrolling(20)).toBe(true);
    fc.assert(fc.property(fc.double({ min: -1e6, max: 1e6, noNaN: true }), (y) => headerScrolling(y) === y >= 20));
  });
});

describe('go-to-top visibility', () => {
  it('hides within twice the footer height of the bottom and at the top', () => {
    expect(goToTopVisible(0, 800, 5000, 200)).toBe(false);
    expect(goToTopVisible(1000, 800, 5000, 200)).toBe(true);
    // 400 px from the bottom with a 200 px footer: exactly 2x, hidden.
    expect(goToTopVisible(3800, 800, 5000, 200)).toBe(false);
    expect(goToTopVisible(3799, 800, 5000, 200)).toBe(true);
  });
  it('is never shown within 2x footer of the bottom (property)', () => {
    fc.assert(
      fc.property(fc.nat(100_000), fc.integer({ min: 1, max: 4000 }), fc.nat(100_000), fc.nat(2000), (y, vh, extra, footer) => {
        const doc = y + vh + extra;
        const shown = goToTopVisible(y, vh, doc, footer);
        return !shown || (extra > 2 * footer && y >= 20);
      }),
    );
  });
});

describe('carousel breakpoints', () => {
  it('maps the spec breakpoints', () => {
    expect(carouselBreakpoints(4)).toEqual({ 0: { slidesPerView: 1 }, 480: { slidesPerView: 2 }, 767: { slidesPerView: 3 }, 991: { slidesPerView: 4 } });
    expect([0, 479, 480, 766, 767, 990, 991, 1920].map((w) => slidesAtWidth(w, 5))).toEqual([1, 1, 2, 2, 3, 3, 5, 5]);
  });
  it('never shows fewer slides on a wider screen when count ≥ 3 (property)', () => {
    fc.assert(
      fc.property(fc.nat(4000), fc.nat(4000), fc.integer({ min: 3, max: 12 }), (a, b, count) => {
        const [narrow, wide] = a <= b ? [a, b] : [b, a];
        return slidesAtWidth(narrow, count) <= slidesAtWidth(wide, count);
      }),
    );
  });
  it('always shows at least one slide, whatever the configured count', () => {
    fc.assert(fc.property(fc.nat(4000), fc.double(), (w, count) => slidesAtWidth(w, count) >= 1));
  });
});

describe('masonry', () => {
  it('a card spans the fewest rows that hold it, gaps included', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 5000 }), fc.integer({ min: 1, max: 40 }), fc.integer({ min: 0, max: 40 }), (height, unit, gap) => {
        const span = masonryRowSpan(height, unit, gap);
        // The rows hold the card...
        expect(span * unit + (span - 1) * gap).toBeGreaterThanOrEqual(height);
        // ...and one row fewer would not.
        if (span > 1) expect((span - 1) * unit + (span - 2) * gap).toBeLessThan(height);
      }),
    );
    expect(masonryRowSpan(0, 8, 16)).toBe(1);
    expect(masonryRowSpan(Number.NaN, 8, 16)).toBe(1);
  });

  it('a card spans one row when the grid is not measurable (no row height, a negative gap)', () => {
    const bad = fc.oneof(fc.constant(0), fc.constant(Number.NaN), fc.integer({ min: -40, max: -1 }));
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 5000 }), bad, fc.integer({ min: 0, max: 40 }), fc.integer({ min: 1, max: 40 }), (height, badUnit, gap, unit) => {
        expect(masonryRowSpan(height, badUnit, gap)).toBe(1);
        expect(masonryRowSpan(height, unit, badUnit === 0 ? Number.NaN : badUnit)).toBe(1);
      }),
      { numRuns: 50 },
    );
    expect(masonryRowSpan(100, 0, 0)).toBe(1);
  });
});

describe('tile picture sizes', () => {
  it('one column on phones; a third of the screen in masonry, 40 % in full, 300 px otherwise', () => {
    expect(tileImageSizes('masonry')).toBe('(max-width: 520px) 100vw, 33vw');
    expect(tileImageSizes('full')).toBe('(max-width: 520px) 100vw, 40vw');
    expect(tileImageSizes('grid')).toBe('(max-width: 520px) 100vw, 300px');
    expect(tileImageSizes('carousel')).toBe('(max-width: 520px) 100vw, 300px');
  });
});
