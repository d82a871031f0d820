/**
 * The checkout analytics steps of the spec: 0 begin checkout, 1 email set, 2 shipping address,
 * 3 billing address, 4 shipping method, 5 payment method. A step is reported only when it differs
 * from the last one reported, so going back and forth between two fields reports each change, and
 * touching the same field again reports nothing.
 */

/** The six steps, by number. */
export const CHECKOUT_STEPS = {
  begin: 0,
  email: 1,
  shippingAddress: 2,
  billingAddress: 3,
  shippingMethod: 4,
  paymentMethod: 5,
} as const;

export type CheckoutStep = (typeof CHECKOUT_STEPS)[keyof typeof CHECKOUT_STEPS];

/** The step reporter's state: the last step reported, or null before any. */
export interface StepReporter {
  readonly last: CheckoutStep | null;
}

/** The reporter before checkout begins. */
export const initialStepReporter: StepReporter = { last: null };

/** True for a number that is one of the six steps. */
export const isCheckoutStep = (value: number): value is CheckoutStep => Number.isInteger(value) && value >= 0 && value <= 5;

/**
 * The shopper reached `step`: whether to report it, and the reporter's next state. Only a step that
 * differs from the last one reported is reported.
 */
export const reachStep = (reporter: StepReporter, step: CheckoutStep): { readonly report: boolean; readonly reporter: StepReporter } =>
  reporter.last === step ? { report: false, reporter } : { report: true, reporter: { last: step } };

/** The step a checkout field belongs to (address fields go to the address they are part of). */
export const stepOfField = (field: string): CheckoutStep | null => {
  if (field === 'billing_email' || field === 'email') return CHECKOUT_STEPS.email;
  if (field === 'shipping_method') return CHECKOUT_STEPS.shippingMethod;
  if (field === 'payment_method') return CHECKOUT_STEPS.paymentMethod;
  if (field.startsWith('shipping_')) return CHECKOUT_STEPS.shippingAddress;
  if (field.startsWith('billing_')) return CHECKOUT_STEPS.billingAddress;
  return null;
};
