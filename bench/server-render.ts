/**
 * Server render of `/shop/`: the production server in its own process over a fresh PGlite, each
 * request a first-time visitor (no cookies, so a new session and nonce each time), with the render
 * cache on and off, at 1 and at 16 keep-alive connections. Prints p50/p99 and requests per second
 * next to the goals (p50 at most 8 ms and at least 200 requests/s, cache on) and writes
 * bench-results/server-render.json. `RENDER_SECONDS` sets each measurement's length (default 10).
 */
import { round, runLoad, startServer, summarise, verdict, writeResult } from './lib/server-load.js';

const SECONDS = Number(process.env['RENDER_SECONDS'] ?? 10);
const GOAL_P50_MS = 8;
const GOAL_RPS = 200;

async function measure(cached: boolean) {
  const server = await startServer(cached ? 'render-cached' : 'render-uncached', cached ? {} : { SUKI_RENDER_CACHE_MB: '0' });
  try {
    const path = () => '/shop/';
    // Warm-up: JIT, the database's caches and (with the cache on) the stored render.
    await runLoad({ base: server.url, path, connections: 2, durationMs: 3000 });
    const one = summarise(await runLoad({ base: server.url, path, connections: 1, durationMs: SECONDS * 1000 }));
    const sixteen = summarise(await runLoad({ base: server.url, path, connections: 16, durationMs: SECONDS * 1000 }));
    return { cached, one, sixteen, rss_mib: round(server.rssMiB(), 1) };
  } finally {
    await server.stop();
  }
}

async function main(): Promise<void> {
  const cached = await measure(true);
  const uncached = await measure(false);
  for (const run of [cached, uncached]) {
    const label = run.cached ? 'cache on ' : 'cache off';
    for (const [connections, r] of [
      [1, run.one],
      [16, run.sixteen],
    ] as const) {
      console.log(`/shop/ ${label}, ${String(connections).padStart(2)} connection(s): p50 ${r.p50_ms} ms, p99 ${r.p99_ms} ms, ${r.requests_per_second} req/s (${r.ok}/${r.requests} ok)`);
    }
  }
  console.log(verdict(cached.one.p50_ms <= GOAL_P50_MS, `/shop/ p50 ${cached.one.p50_ms} ms at 1 connection, cache on (target ≤ ${GOAL_P50_MS} ms)`));
  const bestRps = Math.max(cached.one.requests_per_second, cached.sixteen.requests_per_second);
  console.log(verdict(bestRps >= GOAL_RPS, `/shop/ ${bestRps} req/s, cache on (target ≥ ${GOAL_RPS} req/s)`));
  writeResult('server-render.json', {
    benchmark: 'GET /shop/ server render, first-time visitors (no cookies), production server in its own process, PGlite',
    seconds_per_measurement: SECONDS,
    node: process.version,
    date: new Date().toISOString(),
    goal: { p50_ms_at_most: GOAL_P50_MS, requests_per_second_at_least: GOAL_RPS },
    results: { cached, uncached },
  });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
