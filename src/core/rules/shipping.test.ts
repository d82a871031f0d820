import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PH_PROVINCES } from '../domain/ph-provinces.js';
import { DEFAULT_SHIPPING, selectedRate, shippingCost, shippingRates, type ShippingInput } from './shipping.js';

const at = (province: string, subtotal: number, freeShippingCoupon = false): ShippingInput => ({ province, subtotal, freeShippingCoupon });
const costs = (input: ShippingInput) => shippingRates(DEFAULT_SHIPPING, input).map((r) => [r.id, r.cost]);

describe('shipping rates', () => {
  it('lists the provinces a stock shop accepts, in its order, with Metro Manila as 00', () => {
    // From the recorded stock answer to a wrong state (storeapi-checkout-wrong-state).
    const stock = 'ABR, AGN, AGS, AKL, ALB, ANT, APA, AUR, BAS, BAN, BTN, BTG, BEN, BIL, BOH, BUK, BUL, CAG, CAN, CAS, CAM, CAP, CAT, CAV, CEB, COM, NCO, DAV, DAS, DAC, DAO, DIN, EAS, GUI, IFU, ILN, ILS, ILI, ISA, KAL, LUN, LAG, LAN, LAS, LEY, MAG, MAD, MAS, MSC, MSR, MOU, NEC, NER, NSA, NUE, NUV, MDC, MDR, PLW, PAM, PAN, QUE, QUI, RIZ, ROM, WSA, SAR, SIQ, SOR, SCO, SLE, SUK, SLU, SUN, SUR, TAR, TAW, ZMB, ZAN, ZAS, ZSI, 00'.split(', ');
    expect(PH_PROVINCES.map((p) => p.code)).toEqual(stock);
    expect(PH_PROVINCES.at(-1)).toEqual({ code: '00', name: 'Metro Manila', group: 'metro-manila' });
  });

  it('prices each zone as the shop promises', () => {
    expect(costs(at('00', 70_000))).toEqual([['flat_rate:1', 10_000], ['local_pickup:3', 0]]);
    expect(costs(at('PH:00', 150_000))).toEqual([['flat_rate:1', 10_000], ['free_shipping:2', 0], ['local_pickup:3', 0]]);
    expect(costs(at('BTG', 500_000))).toEqual([['flat_rate:4', 15_000], ['local_pickup:6', 0]]);
    expect(costs(at('CEB', 1))).toEqual([['flat_rate:7', 20_000], ['local_pickup:9', 0]]);
    expect(costs(at('DAS', 1))).toEqual([['flat_rate:10', 20_000], ['local_pickup:12', 0]]);
    expect(costs(at('CEB', 1, true))).toContainEqual(['free_shipping:8', 0]);
    expect(costs(at('NCR', 1))).toEqual([]);
    expect(costs(at('', 1))).toEqual([]);
  });

  it('uses each zone’s own flat rate, labels each method, and offers pickup only when the shop does', () => {
    const config = { metroManila: { flat: 1_000, freeFrom: null }, luzon: { flat: 2_000 }, visayas: { flat: 3_000 }, mindanao: { flat: 4_000 }, pickup: false };
    const flat = (province: string) => shippingRates(config, at(province, 1)).map((r) => [r.id, r.cost]);
    expect(flat('00')).toEqual([['flat_rate:1', 1_000]]);
    expect(flat('BTG')).toEqual([['flat_rate:4', 2_000]]);
    expect(flat('CEB')).toEqual([['flat_rate:7', 3_000]]);
    expect(flat('DAS')).toEqual([['flat_rate:10', 4_000]]);
    // No minimum: free shipping only with the coupon.
    expect(flat('00')).toHaveLength(1);
    expect(shippingRates(DEFAULT_SHIPPING, at('00', 150_000)).map((r) => [r.method, r.label])).toEqual([
      ['flat_rate', 'Flat rate'],
      ['free_shipping', 'Free shipping'],
      ['local_pickup', 'Local pickup'],
    ]);
  });

  it('costs nothing when no rate, or a rate no longer offered, is chosen', () => {
    const rates = shippingRates(DEFAULT_SHIPPING, at('BTG', 1));
    expect(shippingCost(rates, null)).toBe(0);
    expect(shippingCost(rates, 'flat_rate:1')).toBe(0);
    expect(shippingCost([], 'flat_rate:4')).toBe(0);
    expect(shippingCost(rates, 'flat_rate:4')).toBe(15_000);
  });

  it('selects free shipping when it appears, keeps the shopper’s choice otherwise, and falls back to the first', () => {
    const before = shippingRates(DEFAULT_SHIPPING, at('00', 70_000));
    const after = shippingRates(DEFAULT_SHIPPING, at('00', 70_000, true));
    expect(selectedRate(after, 'flat_rate:1', before)).toBe('free_shipping:2');
    expect(selectedRate(after, 'local_pickup:3', after)).toBe('local_pickup:3');
    expect(selectedRate(before, 'free_shipping:2', after)).toBe('flat_rate:1');
    expect(selectedRate([], 'flat_rate:1')).toBeNull();
  });

  const provinceArb = fc.constantFrom(...PH_PROVINCES.map((p) => p.code));
  const inputArb = fc.record({ province: provinceArb, subtotal: fc.integer({ min: 0, max: 10_000_000 }), freeShippingCoupon: fc.boolean() });

  it('property: every known province has a flat rate and pickup; free shipping exactly when the coupon or the Metro Manila minimum says so', () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        const rates = shippingRates(DEFAULT_SHIPPING, input);
        expect(rates[0]?.method).toBe('flat_rate');
        expect(rates.some((r) => r.method === 'local_pickup')).toBe(true);
        const free = input.freeShippingCoupon || (input.province === '00' && input.subtotal >= 150_000);
        expect(rates.some((r) => r.method === 'free_shipping')).toBe(free);
        expect(new Set(rates.map((r) => r.id)).size).toBe(rates.length);
        for (const r of rates) expect(r.cost).toBeGreaterThanOrEqual(0);
      }),
    );
  });

  it('property: the selected rate is always one offered, and its cost is what shippingCost reports', () => {
    fc.assert(
      fc.property(inputArb, inputArb, fc.option(fc.string(), { nil: null }), (a, b, previous) => {
        const prior = shippingRates(DEFAULT_SHIPPING, a);
        const rates = shippingRates(DEFAULT_SHIPPING, b);
        const chosen = selectedRate(rates, previous ?? selectedRate(prior, null), prior);
        expect(chosen).not.toBeNull();
        const rate = rates.find((r) => r.id === chosen);
        expect(rate).toBeDefined();
        expect(shippingCost(rates, chosen)).toBe(rate?.cost);
      }),
    );
  });

  it('property: raising the subtotal never makes Metro Manila delivery dearer', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000 }), fc.integer({ min: 0, max: 1_000_000 }), (x, y) => {
        const cheapest = (s: number) => Math.min(...shippingRates(DEFAULT_SHIPPING, at('00', s)).filter((r) => r.method !== 'local_pickup').map((r) => r.cost));
        expect(cheapest(Math.max(x, y))).toBeLessThanOrEqual(cheapest(Math.min(x, y)));
      }),
    );
  });
});
