/**
 * When to bring in an enhancement (Swiper for a carousel or the product gallery): not on mount,
 * where it would compete with the first paint and hydration, but on the shopper's first
 * interaction with the element, or once it is on screen and the page has settled.
 */

/** Interactions with an element that bring in its enhancement at once. */
const WAKE_EVENTS = ['pointerenter', 'pointerdown', 'touchstart', 'focusin', 'keydown', 'wheel'] as const;

/** How long the page must have fetched nothing before it counts as settled. */
const SETTLED_AFTER_MS = 1500;

/**
 * Calls `wake` once: on the shopper's first interaction with `root` (pointer, touch, focus, keys,
 * wheel), or when `root` is on screen and the browser is idle: the page has loaded, has fetched
 * nothing for {@link SETTLED_AFTER_MS}, and the main thread is free. So an enhancement never
 * competes with the page's own scripts, images and hydration. Returns the clean-up.
 */
export function wakeOnInteractionOrIdle(root: HTMLElement, wake: () => void): () => void {
  let done = false;
  let idle: number | undefined;
  let quiet: ReturnType<typeof setTimeout> | undefined;
  let io: IntersectionObserver | undefined;
  let fetches: PerformanceObserver | undefined;
  const stop = () => {
    done = true;
    for (const type of WAKE_EVENTS) root.removeEventListener(type, fire);
    io?.disconnect();
    fetches?.disconnect();
    clearTimeout(quiet);
    window.removeEventListener('load', watch);
    if (idle !== undefined) (window.cancelIdleCallback ?? clearTimeout)(idle);
  };
  function fire() {
    if (done) return;
    stop();
    wake();
  }
  const idleNow = () => {
    if (done) return;
    idle = window.requestIdleCallback ? window.requestIdleCallback(fire, { timeout: 2000 }) : window.setTimeout(fire, 0);
  };
  // Settled: restart the quiet period on every fetch the page makes.
  const whenIdle = () => {
    if (done || fetches || quiet !== undefined) return;
    const restart = () => {
      clearTimeout(quiet);
      quiet = setTimeout(idleNow, SETTLED_AFTER_MS);
    };
    if (typeof PerformanceObserver !== 'undefined' && PerformanceObserver.supportedEntryTypes?.includes('resource')) {
      fetches = new PerformanceObserver(restart);
      fetches.observe({ type: 'resource' });
    }
    restart();
  };
  function watch() {
    if (done) return;
    if (typeof IntersectionObserver === 'undefined') return whenIdle();
    io = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) whenIdle();
    });
    io.observe(root);
  }
  for (const type of WAKE_EVENTS) root.addEventListener(type, fire, { passive: true });
  if (document.readyState === 'complete') watch();
  else window.addEventListener('load', watch, { once: true });
  return stop;
}
