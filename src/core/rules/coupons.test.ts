import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PHP } from '../domain/money.js';
import { formatMoney } from './money.js';
import {
  checkCoupon,
  couponDiscounts,
  couponMissingMessage,
  COUPON_REFUSALS,
  grantsFreeShipping,
  includedVat,
  normaliseCouponCode,
  orderTotals,
  spreadDiscount,
  withCoupon,
  withoutCoupon,
  type Coupon,
  type CouponContext,
  type CouponRefusalTexts,
} from './coupons.js';

const NOW = Date.UTC(2026, 10, 25);
const coupon = (over: Partial<Coupon> & Pick<Coupon, 'code'>): Coupon => ({
  discountType: 'percent',
  amount: 10,
  freeShipping: false,
  expiresAt: null,
  minimumSpend: null,
  usageLimit: null,
  usageLimitPerEmail: null,
  individualUse: false,
  ...over,
});
const SALAMAT10 = coupon({ code: 'salamat10' });
const LIBRENGSHIP = coupon({ code: 'librengship', discountType: 'fixed_cart', amount: 0, freeShipping: true });
const context = (over: Partial<CouponContext> = {}): CouponContext => ({
  now: NOW,
  subtotal: 70_000,
  applied: [],
  usageCount: 0,
  usageByEmail: null,
  format: (amount) => formatMoney(amount, PHP),
  ...over,
});
const message = (result: ReturnType<typeof checkCoupon>) => (result.ok ? null : result.error.message);

