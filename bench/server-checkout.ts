/**
 * `POST /wp-json/wc/store/v1/checkout` latency and the last-units race, over real HTTP on
 * 127.0.0.1 against a throwaway database (in-memory PGlite; PostgreSQL when DATABASE_URL is set,
 * e.g. under scripts/with-postgres.sh).
 *
 * - Latency: each connection is its own shopper (session cookie, Store API nonce). For every
 *   sample the shopper puts one product in the cart (not timed), then places a cash-on-delivery
 *   order with an Idempotency-Key (timed: re-pricing, stock, coupons, order and lines, cart emptied,
 *   two emails queued, the answer). With 1 and with 16 connections; prints p50 and p99.
 * - Race: 50 shoppers each with 1 unit of a product that has 10 left send `Place order` at once;
 *   prints the time from the first request to the last answer, and checks that exactly 10 orders
 *   were made and the other 40 got the 409 "not enough stock" answer.
 *
 * Goals (ours; the issue sets none): p50 ≤ 20 ms on one connection; the race within 2 s.
 * Writes bench-results/server-checkout[-postgres].json.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import { eq } from 'drizzle-orm';
import { createShopApp } from '../server/app.js';
import { openDatabase } from '../server/db/client.js';
import { products } from '../server/db/schema.js';
import { listen } from '../server/listen.js';
import { request, type Reply } from './lib/server-load.js';

const address = { first_name: 'Juan', last_name: 'Dela Cruz', company: '', address_1: '123 Rizal Avenue', address_2: '', city: 'Manila', state: '00', postcode: '1000', country: 'PH', phone: '+63 917 123 4567' };

/** A shopper on its own keep-alive connection. */
class Shopper {
  readonly agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  private cookie = '';
  private nonce = '';
  private attempts = 0;

  constructor(
    private readonly base: string,
    private readonly name: string,
  ) {}

  private remember(reply: Reply): void {
    const fresh = (reply.headers['set-cookie'] ?? []).map((line) => line.split(';')[0] ?? '').filter((pair) => pair.startsWith('suki_session='));
    if (fresh.length > 0) this.cookie = fresh.join('; ');
    const nonce = reply.headers['nonce'];
    if (typeof nonce === 'string') this.nonce = nonce;
  }

  async open(): Promise<void> {
    this.remember(await request(this.agent, new URL('/wp-json/wc/store/v1/cart', this.base), 'GET', {}));
  }

  private post(path: string, body: unknown, extra: Record<string, string> = {}): Promise<Reply> {
    return request(this.agent, new URL(`/wp-json/wc/store/v1${path}`, this.base), 'POST', { 'content-type': 'application/json', cookie: this.cookie, nonce: this.nonce, ...extra }, JSON.stringify(body));
  }

  async add(productId: number): Promise<void> {
    const reply = await this.post('/cart/add-item', { id: productId, quantity: 1 });
    this.remember(reply);
    if (reply.status !== 201) throw new Error(`add-item failed: ${reply.status} ${reply.body.slice(0, 200)}`);
  }

  /** Places the order; resolves with the status and the time it took. */
  async checkout(): Promise<{ status: number; ms: number }> {
    this.attempts += 1;
    const body = { billing_address: { ...address, email: `${this.name}@example.ph` }, shipping_address: address, payment_method: 'cod' };
    const started = performance.now();
    const reply = await this.post('/checkout', body, { 'idempotency-key': `${this.name}-${this.attempts}` });
    return { status: reply.status, ms: performance.now() - started };
  }

  close(): void {
    this.agent.destroy();
  }
}

const percentile = (sorted: readonly number[], p: number): number => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? Number.NaN;
const round = (n: number): number => Math.round(n * 100) / 100;

/** `connections` shoppers in parallel, each placing up to `perConnection` orders within `budgetMs`. */
async function measure(base: string, productId: number, connections: number, perConnection: number, budgetMs: number, label: string) {
  const shoppers = Array.from({ length: connections }, (_, i) => new Shopper(base, `${label}-${i}`));
  await Promise.all(shoppers.map((s) => s.open()));
  const samples: number[] = [];
  const deadline = performance.now() + budgetMs;
  const started = performance.now();
  await Promise.all(
    shoppers.map(async (shopper) => {
      for (let n = 0; n < perConnection && performance.now() < deadline; n++) {
        await shopper.add(productId);
        const { status, ms } = await shopper.checkout();
        if (status !== 200) throw new Error(`checkout answered ${status}`);
        samples.push(ms);
      }
    }),
  );
  const wall = performance.now() - started;
  for (const s of shoppers) s.close();
  const sorted = [...samples].sort((a, b) => a - b);
  return {
    connections,
    orders: samples.length,
    p50_ms: round(percentile(sorted, 50)),
    p90_ms: round(percentile(sorted, 90)),
    p99_ms: round(percentile(sorted, 99)),
    max_ms: round(sorted[sorted.length - 1] ?? Number.NaN),
    // Add plus checkout per shopper, so this is orders (not requests) per second.
    orders_per_second: round((samples.length / wall) * 1000),
  };
}

