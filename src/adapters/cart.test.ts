import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { addItemBody, createCartAdapter, firstCategoryOf, storeCartSchema, toCart } from './cart.js';
import { createHttpClient, type HttpClientOptions } from './http.js';
import { SHOP, STOCK_CART, STOCK_CART_NONCE, fakeShop, httpRecording, httpRequestOf, inOrder, json, recording, replay, stockCartShop, type Answer } from './testing/fake-shop.js';

const CART_URL = `${SHOP}/wp-json/wc/store/v1/cart?_locale=user`;
const TEE = 'd3d9446802a44259755d38e6d163e820';
const MUG = '6512bd43d9caa6e02c990b0a82652dca';
const HOODIE_M = '3c917e8030e34c3b7388e3d6ab9d4e25';

function setup(answer: Answer, options: Partial<HttpClientOptions> = {}) {
  const shop = fakeShop(answer);
  const http = createHttpClient({ baseUrl: SHOP, fetch: shop.fetch, ...options });
  return { cart: createCartAdapter(http), http, requests: shop.requests };
}

const cartAnswer = () => replay(recording('storeapi-cart'));

describe('cart contract against stock WooCommerce 9.1 answers', () => {
  it('storeapi-cart: load reads lines, limits, prices and totals, and remembers the nonce', async () => {
    const { cart, http, requests } = setup(inOrder(cartAnswer));
    const result = await cart.load();
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({ url: CART_URL, method: 'GET', body: '' });
    expect(requests[0]?.headers['accept']).toBe('application/json, */*;q=0.1');
    expect(requests[0]?.headers['nonce']).toBeUndefined();
    expect(http.nonce()).toBe('4003a4a4ad');

    if (!result.ok) throw new Error(result.error.message);
    const { lines, totals, coupons, itemsCount } = result.value;
    expect(lines.map((l) => [l.key, l.id, l.quantity])).toEqual([
      [TEE, 10, 1],
      [MUG, 11, 2],
      [HOODIE_M, 15, 1],
    ]);
    const mug = lines[1];
    expect(mug).toMatchObject({
      name: 'Peer Mug',
      sku: 'PEER-MUG',
      unitPrice: 999,
      regularPrice: 1250,
      lineSubtotal: 1998,
      lineTotal: 1998,
      limits: { minimum: 1, maximum: 10, multipleOf: 1, editable: true },
      permalink: 'http://127.0.0.1:8931/product/peer-mug/',
      image: null,
      pending: false,
      category: null,
    });
    expect(lines[2]?.variation).toEqual([{ attribute: 'Size', value: 'M' }]);
    expect(totals).toEqual({
      subtotal: 7897,
      discount: 0,
      shipping: 0,
      tax: 0,
      total: 7897,
      currency: {
        code: 'USD',
        minorUnit: 2,
        symbol: '$',
        prefix: '$',
        suffix: '',
        decimalSeparator: '.',
        thousandSeparator: ',',
      },
    });
    expect(coupons).toEqual([]);
    expect(itemsCount).toBe(4);
  });

  it('get_refreshed_fragments: cartHash posts a time cache buster and returns cart_hash', async () => {
    const { cart, requests } = setup(inOrder(() => replay(recording('get_refreshed_fragments'))));
    const result = await cart.cartHash();
    expect(result).toEqual({ ok: true, value: '15663969b96e2adc0459bddeb9b549d8' });
    expect(requests[0]).toMatchObject({ method: 'POST', url: `${SHOP}/?wc-ajax=get_refreshed_fragments` });
    expect(requests[0]?.form.map(([name]) => name)).toEqual(['time']);
    expect(requests[0]?.form[0]?.[1]).toMatch(/^\d{13}$/);
  });

  it('storeapi-cart-add-item: a Store API write carries the remembered Nonce and a JSON body', async () => {
    const { cart, requests } = setup(inOrder(cartAnswer, () => replay(recording('storeapi-cart-add-item'))));
    await cart.load();
    const result = await cart.setQuantity({ key: MUG, quantity: 3, idempotencyKey: 'intent-8' });
    const post = requests[1]!;
    expect(post).toMatchObject({ method: 'POST', url: `${SHOP}/wp-json/wc/store/v1/cart/update-item?_locale=user` });
    expect(post.headers['nonce']).toBe('4003a4a4ad');
    expect(post.headers['content-type']).toBe('application/json');
    expect(post.headers['idempotency-key']).toBe('intent-8');
    expect(post.headers['x-http-method-override']).toBeUndefined();
    expect(JSON.parse(post.body)).toEqual({ key: MUG, quantity: 3 });
    expect(result.ok && result.value.lines.find((l) => l.key === MUG)?.quantity).toBe(3);
    expect(result.ok && result.value.totals.total).toBe(8896);
  });

  it('storeapi-cart-add-item-nononce: 401 → one nonce refresh (GET cart) → one retry with the Nonce', async () => {
    const { cart, http, requests } = setup(
      inOrder(
        () => replay(recording('storeapi-cart-add-item-nononce')),
        cartAnswer,
        () => replay(recording('storeapi-cart-add-item')),
      ),
    );
    expect(http.nonce()).toBeNull();
    const result = await cart.setQuantity({ key: MUG, quantity: 3, idempotencyKey: 'intent-9' });
    expect(requests.map((r) => `${r.method} ${r.url}`)).toEqual([
      `POST ${SHOP}/wp-json/wc/store/v1/cart/update-item?_locale=user`,
      `GET ${CART_URL}`,
      `POST ${SHOP}/wp-json/wc/store/v1/cart/update-item?_locale=user`,
    ]);
    expect(requests[0]?.headers['nonce']).toBeUndefined();
    expect(requests[2]?.headers['nonce']).toBe('4003a4a4ad');
    expect(requests[2]?.headers['idempotency-key']).toBe('intent-9');
    expect(requests[2]?.body).toBe(requests[0]?.body);
    expect(result.ok).toBe(true);
  });

  it('storeapi-cart-add-item-nononce twice: the second 401 is returned, never a second refresh', async () => {
    const noNonce = () => replay(recording('storeapi-cart-add-item-nononce'));
    const { cart, requests } = setup(inOrder(noNonce, cartAnswer, noNonce, noNonce, noNonce));
    const result = await cart.setQuantity({ key: MUG, quantity: 3, idempotencyKey: 'k' });
    expect(requests).toHaveLength(3);
    expect(result).toEqual({
      ok: false,
      error: {
        kind: 'http',
        status: 401,
        code: 'woocommerce_rest_missing_nonce',
        message: 'Missing the Nonce header. This endpoint requires a valid nonce.',
      },
    });
  });

  it('a seeded nonce (from the page) is sent on the first write', async () => {
    const { cart, http, requests } = setup(inOrder(() => replay(recording('storeapi-cart-add-item'))));
    http.setNonce('seeded1234');
    await cart.setQuantity({ key: MUG, quantity: 3, idempotencyKey: 'k' });
    expect(requests[0]?.headers['nonce']).toBe('seeded1234');
    expect(http.nonce()).toBe('4003a4a4ad');
  });
});

