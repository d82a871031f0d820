import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Cart } from '../domain/cart.js';
import type { CheckoutCart, PlacedOrder, PlaceOrderRequest } from '../domain/checkout.js';
import { PHP } from '../domain/money.js';
import type { CheckoutFailure, CheckoutPort } from '../ports.js';
import { err, ok, type Result } from '../result.js';
import { createCheckoutSession, failureMessage, outcomeOf } from './checkout-session.js';
import { checkoutFailureTexts } from './messages.js';

const line = (key: string, name: string) => ({
  key,
  id: 1,
  name,
  sku: '',
  quantity: 1,
  limits: { minimum: 1, maximum: 9, multipleOf: 1, editable: true },
  permalink: '',
  image: null,
  variation: [],
  unitPrice: 1000,
  regularPrice: 1000,
  lineSubtotal: 1000,
  lineTotal: 1000,
  category: null,
  pending: false,
});

const cartOf = (total: number, names = ['Peer Tee']): Cart => ({
  lines: names.map((n, i) => line(`k${i}`, n)),
  totals: { subtotal: total, discount: 0, shipping: 0, tax: 0, total, currency: PHP },
  coupons: [],
  itemsCount: names.length,
});

const address = { first_name: 'J', last_name: 'D', company: '', address_1: 'x', address_2: '', city: 'Manila', state: '00', postcode: '1000', country: 'PH', phone: '+639171234567' };
const checkoutOf = (total: number, names?: string[]): CheckoutCart => ({
  cart: cartOf(total, names),
  billing: { ...address, email: '' },
  shipping: address,
  needsShipping: true,
  packages: [],
  paymentMethods: ['cod', 'bacs'],
  problems: [],
});

const order: PlacedOrder = { orderId: 7, orderNumber: '7', status: 'processing', orderKey: 'wc_order_x', paymentMethod: 'cod', paymentStatus: 'success', redirectUrl: '/checkout/order-received/7/?key=wc_order_x' };
const request: Omit<PlaceOrderRequest, 'idempotencyKey'> = { billing: { ...address, email: 'j@d.ph' }, shipping: address, customerNote: '', paymentMethod: 'cod' };

/** A port whose answers the test releases one by one. */
function fakePort() {
  const calls: Array<{ name: string; arg: unknown; resolve: (value: Result<unknown, CheckoutFailure>) => void }> = [];
  const call =
    (name: string) =>
    (arg?: unknown): Promise<Result<never, CheckoutFailure>> =>
      new Promise((resolve) => calls.push({ name, arg, resolve: resolve as (value: Result<unknown, CheckoutFailure>) => void }));
  const port = {
    loadCart: call('loadCart'),
    updateCustomer: call('updateCustomer'),
    selectShippingRate: call('selectShippingRate'),
    applyCoupon: call('applyCoupon'),
    removeCoupon: call('removeCoupon'),
    loadDraft: call('loadDraft'),
    placeOrder: call('placeOrder'),
    getOrder: call('getOrder'),
  } as unknown as CheckoutPort;
  return { port, calls };
}

const tick = () => new Promise((r) => setTimeout(r, 0));

function setup() {
  const { port, calls } = fakePort();
  const events: Array<{ type: string; payload: unknown }> = [];
  let n = 0;
  const session = createCheckoutSession({ port, initial: checkoutOf(1000), emit: (type, payload) => events.push({ type, payload }), ids: () => `key-${++n}` });
  return { session, calls, events };
}

