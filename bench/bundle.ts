/**
 * Initial JS of the listing page: starts the production server on a throwaway database, loads
 * /shop/ in Chromium, records every script request until the page has hydrated, and measures
 * those files from dist/client compressed with brotli (quality 11) and gzip (level 9).
 * Goal: at most 85 KiB brotli and at most 6 requests.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';

const port = 3197;
const base = `http://127.0.0.1:${port}`;
const dataDir = '.tmp/bench-bundle';

async function waitFor(url: string, ms: number): Promise<void> {
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

async function main(): Promise<void> {
  rmSync(dataDir, { recursive: true, force: true });
  const server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: { ...process.env, NODE_ENV: 'production', PORT: String(port), HOST: '127.0.0.1', SUKI_DATA_DIR: dataDir },
    stdio: 'ignore',
  });
  try {
    await waitFor(`${base}/wp-json/wc/store/v1/products?per_page=1`, 60_000);
    const browser = await chromium.launch({
      executablePath: process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-quic', '--no-first-run'],
    });
    const page = await browser.newPage();
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    await page.goto(`${base}/shop/`);
    await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached', timeout: 30_000 });
    await page.waitForLoadState('networkidle');
    await browser.close();

    const files = [...new Set(scripts)].map((p) => {
      const body = readFileSync(path.join('dist/client', p));
      return {
        path: p,
        raw: body.length,
        gzip: gzipSync(body, { level: 9 }).length,
        brotli: brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
      };
    });
    const total = files.reduce((t, f) => ({ raw: t.raw + f.raw, gzip: t.gzip + f.gzip, brotli: t.brotli + f.brotli }), { raw: 0, gzip: 0, brotli: 0 });
    const kib = (n: number) => `${(n / 1024).toFixed(1)} KiB`;
    console.log('Listing page (/shop/) initial JS:');
    for (const f of files) console.log(`  ${f.path}  raw ${kib(f.raw)}  gzip ${kib(f.gzip)}  brotli ${kib(f.brotli)}`);
    console.log(`  total: ${files.length} requests, raw ${kib(total.raw)}, gzip ${kib(total.gzip)}, brotli ${kib(total.brotli)}`);
    console.log(`  goal: ≤ 85 KiB brotli (${total.brotli <= 85 * 1024 ? 'met' : 'NOT met'}), ≤ 6 requests (${files.length <= 6 ? 'met' : 'NOT met'})`);
    mkdirSync('bench-results', { recursive: true });
    writeFileSync('bench-results/bundle.json', JSON.stringify({ page: '/shop/', requests: files.length, files, total }, null, 2));
  } finally {
    server.kill('SIGTERM');
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
