/**
 * Shared by the server benchmarks: the production server in its own process (so its memory can be
 * read and the load generator does not share its event loop), and a small load generator of
 * keep-alive connections that records each answer's latency and status.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
// @ts-expect-error -- a plain .mjs module of the project's scripts, without type declarations
import * as toolchain from '../../scripts/toolchain.mjs';

const { SERVER_NODE_FLAGS, SERVER_ENV, SERVER_ENTRY, buildServer } = toolchain as { SERVER_NODE_FLAGS: readonly string[]; SERVER_ENV: Record<string, string>; SERVER_ENTRY: string; buildServer: () => boolean };

let serverBuilt = false;
/** Builds the server once per benchmark process, so what runs is what `npm start` runs, from the current sources. */
export function ensureServerBuild(): string {
  if (!serverBuilt && !buildServer()) throw new Error('the server build failed (node scripts/build-server.mjs)');
  serverBuilt = true;
  return SERVER_ENTRY;
}

/** A production server (`server/main.ts`) in a child process, over a fresh PGlite folder. */
export interface ServerProcess {
  readonly url: string;
  readonly pid: number;
  /** Resident memory of the server process in MiB (from /proc). */
  rssMiB(): number;
  /** Resident MiB by kind of mapping (Linux `/proc/<pid>/smaps`). */
  residentMap(): { binaryMiB: number; otherFilesMiB: number; mallocHeapMiB: number; wasmMemoryMiB: number; otherAnonymousMiB: number };
  /** The server's last `SUKI_MEMORY_LOG` line (started with that variable set), parsed. */
  memoryBreakdown(): Record<string, number> | null;
  stop(): Promise<void>;
}

/** Starts `server/main.ts` with `env` added; resolves once it listens. */
export async function startServer(name: string, env: Record<string, string> = {}): Promise<ServerProcess> {
  if (!existsSync('dist/client/.vite/manifest.json')) throw new Error('dist/client is missing: run `npx vite build` first (npm run bench does).');
  const dataDir = path.resolve('.tmp', `bench-${name}-${process.pid}`);
  rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(dataDir, { recursive: true });
  // The same flags as `npm start` (scripts/toolchain.mjs), plus any in BENCH_SERVER_FLAGS (to try V8 settings).
  const extra = (process.env['BENCH_SERVER_FLAGS'] ?? '').split(' ').filter((flag) => flag !== '');
  const child: ChildProcess = spawn(process.execPath, [...SERVER_NODE_FLAGS, ...extra, ensureServerBuild()], {
    env: { ...SERVER_ENV, ...process.env, NODE_ENV: 'production', PORT: '0', HOST: '127.0.0.1', SUKI_DATA_DIR: dataDir, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let lastMemory = '';
  const url = await new Promise<string>((resolve, reject) => {
    let output = '';
    const onData = (chunk: Buffer) => {
      output += chunk.toString('utf8');
      const found = /running at (http:\/\/[^\s]+)/.exec(output);
      if (found?.[1]) resolve(found[1]);
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (chunk: Buffer) => {
      const text = chunk.toString('utf8');
      const lines = text.split('\n').filter((line) => line.startsWith('suki-memory '));
      if (lines.length > 0) lastMemory = lines[lines.length - 1]!.slice('suki-memory '.length);
      else output += text;
    });
    child.once('exit', (code) => reject(new Error(`server exited (${code}) before listening:\n${output}`)));
  });
  const pid = child.pid ?? 0;
  return {
    url,
    pid,
    rssMiB: () => {
      const status = readFileSync(`/proc/${pid}/status`, 'utf8');
      const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? Number.NaN);
      return kb / 1024;
    },
    residentMap: () => {
      // Resident memory by kind of mapping: what RSS is made of, unlike the heap figures above
      // (WebAssembly memory is reserved in full but resident only where PostgreSQL touched it).
      const sums = { binaryMiB: 0, otherFilesMiB: 0, mallocHeapMiB: 0, wasmMemoryMiB: 0, otherAnonymousMiB: 0 };
      let size = 0;
      let name = '';
      for (const line of readFileSync(`/proc/${pid}/smaps`, 'utf8').split('\n')) {
        const head = /^([0-9a-f]+)-([0-9a-f]+) \S+ \S+ \S+ \S+\s*(.*)$/.exec(line);
        if (head) {
          size = (Number.parseInt(head[2]!, 16) - Number.parseInt(head[1]!, 16)) / 1048576;
          name = head[3] ?? '';
          continue;
        }
        const rss = /^Rss:\s+(\d+) kB/.exec(line);
        if (!rss) continue;
        const mib = Number(rss[1]) / 1024;
        if (name === '[heap]') sums.mallocHeapMiB += mib;
        else if (name === process.execPath || name.endsWith('/bin/node')) sums.binaryMiB += mib;
        else if (name.startsWith('/')) sums.otherFilesMiB += mib;
        // V8 reserves a WebAssembly memory with its guard regions: one anonymous mapping of 128 MiB or more.
        else if (name === '' && size >= 128 && size < 1024 * 16) sums.wasmMemoryMiB += mib;
        else sums.otherAnonymousMiB += mib;
      }
      return Object.fromEntries(Object.entries(sums).map(([key, value]) => [key, round(value, 1)])) as typeof sums;
    },
    memoryBreakdown: () => {
      if (lastMemory === '') return null;
      const raw = JSON.parse(lastMemory) as Record<string, number>;
      return Object.fromEntries(Object.entries(raw).map(([name, bytes]) => [`${name}_mib`, round(bytes / 1048576, 1)]));
    },
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        const force = setTimeout(() => child.kill('SIGKILL'), 10_000);
        await exited;
        clearTimeout(force);
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** One answer as the load generator saw it. */
export interface Sample {
  readonly status: number;
  readonly ms: number;
  /** When the request was sent, ms since the run started. */
  readonly at: number;
}

/** What one run of {@link runLoad} saw. */
export interface LoadRun {
  readonly samples: Sample[];
  /** Requests that failed without an answer (connection errors, client aborts). */
  readonly errors: number;
  readonly wallMs: number;
  /** The headers of the first answer of each status. */
  readonly firstHeaders: Map<number, http.IncomingHttpHeaders>;
}

/** Options of {@link runLoad}. */
export interface LoadOptions {
  readonly base: string;
  /** The request path of the n-th request of a connection. */
  readonly path: (connection: number, n: number) => string;
  readonly connections: number;
  readonly durationMs: number;
  /** Request headers of a connection (e.g. its shopper's cookie). */
  readonly headers?: (connection: number) => Record<string, string>;
  /** Stop each connection's loop when this signal aborts (in-flight requests are abandoned). */
  readonly signal?: AbortSignal;
}

/** GET on a keep-alive agent; resolves with the status once the whole body has arrived. */
export function get(agent: http.Agent, url: URL, headers: Record<string, string>, signal?: AbortSignal): Promise<{ status: number; body: Buffer; headers: http.IncomingHttpHeaders }> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { agent, headers, ...(signal ? { signal } : {}) }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks), headers: res.headers }));
      res.on('error', reject);
    });
    req.on('error', reject);
  });
}

