import { z } from 'zod/mini';

/**
 * Options of the wishlist plugin (YITH WooCommerce Wishlist's settings, `yith_wcwl_l10n` and the
 * plugin's options page). The server reads the same checked options (`server/routes/wishlist.ts`).
 */
export const wishlistOptions = z.strictObject({
  /**
   * Remove a line from the list once it is added to the cart from the list, when the viewer owns
   * the list (`yith_wcwl_remove_after_add_to_cart`). @default true
   */
  removeAfterAddToCart: z._default(z.boolean(), true),
  /** Go to the cart after an add to cart made from the list (`yith_wcwl_redirect_cart`). @default false */
  redirectToCart: z._default(z.boolean(), false),
  /** Layout of a list's page: the table, or the grid of images. @default 'table' */
  layout: z._default(z.enum(['table', 'grid']), 'table'),
  /** Shoppers may keep several lists (create, move between, delete). @default true */
  multipleLists: z._default(z.boolean(), true),
  /** `Ask for an estimate` on a list's page (emails the shop). @default true */
  estimates: z._default(z.boolean(), true),
  /** How long notices and popups stay, in milliseconds (`popup_timeout`). @default 3000 */
  popupTimeout: z._default(z.number().check(z.int(), z.minimum(1000), z.maximum(60_000)), 3000),
  /** Days a guest's lists live with their wishlist session cookie. @default 30 */
  guestDays: z._default(z.number().check(z.int(), z.minimum(1), z.maximum(365)), 30),
});

/** Checked options of the wishlist plugin. */
export type WishlistOptions = z.output<typeof wishlistOptions>;
