import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createCartAdapter, addToCartFields, attributeField, firstCategoryOf, storeCartSchema, toCart } from './cart.js';
import { createHttpClient, type HttpClientOptions } from './http.js';
import { SHOP, fakeShop, inOrder, json, recording, replay, type Answer } from './testing/fake-shop.js';

const CART_URL = `${SHOP}/wp-json/wc/store/v1/cart?_locale=user`;
const FORM = 'application/x-www-form-urlencoded; charset=UTF-8';
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

  it('add_to_cart: posts the stock form on the host, then loads the cart', async () => {
    const { cart, requests } = setup(inOrder(() => replay(recording('add_to_cart')), cartAnswer));
    const result = await cart.add({
      productId: 10,
      quantity: 1,
      extra: { product_sku: 'PEER-TEE' },
      idempotencyKey: 'intent-1',
    });
    expect(requests.map((r) => `${r.method} ${r.url}`)).toEqual([`POST ${SHOP}/?wc-ajax=add_to_cart`, `GET ${CART_URL}`]);
    const post = requests[0]!;
    expect(post.headers['content-type']).toBe(FORM);
    expect(post.headers['idempotency-key']).toBe('intent-1');
    expect(post.headers['accept']).toBe('application/json, */*;q=0.1');
    expect(post.headers['x-wp-nonce']).toBeUndefined();
    expect(post.form).toEqual([
      ['product_sku', 'PEER-TEE'],
      ['product_id', '10'],
      ['quantity', '1'],
    ]);
    expect(post.body).toBe('product_sku=PEER-TEE&product_id=10&quantity=1');
    expect(result.ok && result.value.lines.map((l) => l.key)).toEqual([TEE, MUG, HOODIE_M]);
  });

  it('add_to_cart_mug: the sale price arrives as minor units (999, regular 1250)', async () => {
    const { cart, requests } = setup(inOrder(() => replay(recording('add_to_cart_mug')), cartAnswer));
    const result = await cart.add({ productId: 11, quantity: 2, idempotencyKey: 'intent-2' });
    expect(requests[0]?.form).toEqual([
      ['product_id', '11'],
      ['quantity', '2'],
    ]);
    expect(requests[0]?.headers['idempotency-key']).toBe('intent-2');
    if (!result.ok) throw new Error(result.error.message);
    const mug = result.value.lines.find((l) => l.id === 11);
    expect(mug).toMatchObject({ quantity: 2, unitPrice: 999, regularPrice: 1250 });
    expect(result.value.totals.currency.minorUnit).toBe(2);
  });

  it('add_to_cart_variation: product_id carries the variation, plus variation_id and attribute_*', async () => {
    const { cart, requests } = setup(inOrder(() => replay(recording('add_to_cart_variation')), cartAnswer));
    const result = await cart.add({
      productId: 13,
      variationId: 15,
      variation: { Size: 'M' },
      quantity: 1,
      idempotencyKey: 'intent-3',
    });
    expect(requests[0]?.form).toEqual([
      ['product_id', '15'],
      ['quantity', '1'],
      ['variation_id', '15'],
      ['attribute_size', 'M'],
    ]);
    expect(result.ok && result.value.lines.find((l) => l.key === HOODIE_M)?.variation).toEqual([
      { attribute: 'Size', value: 'M' },
    ]);
  });

  it('add_to_cart_error: product_url false becomes a product-url failure with url null, no cart load', async () => {
    const { cart, requests } = setup(inOrder(() => replay(recording('add_to_cart_error'))));
    const result = await cart.add({ productId: 9999, quantity: 1, idempotencyKey: 'intent-4' });
    expect(requests).toHaveLength(1);
    expect(requests[0]?.form).toEqual([
      ['product_id', '9999'],
      ['quantity', '1'],
    ]);
    expect(result).toEqual({
      ok: false,
      error: { kind: 'product-url', url: null, message: expect.any(String) as string },
    });
  });

  it('add_to_cart_out_of_stock_qty: the same-origin product_url is kept', async () => {
    const { cart, requests } = setup(inOrder(() => replay(recording('add_to_cart_out_of_stock_qty'))));
    const result = await cart.add({ productId: 11, quantity: 50, idempotencyKey: 'intent-5' });
    expect(requests).toHaveLength(1);
    expect(requests[0]?.form).toContainEqual(['quantity', '50']);
    expect(result.ok ? null : result.error).toMatchObject({
      kind: 'product-url',
      url: 'http://127.0.0.1:8931/product/peer-mug/',
    });
  });

  it('add_to_cart refusal pointing to another origin yields url null', async () => {
    const body = JSON.stringify({ error: true, product_url: 'https://evil.example/phish' });
    const { cart } = setup(inOrder(() => replay(recording('add_to_cart_error'), { body })));
    const result = await cart.add({ productId: 10, quantity: 1, idempotencyKey: 'k' });
    expect(result.ok ? null : result.error).toMatchObject({ kind: 'product-url', url: null });
  });

  it('remove_from_cart: posts cart_item_key, then loads the cart', async () => {
    const { cart, requests } = setup(inOrder(() => replay(recording('remove_from_cart')), cartAnswer));
    const result = await cart.remove({ key: TEE, idempotencyKey: 'intent-6' });
    expect(requests.map((r) => `${r.method} ${r.url}`)).toEqual([`POST ${SHOP}/?wc-ajax=remove_from_cart`, `GET ${CART_URL}`]);
    expect(requests[0]?.headers['content-type']).toBe(FORM);
    expect(requests[0]?.headers['idempotency-key']).toBe('intent-6');
    expect(requests[0]?.form).toEqual([['cart_item_key', TEE]]);
    expect(result.ok).toBe(true);
  });

  it('remove_from_cart_missing: {"success":false} is a refusal, no cart load', async () => {
    const { cart, requests } = setup(inOrder(() => replay(recording('remove_from_cart_missing'))));
    const result = await cart.remove({ key: 'nope', idempotencyKey: 'intent-7' });
    expect(requests).toHaveLength(1);
    expect(result.ok ? null : result.error.kind).toBe('refused');
  });

  it('remove_from_cart without fragments is a refusal', async () => {
    const { cart } = setup(inOrder(() => json({ cart_hash: 'x' })));
    const result = await cart.remove({ key: TEE, idempotencyKey: 'k' });
    expect(result.ok ? null : result.error.kind).toBe('refused');
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

describe('cart robustness', () => {
  const failures = [
    ['an empty add_to_cart body', () => new Response('', { status: 200 })],
    ['an HTML page with 200', () => new Response('<!doctype html><title>Log in</title>', { status: 200, headers: { 'Content-Type': 'text/html' } })],
    ['a bare 0 (admin-ajax style)', () => new Response('0', { status: 200 })],
    ['success without cart_hash', () => json({ fragments: {} })],
  ] as const;

  for (const [name, answer] of failures) {
    it(`add with ${name} is an invalid-response failure`, async () => {
      const { cart, requests } = setup(inOrder(answer));
      const result = await cart.add({ productId: 10, quantity: 1, idempotencyKey: 'k' });
      expect(requests).toHaveLength(1);
      expect(result.ok ? null : result.error.kind).toBe('invalid-response');
    });
  }

  it('add accepts PHP’s empty fragments array', async () => {
    const { cart } = setup(inOrder(() => json({ fragments: [], cart_hash: '' }), cartAnswer));
    expect((await cart.add({ productId: 10, quantity: 1, idempotencyKey: 'k' })).ok).toBe(true);
  });

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

  it('a failed cart load after a successful add is returned as the failure', async () => {
    const { cart } = setup(inOrder(() => replay(recording('add_to_cart')), () => new Response('<h1>Service unavailable</h1>', { status: 503 })));
    const result = await cart.add({ productId: 10, quantity: 1, idempotencyKey: 'k' });
    expect(result.ok ? null : result.error).toMatchObject({ kind: 'http', status: 503, code: 'invalid_json' });
  });
});

describe('add_to_cart form', () => {
  it('the stock fields win over the button data', () => {
    expect(
      addToCartFields({ productId: 10, quantity: 2, extra: { product_id: '99', quantity: '9', list: 'Home' }, idempotencyKey: 'k' }),
    ).toEqual([
      ['list', 'Home'],
      ['product_id', '10'],
      ['quantity', '2'],
    ]);
  });

  it('attribute names get the stock attribute_ prefix', () => {
    expect(attributeField('pa_colour')).toBe('attribute_pa_colour');
    expect(attributeField('attribute_pa_size')).toBe('attribute_pa_size');
    expect(attributeField('Sleeve Length')).toBe('attribute_sleeve-length');
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
    const recorded = storeCartSchema.parse(JSON.parse(recording('storeapi-cart').body));
    fc.assert(
      fc.property(fc.subarray(recorded.items), (items) => {
        for (const l of toCart({ ...recorded, items }).lines) expect(l.category).not.toBe('');
      }),
    );
  });
});