describe('checkout session', () => {
  it('a double press sends one order; a lost answer is retried with the same key', async () => {
    const { session, calls } = setup();
    const first = session.place(request);
    expect(await session.place(request)).toBeNull();
    await tick();
    expect(calls.filter((c) => c.name === 'placeOrder')).toHaveLength(1);
    calls[0]?.resolve(err({ kind: 'network', message: 'offline' }));
    expect((await first)?.ok).toBe(false);
    expect(session.store.getSnapshot().error).toMatch(/cannot be reached.*kept/);
    const retry = session.place(request);
    await tick();
    const keys = calls.filter((c) => c.name === 'placeOrder').map((c) => (c.arg as PlaceOrderRequest).idempotencyKey);
    expect(keys).toEqual(['key-1', 'key-1']);
    calls[1]?.resolve(ok(order));
    expect(await retry).toEqual(ok(order));
    expect(await session.place(request)).toBeNull();
  });

  it('a refusal ends the attempt: the next press is a new attempt with a new key', async () => {
    const { session, calls } = setup();
    const first = session.place(request);
    await tick();
    calls[0]?.resolve(err({ kind: 'invalid-fields', code: 'rest_invalid_param', message: 'Invalid parameter(s): billing_address', fields: { billing_email: 'The provided email address is not valid' } }));
    await first;
    expect(session.store.getSnapshot().fieldErrors).toEqual({ billing_email: 'The provided email address is not valid' });
    void session.place(request);
    await tick();
    expect((calls[1]?.arg as PlaceOrderRequest).idempotencyKey).toBe('key-2');
  });

  it('409 out of stock: the cart the shop sent, with the named line flagged', async () => {
    const { session, calls } = setup();
    const placing = session.place(request);
    await tick();
    const message = '"Peer Poster" is out of stock and cannot be purchased. Please remove it from your cart.';
    calls[0]?.resolve(err({ kind: 'cart-conflict', code: 'woocommerce_rest_product_out_of_stock', message, cart: checkoutOf(2000, ['Peer Tee', 'Peer Poster']) }));
    await placing;
    const state = session.store.getSnapshot();
    expect(state.flagged).toEqual({ k1: message });
    expect(state.error).toBe(message);
    expect(state.checkout.cart.totals.total).toBe(2000);
  });

  it('addresses: one request at a time; a queued older address is skipped for the latest', async () => {
    const { session, calls } = setup();
    const a = session.updateAddresses({ billing: { ...address, email: '', state: 'ABR' }, shipping: { ...address, state: 'ABR' } });
    await tick();
    const b = session.updateAddresses({ billing: { ...address, email: '', state: 'CEB' }, shipping: { ...address, state: 'CEB' } });
    const c = session.updateAddresses({ billing: { ...address, email: '', state: 'DAV' }, shipping: { ...address, state: 'DAV' } });
    await tick();
    expect(calls).toHaveLength(1);
    expect(session.store.getSnapshot().updating).toBe(true);
    calls[0]?.resolve(ok(checkoutOf(1150)));
    await a;
    await tick();
    // The stale answer for ABR is not shown; CEB is never sent.
    expect(session.store.getSnapshot().checkout.cart.totals.total).toBe(1000);
    expect(calls.map((x) => (x.arg as { shipping: { state: string } }).shipping.state)).toEqual(['ABR', 'DAV']);
    calls[1]?.resolve(ok(checkoutOf(1200)));
    await Promise.all([b, c]);
    expect(session.store.getSnapshot()).toMatchObject({ updating: false, checkout: { cart: { totals: { total: 1200 } } } });
  });

  it('reports a step only when it changes; placing emits submitted then placed with the order id', async () => {
    const { session, calls, events } = setup();
    session.reachStep(0);
    session.reachStep(1);
    session.reachStep(1);
    session.reachStep(5, { name: 'Payment Method', value: 'cod' });
    expect(events.map((e) => (e.payload as { step: number }).step)).toEqual([0, 1, 5]);
    const placing = session.place(request);
    await tick();
    calls[0]?.resolve(ok(order));
    await placing;
    expect(events.slice(3).map((e) => e.type)).toEqual(['checkout.submitted', 'checkout.placed']);
    expect(events[4]?.payload).toMatchObject({ orderId: 7, total: 1000 });
  });

  it('a refused coupon keeps the shop’s message and the cart', async () => {
    const { session, calls } = setup();
    const applying = session.applyCoupon(' PASKO2023 ');
    await tick();
    expect(calls[0]?.arg).toBe('PASKO2023');
    calls[0]?.resolve(err({ kind: 'http', status: 400, code: 'woocommerce_rest_cart_coupon_error', message: 'This coupon has expired.' }));
    expect(await applying).toBe(false);
    expect(session.store.getSnapshot()).toMatchObject({ couponError: 'This coupon has expired.', checkout: { cart: { totals: { total: 1000 } } } });
  });

  it('a chosen rate shows at once and goes back when the shop refuses it', async () => {
    const { port, calls } = fakePort();
    const initial = { ...checkoutOf(1000), packages: [{ packageId: 0, name: 'Shipment 1', rates: [
      { rateId: 'flat_rate:1', name: 'Flat rate', price: 10000, selected: true },
      { rateId: 'local_pickup:3', name: 'Local pickup', price: 0, selected: false },
    ] }] };
    const session = createCheckoutSession({ port, initial, emit: () => undefined, ids: () => 'k' });
    const selectedId = () => session.store.getSnapshot().checkout.packages[0]?.rates.find((r) => r.selected)?.rateId;
    const choosing = session.selectRate(0, 'local_pickup:3');
    expect(selectedId()).toBe('local_pickup:3');
    await tick();
    calls[0]?.resolve(err({ kind: 'network', message: 'offline' }));
    await choosing;
    expect(selectedId()).toBe('flat_rate:1');
  });
});

