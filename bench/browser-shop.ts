/**
 * What the browser benchmarks share: the production server on a throwaway data directory, and
 * Debian's Chromium launched the way the tests launch it.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import { chromium, type Browser, type Page } from 'playwright-core';
import { ensureServerBuild } from './lib/server-load.js';

/** Waits until `url` answers 2xx, polling every 200 ms, or fails after `ms`. */
export async function waitFor(url: string, ms: number): Promise<void> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`server did not answer at ${url}`);
}

/** Starts `server/main.ts` on 127.0.0.1:`port` over a fresh `dataDir`, and waits until it answers. */
export async function startShop(port: number, dataDir: string): Promise<{ readonly base: string; readonly server: ChildProcess }> {
  const base = `http://127.0.0.1:${port}`;
  // A server left on the port (say, by a run that was cut short) would answer in place of the new
  // one, with its own build: refuse to measure that.
  const stale = await fetch(`${base}/wp-json/`).then(
    () => true,
    () => false,
  );
  if (stale) throw new Error(`port ${port} is already in use; stop what listens there first`);
  rmSync(dataDir, { recursive: true, force: true });
  const server = spawn(process.execPath, [ensureServerBuild()], {
    env: { ...process.env, NODE_ENV: 'production', PORT: String(port), HOST: '127.0.0.1', SUKI_DATA_DIR: dataDir },
    stdio: 'ignore',
  });
  // The server goes with the bench, also when the bench is stopped or cut short by a time limit.
  process.once('exit', () => server.kill());
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      server.kill();
      process.exit(1);
    });
  }
  try {
    await waitFor(`${base}/wp-json/wc/store/v1/products?per_page=1`, 240_000);
  } catch (error) {
    server.kill();
    throw error;
  }
  return { base, server };
}

/** Debian's Chromium, headless, nothing reaching outside the machine. */
export const launchChromium = (): Promise<Browser> =>
  chromium.launch({
    executablePath: process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-quic', '--no-first-run'],
  });

/**
 * Waits until a JS expression is truthy in the page, polling every 25 ms. Unlike
 * `page.waitForFunction` with a string, it does not evaluate the expression with the page's
 * `eval`, which the pages' Content-Security-Policy forbids.
 */
export async function waitForExpression(page: Page, expression: string, timeoutMs: number): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!(await page.evaluate(expression))) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${expression}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** What {@link trackRequests} gives: a wait for the page's network to fall quiet. */
export interface RequestTracker {
  /** Resolves once no request has been in flight for `quietMs` (500 ms, as Playwright's network idle). */
  readonly quiet: (quietMs?: number, timeoutMs?: number) => Promise<void>;
}

/**
 * Counts `page`'s requests in flight from now on. Playwright's `waitForLoadState('networkidle')`
 * is a state of the page's load, reached once: after a click on a loaded page it returns at once,
 * while the click's own requests are still on their way.
 */
export function trackRequests(page: Page): RequestTracker {
  let inFlight = 0;
  let changedAt = Date.now();
  const started = () => {
    inFlight += 1;
    changedAt = Date.now();
  };
  const ended = () => {
    inFlight = Math.max(0, inFlight - 1);
    changedAt = Date.now();
  };
  page.on('request', started);
  page.on('requestfinished', ended);
  page.on('requestfailed', ended);
  return {
    quiet: async (quietMs = 500, timeoutMs = 30_000) => {
      const until = Date.now() + timeoutMs;
      while (inFlight > 0 || Date.now() - changedAt < quietMs) {
        if (Date.now() > until) throw new Error(`the page's network was not quiet for ${quietMs} ms within ${timeoutMs} ms (${inFlight} requests in flight)`);
        await new Promise((r) => setTimeout(r, 25));
      }
    },
  };
}
