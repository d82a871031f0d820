/**
 * Against a stock WooCommerce 9.1 shop: `?wc-ajax=add_to_cart`, a Store API cart read and a
 * 12-product listing (`products?per_page=12`), each at p50 over one keep-alive connection on the
 * production server in its own process (render cache on). Goal: at least 20x faster on each.
 * Runs on PGlite (the embedded default) and, with DATABASE_URL set (npm run bench runs it again
 * under scripts/with-postgres.sh), on PostgreSQL.
 *
 * No stock shop runs on this machine, so the reference is RECORDED, not measured here:
 * - add_to_cart: 50.5 ms p50, measured against a stock WooCommerce 9.1 on this machine (issue 11).
 * - cart read: 57 ms, the median of the five `GET /wp-json/wc/store/v1/cart` answers recorded from
 *   a stock 9.1 shop (`peer-3/storeapi-cart-{guest,after-login,after-order,loggedin-empty,
 *   with-outofstock-item}.http`: 57, 62, 44, 52, 63 ms).
 * - listing: 225 ms, the one recorded `GET /wp-json/wc/store/v1/products?per_page=12`
 *   (`peer-2/storeapi-products.http`).
 * The recordings are single requests, not a p50; say so beside the figures. Give measured stock
 * figures with STOCK_ADD_TO_CART_MS, STOCK_CART_READ_MS and STOCK_LISTING_MS to replace them.
 * Writes bench-results/server-stock-compare.json (or -postgres.json).
 */
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import { get, percentile, round, startServer, verdict, writeResult, type ServerProcess } from './lib/server-load.js';

const SAMPLES = Number(process.env['COMPARE_SAMPLES'] ?? 400);
/** Requests of each kind before the measured ones. */
const WARM_UP = Number(process.env['COMPARE_WARM_UP'] ?? 500);
const GOAL_RATIO = 20;
const RECORDED = { addToCartMs: 50.5, cartReadMs: 57, listingMs: 225 };

function post(agent: http.Agent, url: URL, headers: Record<string, string>, body: string): Promise<{ status: number; cookies: string[]; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method: 'POST', agent, headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, cookies: res.headers['set-cookie'] ?? [], body: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

async function timed(count: number, run: (n: number) => Promise<void>): Promise<number> {
  const times: number[] = [];
  for (let n = 0; n < count; n++) {
    const started = performance.now();
    await run(n);
    times.push(performance.now() - started);
  }
  return round(percentile(times, 50));
}

/** p50 of the three requests on one server. */
async function measure(server: ServerProcess) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  try {
    const list = JSON.parse((await get(agent, new URL('/wp-json/wc/store/v1/products?per_page=100', server.url), {})).body.toString('utf8')) as Array<{ id: number; slug: string }>;
    const products = ['canvas-palengke-bag', 'kapeng-barako-ground-coffee'].map((slug) => {
      const found = list.find((p) => p.slug === slug);
      if (!found) throw new Error(`benchmark product ${slug} is missing from the seed`);
      return found.id;
    });
    // A shopper with a session (and one to warm up with: a line holds at most 999 units).
    const sessionCookie = async () => {
      const first = await get(agent, new URL('/wp-json/wc/store/v1/cart', server.url), {});
      return (first.headers['set-cookie'] ?? []).map((line) => line.split(';')[0]).join('; ');
    };
    const warmCookie = await sessionCookie();
    const measuredCookie = await sessionCookie();
    let cookie = warmCookie;
    const add = async (n: number) => {
      const id = products[n % products.length]!;
      const answer = await post(
        agent,
        new URL('/?wc-ajax=add_to_cart', server.url),
        { 'content-type': 'application/x-www-form-urlencoded; charset=UTF-8', accept: 'application/json, */*;q=0.1', cookie, 'idempotency-key': `compare-${process.pid}-${n}-${performance.now()}` },
        `product_id=${id}&quantity=1&product_sku=&data-product_id=${id}`,
      );
      if (answer.status !== 200 || !answer.body.startsWith('{"fragments"')) throw new Error(`add_to_cart failed: ${answer.status} ${answer.body.slice(0, 200)}`);
    };
    const read = async () => {
      const answer = await get(agent, new URL('/wp-json/wc/store/v1/cart', server.url), { cookie });
      if (answer.status !== 200) throw new Error(`cart read failed: ${answer.status}`);
    };
    const listing = async () => {
      const answer = await get(agent, new URL('/wp-json/wc/store/v1/products?per_page=12', server.url), { cookie });
      if (answer.status !== 200) throw new Error(`listing failed: ${answer.status}`);
    };
    // Warm-up, then the measured samples. A server runs for hours: the first few hundred requests
    // still run partly unoptimised code (V8's and PGlite's), which is not the steady state the
    // comparison is about.
    await timed(WARM_UP, add);
    await timed(WARM_UP, read);
    await timed(WARM_UP, listing);
    cookie = measuredCookie;
    return { add_to_cart_p50_ms: await timed(SAMPLES, add), cart_read_p50_ms: await timed(SAMPLES, read), listing_p50_ms: await timed(SAMPLES, listing) };
  } finally {
    agent.destroy();
  }
}

