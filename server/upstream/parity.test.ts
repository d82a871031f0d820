/**
 * Parity: what the adapters make of a stock WooCommerce 9.1 shop's recorded answers has the same
 * domain shape as what they make of our own server's answers to the same calls, and the same
 * failures. (The products differ, so the values do; their kinds, fields and types may not.)
 */
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdapters, type Adapters } from '../../src/adapters/index.js';
import { storeCartSchema, toCart } from '../../src/adapters/cart.js';
import { fakeShop, recording, replay, SHOP, STOCK_CART_NONCE, stockCartShop } from '../../src/adapters/testing/fake-shop.js';
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

/** Adapters over the stand-in stock cart (`peer-3/` recordings), holding the page's nonce. */
const stockCart = (): Adapters => createAdapters({ baseUrl: SHOP, fetch: fakeShop(stockCartShop()).fetch, storeNonce: STOCK_CART_NONCE });

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

  it('storeapi-cart: a cart with a simple line, a sale line and a variation, as three adds on ours make it', async () => {
    const theirs = valueOf(await stock(() => 'storeapi-cart').cart.load());
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
    const theirs = toCart(v.parse(storeCartSchema, JSON.parse(recording('storeapi-cart-add-item').body)));
    const shopper = new Shopper(ours.url);
    await shopper.ensureNonce();
    const simple = products.find((p) => p.type === 'simple' && p.on_sale && p.is_in_stock)!;
    const answer = await shopper.postJson(`${STORE}/cart/add-item`, { id: simple.id, quantity: 2 });
    expect(answer.status).toBe(201);
    const mine = toCart(v.parse(storeCartSchema, answer.body));
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

  it('peer-3 cart/add-item: an add answers with the same cart shape on both', async () => {
    const theirs = valueOf(await stockCart().cart.add({ productId: 14, quantity: 2, idempotencyKey: 'a1' }));
    const simple = products.find((p) => p.type === 'simple' && p.is_in_stock)!;
    const mine = valueOf(await ownAdapters().adapters.cart.add({ productId: simple.id, quantity: 2, idempotencyKey: 'a2' }));
    // The recorded shop quoted shipping; ours quotes it at checkout (null), as above.
    expect(shape(mine)).toEqual(expect.arrayContaining(stockShape(theirs)));
  });

  it('a refused add is a product-url failure on both: the product’s page when the caller names it, else none', async () => {
    const theirs = failureOf(await stockCart().cart.add({ productId: 9999, quantity: 1, idempotencyKey: 'e1' }));
    const { adapters } = ownAdapters();
    const mine = failureOf(await adapters.cart.add({ productId: 999_999, quantity: 1, idempotencyKey: 'e2' }));
    expect(theirs).toMatchObject({ kind: 'product-url', url: null, message: 'Invalid product ID.' });
    expect(mine).toMatchObject({ kind: 'product-url', url: null, message: 'Invalid product ID.' });
    const named = failureOf(await stockCart().cart.add({ productId: 9999, quantity: 1, idempotencyKey: 'e3', productUrl: '/product/peer-tee/' }));
    expect(named).toMatchObject({ kind: 'product-url', url: `${SHOP}/product/peer-tee/` });
    // More than the stock, on ours: the shop's own sentence, and the product's page on our host.
    const limited = products.find((p) => p.type === 'simple' && p.is_in_stock && p.add_to_cart.maximum < 9999)!;
    const tooMany = failureOf(await adapters.cart.add({ productId: limited.id, quantity: limited.add_to_cart.maximum + 1, idempotencyKey: 'e4', productUrl: limited.permalink }));
    expect(tooMany).toMatchObject({ kind: 'product-url', url: expect.stringMatching(new RegExp(`^${ours.url}/product/`)), message: expect.stringMatching(/not enough stock|maximum quantity/) });
  });

  it('peer-3 cart/remove-item and its 409: a removal answers the cart; removing it again answers the cart too, on both', async () => {
    const stockAdapters = stockCart();
    const poster = '4e732ced3463d06de0ca9a15b6153677';
    const removedTheirs = valueOf(await stockAdapters.cart.remove({ key: poster, idempotencyKey: 'r1' }));
    const againTheirs = valueOf(await stockAdapters.cart.remove({ key: poster, idempotencyKey: 'r1b' }));
    const { adapters } = ownAdapters();
    const simple = products.find((p) => p.type === 'simple' && p.is_in_stock)!;
    const sale = products.find((p) => p.type === 'simple' && p.on_sale && p.is_in_stock && p.id !== simple.id)!;
    const added = valueOf(await adapters.cart.add({ productId: simple.id, quantity: 1, idempotencyKey: 'r2' }));
    valueOf(await adapters.cart.add({ productId: sale.id, quantity: 1, idempotencyKey: 'r3' }));
    const removedMine = valueOf(await adapters.cart.remove({ key: added.lines[0]!.key, idempotencyKey: 'r4' }));
    const againMine = valueOf(await adapters.cart.remove({ key: added.lines[0]!.key, idempotencyKey: 'r5' }));
    // The recorded jar had a coupon applied (our shop has no coupons yet).
    const noCoupons = (paths: string[]) => paths.filter((p) => !p.startsWith('coupons[]'));
    expect(shape(removedMine)).toEqual(expect.arrayContaining(noCoupons(stockShape(removedTheirs))));
    expect(shape(againMine)).toEqual(expect.arrayContaining(noCoupons(stockShape(againTheirs))));
    expect(againMine.lines.map((l) => l.id)).toEqual([sale.id]);
  });

  it('get_refreshed_fragments: both give a cart hash', async () => {
    const theirs = valueOf(await stock(() => 'get_refreshed_fragments').cart.cartHash());
    const mine = valueOf(await ownAdapters().adapters.cart.cartHash());
    expect(typeof theirs).toBe(typeof mine);
  });
});
