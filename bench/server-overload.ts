/**
 * Overload: 400 clients on their own keep-alive connections ask for pages as fast as they are
 * answered for `OVERLOAD_SECONDS` (default 20), then all leave at once (their connections close
 * with requests still open). The production server runs in its own process with its default
 * queue depth. Pages are rendered for every request (the render cache is off, and each client
 * asks for its own address), the worst case. Prints how many were answered, how many were refused
 * with 503 (and whether they carried Retry-After), and how long after the clients left one
 * shopper's page was back to its normal p50 (median of 3 consecutive requests within 1.5x the
 * p50 measured before the load; goal: at most 5 s). Writes bench-results/server-overload.json.
 */
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import { get, percentile, round, runLoad, startServer, verdict, writeResult } from './lib/server-load.js';

const SECONDS = Number(process.env['OVERLOAD_SECONDS'] ?? 20);
const CLIENTS = Number(process.env['OVERLOAD_CLIENTS'] ?? 400);
const RECOVERY_GOAL_S = 5;

/** Page addresses that all render (distinct sort and page per client, so no two share a render). */
const SORTS = ['menu_order', 'popularity', 'rating', 'date', 'price', 'price-desc'];
const pageOf = (client: number, n: number) => `/shop/?orderby=${SORTS[(client + n) % SORTS.length]}&paged=${1 + ((client + n) % 5)}`;

async function sequentialLatencies(base: string, count: number, path: (n: number) => string): Promise<number[]> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const times: number[] = [];
  for (let n = 0; n < count; n++) {
    const started = performance.now();
    await get(agent, new URL(path(n), base), {});
    times.push(performance.now() - started);
  }
  agent.destroy();
  return times;
}

async function main(): Promise<void> {
  const server = await startServer('overload', { SUKI_RENDER_CACHE_MB: '0' });
  try {
    const probe = (n: number) => pageOf(n, 0);
    await sequentialLatencies(server.url, 20, probe);
    const normal = percentile(await sequentialLatencies(server.url, 30, probe), 50);

    // Overload: the clients leave together when the time is up.
    const leave = new AbortController();
    const timer = setTimeout(() => leave.abort(), SECONDS * 1000);
    const rssBefore = server.rssMiB();
    const run = await runLoad({ base: server.url, path: pageOf, connections: CLIENTS, durationMs: SECONDS * 1000 + 60_000, signal: leave.signal });
    clearTimeout(timer);
    const left = performance.now();
    const rssPeak = server.rssMiB();

    // Recovery: one shopper asks again and again until three answers in a row are back to normal.
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const window: number[] = [];
    let recoveredAfter = Number.NaN;
    for (let n = 0; performance.now() - left < 120_000; n++) {
      const started = performance.now();
      const answer = await get(agent, new URL(probe(n), server.url), {});
      const ms = performance.now() - started;
      window.push(answer.status === 200 ? ms : Number.POSITIVE_INFINITY);
      if (window.length > 3) window.shift();
      if (window.length === 3 && percentile(window, 50) <= normal * 1.5) {
        recoveredAfter = (performance.now() - left) / 1000;
        break;
      }
    }
    agent.destroy();

    const answered = run.samples.filter((s) => s.status === 200).length;
    const refused = run.samples.filter((s) => s.status === 503);
    const result = {
      benchmark: `${CLIENTS} clients asking for uncached /shop/ pages for ${SECONDS} s, then leaving at once`,
      node: process.version,
      date: new Date().toISOString(),
      normal_p50_ms: round(normal),
      answered_200: answered,
      refused_503: refused.length,
      retry_after_of_a_503: run.firstHeaders.get(503)?.['retry-after'] ?? null,
      other_statuses: run.samples.filter((s) => s.status !== 200 && s.status !== 503).length,
      client_errors_or_abandoned: run.errors,
      answered_p50_ms: round(percentile(run.samples.filter((s) => s.status === 200).map((s) => s.ms), 50)),
      refused_p50_ms: round(percentile(refused.map((s) => s.ms), 50)),
      recovery_seconds: round(recoveredAfter),
      rss_mib: { before: round(rssBefore, 1), at_end_of_load: round(rssPeak, 1), after_recovery: round(server.rssMiB(), 1) },
      goal: { recovery_seconds_at_most: RECOVERY_GOAL_S },
    };

    console.log(`normal p50 before the load: ${result.normal_p50_ms} ms`);
    console.log(`${CLIENTS} clients for ${SECONDS} s: ${answered} answered (p50 ${result.answered_p50_ms} ms), ${refused.length} refused with 503 (p50 ${result.refused_p50_ms} ms), ${result.other_statuses} other, ${run.errors} abandoned or failed`);
    console.log(`Retry-After on a 503: ${result.retry_after_of_a_503 ?? 'none seen'}`);
    console.log(`server memory: ${result.rss_mib.before} MiB before, ${result.rss_mib.at_end_of_load} MiB at the end of the load`);
    console.log(verdict(recoveredAfter <= RECOVERY_GOAL_S, `back to normal p50 ${result.recovery_seconds} s after the clients left (target ≤ ${RECOVERY_GOAL_S} s)`));
    writeResult('server-overload.json', result);
  } finally {
    await server.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
