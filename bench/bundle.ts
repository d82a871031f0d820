/**
 * Initial JS of the listing page and of a variable product's page: starts the production server on
 * a throwaway database, loads each page in Chromium, records every script request until the page
 * has hydrated and gone idle, and measures those files from dist/client compressed with brotli
 * (quality 11) and gzip (level 9). On the product page it then chooses a swatch and opens the
 * lightbox, and lists what that loads lazily. Goal for the listing: ≤ 85 KiB brotli, ≤ 6 requests.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { launchChromium, startShop } from './browser-shop.js';

const port = 3197;
const dataDir = '.tmp/bench-bundle';

async function main(): Promise<void> {
  const { base, server } = await startShop(port, dataDir);
  try {
    const browser = await launchChromium();
    const sizes = (paths: readonly string[]) =>
      paths.map((p) => {
        const body = readFileSync(path.join('dist/client', p));
        return {
          path: p,
          raw: body.length,
          gzip: gzipSync(body, { level: 9 }).length,
          brotli: brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
        };
      });
    type Sized = ReturnType<typeof sizes>;
    const sum = (files: Sized) => files.reduce((t, f) => ({ raw: t.raw + f.raw, gzip: t.gzip + f.gzip, brotli: t.brotli + f.brotli }), { raw: 0, gzip: 0, brotli: 0 });
    const kib = (n: number) => `${(n / 1024).toFixed(1)} KiB`;

    /** Scripts a page loads until hydrated and idle, then those the shopper's first actions load. */
    const measure = async (url: string, interact?: (page: Page) => Promise<void>) => {
      const page = await browser.newPage();
      const scripts: string[] = [];
      page.on('request', (request) => {
        if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
      });
      await page.goto(`${base}${url}`);
      await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached', timeout: 30_000 });
      await page.waitForLoadState('networkidle');
      const initial = [...new Set(scripts)];
      if (interact) {
        await interact(page);
        await page.waitForLoadState('networkidle');
      }
      const later = [...new Set(scripts)].filter((p) => !initial.includes(p));
      await page.close();
      const files = sizes(initial);
      const lazy = sizes(later);
      const total = sum(files);
      console.log(`${url} initial JS:`);
      for (const f of files) console.log(`  ${f.path}  raw ${kib(f.raw)}  gzip ${kib(f.gzip)}  brotli ${kib(f.brotli)}`);
      console.log(`  total: ${files.length} requests, raw ${kib(total.raw)}, gzip ${kib(total.gzip)}, brotli ${kib(total.brotli)}`);
      if (lazy.length > 0) {
        console.log('  loaded lazily on the first interaction:');
        for (const f of lazy) console.log(`  ${f.path}  brotli ${kib(f.brotli)}`);
      }
      return { page: url, requests: files.length, files, total, lazy };
    };

    const listing = await measure('/shop/');
    console.log(`  goal: ≤ 85 KiB brotli (${listing.total.brotli <= 85 * 1024 ? 'met' : 'NOT met'}), ≤ 6 requests (${listing.requests <= 6 ? 'met' : 'NOT met'})`);
    const product = await measure('/product/suki-logo-tee/', async (page) => {
      await page.getByRole('radiogroup', { name: /^Colour/ }).getByRole('radio').first().click();
      await page.getByRole('button', { name: /^Enlarge image 1 of/ }).click();
    });
    await browser.close();
    mkdirSync('bench-results', { recursive: true });
    writeFileSync('bench-results/bundle.json', JSON.stringify({ listing, product }, null, 2));
  } finally {
    server.kill('SIGTERM');
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
