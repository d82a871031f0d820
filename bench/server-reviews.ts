/**
 * Reviews on a product with 100,000 approved reviews (made for this bench only, never in the normal
 * seed), through Suki's JSON route `GET /wp-json/suki/v1/reviews` in process (`app.fetch`, so the
 * figure is server time: routing, queries, the JSON answer): the first page, a rating filter, sort
 * by most helpful, and a literal search for a common and a rare word. p50 and p95 of 300 requests
 * each, next to the target (p95 ≤ 15 ms on PostgreSQL; PGlite's figures are stated too).
 *
 * In-memory PGlite always; PostgreSQL as well when DATABASE_URL is set (`bash scripts/with-postgres.sh
 * npx tsx bench/server-reviews.ts`). Writes bench-results/server-reviews.json.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { createShopApp } from '../server/app.js';
import { openDatabase, type OpenedDatabase } from '../server/db/client.js';
import { DEFAULT_QUESTIONS_OPTIONS, DEFAULT_REVIEWS_OPTIONS } from '../server/routes/reviews.js';
import { createScratchPostgres } from '../server/test/harness.js';

const REVIEWS = 100_000;
const SAMPLES = 300;
const TARGET_P95_MS = 15;
const PRODUCT = 99_001;

const percentile = (sorted: readonly number[], p: number): number => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? Number.NaN;
const round = (n: number): number => Math.round(n * 100) / 100;

/** The bench product and its 100,000 approved reviews, made in SQL in one statement (the triggers then keep the stats). */
export async function seedBenchProduct(database: OpenedDatabase): Promise<number> {
  const db = database.db;
  const started = performance.now();
  await db.execute(sql`INSERT INTO suki_products (id, type, name, slug, sku, regular_price, min_price, max_price) VALUES (${PRODUCT}, 'simple', 'Bench Tee', 'bench-tee', 'SUKI-BENCH-001', 59900, 59900, 59900) ON CONFLICT DO NOTHING`);
  await db.execute(sql`
    INSERT INTO suki_reviews (product_id, rating, text, author, email, status, date, featured, verified, up, down, dedupe_key)
    SELECT ${PRODUCT},
      CASE WHEN i % 10 < 5 THEN 5 WHEN i % 10 < 8 THEN 4 WHEN i % 10 = 8 THEN 3 WHEN i % 20 = 9 THEN 2 ELSE 1 END,
      (ARRAY['Sobrang ganda, worth every peso.', 'Love it, exactly as pictured.', 'Okay lang, average quality.', 'Medyo maliit sa akin.', 'Good quality, colour slightly darker.', 'Arrived damaged, sayang.', 'Perfect gift for my Lola.', 'Sulit naman, would buy again.'])[1 + i % 8]
        || ' ' ||
      (ARRAY['Dumating in three days here in Cebu.', 'The fabric is breathable.', 'Washed it twice and it still looks new.', 'Delivery to Davao took a week.', 'Nice packaging, ready as pasalubong.', 'My officemates keep asking about it.', 'Fits true to size for me.', 'Good value compared to the mall.', 'The seller answered quickly.', 'Bought two, one for my sister.', 'Medyo mabango pa nung binuksan ko.'])[1 + (i * 7) % 11]
        || CASE WHEN i % 997 = 0 THEN ' Kalamansi-scented box!' ELSE '' END,
      (ARRAY['Ana', 'Jose', 'Maria', 'Paolo', 'Bea', 'Carlo', 'Ligaya', 'Dindo'])[1 + i % 8] || ' ' || (ARRAY['Santos', 'Reyes', 'Cruz', 'Bautista', 'Garcia', 'Mendoza', 'Torres'])[1 + (i * 3) % 7],
      'bench' || i || '@example.ph', 'approved', timestamptz '2026-11-20 06:00:00+00' - make_interval(mins => i),
      i % 25000 = 0, i % 3 = 0, (i * 13) % 40, (i * 7) % 5, md5('bench-review-' || i)
    FROM generate_series(1, ${REVIEWS}) AS i`);
  // The steady state of a shop (autovacuum on PostgreSQL, the app's maintenance on PGlite): statistics and the visibility map.
  await db.execute(sql`VACUUM (ANALYZE) suki_reviews, suki_review_stats, suki_review_search`);
  return Math.round(performance.now() - started);
}

