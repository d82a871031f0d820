import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  clampQuantity,
  normaliseQuantityInput,
  parseQuantity,
  quantityMinus,
  quantityPlus,
  readTypedQuantity,
  stepQuantity,
  typedQuantityMessage,
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

/** What a shopper may leave in a quantity field: numbers, decimals, signs, blanks and junk. */
const typedArb = fc.oneof(
  fc.integer({ min: -20, max: 120 }).map(String),
  fc.double({ min: -5, max: 80, noNaN: true }).map(String),
  fc.constantFrom('', ' ', '-', 'e', '3 pcs', '1e2', '+4', '0', '-0'),
  fc.string(),
);

describe('a typed quantity, when the field is left', () => {
  it('keeps the confirmed quantity for an emptied field and says so', () => {
    expect(readTypedQuantity('', 2, { min: 1 })).toEqual({ kind: 'empty', quantity: 2 });
    expect(readTypedQuantity('abc', 2, { min: 1 })).toEqual({ kind: 'empty', quantity: 2 });
    expect(typedQuantityMessage({ kind: 'empty', quantity: 2 }, '“Mug”')).toBe('The quantity of “Mug” needs a number, so it stays at 2.');
  });
  it('takes a number within the limits as typed', () => {
    expect(readTypedQuantity('3', 1, { min: 1, max: 10 })).toEqual({ kind: 'accepted', quantity: 3 });
    expect(typedQuantityMessage({ kind: 'accepted', quantity: 3 })).toBeNull();
  });
  it('clamps above the maximum and below the minimum, and moves between steps, with a reason', () => {
    expect(readTypedQuantity('5', 1, { min: 1, max: 2 })).toEqual({ kind: 'above-max', quantity: 2 });
    expect(typedQuantityMessage({ kind: 'above-max', quantity: 2 }, '“Lamp”')).toBe('The most you can buy of “Lamp” is 2, so the quantity is now 2.');
    expect(readTypedQuantity('0', 3, { min: 1 })).toEqual({ kind: 'below-min', quantity: 1 });
    expect(readTypedQuantity('-4', 3, { min: 1 })).toEqual({ kind: 'below-min', quantity: 1 });
    expect(readTypedQuantity('8', 1, { min: 1, step: 3 })).toEqual({ kind: 'off-step', quantity: 7, step: 3 });
    expect(typedQuantityMessage({ kind: 'off-step', quantity: 7, step: 3 })).toBe('This product is sold in steps of 3, so the quantity is now 7.');
  });

  it('keeps the confirmed quantity exactly when no number was typed', () => {
    fc.assert(
      fc.property(typedArb, fc.integer({ min: 0, max: 50 }), limitsArb, (raw, confirmed, limits) => {
        const outcome = readTypedQuantity(raw, confirmed, limits);
        const typed = Number.parseFloat(raw);
        expect(outcome.kind === 'empty').toBe(!Number.isFinite(typed));
        if (outcome.kind === 'empty') expect(outcome.quantity).toBe(confirmed);
      }),
    );
  });

  it('otherwise lands where the stepper normalises to, inside the limits, and names the rule that moved it', () => {
    fc.assert(
      fc.property(typedArb, fc.integer({ min: 0, max: 50 }), limitsArb, (raw, confirmed, limits) => {
        const outcome = readTypedQuantity(raw, confirmed, limits);
        fc.pre(outcome.kind !== 'empty');
        const typed = Number.parseFloat(raw);
        const { lower, upper } = bounds(limits);
        expect(outcome.quantity).toBe(normaliseQuantityInput(raw, limits));
        expect(outcome.quantity).toBeGreaterThanOrEqual(lower);
        expect(outcome.quantity).toBeLessThanOrEqual(upper);
        expect(outcome.kind === 'above-max').toBe(typed > upper);
        expect(outcome.kind === 'below-min').toBe(typed < lower);
        // (== rather than toBe: a typed -0 is taken as 0.)
        expect(outcome.quantity === typed).toBe(outcome.kind === 'accepted');
      }),
    );
  });

  it('accepts what it put back in the field, so a second leave changes nothing', () => {
    fc.assert(
      fc.property(typedArb, fc.integer({ min: 0, max: 50 }), limitsArb, (raw, confirmed, limits) => {
        const outcome = readTypedQuantity(raw, confirmed, limits);
        fc.pre(outcome.kind !== 'empty');
        expect(readTypedQuantity(String(outcome.quantity), confirmed, limits)).toEqual({ kind: 'accepted', quantity: outcome.quantity });
      }),
    );
  });

  it('explains every adjustment, naming the item and the quantity kept', () => {
    fc.assert(
      fc.property(typedArb, fc.integer({ min: 0, max: 50 }), limitsArb, fc.option(fc.constantFrom('“Mug”', '“Capiz Lamp”'), { nil: undefined }), (raw, confirmed, limits, name) => {
        const outcome = readTypedQuantity(raw, confirmed, limits);
        const message = typedQuantityMessage(outcome, name);
        if (outcome.kind === 'accepted') expect(message).toBeNull();
        else {
          expect(message).toContain(String(outcome.quantity));
          if (name) expect(message).toContain(name);
        }
      }),
    );
  });
});

