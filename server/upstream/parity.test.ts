/**
 * Parity: what the adapters make of a stock WooCommerce 9.1 shop's recorded answers has the same
 * domain shape as what they make of our own server's answers to the same calls, and the same
 * failures. (The products differ, so the values do; their kinds, fields and types may not.)
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdapters, type Adapters } from '../../src/adapters/index.js';
import { storeCartSchema, toCart } from '../../src/adapters/cart.js';
import { fakeShop, recording, replay, SHOP } from '../../src/adapters/testing/fake-shop.js';
import type { Cart } from '../../src/core/domain/cart.js';
import type { PortFailure } from '../../src/core/ports.js';
import type { Result } from '../../src/core/result.js';
import { Shopper, startShop, STORE, type StoreProductJson, type TestShop } from '../test/harness.js';

/**
 * Every leaf path of a value with its type (`lines[].prices.price: number`). Nulls, undefined and
 * empty arrays say nothing about a type, so they add no path; array items are merged.
 */
const shapeOf = (value: unknown, at = '', into = new Set<string>()): Set<string> => {
  if (value === null || value === undefined) return into;
  if (Array.isArray(value)) {
    for (const item of value) shapeOf(item, `${at}[]`, into);
    return into;
  }
  if (typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) shapeOf(inner, at ? `${at}.${key}` : key, into);
    return into;
  }
  into.add(`${at}: ${typeof value}`);
  return into;
};
const shape = (value: unknown): string[] => [...shapeOf(value)].sort();
// The recorded shop is small (no images, brands or low-stock products), so our server may yield
// more fields; every field the stock shop yields must come from ours too, with the same type.
// One exception, by design: `totals.shipping` is null until shipping is calculated. The recorded
// shop's products were virtual (it sends 0); ours ship and quote at checkout (null, as stock
// WooCommerce sends for a cart that needs shipping).
const NULL_UNTIL_KNOWN = new Set(['totals.shipping: number']);
const stockShape = (value: unknown): string[] => shape(value).filter((path) => !NULL_UNTIL_KNOWN.has(path));
const valueOf = <T>(result: Result<T, PortFailure>): T => {
  if (!result.ok) throw new Error(`${result.error.kind}: ${result.error.message}`);
  return result.value;
};
const failureOf = <T>(result: Result<T, PortFailure>): PortFailure => {
  if (result.ok) throw new Error('expected a failure');
  return result.error;
};

/** Adapters over the recorded stock answers, picked by request. */
const stock = (pick: (url: URL, method: string) => string): Adapters => {
  const shop = fakeShop((request) => {
    const url = new URL(request.url);
    return replay(recording(pick(url, request.method)));
  });
  return createAdapters({ baseUrl: SHOP, fetch: shop.fetch });
};

let ours: TestShop;
let products: StoreProductJson[];
beforeAll(async () => {
  ours = await startShop();
  products = (await (await fetch(`${ours.url}${STORE}/products?per_page=100`)).json()) as StoreProductJson[];
});
afterAll(async () => {
  await ours?.close();
});

/** Adapters on our own server, with a cookie jar, as the browser has them. */
const ownAdapters = () => {
  const shopper = new Shopper(ours.url);
  const viaShopper = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const request = new Request(input, init);
    const body = request.method === 'GET' || request.method === 'HEAD' ? null : await request.text();
    return shopper.fetch(request.url, { method: request.method, headers: request.headers, body });
  };
  return { shopper, adapters: createAdapters({ baseUrl: ours.url, fetch: viaShopper as typeof fetch }) };
};

