/**
 * The page lab: Suki's `/shop/` side by side with a legacy-style reference listing
 * (`bench/legacy/`: the same tiles and pictures, jQuery + Swiper's bundle + a small theme script)
 * in one run, in Chromium with the CPU slowed 4x, without a network limit and on slow 4G, in
 * paired rounds (each round loads both, in alternating order, each from a cold cache).
 *
 * Per load: FCP, LCP, CLS, and the long tasks' blocking time from FCP until the page settled
 * (TBT-ish); then, on the loaded page, click on add to cart → the button's changed state painted
 * (first add and a later add), and a category filter click → the new list painted (first and a
 * later filter). "Painted" is the frame after the change: a MutationObserver sees it, then one
 * animation frame and a message-channel task after that frame. Times run from the click event's
 * own time stamp, so input delay on a busy main thread counts. Also the bytes on the wire
 * (HTML, and scripts until settled). Each click comes once its control has been scrolled into view
 * and the page's network has been quiet for 500 ms after that and after the click before
 * (`trackRequests`), as in `cart-click.ts`. Prints legacy, Suki, the ratio and the target for each,
 * and writes bench-results/page-lab.json.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import type { Browser, CDPSession, Locator, Page } from 'playwright-core';
import { launchChromium, startShop, trackRequests, waitForExpression } from './browser-shop.js';
import { startLegacy } from './legacy/server.js';

const port = Number(process.env['BENCH_PORT'] ?? 3199);
/**
 * Paired rounds (the issue asks for 7-11): 11, the most. On this VM the host's noise moved the
 * legacy page's own median first paint between 272 and 484 ms from one run of 7 to the next.
 */
const ROUNDS = Number(process.env['BENCH_ROUNDS'] ?? 11);
const dataDir = `.tmp/bench-page-lab-${port}`;
const VIEWPORT = { width: 1280, height: 900 };

/** Lighthouse's slow 4G: 150 ms round trip, 1.6 Mbit/s down, 750 kbit/s up. */
const SLOW_4G = { offline: false, latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 };

type Network = 'none' | 'slow4g';
type SiteName = 'legacy' | 'suki';

/** What differs between the two pages: how to find things and when they are ready. */
interface Site {
  readonly name: SiteName;
  readonly base: string;
  readonly ready: string;
  /** JS expression: the add-to-cart control of product `id`. */
  readonly addButton: (id: number) => string;
  /** The same control, for a real click (pointer events included). */
  readonly addLocator: (page: Page, id: number) => Locator;
  /** JS expression: the names in the product list, or null while it is loading. */
  readonly listNames: string;
  /** The category filter's control named `category`. */
  readonly filterLocator: (page: Page, category: string) => Locator;
}

/** Installed before any script: collects paint, layout-shift and long-task entries. */
const OBSERVE = `
  window.__lab = { lcp: 0, cls: 0, long: [] };
  new PerformanceObserver((l) => { for (const e of l.getEntries()) window.__lab.lcp = e.startTime; }).observe({ type: 'largest-contentful-paint', buffered: true });
  new PerformanceObserver((l) => { for (const e of l.getEntries()) if (!e.hadRecentInput) window.__lab.cls += e.value; }).observe({ type: 'layout-shift', buffered: true });
  new PerformanceObserver((l) => { for (const e of l.getEntries()) window.__lab.long.push([e.startTime, e.duration]); }).observe({ type: 'longtask', buffered: true });
`;

/**
 * Arms a timer in the page: from the next click's time stamp to the frame after `done()` (a JS
 * expression) turns true. Sets `window.__paint` to the milliseconds.
 */
const arm = (done: string) => `
  window.__paint = undefined;
  let clickAt;
  const check = () => {
    if (clickAt === undefined || window.__paint !== undefined) return;
    let ok = false;
    try { ok = Boolean(${done}); } catch { ok = false; }
    if (!ok) return;
    observer.disconnect();
    requestAnimationFrame(() => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => { window.__paint = performance.now() - clickAt; };
      channel.port2.postMessage(0);
    });
  };
  const observer = new MutationObserver(check);
  observer.observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
  document.addEventListener('click', (e) => { clickAt = e.timeStamp; check(); }, { once: true, capture: true });
`;

const median = (xs: readonly number[]): number => {
  const s = [...xs].filter((x) => Number.isFinite(x)).sort((a, b) => a - b);
  if (s.length === 0) return Number.NaN;
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
};

interface Sample {
  readonly site: SiteName;
  readonly network: Network;
  readonly round: number;
  readonly fcp: number;
  readonly lcp: number;
  readonly cls: number;
  readonly tbt: number;
  readonly htmlBytes: number;
  readonly jsBytes: number;
  readonly jsRequests: number;
  readonly add1: number;
  readonly add2: number;
  readonly filter1: number;
  readonly filter2: number;
}