describe('coupons (the stock shop’s messages and arithmetic)', () => {
  it('refuses as WooCommerce does', () => {
    expect(message(checkCoupon(SALAMAT10, context({ applied: [SALAMAT10] })))).toBe('Coupon code "salamat10" has already been applied.');
    expect(message(checkCoupon(coupon({ code: 'pasko2023', expiresAt: Date.UTC(2024, 0, 1) }), context()))).toBe('This coupon has expired.');
    expect(message(checkCoupon(coupon({ code: 'x', usageLimit: 10 }), context({ usageCount: 10 })))).toBe('Coupon usage limit has been reached.');
    expect(message(checkCoupon(coupon({ code: 'x', usageLimitPerEmail: 1 }), context({ usageByEmail: 1 })))).toBe('Coupon usage limit has been reached.');
    expect(message(checkCoupon(coupon({ code: 'x', minimumSpend: 100_000 }), context()))).toBe('The minimum spend for this coupon is ₱1,000.00.');
    const solo = coupon({ code: 'solo', individualUse: true });
    expect(message(checkCoupon(SALAMAT10, context({ applied: [solo] })))).toBe('Sorry, coupon "solo" has already been applied and cannot be used in conjunction with other coupons.');
    expect(checkCoupon(SALAMAT10, context()).ok).toBe(true);
    expect(couponMissingMessage(' WalangGanito ')).toBe('Coupon "walangganito" does not exist!');
    expect(normaliseCouponCode('  SALAMAT10 ')).toBe('salamat10');
  });

  it('refuses in the words it is given (the shopper’s language), each refusal with its own text and values; English by default', () => {
    // Every text names its refusal, so a refusal that took another's text shows.
    const tagged: CouponRefusalTexts = {
      missing: ({ code }) => `missing:${code}`,
      alreadyApplied: ({ code }) => `again:${code}`,
      expired: 'expired',
      usageLimit: 'limit',
      minimumSpend: ({ amount }) => `minimum:${amount}`,
      individualUse: ({ code }) => `alone:${code}`,
      notApplied: 'not-applied',
    };
    const solo = coupon({ code: 'solo', individualUse: true });
    const cases: Array<[Coupon, Partial<CouponContext>, string]> = [
      [SALAMAT10, { applied: [SALAMAT10] }, 'again:salamat10'],
      [coupon({ code: 'pasko2023', expiresAt: Date.UTC(2024, 0, 1) }), {}, 'expired'],
      [coupon({ code: 'x', usageLimit: 10 }), { usageCount: 10 }, 'limit'],
      [coupon({ code: 'x', usageLimitPerEmail: 1 }), { usageByEmail: 1 }, 'limit'],
      [coupon({ code: 'x', minimumSpend: 100_000 }), {}, 'minimum:₱1,000.00'],
      [SALAMAT10, { applied: [solo] }, 'alone:solo'],
    ];
    for (const [c, over, expected] of cases) {
      expect(message(checkCoupon(c, context({ ...over, texts: tagged })))).toBe(expected);
      expect(message(checkCoupon(c, context({ ...over, texts: COUPON_REFUSALS })))).toBe(message(checkCoupon(c, context(over))));
    }
    expect(couponMissingMessage(' WalangGanito ', tagged)).toBe('missing:walangganito');
    expect(withoutCoupon([SALAMAT10], 'pasko2023', tagged)).toEqual({ ok: false, error: { code: 'woocommerce_rest_cart_coupon_error', message: 'not-applied' } });
  });

  it('applies, replaces for individual use, and removes', () => {
    const solo = coupon({ code: 'solo', individualUse: true });
    expect(withCoupon([SALAMAT10], LIBRENGSHIP).map((c) => c.code)).toEqual(['salamat10', 'librengship']);
    expect(withCoupon([SALAMAT10, LIBRENGSHIP], solo).map((c) => c.code)).toEqual(['solo']);
    const removed = withoutCoupon([SALAMAT10, LIBRENGSHIP], 'LIBRENGSHIP');
    expect(removed.ok && removed.value.map((c) => c.code)).toEqual(['salamat10']);
    expect(withoutCoupon([SALAMAT10], 'pasko2023')).toEqual({ ok: false, error: { code: 'woocommerce_rest_cart_coupon_error', message: 'Invalid coupon code.' } });
    expect(grantsFreeShipping([SALAMAT10, LIBRENGSHIP])).toBe(true);
  });

  it('totals like the recorded stock cart: 700 − 10 % + 100 shipping = 730, VAT 12 % included', () => {
    expect(orderTotals(70_000, [SALAMAT10], 10_000)).toEqual({ subtotal: 70_000, discount: 7_000, shipping: 10_000, total: 73_000, vat: 7_821 });
    expect(includedVat(112_00)).toBe(12_00);
  });

  const couponArb = fc.record({
    code: fc.stringMatching(/^[a-z0-9]{1,8}$/),
    discountType: fc.constantFrom('percent' as const, 'fixed_cart' as const),
    amount: fc.oneof(fc.integer({ min: 0, max: 100 }), fc.integer({ min: 0, max: 500_000 }), fc.double({ min: 0, max: 100, noNaN: true })),
    freeShipping: fc.boolean(),
    expiresAt: fc.constant(null),
    minimumSpend: fc.constant(null),
    usageLimit: fc.constant(null),
    usageLimitPerEmail: fc.constant(null),
    individualUse: fc.boolean(),
  });
  const subtotalArb = fc.integer({ min: 0, max: 50_000_000 });

  it('property: discounts are whole, non-negative, and together never pass the subtotal', () => {
    fc.assert(
      fc.property(subtotalArb, fc.array(couponArb, { maxLength: 5 }), fc.integer({ min: 0, max: 100_000 }), (subtotal, applied, shipping) => {
        const discounts = couponDiscounts(subtotal, applied);
        const sum = discounts.reduce((s, d) => s + d.discount, 0);
        for (const d of discounts) {
          expect(Number.isInteger(d.discount)).toBe(true);
          expect(d.discount).toBeGreaterThanOrEqual(0);
        }
        expect(sum).toBeLessThanOrEqual(subtotal);
        const totals = orderTotals(subtotal, applied, shipping);
        expect(totals.total).toBe(subtotal - sum + shipping);
        expect(totals.total).toBeGreaterThanOrEqual(shipping);
        expect(totals.vat).toBeLessThanOrEqual(totals.total);
      }),
    );
  });

  it('property: a percent coupon takes the rounded share of the subtotal', () => {
    fc.assert(
      fc.property(subtotalArb, fc.integer({ min: 0, max: 100 }), (subtotal, percent) => {
        const [only] = couponDiscounts(subtotal, [coupon({ code: 'p', amount: percent })]);
        expect(Math.abs((only?.discount ?? 0) - (subtotal * percent) / 100)).toBeLessThanOrEqual(0.5);
      }),
    );
  });

  it('property: VAT included is 12/112 of the amount, to the nearest minor unit', () => {
    fc.assert(fc.property(fc.integer({ min: 0, max: 1e9 }), (amount) => {
      expect(Math.abs(includedVat(amount) - (amount * 12) / 112)).toBeLessThanOrEqual(0.5);
    }));
  });

  it('property: checking never accepts a coupon already applied, and applying keeps codes unique', () => {
    fc.assert(
      fc.property(fc.array(couponArb, { maxLength: 6 }), (candidates) => {
        let applied: readonly Coupon[] = [];
        for (const candidate of candidates) {
          const checked = checkCoupon(candidate, context({ applied }));
          if (checked.ok) applied = withCoupon(applied, checked.value);
        }
        expect(new Set(applied.map((c) => c.code)).size).toBe(applied.length);
        // An individual-use coupon is never combined with another.
        if (applied.some((c) => c.individualUse)) expect(applied).toHaveLength(1);
      }),
    );
  });
});

describe('spreadDiscount (each line’s share of a cart discount)', () => {
  const amounts = fc.array(fc.integer({ min: 0, max: 10_000_000 }), { maxLength: 12 });

  it('property: no line below zero or above its amount, and the lines add up to the sum less the discount (capped at the sum)', () => {
    fc.assert(
      fc.property(amounts, fc.integer({ min: -100, max: 20_000_000 }), (lines, discount) => {
        const after = spreadDiscount(lines, discount);
        const sum = lines.reduce((s, n) => s + n, 0);
        expect(after).toHaveLength(lines.length);
        after.forEach((n, i) => {
          expect(n).toBeGreaterThanOrEqual(0);
          expect(n).toBeLessThanOrEqual(lines[i] ?? 0);
        });
        expect(after.reduce((s, n) => s + n, 0)).toBe(sum - Math.min(Math.max(discount, 0), sum));
      }),
    );
  });

  it('the recorded stock split: 10 % of ₱700 and ₱250 is ₱630 and ₱225; a free line keeps nothing off', () => {
    expect(spreadDiscount([70_000, 25_000], 9_500)).toEqual([63_000, 22_500]);
    expect(spreadDiscount([1, 1, 0], 1)).toEqual([0, 1, 0]);
  });
});
