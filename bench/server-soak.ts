/**
 * Memory soak: the production server in its own process over a fresh PGlite folder, under a mix
 * of traffic for `SOAK_SECONDS` (default 600): first-time visitors on catalogue pages (many
 * addresses, with tracking parameters that must not grow the render cache), Store API catalogue
 * reads, and shoppers who add to their cart (new sessions, cart rows and idempotency records
 * every few seconds), read it and view pages with it. The server's resident memory (RSS) is
 * sampled every 2 s; prints the highest RSS and the slope over the run after its first fifth
 * (least squares, MiB per minute), next to the goals (at most 300 MiB, flat), and writes
 * bench-results/server-soak.json.
 */
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import { get, percentile, round, startServer, verdict, writeResult } from './lib/server-load.js';

const SECONDS = Number(process.env['SOAK_SECONDS'] ?? 600);
const CONNECTIONS = Number(process.env['SOAK_CONNECTIONS'] ?? 8);
const GOAL_RSS_MIB = 300;
/** "Flat": growth below this many MiB per minute once warm. */
const FLAT_MIB_PER_MIN = 1;

const SORTS = ['menu_order', 'popularity', 'rating', 'date', 'price', 'price-desc'];

/** Least-squares slope of y over x. */
const slope = (points: ReadonlyArray<readonly [number, number]>): number => {
  const n = points.length;
  if (n < 2) return Number.NaN;
  const mx = points.reduce((s, [x]) => s + x, 0) / n;
  const my = points.reduce((s, [, y]) => s + y, 0) / n;
  const num = points.reduce((s, [x, y]) => s + (x - mx) * (y - my), 0);
  const den = points.reduce((s, [x]) => s + (x - mx) ** 2, 0);
  return den === 0 ? 0 : num / den;
};

