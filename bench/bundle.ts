/**
 * What each page costs a first-time visitor, against the issue's budgets: starts the production
 * server on a throwaway database and loads `/`, `/shop/` and a variable product's page in Chromium,
 * each in a fresh context (cold cache). For each it records every script request until the page
 * has hydrated and the network has gone idle, and measures those files from dist/client as the
 * server sends them (the `.br` siblings the build writes, brotli quality 11; gzip level 9 beside
 * them), plus the page's HTML as the server compresses it (brotli). Scripts that arrive only after
 * the page has sat idle (the carousel's Swiper, once on screen and idle) are listed apart. Targets: JS `/` and `/shop/`
 * ≤ 85 KiB brotli in ≤ 6 requests, product page ≤ 100 KiB; HTML `/shop/` ≤ 12 KiB, `/` ≤ 15 KiB.
 * On the product page it then chooses a swatch and opens the lightbox, and lists what that loads.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, constants, gunzipSync, gzipSync } from 'node:zlib';
import type { Browser, Page } from 'playwright-core';
import { launchChromium, startShop, trackRequests } from './browser-shop.js';

const port = Number(process.env['BENCH_PORT'] ?? 3197);
const dataDir = `.tmp/bench-bundle-${port}`;
const KiB = 1024;

/** Budgets of issue 11 per page; null: no budget for that figure. */
interface Budget {
  readonly url: string;
  readonly label: string;
  readonly jsBrotli: number;
  readonly jsRequests: number | null;
  readonly htmlBrotli: number | null;
}

const PAGES: readonly Budget[] = [
  { url: '/', label: 'home', jsBrotli: 85 * KiB, jsRequests: 6, htmlBrotli: 15 * KiB },
  { url: '/shop/', label: 'shop', jsBrotli: 85 * KiB, jsRequests: 6, htmlBrotli: 12 * KiB },
  { url: '/product/suki-logo-tee/', label: 'product', jsBrotli: 100 * KiB, jsRequests: null, htmlBrotli: null },
  // With a line in the cart (issue 12 sets no budget: the product page's is the yardstick).
  { url: '/checkout/', label: 'checkout', jsBrotli: 100 * KiB, jsRequests: null, htmlBrotli: null },
  // A guest's My Account panel (issue 13 sets no budget: the product page's is the yardstick).
  { url: '/my-account/', label: 'account', jsBrotli: 100 * KiB, jsRequests: null, htmlBrotli: null },
  // The contact page (issue 16 sets no budget: the product page's is the yardstick).
  { url: '/contact/', label: 'contact', jsBrotli: 100 * KiB, jsRequests: null, htmlBrotli: null },
];

const kib = (n: number) => `${(n / KiB).toFixed(1)} KiB`;
const verdict = (ok: boolean) => (ok ? 'met' : 'NOT met');

interface Sized {
  readonly path: string;
  readonly raw: number;
  readonly gzip: number;
  readonly brotli: number;
}

/** A built file's sizes: raw, gzip 9, and the brotli sibling the server sends (or q11 when absent). */
const sizeOf = (p: string): Sized => {
  const file = path.join('dist/client', p);
  const body = readFileSync(file);
  let brotli: number;
  try {
    brotli = readFileSync(`${file}.br`).length;
  } catch {
    brotli = brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
  }
  return { path: p, raw: body.length, gzip: gzipSync(body, { level: 9 }).length, brotli };
};
const sum = (files: readonly Sized[]) => files.reduce((t, f) => ({ raw: t.raw + f.raw, gzip: t.gzip + f.gzip, brotli: t.brotli + f.brotli }), { raw: 0, gzip: 0, brotli: 0 });

