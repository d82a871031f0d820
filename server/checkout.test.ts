/**
 * Checkout over real HTTP: the Store API's cart customer, shipping and coupon routes, `GET` and
 * `POST /checkout` and the order route, each compared with the answers recorded from a stock
 * WooCommerce 9.1 shop (`tests/fixtures/stock-woocommerce-9.1/peer-3/`), and the bad input and
 * races a real shop meets.
 */
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { httpRecording } from '../src/adapters/testing/fake-shop.js';
import { includedVat } from '../src/core/rules/coupons.js';
import { createShopApp } from './app.js';
import { mailOutbox, orders, products } from './db/schema.js';
import { listen } from './listen.js';
import { Shopper, startShop, STORE, type StoreCartJson, type TestShop } from './test/harness.js';

const keysOf = (value: unknown): string[] => Object.keys(value as Record<string, unknown>).sort();
const stock = (name: string) => {
  const recorded = httpRecording(`peer-3/${name}.http`);
  return { status: recorded.status, body: JSON.parse(recorded.body) as Record<string, unknown> };
};

interface Rate {
  rate_id: string;
  price: string;
  selected: boolean;
  [key: string]: unknown;
}
interface Package {
  package_id: number;
  shipping_rates: Rate[];
  [key: string]: unknown;
}
type CheckoutCart = StoreCartJson & {
  coupons: Array<{ code: string; discount_type: string; totals: { total_discount: string } }>;
  shipping_rates: Package[];
  needs_shipping: boolean;
  has_calculated_shipping: boolean;
  billing_address: Record<string, string>;
  shipping_address: Record<string, string>;
  totals: StoreCartJson['totals'] & { total_discount: string; total_shipping: string | null; total_tax: string; tax_lines: unknown[] };
};
interface ErrorJson {
  code: string;
  message: string;
  data: { status: number; params?: Record<string, string>; details?: Record<string, { code: string }>; cart?: CheckoutCart; key?: string };
}
interface CheckoutJson {
  order_id: number;
  status: string;
  order_key: string;
  payment_method: string;
  payment_result: { payment_status: string; redirect_url: string; payment_details: Array<{ key: string; value: string }> };
  [key: string]: unknown;
}

const manila = { first_name: 'Juan', last_name: 'Dela Cruz', company: '', address_1: '123 Rizal Avenue', address_2: 'Unit 4B', city: 'Manila', state: '00', postcode: '1000', country: 'PH', phone: '+63 917 123 4567' };
const cebu = { ...manila, first_name: 'Maria', last_name: 'Santos', address_1: '45 Osmeña Blvd', address_2: '', city: 'Cebu City', state: 'CEB', postcode: '6000', phone: '09181234567' };
const checkoutBody = (over: Record<string, unknown> = {}, billing: Record<string, unknown> = {}) => ({
  billing_address: { ...manila, email: 'juan.delacruz@example.com', ...billing },
  shipping_address: manila,
  payment_method: 'cod',
  customer_note: 'Please call before delivery.',
  ...over,
});

let shop: TestShop;
let teeId = 0;
let mugId = 0;

const db = () => shop.db.database.db;
/** A simple product set to a known price and stock. */
const setProduct = (id: number, price: number, stockQuantity: number | null) => db().update(products).set({ regularPrice: price, salePrice: null, stockQuantity }).where(eq(products.id, id));
const orderCount = async () => (await db().select({ n: count() }).from(orders))[0]?.n ?? 0;

const shopperWith = async (id: number, quantity: number): Promise<Shopper> => {
  const shopper = new Shopper(shop.url);
  await shopper.ensureNonce();
  const added = await shopper.postJson(`${STORE}/cart/add-item`, { id, quantity });
  expect(added.status).toBe(201);
  return shopper;
};

beforeAll(async () => {
  shop = await startShop();
  const simple = await db().select({ id: products.id }).from(products).where(eq(products.type, 'simple')).limit(2);
  teeId = simple[0]?.id ?? 0;
  mugId = simple[1]?.id ?? 0;
  // Prices of the recording: the tee ₱350, the mug ₱249.
  await setProduct(teeId, 35_000, null);
  await setProduct(mugId, 24_900, null);
}, 60_000);
afterAll(async () => {
  expect(shop.logger.errors).toEqual([]);
  await shop.close();
});