describe('stock WooCommerce and our server map to the same domain shapes', () => {
  it('storeapi-products: a product listing', async () => {
    const theirs = valueOf(await stock(() => 'storeapi-products').catalog.listProducts({ perPage: 4 }));
    const mine = valueOf(await ownAdapters().adapters.catalog.listProducts({ perPage: 100 }));
    // Both listings hold simple and variable products, on sale and not.
    expect(shape(mine)).toEqual(expect.arrayContaining(shape(theirs)));
  });

  it('storeapi-product: one product', async () => {
    const theirs = valueOf(await stock(() => 'storeapi-product').catalog.getProduct(11));
    const sale = products.find((p) => p.on_sale && p.type === 'simple');
    if (!sale) throw new Error('no simple product on sale in the seed');
    const mine = valueOf(await ownAdapters().adapters.catalog.getProduct(sale.id));
    expect(shape(mine)).toEqual(expect.arrayContaining(shape(theirs)));
  });

  it('storeapi-cart, add_to_cart, add_to_cart_mug, add_to_cart_variation: a cart with a simple line, a sale line and a variation', async () => {
    const theirs = valueOf(await stock((url) => (url.searchParams.get('wc-ajax') === 'add_to_cart' ? 'add_to_cart' : 'storeapi-cart')).cart.add({ productId: 10, quantity: 1, idempotencyKey: 'p1' }));
    const { adapters } = ownAdapters();
    const simple = products.find((p) => p.type === 'simple' && !p.on_sale && p.is_in_stock)!;
    const sale = products.find((p) => p.type === 'simple' && p.on_sale && p.is_in_stock)!;
    const variable = products.find((p) => p.type === 'variable' && p.is_in_stock)!;
    valueOf(await adapters.cart.add({ productId: simple.id, quantity: 1, idempotencyKey: 'o1' }));
    valueOf(await adapters.cart.add({ productId: sale.id, quantity: 2, idempotencyKey: 'o2' }));
    // The first variation in stock (stock is kept per variation).
    let mine: Cart | null = null;
    for (const variation of variable.variations) {
      const added = await adapters.cart.add({
        productId: variable.id,
        variationId: variation.id,
        variation: Object.fromEntries(variation.attributes.map((a) => [a.name, a.value])),
        quantity: 1,
        idempotencyKey: `o3-${variation.id}`,
      });
      if (added.ok) {
        mine = added.value;
        break;
      }
    }
    if (!mine) throw new Error('no variation in stock');
    expect(mine.lines).toHaveLength(3);
    expect(shape(mine)).toEqual(expect.arrayContaining(stockShape(theirs)));
    expect(mine.totals.shipping).toBeNull();
  });

  it('storeapi-cart-add-item: a Store API cart write answers with the same cart shape', async () => {
    const theirs = toCart(storeCartSchema.parse(JSON.parse(recording('storeapi-cart-add-item').body)));
    const shopper = new Shopper(ours.url);
    await shopper.ensureNonce();
    const simple = products.find((p) => p.type === 'simple' && p.on_sale && p.is_in_stock)!;
    const answer = await shopper.postJson(`${STORE}/cart/add-item`, { id: simple.id, quantity: 2 });
    expect(answer.status).toBe(201);
    const mine = toCart(storeCartSchema.parse(answer.body));
    // The stock answer has a variation line; ours has none here, so compare the stock shape without it.
    const withoutVariation = (paths: string[]) => paths.filter((p) => !p.startsWith('lines[].variation'));
    expect(shape(mine)).toEqual(expect.arrayContaining(withoutVariation(stockShape(theirs))));
  });

  it('storeapi-cart-add-item-nononce: both answer a write without a nonce with 401 woocommerce_rest_missing_nonce and a fresh Nonce header', async () => {
    const theirs = recording('storeapi-cart-add-item-nononce');
    const mine = await new Shopper(ours.url).fetch(`${STORE}/cart/add-item`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ id: products[0]!.id, quantity: 1 }) });
    expect(mine.status).toBe(theirs.status);
    expect(((await mine.json()) as { code: string }).code).toBe((JSON.parse(theirs.body) as { code: string }).code);
    expect(mine.headers.get('nonce')).toMatch(/^[0-9a-f]{10}$/);
  });

  it('add_to_cart_error: an unknown product is a product-url failure with no url on both', async () => {
    const theirs = failureOf(await stock(() => 'add_to_cart_error').cart.add({ productId: 9999, quantity: 1, idempotencyKey: 'e1' }));
    const mine = failureOf(await ownAdapters().adapters.cart.add({ productId: 999_999, quantity: 1, idempotencyKey: 'e2' }));
    expect(theirs).toMatchObject({ kind: 'product-url', url: null });
    expect(mine).toMatchObject({ kind: 'product-url', url: null });
  });

  it('add_to_cart_out_of_stock_qty: more than the stock is a product-url failure pointing at the product on the shop', async () => {
    const theirs = failureOf(await stock(() => 'add_to_cart_out_of_stock_qty').cart.add({ productId: 11, quantity: 50, idempotencyKey: 'e3' }));
    const limited = products.find((p) => p.type === 'simple' && p.is_in_stock && p.add_to_cart.maximum < 9999)!;
    const mine = failureOf(await ownAdapters().adapters.cart.add({ productId: limited.id, quantity: limited.add_to_cart.maximum + 1, idempotencyKey: 'e4' }));
    expect(theirs).toMatchObject({ kind: 'product-url', url: expect.stringMatching(new RegExp(`^${SHOP}/product/`)) });
    expect(mine).toMatchObject({ kind: 'product-url', url: expect.stringMatching(new RegExp(`^${ours.url}/product/`)) });
  });

  it('remove_from_cart and remove_from_cart_missing: a removal loads the cart; an unknown key is refused on both', async () => {
    const removedTheirs = valueOf(await stock((url) => (url.searchParams.get('wc-ajax') ? 'remove_from_cart' : 'storeapi-cart')).cart.remove({ key: 'd3d9446802a44259755d38e6d163e820', idempotencyKey: 'r1' }));
    const { adapters } = ownAdapters();
    const simple = products.find((p) => p.type === 'simple' && p.is_in_stock)!;
    const sale = products.find((p) => p.type === 'simple' && p.on_sale && p.is_in_stock && p.id !== simple.id)!;
    const added = valueOf(await adapters.cart.add({ productId: simple.id, quantity: 1, idempotencyKey: 'r2' }));
    valueOf(await adapters.cart.add({ productId: sale.id, quantity: 1, idempotencyKey: 'r3' }));
    const removedMine = valueOf(await adapters.cart.remove({ key: added.lines[0]!.key, idempotencyKey: 'r4' }));
    const noVariation = (paths: string[]) => paths.filter((p) => !p.startsWith('lines[].variation'));
    expect(shape(removedMine)).toEqual(expect.arrayContaining(noVariation(stockShape(removedTheirs))));

    const theirs = failureOf(await stock(() => 'remove_from_cart_missing').cart.remove({ key: 'nope', idempotencyKey: 'r5' }));
    const mine = failureOf(await adapters.cart.remove({ key: 'ffffffffffffffffffffffffffffffff', idempotencyKey: 'r6' }));
    expect(mine.kind).toBe(theirs.kind);
    expect(theirs.kind).toBe('refused');
  });

  it('get_refreshed_fragments: both give a cart hash', async () => {
    const theirs = valueOf(await stock(() => 'get_refreshed_fragments').cart.cartHash());
    const mine = valueOf(await ownAdapters().adapters.cart.cartHash());
    expect(typeof theirs).toBe(typeof mine);
  });
});
