/**
 * Coupons as WooCommerce applies them, in minor units: percent and fixed-cart discounts, free
 * shipping, minimum spend, expiry, usage limits (overall and per email) and "individual use", with
 * the stock shop's messages. Each percent coupon is taken from the undiscounted subtotal (the stock
 * default, not sequential), each is rounded to the minor unit half up, and the discounts together
 * never exceed the subtotal. Counting uses under concurrency is the server's job; these rules decide
 * given the counts it read.
 */
import type { MinorUnits } from '../domain/money.js';
import { err, ok, type Result } from '../result.js';

export type DiscountType = 'percent' | 'fixed_cart';

/** A coupon as the shop stores it. */
export interface Coupon {
  /** Lower-case code (codes are matched without regard to case). */
  readonly code: string;
  readonly discountType: DiscountType;
  /** Percent (0–100) for `percent`; minor units for `fixed_cart`. */
  readonly amount: number;
  readonly freeShipping: boolean;
  /** Expiry instant (ms since the epoch); the coupon is expired from then on. */
  readonly expiresAt: number | null;
  /** Smallest subtotal it applies to, minor units. */
  readonly minimumSpend: MinorUnits | null;
  /** Uses allowed in all. */
  readonly usageLimit: number | null;
  /** Uses allowed per billing email. */
  readonly usageLimitPerEmail: number | null;
  /** Cannot be combined with other coupons. */
  readonly individualUse: boolean;
}

/** What a coupon is checked against. */
export interface CouponContext {
  readonly now: number;
  /** Cart subtotal before discounts, tax included. */
  readonly subtotal: MinorUnits;
  /** Codes already applied, in order. */
  readonly applied: readonly Coupon[];
  /** Orders that used this coupon so far. */
  readonly usageCount: number;
  /** Orders by this email that used it; null when the email is not known yet. */
  readonly usageByEmail: number | null;
  /** Formats an amount for messages (`₱1,500.00`). */
  readonly format: (amount: MinorUnits) => string;
  /** The refusals' words; absent, the stock shop's English ({@link COUPON_REFUSALS}). */
  readonly texts?: CouponRefusalTexts;
}

/** A coupon refusal's words (the server gives them in the shopper's language). */
export interface CouponRefusalTexts {
  readonly missing: (values: { readonly code: string }) => string;
  readonly alreadyApplied: (values: { readonly code: string }) => string;
  readonly expired: string;
  readonly usageLimit: string;
  readonly minimumSpend: (values: { readonly amount: string }) => string;
  readonly individualUse: (values: { readonly code: string }) => string;
  readonly notApplied: string;
}

/** The stock shop's English refusals, word for word. */
export const COUPON_REFUSALS: CouponRefusalTexts = {
  missing: ({ code }) => `Coupon "${code}" does not exist!`,
  alreadyApplied: ({ code }) => `Coupon code "${code}" has already been applied.`,
  expired: 'This coupon has expired.',
  usageLimit: 'Coupon usage limit has been reached.',
  minimumSpend: ({ amount }) => `The minimum spend for this coupon is ${amount}.`,
  individualUse: ({ code }) => `Sorry, coupon "${code}" has already been applied and cannot be used in conjunction with other coupons.`,
  notApplied: 'Invalid coupon code.',
};

/** Why a coupon was refused: WooCommerce's error code and its message. */
export interface CouponError {
  readonly code: 'woocommerce_rest_cart_coupon_error';
  readonly message: string;
}

/** Normalises a typed code: trimmed, lower-case (what WooCommerce stores and answers with). */
export const normaliseCouponCode = (raw: string): string => raw.trim().toLowerCase();

const refuse = (message: string): Result<never, CouponError> => err({ code: 'woocommerce_rest_cart_coupon_error', message });

/** The stock shop's message for a code that does not exist (in `texts`' language). */
export const couponMissingMessage = (code: string, texts: CouponRefusalTexts = COUPON_REFUSALS): string => texts.missing({ code: normaliseCouponCode(code) });

/**
 * Whether `coupon` may be used now. Checks in WooCommerce's order: already applied, expiry, usage
 * limits, minimum spend, then individual use against the coupons already in the cart.
 */
export const checkCoupon = (coupon: Coupon, context: CouponContext): Result<Coupon, CouponError> => {
  const t = context.texts ?? COUPON_REFUSALS;
  if (context.applied.some((c) => c.code === coupon.code)) return refuse(t.alreadyApplied({ code: coupon.code }));
  if (coupon.expiresAt !== null && context.now >= coupon.expiresAt) return refuse(t.expired);
  if (coupon.usageLimit !== null && context.usageCount >= coupon.usageLimit) return refuse(t.usageLimit);
  if (coupon.usageLimitPerEmail !== null && context.usageByEmail !== null && context.usageByEmail >= coupon.usageLimitPerEmail) {
    return refuse(t.usageLimit);
  }
  if (coupon.minimumSpend !== null && context.subtotal < coupon.minimumSpend) {
    return refuse(t.minimumSpend({ amount: context.format(coupon.minimumSpend) }));
  }
  const exclusive = context.applied.find((c) => c.individualUse);
  if (exclusive) return refuse(t.individualUse({ code: exclusive.code }));
  return ok(coupon);
};

