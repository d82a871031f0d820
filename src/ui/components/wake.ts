/**
 * When to bring in what a page does not need to show itself (Swiper for a carousel or the
 * product gallery, the catalogue's HTTP code): not on mount, where it would compete with the first
 * paint and hydration, but on the shopper's first interaction, or once the page has settled.
 */

/** Interactions with an element that bring in its enhancement at once. */
const WAKE_EVENTS = ['pointerenter', 'pointerdown', 'touchstart', 'focusin', 'keydown', 'wheel'] as const;

/**
 * How long the page must have fetched nothing before it counts as settled. At 1.5 s, the settle
 * work (the catalogue's code, the cart panel's lines, the plugins' views: ~100 ms of tasks at 4x
 * CPU) began about 2 s into a listing's visit, when a shopper who has looked at it takes a first
 * tap: in the page lab, half the first adds met it and took 68-92 ms instead of 50-55 ms.
 */
export const SETTLED_AFTER_MS = 1000;
/** The same once the shopper has acted on it: long enough for that act's own requests to end first. */
const SETTLED_IN_USE_AFTER_MS = 300;

/** A shopper's first act on a loaded page (not a pointer passing over it). */
const ACTS = ['pointerdown', 'keydown', 'touchstart'] as const;
/** Whether the shopper has acted on the loaded page: from then on the shorter quiet applies. */
let inUse = false;

/** The callers waiting for the page to settle, and the one watch that releases them together. */
interface Round {
  readonly waiting: Set<() => void>;
  readonly stop: () => void;
}
/** The round new callers join; none once it has released its callers (a later caller starts another). */
let round: Round | null = null;

/**
 * Runs `run` once the page has settled: it has loaded, has fetched nothing for
 * {@link SETTLED_AFTER_MS} (only {@link SETTLED_IN_USE_AFTER_MS} once the shopper has acted on
 * it: a tap, a click, a key; the page is in use, and a shopper busy with the cart, each add a
 * fetch, must not put the rest off for good), and the main thread is idle. For work the page will
 * want soon but that must not compete with its own scripts, images, hydration, or the requests of
 * the shopper's own acts. Returns a cancel.
 *
 * Every caller waiting at once is released in the same idle callback, so the page's settle-time
 * work (the catalogue's code, the cart panel's lines, the plugins' deferred views) starts together:
 * once `data-settled` is set, all of it has been asked for.
 */
export function whenSettled(run: () => void): () => void {
  const mine = (round ??= watchForSettled());
  // Its own entry, so the same function passed twice runs twice and cancels once.
  const entry = () => run();
  mine.waiting.add(entry);
  return () => {
    if (!mine.waiting.delete(entry) || mine.waiting.size > 0) return;
    mine.stop();
    if (round === mine) round = null;
  };
}

/** Starts a round: watches the page until it settles, then runs the round's callers in one idle callback. */
function watchForSettled(): Round {
  const waiting = new Set<() => void>();
  let done = false;
  let idle: number | undefined;
  let quiet: ReturnType<typeof setTimeout> | undefined;
  let fetches: PerformanceObserver | undefined;
  const stop = () => {
    done = true;
    fetches?.disconnect();
    clearTimeout(quiet);
    for (const type of ACTS) window.removeEventListener(type, acted, true);
    window.removeEventListener('load', start);
    if (idle !== undefined) (window.cancelIdleCallback ?? clearTimeout)(idle);
  };
  const self: Round = { waiting, stop };
  const fire = () => {
    if (done) return;
    stop();
    if (round === self) round = null;
    const runs = [...waiting];
    waiting.clear();
    for (const run of runs) {
      // One caller's failure is reported and does not keep the others from running.
      try {
        run();
      } catch (error) {
        setTimeout(() => {
          throw error;
        }, 0);
      }
    }
  };
  const idleNow = () => {
    if (done || idle !== undefined) return;
    fetches?.disconnect();
    clearTimeout(quiet);
    idle = window.requestIdleCallback ? window.requestIdleCallback(fire, { timeout: 2000 }) : window.setTimeout(fire, 0);
  };
  function acted() {
    if (document.readyState !== 'complete' || done || idle !== undefined) return;
    inUse = true;
    restart();
  }
  // The quiet period restarts on every fetch the page makes.
  function restart() {
    clearTimeout(quiet);
    quiet = setTimeout(idleNow, inUse ? SETTLED_IN_USE_AFTER_MS : SETTLED_AFTER_MS);
  }
  function start() {
    if (done) return;
    if (typeof PerformanceObserver !== 'undefined' && PerformanceObserver.supportedEntryTypes?.includes('resource')) {
      fetches = new PerformanceObserver(restart);
      fetches.observe({ type: 'resource' });
    }
    restart();
  }
  for (const type of ACTS) window.addEventListener(type, acted, { capture: true, passive: true });
  if (document.readyState === 'complete') start();
  else window.addEventListener('load', start, { once: true });
  return self;
}

/**
 * Runs `run` in a task after the next frame has painted (the frame's callbacks, then a task): for
 * work the shopper is not waiting for, kept out of the frame that shows what they are waiting for.
 * A hidden page paints no frames, so there it runs in a task at once.
 */
export function afterNextPaint(run: () => void): void {
  if (document.visibilityState === 'hidden') setTimeout(run, 0);
  else requestAnimationFrame(() => setTimeout(run, 0));
}

/**
 * Calls `wake` once: on the shopper's first interaction with `root` (pointer, touch, focus, keys,
 * wheel), or once `root` is on screen and the page has settled ({@link whenSettled}). So an
 * enhancement never competes with the page's own scripts, images and hydration. Returns the clean-up.
 */
export function wakeOnInteractionOrIdle(root: HTMLElement, wake: () => void): () => void {
  let done = false;
  let settled: (() => void) | undefined;
  let io: IntersectionObserver | undefined;
  const stop = () => {
    done = true;
    for (const type of WAKE_EVENTS) root.removeEventListener(type, fire);
    io?.disconnect();
    settled?.();
  };
  function fire() {
    if (done) return;
    stop();
    wake();
  }
  const onScreen = () => {
    if (!done && !settled) settled = whenSettled(fire);
  };
  for (const type of WAKE_EVENTS) root.addEventListener(type, fire, { passive: true });
  if (typeof IntersectionObserver === 'undefined') onScreen();
  else {
    io = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) onScreen();
    });
    io.observe(root);
  }
  return stop;
}
