/**
 * Nothing moves under a pressed pointer. A part of the page that changes size when an answer lands
 * (the checkout's shipping methods, which come in above the payment methods) would otherwise move
 * what the shopper is pressing: the press starts on "Direct bank transfer", the answer pushes it
 * down, the release lands elsewhere and the tap is lost (or lands on another control).
 *
 * While a pointer is down inside the part, it keeps showing what it showed at the press; from the
 * press's click on (or once the press ends without one) it shows the latest value.
 */
import { useEffect, useReducer, useRef, type PointerEvent as ReactPointerEvent } from 'react';

/** What is held: nothing (show the latest value), or the value shown when the press began. */
export type Hold<T> = { readonly pressed: false } | { readonly pressed: true; readonly value: T };

export const RELEASED: Hold<never> = { pressed: false };

/** A press begins while `shown` is on screen; a second press (another finger) keeps the first one's value. */
export function press<T>(hold: Hold<T>, shown: T): Hold<T> {
  return hold.pressed ? hold : { pressed: true, value: shown };
}

/** What the part shows: the held value during a press, else the latest. */
export function shownOf<T>(hold: Hold<T>, latest: T): T {
  return hold.pressed ? hold.value : latest;
}

/** The longest a press holds the part, in case its release never reaches the page. */
export const LONGEST_HOLD_MS = 1500;

/**
 * How long after the pointer comes up the part waits for that press's click (a finger's tap comes
 * as its own input a moment after the release; a press dragged off makes no click at all).
 */
export const CLICK_GRACE_MS = 100;

/**
 * `value`, held while a pointer is down inside the element that spreads the returned handler.
 *
 * Once the press's click comes, what that click changes is drawn at once (a rate the shopper
 * chose shows chosen, with the answers that came during the press), since nothing can move under
 * the pointer any more; the click has been aimed. The click itself makes no new drawing: drawn in
 * the click's own listeners, the latest value would reset a radio the click had just checked,
 * before its change event, and the browser would then send none. The part is released (drawn
 * again if nothing else drew it) in the task after the click, {@link CLICK_GRACE_MS} after the
 * pointer comes up when no click comes, at once when the pointer is cancelled or the window loses
 * focus, and after {@link LONGEST_HOLD_MS} at the latest.
 */
export function useSteadyWhilePressed<T>(value: T): { shown: T; onPointerDownCapture: (event: ReactPointerEvent) => void } {
  // The hold lives in a ref: a press and a click change what the next drawing shows without
  // drawing themselves; `redraw` draws when a release has something new to show.
  const hold = useRef<Hold<T>>(RELEASED);
  const [, redraw] = useReducer((n: number) => n + 1, 0);
  // Listening stops on the release, or when the part goes away during a press.
  const stopListening = useRef<(() => void) | null>(null);
  useEffect(() => () => stopListening.current?.(), []);
  const shown = shownOf(hold.current, value);
  const onPointerDownCapture = () => {
    hold.current = press(hold.current, shown);
    // Listening starts with the press itself: a quick click's release comes before any effect runs.
    if (stopListening.current) return;
    let timer = 0;
    const releaseIn = (ms: number) => () => {
      window.clearTimeout(timer);
      timer = window.setTimeout(() => {
        stopListening.current?.();
        hold.current = RELEASED;
        redraw();
      }, ms);
    };
    const onClick = () => {
      hold.current = RELEASED;
      releaseIn(0)();
    };
    const longest = window.setTimeout(releaseIn(0), LONGEST_HOLD_MS);
    // The document's in the capture phase (a control may stop the event); the window's own blur
    // only (a field's blur passes the window in the capture phase, and the press itself makes one).
    const listeners = [
      [document, 'click', onClick, true],
      [document, 'pointerup', releaseIn(CLICK_GRACE_MS), true],
      [document, 'pointercancel', releaseIn(0), true],
      [window, 'blur', releaseIn(0), false],
    ] as const;
    for (const [target, type, listener, capture] of listeners) target.addEventListener(type, listener, capture);
    stopListening.current = () => {
      for (const [target, type, listener, capture] of listeners) target.removeEventListener(type, listener, capture);
      window.clearTimeout(longest);
      stopListening.current = null;
    };
  };
  return { shown, onPointerDownCapture };
}
