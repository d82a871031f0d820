/**
 * The checkout page's weight and first paint: starts the production server on a throwaway
 * database, puts a product in a fresh shopper's cart, and loads `/checkout/` in Chromium from a cold
 * cache. Prints the JS to network idle (the `.br` files the server sends, and the requests) and the
 * largest contentful paint with the CPU slowed 4x (median of BENCH_ROUNDS loads, 5 by default,
 * each a new shopper), next to `/shop/` loaded the same way, and checks that no checkout chunk is
 * requested by `/shop/` or home. Writes bench-results/checkout-page.json.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { launchChromium, startShop, waitForExpression } from './browser-shop.js';

const port = Number(process.env['BENCH_PORT'] ?? 3196);
const ROUNDS = Number(process.env['BENCH_ROUNDS'] ?? 5);
const dataDir = `.tmp/bench-checkout-${port}`;
const KiB = 1024;
/** Targets: the checkout may weigh what the product page may (issue 11's 100 KiB); LCP as the shop's lab target. */
const TARGET = { jsBrotli: 100 * KiB, lcpMs: 2500 };

const kib = (n: number) => `${(n / KiB).toFixed(1)} KiB`;
const median = (values: readonly number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length === 0 ? Number.NaN : (sorted[Math.floor((sorted.length - 1) / 2)] ?? Number.NaN);
};

/** The `.br` file the server sends for a built script. */
const brotliOf = (p: string): number => readFileSync(`${path.join('dist/client', p)}.br`).length;

const OBSERVE = `
  window.__lcp = 0;
  new PerformanceObserver((l) => { for (const e of l.getEntries()) window.__lcp = e.startTime; }).observe({ type: 'largest-contentful-paint', buffered: true });
`;

interface Load {
  readonly scripts: readonly string[];
  readonly lcp: number;
}

/** One cold load of `url` by a new shopper (with a product in the cart when `withCart`), at 4x CPU. */
async function load(browser: Browser, base: string, url: string, withCart: boolean): Promise<Load> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  if (withCart) {
    const cart = await context.request.get(`${base}/wp-json/wc/store/v1/cart`);
    const products = (await (await context.request.get(`${base}/wp-json/wc/store/v1/products?search=Kapeng%20Barako`)).json()) as Array<{ id: number }>;
    const added = await context.request.post(`${base}/wp-json/wc/store/v1/cart/add-item`, { headers: { Nonce: cart.headers()['nonce'] ?? '' }, data: { id: products[0]?.id, quantity: 1 } });
    if (added.status() !== 201) throw new Error(`could not fill the cart (${added.status()})`);
  }
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await page.addInitScript(OBSERVE);
  const scripts: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
  });
  await page.goto(`${base}${url}`);
  await waitForExpression(page, 'document.documentElement.dataset.hydrated === "true"', 60_000);
  await page.waitForLoadState('networkidle');
  const lcp = Number(await page.evaluate('window.__lcp'));
  await context.close();
  return { scripts: [...new Set(scripts)], lcp };
}

async function main(): Promise<void> {
  const { base, server } = await startShop(port, dataDir);
  try {
    const browser = await launchChromium();
    const rows = [];
    for (const [label, url, withCart] of [
      ['checkout', '/checkout/', true],
      ['shop', '/shop/', false],
      ['home', '/', false],
    ] as const) {
      const loads: Load[] = [];
      for (let i = 0; i < ROUNDS; i += 1) loads.push(await load(browser, base, url, withCart));
      const scripts = loads[0]?.scripts ?? [];
      const brotli = scripts.reduce((sum, p) => sum + brotliOf(p), 0);
      const checkoutChunks = scripts.filter((p) => /\/(CheckoutPages|checkout)-[^/]+\.js$/.test(p));
      rows.push({ label, url, requests: scripts.length, brotli, lcp: median(loads.map((l) => l.lcp)), lcps: loads.map((l) => Math.round(l.lcp)), scripts, checkoutChunks });
    }
    await browser.close();
    console.log(`\npage (cold cache, 4x CPU, ${ROUNDS} loads)   JS brotli to network idle, requests   LCP median`);
    for (const r of rows) {
      const target = r.label === 'checkout' ? `   targets ≤ ${kib(TARGET.jsBrotli)}, LCP ≤ ${TARGET.lcpMs} ms: ${r.brotli <= TARGET.jsBrotli && r.lcp <= TARGET.lcpMs ? 'met' : 'NOT met'}` : '';
      console.log(`  ${r.url.padEnd(12)} ${kib(r.brotli).padStart(10)} in ${r.requests} requests   LCP ${Math.round(r.lcp)} ms [${r.lcps.join(', ')}]${target}`);
      for (const s of r.scripts) console.log(`      ${s}  ${kib(brotliOf(s))}`);
    }
    const leaked = rows.filter((r) => r.label !== 'checkout' && r.checkoutChunks.length > 0);
    console.log(leaked.length === 0 ? '\nno checkout chunk is loaded by / or /shop/: met' : `\ncheckout chunks loaded elsewhere: ${leaked.map((r) => `${r.url} ${r.checkoutChunks.join(' ')}`).join('; ')}: NOT met`);
    mkdirSync('bench-results', { recursive: true });
    writeFileSync('bench-results/checkout-page.json', `${JSON.stringify({ date: new Date().toISOString(), rounds: ROUNDS, rows }, null, 2)}\n`);
  } finally {
    server.kill('SIGTERM');
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
