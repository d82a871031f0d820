/**
 * `Place order` without scripts: the checkout form posted to `/checkout/`. The fields are checked
 * with the same rules as in the browser; a valid form is sent to the Store API checkout with the
 * attempt key the page was rendered with (so a second press of the same page makes no second
 * order), and a refused or invalid one comes back as the page again, with everything typed and
 * the errors on their fields.
 */
import type { CheckoutFailure, CheckoutPort } from '../core/ports.js';
import { BASE_LOCALE, defineMessages, textsIn, type Locale } from '../i18n/index.js';
import { addressesOf, DRAFT_FIELDS, DRAFT_VALUE_LIMIT } from '../core/rules/checkout-draft.js';
import { checkoutErrors, checkoutFormReducer, initialCheckoutForm, type CheckoutField } from '../core/rules/checkout-form.js';

/** What a posted checkout form comes back with. */
export interface CheckoutSubmission {
  readonly values: Readonly<Partial<Record<CheckoutField, string>>>;
  readonly shipElsewhere: boolean;
  readonly paymentMethod: string;
  /** Errors by field name (the form's rules, or the shop's). */
  readonly errors: Readonly<Record<string, string>>;
  /** What went wrong, for the notice at the top. */
  readonly message: string;
}

/** The outcome of a posted form: where to send the shopper, or the form again. */
export type SubmitOutcome = { readonly kind: 'placed'; readonly redirect: string } | { readonly kind: 'refused'; readonly status: number; readonly submission: CheckoutSubmission };

/** Attempt keys as the page renders them. */
const ATTEMPT = /^[A-Za-z0-9_-]{8,64}$/;

const PAYMENT = new Set(['cod', 'bacs']);

/** The form's own fields from a posted body; anything else is ignored. */
export const readCheckoutForm = (fields: Readonly<Record<string, unknown>>): { readonly values: Partial<Record<CheckoutField, string>>; readonly shipElsewhere: boolean; readonly paymentMethod: string; readonly attempt: string | null } => {
  const values: Partial<Record<CheckoutField, string>> = {};
  for (const field of DRAFT_FIELDS) {
    const value = fields[field];
    if (typeof value === 'string') values[field] = value.slice(0, DRAFT_VALUE_LIMIT);
  }
  const payment = fields['payment_method'];
  const attempt = fields['_attempt'];
  return {
    values,
    shipElsewhere: fields['ship_to_different_address'] === '1',
    paymentMethod: typeof payment === 'string' && PAYMENT.has(payment) ? payment : '',
    attempt: typeof attempt === 'string' && ATTEMPT.test(attempt) ? attempt : null,
  };
};

/** The answers to a posted form (Filipino in `src/i18n/locales/fil-PH/checkout.json`). */
export const checkoutSubmitTexts = defineMessages('checkout/submit', {
  unreachable: 'The shop could not be reached. Nothing you typed is lost; please try again.',
  notPlaced: 'Your order could not be placed.',
  choosePayment: 'Please choose a payment method.',
  correctFields: 'Please correct the fields marked below.',
  expired: 'This form has expired. Please check your details and place the order again.',
});

type SubmitTexts = ReturnType<typeof textsIn<typeof checkoutSubmitTexts.base>>;

const failureText = (failure: CheckoutFailure, t: SubmitTexts): string =>
  failure.kind === 'network' || failure.kind === 'timeout' ? t.unreachable : failure.message || t.notPlaced;

/** Checks and places a posted checkout form; its messages are in `locale` (the page's language). */
export const submitCheckout = async (port: CheckoutPort, fields: Readonly<Record<string, unknown>>, sameOrigin: (url: string) => string | null, locale: Locale = BASE_LOCALE): Promise<SubmitOutcome> => {
  const t = textsIn(checkoutSubmitTexts, locale);
  const form = readCheckoutForm(fields);
  const state = checkoutFormReducer(initialCheckoutForm(form.values, form.shipElsewhere), { type: 'submit' }, locale);
  const errors: Record<string, string> = { ...checkoutErrors(state, locale) };
  if (form.paymentMethod === '') errors['payment_method'] = t.choosePayment;
  const back = (status: number, message: string, more: Readonly<Record<string, string>> = {}): SubmitOutcome => ({
    kind: 'refused',
    status,
    submission: { values: form.values, shipElsewhere: form.shipElsewhere, paymentMethod: form.paymentMethod, errors: { ...errors, ...more }, message },
  });
  if (Object.keys(errors).length > 0) return back(400, t.correctFields);
  if (form.attempt === null) return back(400, t.expired);
  const { billing, shipping } = addressesOf(state.form.values, form.shipElsewhere);
  const placed = await port.placeOrder({ billing, shipping, paymentMethod: form.paymentMethod, customerNote: (form.values.order_comments ?? '').trim(), idempotencyKey: form.attempt });
  if (placed.ok) {
    const redirect = (placed.value.redirectUrl && sameOrigin(placed.value.redirectUrl)) || `/checkout/order-received/${placed.value.orderId}/?key=${encodeURIComponent(placed.value.orderKey)}`;
    return { kind: 'placed', redirect };
  }
  const failure = placed.error;
  const status = failure.kind === 'http' ? failure.status : failure.kind === 'cart-conflict' ? 409 : failure.kind === 'invalid-fields' ? 400 : 503;
  return back(status, failureText(failure, t), failure.kind === 'invalid-fields' ? failure.fields : {});
};