describe('cart changes against a stock WooCommerce 9.1 Store API (peer-3 recordings)', () => {
  const ROUTE = (name: string) => `${SHOP}/wp-json/wc/store/v1/cart/${name}?_locale=user`;
  const TEE_KEY = 'aab3238922bcc25a6f606eb525ffdc56';
  const POSTER_KEY = '4e732ced3463d06de0ca9a15b6153677';
  const linesOf = (result: { ok: boolean; value?: { lines: readonly { key: string; id: number; quantity: number }[] } }) =>
    result.ok ? result.value?.lines.map((l) => [l.key, l.id, l.quantity]) : null;
  /** The recorded request's method, route, Nonce, content type and JSON body, as the adapter must send them. */
  const expectRecordedRequest = (sent: { method: string; url: string; headers: Readonly<Record<string, string>>; body: string }, name: string) => {
    const recorded = httpRequestOf(name);
    expect(sent.method).toBe(recorded.method);
    expect(new URL(sent.url).pathname).toBe(recorded.path);
    expect(sent.headers['nonce']).toBe(recorded.headers['nonce']);
    expect(sent.headers['content-type']).toBe(recorded.headers['content-type']);
    expect(JSON.parse(sent.body)).toEqual(JSON.parse(recorded.body));
  };

  it('add: one POST to cart/add-item with the page’s Nonce; the 201 answer is the whole cart', async () => {
    const { cart, requests } = setup(stockCartShop(), { storeNonce: STOCK_CART_NONCE });
    const result = await cart.add({ productId: 14, quantity: 2, idempotencyKey: 'intent-1', productUrl: `${SHOP}/product/peer-tee/` });
    expect(requests.map((r) => `${r.method} ${r.url}`)).toEqual([`POST ${ROUTE('add-item')}`]);
    expectRecordedRequest(requests[0]!, STOCK_CART.addItem);
    expect(requests[0]?.headers['idempotency-key']).toBe('intent-1');
    expect(requests[0]?.headers['x-http-method-override']).toBeUndefined();
    expect(linesOf(result)).toEqual([[TEE_KEY, 14, 2]]);
    if (!result.ok) throw new Error(result.error.message);
    expect(result.value.totals).toMatchObject({ subtotal: 70000, shipping: 15000, total: 85000, currency: { code: 'PHP', minorUnit: 2, symbol: '₱' } });
    expect(result.value.lines[0]).toMatchObject({ name: 'Peer Tee', sku: 'PEER-TEE', unitPrice: 35000, limits: { minimum: 1, maximum: 9999, multipleOf: 1, editable: true } });
  });

  it('a second product: the answer lists both lines', async () => {
    const { cart, requests } = setup(stockCartShop(), { storeNonce: STOCK_CART_NONCE });
    const result = await cart.add({ productId: 26, quantity: 1, idempotencyKey: 'intent-2' });
    expectRecordedRequest(requests[0]!, STOCK_CART.addPoster);
    expect(linesOf(result)).toEqual([
      [TEE_KEY, 14, 2],
      [POSTER_KEY, 26, 1],
    ]);
  });

  it('a refused add (400) names the product’s page with the shop’s own message; a foreign page is not followed', async () => {
    const { cart } = setup(stockCartShop(), { storeNonce: STOCK_CART_NONCE });
    expect(await cart.add({ productId: 9999, quantity: 1, idempotencyKey: 'k', productUrl: '/product/gone/' })).toEqual({
      ok: false,
      error: { kind: 'product-url', url: `${SHOP}/product/gone/`, message: 'Invalid product ID.' },
    });
    const foreign = await cart.add({ productId: 9999, quantity: 1, idempotencyKey: 'k', productUrl: 'https://evil.example/phish' });
    expect(foreign.ok ? null : foreign.error).toMatchObject({ kind: 'product-url', url: null });
  });

  it('remove: one POST to cart/remove-item; the 200 answer is the cart without the line', async () => {
    const { cart, requests } = setup(stockCartShop(), { storeNonce: STOCK_CART_NONCE });
    const result = await cart.remove({ key: POSTER_KEY, idempotencyKey: 'intent-3' });
    expect(requests.map((r) => `${r.method} ${r.url}`)).toEqual([`POST ${ROUTE('remove-item')}`]);
    expectRecordedRequest(requests[0]!, STOCK_CART.removeItem);
    expect(requests[0]?.headers['idempotency-key']).toBe('intent-3');
    expect(linesOf(result)).toEqual([[TEE_KEY, 14, 2]]);
  });

  it('removing a line that is already gone: the 409 carries the cart, which is the answer', async () => {
    const { cart, requests } = setup(stockCartShop(), { storeNonce: STOCK_CART_NONCE });
    await cart.remove({ key: POSTER_KEY, idempotencyKey: 'a' });
    const again = await cart.remove({ key: POSTER_KEY, idempotencyKey: 'b' });
    expect(httpRecording(STOCK_CART.removeMissing).status).toBe(409);
    expect(requests).toHaveLength(2);
    expect(linesOf(again)).toEqual([[TEE_KEY, 14, 2]]);
  });

  it('update-item: one POST; the 200 answer is the cart with the new quantity', async () => {
    const { cart, requests } = setup(stockCartShop(), { storeNonce: STOCK_CART_NONCE });
    const result = await cart.setQuantity({ key: TEE_KEY, quantity: 3, idempotencyKey: 'intent-4' });
    expect(requests.map((r) => `${r.method} ${r.url}`)).toEqual([`POST ${ROUTE('update-item')}`]);
    expectRecordedRequest(requests[0]!, STOCK_CART.updateItem);
    expect(linesOf(result)).toEqual([[TEE_KEY, 14, 3]]);
    expect(result.ok && result.value.totals.total).toBe(104500);
  });

  it('changing the quantity of a line that is gone is a refusal that carries the cart as it is', async () => {
    const { cart } = setup(inOrder(() => replay(httpRecording(STOCK_CART.removeMissing))), { storeNonce: STOCK_CART_NONCE });
    const result = await cart.setQuantity({ key: POSTER_KEY, quantity: 2, idempotencyKey: 'k' });
    if (result.ok) throw new Error('expected a refusal');
    expect(result.error).toMatchObject({ kind: 'refused', message: 'Cart item no longer exists or is invalid.' });
    expect(result.error.kind === 'refused' && result.error.cart?.lines.map((l) => l.key)).toEqual([TEE_KEY]);
  });

  it('quantity 0 removes the line through cart/remove-item', async () => {
    const { cart, requests } = setup(stockCartShop(), { storeNonce: STOCK_CART_NONCE });
    await cart.setQuantity({ key: POSTER_KEY, quantity: 0, idempotencyKey: 'k' });
    expectRecordedRequest(requests[0]!, STOCK_CART.removeItem);
  });

  it('without a nonce: 401 → one cart read for a nonce → one retry with it', async () => {
    const { cart, http, requests } = setup(stockCartShop());
    const result = await cart.add({ productId: 14, quantity: 2, idempotencyKey: 'intent-5' });
    expect(requests.map((r) => `${r.method} ${r.url}`)).toEqual([`POST ${ROUTE('add-item')}`, `GET ${CART_URL}`, `POST ${ROUTE('add-item')}`]);
    expect(requests[0]?.headers['nonce']).toBeUndefined();
    expect(requests[2]?.headers['nonce']).toBe(STOCK_CART_NONCE);
    expect(requests[2]?.headers['idempotency-key']).toBe('intent-5');
    expect(http.nonce()).toBe(STOCK_CART_NONCE);
    expect(linesOf(result)).toEqual([[TEE_KEY, 14, 2]]);
  });

  it('a stale nonce from the page: 403 → one refresh → one retry; the next change needs no refresh', async () => {
    const { cart, requests } = setup(stockCartShop(), { storeNonce: 'aaaaaaaaaa' });
    expect((await cart.remove({ key: POSTER_KEY, idempotencyKey: 'k' })).ok).toBe(true);
    expect(requests.map((r) => [r.method, r.headers['nonce']])).toEqual([
      ['POST', 'aaaaaaaaaa'],
      ['GET', undefined],
      ['POST', STOCK_CART_NONCE],
    ]);
    await cart.setQuantity({ key: TEE_KEY, quantity: 3, idempotencyKey: 'k2' });
    expect(requests).toHaveLength(4);
  });

  it('a nonce refused again after the refresh is returned: never a second refresh', async () => {
    // The shop hands out a nonce it then refuses (its own check is broken).
    const { cart, requests } = setup(stockCartShop({ nonce: 'never-good' }), { storeNonce: 'aaaaaaaaaa' });
    const result = await cart.add({ productId: 14, quantity: 1, idempotencyKey: 'k' });
    expect(requests.map((r) => r.method)).toEqual(['POST', 'GET', 'POST']);
    expect(result.ok ? null : result.error).toMatchObject({ kind: 'http', status: 403, code: 'woocommerce_rest_invalid_nonce' });
  });
});