const english = checkoutFailureTexts.base;
const withPackages = (total: number, selected: string, names?: string[]): CheckoutCart => ({
  ...checkoutOf(total, names),
  packages: [0, 1].map((packageId) => ({
    packageId,
    name: `Shipment ${packageId + 1}`,
    rates: ['flat_rate:1', 'local_pickup:3'].map((rateId) => ({ rateId, name: rateId, price: 100, selected: rateId === selected })),
  })),
});
const selectedIds = (checkout: CheckoutCart) => checkout.packages.map((pkg) => pkg.rates.find((r) => r.selected)?.rateId);
const outOfStock = (name: string) => `"${name}" is out of stock and cannot be purchased. Please remove it from your cart.`;

describe('failure texts and outcomes', () => {
  it('a lost, slow or unreadable answer has its own text whatever its message; others show the shop’s message', () => {
    fc.assert(
      fc.property(fc.string(), (message) => {
        expect(failureMessage({ kind: 'network', message })).toBe(english.network);
        expect(failureMessage({ kind: 'timeout', message })).toBe(english.timeout);
        expect(failureMessage({ kind: 'invalid-response', message })).toBe(english.unreadable);
        expect(failureMessage({ kind: 'http', status: 400, code: 'x', message })).toBe(message === '' ? english.other : message);
      }),
      { numRuns: 30 },
    );
    expect(new Set([english.network, english.timeout, english.unreadable, english.other]).size).toBe(4);
  });
  it('an order may have been placed after a lost, slow or unreadable answer or a server error, not after a refusal', () => {
    expect(outcomeOf({ kind: 'network', message: '' })).toBe('unsure');
    expect(outcomeOf({ kind: 'timeout', message: '' })).toBe('unsure');
    expect(outcomeOf({ kind: 'invalid-response', message: '' })).toBe('unsure');
    expect(outcomeOf({ kind: 'invalid-fields', code: 'rest_invalid_param', message: '', fields: {} })).toBe('refused');
    expect(outcomeOf({ kind: 'cart-conflict', code: 'x', message: '', cart: checkoutOf(0) })).toBe('refused');
    expect(outcomeOf({ kind: 'not-found', message: '' })).toBe('refused');
    fc.assert(
      fc.property(fc.integer({ min: 400, max: 599 }), (status) => outcomeOf({ kind: 'http', status, code: 'x', message: '' }) === (status >= 500 ? 'unsure' : 'refused')),
    );
    expect(outcomeOf({ kind: 'http', status: 500, code: 'x', message: '' })).toBe('unsure');
    expect(outcomeOf({ kind: 'http', status: 499, code: 'x', message: '' })).toBe('refused');
  });
  it('a timed-out order shows the timeout text and leaves the attempt unsure', async () => {
    const { session, calls } = setup();
    const first = session.place(request);
    await tick();
    calls[0]?.resolve(err({ kind: 'timeout', message: 'aborted' }));
    await first;
    expect(session.store.getSnapshot()).toMatchObject({ error: english.timeout, attempt: { state: 'unsure' } });
  });
});

