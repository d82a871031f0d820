/**
 * Model-based test of `Place order` in the checkout session: random presses (with the form as it
 * was or changed), answers (placed, refused, lost) and address changes, checked after every step
 * against a plain model of the rule: one attempt is one key; a press while it is on its way
 * or after the order is placed sends nothing; a lost answer is retried with the same key when the
 * form is the same; anything else is a new attempt with a new key. Address changes queued in
 * between never reorder or duplicate an order.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { CheckoutCart, PlaceOrderRequest } from '../domain/checkout.js';
import { PHP } from '../domain/money.js';
import type { CheckoutFailure, CheckoutPort } from '../ports.js';
import { err, ok, type Result } from '../result.js';
import { createCheckoutSession, type CheckoutSession } from './checkout-session.js';

const address = { first_name: 'J', last_name: 'D', company: '', address_1: 'x', address_2: '', city: 'Manila', state: '00', postcode: '1000', country: 'PH', phone: '+639171234567' };
const cart: CheckoutCart = {
  cart: { lines: [], totals: { subtotal: 0, discount: 0, shipping: 0, tax: 0, total: 0, currency: PHP }, coupons: [], itemsCount: 0 },
  billing: { ...address, email: '' },
  shipping: address,
  needsShipping: true,
  packages: [],
  paymentMethods: ['cod'],
  problems: [],
};
const order = { orderId: 1, orderNumber: '1', status: 'processing', orderKey: 'wc_order_x', paymentMethod: 'cod', paymentStatus: 'success', redirectUrl: '' };

interface Model {
  state: 'none' | 'sending' | 'unsure' | 'refused' | 'placed';
  /** Body and key of the last attempt sent. */
  last: { body: string; key: string } | null;
  keys: Set<string>;
  sent: number;
}

interface Real {
  session: CheckoutSession;
  /** Order requests the port received, and how to answer each. */
  orders: Array<{ request: PlaceOrderRequest; resolve: (value: Result<typeof order, CheckoutFailure>) => void }>;
  pending: Array<Promise<unknown>>;
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
const note = (body: string) => ({ billing: { ...address, email: 'j@d.ph' }, shipping: address, customerNote: body, paymentMethod: 'cod' });

class Press implements fc.AsyncCommand<Model, Real> {
  constructor(readonly body: string) {}
  check = () => true;
  async run(m: Model, r: Real) {
    const before = r.orders.length;
    r.pending.push(r.session.place(note(this.body)));
    await settle();
    const sends = m.state !== 'sending' && m.state !== 'placed';
    expect(r.orders.length - before).toBe(sends ? 1 : 0);
    if (!sends) return;
    const key = r.orders.at(-1)?.request.idempotencyKey ?? '';
    if (m.state === 'unsure' && m.last?.body === this.body) expect(key).toBe(m.last.key);
    else expect(m.keys.has(key)).toBe(false);
    m.keys.add(key);
    m.last = { body: this.body, key };
    m.state = 'sending';
    m.sent += 1;
  }
  toString = () => `press(${this.body})`;
}

class Answer implements fc.AsyncCommand<Model, Real> {
  constructor(readonly outcome: 'placed' | 'refused' | 'lost') {}
  check = (m: Readonly<Model>) => m.state === 'sending';
  async run(m: Model, r: Real) {
    const call = r.orders.at(-1);
    call?.resolve(
      this.outcome === 'placed'
        ? ok(order)
        : this.outcome === 'refused'
          ? err({ kind: 'http', status: 400, code: 'woocommerce_rest_checkout_payment_method_disabled', message: 'No.' })
          : err({ kind: 'network', message: 'offline' }),
    );
    await settle();
    m.state = this.outcome === 'lost' ? 'unsure' : this.outcome;
    expect(r.session.store.getSnapshot().placing).toBe(false);
    expect(r.session.store.getSnapshot().error === null).toBe(this.outcome === 'placed');
  }
  toString = () => `answer(${this.outcome})`;
}

class Address implements fc.AsyncCommand<Model, Real> {
  check = () => true;
  async run(_m: Model, r: Real) {
    // Answered at once; queued behind an order on its way, it waits for it.
    r.pending.push(r.session.updateAddresses({ billing: { ...address, email: '' }, shipping: address }));
    await settle();
  }
  toString = () => 'address';
}

describe('checkout session, model-based', () => {
  it('one key per attempt, the same key for a retry after a lost answer, nothing sent twice at once', async () => {
    const commands = [
      fc.constantFrom('A', 'B').map((body) => new Press(body)),
      fc.constantFrom('placed' as const, 'refused' as const, 'lost' as const).map((outcome) => new Answer(outcome)),
      fc.constant(new Address()),
    ];
    await fc.assert(
      fc.asyncProperty(fc.commands(commands, { maxCommands: 30 }), async (cmds) => {
        const orders: Real['orders'] = [];
        let n = 0;
        const port = {
          placeOrder: (request: PlaceOrderRequest) => new Promise<Result<typeof order, CheckoutFailure>>((resolve) => orders.push({ request, resolve })),
          updateCustomer: async () => ok(cart),
        } as unknown as CheckoutPort;
        const session = createCheckoutSession({ port, initial: cart, emit: () => undefined, ids: () => `key-${++n}` });
        const real: Real = { session, orders, pending: [] };
        const model: Model = { state: 'none', last: null, keys: new Set<string>(), sent: 0 };
        await fc.asyncModelRun(() => ({ model, real }), cmds);
        // Whatever is still on its way is answered, so nothing is left hanging.
        for (const call of orders) call.resolve(ok(order));
        await Promise.all(real.pending);
      }),
      { numRuns: 60 },
    );
  });
});
