/**
 * The floating trust badge (Customer Reviews for WooCommerce's `#cr_floatingtrustbadge`,
 * `wire-protocol.md` §2.9, spec "Floating badge"): compact, a button `Verified reviews: {avg}/5 from
 * {n} reviews`; pressed, a region with the latest reviews and `Close` (back to compact); `Close` on
 * the compact badge hides it and remembers that for 24 hours (`cr_hide_trustbadge`).
 *
 * It is on every page, and listing pages are at their script budget, so what they download before
 * the shopper interacts is this chunk only: the server renders the badge into the HTML
 * (`AppState.trustBadge`, read by `src/entry-server.tsx`), the browser keeps that HTML, and the
 * badge's behaviour (`views/Badge.tsx`) is fetched when the shopper reaches for the badge.
 */
import { definePlugin } from '../../core/plugin.js';
import { defineViews } from '../../ui/slots.js';
import { beforeRender, DeferredBadge } from './views/deferred.js';
export type { TrustBadgeOptions } from './options.js';

declare module '../../core/plugin.js' {
  interface PluginTypes {
    'trust-badge': typeof trustBadge;
  }
}

const trustBadge = definePlugin({
  name: 'trust-badge',
  kind: 'feature',
  // The schema loads only where options are checked (the server); the browser gets them checked.
  config: { load: () => import('./options.js').then((m) => m.trustBadgeOptions) },
  // Not over the checkout's and the account's forms (a floating box covers fields on a phone, and
  // the checkout is near its script budget); everywhere else.
  pages: ['home', 'shop', 'category', 'search', 'blog', 'post', 'product', 'cart', 'wishlist', 'reviews', 'order-tracking', 'not-found'],
  // Nothing to start: the badge's view does everything.
  setup: () => undefined,
});

export default trustBadge;

/** The badge, in the `page.overlay` slot. */
export const views = defineViews(trustBadge, { beforeRender, 'page.overlay': DeferredBadge });
