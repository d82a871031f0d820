import type { Currency, MinorUnits } from './money.js';
import type { ProductImage, QuantityLimits } from './catalog.js';

/** One line of the cart. */
export interface CartLine {
  /** The server's `cart_item_key`; for an optimistic line, a local key starting with `pending:`. */
  readonly key: string;
  /** The product id (for a variation, the variation id as the Store API reports it). */
  readonly id: number;
  readonly name: string;
  readonly sku: string;
  readonly quantity: number;
  readonly limits: QuantityLimits & { readonly editable: boolean };
  readonly permalink: string;
  readonly image: ProductImage | null;
  /** Chosen attribute values of a variation line. */
  readonly variation: ReadonlyArray<{ readonly attribute: string; readonly value: string }>;
  readonly unitPrice: MinorUnits;
  readonly regularPrice: MinorUnits;
  readonly lineSubtotal: MinorUnits;
  readonly lineTotal: MinorUnits;
  /**
   * First category name, kept for analytics; null when unknown (the Store API's cart items carry
   * none), never ''.
   */
  readonly category: string | null;
  /** True while the line is shown optimistically and the server has not confirmed it. */
  readonly pending: boolean;
}

/** Cart totals in minor units of `currency`. */
export interface CartTotals {
  readonly subtotal: MinorUnits;
  readonly discount: MinorUnits;
  readonly shipping: MinorUnits | null;
  readonly tax: MinorUnits;
  readonly total: MinorUnits;
  readonly currency: Currency;
}

/** The whole cart as the Store API `GET /cart` describes it. */
export interface Cart {
  readonly lines: readonly CartLine[];
  readonly totals: CartTotals;
  readonly coupons: ReadonlyArray<{ readonly code: string }>;
  /** Sum of line quantities. */
  readonly itemsCount: number;
  /** What the shop says is wrong with the cart (a line sold out since it was added...); absent: nothing. */
  readonly problems?: ReadonlyArray<{ readonly code: string; readonly message: string }>;
}

/** What a shopper asks to add. */
export interface AddToCartRequest {
  readonly productId: number;
  readonly quantity: number;
  readonly variationId?: number;
  readonly variation?: Readonly<Record<string, string>>;
  /** The product's page, where the shopper is sent when the shop refuses the add. */
  readonly productUrl?: string;
  /** Reused on every retry of the same shopper intent. */
  readonly idempotencyKey: string;
}
