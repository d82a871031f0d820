/** Quoting a cart: properties of the totals the cart answers show. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { includedVat, type Coupon } from '../../src/core/rules/coupons.js';
import { DEFAULT_SHIPPING } from '../../src/core/rules/shipping.js';
import { PH_PROVINCES } from '../../src/core/domain/ph-provinces.js';
import type { CartLine } from './cart.js';
import { EMPTY_CUSTOMER, quoteCart } from './cart-quote.js';

const line = (i: number, price: number, quantity: number): CartLine => ({
  key: `k${i}`,
  quantity,
  productId: i + 1,
  variationId: 0,
  item: { id: i + 1, sku: '', shortDescription: '', description: '', regularPrice: price, salePrice: null, stockQuantity: null, maxPerOrder: null, soldIndividually: false },
  parentName: `P${i}`,
  parentSlug: `p${i}`,
  imageId: null,
  imageAlt: '',
  attributes: [],
});

const linesArb = fc.array(fc.tuple(fc.integer({ min: 0, max: 500_000 }), fc.integer({ min: 1, max: 20 })), { minLength: 0, maxLength: 6 }).map((specs) => specs.map(([price, qty], i) => line(i, price, qty)));
const couponArb: fc.Arbitrary<Coupon> = fc.record({
  code: fc.constantFrom('a', 'b', 'c'),
  discountType: fc.constantFrom('percent' as const, 'fixed_cart' as const),
  amount: fc.integer({ min: 0, max: 200_000 }),
  freeShipping: fc.boolean(),
  expiresAt: fc.constant(null),
  minimumSpend: fc.constant(null),
  usageLimit: fc.constant(null),
  usageLimitPerEmail: fc.constant(null),
  individualUse: fc.constant(false),
}).map((c) => (c.discountType === 'percent' ? { ...c, amount: c.amount % 101 } : c));
const couponsArb = fc.uniqueArray(couponArb, { selector: (c) => c.code, maxLength: 3 });
const provinceArb = fc.constantFrom('', 'XX', ...PH_PROVINCES.map((p) => p.code));
const chosenArb = fc.option(fc.constantFrom('flat_rate:1', 'free_shipping:2', 'local_pickup:3', 'flat_rate:7', 'local_pickup:12', 'nope:0'), { nil: null });

describe('quoteCart', () => {
  it('property: line totals after discount are never negative and add up to the subtotal less the discount', () => {
    fc.assert(
      fc.property(linesArb, couponsArb, (lines, applied) => {
        const quote = quoteCart(DEFAULT_SHIPPING, lines, applied, EMPTY_CUSTOMER);
        expect(quote.lineTotals.every((n) => n >= 0)).toBe(true);
        expect(quote.lineTotals.reduce((s, n) => s + n, 0)).toBe(quote.totals.subtotal - quote.totals.discount);
      }),
    );
  });

  it('property: the selected rate is one of the rates (or none when none are offered), its cost is the shipping, and the VAT is the part of the total', () => {
    fc.assert(
      fc.property(linesArb, couponsArb, provinceArb, chosenArb, (lines, applied, state, chosen) => {
        const quote = quoteCart(DEFAULT_SHIPPING, lines, applied, { ...EMPTY_CUSTOMER, shipping: { ...EMPTY_CUSTOMER.shipping, state }, shippingRate: chosen });
        if (quote.rates.length === 0) {
          expect(quote.selected).toBeNull();
          expect(quote.totals.shipping).toBe(0);
          expect(quote.calculated).toBe(false);
        } else {
          const rate = quote.rates.find((r) => r.id === quote.selected);
          expect(rate).toBeDefined();
          expect(quote.totals.shipping).toBe(rate?.cost);
          // A choice that is still offered holds.
          if (chosen !== null && quote.rates.some((r) => r.id === chosen)) expect(quote.selected).toBe(chosen);
        }
        expect(quote.totals.total).toBe(quote.totals.subtotal - quote.totals.discount + quote.totals.shipping);
        expect(quote.totals.vat).toBe(includedVat(quote.totals.total));
      }),
    );
  });
});