describe('cart robustness', () => {
  const failures = [
    ['an empty 201 body', () => new Response('', { status: 201 })],
    ['an HTML page with 200', () => new Response('<!doctype html><title>Log in</title>', { status: 200, headers: { 'Content-Type': 'text/html' } })],
    ['a bare 0 (admin-ajax style)', () => new Response('0', { status: 200 })],
    ['a cart without totals', () => json({ items: [], coupons: [] }, 201)],
  ] as const;

  for (const [name, answer] of failures) {
    it(`add with ${name} is an invalid-response failure`, async () => {
      const { cart, requests } = setup(inOrder(answer), { storeNonce: STOCK_CART_NONCE });
      const result = await cart.add({ productId: 14, quantity: 1, idempotencyKey: 'k' });
      expect(requests).toHaveLength(1);
      expect(result.ok ? null : result.error.kind).toBe('invalid-response');
    });
  }

  it('a truncated cart answer is an invalid-response failure', async () => {
    const body = recording('storeapi-cart').body.slice(0, 700);
    const { cart } = setup(inOrder(() => replay(recording('storeapi-cart'), { body })));
    const result = await cart.load();
    expect(result.ok ? null : result.error).toMatchObject({ kind: 'invalid-response' });
  });

  it('a cart with a decimal price fails the schema instead of producing floats', async () => {
    const cartJson = JSON.parse(recording('storeapi-cart').body) as { items: Array<{ prices: { price: string } }> };
    cartJson.items[0]!.prices.price = '19.99';
    const { cart } = setup(inOrder(() => json(cartJson)));
    const result = await cart.load();
    expect(result.ok ? null : result.error.message).toMatch(/items\.0\.prices\.price/);
  });

  it('a 503 page from a proxy is an http failure, not a refusal', async () => {
    const { cart } = setup(inOrder(() => new Response('<h1>Service unavailable</h1>', { status: 503 })), { storeNonce: STOCK_CART_NONCE });
    const result = await cart.add({ productId: 14, quantity: 1, idempotencyKey: 'k' });
    expect(result.ok ? null : result.error).toMatchObject({ kind: 'http', status: 503, code: 'invalid_json' });
  });

  it('a 409 whose cart does not parse stays an http failure', async () => {
    const answer = () => json({ code: 'woocommerce_rest_cart_invalid_key', message: 'Cart item no longer exists or is invalid.', data: { status: 409, cart: { items: 'no' } } }, 409);
    const { cart } = setup(inOrder(answer, answer), { storeNonce: STOCK_CART_NONCE });
    expect((await cart.remove({ key: 'a', idempotencyKey: 'k' })).ok).toBe(false);
    const update = await cart.setQuantity({ key: 'a', quantity: 2, idempotencyKey: 'k' });
    expect(update.ok ? null : update.error).toMatchObject({ kind: 'http', status: 409, code: 'woocommerce_rest_cart_invalid_key' });
    expect(update.ok ? null : 'data' in update.error).toBe(false);
  });
});

