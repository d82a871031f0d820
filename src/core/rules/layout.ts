/** Layout rules of the spec (sections 4 and 9), as pure functions. */

/** The header takes its scrolling state at this many pixels scrolled or more. */
export const HEADER_SCROLL_THRESHOLD_PX = 20;

/** The cart panel's hidden offset (it slides in from the right by this much). */
export const CART_PANEL_OFFSET_PX = 360;

/** Lazy images load within this many pixels of the viewport. */
export const LAZY_IMAGE_MARGIN_PX = 200;

/** Carousel constants: interval, swipe threshold, pause after touch, and slide margin. */
export const CAROUSEL_DEFAULTS = {
  intervalMs: 5000,
  swipeThresholdPx: 40,
  touchRestartMs: 500,
  margin: 40,
  /** Slide speed of every slider (the spec's 300 ms). */
  speedMs: 300,
} as const;

/** Whether the header shows its scrolling state. */
export const headerScrolling = (scrollY: number): boolean => scrollY >= HEADER_SCROLL_THRESHOLD_PX;

/**
 * Whether the go-to-top link shows: the page is scrolled (header threshold) and the viewport's
 * bottom is farther from the page's bottom than twice the footer's height.
 */
export const goToTopVisible = (scrollY: number, viewportHeight: number, documentHeight: number, footerHeight: number): boolean => {
  if (!headerScrolling(scrollY)) return false;
  const distanceToBottom = documentHeight - (scrollY + viewportHeight);
  return distanceToBottom > 2 * Math.max(0, footerHeight);
};

/** Swiper breakpoints of the spec: 0:1, 480:2, 767:3, 991: the configured count (at least 1). */
export const carouselBreakpoints = (count: number): Record<number, { slidesPerView: number }> => ({
  0: { slidesPerView: 1 },
  480: { slidesPerView: 2 },
  767: { slidesPerView: 3 },
  991: { slidesPerView: Number.isFinite(count) ? Math.max(1, Math.floor(count)) : 1 },
});

/** Slides a carousel shows at a viewport width, by the breakpoints above. */
export const slidesAtWidth = (width: number, count: number): number => {
  let shown = 1;
  for (const [min, value] of Object.entries(carouselBreakpoints(count))) if (width >= Number(min)) shown = value.slidesPerView;
  return shown;
};

/** The masonry grid lays itself out again this long after the last resize. */
export const MASONRY_RESIZE_DEBOUNCE_MS = 100;

/**
 * Rows a masonry card spans in a CSS grid of `rowUnit`-pixel rows separated by `gap` pixels: the
 * fewest rows whose height, gaps included, holds the card.
 */
export const masonryRowSpan = (height: number, rowUnit: number, gap: number): number => {
  if (!(height > 0) || !(rowUnit > 0) || !(gap >= 0)) return 1;
  return Math.max(1, Math.ceil((height + gap) / (rowUnit + gap)));
};

/**
 * The `sizes` of a listing tile's picture in each of the four layouts (`grid`, `masonry`,
 * `carousel`, `full`): about how wide the tile's picture is drawn, so the browser takes the
 * smallest file of the picture's `srcset` that is sharp enough. One column on phones.
 */
export function tileImageSizes(layout: 'grid' | 'masonry' | 'carousel' | 'full'): string {
  const phone = '(max-width: 520px) 100vw';
  if (layout === 'masonry') return `${phone}, 33vw`;
  if (layout === 'full') return `${phone}, 40vw`;
  return `${phone}, 300px`;
}
