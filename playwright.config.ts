import { defineConfig, type PlaywrightTestConfig } from '@playwright/test';
import { E2E_WORKERS, pairDataDir, pairFrontDir, pairUrls } from './tests/e2e/servers.js';

// The project addresses are the first pair's; each worker's tests move to its own pair
// (`tests/e2e/fixtures.ts`).
const { embedded, front } = pairUrls(0);

/** Pair `index`'s two servers, started in this order: the embedded shop first, then its front. */
const pair = (index: number): NonNullable<PlaywrightTestConfig['webServer']> => {
  const urls = pairUrls(index);
  const port = (url: string) => new URL(url).port;
  return [
    {
      // The first embedded shop builds the client and server; the later ones run that build.
      command: 'node scripts/e2e-server.mjs',
      url: `${urls.embedded}/wp-json/wc/store/v1/products?per_page=1`,
      // The event inspector opens with `?suki-debug=1` (tests/e2e/inspector.spec.ts); never without it.
      env: { PORT: port(urls.embedded), HOST: '127.0.0.1', SUKI_DEBUG: 'on-request', SUKI_DATA_DIR: pairDataDir(index), E2E_BUILT: index === 0 ? '' : '1' },
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: 'pipe',
    },
    {
      command: 'node scripts/e2e-upstream.mjs',
      url: `${urls.front}/wp-json/wc/store/v1/products?per_page=1`,
      // The front also runs with the swatches plugin off, to prove the plain selects work.
      env: { PORT: port(urls.front), HOST: '127.0.0.1', SUKI_UPSTREAM: urls.embedded, SUKI_SWATCHES: 'off', E2E_FRONT_DIR: pairFrontDir(index) },
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'pipe',
    },
  ];
};

// End-to-end tests in Debian's Chromium against production servers on 127.0.0.1 only.
export default defineConfig({
  testDir: 'tests/e2e',
  // A file's tests run in order on one worker; files are shared out between the workers, each with
  // its own pair of servers. One worker left about a quarter of two cores idle (pages wait on timers
  // and the network); two keep both busy.
  fullyParallel: false,
  workers: E2E_WORKERS,
  // One retry, wherever the suite runs (`.ci/run` sets no CI variable): a test that passes only on
  // its retry is reported as flaky, with the first try's error and the retry's trace.
  retries: 1,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: [['list']],
  use: {
    // A trace costs about a tenth of the suite's CPU when every test records one: recorded only
    // for a failed test's retry, where it explains the failure.
    trace: 'on-first-retry',
    launchOptions: {
      executablePath: process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-quic', '--no-first-run', '--disable-sync'],
    },
  },
  projects: [
    { name: 'embedded', testIgnore: /upstream\.spec\.ts$/, grepInvert: /@plain-selects/, use: { baseURL: embedded } },
    // The cart tests again, through the pair, plus what only upstream mode does.
    { name: 'upstream', testMatch: /(cart|upstream|product|shop|blog|checkout)\.spec\.ts$/, grepInvert: /@swatches|@once/, use: { baseURL: front }, metadata: { upstream: embedded } },
  ],
  webServer: Array.from({ length: E2E_WORKERS }, (_, index) => pair(index)).flat(),
});