/**
 * Brings `target` into view and waits for the page to be quiet again, as a shopper scrolls to a
 * control and looks before tapping it; then clicks (pointer arrival, down and up in one burst, as a
 * tap) and waits for the armed timer. NaN when it never fired. Left to Playwright's click, the
 * scroll into view fell in the same frame as the click, and with it the page's answer to that
 * scroll (lazy pictures, the header's scrolled state).
 */
async function timedClick(page: Page, done: string, target: Locator, quiet: () => Promise<void>): Promise<number> {
  await target.scrollIntoViewIfNeeded();
  // The scroll's own work (and any pictures it asks for) starts at the next frames.
  await page.waitForTimeout(300);
  await quiet();
  await page.evaluate(arm(done));
  await target.click();
  try {
    await waitForExpression(page, 'window.__paint !== undefined', 20_000);
  } catch {
    return Number.NaN;
  }
  return Number(await page.evaluate('window.__paint'));
}

async function visit(browser: Browser, site: Site, network: Network, round: number, plan: Plan): Promise<Sample> {
  const context = await browser.newContext({ viewport: VIEWPORT });
  const page = await context.newPage();
  const cdp: CDPSession = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  if (network === 'slow4g') {
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', SLOW_4G);
  }
  await page.addInitScript(OBSERVE);
  const requests = trackRequests(page);
  let htmlBytes = 0;
  let jsBytes = 0;
  let jsRequests = 0;
  let counting = true;
  page.on('requestfinished', (request) => {
    if (!counting) return;
    void request.sizes().then((sizes) => {
      if (request.resourceType() === 'document') htmlBytes += sizes.responseBodySize;
      if (request.resourceType() === 'script') {
        jsBytes += sizes.responseBodySize;
        jsRequests += 1;
      }
    });
  });
  await page.goto(`${site.base}/shop/`);
  await waitForExpression(page, site.ready, 60_000);
  await page.waitForLoadState('networkidle');
  counting = false;
  const lab = (await page.evaluate('(() => { const fcp = performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? NaN; return { fcp, ...window.__lab }; })()')) as {
    fcp: number;
    lcp: number;
    cls: number;
    long: Array<[number, number]>;
  };
  const tbt = lab.long.filter(([start]) => start >= lab.fcp).reduce((t, [, d]) => t + Math.max(0, d - 50), 0);
  // A shopper looks before clicking.
  await page.waitForTimeout(1000);

  const add = async (id: number) => {
    const probe = site.addButton(id);
    const before = (await page.evaluate(`${probe}?.textContent ?? ''`)) as string;
    const ms = await timedClick(page, `(${probe})?.textContent !== ${JSON.stringify(before)}`, site.addLocator(page, id), requests.quiet);
    // The next click comes once the add's requests are answered (on slow 4G its confirmation
    // otherwise landed in the middle of the next measurement).
    await requests.quiet();
    return ms;
  };
  const add1 = await add(plan.adds[0]);
  const add2 = await add(plan.adds[1]);

  const filter = async (category: FilterPlan) => {
    const expected = JSON.stringify(category.names);
    const done = `(() => { const names = ${site.listNames}; return names !== null && JSON.stringify(names) === ${JSON.stringify(expected)}; })()`;
    const ms = await timedClick(page, done, site.filterLocator(page, category.name), requests.quiet);
    await requests.quiet();
    await page.waitForTimeout(300);
    return ms;
  };
  const filter1 = await filter(plan.filters[0]);
  const filter2 = await filter(plan.filters[1]);
  await context.close();
  return { site: site.name, network, round, fcp: lab.fcp, lcp: lab.lcp, cls: lab.cls, tbt, htmlBytes, jsBytes, jsRequests, add1, add2, filter1, filter2 };
}

interface FilterPlan {
  readonly name: string;
  readonly names: readonly string[];
}

/** The products to add and the categories to filter by, chosen from Suki's own `/shop/`. */
interface Plan {
  readonly adds: readonly [number, number];
  readonly filters: readonly [FilterPlan, FilterPlan];
}

interface StateTile {
  readonly id: number;
  readonly name: string;
  readonly type: string;
  readonly isPurchasable: boolean;
  readonly isInStock: boolean;
}

const stateOf = async (base: string, path: string) => {
  const html = await (await fetch(`${base}${path}`)).text();
  const json = /<script type="application\/json" id="suki-state">([\s\S]*?)<\/script>/.exec(html)?.[1] ?? '{}';
  return JSON.parse(json) as { page: { sections: Array<{ products: StateTile[] }> }; shop: { categories: Array<{ name: string; slug: string }> } };
};

