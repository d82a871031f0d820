/**
 * The cart's fast paths (`services/cart-hot.ts`) against the general path they short-cut: the same
 * adds answer alike either way, the purchase limit in SQL is the TypeScript rule, a replay of a
 * fast add answers the first answer again (from the stored facts), and two app instances on one
 * database never put more in a cart than there is in stock.
 */
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createShopApp } from './app.js';
import { openDatabase, queryRows, type OpenedDatabase } from './db/client.js';
import { purchaseLimitSql } from './db/statements.js';
import { listen, type RunningServer } from './listen.js';
import { purchaseLimit } from './services/stock-rules.js';
import { memoryLogger, Shopper, startShop, STORE, type StoreCartJson, type StoreProductJson, type TestShop } from './test/harness.js';

const PUBLIC_URL = 'http://shop.test';
let shop: TestShop;
/** A second app on the same database without batches: every request takes the general path. */
let general: { url: string; server: RunningServer };
let products: StoreProductJson[] = [];

beforeAll(async () => {
  // One public address for both apps, so their answers' links agree.
  shop = await startShop({ publicUrl: PUBLIC_URL });
  const withoutBatches: OpenedDatabase = { ...shop.db.database, hot: undefined };
  const app = createShopApp({ database: withoutBatches, logger: shop.logger, publicUrl: PUBLIC_URL });
  const server = await listen(app, { port: 0, host: '127.0.0.1' });
  general = { url: server.url, server };
  products = (await new Shopper(shop.url).getJson<StoreProductJson[]>(`${STORE}/products?per_page=100`)).body;
});
afterAll(async () => {
  expect(shop.logger.errors).toEqual([]);
  await general.server.close();
  await shop.close();
});

describe('the purchase limit in SQL', () => {
  it('is purchaseLimit for any stock, per-order limit and sold-individually flag', async () => {
    const db = shop.db.database.db;
    await fc.assert(
      fc.asyncProperty(
        fc.option(fc.integer({ min: -20, max: 20_000 }), { nil: null }),
        fc.option(fc.integer({ min: 0, max: 20_000 }), { nil: null }),
        fc.boolean(),
        async (stockQuantity, maxPerOrder, soldIndividually) => {
          const [row] = await queryRows<{ lim: number | string }>(
            db,
            sql`SELECT ${sql.raw(purchaseLimitSql('i'))} AS lim FROM (SELECT ${stockQuantity}::int AS stock_quantity, ${maxPerOrder}::int AS max_per_order, ${soldIndividually}::bool AS sold_individually) AS i`,
          );
          expect(Number(row?.lim)).toBe(purchaseLimit({ regularPrice: 100, salePrice: null, stockQuantity, maxPerOrder, soldIndividually }));
        },
      ),
      { numRuns: 60 },
    );
  });
});

/** The products an add can name: kinds the fast path takes and kinds it leaves to the general path. */
function candidates(): number[] {
  const pick = (test: (p: StoreProductJson) => boolean) => products.find(test)?.id;
  const variable = products.find((p) => p.type === 'variable');
  const ids = [
    pick((p) => p.slug === 'kapeng-barako-ground-coffee'),
    pick((p) => p.slug === 'dried-mango-snack-pack'),
    pick((p) => p.slug === 'suede-desert-boots'),
    pick((p) => p.type === 'simple' && !p.is_in_stock),
    pick((p) => (p as { sold_individually?: boolean }).sold_individually === true),
    variable?.id,
    variable?.variations[0]?.id,
    999_999,
  ];
  return ids.filter((id): id is number => id !== undefined);
}

/** An answer with the shopper's own nonce (inside the mini-cart's HTML) made neutral. */
const neutral = (text: string, shopper: Shopper): string => (shopper.nonce ? text.split(shopper.nonce).join('NONCE') : text);

describe('fast and general paths answer alike', () => {
  it('any sequence of adds, through wc-ajax and the Store API, gets the same answers and leaves the same cart', async () => {
    const ids = candidates();
    expect(ids.length).toBeGreaterThanOrEqual(5);
    const add = fc.record({ product: fc.integer({ min: 0, max: ids.length - 1 }), quantity: fc.integer({ min: 1, max: 14 }), store: fc.boolean() });
    await fc.assert(
      fc.asyncProperty(fc.array(add, { minLength: 1, maxLength: 6 }), async (adds) => {
        const fast = new Shopper(shop.url);
        const slow = new Shopper(general.url);
        await fast.ensureNonce();
        await slow.ensureNonce();
        for (const { product, quantity, store } of adds) {
          const id = ids[product]!;
          const send = async (shopper: Shopper) => {
            const response = store
              ? await shopper.fetch(`${STORE}/cart/add-item`, { method: 'POST', headers: { 'content-type': 'application/json', nonce: shopper.nonce! }, body: JSON.stringify({ id, quantity }) })
              : await shopper.fetch('/?wc-ajax=add_to_cart', {
                  method: 'POST',
                  headers: { 'content-type': 'application/x-www-form-urlencoded; charset=UTF-8' },
                  body: `product_id=${id}&quantity=${quantity}`,
                });
            const cookies = response.headers
              .getSetCookie()
              .filter((line) => line.startsWith('woocommerce_'))
              .sort();
            return { status: response.status, body: neutral(await response.text(), shopper), cookies };
          };
          expect(await send(fast)).toEqual(await send(slow));
        }
        const [a, b] = await Promise.all([fast.getJson<StoreCartJson>(`${STORE}/cart`), slow.getJson<StoreCartJson>(`${STORE}/cart`)]);
        expect(a.body).toEqual(b.body);
      }),
      { numRuns: 12 },
    );
  });
});

