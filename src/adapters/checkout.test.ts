import { describe, expect, it } from 'vitest';
import { createCheckoutAdapter } from './checkout.js';
import { createHttpClient } from './http.js';
import { SHOP, STOCK_CART_NONCE, fakeShop, httpRecording, httpRequestOf, replay, type Answer, type SeenRequest } from './testing/fake-shop.js';
import type { Address, BillingAddress } from '../core/domain/checkout.js';

const peer = (name: string) => `peer-3/${name}.http`;

/** Answers every call with one recording. */
const answering =
  (name: string): Answer =>
  () =>
    replay(httpRecording(peer(name)));

function setup(answer: Answer) {
  const shop = fakeShop(answer);
  const http = createHttpClient({ baseUrl: SHOP, fetch: shop.fetch, storeNonce: STOCK_CART_NONCE });
  return { checkout: createCheckoutAdapter(http), requests: shop.requests };
}

/** The sent request matches the recorded one: method, route, Nonce, content type and JSON body. */
const expectRecorded = (sent: SeenRequest | undefined, name: string) => {
  const recorded = httpRequestOf(peer(name));
  expect(sent?.method).toBe(recorded.method);
  const url = new URL(sent?.url ?? 'http://x/');
  expect(url.pathname).toBe(new URL(recorded.path, SHOP).pathname);
  expect(sent?.headers['nonce']).toBe(recorded.headers['nonce']);
  if (recorded.body !== '') {
    expect(sent?.headers['content-type']).toBe(recorded.headers['content-type']);
    expect(JSON.parse(sent?.body ?? '')).toEqual(JSON.parse(recorded.body));
  }
};

/** The recorded request body's addresses, as the domain holds them. */
const recordedAddresses = (name: string): { billing: BillingAddress; shipping: Address; body: Record<string, unknown> } => {
  const body = JSON.parse(httpRequestOf(peer(name)).body) as { billing_address: BillingAddress; shipping_address: Address };
  return { billing: body.billing_address, shipping: body.shipping_address, body };
};