describe('Store API write bodies', () => {
  it('a simple product: id and quantity only', () => {
    expect(addItemBody({ productId: 14, quantity: 2, idempotencyKey: 'k' })).toEqual({ id: 14, quantity: 2 });
  });

  it('a variation: its own id, with the chosen values under the names given', () => {
    expect(addItemBody({ productId: 36, variationId: 40, variation: { Colour: 'Red', pa_size: 'm' }, quantity: 1, idempotencyKey: 'k' })).toEqual({
      id: 40,
      quantity: 1,
      variation: [
        { attribute: 'Colour', value: 'Red' },
        { attribute: 'pa_size', value: 'm' },
      ],
    });
  });

  it('property: the body names the variation when there is one, the product otherwise, and keeps every named choice', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1e6 }),
        fc.option(fc.integer({ min: 1, max: 1e6 }), { nil: undefined }),
        fc.dictionary(fc.string(), fc.string(), { maxKeys: 4 }),
        fc.integer({ min: 1, max: 9999 }),
        (productId, variationId, variation, quantity) => {
          const body = addItemBody({ productId, ...(variationId === undefined ? {} : { variationId }), variation, quantity, idempotencyKey: 'k' });
          expect(body.id).toBe(variationId ?? productId);
          expect(body.quantity).toBe(quantity);
          const named = Object.entries(variation).filter(([name]) => name.trim() !== '');
          expect(body.variation ?? []).toEqual(named.map(([attribute, value]) => ({ attribute, value })));
        },
      ),
    );
  });
});

