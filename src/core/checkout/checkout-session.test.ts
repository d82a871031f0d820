import { describe, expect, it } from 'vitest';
import type { Cart } from '../domain/cart.js';
import type { CheckoutCart, PlacedOrder, PlaceOrderRequest } from '../domain/checkout.js';
import { PHP } from '../domain/money.js';
import type { CheckoutFailure, CheckoutPort } from '../ports.js';
import { err, ok, type Result } from '../result.js';
import { createCheckoutSession } from './checkout-session.js';

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