describe('checkout session state', () => {
  it('starts idle, with the lines the initial cart’s problems name flagged', () => {
    const { port } = fakePort();
    const initial = { ...checkoutOf(1000, ['Peer Tee', 'Peer Poster']), problems: [{ code: 'out_of_stock', message: outOfStock('Peer Poster') }] };
    const session = createCheckoutSession({ port, initial, emit: () => undefined, ids: () => 'k' });
    expect(session.store.getSnapshot()).toEqual({
      checkout: initial,
      updating: false,
      placing: false,
      error: null,
      fieldErrors: {},
      flagged: { k1: outOfStock('Peer Poster') },
      couponError: null,
      attempt: null,
    });
  });

  it('is updating until the last queued change has landed', async () => {
    const { session, calls } = setup();
    const a = session.selectRate(0, 'flat_rate:1');
    const b = session.applyCoupon('SAVE');
    await tick();
    calls[0]?.resolve(ok(checkoutOf(1100)));
    await a;
    expect(session.store.getSnapshot().updating).toBe(true);
    await tick();
    calls[1]?.resolve(ok(checkoutOf(900)));
    await b;
    expect(session.store.getSnapshot().updating).toBe(false);
  });

  it('shows the shop’s answer to a chosen rate, changing only the chosen package at once', async () => {
    const { port, calls } = fakePort();
    const session = createCheckoutSession({ port, initial: withPackages(1000, 'flat_rate:1'), emit: () => undefined, ids: () => 'k' });
    const choosing = session.selectRate(1, 'local_pickup:3');
    expect(selectedIds(session.store.getSnapshot().checkout)).toEqual(['flat_rate:1', 'local_pickup:3']);
    await tick();
    expect(calls[0]?.arg).toEqual({ packageId: 1, rateId: 'local_pickup:3' });
    calls[0]?.resolve(ok(withPackages(900, 'local_pickup:3')));
    await choosing;
    expect(selectedIds(session.store.getSnapshot().checkout)).toEqual(['local_pickup:3', 'local_pickup:3']);
    expect(session.store.getSnapshot().checkout.cart.totals.total).toBe(900);
  });

  it('a rate refused with a cart conflict shows the shop’s cart, not the rates before', async () => {
    const { port, calls } = fakePort();
    const session = createCheckoutSession({ port, initial: withPackages(1000, 'flat_rate:1', ['Peer Tee', 'Peer Poster']), emit: () => undefined, ids: () => 'k' });
    const choosing = session.selectRate(0, 'local_pickup:3');
    await tick();
    const cart = withPackages(1200, 'local_pickup:3', ['Peer Tee', 'Peer Poster']);
    calls[0]?.resolve(err({ kind: 'cart-conflict', code: 'woocommerce_rest_cart_invalid', message: 'The cart changed.', cart, lineKey: 'k0' }));
    await choosing;
    const state = session.store.getSnapshot();
    expect(selectedIds(state.checkout)).toEqual(['local_pickup:3', 'local_pickup:3']);
    expect(state.checkout.cart.totals.total).toBe(1200);
    // The line the shop named by key is flagged even though the message does not quote it.
    expect(state.flagged).toEqual({ k0: 'The cart changed.' });
  });

  it('an applied or removed coupon shows the shop’s cart; a later success clears the coupon error', async () => {
    const { session, calls } = setup();
    const refused = session.applyCoupon('OLD');
    await tick();
    calls[0]?.resolve(err({ kind: 'http', status: 400, code: 'woocommerce_rest_cart_coupon_error', message: 'This coupon has expired.' }));
    expect(await refused).toBe(false);
    const applying = session.applyCoupon('SAVE');
    await tick();
    calls[1]?.resolve(ok(checkoutOf(900)));
    expect(await applying).toBe(true);
    expect(session.store.getSnapshot()).toMatchObject({ couponError: null, checkout: { cart: { totals: { total: 900 } } } });
    const removing = session.removeCoupon('SAVE');
    await tick();
    expect(calls[2]).toMatchObject({ name: 'removeCoupon', arg: 'SAVE' });
    calls[2]?.resolve(ok(checkoutOf(1000)));
    expect(await removing).toBe(true);
    expect(session.store.getSnapshot().checkout.cart.totals.total).toBe(1000);
  });

  it('a failed change’s error goes when the next change lands; so do lines only it flagged', async () => {
    const { session, calls } = setup();
    const failing = session.updateAddresses({ billing: { ...address, email: '' }, shipping: address });
    await tick();
    const conflict = checkoutOf(1000, ['Peer Tee', 'Peer Poster']);
    calls[0]?.resolve(err({ kind: 'cart-conflict', code: 'woocommerce_rest_product_out_of_stock', message: outOfStock('Peer Poster'), cart: conflict }));
    await failing;
    expect(session.store.getSnapshot()).toMatchObject({ error: outOfStock('Peer Poster'), flagged: { k1: outOfStock('Peer Poster') }, checkout: conflict });
    const next = session.updateAddresses({ billing: { ...address, email: '' }, shipping: address });
    await tick();
    calls[1]?.resolve(ok(checkoutOf(1000, ['Peer Tee'])));
    await next;
    expect(session.store.getSnapshot().error).toBeNull();
    expect(session.store.getSnapshot().flagged).toEqual({});
  });

  it('a failed address change keeps the cart and shows the failure', async () => {
    const { session, calls } = setup();
    const failing = session.updateAddresses({ billing: { ...address, email: '' }, shipping: address });
    await tick();
    calls[0]?.resolve(err({ kind: 'network', message: 'offline' }));
    await failing;
    expect(session.store.getSnapshot()).toMatchObject({ error: english.network, checkout: checkoutOf(1000) });
    expect(session.store.getSnapshot().fieldErrors).toEqual({});
  });

  it('an order’s error and flagged lines stay when a queued change lands after it, until the next press', async () => {
    const { session, calls } = setup();
    const placing = session.place(request);
    const moving = session.updateAddresses({ billing: { ...address, email: '' }, shipping: address });
    await tick();
    expect(session.store.getSnapshot().placing).toBe(true);
    const conflict = checkoutOf(2000, ['Peer Tee', 'Peer Poster']);
    calls[0]?.resolve(err({ kind: 'cart-conflict', code: 'woocommerce_rest_product_out_of_stock', message: outOfStock('Peer Poster'), cart: conflict }));
    await placing;
    expect(session.store.getSnapshot().placing).toBe(false);
    await tick();
    calls[1]?.resolve(ok(checkoutOf(2100, ['Peer Tee', 'Peer Poster'])));
    await moving;
    expect(session.store.getSnapshot()).toMatchObject({ error: outOfStock('Peer Poster'), flagged: { k1: outOfStock('Peer Poster') }, checkout: { cart: { totals: { total: 2100 } } } });
    void session.place(request);
    expect(session.store.getSnapshot()).toMatchObject({ error: null, placing: true });
  });
});