/** An answer read whole, as text. */
export interface Reply {
  readonly status: number;
  readonly headers: http.IncomingHttpHeaders;
  readonly body: string;
}

/** One request on `agent` (with `content-length` when it has a body), its answer read whole. */
export function request(agent: http.Agent, url: URL, method: string, headers: Record<string, string>, body?: string): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method, agent, headers: { ...headers, ...(body === undefined ? {} : { 'content-length': String(Buffer.byteLength(body)) }) } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', reject);
    });
    req.on('error', reject);
    if (body !== undefined) req.write(body);
    req.end();
  });
}

/** `connections` clients, each sending its next request as soon as the previous answer arrived. */
export async function runLoad(options: LoadOptions): Promise<LoadRun> {
  const samples: Sample[] = [];
  const firstHeaders = new Map<number, http.IncomingHttpHeaders>();
  let errors = 0;
  const started = performance.now();
  const deadline = started + options.durationMs;
  const agents: http.Agent[] = [];
  await Promise.all(
    Array.from({ length: options.connections }, async (_, connection) => {
      const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
      agents.push(agent);
      const headers = options.headers?.(connection) ?? {};
      for (let n = 0; performance.now() < deadline && !options.signal?.aborted; n++) {
        const sent = performance.now();
        try {
          const answer = await get(agent, new URL(options.path(connection, n), options.base), headers, options.signal);
          samples.push({ status: answer.status, ms: performance.now() - sent, at: sent - started });
          if (!firstHeaders.has(answer.status)) firstHeaders.set(answer.status, answer.headers);
        } catch {
          errors += 1;
          if (options.signal?.aborted) break;
          await new Promise((resolve) => setTimeout(resolve, 10));
        }
      }
      agent.destroy();
    }),
  );
  for (const agent of agents) agent.destroy();
  return { samples, errors, wallMs: performance.now() - started, firstHeaders };
}

/** The p-th percentile of `values` (nearest rank). */
export const percentile = (values: readonly number[], p: number): number => {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
};

export const round = (n: number, digits = 2): number => Math.round(n * 10 ** digits) / 10 ** digits;

/** Latency and throughput of the 2xx answers of a run. */
export function summarise(run: LoadRun) {
  const ok = run.samples.filter((s) => s.status >= 200 && s.status < 300);
  const latencies = ok.map((s) => s.ms);
  return {
    requests: run.samples.length,
    ok: ok.length,
    errors: run.errors,
    p50_ms: round(percentile(latencies, 50)),
    p90_ms: round(percentile(latencies, 90)),
    p99_ms: round(percentile(latencies, 99)),
    requests_per_second: round((ok.length / run.wallMs) * 1000, 1),
  };
}

/** Writes a result under bench-results/. */
export function writeResult(file: string, result: unknown): void {
  mkdirSync('bench-results', { recursive: true });
  writeFileSync(path.join('bench-results', file), `${JSON.stringify(result, null, 2)}\n`);
  console.log(`written to bench-results/${file}`);
}

/** "goal met" / "goal missed" with the figure and the target. */
export const verdict = (met: boolean, text: string): string => `${met ? 'goal met' : 'goal MISSED'}: ${text}`;
