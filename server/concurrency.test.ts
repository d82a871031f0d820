/**
 * Parallel cart writes and idempotent replays: 200 adds at once to one cart, adds racing for the
 * last units of stock, and repeats of one request (one after another and all at once).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Shopper, startShop, STORE, type StoreCartJson, type StoreProductJson, type TestShop } from './test/harness.js';

let shop: TestShop;
const products = new Map<string, StoreProductJson>();

beforeAll(async () => {
  shop = await startShop();
  const all = await new Shopper(shop.url).getJson<StoreProductJson[]>(`${STORE}/products?per_page=100`);
  for (const product of all.body) products.set(product.slug, product);
});
afterAll(async () => {
  expect(shop.logger.errors).toEqual([]);
  await shop.close();
});

const idOf = (slug: string): number => {
  const product = products.get(slug);
  if (!product) throw new Error(`no product ${slug}`);
  return product.id;
};

const cartOf = async (shopper: Shopper) => (await shopper.getJson<StoreCartJson>(`${STORE}/cart`)).body;

/** A shopper whose session exists before the burst, so every parallel request shares it. */
async function shopperWithSession(): Promise<Shopper> {
  const shopper = new Shopper(shop.url);
  await shopper.ensureNonce();
  return shopper;
}

describe('parallel adds to one cart', () => {
  it('200 parallel wc-ajax adds of one product make one line of exactly 200', async () => {
    const shopper = await shopperWithSession();
    const id = String(idOf('kapeng-barako-ground-coffee'));
    const answers = await Promise.all(
      Array.from({ length: 200 }, () => shopper.postForm<{ fragments?: unknown; error?: boolean }>('/?wc-ajax=add_to_cart', { product_id: id, quantity: '1' })),
    );
    expect(answers.every((a) => a.status === 200 && a.body.fragments !== undefined)).toBe(true);
    const cart = await cartOf(shopper);
    expect(cart.items).toHaveLength(1);
    expect(cart.items[0]?.quantity).toBe(200);
    expect(cart.items[0]?.totals.line_total).toBe(String(200 * 42000));
    expect(cart.totals.total_price).toBe(String(200 * 42000));
    expect(cart.items_count).toBe(200);
  });

  it('200 parallel Store API adds of one product make one line of exactly 200', async () => {
    const shopper = await shopperWithSession();
    const id = idOf('kapeng-barako-ground-coffee');
    const answers = await Promise.all(Array.from({ length: 200 }, () => shopper.postJson(`${STORE}/cart/add-item`, { id, quantity: 1 })));
    expect(answers.map((a) => a.status).every((s) => s === 201)).toBe(true);
    const cart = await cartOf(shopper);
    expect(cart.items).toHaveLength(1);
    expect(cart.items[0]?.quantity).toBe(200);
    expect(cart.totals.total_items).toBe(String(200 * 42000));
  });

  it('parallel adds never go past stock: exactly the units in stock are added', async () => {
    const shopper = await shopperWithSession();
    const boots = products.get('suede-desert-boots')!;
    const stock = boots.low_stock_remaining!;
    const answers = await Promise.all(
      Array.from({ length: 60 }, () => shopper.postForm<{ fragments?: unknown; error?: boolean }>('/?wc-ajax=add_to_cart', { product_id: String(boots.id), quantity: '1' })),
    );
    expect(answers.filter((a) => a.body.fragments !== undefined)).toHaveLength(stock);
    expect(answers.filter((a) => a.body.error === true)).toHaveLength(60 - stock);
    const cart = await cartOf(shopper);
    expect(cart.items).toHaveLength(1);
    expect(cart.items[0]?.quantity).toBe(stock);
  });

  it('parallel adds respect a per-product limit', async () => {
    const shopper = await shopperWithSession();
    const mango = products.get('dried-mango-snack-pack')!;
    expect(mango.add_to_cart.maximum).toBe(12);
    const answers = await Promise.all(Array.from({ length: 40 }, () => shopper.postJson(`${STORE}/cart/add-item`, { id: mango.id, quantity: 1 })));
    expect(answers.filter((a) => a.status === 201)).toHaveLength(12);
    expect(answers.filter((a) => a.status === 400)).toHaveLength(28);
    expect((await cartOf(shopper)).items[0]?.quantity).toBe(12);
  });

  it('different carts do not interfere', async () => {
    const shoppers = await Promise.all(Array.from({ length: 10 }, () => shopperWithSession()));
    const id = String(idOf('coconut-shell-bowl-set'));
    await Promise.all(shoppers.flatMap((s) => Array.from({ length: 3 }, () => s.postForm('/?wc-ajax=add_to_cart', { product_id: id }))));
    for (const s of shoppers) expect((await cartOf(s)).items.map((i) => i.quantity)).toEqual([3]);
  });
});