describe('checkout session events', () => {
  it('names each step event and sends the cart with the submitted one', async () => {
    const { session, calls, events } = setup();
    session.reachStep(2, { name: 'Shipping Method', value: 'flat_rate:1' });
    expect(events).toEqual([{ type: 'checkout.step', payload: { step: 2, option: { name: 'Shipping Method', value: 'flat_rate:1' }, cart: cartOf(1000) } }]);
    session.reachStep(3);
    expect(events[1]).toEqual({ type: 'checkout.step', payload: { step: 3, option: null, cart: cartOf(1000) } });
    const placing = session.place({ ...request, paymentMethod: 'bacs' });
    expect(events[2]).toEqual({ type: 'checkout.submitted', payload: { paymentMethod: 'bacs', cart: cartOf(1000) } });
    await tick();
    calls[0]?.resolve(ok(order));
    await placing;
  });

  it('the placed event has the tax the shop charged, or the VAT in the total, the shipping and the coupon codes', async () => {
    const place = async (totals: Partial<Cart['totals']>, codes: string[]) => {
      const { port, calls } = fakePort();
      const events: Array<{ type: string; payload: unknown }> = [];
      const base = checkoutOf(11200);
      const initial = { ...base, cart: { ...base.cart, totals: { ...base.cart.totals, ...totals }, coupons: codes.map((code) => ({ code })) } };
      const session = createCheckoutSession({ port, initial, emit: (type, payload) => events.push({ type, payload }), ids: () => 'k' });
      const placing = session.place(request);
      await tick();
      calls[0]?.resolve(ok(order));
      await placing;
      return events.find((e) => e.type === 'checkout.placed')?.payload;
    };
    expect(await place({ tax: 500, shipping: 300 }, ['A', 'B'])).toMatchObject({ orderId: 7, total: 11200, tax: 500, shipping: 300, coupon: 'A,B' });
    // 12 % VAT included in 112.00 is 12.00.
    expect(await place({ tax: 0, shipping: null }, [])).toMatchObject({ tax: 1200, shipping: 0, coupon: '' });
    expect(await place({ tax: -1, shipping: 0 }, ['ONLY'])).toMatchObject({ tax: 1200, coupon: 'ONLY' });
  });
});
