/** Carousel constants from the spec (section 9). */
export const CAROUSEL_DEFAULTS = {
  intervalMs: 5000,
  swipeThresholdPx: 40,
  touchRestartMs: 500,
  margin: 40,
} as const;

/** Swiper breakpoints of the spec: 0:1, 480:2, 767:3, 991: the configured count. */
export const carouselBreakpoints = (count: number): Record<number, { slidesPerView: number }> => ({
  0: { slidesPerView: 1 },
  480: { slidesPerView: 2 },
  767: { slidesPerView: 3 },
  991: { slidesPerView: Math.max(1, Math.floor(count)) },
});

/** Slides shown at a given viewport width (the same mapping, as a function, for tests and SSR). */
export const slidesAtWidth = (width: number, count: number): number => {
  const points = carouselBreakpoints(count);
  let shown = 1;
  for (const [min, value] of Object.entries(points)) if (width >= Number(min)) shown = value.slidesPerView;
  return shown;
};