async function main(): Promise<void> {
  const postgres = Boolean(process.env['DATABASE_URL']);
  const server = await startServer(postgres ? 'compare-postgres' : 'compare');
  let ours: Awaited<ReturnType<typeof measure>>;
  try {
    ours = await measure(server);
  } finally {
    await server.stop();
  }
  const given = (name: string) => (process.env[name] ? Number(process.env[name]) : null);
  const stock = {
    add_to_cart_p50_ms: given('STOCK_ADD_TO_CART_MS') ?? RECORDED.addToCartMs,
    cart_read_p50_ms: given('STOCK_CART_READ_MS') ?? RECORDED.cartReadMs,
    listing_p50_ms: given('STOCK_LISTING_MS') ?? RECORDED.listingMs,
  };
  const source = {
    add_to_cart: given('STOCK_ADD_TO_CART_MS') ? 'STOCK_ADD_TO_CART_MS' : 'recorded: 50.5 ms p50 (issue 11, stock WooCommerce 9.1 on this machine)',
    cart_read: given('STOCK_CART_READ_MS') ? 'STOCK_CART_READ_MS' : 'recorded: median of 5 single GET cart answers of a stock 9.1 shop (peer-3)',
    listing: given('STOCK_LISTING_MS') ? 'STOCK_LISTING_MS' : 'recorded: 1 GET products?per_page=12 answer of a stock 9.1 shop (peer-2)',
  };
  const ratio = (stockMs: number, oursMs: number) => round(stockMs / oursMs, 1);
  const rows = [
    ['add_to_cart (wc-ajax)', stock.add_to_cart_p50_ms, ours.add_to_cart_p50_ms, source.add_to_cart],
    ['cart read (Store API)', stock.cart_read_p50_ms, ours.cart_read_p50_ms, source.cart_read],
    ['12-product listing (Store API)', stock.listing_p50_ms, ours.listing_p50_ms, source.listing],
  ] as const;
  const database = postgres ? 'PostgreSQL' : 'PGlite';
  console.log(`THE STOCK REFERENCE IS RECORDED, NOT MEASURED IN THIS RUN (no stock shop on this machine). Ours on ${database}:`);
  for (const [name, stockMs, oursMs, from] of rows) {
    console.log(`${name}: stock ${stockMs} ms, ours ${oursMs} ms p50 → ${ratio(stockMs, oursMs)}x  [stock: ${from}]`);
  }
  for (const [name, stockMs, oursMs] of rows) console.log(verdict(ratio(stockMs, oursMs) >= GOAL_RATIO, `${name} on ${database} ${ratio(stockMs, oursMs)}x stock (target ≥ ${GOAL_RATIO}x)`));
  writeResult(postgres ? 'server-stock-compare-postgres.json' : 'server-stock-compare.json', {
    benchmark: 'p50 over one keep-alive connection against a recorded stock WooCommerce 9.1 reference',
    reference: 'recorded, not measured in this run',
    node: process.version,
    date: new Date().toISOString(),
    samples: SAMPLES,
    warm_up: WARM_UP,
    database,
    ours,
    stock,
    stock_source: source,
    ratios: Object.fromEntries(rows.map(([name, stockMs, oursMs]) => [name, ratio(stockMs, oursMs)])),
    goal: { ratio_at_least: GOAL_RATIO },
  });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
