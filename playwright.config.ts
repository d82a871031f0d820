import { defineConfig } from '@playwright/test';

const port = Number(process.env['E2E_PORT'] ?? 3107);
// A second Suki in upstream mode, in front of the first: the pair stands in for a stock shop.
const frontPort = Number(process.env['E2E_FRONT_PORT'] ?? port + 1);
const embedded = `http://127.0.0.1:${port}`;
const front = `http://127.0.0.1:${frontPort}`;

// End-to-end tests in Debian's Chromium against production servers on 127.0.0.1 only.
export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: false,
  workers: 1,
  retries: process.env['CI'] ? 1 : 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: [['list']],
  use: {
    trace: 'retain-on-failure',
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
  // Started in this order: the embedded shop builds the client the front serves too.
  webServer: [
    {
      command: 'node scripts/e2e-server.mjs',
      url: `${embedded}/wp-json/wc/store/v1/products?per_page=1`,
      // The event inspector opens with `?suki-debug=1` (tests/e2e/inspector.spec.ts); never without it.
      env: { PORT: String(port), HOST: '127.0.0.1', SUKI_DEBUG: 'on-request' },
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: 'pipe',
    },
    {
      command: 'node scripts/e2e-upstream.mjs',
      url: `${front}/wp-json/wc/store/v1/products?per_page=1`,
      // The front also runs with the swatches plugin off, to prove the plain selects work.
      env: { PORT: String(frontPort), HOST: '127.0.0.1', SUKI_UPSTREAM: embedded, SUKI_SWATCHES: 'off' },
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'pipe',
    },
  ],
});
