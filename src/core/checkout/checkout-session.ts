/**
 * One checkout in the browser: the cart with its rates as the shop last priced it, the changes the
 * shopper makes to it (addresses, shipping rate, coupons: one request at a time, in order, the
 * latest address winning), the analytics steps (reported only on a change), and `Place order`
 * (one idempotency key per attempt, the same on its retry). Loaded only with the checkout page.
 */
import { BASE_LOCALE, textsIn, type Locale } from '../../i18n/index.js';
import { checkoutFailureTexts } from './messages.js';
import type { CheckoutCart, PlacedOrder, PlaceOrderRequest } from '../domain/checkout.js';
import type { DomainEventMap } from '../events.js';
import type { CheckoutFailure, CheckoutPort } from '../ports.js';
import { err, type Result } from '../result.js';
import { settleAttempt, startAttempt, type Attempt, type AttemptOutcome } from '../rules/checkout-attempt.js';
import { flaggedLines } from '../rules/checkout-draft.js';
import { includedVat } from '../rules/coupons.js';
import { initialStepReporter, reachStep, type CheckoutStep, type StepReporter } from '../rules/checkout-steps.js';
import { createStore, type ReadableStore } from '../store.js';

/** What the checkout page shows besides the form. */
export interface CheckoutSessionState {
  readonly checkout: CheckoutCart;
  /** A change of addresses, rate or coupon is on its way; totals may change. */
  readonly updating: boolean;
  readonly placing: boolean;
  /** The last failure, as the shopper reads it; null when none. */
  readonly error: string | null;
  /** Fields the shop refused, by form field name. */
  readonly fieldErrors: Readonly<Record<string, string>>;
  /** Cart lines the shop flagged (out of stock...), by line key. */
  readonly flagged: Readonly<Record<string, string>>;
  readonly couponError: string | null;
  readonly attempt: Attempt | null;
}

type Emit = <K extends 'checkout.step' | 'checkout.submitted' | 'checkout.placed'>(type: K, payload: DomainEventMap[K]) => void;

/** Options of {@link createCheckoutSession}. */
export interface CheckoutSessionOptions {
  readonly port: CheckoutPort;
  readonly initial: CheckoutCart;
  readonly emit: Emit;
  /** Makes idempotency keys. */
  readonly ids: () => string;
  /** The page's language, for the failures' texts (English by default). */
  readonly locale?: Locale;
}

/** The checkout's commands. Every method resolves; none throws. */
export interface CheckoutSession {
  readonly store: ReadableStore<CheckoutSessionState>;
  /** The shopper's addresses changed where the totals depend on them. The latest call wins. */
  updateAddresses(addresses: Pick<PlaceOrderRequest, 'billing' | 'shipping'>): Promise<void>;
  selectRate(packageId: number, rateId: string): Promise<void>;
  /** True when the coupon was applied. */
  applyCoupon(code: string): Promise<boolean>;
  removeCoupon(code: string): Promise<boolean>;
  /** The shopper reached a step; reported only when it differs from the last one. */
  reachStep(step: CheckoutStep, option?: DomainEventMap['checkout.step']['option']): void;
  /**
   * Places the order. Null when nothing was sent: the same attempt is still on its way, or the
   * order is placed already.
   */
  place(request: Omit<PlaceOrderRequest, 'idempotencyKey'>): Promise<Result<PlacedOrder, CheckoutFailure> | null>;
}

/** What a shopper reads for a failure that has no message of the shop's, in `locale` (English by default). */
export const failureMessage = (failure: CheckoutFailure, locale: Locale = BASE_LOCALE): string => {
  const t = textsIn(checkoutFailureTexts, locale);
  switch (failure.kind) {
    case 'network':
      return t.network;
    case 'timeout':
      return t.timeout;
    case 'invalid-response':
      return t.unreadable;
    default:
      return failure.message || t.other;
  }
};

/** Whether the shop may have placed the order without us hearing it: a retry must reuse the key. */
export const outcomeOf = (failure: CheckoutFailure): AttemptOutcome =>
  failure.kind === 'network' || failure.kind === 'timeout' || failure.kind === 'invalid-response' || (failure.kind === 'http' && failure.status >= 500) ? 'unsure' : 'refused';

