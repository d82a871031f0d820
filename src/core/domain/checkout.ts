/**
 * What checkout reads and sends: the cart as the checkout sees it (with shipping rates, payment
 * methods and the cart's own errors), addresses in the Store API's fields, the order a placed
 * checkout answers with, and an order read back for the order-received page. Amounts are minor units.
 */
import type { Cart } from './cart.js';
import type { Currency, MinorUnits } from './money.js';

/** A billing or shipping address in the Store API's fields. Country is `PH` for this shop. */
export interface Address {
  readonly first_name: string;
  readonly last_name: string;
  readonly company: string;
  readonly address_1: string;
  /** The barangay on our form (WooCommerce's second address line). */
  readonly address_2: string;
  readonly city: string;
  /** WooCommerce state code (`00` is Metro Manila). */
  readonly state: string;
  readonly postcode: string;
  readonly country: string;
  readonly phone: string;
}

/** The billing address also carries the shopper's email. */
export interface BillingAddress extends Address {
  readonly email: string;
}

/** One shipping rate of a package. */
export interface ShippingOption {
  /** `method:instance`, e.g. `flat_rate:1`. */
  readonly rateId: string;
  readonly name: string;
  readonly price: MinorUnits;
  readonly selected: boolean;
}

/** One shipping package (a stock shop makes one for a whole cart). */
export interface ShippingPackage {
  readonly packageId: number;
  readonly name: string;
  readonly rates: readonly ShippingOption[];
}

/** A problem the shop reports about the cart (a line out of stock...). */
export interface CartProblem {
  readonly code: string;
  readonly message: string;
}

/** The cart as the checkout reads it: the cart plus what only checkout needs. */
export interface CheckoutCart {
  readonly cart: Cart;
  readonly billing: BillingAddress;
  readonly shipping: Address;
  readonly needsShipping: boolean;
  readonly packages: readonly ShippingPackage[];
  /** Payment method ids the shop offers (`cod`, `bacs`). */
  readonly paymentMethods: readonly string[];
  /** The cart's own errors (out of stock since it was added...). */
  readonly problems: readonly CartProblem[];
}

/** What `Place order` sends (the Store API checkout body). */
export interface PlaceOrderRequest {
  readonly billing: BillingAddress;
  readonly shipping: Address;
  readonly customerNote: string;
  readonly paymentMethod: string;
  /** Sent as `Idempotency-Key`: one per attempt, the same on its retries. */
  readonly idempotencyKey: string;
  /** Extensions data (e.g. the newsletter opt-in), sent as `extensions`. */
  readonly extensions?: Readonly<Record<string, Readonly<Record<string, unknown>>>>;
}

/** The answer to a placed order. */
export interface PlacedOrder {
  readonly orderId: number;
  readonly orderNumber: string;
  readonly status: string;
  readonly orderKey: string;
  readonly paymentMethod: string;
  readonly paymentStatus: string;
  /** Where the shop sends the shopper next (the order-received page), on this shop; '' when none. */
  readonly redirectUrl: string;
}

/** The draft order a stock shop keeps for a checkout in progress (`GET checkout`). */
export interface CheckoutDraft {
  readonly orderId: number;
  readonly status: string;
  readonly orderKey: string;
  readonly billing: BillingAddress;
  readonly shipping: Address;
  readonly customerNote: string;
  readonly paymentMethod: string;
}

/** One line of a placed order. */
export interface OrderLine {
  readonly name: string;
  readonly sku: string;
  readonly quantity: number;
  readonly variation: ReadonlyArray<{ readonly attribute: string; readonly value: string }>;
  readonly lineSubtotal: MinorUnits;
  readonly lineTotal: MinorUnits;
}

/** An order read back with its key (the order-received page). */
export interface ReceivedOrder {
  readonly id: number;
  readonly status: string;
  readonly lines: readonly OrderLine[];
  readonly coupons: ReadonlyArray<{ readonly code: string; readonly discount: MinorUnits }>;
  readonly totals: {
    readonly subtotal: MinorUnits;
    readonly discount: MinorUnits;
    readonly shipping: MinorUnits;
    readonly tax: MinorUnits;
    readonly total: MinorUnits;
    readonly currency: Currency;
  };
  readonly billing: BillingAddress;
  readonly shipping: Address;
  readonly needsShipping: boolean;
  /** The payment method id, when the shop says it (a stock order route does not). */
  readonly paymentMethod: string | null;
  /** When the order was made (ISO 8601), when the shop says it (a stock order route does not). */
  readonly dateCreated: string | null;
  /** The chosen shipping rate's title, when the shop says it. */
  readonly shippingMethodTitle: string | null;
  readonly customerNote: string;
  /** The shop's bank account for a direct bank transfer, when the shop says it. */
  readonly bankDetails: readonly string[];
}

/** Titles of the payment methods this storefront offers. */
export const PAYMENT_METHOD_TITLES: Readonly<Record<string, string>> = {
  cod: 'Cash on delivery',
  bacs: 'Direct bank transfer',
};
