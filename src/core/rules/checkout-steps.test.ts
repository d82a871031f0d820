import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CHECKOUT_STEPS, initialStepReporter, isCheckoutStep, reachStep, stepOfField, type CheckoutStep, type StepReporter } from './checkout-steps.js';

const stepArb = fc.constantFrom<CheckoutStep>(0, 1, 2, 3, 4, 5);

describe('checkout steps', () => {
  it('reports the first step, not the same step twice in a row, and each change', () => {
    let reporter = initialStepReporter;
    const reported: number[] = [];
    for (const step of [0, 1, 1, 2, 2, 1, 5, 5] as CheckoutStep[]) {
      const next = reachStep(reporter, step);
      if (next.report) reported.push(step);
      reporter = next.reporter;
    }
    expect(reported).toEqual([0, 1, 2, 1, 5]);
  });

  it('maps fields to their steps (methods before addresses)', () => {
    expect(stepOfField('billing_email')).toBe(CHECKOUT_STEPS.email);
    expect(stepOfField('email')).toBe(CHECKOUT_STEPS.email);
    expect(stepOfField('')).toBeNull();
    expect(stepOfField('shipping_city')).toBe(CHECKOUT_STEPS.shippingAddress);
    expect(stepOfField('billing_state')).toBe(CHECKOUT_STEPS.billingAddress);
    expect(stepOfField('shipping_method')).toBe(CHECKOUT_STEPS.shippingMethod);
    expect(stepOfField('payment_method')).toBe(CHECKOUT_STEPS.paymentMethod);
    expect(stepOfField('order_comments')).toBeNull();
  });

  it('property: the reported steps are the input with consecutive repeats removed', () => {
    fc.assert(
      fc.property(fc.array(stepArb, { maxLength: 40 }), (steps) => {
        let reporter = initialStepReporter;
        const reported: number[] = [];
        for (const step of steps) {
          const next = reachStep(reporter, step);
          if (next.report) reported.push(step);
          reporter = next.reporter;
        }
        const expected = steps.filter((s, i) => i === 0 || steps[i - 1] !== s);
        expect(reported).toEqual(expected);
        // No two consecutive reports are equal.
        reported.forEach((s, i) => i > 0 && expect(s).not.toBe(reported[i - 1]));
      }),
    );
  });

  it('starts with no step reported', () => {
    expect(initialStepReporter).toStrictEqual({ last: null });
  });

  it('isCheckoutStep: 0 and 5 are the ends', () => {
    expect([-1, -0.5, 0, 0.5, 4.5, 5, 5.5, 6].map(isCheckoutStep)).toEqual([false, false, true, false, false, true, false, false]);
  });

  it('property: isCheckoutStep accepts exactly the integers 0 to 5', () => {
    fc.assert(fc.property(fc.double(), (n) => {
      expect(isCheckoutStep(n)).toBe([0, 1, 2, 3, 4, 5].includes(n));
    }));
  });

  // Model: the reporter behaves like "remember the last reported step".
  class Reach implements fc.Command<{ last: number | null; reports: number }, { reporter: StepReporter; reports: number }> {
    constructor(readonly step: CheckoutStep) {}
    check = () => true;
    run(model: { last: number | null; reports: number }, real: { reporter: StepReporter; reports: number }): void {
      const next = reachStep(real.reporter, this.step);
      const shouldReport = model.last !== this.step;
      expect(next.report).toBe(shouldReport);
      if (shouldReport) {
        model.last = this.step;
        model.reports += 1;
        real.reports += 1;
      }
      real.reporter = next.reporter;
      expect(real.reporter.last).toBe(model.last);
      expect(real.reports).toBe(model.reports);
    }
    toString = () => `reach(${this.step})`;
  }

  it('model: the step reporter against a model of the last reported step', () => {
    fc.assert(
      fc.property(fc.commands([stepArb.map((s) => new Reach(s))], { maxCommands: 60 }), (commands) => {
        fc.modelRun(() => ({ model: { last: null, reports: 0 }, real: { reporter: initialStepReporter, reports: 0 } }), commands);
      }),
    );
  });
});