describe('cart customer, shipping and coupons (Store API, stock shapes)', () => {
  it('update-customer quotes Metro Manila (PH:00) like the recording: flat_rate:1 ₱100 selected, pickup free, VAT included', async () => {
    const shopper = await shopperWith(teeId, 2);
    const empty = await shopper.getJson<CheckoutCart>(`${STORE}/cart`);
    expect(empty.body.has_calculated_shipping).toBe(false);
    expect(empty.body.totals.total_shipping).toBeNull();
    expect(empty.body.shipping_rates).toEqual([]);

    const res = await shopper.postJson<CheckoutCart>(`${STORE}/cart/update-customer`, { billing_address: { ...manila, email: 'juan.delacruz@example.com' }, shipping_address: manila });
    const theirs = stock('storeapi-cart-update-customer').body as unknown as CheckoutCart;
    expect(res.status).toBe(200);
    expect(keysOf(res.body)).toEqual(keysOf(theirs));
    expect(keysOf(res.body.totals)).toEqual(keysOf(theirs.totals));
    expect(keysOf(res.body.shipping_rates[0])).toEqual(keysOf(theirs.shipping_rates[0]));
    expect(keysOf(res.body.shipping_rates[0]?.shipping_rates[0])).toEqual(keysOf(theirs.shipping_rates[0]?.shipping_rates[0]));
    expect(keysOf(res.body.billing_address)).toEqual(keysOf(theirs.billing_address));
    const rates = res.body.shipping_rates[0]!.shipping_rates.map((r) => [r.rate_id, r.price, r.selected]);
    expect(rates).toEqual(theirs.shipping_rates[0]!.shipping_rates.map((r) => [r.rate_id, r.price, r.selected]));
    expect(res.body.billing_address).toEqual(theirs.billing_address);
    expect(res.body.needs_shipping).toBe(true);
    expect(res.body.totals).toMatchObject({ total_items: '70000', total_discount: '0', total_shipping: '10000', total_price: '80000', total_tax: String(includedVat(80_000)) });
    expect(res.body.totals.tax_lines).toEqual([{ name: 'VAT', price: String(includedVat(80_000)), rate: '12%' }]);
    // The cart read remembers the customer.
    expect((await shopper.getJson<CheckoutCart>(`${STORE}/cart`)).body.shipping_address).toEqual(manila);
  });

  it('select-shipping-rate chooses a rate that is offered and refuses one that is not', async () => {
    const shopper = await shopperWith(teeId, 1);
    await shopper.postJson(`${STORE}/cart/update-customer`, { shipping_address: cebu });
    const picked = await shopper.postJson<CheckoutCart>(`${STORE}/cart/select-shipping-rate`, { package_id: 0, rate_id: 'local_pickup:9' });
    expect(picked.status).toBe(200);
    expect(keysOf(picked.body)).toEqual(keysOf(stock('storeapi-cart-select-shipping-rate').body));
    expect(picked.body.shipping_rates[0]!.shipping_rates.filter((r) => r.selected).map((r) => r.rate_id)).toEqual(['local_pickup:9']);
    expect(picked.body.totals.total_shipping).toBe('0');
    const wrong = await shopper.postJson<ErrorJson>(`${STORE}/cart/select-shipping-rate`, { package_id: 0, rate_id: 'flat_rate:1' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.code).toBe('woocommerce_rest_cart_invalid_rate');
    // Moving to Metro Manila: the pickup of the Visayas is no longer offered, the first rate is.
    const moved = await shopper.postJson<CheckoutCart>(`${STORE}/cart/update-customer`, { shipping_address: { state: 'PH:00' } });
    expect(moved.body.shipping_address.state).toBe('00');
    expect(moved.body.shipping_rates[0]!.shipping_rates.find((r) => r.selected)?.rate_id).toBe('flat_rate:1');
  });

  it('apply-coupon and remove-coupon answer as the recording: codes lower-case, stock errors word for word, free shipping selected as it appears', async () => {
    const shopper = await shopperWith(teeId, 2);
    await shopper.postJson(`${STORE}/cart/update-customer`, { billing_address: { ...manila, email: 'juan.delacruz@example.com' }, shipping_address: manila });
    await shopper.postJson(`${STORE}/cart/select-shipping-rate`, { package_id: 0, rate_id: 'flat_rate:1' });

    const applied = await shopper.postJson<CheckoutCart>(`${STORE}/cart/apply-coupon`, { code: 'SALAMAT10' });
    const theirs = stock('storeapi-cart-apply-coupon').body as unknown as CheckoutCart;
    expect(applied.status).toBe(200);
    expect(keysOf(applied.body)).toEqual(keysOf(theirs));
    expect(applied.body.coupons.map((c) => [c.code, c.discount_type, c.totals.total_discount])).toEqual(theirs.coupons.map((c) => [c.code, c.discount_type, c.totals.total_discount]));
    expect(keysOf(applied.body.coupons[0])).toEqual(keysOf(theirs.coupons[0]));
    expect(applied.body.totals).toMatchObject({ total_items: '70000', total_discount: '7000', total_shipping: '10000', total_price: '73000' });
    expect(applied.body.items[0]?.totals).toMatchObject(theirs.items[0]!.totals);

    for (const [code, name] of [
      ['WALANGGANITO', 'storeapi-cart-apply-coupon-invalid'],
      ['PASKO2023', 'storeapi-cart-apply-coupon-expired'],
      ['salamat10', 'storeapi-cart-apply-coupon-again'],
    ] as const) {
      const refused = await shopper.postJson(`${STORE}/cart/apply-coupon`, { code });
      expect([refused.status, refused.body]).toEqual([400, stock(name).body]);
    }

    const free = await shopper.postJson<CheckoutCart>(`${STORE}/cart/apply-coupon`, { code: 'LIBRENGSHIP' });
    const stockFree = stock('storeapi-cart-apply-coupon-freeshipping').body as unknown as CheckoutCart;
    const selected = (cart: CheckoutCart) => cart.shipping_rates[0]!.shipping_rates.map((r) => [r.rate_id, r.selected]);
    expect(selected(free.body)).toEqual(selected(stockFree));

    const removed = await shopper.postJson<CheckoutCart>(`${STORE}/cart/remove-coupon`, { code: 'librengship' });
    expect(removed.status).toBe(200);
    expect(selected(removed.body)).toEqual(selected(stock('storeapi-cart-remove-coupon').body as unknown as CheckoutCart));
    const notApplied = await shopper.postJson(`${STORE}/cart/remove-coupon`, { code: 'pasko2023' });
    expect([notApplied.status, notApplied.body]).toEqual([400, stock('storeapi-cart-remove-coupon-notapplied').body]);
  });

  it('the nonce rules of the other cart routes hold, and bad customer fields are refused by name', async () => {
    const shopper = await shopperWith(teeId, 1);
    const noNonce = await shopper.fetch(`${STORE}/cart/apply-coupon`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ code: 'salamat10' }) });
    expect(noNonce.status).toBe(401);
    expect(((await noNonce.json()) as ErrorJson).code).toBe('woocommerce_rest_missing_nonce');
    const badNonce = await shopper.postJson<ErrorJson>(`${STORE}/cart/update-customer`, { shipping_address: manila }, { nonce: '0000000000' });
    expect([badNonce.status, badNonce.body.code]).toEqual([403, 'woocommerce_rest_invalid_nonce']);

    const ncr = await shopper.postJson<ErrorJson>(`${STORE}/cart/update-customer`, { shipping_address: { ...manila, state: 'NCR' } });
    expect([ncr.status, ncr.body.code, ncr.body.data.details?.['shipping_address']?.code]).toEqual([400, 'rest_invalid_param', 'invalid_state']);
    const html = await shopper.postJson<ErrorJson>(`${STORE}/cart/update-customer`, { billing_address: { first_name: '<img src=x onerror=alert(1)>' } });
    expect([html.status, html.body.data.params?.['billing_address']]).toEqual([400, 'billing_address.first_name must not contain HTML.']);
    const nul = await shopper.postJson<ErrorJson>(`${STORE}/cart/update-customer`, { billing_address: { city: 'Manila\u0000' } });
    expect(nul.status).toBe(400);
    expect(nul.body.message).toContain('billing_address');
    const longCode = await shopper.postJson<ErrorJson>(`${STORE}/cart/apply-coupon`, { code: 'x'.repeat(10_000) });
    expect([longCode.status, longCode.body.code, longCode.body.data.params?.['code']]).toEqual([400, 'rest_invalid_param', 'code must be at most 100 characters long.']);
    const tamperedCode = await shopper.postJson<ErrorJson>(`${STORE}/cart/apply-coupon`, { code: { $ne: null } });
    expect([tamperedCode.status, tamperedCode.body.data.params?.['code']]).toEqual([400, 'code is not of type string.']);
    // Nothing of the refused updates was kept.
    expect((await shopper.getJson<CheckoutCart>(`${STORE}/cart`)).body.billing_address.first_name).toBe('');
  });
});