/** A tiny deterministic random source, so runs are comparable. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state * 1_664_525 + 1_013_904_223) >>> 0;
    return state / 2 ** 32;
  };
}

function post(agent: http.Agent, url: URL, headers: Record<string, string>, body: string): Promise<{ status: number; cookies: string[] }> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method: 'POST', agent, headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) } }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, cookies: res.headers['set-cookie'] ?? [] }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

async function main(): Promise<void> {
  const server = await startServer('soak', { SUKI_MEMORY_LOG: '1' });
  const samples: Array<[number, number]> = [];
  const started = performance.now();
  const sampler = setInterval(() => samples.push([(performance.now() - started) / 60_000, server.rssMiB()]), 2000);
  const counts = { pages: 0, api: 0, adds: 0, cartReads: 0, failures: 0 };
  let breakdown: Record<string, number> | null;
  let resident: ReturnType<typeof server.residentMap>;
  /** Failures by kind and status (a refused add, a 503 from load shedding...). */
  const failures = new Map<string, number>();
  const fail = (kind: string) => {
    counts.failures += 1;
    failures.set(kind, (failures.get(kind) ?? 0) + 1);
  };
  const latencies: number[] = [];
  try {
    const agent0 = new http.Agent({ keepAlive: true });
    const list = JSON.parse((await get(agent0, new URL('/wp-json/wc/store/v1/products?per_page=100', server.url), {})).body.toString('utf8')) as Array<{
      id: number;
      slug: string;
      type: string;
      is_in_stock: boolean;
      categories: Array<{ slug: string }>;
    }>;
    agent0.destroy();
    const slugs = list.map((p) => p.slug);
    const categories = [...new Set(list.flatMap((p) => p.categories.map((c) => c.slug)))];
    const simple = list.filter((p) => p.type === 'simple' && p.is_in_stock).map((p) => p.id);
    const deadline = started + SECONDS * 1000;

    await Promise.all(
      Array.from({ length: CONNECTIONS }, async (_, connection) => {
        const next = random(connection + 1);
        const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
        const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
        let shopperCookie = '';
        let adds = 0;
        for (let n = 0; performance.now() < deadline; n++) {
          const roll = next();
          const sent = performance.now();
          try {
            if (roll < 0.6) {
              // A first-time visitor on a catalogue page, sometimes from a campaign link.
              const junk = next() < 0.3 ? `&utm_source=s${Math.floor(next() * 1e6)}` : '';
              const page = pick([
                () => '/?',
                () => `/shop/?orderby=${pick(SORTS)}&paged=${1 + Math.floor(next() * 5)}`,
                () => `/product/${pick(slugs)}/?`,
                () => `/product-category/${pick(categories)}/?`,
              ])();
              const answer = await get(agent, new URL(`${page}${junk}`, server.url), {});
              if (answer.status !== 200) fail(`page ${answer.status}`);
              counts.pages += 1;
            } else if (roll < 0.85) {
              const path = pick([
                () => `/wp-json/wc/store/v1/products?per_page=12&page=${1 + Math.floor(next() * 5)}&orderby=${pick(['date', 'price', 'popularity'])}`,
                () => `/wp-json/wc/store/v1/products/collection-data?calculate_price_range=true&category=${pick(categories)}`,
                () => '/wp-json/wc/store/v1/products/categories',
              ])();
              const answer = await get(agent, new URL(path, server.url), {});
              if (answer.status !== 200) fail(`api ${answer.status}`);
              counts.api += 1;
            } else {
              // A shopper: adds to the cart (a new shopper every 20 adds), reads it, views a page.
              if (adds % 20 === 0) shopperCookie = '';
              adds += 1;
              const id = pick(simple);
              const added = await post(
                agent,
                new URL('/?wc-ajax=add_to_cart', server.url),
                { 'content-type': 'application/x-www-form-urlencoded; charset=UTF-8', cookie: shopperCookie, 'idempotency-key': `soak-${connection}-${n}` },
                `product_id=${id}&quantity=1`,
              );
              for (const line of added.cookies) {
                const pair = line.split(';')[0] ?? '';
                if (pair.startsWith('suki_session=')) shopperCookie = pair;
              }
              if (added.status !== 200) fail(`add ${added.status}`);
              counts.adds += 1;
              const cart = await get(agent, new URL('/wp-json/wc/store/v1/cart', server.url), { cookie: shopperCookie });
              if (cart.status !== 200) fail(`cart ${cart.status}`);
              counts.cartReads += 1;
              await get(agent, new URL('/shop/', server.url), { cookie: shopperCookie });
              counts.pages += 1;
            }
            latencies.push(performance.now() - sent);
          } catch {
            fail('connection error');
          }
        }
        agent.destroy();
      }),
    );
  } finally {
    clearInterval(sampler);
    samples.push([(performance.now() - started) / 60_000, server.rssMiB()]);
    breakdown = server.memoryBreakdown();
    resident = server.residentMap();
    await server.stop();
  }
  const warm = samples.filter(([minute]) => minute >= (SECONDS / 60) * 0.2);
  const maxRss = Math.max(...samples.map(([, rss]) => rss));
  const growth = slope(warm);
  const result = {
    benchmark: `memory soak: ${CONNECTIONS} connections of mixed traffic for ${SECONDS} s, production server in its own process, PGlite`,
    node: process.version,
    date: new Date().toISOString(),
    requests: counts,
    failures: Object.fromEntries(failures),
    p50_ms: round(percentile(latencies, 50)),
    max_rss_mib: round(maxRss, 1),
    slope_mib_per_minute_after_warmup: round(growth, 2),
    // At the end: V8 heap, external (mostly PGlite's WebAssembly memory), the render cache.
    memory_at_end: breakdown,
    // What the resident memory is made of at the end, by kind of mapping.
    resident_at_end_mib: resident,
    rss_first_last_mib: [round(samples[0]?.[1] ?? Number.NaN, 1), round(samples[samples.length - 1]?.[1] ?? Number.NaN, 1)],
    samples: samples.map(([minute, rss]) => [round(minute, 3), round(rss, 1)]),
    goal: { max_rss_mib_at_most: GOAL_RSS_MIB, slope_mib_per_minute_below: FLAT_MIB_PER_MIN },
  };
  console.log(`${SECONDS} s, ${counts.pages} pages, ${counts.api} API reads, ${counts.adds} adds, ${counts.cartReads} cart reads, ${counts.failures} failures ${JSON.stringify(result.failures)}; p50 ${result.p50_ms} ms`);
  console.log(`RSS: first ${result.rss_first_last_mib[0]} MiB, last ${result.rss_first_last_mib[1]} MiB`);
  if (breakdown) {
    const b = breakdown;
    console.log(
      `at the end: V8 heap ${b['heapTotal_mib']} MiB (${b['heapUsed_mib']} used, render cache ${b['renderCache_mib']}); external ${b['external_mib']} MiB (mostly PGlite's WebAssembly memory, reserved, not all resident)`,
    );
  }
  if (resident) {
    const r = resident;
    console.log(
      `resident at the end: Node's binary ${r.binaryMiB} MiB + malloc heap ${r.mallocHeapMiB} + WebAssembly memory ${r.wasmMemoryMiB} + other anonymous (V8 heap, code, thread arenas) ${r.otherAnonymousMiB} + other files ${r.otherFilesMiB}`,
    );
  }
  console.log(verdict(maxRss <= GOAL_RSS_MIB, `max RSS ${result.max_rss_mib} MiB (target ≤ ${GOAL_RSS_MIB} MiB)`));
  console.log(verdict(growth < FLAT_MIB_PER_MIN, `RSS slope ${result.slope_mib_per_minute_after_warmup} MiB/min after warm-up (target: flat, < ${FLAT_MIB_PER_MIN} MiB/min)`));
  writeResult('server-soak.json', result);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
