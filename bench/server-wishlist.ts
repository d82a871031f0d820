/**
 * The wishlist on the embedded shop, over real HTTP on 127.0.0.1 against a throwaway database
 * (in-memory PGlite; PostgreSQL when DATABASE_URL is set), the server in this process:
 *
 * - add: `POST /wp-json/suki/v1/wishlist/items` (nonce check, the add in one transaction, the
 *   whole state back), p50 and p90 at 1 connection and at 16 (each connection its own guest adding
 *   products one after another);
 * - `GET /wishlist/` of a list of 200 items through the real page renderer (the list's data, the
 *   product records, the document), p50.
 *
 * No numeric targets are set for these; the figures print on their own ("met" only where a target
 * exists). Writes bench-results/server-wishlist[-postgres].json.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import type { Hono } from 'hono';
import { ne } from 'drizzle-orm';
import shopConfig from '../plugins.config.js';
import { parseShopConfig } from '../src/app/shop-config.js';
import * as renderer from '../src/entry-server.js';
import { createShopApp } from '../server/app.js';
import { openDatabase } from '../server/db/client.js';
import { products } from '../server/db/schema.js';
import { listen } from '../server/listen.js';
import { createPagesHandler } from '../server/pages.js';
import { resolvePlugins } from '../server/plugins.js';
import { DEFAULT_WISHLIST_SETTINGS } from '../server/routes/wishlist.js';
import { request, type Reply } from './lib/server-load.js';

const percentile = (sorted: readonly number[], p: number): number => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? Number.NaN;
const round = (n: number): number => Math.round(n * 100) / 100;
const stats = (samples: readonly number[]) => {
  const sorted = [...samples].sort((a, b) => a - b);
  return { samples: sorted.length, p50_ms: round(percentile(sorted, 50)), p90_ms: round(percentile(sorted, 90)), max_ms: round(sorted[sorted.length - 1] ?? Number.NaN) };
};

/** A guest with a keep-alive connection, its cookies and Store API nonce. */
class Guest {
  readonly agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  readonly cookies = new Map<string, string>();
  nonce = '';

  constructor(readonly base: string) {}

  async send(method: string, path: string, body?: unknown): Promise<Reply> {
    const headers: Record<string, string> = { cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ') };
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (method !== 'GET') Object.assign(headers, { nonce: this.nonce, origin: this.base });
    const reply = await request(this.agent, new URL(path, this.base), method, headers, body === undefined ? undefined : JSON.stringify(body));
    for (const line of reply.headers['set-cookie'] ?? []) {
      const pair = line.split(';')[0] ?? '';
      const eq = pair.indexOf('=');
      this.cookies.set(pair.slice(0, eq), pair.slice(eq + 1));
    }
    const nonce = reply.headers['nonce'];
    if (typeof nonce === 'string') this.nonce = nonce;
    return reply;
  }

  close(): void {
    this.agent.destroy();
  }
}

const WISHLIST = '/wp-json/suki/v1/wishlist';

async function main(): Promise<void> {
  const database = await openDatabase({ databaseUrl: process.env['DATABASE_URL'], dataDir: 'memory' });
  const config = parseShopConfig(shopConfig);
  const plugins = await resolvePlugins(config);
  const api: { app?: Hono } = {};
  const pages = createPagesHandler({
    apiFetch: async (r) => api.app!.fetch(r),
    loadRenderer: async () => renderer,
    assets: async () => ({ scripts: ['/assets/entry.js'], styles: [], modulePreloads: [] }),
    config,
    plugins,
  });
  const logger = { info: () => undefined, warn: () => undefined, error: (...args: unknown[]) => console.error(...args) };
  const app = createShopApp({ database, pages, logger, wishlist: DEFAULT_WISHLIST_SETTINGS });
  api.app = app;
  const server = await listen(app, { port: 0, host: '127.0.0.1' });
  try {
    const ids = (await database.db.select({ id: products.id }).from(products).where(ne(products.type, 'variable'))).map((r) => r.id);
    if (ids.length < 200) throw new Error(`the seed has ${ids.length} products and variations; the page needs 200`);

    const addRun = async (connections: number, perConnection: number) => {
      const samples: number[] = [];
      await Promise.all(
        Array.from({ length: connections }, async () => {
          const guest = new Guest(server.url);
          try {
            await guest.send('GET', WISHLIST);
            for (let n = 0; n < perConnection; n++) {
              const productId = ids[n % ids.length]!;
              const started = performance.now();
              const reply = await guest.send('POST', `${WISHLIST}/items`, { productId, productType: 'simple', wishlistId: null });
              samples.push(performance.now() - started);
              if (reply.status !== 200 || !reply.body.includes('"result":"true"')) throw new Error(`add answered ${reply.status}: ${reply.body.slice(0, 200)}`);
            }
          } finally {
            guest.close();
          }
        }),
      );
      return { connections, ...stats(samples) };
    };
    await addRun(2, 10);
    const single = await addRun(1, 100);
    const sixteen = await addRun(16, 25);

    // A list of 200 items, then its page.
    const owner = new Guest(server.url);
    await owner.send('GET', WISHLIST);
    for (const productId of ids.slice(0, 200)) await owner.send('POST', `${WISHLIST}/items`, { productId, productType: 'simple', wishlistId: null });
    const check = await owner.send('GET', '/wishlist/');
    if (check.status !== 200) throw new Error(`GET /wishlist/ answered ${check.status}`);
    const pageSamples: number[] = [];
    for (let n = 0; n < 40; n++) {
      const started = performance.now();
      const reply = await owner.send('GET', '/wishlist/');
      pageSamples.push(performance.now() - started);
      if (reply.status !== 200) throw new Error(`GET /wishlist/ answered ${reply.status}`);
    }
    owner.close();
    const page = { items: 200, html_bytes: Buffer.byteLength(check.body), ...stats(pageSamples) };

    const result = {
      benchmark: 'wishlist: add (JSON route) at 1 and 16 connections, GET /wishlist/ with 200 items',
      database: database.kind,
      node: process.version,
      date: new Date().toISOString(),
      add: [single, sixteen],
      page_200_items: page,
      wishlist_view_rendered: plugins.some((p) => p.name === 'wishlist'),
    };
    for (const r of result.add) console.log(`wishlist add, ${r.connections} connection(s): ${r.samples} adds, p50 ${r.p50_ms} ms, p90 ${r.p90_ms} ms, max ${r.max_ms} ms (no target set)`);
    console.log(`GET /wishlist/ with 200 items: p50 ${page.p50_ms} ms, p90 ${page.p90_ms} ms, ${Math.round(page.html_bytes / 1024)} KiB of HTML (no target set${result.wishlist_view_rendered ? '' : '; the wishlist plugin is off in plugins.config.ts, so the page carries the data without its view'})`);
    const out = database.kind === 'pglite' ? 'bench-results/server-wishlist.json' : 'bench-results/server-wishlist-postgres.json';
    mkdirSync('bench-results', { recursive: true });
    writeFileSync(out, `${JSON.stringify(result, null, 2)}\n`);
    console.log(`written to ${out}`);
  } finally {
    await server.close();
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
