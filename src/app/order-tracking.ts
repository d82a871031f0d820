/**
 * The order-tracking page's data (`/order-tracking/`, WooCommerce's `[woocommerce_order_tracking]`):
 * a form posted to the page itself, and what the server found. The server answers the post
 * (`server/routes/order-tracking.ts`) and hands the page this state; every value is already a
 * display string, so the view only lays it out.
 */

/** What happened to the last post of the form. */
export type TrackingOutcome =
  /** Nothing posted (or a post whose nonce did not verify: the stock page shows the blank form). */
  | 'form'
  | 'found'
  /** The order is missing or its billing email is another: the same answer for both. */
  | 'not-found'
  | 'invalid-id'
  | 'invalid-email'
  /** Too many attempts from this client or for this order. */
  | 'limited'
  /** The shop behind us (upstream mode) could not be reached or did not answer in time. */
  | 'unavailable';

/** A tracked order, ready to show. */
export interface TrackedOrder {
  readonly number: number;
  /** The status's label: `Processing`, `On hold`... */
  readonly status: string;
  /** The date it was placed, in the shop's time zone: `November 24, 2026`. */
  readonly date: string;
  readonly lines: ReadonlyArray<{ readonly name: string; readonly variation: string; readonly quantity: number; readonly total: string }>;
  /** The totals table: Subtotal, Discount, Shipping, Payment method, Total. */
  readonly totals: ReadonlyArray<readonly [label: string, value: string]>;
  /** The shopper's note to the shop, or ''. */
  readonly note: string;
}

/** The page's form and result. */
export interface OrderTracking {
  /** The form's nonce (`woocommerce-order-tracking-nonce`); '' where the server gave none. */
  readonly nonce: string;
  /** The values posted, shown again in the form after a refusal. */
  readonly orderId: string;
  readonly email: string;
  readonly outcome: TrackingOutcome;
  /** The order, only when the outcome is `found`. */
  readonly order: TrackedOrder | null;
}

/** The blank form. */
export const blankTracking = (nonce: string): OrderTracking => ({ nonce, orderId: '', email: '', outcome: 'form', order: null });

/** The notice shown above the form for an outcome, as the key of its text (WooCommerce's words where it has them), or null. */
export const trackingNotice = (outcome: TrackingOutcome): 'notFound' | 'invalidId' | 'invalidEmail' | 'limited' | 'unavailable' | null => {
  switch (outcome) {
    case 'not-found':
      return 'notFound';
    case 'invalid-id':
      return 'invalidId';
    case 'invalid-email':
      return 'invalidEmail';
    case 'limited':
      return 'limited';
    case 'unavailable':
      return 'unavailable';
    case 'form':
    case 'found':
      return null;
  }
};

/** Which field a refusal is about, for the form to mark it. */
export const trackingField = (outcome: TrackingOutcome): 'orderid' | 'order_email' | null =>
  outcome === 'invalid-id' ? 'orderid' : outcome === 'invalid-email' ? 'order_email' : null;