async function planFrom(sukiBase: string): Promise<Plan> {
  const shop = await stateOf(sukiBase, '/shop/');
  const simple = shop.page.sections[0]!.products.filter((p) => p.type === 'simple' && p.isPurchasable && p.isInStock).map((p) => p.id);
  if (simple.length < 2) throw new Error('the shop page needs two simple products to add');
  const pick = async (name: string): Promise<FilterPlan> => {
    const category = shop.shop.categories.find((c) => c.name === name);
    if (!category) throw new Error(`no category ${name}`);
    const state = await stateOf(sukiBase, `/shop/?product_cat=${category.slug}`);
    return { name, names: state.page.sections[0]!.products.map((p) => p.name) };
  };
  return { adds: [simple[0]!, simple[1]!], filters: [await pick('Tees'), await pick('Footwear')] };
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const sukiSite = (base: string): Site => ({
  name: 'suki',
  base,
  ready: 'document.documentElement.dataset.hydrated === "true"',
  addButton: (id) => `document.getElementById('tile-${id}-name')?.closest('article')?.querySelector('.add-to-cart button')`,
  addLocator: (page, id) => page.locator(`article:has(#tile-${id}-name) .add-to-cart button`),
  listNames: `(() => { const s = document.querySelector('[aria-labelledby="section-shop"]'); if (!s || s.classList.contains('listing--loading')) return null; return [...s.querySelectorAll('.tile__name')].map((e) => e.textContent.trim()); })()`,
  filterLocator: (page, category) =>
    page.getByRole('group', { name: 'Filter Shop' }).getByRole('link', { name: new RegExp(`^${escapeRegExp(category)} \\(\\d+ products?\\)$`) }),
});

const legacySite = (base: string): Site => ({
  name: 'legacy',
  base,
  ready: 'window.__legacyReady === true',
  addButton: (id) => `document.querySelector('.ajax_add_to_cart[data-product_id="${id}"]')`,
  addLocator: (page, id) => page.locator(`.ajax_add_to_cart[data-product_id="${id}"]`),
  listNames: `(() => { const l = document.querySelector('ul.products'); if (!l || l.classList.contains('loading')) return null; return [...l.querySelectorAll('.woocommerce-loop-product__title')].map((e) => e.textContent.trim()); })()`,
  filterLocator: (page, category) => page.locator('.widget_product_categories a', { hasText: new RegExp(`^${escapeRegExp(category)}$`) }),
});

const fmt = (n: number, unit: string) => (Number.isFinite(n) ? `${n < 10 && unit !== ' ms' ? n.toFixed(3) : Math.round(n)}${unit}` : 'n/a');
const kib = (n: number) => `${(n / 1024).toFixed(1)} KiB`;

async function main(): Promise<void> {
  const { base, server } = await startShop(port, dataDir);
  const legacy = await startLegacy(port + 1, base);
  try {
    const plan = await planFrom(base);
    const browser = await launchChromium();
    const sites = [legacySite(legacy.base), sukiSite(base)];
    const samples: Sample[] = [];
    // One warm-up load of each, not counted (the server's first renders, Chromium's first start).
    for (const site of sites) await visit(browser, site, 'none', 0, plan);
    for (let round = 1; round <= ROUNDS; round += 1) {
      const order = round % 2 === 1 ? sites : [...sites].reverse();
      for (const network of ['none', 'slow4g'] as const) {
        for (const site of order) {
          const sample = await visit(browser, site, network, round, plan);
          samples.push(sample);
          if (process.env['BENCH_DEBUG']) console.log(JSON.stringify(sample));
        }
      }
    }
    await browser.close();

    const p50 = (site: SiteName, network: Network, key: keyof Sample) => median(samples.filter((s) => s.site === site && s.network === network).map((s) => Number(s[key])));
    type Row = { label: string; network: Network; key: keyof Sample; unit: string; target: string; check: (legacy: number, suki: number) => boolean };
    const atMostLegacy = (l: number, s: number) => s <= l;
    const rows: Row[] = [
      { label: 'FCP', network: 'none', key: 'fcp', unit: ' ms', target: '≤ 1.0x legacy', check: atMostLegacy },
      { label: 'LCP', network: 'none', key: 'lcp', unit: ' ms', target: '≤ 1.0x legacy', check: atMostLegacy },
      { label: 'FCP', network: 'slow4g', key: 'fcp', unit: ' ms', target: '≤ 1.0x legacy', check: atMostLegacy },
      { label: 'LCP', network: 'slow4g', key: 'lcp', unit: ' ms', target: '≤ 1.0x legacy', check: atMostLegacy },
      { label: 'TBT-ish (long tasks after FCP)', network: 'none', key: 'tbt', unit: ' ms', target: '≤ legacy', check: atMostLegacy },
      { label: 'CLS', network: 'none', key: 'cls', unit: '', target: '≤ legacy', check: atMostLegacy },
      { label: 'add to cart → changed state painted, first add', network: 'none', key: 'add1', unit: ' ms', target: '≤ 50 ms', check: (_l, s) => s <= 50 },
      { label: 'add to cart → changed state painted, later add', network: 'none', key: 'add2', unit: ' ms', target: '≤ 50 ms', check: (_l, s) => s <= 50 },
      { label: 'filter click → list painted, first filter', network: 'slow4g', key: 'filter1', unit: ' ms', target: '≤ 1.0x legacy', check: atMostLegacy },
      { label: 'filter click → list painted, later filter', network: 'slow4g', key: 'filter2', unit: ' ms', target: '≤ 1.0x legacy', check: atMostLegacy },
      { label: 'filter click → list painted, first filter', network: 'none', key: 'filter1', unit: ' ms', target: '(reported)', check: () => true },
      { label: 'add to cart → changed state painted, first add', network: 'slow4g', key: 'add1', unit: ' ms', target: '(reported)', check: () => true },
    ];
    console.log(`page lab: /shop/, Chromium, 4x CPU throttle, ${VIEWPORT.width}x${VIEWPORT.height}, ${ROUNDS} paired rounds, cold cache each load; p50 of each`);
    console.log('slow 4G = 150 ms round trip, 1.6 Mbit/s down, 750 kbit/s up\n');
    const table: Array<Record<string, string | number | boolean>> = [];
    const header = `${'metric'.padEnd(50)} ${'network'.padEnd(8)} ${'legacy'.padStart(9)} ${'Suki'.padStart(9)} ${'ratio'.padStart(7)}  target`;
    console.log(header);
    console.log('-'.repeat(header.length + 10));
    for (const row of rows) {
      const l = p50('legacy', row.network, row.key);
      const s = p50('suki', row.network, row.key);
      const ratio = l > 0 ? s / l : Number.NaN;
      const met = row.check(l, s);
      console.log(
        `${row.label.padEnd(50)} ${(row.network === 'none' ? 'none' : 'slow 4G').padEnd(8)} ${fmt(l, row.unit).padStart(9)} ${fmt(s, row.unit).padStart(9)} ${(Number.isFinite(ratio) ? `${ratio.toFixed(2)}x` : 'n/a').padStart(7)}  ${row.target}${row.target.startsWith('(') ? '' : met ? ' met' : ' NOT met'}`,
      );
      table.push({ metric: row.label, network: row.network, legacy: l, suki: s, ratio, target: row.target, met });
    }
    const bytes = (site: SiteName, key: 'htmlBytes' | 'jsBytes' | 'jsRequests') => p50(site, 'none', key);
    console.log(`\n${'bytes on the wire (brotli), page load until settled'.padEnd(50)} ${''.padEnd(8)} ${'legacy'.padStart(9)} ${'Suki'.padStart(9)}`);
    console.log(`${'  /shop/ HTML'.padEnd(50)} ${''.padEnd(8)} ${kib(bytes('legacy', 'htmlBytes')).padStart(9)} ${kib(bytes('suki', 'htmlBytes')).padStart(9)}   target Suki ≤ 12 KiB ${bytes('suki', 'htmlBytes') <= 12 * 1024 ? 'met' : 'NOT met'}`);
    console.log(
      `${'  scripts'.padEnd(50)} ${''.padEnd(8)} ${kib(bytes('legacy', 'jsBytes')).padStart(9)} ${kib(bytes('suki', 'jsBytes')).padStart(9)}   (${bytes('legacy', 'jsRequests')} / ${bytes('suki', 'jsRequests')} requests; target Suki ≤ 85 KiB in ≤ 6 ${bytes('suki', 'jsBytes') <= 85 * 1024 && bytes('suki', 'jsRequests') <= 6 ? 'met' : 'NOT met'})`,
    );
    console.log('\nrecorded in issue 11 for the legacy page: add→painted 48 ms; FCP/LCP 740/744 ms (4x CPU, no network limit); filter → list painted on slow 4G 517 ms; HTML 0.9 KiB; JS 66.8 KiB');
    mkdirSync('bench-results', { recursive: true });
    writeFileSync(
      'bench-results/page-lab.json',
      `${JSON.stringify({ benchmark: 'page lab: legacy-style listing vs Suki /shop/, Chromium 4x CPU, paired rounds', date: new Date().toISOString(), rounds: ROUNDS, slow4g: SLOW_4G, viewport: VIEWPORT, plan, table, samples }, null, 2)}\n`,
    );
    console.log('written to bench-results/page-lab.json');
  } finally {
    await legacy.close();
    server.kill('SIGTERM');
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