/** Starts a checkout session from the cart the page was rendered with. */
export const createCheckoutSession = (options: CheckoutSessionOptions): CheckoutSession => {
  const { port, emit } = options;
  const store = createStore<CheckoutSessionState>({
    checkout: options.initial,
    updating: false,
    placing: false,
    error: null,
    fieldErrors: {},
    // Stryker disable next-line ArrayDeclaration: equivalent (a message flags a line only when it quotes the line's name; Stryker's text quotes none)
    flagged: flagsOf(options.initial, []),
    couponError: null,
    attempt: null,
  });
  let steps: StepReporter = initialStepReporter;
  // One change at a time, in the order asked (parallel cart writes lose changes).
  let queue: Promise<unknown> = Promise.resolve();
  let pending = 0;
  let addressCall = 0;

  const enqueue = <T>(task: () => Promise<T>): Promise<T> => {
    pending += 1;
    store.update((s) => ({ ...s, updating: true }));
    const run = queue.then(task, task);
    queue = run.then(
      () => undefined,
      () => undefined,
    );
    return run.finally(() => {
      pending -= 1;
      if (pending === 0)
        store.update((s) => ({ ...s, updating: false }));
    });
  };

  // Where the error showing came from: a change's error goes with the next change that lands; an
  // order's stays until the next press (a queued address change landing after it must not hide it).
  // Stryker disable next-line StringLiteral: equivalent (until the first failure, which sets it, the error is null and nothing is 'order')
  let errorFrom: 'change' | 'order' = 'change';

  const accept = (checkout: CheckoutCart): void => {
    store.update((s) => ({
      ...s,
      checkout,
      // Stryker disable next-line ArrayDeclaration: equivalent (as in the initial state: Stryker's text quotes no line's name)
      flagged: { ...flagsOf(checkout, []), ...(errorFrom === 'order' ? s.flagged : {}) },
      ...(errorFrom === 'change' ? { error: null } : {}),
    }));
  };

  const fail = (failure: CheckoutFailure, from: 'change' | 'order' = 'change'): void => {
    errorFrom = from;
    store.update((s) => ({
      ...s,
      ...(failure.kind === 'cart-conflict'
        ? { checkout: failure.cart, flagged: { ...flagsOf(failure.cart, [failure.message]), ...(failure.lineKey ? { [failure.lineKey]: failure.message } : {}) } }
        : {}),
      fieldErrors: failure.kind === 'invalid-fields' ? { ...failure.fields } : {},
      error: failureMessage(failure, options.locale),
    }));
  };

  const change = (call: () => Promise<Result<CheckoutCart, CheckoutFailure>>): Promise<Result<CheckoutCart, CheckoutFailure>> =>
    enqueue(async () => {
      const result = await call();
      if (result.ok) accept(result.value);
      else fail(result.error);
      return result;
    });

  const coupon = async (call: () => Promise<Result<CheckoutCart, CheckoutFailure>>): Promise<boolean> => {
    const result = await enqueue(call);
    store.update((s) => ({ ...s, couponError: result.ok ? null : failureMessage(result.error, options.locale) }));
    if (result.ok) accept(result.value);
    return result.ok;
  };

  return {
    store,
    updateAddresses: async (addresses) => {
      // Stryker disable next-line UpdateOperator: equivalent (counting down, each call's number still differs from the others')
      const mine = ++addressCall;
      await enqueue(async () => {
        // A later change of address is queued: this one's answer would be stale at once.
        if (mine !== addressCall) return;
        const result = await port.updateCustomer(addresses);
        if (mine !== addressCall) return;
        if (result.ok) accept(result.value);
        else fail(result.error);
      });
    },
    selectRate: async (packageId, rateId) => {
      // The choice shows at once; the shop's answer (or the rates before it, on a failure) replaces it.
      const before = store.getSnapshot().checkout.packages;
      store.update((s) => ({
        ...s,
        checkout: {
          ...s.checkout,
          packages: s.checkout.packages.map((pkg) => (pkg.packageId === packageId ? { ...pkg, rates: pkg.rates.map((rate) => ({ ...rate, selected: rate.rateId === rateId })) } : pkg)),
        },
      }));
      const result = await change(() => port.selectShippingRate({ packageId, rateId }));
      if (!result.ok && result.error.kind !== 'cart-conflict')
        store.update((s) => ({ ...s, checkout: { ...s.checkout, packages: before } }));
    },
    applyCoupon: (code) => coupon(() => port.applyCoupon(code.trim())),
    removeCoupon: (code) => coupon(() => port.removeCoupon(code)),
    reachStep: (step, option = null) => {
      const next = reachStep(steps, step);
      steps = next.reporter;
      if (next.report) emit('checkout.step', { step, option, cart: store.getSnapshot().checkout.cart });
    },
    place: async (request) => {
      const body = JSON.stringify(request);
      const start = startAttempt(store.getSnapshot().attempt, body, options.ids);
      if (!start.send) return null;
      // Stryker disable next-line StringLiteral: equivalent (the press clears the error, and only a failure, which sets this again, shows one; '' is not 'order' either)
      errorFrom = 'change';
      store.update((s) => ({ ...s, attempt: start.attempt, placing: true, error: null, fieldErrors: {} }));
      const cart = store.getSnapshot().checkout.cart;
      emit('checkout.submitted', { paymentMethod: request.paymentMethod, cart });
      // After any change still on its way, so the order is priced as the page shows it.
      const result = await enqueue(() => port.placeOrder({ ...request, idempotencyKey: start.attempt.key }));
      const outcome: AttemptOutcome = result.ok ? 'placed' : outcomeOf(result.error);
      store.update((s) => ({ ...s, attempt: settleAttempt(start.attempt, outcome), placing: false }));
      if (!result.ok) {
        fail(result.error, 'order');
        return err(result.error);
      }
      // The cart as the order was priced: every change queued before it has landed by now.
      const bought = store.getSnapshot().checkout.cart;
      const totals = bought.totals;
      emit('checkout.placed', {
        orderId: result.value.orderId,
        total: totals.total,
        // Prices include VAT, so a shop that charges no tax on top still has 12 % VAT in the total.
        tax: totals.tax > 0 ? totals.tax : includedVat(totals.total),
        shipping: totals.shipping ?? 0,
        coupon: bought.coupons.map((c) => c.code).join(','),
        cart: bought,
      });
      return result;
    },
  };
};

/** Flagged lines as a plain record (store state stays JSON). */
function flagsOf(checkout: CheckoutCart, messages: readonly string[]): Record<string, string> {
  return Object.fromEntries(flaggedLines(checkout.cart.lines, [...messages, ...checkout.problems]));
}