async function measure(database: OpenedDatabase, label: string) {
  const seedMs = await seedBenchProduct(database);
  const logger = { info: () => undefined, warn: () => undefined, error: (...args: unknown[]) => console.error(...args) };
  const app = createShopApp({ database, logger, reviews: { reviews: DEFAULT_REVIEWS_OPTIONS, questions: DEFAULT_QUESTIONS_OPTIONS, badge: true } });
  const base = `http://127.0.0.1/wp-json/suki/v1/reviews?product=${PRODUCT}`;
  const cases: Array<[string, string]> = [
    ['first page', base],
    ['rating filter (3 stars)', `${base}&rating=3`],
    ['sort by most helpful', `${base}&sort=helpful`],
    ['search, common word ("packaging", 1 in 11)', `${base}&search=packaging`],
    ['search, rare word ("kalamansi", 1 in 997)', `${base}&search=kalamansi`],
    ['rating filter + most helpful, page 20', `${base}&rating=5&sort=helpful&page=20`],
  ];
  const results: Record<string, { p50_ms: number; p95_ms: number; total: number }> = {};
  console.log(`\n${label}: ${REVIEWS.toLocaleString('en')} reviews on one product (seeded in ${seedMs} ms)`);
  for (const [name, url] of cases) {
    let total = 0;
    for (let i = 0; i < 20; i++) {
      const r = await app.fetch(new Request(url));
      total = ((await r.json()) as { total: number }).total;
      if (r.status !== 200) throw new Error(`${name}: ${r.status}`);
    }
    const samples: number[] = [];
    for (let i = 0; i < SAMPLES; i++) {
      const started = performance.now();
      const r = await app.fetch(new Request(url));
      await r.text();
      samples.push(performance.now() - started);
    }
    samples.sort((a, b) => a - b);
    const p50 = round(percentile(samples, 50));
    const p95 = round(percentile(samples, 95));
    results[name] = { p50_ms: p50, p95_ms: p95, total };
    const verdict = label.startsWith('PostgreSQL') ? (p95 <= TARGET_P95_MS ? 'met' : 'NOT met') : 'stated';
    console.log(`  ${name.padEnd(44)} p50 ${String(p50).padStart(6)} ms  p95 ${String(p95).padStart(6)} ms  (target p95 ≤ ${TARGET_P95_MS} ms on PostgreSQL: ${verdict}; ${total} matches)`);
  }
  return { seed_ms: seedMs, results };
}

async function main(): Promise<void> {
  const out: Record<string, unknown> = { reviews: REVIEWS, samples: SAMPLES, target_p95_ms: TARGET_P95_MS };
  const pglite = await openDatabase({ dataDir: 'memory' });
  try {
    out['pglite'] = await measure(pglite, 'PGlite (in memory)');
  } finally {
    await pglite.close();
  }
  const url = process.env['DATABASE_URL'];
  if (url) {
    const scratch = await createScratchPostgres(url);
    const postgres = await openDatabase({ databaseUrl: scratch.url });
    try {
      out['postgres'] = await measure(postgres, 'PostgreSQL');
    } finally {
      await postgres.close();
      await scratch.drop();
    }
  } else {
    console.log('\nPostgreSQL: skipped (run under scripts/with-postgres.sh to measure it)');
  }
  mkdirSync('bench-results', { recursive: true });
  writeFileSync('bench-results/server-reviews.json', `${JSON.stringify(out, null, 2)}\n`);
}

if (process.argv[1]?.endsWith("server-reviews.ts")) await main();
