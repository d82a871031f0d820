/**
 * The badge as the first-load code holds it: a Suspense boundary around a lazy component. The
 * server loads the real one (`Badge.tsx`) before rendering; in the browser the boundary keeps the
 * server's HTML, and the chunk is fetched when the shopper reaches for the badge (pointer over it,
 * a touch, focus, keys), then the badge hydrates and works.
 */
import { createElement, lazy, memo, Suspense, useState, type ComponentType } from 'react';
import type * as Real from './Badge.js';
import { BADGE_ID } from './ids.js';

type BadgeModule = typeof Real;
type Props = Parameters<BadgeModule['Badge']>[0];
let loaded: BadgeModule | null = null;
let loading: Promise<BadgeModule> | undefined;
const load = (): Promise<BadgeModule> =>
  (loading ??= import('./Badge.js').then(
    (m) => (loaded = m),
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  ));

/** The server loads the badge before rendering any page. */
export const beforeRender = async (): Promise<void> => {
  await load();
};

const REACH = ['pointerenter', 'pointerdown', 'touchstart', 'focusin', 'keydown'] as const;
/** Resolves when the shopper reaches for the badge (at once when it is not on the page). */
const reached = (): Promise<void> =>
  new Promise<void>((resolve) => {
    const node = document.getElementById(BADGE_ID);
    if (!node) return resolve();
    const go = () => {
      for (const type of REACH) node.removeEventListener(type, go);
      resolve();
    };
    for (const type of REACH) node.addEventListener(type, go, { passive: true });
  });
/** The chunk, fetched again on the next reach while it cannot be. */
const loadSoon = async (): Promise<BadgeModule> => {
  for (;;) {
    try {
      return await load();
    } catch {
      await reached();
    }
  }
};

const Lazy = lazy(() => reached().then(loadSoon).then((m) => ({ default: m.Badge as ComponentType<Props> })));
const Boundary = memo((props: Props) => {
  const [view] = useState<ComponentType<Props>>(() => loaded?.Badge ?? Lazy);
  return createElement(Suspense, { fallback: null }, createElement(view, props));
});

/** The badge, or nothing when the page has none (hidden by its cookie, or no reviews yet). */
export const DeferredBadge = (props: Props) => (props.badge ? createElement(Boundary, props) : null);