/** 50 shoppers, 10 units: everyone presses `Place order` at once. */
async function race(base: string, productId: number, setStock: (n: number | null) => Promise<void>) {
  await setStock(null);
  const shoppers = Array.from({ length: 50 }, (_, i) => new Shopper(base, `race-${i}`));
  for (const s of shoppers) {
    await s.open();
    await s.add(productId);
  }
  await setStock(10);
  const started = performance.now();
  const results = await Promise.all(shoppers.map((s) => s.checkout()));
  const ms = performance.now() - started;
  for (const s of shoppers) s.close();
  const made = results.filter((r) => r.status === 200).length;
  const refused = results.filter((r) => r.status === 409).length;
  if (made !== 10 || refused !== 40) throw new Error(`race: ${made} orders and ${refused} refusals (expected 10 and 40)`);
  return { shoppers: 50, units: 10, orders: made, refused_409: refused, ms: round(ms) };
}

async function main(): Promise<void> {
  const database = await openDatabase({ databaseUrl: process.env['DATABASE_URL'], dataDir: 'memory' });
  const app = createShopApp({ database, logger: { info: () => undefined, warn: () => undefined, error: (...args: unknown[]) => console.error(...args) } });
  const server = await listen(app, { port: 0, host: '127.0.0.1' });
  try {
    const listing = (await (await fetch(`${server.url}/wp-json/wc/store/v1/products?per_page=100`)).json()) as Array<{ id: number; slug: string; type: string }>;
    const [sold, raced] = listing.filter((p) => p.type === 'simple');
    if (!sold || !raced) throw new Error('the seed has no two simple products');
    await database.db.update(products).set({ stockQuantity: null }).where(eq(products.id, sold.id));
    const setStock = async (n: number | null) => {
      await database.db.update(products).set({ stockQuantity: n }).where(eq(products.id, raced.id));
    };

    await measure(server.url, sold.id, 4, 30, 15_000, 'warmup');
    const single = await measure(server.url, sold.id, 1, 300, 20_000, 'c1');
    const many = await measure(server.url, sold.id, 16, 40, 30_000, 'c16');
    const theRace = await race(server.url, raced.id, setStock);

    const result = {
      benchmark: 'POST /wp-json/wc/store/v1/checkout',
      request: 'cash on delivery, Metro Manila, one line (added before, not timed), Idempotency-Key; the order, its lines, stock, cart and two queued emails in one transaction',
      database: database.kind,
      node: process.version,
      date: new Date().toISOString(),
      goal: { p50_ms_at_1_connection_below: 20, race_ms_below: 2000 },
      results: [single, many],
      race: theRace,
    };
    for (const r of result.results) {
      console.log(`${String(r.connections).padStart(2)} connection(s): ${r.orders} orders, p50 ${r.p50_ms} ms, p99 ${r.p99_ms} ms (p90 ${r.p90_ms}, max ${r.max_ms}), ${r.orders_per_second} orders/s`);
    }
    console.log(`race: 50 shoppers for the last 10 units: ${theRace.orders} orders, ${theRace.refused_409} refused with 409, in ${theRace.ms} ms (goal ≤ 2000 ms)`);
    console.log(single.p50_ms <= 20 ? `goal met: p50 ${single.p50_ms} ms ≤ 20 ms (1 connection)` : `goal missed: p50 ${single.p50_ms} ms > 20 ms (1 connection)`);
    const out = database.kind === 'pglite' ? 'bench-results/server-checkout.json' : 'bench-results/server-checkout-postgres.json';
    mkdirSync('bench-results', { recursive: true });
    writeFileSync(out, `${JSON.stringify(result, null, 2)}\n`);
    console.log(`written to ${out}`);
  } finally {
    await server.close();
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
