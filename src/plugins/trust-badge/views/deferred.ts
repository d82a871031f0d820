/**
 * The badge as the first-load code holds it: a Suspense boundary around a lazy component, the
 * smallest wrapper that works (listing pages are at their script budget). The server loads the real
 * one (`Badge.tsx`) before rendering, so the lazy component is already resolved there; in the
 * browser the boundary keeps the server's HTML until the shopper reaches for the badge (pointer,
 * touch, focus, keys) or the page has settled, then the chunk arrives and the badge hydrates.
 */
import { createElement, lazy, Suspense, type ComponentType } from 'react';
import { wakeOnInteractionOrIdle } from '../../../ui/components/wake.js';
import type * as Real from './Badge.js';

type BadgeModule = typeof Real;
type Props = Parameters<BadgeModule['Badge']>[0];
let loaded: BadgeModule | undefined;
const load = (): Promise<BadgeModule> => import('./Badge.js').then((m) => (loaded = m));

/** The server loads the badge before rendering any page. */
export const beforeRender = (): Promise<void> => load().then(() => undefined);

/** The chunk once the shopper reaches for the badge; fetched again on the next reach while it cannot be. */
const woken = (): Promise<BadgeModule> =>
  new Promise<void>((resolve) => void wakeOnInteractionOrIdle(document.getElementById('trust-badge') ?? document.body, resolve)).then(() => load().catch(woken));

// Already loaded (the server): a thenable that answers at once, so the first render has the badge.
const Lazy = lazy(() => (loaded ? ({ then: (done: (m: { default: ComponentType<Props> }) => void) => done({ default: loaded!.Badge }) } as unknown as Promise<{ default: ComponentType<Props> }>) : woken().then((m) => ({ default: m.Badge }))));

/** The badge, or nothing when the page has none (hidden by its cookie, or no reviews yet). */
export const DeferredBadge = (props: Props) => (props.badge ? createElement(Suspense, { fallback: null }, createElement(Lazy, props)) : null);