describe('POST /checkout', () => {
  it('GET answers the draft in the stock shape; POST without a nonce is the stock 401', async () => {
    const shopper = await shopperWith(teeId, 2);
    await shopper.postJson(`${STORE}/cart/update-customer`, { billing_address: { ...manila, email: 'juan.delacruz@example.com' }, shipping_address: manila });
    const draft = await shopper.getJson<CheckoutJson>(`${STORE}/checkout`);
    const theirs = stock('storeapi-checkout-get-draft').body;
    expect(draft.status).toBe(200);
    expect(keysOf(draft.body)).toEqual(keysOf(theirs));
    expect(draft.body).toMatchObject({ status: 'checkout-draft', payment_method: '', billing_address: theirs['billing_address'] });
    const noNonce = await shopper.fetch(`${STORE}/checkout`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(checkoutBody()) });
    expect([noNonce.status, await noNonce.json()]).toEqual([401, stock('storeapi-checkout-nononce').body]);
    expect((await new Shopper(shop.url).getJson<ErrorJson>(`${STORE}/checkout`)).body.code).toBe('woocommerce_rest_cart_empty');
  });

  it('COD: re-priced from the database whatever the body claims, processing, redirect to the order-received page, cart emptied, mail queued', async () => {
    const shopper = await shopperWith(teeId, 2);
    await shopper.postJson(`${STORE}/cart/apply-coupon`, { code: 'SALAMAT10' });
    const before = await orderCount();
    const tampered = checkoutBody({ totals: { total_price: '1' }, items: [{ id: teeId, prices: { price: '1' } }], shipping_rate: undefined });
    const res = await shopper.postJson<CheckoutJson>(`${STORE}/checkout`, tampered);
    const theirs = stock('storeapi-checkout-cod').body;
    expect(res.status).toBe(200);
    expect(keysOf(res.body)).toEqual(keysOf(theirs));
    expect(keysOf(res.body.payment_result)).toEqual(keysOf(theirs['payment_result']));
    expect(res.body).toMatchObject({ status: 'processing', payment_method: 'cod', customer_note: 'Please call before delivery.' });
    expect(res.body.payment_result.redirect_url).toBe(`${shop.url}/checkout/order-received/${res.body.order_id}/?key=${res.body.order_key}`);
    expect(res.body.payment_result.payment_details).toEqual([
      { key: 'result', value: 'success' },
      { key: 'redirect', value: res.body.payment_result.redirect_url },
    ]);
    expect((res.body['billing_address'] as Record<string, string>)['phone']).toBe('+639171234567');
    expect(res.headers.getSetCookie().some((c) => c.startsWith('woocommerce_items_in_cart=0') && /Max-Age=0/.test(c))).toBe(true);
    const [order] = await db().select().from(orders).where(eq(orders.id, res.body.order_id));
    expect(order).toMatchObject({ subtotal: 70_000, discountTotal: 7_000, shippingTotal: 10_000, total: 73_000, totalTax: includedVat(73_000) });
    expect(await orderCount()).toBe(before + 1);
    expect((await shopper.getJson<CheckoutCart>(`${STORE}/cart`)).body.items).toEqual([]);
    const mail = await db().select().from(mailOutbox);
    expect(mail.filter((m) => m.subject.includes(`#${res.body.order_id}`)).map((m) => m.to).sort()).toEqual(['juan.delacruz@example.com', 'orders@suki.example.ph']);
    // The same POST again: stock's empty-cart answer, no second order.
    const again = await shopper.postJson(`${STORE}/checkout`, tampered);
    expect([again.status, again.body]).toEqual([400, stock('storeapi-checkout-again-after-success').body]);
    expect(await orderCount()).toBe(before + 1);
  });

  it('bank transfer: on-hold, and the order route carries the bank details', async () => {
    const shopper = await shopperWith(mugId, 1);
    const res = await shopper.postJson<CheckoutJson>(`${STORE}/checkout`, checkoutBody({ payment_method: 'bacs', shipping_address: cebu }, { ...cebu }));
    expect(res.status).toBe(200);
    expect(res.body.status).toBe(stock('storeapi-checkout-bacs').body['status']);
    const [order] = await db().select().from(orders).where(eq(orders.id, res.body.order_id));
    // The recording: ₱249 + rest of the Philippines ₱150... here Visayas ₱200.
    expect(order).toMatchObject({ total: 24_900 + 20_000, shippingRate: 'flat_rate:7' });
    const read = await shopper.getJson<{ extensions: { suki: { bank_details: string[]; payment_method_title: string } } }>(`${STORE}/order/${res.body.order_id}?key=${res.body.order_key}`);
    expect(read.body.extensions.suki.payment_method_title).toBe('Direct bank transfer');
    expect(read.body.extensions.suki.bank_details.join(' ')).toContain('0012-3456-7890');
  });

  it('a retried or double-clicked attempt (same Idempotency-Key) makes one order', async () => {
    const shopper = await shopperWith(teeId, 1);
    const before = await orderCount();
    const [a, b] = await Promise.all([
      shopper.postJson<CheckoutJson>(`${STORE}/checkout`, checkoutBody(), { 'idempotency-key': 'attempt-double' }),
      shopper.postJson<CheckoutJson>(`${STORE}/checkout`, checkoutBody(), { 'idempotency-key': 'attempt-double' }),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(a.body.order_id).toBe(b.body.order_id);
    const retried = await shopper.postJson<CheckoutJson>(`${STORE}/checkout`, checkoutBody(), { 'idempotency-key': 'attempt-double' });
    expect(retried.status).toBe(200);
    expect(retried.body.order_id).toBe(a.body.order_id);
    expect(retried.headers.get('idempotent-replayed')).toBe('true');
    expect(await orderCount()).toBe(before + 1);
  });

  it('a retry after a restart (another instance on the same database) finds the order the first one made', async () => {
    const shopper = await shopperWith(teeId, 1);
    const before = await orderCount();
    const first = await shopper.postJson<CheckoutJson>(`${STORE}/checkout`, checkoutBody(), { 'idempotency-key': 'attempt-restart' });
    expect(first.status).toBe(200);
    // The answer was lost and the server restarted: the page retries the same attempt on the new one.
    const restarted = await listen(createShopApp({ database: shop.db.database, logger: shop.logger }), { port: 0, host: '127.0.0.1' });
    try {
      const again = new Shopper(restarted.url);
      for (const [name, value] of shopper.cookies) again.cookies.set(name, value);
      again.nonce = shopper.nonce;
      const retried = await again.postJson<CheckoutJson>(`${STORE}/checkout`, checkoutBody(), { 'idempotency-key': 'attempt-restart' });
      expect([retried.status, retried.body.order_id, retried.body.order_key]).toEqual([200, first.body.order_id, first.body.order_key]);
    } finally {
      await restarted.close();
    }
    expect(await orderCount()).toBe(before + 1);
  });

  it('out of stock since it was added: 409 with the cart and the line, as stock; nothing written', async () => {
    await setProduct(mugId, 24_900, 5);
    const shopper = await shopperWith(teeId, 1);
    await shopper.postJson(`${STORE}/cart/add-item`, { id: mugId, quantity: 2 });
    await setProduct(mugId, 24_900, 0);
    const cart = await shopper.getJson<CheckoutCart>(`${STORE}/cart`);
    // Flagged in the cart as stock flags it (the line stays).
    const stockErrors = (stock('storeapi-cart-with-outofstock-item').body as { errors: Array<{ code: string; message: string }> }).errors;
    const mugName = cart.body.items.find((i) => i.id === mugId)?.name ?? '';
    expect(cart.body.errors).toEqual(stockErrors.map((e) => ({ code: e.code, message: e.message.replace('Peer Poster', mugName) })));
    const before = await orderCount();
    const res = await shopper.postJson<ErrorJson>(`${STORE}/checkout`, checkoutBody());
    const theirs = stock('storeapi-checkout-outofstock-item').body as unknown as ErrorJson;
    expect(res.status).toBe(409);
    expect(res.body.code).toBe(theirs.code);
    expect(keysOf(res.body.data.cart)).toEqual(keysOf(theirs.data.cart));
    const mugLine = res.body.data.cart?.items.find((i) => i.id === mugId);
    expect(res.body.data.key).toBe(mugLine?.key);
    expect(await orderCount()).toBe(before);
    const [tee] = await db().select({ n: products.stockQuantity }).from(products).where(eq(products.id, teeId));
    expect(tee?.n).toBeNull();
    expect((await shopper.getJson<CheckoutCart>(`${STORE}/cart`)).body.items).toHaveLength(2);
    await setProduct(mugId, 24_900, null);
  });

  it('every bad field is a 400 that names it, and writes nothing', async () => {
    const shopper = await shopperWith(teeId, 1);
    const before = await orderCount();
    const cases: Array<[Record<string, unknown>, string]> = [
      [checkoutBody({}, { first_name: 'Juan\u0000' }), 'billing_address'],
      [checkoutBody({}, { city: 'x'.repeat(10_000) }), 'billing_address.city'],
      [checkoutBody({}, { address_1: '<script>alert(1)</script>' }), 'billing_address.address_1'],
      [checkoutBody({ shipping_address: { ...manila, last_name: '<b>x</b>' } }), 'shipping_address.last_name'],
      [checkoutBody({ customer_note: 'Call me <a href="http://x">here</a>' }), 'customer_note'],
      [checkoutBody({ customer_note: 'y'.repeat(10_000) }), 'customer_note'],
      [checkoutBody({ shipping_address: { ...manila, state: 'CA', country: 'US' } }), 'shipping_address'],
      [checkoutBody({}, { state: 'NCR' }), 'billing_address'],
      [checkoutBody({}, { email: 'not-an-email' }), 'billing_address'],
      [checkoutBody({}, { phone: '12' }), 'billing_address'],
      [checkoutBody({ payment_method: 'cheque' }), 'Check payments'],
    ];
    for (const [body, named] of cases) {
      const res = await shopper.postJson<ErrorJson>(`${STORE}/checkout`, body);
      expect(res.status, named).toBe(400);
      expect(JSON.stringify(res.body), named).toContain(named);
    }
    expect(await orderCount()).toBe(before);
    expect((await shopper.getJson<CheckoutCart>(`${STORE}/cart`)).body.items).toHaveLength(1);
  });
});

describe('POST /checkout in Filipino (suki_lang=fil)', () => {
  it('the refusals a shopper reads are in the checkout’s language: the cart’s line note and a refused add, out of stock (the line still named in “…”), payment method, a bad field, coupons; the codes stay', async () => {
    await setProduct(mugId, 24_900, 5);
    const shopper = await shopperWith(mugId, 2);
    shopper.cookies.set('suki_lang', 'fil');
    await setProduct(mugId, 24_900, 0);
    const soldOutCart = (await shopper.getJson<CheckoutCart>(`${STORE}/cart`)).body;
    const mugName = soldOutCart.items.find((i) => i.id === mugId)?.name ?? '';
    // The cart's own note on the line, and a refused add, in Filipino (the product still quoted as stock quotes it).
    expect(soldOutCart.errors).toEqual([{ code: 'woocommerce_rest_product_out_of_stock', message: `Ubos na ang &#8220;${mugName}&#8221; at hindi na mabibili. Pakialis ito sa iyong cart.` }]);
    const refusedAdd = await shopper.postJson<{ code: string; message: string }>(`${STORE}/cart/add-item`, { id: mugId, quantity: 1 });
    expect([refusedAdd.body.code, refusedAdd.body.message]).toEqual(['woocommerce_rest_product_out_of_stock', `Hindi maidagdag ang &quot;${mugName}&quot; sa cart dahil ubos na ang produkto.`]);
    const stockOut = await shopper.postJson<ErrorJson>(`${STORE}/checkout`, checkoutBody());
    expect(stockOut.status).toBe(409);
    expect(stockOut.body.code).toBe('woocommerce_rest_product_out_of_stock');
    expect((stockOut.body as unknown as { message: string }).message).toBe(`Kulang ang stock ng “${mugName}” para sa iyong order. Bawasan ang dami o alisin ito sa iyong cart.`);
    await setProduct(mugId, 24_900, null);
    const payment = await shopper.postJson<ErrorJson>(`${STORE}/checkout`, checkoutBody({ payment_method: 'cheque' }));
    expect(payment.body.code).toBe('woocommerce_rest_checkout_payment_method_disabled');
    expect((payment.body as unknown as { message: string }).message).toBe('Hindi puwede ang Check payments sa order na ito—pumili ng ibang paraan ng pagbabayad');
    const phone = await shopper.postJson<ErrorJson>(`${STORE}/checkout`, checkoutBody({}, { phone: '12' }));
    expect(JSON.stringify(phone.body)).toContain('Hindi wasto ang numero ng telepono na inilagay');
    // Coupons: refused in Filipino, the missing one's quotes escaped as stock escapes them.
    const missing = await shopper.postJson<{ code: string; message: string }>(`${STORE}/cart/apply-coupon`, { code: 'WALANGGANITO' });
    expect([missing.status, missing.body.code, missing.body.message]).toEqual([400, 'woocommerce_rest_cart_coupon_error', 'Walang voucher na &quot;walangganito&quot;!']);
    const expired = await shopper.postJson<{ message: string }>(`${STORE}/cart/apply-coupon`, { code: 'PASKO2023' });
    expect(expired.body.message).toBe('Expired na ang voucher na ito.');
    const notApplied = await shopper.postJson<{ message: string }>(`${STORE}/cart/remove-coupon`, { code: 'pasko2023' });
    expect(notApplied.body.message).toBe('Hindi wasto ang voucher code.');
    // The same in English without the cookie.
    shopper.cookies.delete('suki_lang');
    const english = await shopper.postJson<ErrorJson>(`${STORE}/checkout`, checkoutBody({ payment_method: 'cheque' }));
    expect((english.body as unknown as { message: string }).message).toBe('Check payments is not available for this order—please choose a different payment method');
  });
});

describe('GET /order/{id} (stock order route)', () => {
  it('shows the order by key within the grace period, then only with the billing email; wrong keys are the stock 401', async () => {
    const shopper = await shopperWith(teeId, 3);
    await shopper.postJson(`${STORE}/cart/apply-coupon`, { code: 'salamat10' });
    const placed = (await shopper.postJson<CheckoutJson>(`${STORE}/checkout`, checkoutBody())).body;
    const stranger = new Shopper(shop.url);
    const url = (query: string) => `${STORE}/order/${placed.order_id}${query}`;

    const read = await stranger.getJson<Record<string, unknown> & { items: Array<{ key: string; id: number }>; totals: Record<string, string> }>(url(`?key=${placed.order_key}`));
    const theirs = stock('storeapi-order').body as Record<string, unknown> & { items: unknown[]; totals: Record<string, string> };
    expect(read.status).toBe(200);
    expect(keysOf(read.body).filter((k) => k !== 'extensions')).toEqual(keysOf(theirs));
    expect(keysOf(read.body.items[0])).toEqual(keysOf(theirs.items[0]));
    expect(keysOf(read.body.totals)).toEqual(keysOf(theirs.totals));
    expect(read.body.items[0]?.key).toBe(placed.order_key);
    expect(read.body.totals).toMatchObject({ subtotal: '105000', total_discount: '10500', total_shipping: '10000', total_price: '104500', total_items: '94500' });

    expect([(await stranger.getJson(url('?key=wc_order_wrongkey0000'))).body]).toEqual([stock('storeapi-order-wrongkey').body]);
    expect((await stranger.getJson(url(''))).body).toEqual(stock('storeapi-order-nokey').body);
    expect((await stranger.getJson(`${STORE}/order/99999999?key=${placed.order_key}`)).status).toBe(401);

    // An hour later: the key alone no longer shows it to a stranger.
    await db().update(orders).set({ createdAt: new Date(Date.now() - 3_600_000).toISOString() }).where(eq(orders.id, placed.order_id));
    const noEmail = await stranger.getJson(url(`?key=${placed.order_key}`));
    expect([noEmail.status, noEmail.body]).toEqual([401, stock('storeapi-order-noemail-after-grace').body]);
    const wrongEmail = await stranger.getJson(url(`?key=${placed.order_key}&billing_email=someone%40example.com`));
    expect([wrongEmail.status, wrongEmail.body]).toEqual([401, stock('storeapi-order-wrongemail-after-grace').body]);
    expect((await stranger.getJson(url(`?key=${placed.order_key}&billing_email=Juan.DelaCruz%40example.com`))).status).toBe(200);
    // The shopper who placed it still sees it from the same session.
    expect((await shopper.getJson(url(`?key=${placed.order_key}`))).status).toBe(200);
  });
});