describe('replays of a fast add', () => {
  it('answer the first answer again, even after the cart changed since', async () => {
    const shopper = new Shopper(shop.url);
    await shopper.ensureNonce();
    const coffee = products.find((p) => p.slug === 'kapeng-barako-ground-coffee')!.id;
    const mango = products.find((p) => p.slug === 'dried-mango-snack-pack')!.id;
    const post = (id: number, key: string) =>
      shopper.fetch('/?wc-ajax=add_to_cart', { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', 'idempotency-key': key }, body: `product_id=${id}&quantity=1` });
    const first = await post(coffee, 'first');
    const firstBody = await first.text();
    // It went the fast way: its key holds the answer's facts, not its bytes.
    const [stored] = await queryRows<{ facts: unknown; body: string | null }>(shop.db.database.db, sql`SELECT facts, body FROM suki_idempotency_keys WHERE key = 'first'`);
    expect(stored?.facts).not.toBeNull();
    expect(stored?.body).toBeNull();
    const firstCookies = first.headers.getSetCookie().filter((c) => c.startsWith('woocommerce_'));
    await (await post(mango, 'second')).text();
    const repeat = await post(coffee, 'first');
    expect(repeat.headers.get('idempotent-replayed')).toBe('true');
    expect(await repeat.text()).toBe(firstBody);
    expect(repeat.headers.getSetCookie().filter((c) => c.startsWith('woocommerce_'))).toEqual(firstCookies);
    const cart = (await shopper.getJson<StoreCartJson>(`${STORE}/cart`)).body;
    expect(cart.items.map((i) => i.quantity)).toEqual([1, 1]);
    // The same key for another request is refused, as on the general path.
    const other = await post(mango, 'first');
    expect(other.status).toBe(422);
  });

  it('replay a Store API add, refusals included', async () => {
    const shopper = new Shopper(shop.url);
    await shopper.ensureNonce();
    const mango = products.find((p) => p.slug === 'dried-mango-snack-pack')!;
    const post = (quantity: number, key: string) => shopper.postJson(`${STORE}/cart/add-item`, { id: mango.id, quantity }, { 'idempotency-key': key });
    const added = await post(2, 'a');
    const refused = await post(50, 'b');
    expect([added.status, refused.status]).toEqual([201, 400]);
    const [again, refusedAgain] = [await post(2, 'a'), await post(50, 'b')];
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body).toEqual(added.body);
    expect(refusedAgain.body).toEqual(refused.body);
    expect((await shopper.getJson<StoreCartJson>(`${STORE}/cart`)).body.items[0]?.quantity).toBe(2);
  });
});

describe('two app instances on one database', () => {
  it('racing adds of one cart through both never put more in it than the stock', async () => {
    // On PostgreSQL the second instance has its own pool, as a second process would.
    const url = shop.db.url;
    const second = url ? await openDatabase({ databaseUrl: url, poolSize: 10 }) : shop.db.database;
    const other = await listen(createShopApp({ database: second, logger: memoryLogger() }), { port: 0, host: '127.0.0.1' });
    try {
      const boots = products.find((p) => p.slug === 'suede-desert-boots')!;
      const stock = boots.low_stock_remaining!;
      const one = new Shopper(shop.url);
      await one.ensureNonce();
      const two = new Shopper(other.url);
      for (const [name, value] of one.cookies) two.cookies.set(name, value);
      const answers = await Promise.all(
        Array.from({ length: 40 }, (_, n) =>
          (n % 2 === 0 ? one : two).postForm<{ fragments?: unknown; error?: boolean }>('/?wc-ajax=add_to_cart', { product_id: String(boots.id), quantity: '1' }, { 'idempotency-key': `race-${n}` }),
        ),
      );
      expect(answers.filter((a) => a.body.fragments !== undefined)).toHaveLength(stock);
      expect(answers.filter((a) => a.body.error === true)).toHaveLength(40 - stock);
      expect((await one.getJson<StoreCartJson>(`${STORE}/cart`)).body.items.map((i) => i.quantity)).toEqual([stock]);
    } finally {
      await other.close();
      if (url) await second.close();
    }
  });
});
