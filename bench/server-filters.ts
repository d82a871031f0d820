/**
 * Shop filter latency on a catalogue of 10,000 products: the demo shop on 127.0.0.1 over a
 * throwaway in-memory PGlite, with 10,000 extra products (categories, brands, colour and size
 * terms, prices spread out) added for this benchmark only. Each sample is one filter click as
 * the storefront sends it: the products page (12 items) and the collection-data facets (price
 * range, colour and size counts, brand counts), in parallel, for a random mix of category, colour,
 * brand, size, price range and sort. Prints p50/p99 of each call and of the pair, and writes
 * bench-results/server-filters.json.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { createShopApp } from '../server/app.js';
import { openDatabase } from '../server/db/client.js';
import { listen } from '../server/listen.js';

const EXTRA_PRODUCTS = 10_000;
const SAMPLES = 400;

const agent = new http.Agent({ keepAlive: true, maxSockets: 4 });
function get(url: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
        res.on('error', reject);
      })
      .on('error', reject);
  });
}

const percentile = (sorted: readonly number[], p: number): number => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? Number.NaN;
const round = (n: number): number => Math.round(n * 100) / 100;
const stats = (samples: readonly number[]) => {
  const sorted = [...samples].sort((a, b) => a - b);
  return { requests: samples.length, p50_ms: round(percentile(sorted, 50)), p90_ms: round(percentile(sorted, 90)), p99_ms: round(percentile(sorted, 99)), max_ms: round(sorted.at(-1) ?? Number.NaN) };
};

/** A deterministic pseudo-random sequence, so every run measures the same clicks. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

async function main(): Promise<void> {
  const database = await openDatabase({ databaseUrl: process.env['DATABASE_URL'], dataDir: 'memory' });
  const { db } = database;
  const started = performance.now();
  // 10,000 simple products spread over the seed's categories, brands, colours and sizes.
  await db.execute(sql`
    WITH cats AS (SELECT array_agg(id ORDER BY id) AS ids FROM suki_categories),
         brands AS (SELECT array_agg(id ORDER BY id) AS ids FROM suki_brands)
    INSERT INTO suki_products (id, parent_id, type, name, slug, sku, regular_price, min_price, max_price, brand_id, rating_hundredths, review_count, total_sales, menu_order, created_at)
    SELECT 1000000 + n, 0, 'simple', 'Bench product ' || n, 'bench-product-' || n, 'BENCH-' || n,
           p, p, p, brands.ids[1 + n % array_length(brands.ids, 1)], (n * 37) % 500, n % 40, (n * 13) % 2000, n % 100,
           now() - (n || ' minutes')::interval
    FROM generate_series(1, ${EXTRA_PRODUCTS}) AS n, cats, brands,
         LATERAL (SELECT 10000 + ((n * 7919) % 900000) AS p) AS price`);
  await db.execute(sql`
    INSERT INTO suki_product_categories (product_id, category_id, position)
    SELECT 1000000 + n, cats.ids[1 + n % array_length(cats.ids, 1)], 0
    FROM generate_series(1, ${EXTRA_PRODUCTS}) AS n, (SELECT array_agg(id ORDER BY id) AS ids FROM suki_categories) AS cats`);
  await db.execute(sql`
    INSERT INTO suki_product_attribute_terms (product_id, term_id)
    SELECT 1000000 + n, t.ids[1 + (n * k) % array_length(t.ids, 1)]
    FROM generate_series(1, ${EXTRA_PRODUCTS}) AS n,
         (SELECT a.taxonomy, array_agg(t.id ORDER BY t.id) AS ids FROM suki_attribute_terms t JOIN suki_attributes a ON a.id = t.attribute_id GROUP BY a.taxonomy) AS t,
         LATERAL (SELECT CASE WHEN t.taxonomy = 'pa_colour' THEN 1 ELSE 3 END AS k) AS step
    ON CONFLICT DO NOTHING`);
  await db.execute(sql`ANALYZE`);
  const seededMs = performance.now() - started;

  const app = createShopApp({ database, logger: { info: () => undefined, warn: () => undefined, error: (...args: unknown[]) => console.error(...args) } });
  const server = await listen(app, { port: 0, host: '127.0.0.1' });
  try {
    const base = `${server.url}/wp-json/wc/store/v1`;
    const categories = (JSON.parse((await get(`${base}/products/categories`)).body) as Array<{ slug: string }>).map((c) => c.slug);
    const brands = (JSON.parse((await get(`${base}/products/brands`)).body) as Array<{ slug: string }>).map((b) => b.slug);
    const colours = ['black', 'white', 'indigo', 'natural', 'mustard', 'sage'];
    const sizes = ['s', 'm', 'l', 'xl'];
    const orders = ['orderby=menu_order&order=asc', 'orderby=popularity&order=desc', 'orderby=price&order=asc', 'orderby=price&order=desc', 'orderby=date&order=desc', 'orderby=rating&order=desc'];
    const next = random(2026);
    const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)] as T;
    const click = (): string => {
      const parts: string[] = [];
      if (next() < 0.8) parts.push(`category=${pick(categories)}`);
      let i = 0;
      if (next() < 0.6) parts.push(`attributes[${i}][attribute]=pa_colour&attributes[${i++}][slug]=${pick(colours)}`);
      if (next() < 0.3) parts.push(`attributes[${i}][attribute]=pa_size&attributes[${i}][slug]=${pick(sizes)}`);
      if (next() < 0.3) parts.push(`brand=${pick(brands)}`);
      if (next() < 0.4) {
        const low = Math.floor(next() * 4000) * 100;
        parts.push(`min_price=${low}&max_price=${low + 200000}`);
      }
      return parts.join('&');
    };
    const facetsQuery =
      'calculate_price_range=true&calculate_attribute_counts[0][taxonomy]=pa_colour&calculate_attribute_counts[0][query_type]=or&calculate_attribute_counts[1][taxonomy]=pa_size&calculate_attribute_counts[1][query_type]=or&calculate_taxonomy_counts[]=product_brand';
    const total = JSON.parse((await get(`${base}/products/collection-data?calculate_stock_status_counts=1`)).body) as { stock_status_counts: Array<{ count: number }> };
    const catalogue = total.stock_status_counts.reduce((n, s) => n + s.count, 0);

    const timed = async (url: string): Promise<number> => {
      const t = performance.now();
      const reply = await get(url);
      if (reply.status !== 200) throw new Error(`${url} answered ${reply.status}: ${reply.body.slice(0, 200)}`);
      return performance.now() - t;
    };
    const products: number[] = [];
    const facets: number[] = [];
    const pairs: number[] = [];
    for (let n = 0; n < SAMPLES + 40; n += 1) {
      const filters = click();
      const order = pick(orders);
      const t = performance.now();
      const [a, b] = await Promise.all([timed(`${base}/products?per_page=12&${order}&${filters}`), timed(`${base}/products/collection-data?${facetsQuery}&${filters}`)]);
      const pair = performance.now() - t;
      // The first 40 clicks warm the caches and the JIT.
      if (n < 40) continue;
      products.push(a);
      facets.push(b);
      pairs.push(pair);
    }

    const result = {
      benchmark: 'shop filter click: GET products (12 per page) and GET products/collection-data in parallel',
      catalogue_products: catalogue,
      seeded_in_ms: Math.round(seededMs),
      database: database.kind,
      node: process.version,
      date: new Date().toISOString(),
      products: stats(products),
      collection_data: stats(facets),
      filter_click: stats(pairs),
    };
    console.log(`catalogue: ${catalogue} products (${EXTRA_PRODUCTS} added for the benchmark, seeded in ${result.seeded_in_ms} ms)`);
    for (const [name, s] of [
      ['products', result.products],
      ['collection-data', result.collection_data],
      ['filter click (both)', result.filter_click],
    ] as const) {
      console.log(`${name.padEnd(20)} ${s.requests} samples, p50 ${s.p50_ms} ms, p90 ${s.p90_ms} ms, p99 ${s.p99_ms} ms, max ${s.max_ms} ms`);
    }
    const out = database.kind === 'pglite' ? 'bench-results/server-filters.json' : 'bench-results/server-filters-postgres.json';
    mkdirSync('bench-results', { recursive: true });
    writeFileSync(out, `${JSON.stringify(result, null, 2)}\n`);
    console.log(`written to ${out}`);
  } finally {
    agent.destroy();
    await server.close();
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
