// Shared helpers for the project's scripts: the toolchain check and child processes.
import { spawnSync } from 'node:child_process';

/** The toolchain (Vitest 5, ky 2, Playwright's axe) needs Node 22 or later. */
export const MIN_NODE_MAJOR = 22;

/**
 * Stops with one clear message when the running Node is too old. `npm install` puts Node 24 from
 * the npm registry into node_modules/.bin, and npm scripts run with that first on PATH.
 */
export function checkNode() {
  const major = Number(process.versions.node.split('.')[0]);
  if (major < MIN_NODE_MAJOR) {
    console.error(
      `Suki needs Node ${MIN_NODE_MAJOR}+ for its toolchain, but this is Node ${process.versions.node}.\n` +
        'Run the scripts through npm (`npm start`, `npm test`) after `npm install`: npm installs a supported Node into node_modules/.bin and uses it.',
    );
    process.exit(1);
  }
}

/**
 * Node flags of the production server (`npm start`, and the server benchmarks):
 * - `--expose-gc`: the database code collects once after setting up a new PGlite folder, so the
 *   initdb instance's memory goes at once (server/db/client.ts);
 * - a 128 MB old space and 4 MB semi-spaces: the live heap is about 60-80 MB (the render cache's
 *   32 MB included; a heap snapshot after 3 minutes of the memory soak held 59 MB), and V8 lets
 *   garbage grow the heap up to its limit before it collects in earnest (160 MB let it reach 110);
 * - `--optimize-for-size`: V8 grows the heap more slowly and keeps less optimised code. In the
 *   10-minute memory soak the resident memory crept up ~3.5 MiB a minute without it (the heap
 *   growing toward its limit), about 1 with it; cached pages render ~15% slower, far above the
 *   goal, and the cart's answers, bound by the database, no slower;
 * - `--liftoff-only`: PostgreSQL (PGlite) runs as WebAssembly; optimising its hot functions
 *   kept another ~50 MB of machine code and, on a small machine, cost CPU on a background thread
 *   that the requests wanted, for no faster answers in the soak.
 */
export const SERVER_NODE_FLAGS = ['--expose-gc', '--max-old-space-size=128', '--max-semi-space-size=4', '--optimize-for-size', '--liftoff-only'];

/**
 * Environment of the production server (glibc's malloc):
 * - at most two arenas instead of one per thread (libuv's pool, V8's helpers, PGlite's calls),
 *   which held ~25 MiB of freed but unreturned memory in the memory soak;
 * - blocks of 64 KiB and more (request and answer bodies, compression buffers) get their own
 *   mappings, given back when freed. By default glibc raises that threshold each time such a block
 *   is freed, until large bodies land in the main heap, which fragments and never shrinks: it
 *   grew to 52 MiB in 3 minutes of the memory soak, against 23 MiB with the fixed threshold.
 */
export const SERVER_ENV = { MALLOC_ARENA_MAX: '2', MALLOC_MMAP_THRESHOLD_: '65536' };

/** The production build of the server (scripts/build-server.mjs), run with plain Node. */
export const SERVER_ENTRY = 'dist/server/server/main.js';

/** Builds the server into dist/server (under a second); returns true when it worked. */
export function buildServer() {
  return run(process.execPath, ['scripts/build-server.mjs']);
}

/** Runs a command with inherited output; returns true when it exits 0. */
export function run(command, args, options = {}) {
  const result = spawnSync(command, args, { stdio: 'inherit', ...options, env: { ...process.env, ...(options.env ?? {}) } });
  if (result.error) console.error(`${command}: ${result.error.message}`);
  return result.status === 0;
}
