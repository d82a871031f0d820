/**
 * `POST /?wc-ajax=add_to_cart` latency: the shop on 127.0.0.1 (random port) over a throwaway
 * in-memory PGlite, warmed up, then measured with 1 and with 32 concurrent keep-alive connections,
 * each its own shopper (session cookie) sending adds the way the storefront does (form body plus
 * an Idempotency-Key). Prints p50/p99 and writes bench-results/server-add-to-cart.json.
 * Goal: p50 under 5 ms. Also measures the same adds through a Suki in upstream mode in front of it.
 *
 * With DATABASE_URL set (e.g. under scripts/with-postgres.sh) it measures PostgreSQL instead.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import { createShopApp } from '../server/app.js';
import { openDatabase } from '../server/db/client.js';
import { listen } from '../server/listen.js';
import { createUpstreamApp } from '../server/upstream/app.js';

interface Reply {
  readonly status: number;
  readonly cookies: string[];
  readonly body: string;
}

/** One HTTP request on a given keep-alive agent. */
function request(agent: http.Agent, url: URL, method: string, headers: Record<string, string>, body?: string): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method, agent, headers: { ...headers, ...(body === undefined ? {} : { 'content-length': String(Buffer.byteLength(body)) }) } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, cookies: res.headers['set-cookie'] ?? [], body: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', reject);
    });
    req.on('error', reject);
    if (body !== undefined) req.write(body);
    req.end();
  });
}

/** A shopper on its own connection, with its own session cookie. */
class Connection {
  readonly agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  cookie = '';
  private counter = 0;

  constructor(
    private readonly base: string,
    private readonly name: string,
  ) {}

  async open(): Promise<void> {
    const reply = await request(this.agent, new URL('/wp-json/wc/store/v1/cart', this.base), 'GET', {});
    this.cookie = reply.cookies.map((line) => line.split(';')[0]).join('; ');
  }

  async add(productId: number): Promise<number> {
    this.counter += 1;
    const body = `product_id=${productId}&quantity=1&product_sku=&data-product_id=${productId}`;
    const started = performance.now();
    const reply = await request(
      this.agent,
      new URL('/?wc-ajax=add_to_cart', this.base),
      'POST',
      {
        'content-type': 'application/x-www-form-urlencoded; charset=UTF-8',
        accept: 'application/json, */*;q=0.1',
        cookie: this.cookie,
        'idempotency-key': `${this.name}-${this.counter}`,
      },
      body,
    );
    const elapsed = performance.now() - started;
    if (reply.status !== 200 || !reply.body.startsWith('{"fragments"')) throw new Error(`add_to_cart failed: ${reply.status} ${reply.body.slice(0, 200)}`);
    return elapsed;
  }

  close(): void {
    this.agent.destroy();
  }
}

const percentile = (sorted: readonly number[], p: number): number => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? Number.NaN;
const round = (n: number): number => Math.round(n * 100) / 100;

/** Runs `connections` shoppers in parallel, each sending up to `perConnection` adds within `budgetMs`. */
async function measure(base: string, products: readonly number[], connections: number, perConnection: number, budgetMs: number, label: string) {
  const shoppers = Array.from({ length: connections }, (_, i) => new Connection(base, `${label}-${i}`));
  await Promise.all(shoppers.map((s) => s.open()));
  const samples: number[] = [];
  const deadline = performance.now() + budgetMs;
  const started = performance.now();
  await Promise.all(
    shoppers.map(async (shopper, i) => {
      for (let n = 0; n < perConnection && performance.now() < deadline; n++) {
        samples.push(await shopper.add(products[(n + i) % products.length]!));
      }
    }),
  );
  const wall = performance.now() - started;
  for (const s of shoppers) s.close();
  const sorted = [...samples].sort((a, b) => a - b);
  return {
    connections,
    requests: samples.length,
    p50_ms: round(percentile(sorted, 50)),
    p90_ms: round(percentile(sorted, 90)),
    p99_ms: round(percentile(sorted, 99)),
    mean_ms: round(samples.reduce((a, b) => a + b, 0) / samples.length),
    max_ms: round(sorted[sorted.length - 1] ?? Number.NaN),
    requests_per_second: round((samples.length / wall) * 1000),
  };
}

async function main(): Promise<void> {
  const database = await openDatabase({ databaseUrl: process.env['DATABASE_URL'], dataDir: 'memory' });
  const app = createShopApp({ database, logger: { info: () => undefined, warn: () => undefined, error: (...args: unknown[]) => console.error(...args) } });
  const server = await listen(app, { port: 0, host: '127.0.0.1' });
  try {
    const listing = (await (await fetch(`${server.url}/wp-json/wc/store/v1/products?per_page=100`)).json()) as Array<{ id: number; slug: string }>;
    // Products whose limit is far above what the benchmark adds (untracked stock, or 1000 in stock).
    const products = ['canvas-palengke-bag', 'kapeng-barako-ground-coffee'].map((slug) => {
      const found = listing.find((p) => p.slug === slug);
      if (!found) throw new Error(`benchmark product ${slug} is missing from the seed`);
      return found.id;
    });

    await measure(server.url, products, 4, 100, 15_000, 'warmup');
    const single = await measure(server.url, products, 1, 400, 20_000, 'c1');
    const many = await measure(server.url, products, 32, 200, 30_000, 'c32');
    // The same adds through a second Suki in upstream mode in front of this one: the forwarding cost.
    const front = await listen(createUpstreamApp({ upstream: new URL(server.url) }), { port: 0, host: '127.0.0.1' });
    let viaFront: Awaited<ReturnType<typeof measure>>;
    let direct: Awaited<ReturnType<typeof measure>>;
    try {
      await measure(front.url, products, 2, 50, 10_000, 'front-warmup');
      // Interleaved with a direct run on the same, now larger, database, so the two compare fairly.
      viaFront = await measure(front.url, products, 1, 400, 20_000, 'front-c1');
      direct = await measure(server.url, products, 1, 400, 20_000, 'direct-c1');
    } finally {
      await front.close();
    }

    const result = {
      benchmark: 'POST /?wc-ajax=add_to_cart',
      request: 'form body product_id & quantity=1 (plus button data), session cookie, a new Idempotency-Key each time; the answer is the mini-cart fragment',
      database: database.kind,
      node: process.version,
      date: new Date().toISOString(),
      goal: { p50_ms_below: 5 },
      results: [single, many],
      upstream_mode: {
        via: 'a Suki in upstream mode in front of this shop (one more HTTP hop on 127.0.0.1, both in this process)',
        through_front: viaFront,
        direct_same_moment: direct,
        overhead_p50_ms: round(viaFront.p50_ms - direct.p50_ms),
      },
    };
    for (const r of [...result.results, { ...viaFront, connections: 'front 1' }, { ...direct, connections: 'direct 1' }]) {
      console.log(
        `${String(r.connections).padStart(2)} connection(s): ${r.requests} requests, p50 ${r.p50_ms} ms, p90 ${r.p90_ms} ms, p99 ${r.p99_ms} ms, ${r.requests_per_second} req/s`,
      );
    }
    console.log(`upstream mode adds ${result.upstream_mode.overhead_p50_ms} ms at p50 (1 connection)`);
    console.log(single.p50_ms < 5 ? `goal met: p50 ${single.p50_ms} ms < 5 ms (1 connection)` : `goal missed: p50 ${single.p50_ms} ms (1 connection)`);
    const out = database.kind === 'pglite' ? 'bench-results/server-add-to-cart.json' : 'bench-results/server-add-to-cart-postgres.json';
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