describe('Idempotency-Key', () => {
  it('replays the first answer for a sequential repeat and applies the add once', async () => {
    const shopper = await shopperWithSession();
    const id = String(idOf('muscovado-sugar'));
    const first = await shopper.fetch('/?wc-ajax=add_to_cart', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'idempotency-key': 'intent-1' },
      body: `product_id=${id}&quantity=2`,
    });
    const firstBody = await first.text();
    const firstCookies = first.headers.getSetCookie().filter((c) => c.startsWith('woocommerce_'));
    const repeat = await shopper.fetch('/?wc-ajax=add_to_cart', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'idempotency-key': 'intent-1' },
      body: `product_id=${id}&quantity=2`,
    });
    expect(repeat.status).toBe(first.status);
    expect(await repeat.text()).toBe(firstBody);
    expect(repeat.headers.get('idempotent-replayed')).toBe('true');
    expect(repeat.headers.get('content-type')).toBe(first.headers.get('content-type'));
    expect(repeat.headers.getSetCookie().filter((c) => c.startsWith('woocommerce_'))).toEqual(firstCookies);
    expect((await cartOf(shopper)).items[0]?.quantity).toBe(2);
  });

  it('applies a burst of 30 concurrent repeats once and answers them all alike', async () => {
    const shopper = await shopperWithSession();
    const id = idOf('calamansi-concentrate');
    const answers = await Promise.all(
      Array.from({ length: 30 }, async () => {
        const response = await shopper.fetch(`${STORE}/cart/add-item`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', nonce: shopper.nonce!, 'idempotency-key': 'burst-1' },
          body: JSON.stringify({ id, quantity: 3 }),
        });
        return { status: response.status, body: await response.text(), replayed: response.headers.get('idempotent-replayed') };
      }),
    );
    expect(new Set(answers.map((a) => a.status))).toEqual(new Set([201]));
    expect(new Set(answers.map((a) => a.body)).size).toBe(1);
    expect(answers.filter((a) => a.replayed === null)).toHaveLength(1);
    expect((await cartOf(shopper)).items[0]?.quantity).toBe(3);
  });

  it('replays refusals too, and keeps keys apart per session and per key', async () => {
    const a = await shopperWithSession();
    const b = await shopperWithSession();
    const id = String(idOf('tablea-tsokolate-discs'));
    const post = (s: Shopper, key: string, quantity = '1') =>
      s.postForm<{ fragments?: unknown; error?: boolean }>('/?wc-ajax=add_to_cart', { product_id: id, quantity }, { 'idempotency-key': key });
    await post(a, 'k1');
    await post(b, 'k1');
    await post(a, 'k2');
    expect((await cartOf(a)).items[0]?.quantity).toBe(2);
    expect((await cartOf(b)).items[0]?.quantity).toBe(1);
    const refused = await post(a, 'k3', '9999');
    expect(refused.body.error).toBe(true);
    const again = await post(a, 'k3', '9999');
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body).toEqual(refused.body);
  });

  it('refuses a key reused for a different request, and malformed keys', async () => {
    const shopper = await shopperWithSession();
    const id = String(idOf('coconut-jam-jar'));
    await shopper.postForm('/?wc-ajax=add_to_cart', { product_id: id }, { 'idempotency-key': 'same' });
    const different = await shopper.postForm('/?wc-ajax=add_to_cart', { product_id: id, quantity: '2' }, { 'idempotency-key': 'same' });
    expect(different.status).toBe(422);
    expect(different.body).toMatchObject({ code: 'suki_idempotency_key_reused', data: { status: 422 } });
    const malformed = await shopper.postForm('/?wc-ajax=add_to_cart', { product_id: id }, { 'idempotency-key': 'x'.repeat(300) });
    expect(malformed.status).toBe(400);
    expect((await cartOf(shopper)).items[0]?.quantity).toBe(1);
  });

  it('replays removals, so a retried remove does not fail', async () => {
    const shopper = await shopperWithSession();
    await shopper.postForm('/?wc-ajax=add_to_cart', { product_id: String(idOf('abaca-hand-fan')) });
    const [line] = (await cartOf(shopper)).items;
    const remove = () => shopper.postForm<{ fragments?: unknown; success?: boolean }>('/?wc-ajax=remove_from_cart', { cart_item_key: line!.key }, { 'idempotency-key': 'rm-1' });
    const [one, two] = await Promise.all([remove(), remove()]);
    expect(one.body).toEqual(two.body);
    expect(one.body.fragments).toBeDefined();
    expect((await cartOf(shopper)).items).toEqual([]);
  });
});