/**
 * The coupons after applying `coupon` (already checked): appended, or alone when it is for
 * individual use (WooCommerce drops the others then).
 */
export const withCoupon = (applied: readonly Coupon[], coupon: Coupon): readonly Coupon[] => (coupon.individualUse ? [coupon] : [...applied, coupon]);

/** The coupons after removing `code`; an error when it is not applied (stock: "Invalid coupon code."). */
export const withoutCoupon = (applied: readonly Coupon[], code: string, texts: CouponRefusalTexts = COUPON_REFUSALS): Result<readonly Coupon[], CouponError> => {
  const wanted = normaliseCouponCode(code);
  if (!applied.some((c) => c.code === wanted)) return refuse(texts.notApplied);
  return ok(applied.filter((c) => c.code !== wanted));
};

// Half-up division of non-negative integers.
const divideRounded = (numerator: number, denominator: number): number => Math.floor((numerator * 2 + denominator) / (denominator * 2));

/** One coupon's discount on its own, before the cap. */
const rawDiscount = (coupon: Coupon, subtotal: MinorUnits): MinorUnits => {
  if (coupon.discountType === 'percent') {
    const percent = Math.min(Math.max(coupon.amount, 0), 100);
    // Percent may have decimals (12.5 %): work in hundredths of a percent to stay in integers.
    return divideRounded(subtotal * Math.round(percent * 100), 10_000);
  }
  return Math.max(Math.round(coupon.amount), 0);
};

/** Each applied coupon's discount, in order, capped so that together they never pass the subtotal. */
export const couponDiscounts = (subtotal: MinorUnits, applied: readonly Coupon[]): ReadonlyArray<{ readonly code: string; readonly discount: MinorUnits }> => {
  let left = Math.max(subtotal, 0);
  return applied.map((coupon) => {
    const discount = Math.min(rawDiscount(coupon, Math.max(subtotal, 0)), left);
    left -= discount;
    return { code: coupon.code, discount };
  });
};

/** True when an applied coupon grants free shipping. */
export const grantsFreeShipping = (applied: readonly Coupon[]): boolean => applied.some((c) => c.freeShipping);

/** The Philippine VAT rate in basis points (12 %). */
export const PH_VAT_BASIS_POINTS = 1_200;

/** The VAT included in a tax-inclusive amount: amount × rate / (1 + rate), rounded half up. */
export const includedVat = (amount: MinorUnits, basisPoints: number = PH_VAT_BASIS_POINTS): MinorUnits =>
  amount <= 0 ? 0 : divideRounded(amount * basisPoints, 10_000 + basisPoints);

/** An order's totals; prices include VAT, so the total does too. */
export interface OrderTotals {
  readonly subtotal: MinorUnits;
  readonly discount: MinorUnits;
  readonly shipping: MinorUnits;
  readonly total: MinorUnits;
  /** VAT included in the total. */
  readonly vat: MinorUnits;
}

/** Totals from the subtotal, the applied coupons and the chosen shipping cost. */
export const orderTotals = (subtotal: MinorUnits, applied: readonly Coupon[], shipping: MinorUnits): OrderTotals => {
  const discount = couponDiscounts(subtotal, applied).reduce((sum, d) => sum + d.discount, 0);
  const total = Math.max(subtotal, 0) - discount + Math.max(shipping, 0);
  return { subtotal: Math.max(subtotal, 0), discount, shipping: Math.max(shipping, 0), total, vat: includedVat(total) };
};

/**
 * The lines' totals after a cart discount (at most their sum), spread in proportion to each line:
 * each share rounded down, then the minor units left over one at a time to the lines that still
 * have room, in order. No line goes below zero, and the lines add up to the sum less the discount
 * (the Store API's `line_total`).
 */
export const spreadDiscount = (amounts: readonly MinorUnits[], discount: MinorUnits): MinorUnits[] => {
  const gross = amounts.map((n) => Math.max(n, 0));
  const subtotal = gross.reduce((s, n) => s + n, 0);
  const total = Math.min(Math.max(discount, 0), subtotal);
  if (subtotal === 0 || total === 0) return gross;
  const shares = gross.map((amount) => Math.floor((total * amount) / subtotal));
  let left = total - shares.reduce((s, n) => s + n, 0);
  for (let i = 0; left > 0; i = (i + 1) % gross.length) {
    if ((gross[i] ?? 0) - (shares[i] ?? 0) > 0) {
      shares[i] = (shares[i] ?? 0) + 1;
      left -= 1;
    }
  }
  return gross.map((amount, i) => amount - (shares[i] ?? 0));
};
