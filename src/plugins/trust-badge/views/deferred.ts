/**
 * The badge as the first-load code holds it: a wrapper from `viewsChunk`. The server loads the real
 * one (`Badge.tsx`) before rendering, so the lazy component is already resolved there; in the
 * browser the boundary keeps the server's HTML until the shopper reaches for the badge (pointer,
 * touch, focus, keys) or the page has settled, then the chunk arrives and the badge hydrates.
 */
import { createElement } from 'react';
import { viewsChunk } from '../../../ui/components/views-chunk.js';
import type * as Real from './Badge.js';

type Props = Parameters<typeof Real.Badge>[0];
const badge = viewsChunk(() => import('./Badge.js'));

/** The server loads the badge before rendering any page. */
export const beforeRender = (): Promise<void> => badge.load().then(() => undefined);

const Wrapper = badge.deferred('Badge', '#trust-badge');

/** The badge, or nothing when the page has none (hidden by its cookie, or no reviews yet). */
export const DeferredBadge = (props: Props) => (props.badge ? createElement(Wrapper, props) : null);
