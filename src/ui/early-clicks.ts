/**
 * Clicks on controls that are not live yet.
 *
 * The page hydrates in parts (`HydrateLater`): a grid's tiles come in turns of their own after the
 * page's first pass, and a plugin's buttons once its views' chunk is in. Until a control's turn,
 * its server HTML is on screen but answers nothing, so a tap on "Add to cart" in that window was
 * lost. A control that opts in (`data-early-click` in its HTML, {@link liveControl} as its ref)
 * keeps such a click: the browser's code, from its start, listens for clicks on controls not yet
 * live, and each control clicks itself once when it comes alive if it was clicked before.
 */

/** The attribute that marks a control whose early clicks are kept (written in its JSX). */
const EARLY_CLICK = 'data-early-click';

/** Controls that are live: hydrated, with their handlers. */
const live = new WeakSet<Element>();
/** Controls clicked before they were live, in the order of the clicks (one replay each). */
const kept = new Set<Element>();

let listening = false;

/**
 * Starts keeping clicks on controls not live yet; call once, as early as the browser's code runs
 * (before hydration). Replays (untrusted clicks) pass through.
 */
export function keepEarlyClicks(): void {
  if (listening) return;
  listening = true;
  document.addEventListener(
    'click',
    (event) => {
      if (!event.isTrusted || !(event.target instanceof Element)) return;
      const control = event.target.closest(`[${EARLY_CLICK}]`);
      if (control && !live.has(control)) kept.add(control);
    },
    { capture: true, passive: true },
  );
}

/**
 * The ref of a control that keeps early clicks: marks it live, and if it was clicked before, clicks
 * it once in a task after this render has committed, when its handlers are attached.
 */
export function liveControl(element: HTMLElement | null): void {
  if (!element) return;
  live.add(element);
  if (kept.delete(element)) setTimeout(() => element.click(), 0);
}