describe('quantity rules: what the mutation run found unchecked', () => {
  it('the stepper: plus goes up one step, minus down one step, none normalises (from an interior value on the grid)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 5 }), fc.integer({ min: 1, max: 5 }), fc.integer({ min: 1, max: 10 }), (min, step, k) => {
        const limits = { min, step, max: min + (k + 2) * step };
        const value = min + k * step;
        expect(stepQuantity(value, limits, 'up')).toBe(value + step);
        expect(stepQuantity(value, limits, 'down')).toBe(value - step);
        expect(stepQuantity(value, limits, 'none')).toBe(value);
        expect(stepQuantity(value + 0.4, limits, 'none')).toBe(value);
      }),
    );
  });

  it('each direction is its own rule, for any input', () => {
    fc.assert(
      fc.property(rawArb, limitsArb, (raw, limits) => {
        expect(stepQuantity(raw, limits, 'up')).toBe(quantityPlus(raw, limits));
        expect(stepQuantity(raw, limits, 'down')).toBe(quantityMinus(raw, limits));
        expect(stepQuantity(raw, limits, 'none')).toBe(normaliseQuantityInput(raw, limits));
      }),
    );
  });

  it('limits that are not finite numbers (strings from data attributes, infinities) count as missing', () => {
    const text = (value: string) => value as unknown as number;
    expect(quantityPlus(2, { step: text('3') })).toBe(3);
    expect(quantityPlus(2, { step: Infinity })).toBe(3);
    expect(quantityPlus(9, { max: text('5') })).toBe(10);
    expect(quantityPlus(2, { max: 0 })).toBe(3);
    expect(quantityMinus(2, { min: text('2') })).toBe(1);
    expect(quantityMinus(2, { min: -Infinity })).toBe(1);
  });

  it('a quantity is read from a number or a string only: anything else is 0, even what prints as a number', () => {
    expect(parseQuantity([3])).toBe(0);
    expect(parseQuantity({ toString: () => '4' })).toBe(0);
    expect(parseQuantity(true)).toBe(0);
    expect(parseQuantity(' 7 pcs')).toBe(7);
  });

  it('decimal quantities keep their decimals when stepped', () => {
    expect(quantityPlus(12.5, { step: 1 })).toBe(13.5);
    expect(quantityMinus(10.25, { step: 0.5 })).toBe(9.75);
    expect(quantityPlus(1e-7, { step: 1e-7 })).toBe(2e-7);
    expect(quantityPlus(1e-10, { step: 1e-10 })).toBe(2e-10);
  });

  it('property: a step in hundredths lands on the exact hundredth, even for large quantities (no float residue)', () => {
    const hundredths = fc.integer({ min: 1, max: 100_000_000 }).map((n) => n / 100);
    fc.assert(
      fc.property(hundredths, hundredths, (value, step) => {
        expect(quantityPlus(value, { step })).toBe(Number((value + step).toFixed(2)));
      }),
    );
  });

  it('says each adjustment in its own words, with and without the item', () => {
    const name = '“Mug”';
    const cases: Array<[Parameters<typeof typedQuantityMessage>[0], string, string]> = [
      [{ kind: 'empty', quantity: 2 }, 'The quantity needs a number, so it stays at 2.', 'The quantity of “Mug” needs a number, so it stays at 2.'],
      [{ kind: 'above-max', quantity: 10 }, 'The most you can buy is 10, so the quantity is now 10.', 'The most you can buy of “Mug” is 10, so the quantity is now 10.'],
      [{ kind: 'below-min', quantity: 2 }, 'The least you can buy is 2, so the quantity is now 2.', 'The least you can buy of “Mug” is 2, so the quantity is now 2.'],
      [{ kind: 'off-step', quantity: 6, step: 3 }, 'This product is sold in steps of 3, so the quantity is now 6.', '“Mug” is sold in steps of 3, so the quantity is now 6.'],
    ];
    for (const [outcome, plain, named] of cases) {
      expect(typedQuantityMessage(outcome)).toBe(plain);
      expect(typedQuantityMessage(outcome, name)).toBe(named);
    }
    expect(typedQuantityMessage({ kind: 'accepted', quantity: 3 }, name)).toBeNull();
  });
});