/** The page's HTML as a browser gets it: bytes on the wire with `Accept-Encoding: br`, and decoded. */
const htmlOnTheWire = (url: string): Promise<{ readonly wire: number; readonly encoding: string | null; readonly raw: number; readonly state: number }> =>
  new Promise((resolve, reject) => {
    const req = request(url, { headers: { 'accept-encoding': 'br, gzip', accept: 'text/html' } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const body = Buffer.concat(chunks);
        const encoding = res.headers['content-encoding'] ?? null;
        const html = (encoding === 'br' ? brotliDecompressSync(body) : encoding === 'gzip' ? gunzipSync(body) : body).toString();
        const state = /<script type="application\/json" id="suki-state">([\s\S]*?)<\/script>/.exec(html)?.[1]?.length ?? 0;
        resolve({ wire: body.length, encoding, raw: Buffer.byteLength(html), state });
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });

/** Scripts a page loads from a cold cache until hydrated and idle, then those the shopper's first actions load. */
async function measure(browser: Browser, base: string, budget: Budget, interact?: (page: Page) => Promise<void>) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const requests = trackRequests(page);
  if (budget.label === 'checkout') {
    // A shopper with a line in the cart (an empty cart's checkout is a short message).
    const cart = await context.request.get(`${base}/wp-json/wc/store/v1/cart`);
    const found = (await (await context.request.get(`${base}/wp-json/wc/store/v1/products?search=Kapeng%20Barako`)).json()) as Array<{ id: number }>;
    await context.request.post(`${base}/wp-json/wc/store/v1/cart/add-item`, { headers: { Nonce: cart.headers()['nonce'] ?? '' }, data: { id: found[0]?.id, quantity: 1 } });
  }
  const scripts: string[] = [];
  const everything: string[] = [];
  page.on('request', (r) => {
    everything.push(new URL(r.url()).pathname);
    if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
  });
  await page.goto(`${base}${budget.url}`);
  await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached', timeout: 30_000 });
  await page.waitForLoadState('networkidle');
  const initial = [...new Set(scripts)];
  // What comes once the page has sat idle a while (enhancements loaded when on screen and idle).
  await page.waitForTimeout(5000);
  await requests.quiet();
  const deferred = [...new Set(scripts)].filter((p) => !initial.includes(p));
  if (interact) {
    await interact(page);
    // A fresh quiet: the load's network idle was reached long before, and would not wait.
    await requests.quiet();
  }
  const later = [...new Set(scripts)].filter((p) => !initial.includes(p) && !deferred.includes(p));
  await context.close();
  const files = initial.map(sizeOf);
  const lazy = later.map(sizeOf);
  const idle = deferred.map(sizeOf);
  const total = sum(files);
  const html = await htmlOnTheWire(`${base}${budget.url}`);

  console.log(`\n${budget.url} (${budget.label})`);
  for (const f of files) console.log(`  ${f.path}  raw ${kib(f.raw)}  gzip ${kib(f.gzip)}  brotli ${kib(f.brotli)}`);
  const jsOk = total.brotli <= budget.jsBrotli;
  const reqOk = budget.jsRequests === null || files.length <= budget.jsRequests;
  console.log(
    `  JS to network idle, cold cache: ${kib(total.brotli)} brotli in ${files.length} requests (raw ${kib(total.raw)}, gzip ${kib(total.gzip)})` +
      `   target ≤ ${kib(budget.jsBrotli)}${budget.jsRequests === null ? '' : ` in ≤ ${budget.jsRequests} requests`}: ${verdict(jsOk && reqOk)}`,
  );
  const htmlOk = budget.htmlBrotli === null || (html.encoding === 'br' && html.wire <= budget.htmlBrotli);
  console.log(
    `  HTML on the wire: ${kib(html.wire)} ${html.encoding ?? 'uncompressed'} (${kib(html.raw)} decoded, of which hydration state ${kib(html.state)})` +
      (budget.htmlBrotli === null ? '' : `   target ≤ ${kib(budget.htmlBrotli)} brotli: ${verdict(htmlOk)}`),
  );
  if (idle.length > 0) {
    console.log(`  loaded later, once the page sat idle (not counted): ${kib(sum(idle).brotli)} brotli`);
    for (const f of idle) console.log(`  ${f.path}  brotli ${kib(f.brotli)}`);
  }
  if (lazy.length > 0) {
    console.log('  loaded lazily on the first interaction:');
    for (const f of lazy) console.log(`  ${f.path}  brotli ${kib(f.brotli)}`);
  }
  return { page: budget.url, requests: files.length, files, total, idle, lazy, html, met: { js: jsOk && reqOk, html: htmlOk }, fetched: [...new Set(everything)] };
}

/** The event inspector's files (its recorder and its panel, scripts and styles), from the build's manifest. */
const inspectorFiles = (): Set<string> => {
  const manifest = JSON.parse(readFileSync('dist/client/.vite/manifest.json', 'utf8')) as Record<string, { file: string; src?: string; css?: string[] }>;
  const files = new Set<string>();
  for (const [key, chunk] of Object.entries(manifest)) {
    if (!/src\/(ui\/inspector|core\/debug)\//.test(chunk.src ?? key)) continue;
    files.add(`/${chunk.file}`);
    for (const css of chunk.css ?? []) files.add(`/${css}`);
  }
  return files;
};

/** Every path a page fetches until it has hydrated and gone idle. */
async function fetchedBy(browser: Browser, url: string): Promise<string[]> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const paths: string[] = [];
  page.on('request', (r) => paths.push(new URL(r.url()).pathname));
  await page.goto(url);
  await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached', timeout: 30_000 });
  await page.waitForLoadState('networkidle');
  await context.close();
  return paths;
}

async function main(): Promise<void> {
  const { base, server } = await startShop(port, dataDir);
  try {
    const browser = await launchChromium();
    const results = [];
    for (const budget of PAGES) {
      const interact =
        budget.label === 'product'
          ? async (page: Page) => {
              await page.getByRole('radiogroup', { name: /^Colour/ }).getByRole('radio').first().click();
              await page.getByRole('button', { name: /^Enlarge image 1 of/ }).click();
            }
          : undefined;
      results.push(await measure(browser, base, budget, interact));
    }
    // The event inspector costs these pages nothing: none of its code is fetched, not even with
    // `?suki-debug=1`, which a production build refuses unless plugins.config.ts asks for it
    // (this server runs with `debug` off).
    const inspector = inspectorFiles();
    if (inspector.size === 0) throw new Error('the build has no event inspector chunk (dist/client/.vite/manifest.json)');
    const flagged = await fetchedBy(browser, `${base}/shop/?suki-debug=1`);
    const leaks = [...results.flatMap((r) => r.fetched.map((p) => `${r.page}: ${p}`)), ...flagged.map((p) => `/shop/?suki-debug=1: ${p}`)].filter((line) => inspector.has(line.slice(line.indexOf(': ') + 2)));
    console.log(`\nevent inspector (${[...inspector].join(', ')}): ${leaks.length === 0 ? 'not fetched by any page, nor by /shop/?suki-debug=1 with debug off: met' : `FETCHED: ${leaks.join('; ')}`}`);
    await browser.close();
    if (leaks.length > 0) process.exitCode = 1;
    console.log('\nsummary (target in brackets):');
    for (const r of results) {
      const b = PAGES.find((p) => p.url === r.page)!;
      console.log(
        `  ${r.page.padEnd(24)} JS ${kib(r.total.brotli)} in ${r.requests} req [≤ ${kib(b.jsBrotli)}${b.jsRequests === null ? '' : `, ≤ ${b.jsRequests}`}]` +
          `   HTML ${kib(r.html.wire)} ${r.html.encoding ?? 'raw'}${b.htmlBrotli === null ? '' : ` [≤ ${kib(b.htmlBrotli)}]`}`,
      );
    }
    mkdirSync('bench-results', { recursive: true });
    writeFileSync('bench-results/bundle.json', `${JSON.stringify({ date: new Date().toISOString(), pages: results }, null, 2)}\n`);
  } finally {
    server.kill('SIGTERM');
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
