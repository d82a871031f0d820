/**
 * A 5 MB photo uploaded through the review form in Chromium, on the production server over a
 * throwaway database: the standalone form (`/product/{slug}/?review=1`), the photo chosen in
 * `Add photos or videos`, and its progress bar watched from the input's change to `Uploaded`.
 *
 * For each upload link (none, 20 Mbit/s, 5 Mbit/s up, through Chromium's network emulation):
 * - time to the first progress the bar shows (above 0 %) and to 100 %;
 * - how many distinct values the bar showed and the longest gap between two (a bar that sits
 *   still for seconds reads as stuck);
 * - time to `Uploaded` (the server has taken, checked and re-encoded the photo).
 * No target is set by the issue beyond "with progress events"; the figures are printed with the
 * machine's load, and written to bench-results/review-upload.json.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { launchChromium, startShop } from './browser-shop.js';
import { photo } from './lib/photo.js';

const port = Number(process.env['BENCH_UPLOAD_PORT'] ?? 3197);
const dataDir = `.tmp/bench-review-upload-${port}`;
const ROUNDS = Number(process.env['BENCH_ROUNDS'] ?? 3);
const SLUG = 'embroidered-house-slippers';
const LINKS = [
  { name: 'no limit', upKbps: 0 },
  { name: '20 Mbit/s up', upKbps: 20_000 },
  { name: '5 Mbit/s up', upKbps: 5_000 },
] as const;

const round = (n: number): number => Math.round(n);
const median = (values: readonly number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

/**
 * Run in the page before the file is chosen: records the bar's values with their times from the
 * input's change event, and the time the item reads `Uploaded`. A string, so no bundler helper
 * reaches the page.
 */
const ARM = `
  (() => {
    const log = (window.__upload = { start: 0, values: [], done: 0 });
    document.addEventListener('change', (event) => { if (event.target.type === 'file') log.start = event.timeStamp; }, { capture: true, once: true });
    const seen = () => {
      const bar = document.querySelector('.review-media__progress');
      if (!log.start || !bar) return;
      const now = performance.now() - log.start;
      const value = Number(bar.getAttribute('value'));
      if (log.values.length === 0 || log.values[log.values.length - 1][1] !== value) log.values.push([now, value]);
      if (!log.done && document.querySelector('.review-media__item--ok')) log.done = now;
    };
    new MutationObserver(seen).observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
  })();
`;

interface Sample {
  readonly firstMs: number;
  readonly fullMs: number;
  readonly doneMs: number;
  readonly steps: number;
  readonly longestGapMs: number;
}

async function main(): Promise<void> {
  const jpeg = await photo();
  const folder = path.join(tmpdir(), `suki-upload-bench-${process.pid}`);
  mkdirSync(folder, { recursive: true });
  const file = path.join(folder, 'beach-day.jpg');
  writeFileSync(file, jpeg);
  const { base, server } = await startShop(port, dataDir);
  const browser = await launchChromium();
  const results: Record<string, Sample[]> = {};
  try {
    for (const link of LINKS) {
      const samples: Sample[] = [];
      for (let r = 0; r < ROUNDS; r++) {
        const context = await browser.newContext();
        const page = await context.newPage();
        const cdp = await context.newCDPSession(page);
        await page.goto(`${base}/product/${SLUG}/?review=1`);
        const input = page.getByLabel('Add photos or videos');
        await input.waitFor({ state: 'visible', timeout: 30_000 });
        // The form is live once its rating group answers (the standalone form hydrates with the views' chunk).
        await page.locator('html[data-reviews="ready"]').waitFor({ state: 'attached', timeout: 30_000 });
        if (link.upKbps > 0) {
          await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 20, downloadThroughput: -1, uploadThroughput: (link.upKbps * 1000) / 8 });
        }
        await page.evaluate(ARM);
        await input.setInputFiles(file);
        await page.getByText('Uploaded', { exact: true }).waitFor({ timeout: 180_000 });
        const log = (await page.evaluate('window.__upload')) as { start: number; values: Array<[number, number]>; done: number };
        const moving = log.values.filter(([, v]) => v > 0);
        const full = log.values.find(([, v]) => v >= 100);
        const times = log.values.map(([t]) => t);
        const gaps = times.slice(1).map((t, i) => t - times[i]!);
        samples.push({
          firstMs: moving[0]?.[0] ?? Number.NaN,
          fullMs: full?.[0] ?? Number.NaN,
          doneMs: log.done,
          steps: new Set(log.values.map(([, v]) => v)).size,
          longestGapMs: gaps.length > 0 ? Math.max(...gaps) : Number.NaN,
        });
        await context.close();
      }
      results[link.name] = samples;
    }
  } finally {
    await browser.close();
    server.kill();
    rmSync(folder, { recursive: true, force: true });
  }
  const load = loadavg()[0]!;
  console.log(`review form: upload of a ${(jpeg.length / 1e6).toFixed(1)} MB photo in Chromium, median of ${ROUNDS} (load ${load.toFixed(1)} on ${cpus().length} cores; no target: figures only):`);
  const summary: Record<string, Record<string, number>> = {};
  for (const [name, samples] of Object.entries(results)) {
    const m = (key: keyof Sample) => round(median(samples.map((s) => s[key])));
    summary[name] = { first_progress_ms: m('firstMs'), full_bar_ms: m('fullMs'), uploaded_ms: m('doneMs'), distinct_values: m('steps'), longest_gap_ms: m('longestGapMs') };
    console.log(
      `  ${name.padEnd(13)} first progress ${m('firstMs')} ms, 100 % at ${m('fullMs')} ms, Uploaded at ${m('doneMs')} ms; the bar showed ${m('steps')} values, longest still ${m('longestGapMs')} ms`,
    );
  }
  mkdirSync('bench-results', { recursive: true });
  writeFileSync('bench-results/review-upload.json', `${JSON.stringify({ photo_bytes: jpeg.length, rounds: ROUNDS, load, results: summary }, null, 2)}\n`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
