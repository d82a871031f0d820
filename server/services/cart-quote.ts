/**
 * What a cart costs with everything the checkout adds: the customer's addresses and chosen rate
 * (`suki_cart_customers`), the coupons applied, the shipping rates for the address, and the
 * totals with the 12 % VAT they include. The arithmetic is the core rules'
 * (`src/core/rules/{coupons,shipping}.ts`); this module only reads and writes what they need.
 */
import { eq } from 'drizzle-orm';
import { couponDiscounts, grantsFreeShipping, orderTotals, spreadDiscount, type Coupon, type OrderTotals } from '../../src/core/rules/coupons.js';
import { selectedRate, shippingRates, type ShippingConfig, type ShippingRate } from '../../src/core/rules/shipping.js';
import type { ShopDatabase } from '../db/query.js';
import { cartCustomers } from '../db/schema.js';
import { STATEMENTS } from '../db/statements.js';
import type { CartLine, DbContext } from './cart.js';
import { appliedCoupons } from './coupons.js';
import type { OrderAddress } from './orders.js';
import { cartSubtotal } from './orders.js';

/** A Store API address as the cart keeps it. */
export type CartAddress = Omit<OrderAddress, 'email'>;
export type CartBillingAddress = CartAddress & { readonly email: string };

/** The cart's customer: what `cart/update-customer` and `cart/select-shipping-rate` stored. */
export interface CartCustomer {
  readonly billing: CartBillingAddress;
  readonly shipping: CartAddress;
  /** The rate the shopper chose, or null (then the first offered). */
  readonly shippingRate: string | null;
}

export const EMPTY_ADDRESS: CartAddress = { first_name: '', last_name: '', company: '', address_1: '', address_2: '', city: '', state: '', postcode: '', country: 'PH', phone: '' };
export const EMPTY_CUSTOMER: CartCustomer = { billing: { ...EMPTY_ADDRESS, email: '' }, shipping: EMPTY_ADDRESS, shippingRate: null };

const ADDRESS_FIELDS = Object.keys(EMPTY_ADDRESS) as Array<keyof CartAddress>;

/** Reads a stored address JSON, keeping only the known string fields (a bad row reads as empty). */
const readAddress = (json: string): CartAddress => {
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    value = {};
  }
  const source = typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
  const out: Record<string, string> = { ...EMPTY_ADDRESS };
  for (const field of ADDRESS_FIELDS) {
    const v = source[field];
    if (typeof v === 'string' && v !== '') out[field] = v;
  }
  return out as unknown as CartAddress;
};

const readEmail = (json: string): string => {
  try {
    const value = JSON.parse(json) as { email?: unknown };
    return typeof value.email === 'string' ? value.email : '';
  } catch {
    return '';
  }
};

/** The customer of a session's cart (empty when nothing was stored). */
export async function loadCustomer(db: ShopDatabase, sessionId: string): Promise<CartCustomer> {
  const [row] = await db.select().from(cartCustomers).where(eq(cartCustomers.sessionId, sessionId));
  if (!row) return EMPTY_CUSTOMER;
  return { billing: { ...readAddress(row.billing), email: readEmail(row.billing) }, shipping: readAddress(row.shipping), shippingRate: row.shippingRate };
}

/** Stores the customer (inside the write's transaction, after the session row exists). */
export async function saveCustomer(tx: ShopDatabase, sessionId: string, customer: CartCustomer): Promise<void> {
  const values = { billing: JSON.stringify(customer.billing), shipping: JSON.stringify(customer.shipping), shippingRate: customer.shippingRate };
  await tx
    .insert(cartCustomers)
    .values({ sessionId, ...values })
    .onConflictDoUpdate({ target: cartCustomers.sessionId, set: values });
}

/** Everything a cart answer shows beyond its lines. */
export interface CartQuote {
  readonly customer: CartCustomer;
  readonly coupons: ReadonlyArray<{ readonly coupon: Coupon; readonly discount: number }>;
  /** Rates for the shipping address; empty until a Philippine province is known. */
  readonly rates: readonly ShippingRate[];
  /** The selected rate id, or null when there are no rates. */
  readonly selected: string | null;
  /** True once a province is known (the Store API's `has_calculated_shipping`). */
  readonly calculated: boolean;
  readonly totals: OrderTotals;
  /** Each line's total after its share of the discount, in line order. */
  readonly lineTotals: readonly number[];
}

/** The rates for the lines, coupons and address (before choosing one). */
export function ratesFor(config: ShippingConfig, lines: readonly CartLine[], applied: readonly Coupon[], province: string): ShippingRate[] {
  if (lines.length === 0) return [];
  const subtotal = cartSubtotal(lines);
  const discount = couponDiscounts(subtotal, applied).reduce((sum, d) => sum + d.discount, 0);
  return shippingRates(config, { province, subtotal: subtotal - discount, freeShippingCoupon: grantsFreeShipping(applied) });
}

/** The quote for lines, coupons and customer (pure). */
export function quoteCart(config: ShippingConfig, lines: readonly CartLine[], applied: readonly Coupon[], customer: CartCustomer): CartQuote {
  const subtotal = cartSubtotal(lines);
  const discounts = couponDiscounts(subtotal, applied);
  const rates = ratesFor(config, lines, applied, customer.shipping.state);
  // With no choice yet, free shipping when offered, else the first rate; a choice holds while offered.
  const selected = customer.shippingRate === null ? selectedRate(rates, null) : selectedRate(rates, customer.shippingRate, rates);
  const cost = rates.find((r) => r.id === selected)?.cost ?? 0;
  const totals = orderTotals(subtotal, applied, cost);
  return {
    customer,
    coupons: applied.map((coupon, i) => ({ coupon, discount: discounts[i]?.discount ?? 0 })),
    rates,
    selected,
    calculated: lines.length > 0 && rates.length > 0,
    totals,
    lineTotals: spreadDiscount(lines.map((line) => cartSubtotal([line])), totals.discount),
  };
}

/**
 * Reads coupons and customer and quotes the cart. One prepared probe first says which of the two
 * the cart has, so the common cart (neither) costs one cheap statement, not two queries.
 */
export async function loadQuote(ctx: DbContext, sessionId: string, lines: readonly CartLine[], config: ShippingConfig): Promise<CartQuote> {
  const [extras] = await ctx.run<CartExtras>(ctx.db, STATEMENTS.cartExtras, [sessionId]);
  return quoteWithExtras(ctx.db, sessionId, lines, config, extras ?? { coupons: false, customer: false });
}

/** Whether a cart has coupons and a stored customer (the `cartExtras` probe). */
export interface CartExtras {
  readonly coupons: boolean;
  readonly customer: boolean;
}

/** The quote when the probe's answer is known already: reads only what the cart has. */
export async function quoteWithExtras(db: ShopDatabase, sessionId: string, lines: readonly CartLine[], config: ShippingConfig, extras: CartExtras): Promise<CartQuote> {
  const [applied, customer] = await Promise.all([extras.coupons ? appliedCoupons(db, sessionId) : [], extras.customer ? loadCustomer(db, sessionId) : EMPTY_CUSTOMER]);
  return quoteCart(config, lines, applied, customer);
}
