import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  clampQuantity,
  normaliseQuantityInput,
  parseQuantity,
  quantityMinus,
  quantityPlus,
  stepQuantity,
  type QuantityLimits,
} from './quantity.js';

const maybe = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: undefined });
const limitsArb: fc.Arbitrary<QuantityLimits> = fc.record({
  min: maybe(fc.oneof(fc.integer({ min: -5, max: 20 }), fc.constant(Number.NaN))),
  max: maybe(fc.oneof(fc.integer({ min: -5, max: 60 }), fc.constant(Number.NaN), fc.constant(Infinity))),
  step: maybe(fc.oneof(fc.integer({ min: -2, max: 6 }), fc.constant(Number.NaN))),
});
const rawArb = fc.oneof(fc.integer({ min: -50, max: 100 }), fc.string(), fc.constant(Number.NaN), fc.integer({ min: 0, max: 99 }).map(String));

const bounds = (limits: QuantityLimits) => {
  const lower = Math.max(Number.isFinite(limits.min) ? limits.min! : 0, 0);
  const max = Number.isFinite(limits.max) && limits.max! > 0 ? limits.max! : Infinity;
  return { lower, upper: Math.max(max, lower), step: Number.isFinite(limits.step) && limits.step! > 0 ? limits.step! : 1 };
};

describe('quantity rules (examples from the spec)', () => {
  it('counts a non-numeric value as 0', () => {
    expect(parseQuantity('abc')).toBe(0);
    expect(parseQuantity('')).toBe(0);
    expect(parseQuantity(undefined)).toBe(0);
    expect(parseQuantity('3 pcs')).toBe(3);
    expect(quantityPlus('abc', {})).toBe(1);
  });
  it('defaults the step to 1 and treats a non-positive or NaN step as 1', () => {
    expect(quantityPlus(2, {})).toBe(3);
    expect(quantityPlus(2, { step: 0 })).toBe(3);
    expect(quantityPlus(2, { step: -4 })).toBe(3);
    expect(quantityPlus(2, { step: Number.NaN })).toBe(3);
    expect(quantityPlus(2, { step: 5 })).toBe(7);
  });
  it('caps plus at max', () => {
    expect(quantityPlus(9, { max: 10, step: 3 })).toBe(10);
    expect(quantityPlus(10, { max: 10 })).toBe(10);
  });
  it('stops minus at min (default 0) and never below zero', () => {
    expect(quantityMinus(1, {})).toBe(0);
    expect(quantityMinus(0, {})).toBe(0);
    expect(quantityMinus(2, { min: 2 })).toBe(2);
    expect(quantityMinus(3, { min: -4 })).toBe(2);
    expect(quantityMinus(1, { min: -4 })).toBe(0);
  });
  it('keeps decimal steps exact', () => {
    expect(quantityPlus(0.1, { step: 0.2 })).toBe(0.3);
    expect(quantityMinus(0.3, { step: 0.1 })).toBe(0.2);
  });
  it('normalises typed input onto the step grid from min', () => {
    expect(normaliseQuantityInput('7', { min: 1, step: 3 })).toBe(7);
    expect(normaliseQuantityInput('8', { min: 1, step: 3 })).toBe(7);
    expect(normaliseQuantityInput('9', { min: 1, step: 3 })).toBe(10);
    expect(normaliseQuantityInput('99', { min: 1, max: 12, step: 3 })).toBe(10);
    expect(normaliseQuantityInput('x', { min: 2 })).toBe(2);
    expect(stepQuantity('4', { min: 1, max: 3 }, 'none')).toBe(3);
  });
  it('clamps', () => {
    expect(clampQuantity(Number.NaN, { min: 2 })).toBe(2);
    expect(clampQuantity(50, { max: 5 })).toBe(5);
    expect(clampQuantity(-1, {})).toBe(0);
  });
});

describe('quantity rules (properties)', () => {
  it('always lands within [max(min, 0), max]', () => {
    fc.assert(
      fc.property(rawArb, limitsArb, fc.constantFrom('up', 'down', 'none') as fc.Arbitrary<'up' | 'down' | 'none'>, (raw, limits, dir) => {
        const { lower, upper } = bounds(limits);
        const result = stepQuantity(raw, limits, dir);
        expect(result).toBeGreaterThanOrEqual(lower);
        expect(result).toBeLessThanOrEqual(upper);
        expect(Number.isFinite(result)).toBe(true);
      }),
    );
  });

  it('plus never decreases and minus never increases the (clamped) current value', () => {
    fc.assert(
      fc.property(rawArb, limitsArb, (raw, limits) => {
        const current = clampQuantity(parseQuantity(raw), limits);
        expect(quantityPlus(raw, limits)).toBeGreaterThanOrEqual(current);
        expect(quantityMinus(raw, limits)).toBeLessThanOrEqual(current);
      }),
    );
  });

  it('plus then minus (and minus then plus) from a valid interior value is the identity', () => {
    fc.assert(
      fc.property(limitsArb, fc.integer({ min: 0, max: 80 }), (limits, value) => {
        const { lower, upper, step } = bounds(limits);
        fc.pre(value >= lower && value + step <= upper);
        expect(quantityMinus(quantityPlus(value, limits), limits)).toBe(value);
        fc.pre(value - step >= lower);
        expect(quantityPlus(quantityMinus(value, limits), limits)).toBe(value);
      }),
    );
  });

  it('normalises idempotently, onto the grid when the grid fits', () => {
    fc.assert(
      fc.property(rawArb, limitsArb, (raw, limits) => {
        const once = normaliseQuantityInput(raw, limits);
        expect(normaliseQuantityInput(once, limits)).toBe(once);
        const { lower, upper, step } = bounds(limits);
        if (lower + step <= upper) expect(Number.isInteger((once - lower) / step)).toBe(true);
      }),
    );
  });
});