describe('categories of cart lines', () => {
  const productUrl = (id: number) => `${SHOP}/wp-json/wc/store/v1/products/${id}?_locale=user`;

  it('cart lines carry no category (null, never ""): the Store API cart items have none', async () => {
    const { cart } = setup(inOrder(cartAnswer));
    const result = await cart.load();
    if (!result.ok) throw new Error(result.error.message);
    for (const l of result.value.lines) expect(l.category).toBeNull();
  });

  it('productCategory reads the product’s first category once, as text', async () => {
    const { cart, requests } = setup(inOrder(() => json({ id: 11, parent: 0, categories: [{ id: 3, name: 'Mugs &amp; Cups', slug: 'mugs' }, { id: 4, name: 'Gifts', slug: 'gifts' }] })));
    expect(await cart.productCategory(11)).toEqual({ ok: true, value: 'Mugs & Cups' });
    expect(await cart.productCategory(11)).toEqual({ ok: true, value: 'Mugs & Cups' });
    expect(requests.map((r) => r.url)).toEqual([productUrl(11)]);
  });

  it('a variation without categories of its own (as stock lists them) takes its parent’s', async () => {
    const { cart, requests } = setup(
      inOrder(
        () => json({ id: 15, parent: 13, type: 'variation', categories: [] }),
        () => json({ id: 13, parent: 0, type: 'variable', categories: [{ id: 5, name: 'Hoodies', slug: 'hoodies' }] }),
      ),
    );
    expect(await cart.productCategory(15)).toEqual({ ok: true, value: 'Hoodies' });
    expect(requests.map((r) => r.url)).toEqual([productUrl(15), productUrl(13)]);
  });

  it('a product in no category is null; a failure is returned and asked again next time', async () => {
    const { cart, requests } = setup(
      inOrder(
        () => json({ id: 12, categories: [] }),
        () => json({ code: 'woocommerce_rest_product_invalid_id', message: 'Invalid product ID.', data: { status: 404 } }, 404),
        () => json({ id: 9, categories: [{ id: 1, name: 'Tees', slug: 'tees' }] }),
      ),
    );
    expect(await cart.productCategory(12)).toEqual({ ok: true, value: null });
    expect((await cart.productCategory(9)).ok).toBe(false);
    expect(await cart.productCategory(9)).toEqual({ ok: true, value: 'Tees' });
    expect(requests).toHaveLength(3);
  });

  it('property: the first category found is never blank', () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(fc.constantFrom('', ' ', '&nbsp;', 'Bags'), fc.string()), { maxLength: 4 }), (names) => {
        const found = firstCategoryOf({ id: 1, categories: names.map((name) => ({ name })) });
        if (found !== null) expect(found.trim()).not.toBe('');
      }),
    );
  });

  it('property: mapping any valid cart never makes an empty category', () => {
    const recorded = v.parse(storeCartSchema, JSON.parse(recording('storeapi-cart').body));
    fc.assert(
      fc.property(fc.subarray(recorded.items), (items) => {
        for (const l of toCart({ ...recorded, items }).lines) expect(l.category).not.toBe('');
      }),
    );
  });
});