describe('checkout contract against stock WooCommerce 9.1 answers (peer-3)', () => {
  it('update-customer: sends both addresses as stock does; reads rates, the selected one and totals', async () => {
    const { checkout, requests } = setup(answering('storeapi-cart-update-customer'));
    const { billing, shipping } = recordedAddresses('storeapi-cart-update-customer');
    const result = await checkout.updateCustomer({ billing, shipping });
    expectRecorded(requests[0], 'storeapi-cart-update-customer');
    if (!result.ok) throw new Error(result.error.message);
    const value = result.value;
    expect(value.needsShipping).toBe(true);
    expect(value.paymentMethods).toEqual(['bacs', 'cod']);
    expect(value.packages).toEqual([
      {
        packageId: 0,
        name: 'Shipment 1',
        rates: [
          { rateId: 'flat_rate:1', name: 'Flat rate', price: 10000, selected: true },
          { rateId: 'local_pickup:3', name: 'Local pickup', price: 0, selected: false },
        ],
      },
    ]);
    expect(value.cart.totals).toMatchObject({ subtotal: 70000, shipping: 10000, total: 80000, currency: { code: 'PHP' } });
    expect(value.billing).toMatchObject({ state: '00', email: 'juan.delacruz@example.com', city: 'Manila' });
    expect(value.shipping.state).toBe('00');
    expect(value.problems).toEqual([]);
  });

  it('select-shipping-rate: package id and rate id as stock sends them', async () => {
    const { checkout, requests } = setup(answering('storeapi-cart-select-shipping-rate'));
    const result = await checkout.selectShippingRate({ packageId: 0, rateId: 'flat_rate:1' });
    expectRecorded(requests[0], 'storeapi-cart-select-shipping-rate');
    expect(result.ok && result.value.packages[0]?.rates.find((r) => r.selected)?.rateId).toBe('flat_rate:1');
  });

  it('apply-coupon: the code as typed; the answer lists it lower-case with the discount in the totals', async () => {
    const { checkout, requests } = setup(answering('storeapi-cart-apply-coupon'));
    const result = await checkout.applyCoupon('SALAMAT10');
    expectRecorded(requests[0], 'storeapi-cart-apply-coupon');
    if (!result.ok) throw new Error(result.error.message);
    expect(result.value.cart.coupons).toEqual([{ code: 'salamat10' }]);
    expect(result.value.cart.totals).toMatchObject({ subtotal: 70000, discount: 7000, shipping: 10000, total: 73000 });
  });

  it('apply-coupon refusals keep the shop’s message as plain text', async () => {
    for (const [name, code, message] of [
      ['storeapi-cart-apply-coupon-invalid', 'WALANGGANITO', 'Coupon "walangganito" does not exist!'],
      ['storeapi-cart-apply-coupon-expired', 'PASKO2023', 'This coupon has expired.'],
    ] as const) {
      const { checkout, requests } = setup(answering(name));
      const result = await checkout.applyCoupon(code);
      expectRecorded(requests[0], name);
      expect(result).toEqual({ ok: false, error: { kind: 'http', status: 400, code: 'woocommerce_rest_cart_coupon_error', message } });
    }
  });

  it('a free-shipping coupon makes its free rate the selected one', async () => {
    const { checkout } = setup(answering('storeapi-cart-apply-coupon-freeshipping'));
    const result = await checkout.applyCoupon('LIBRENGSHIP');
    const selected = result.ok ? result.value.packages[0]?.rates.find((r) => r.selected) : undefined;
    expect(selected).toMatchObject({ rateId: 'free_shipping:2', price: 0 });
  });

  it('remove-coupon: the code; a coupon not in the cart is refused', async () => {
    const removed = setup(answering('storeapi-cart-remove-coupon'));
    const result = await removed.checkout.removeCoupon('librengship');
    expectRecorded(removed.requests[0], 'storeapi-cart-remove-coupon');
    expect(result.ok && result.value.cart.coupons).toEqual([{ code: 'salamat10' }]);
    const missing = setup(answering('storeapi-cart-remove-coupon-notapplied'));
    const refused = await missing.checkout.removeCoupon('pasko2023');
    expect(refused.ok ? null : refused.error).toMatchObject({ kind: 'http', status: 400, message: 'Invalid coupon code.' });
  });

  it('GET checkout reads the draft order', async () => {
    const { checkout, requests } = setup(answering('storeapi-checkout-get-draft'));
    const result = await checkout.loadDraft();
    expect(requests[0]?.method).toBe('GET');
    expect(new URL(requests[0]?.url ?? '').pathname).toBe('/wp-json/wc/store/v1/checkout');
    expect(result.ok && result.value).toMatchObject({ orderId: 55, status: 'checkout-draft', orderKey: 'wc_order_7DH8GY2yqOv2p', paymentMethod: '' });
  });

  it('POST checkout (cod): the stock body, the Nonce and the attempt’s Idempotency-Key; the redirect on this shop', async () => {
    const { checkout, requests } = setup(answering('storeapi-checkout-cod'));
    const { billing, shipping } = recordedAddresses('storeapi-checkout-cod');
    const result = await checkout.placeOrder({ billing, shipping, paymentMethod: 'cod', customerNote: 'Please call before delivery.', idempotencyKey: 'attempt-1' });
    expectRecorded(requests[0], 'storeapi-checkout-cod');
    expect(requests[0]?.headers['idempotency-key']).toBe('attempt-1');
    expect(result).toEqual({
      ok: true,
      value: {
        orderId: 55,
        orderNumber: '55',
        status: 'processing',
        orderKey: 'wc_order_7DH8GY2yqOv2p',
        paymentMethod: 'cod',
        paymentStatus: 'success',
        redirectUrl: `${SHOP}/checkout/order-received/55/?key=wc_order_7DH8GY2yqOv2p`,
      },
    });
  });

  it('POST checkout (bacs): on-hold', async () => {
    const { checkout, requests } = setup(answering('storeapi-checkout-bacs'));
    const { billing, shipping, body } = recordedAddresses('storeapi-checkout-bacs');
    const result = await checkout.placeOrder({ billing, shipping, paymentMethod: 'bacs', customerNote: String(body['customer_note'] ?? ''), idempotencyKey: 'attempt-2' });
    expectRecorded(requests[0], 'storeapi-checkout-bacs');
    expect(result.ok && result.value).toMatchObject({ status: 'on-hold', paymentMethod: 'bacs' });
  });

  it('a field the shop refuses is named as our form names it', async () => {
    const cases = [
      ['storeapi-checkout-invalid-email', { billing_email: 'The provided email address is not valid' }],
      ['storeapi-checkout-invalid-postcode', { billing_postcode: 'The provided postcode / ZIP is not valid', shipping_postcode: 'The provided postcode / ZIP is not valid' }],
      ['storeapi-checkout-missing-email', { billing_email: 'A valid email address is required' }],
    ] as const;
    for (const [name, fields] of cases) {
      const { checkout } = setup(answering(name));
      const { billing, shipping } = recordedAddresses(name);
      const result = await checkout.placeOrder({ billing, shipping, paymentMethod: 'cod', customerNote: '', idempotencyKey: 'k' });
      expect(result.ok ? null : result.error).toMatchObject({ kind: 'invalid-fields', fields });
    }
    const { checkout } = setup(answering('storeapi-checkout-wrong-state'));
    const { billing, shipping } = recordedAddresses('storeapi-checkout-wrong-state');
    const wrongState = await checkout.placeOrder({ billing, shipping, paymentMethod: 'cod', customerNote: '', idempotencyKey: 'k' });
    const fields = wrongState.ok || wrongState.error.kind !== 'invalid-fields' ? {} : wrongState.error.fields;
    expect(fields['billing_state']).toMatch(/^The provided state \(NCR\) is not valid/);
  });

  it('a disabled payment method and a missing nonce stay plain failures with the shop’s message', async () => {
    const { checkout } = setup(answering('storeapi-checkout-bad-payment-method'));
    const { billing, shipping } = recordedAddresses('storeapi-checkout-bad-payment-method');
    const result = await checkout.placeOrder({ billing, shipping, paymentMethod: 'cheque', customerNote: '', idempotencyKey: 'k' });
    expect(result.ok ? null : result.error).toMatchObject({ kind: 'http', status: 400, code: 'woocommerce_rest_checkout_payment_method_disabled' });
  });

  it('409 out of stock: the cart it carries, with the line and the shop’s error', async () => {
    const { checkout } = setup(answering('storeapi-checkout-outofstock-item'));
    const { billing, shipping } = recordedAddresses('storeapi-checkout-outofstock-item');
    const result = await checkout.placeOrder({ billing, shipping, paymentMethod: 'cod', customerNote: '', idempotencyKey: 'k' });
    if (result.ok || result.error.kind !== 'cart-conflict') throw new Error('expected a cart conflict');
    expect(result.error.code).toBe('woocommerce_rest_product_out_of_stock');
    expect(result.error.message).toBe('"Peer Poster" is out of stock and cannot be purchased. Please remove it from your cart.');
    expect(result.error.cart.cart.lines.map((l) => l.name)).toContain('Peer Poster');
    expect(result.error.cart.problems.map((p) => p.code)).toContain('woocommerce_rest_product_out_of_stock');
  });

  it('a cart with a line out of stock lists the problem with entities decoded', async () => {
    const { checkout } = setup(answering('storeapi-cart-with-outofstock-item'));
    const result = await checkout.loadCart();
    expect(result.ok && result.value.problems).toEqual([
      { code: 'woocommerce_rest_product_out_of_stock', message: '“Peer Poster” is out of stock and cannot be purchased. Please remove it from your cart.' },
    ]);
  });

  it('an empty cart after the order: a second attempt is refused', async () => {
    const { checkout } = setup(answering('storeapi-checkout-again-after-success'));
    const { billing, shipping } = recordedAddresses('storeapi-checkout-again-after-success');
    const result = await checkout.placeOrder({ billing, shipping, paymentMethod: 'cod', customerNote: '', idempotencyKey: 'k2' });
    expect(result.ok ? null : result.error).toMatchObject({ kind: 'http', code: 'woocommerce_rest_cart_empty' });
  });

  it('GET order/{id}: key and billing email in the query; lines, coupons, totals and addresses', async () => {
    const { checkout, requests } = setup(answering('storeapi-order'));
    const result = await checkout.getOrder({ id: 55, key: 'wc_order_7DH8GY2yqOv2p', email: 'juan.delacruz@example.com' });
    const sent = new URL(requests[0]?.url ?? '');
    const recorded = new URL(httpRequestOf(peer('storeapi-order')).path, SHOP);
    expect(sent.pathname).toBe(recorded.pathname);
    expect(sent.searchParams.get('key')).toBe(recorded.searchParams.get('key'));
    expect(sent.searchParams.get('billing_email')).toBe(recorded.searchParams.get('billing_email'));
    if (!result.ok) throw new Error(result.error.message);
    expect(result.value).toMatchObject({
      id: 55,
      status: 'processing',
      lines: [{ name: 'Peer Tee', sku: 'PEER-TEE', quantity: 3, lineSubtotal: 105000, lineTotal: 94500 }],
      coupons: [{ code: 'salamat10', discount: 10500 }],
      totals: { subtotal: 105000, discount: 10500, shipping: 10000, total: 104500 },
      billing: { email: 'juan.delacruz@example.com', state: '00' },
      needsShipping: true,
      // A stock order route says neither.
      paymentMethod: null,
      dateCreated: null,
    });
  });

  it('Suki’s extras under extensions.suki: payment method, date (GMT), shipping title, note and bank details', async () => {
    const stock = JSON.parse(httpRecording(peer('storeapi-order')).body) as Record<string, unknown>;
    const extensions = {
      suki: {
        date_created_gmt: '2026-11-23T11:39:40',
        payment_method: 'bacs',
        payment_method_title: 'Direct bank transfer',
        shipping_method_title: 'Flat rate',
        customer_note: 'Please call before delivery.',
        bank_details: ['Account name: Suki Shop Inc.'],
      },
    };
    const { checkout } = setup(() => new Response(JSON.stringify({ ...stock, extensions }), { status: 200, headers: { 'Content-Type': 'application/json' } }));
    const result = await checkout.getOrder({ id: 55, key: 'wc_order_7DH8GY2yqOv2p' });
    expect(result.ok && result.value).toMatchObject({
      paymentMethod: 'bacs',
      dateCreated: '2026-11-23T11:39:40Z',
      shippingMethodTitle: 'Flat rate',
      customerNote: 'Please call before delivery.',
      bankDetails: ['Account name: Suki Shop Inc.'],
    });
  });

  it('a wrong or missing key, and a missing email after the grace period, are 401s', async () => {
    for (const name of ['storeapi-order-wrongkey', 'storeapi-order-nokey', 'storeapi-order-noemail-after-grace']) {
      const { checkout } = setup(answering(name));
      const result = await checkout.getOrder({ id: 55, key: 'wc_order_wrong' });
      expect(result.ok ? null : result.error).toMatchObject({ kind: 'http', status: 401 });
    }
  });
});
