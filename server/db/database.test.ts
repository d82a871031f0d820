/**
 * Opening the database: migrations, the demo catalogue, idempotent seeding, the persisted secret,
 * and (on PostgreSQL) two processes starting at once.
 */
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { count, eq, isNotNull, and, gt, lte } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createScratchPostgres, openTestDatabase, type TestDatabase } from '../test/harness.js';
import { initPgliteInChild, openDatabase, type ShopDatabase } from './client.js';
import * as schema from './schema.js';
import { seedCatalogue } from './seed.js';
import { SEED_PRODUCTS } from './seed-data.js';
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { loadStoredSecret } from '../services/secret.js';
import { queryRows } from './query.js';
import { literal } from './statements.js';

const counts = async (db: ShopDatabase) => {
  const [parents] = await db.select({ n: count() }).from(schema.products).where(eq(schema.products.parentId, 0));
  const [variations] = await db.select({ n: count() }).from(schema.products).where(eq(schema.products.type, 'variation'));
  const [variable] = await db.select({ n: count() }).from(schema.products).where(eq(schema.products.type, 'variable'));
  const [categories] = await db.select({ n: count() }).from(schema.categories);
  const [images] = await db.select({ n: count() }).from(schema.productImages);
  return { parents: parents?.n, variations: variations?.n, variable: variable?.n, categories: categories?.n, images: images?.n };
};

let shared: TestDatabase;
beforeAll(async () => {
  shared = await openTestDatabase();
});
afterAll(async () => {
  await shared.dispose();
});

describe('the demo catalogue', () => {
  it('is seeded with at least 60 products, 6 categories and 12 variable products', async () => {
    const n = await counts(shared.database.db);
    expect(n.parents).toBe(SEED_PRODUCTS.length);
    expect(n.parents).toBeGreaterThanOrEqual(60);
    expect(n.categories).toBeGreaterThanOrEqual(6);
    expect(n.variable).toBeGreaterThanOrEqual(12);
    // Two per product (more for a gallery product), plus one per variation.
    const productImages = SEED_PRODUCTS.reduce((sum, def) => sum + (def.gallery ?? 2), 0);
    const variations = await shared.database.db.select({ n: count() }).from(schema.products).where(eq(schema.products.type, 'variation'));
    expect(n.images).toBe(productImages + (variations[0]?.n ?? 0));
  });

  it('has products with more than 30 variations, impossible combinations and one with more than 30 images', async () => {
    const { db } = shared.database;
    const perParent = await db
      .select({ parent: schema.products.parentId, n: count() })
      .from(schema.products)
      .where(eq(schema.products.type, 'variation'))
      .groupBy(schema.products.parentId);
    expect(perParent.filter((p) => p.n > 30).length).toBeGreaterThanOrEqual(2);
    expect(SEED_PRODUCTS.filter((def) => (def.missing?.length ?? 0) > 0).length).toBeGreaterThanOrEqual(2);
    const gallery = await db.select({ product: schema.productImages.productId, n: count() }).from(schema.productImages).groupBy(schema.productImages.productId);
    expect(gallery.some((g) => g.n > 30)).toBe(true);
  });

  it('has sale prices, sold-out and low-stock variations, and realistic peso prices', async () => {
    const { db } = shared.database;
    const onSale = await db.select({ n: count() }).from(schema.products).where(isNotNull(schema.products.salePrice));
    expect(onSale[0]?.n).toBeGreaterThanOrEqual(5);
    const soldOut = await db.select({ n: count() }).from(schema.products).where(and(eq(schema.products.type, 'variation'), eq(schema.products.stockQuantity, 0)));
    expect(soldOut[0]?.n).toBeGreaterThan(0);
    const low = await db
      .select({ n: count() })
      .from(schema.products)
      .where(and(eq(schema.products.type, 'variation'), gt(schema.products.stockQuantity, 0), lte(schema.products.stockQuantity, 5)));
    expect(low[0]?.n).toBeGreaterThan(0);
    for (const def of SEED_PRODUCTS) {
      expect(def.price).toBeGreaterThanOrEqual(349);
      expect(def.price).toBeLessThanOrEqual(4999);
    }
  });

  it('is seeded only once', async () => {
    const before = await counts(shared.database.db);
    expect(await seedCatalogue(shared.database.db)).toBe(false);
    expect(await counts(shared.database.db)).toEqual(before);
  });

  it('keeps one generated secret', async () => {
    const first = await loadStoredSecret(shared.database.db);
    expect(first.length).toBeGreaterThanOrEqual(40);
    expect(await loadStoredSecret(shared.database.db)).toBe(first);
  });
});

describe('SQL literals for prepared statements', () => {
  it('read back exactly the text they were made from', async () => {
    const text = fc.string({ unit: 'binary' }).filter((s) => !s.includes('\0'));
    await fc.assert(
      fc.asyncProperty(text, async (value) => {
        const [row] = await queryRows<{ v: string }>(shared.database.db, sql.raw(`SELECT ${literal(value)}::text AS v`));
        expect(row?.v).toBe(value);
      }),
      { numRuns: 300 },
    );
  });
});

describe.skipIf(Boolean(process.env['DATABASE_URL']))('PGlite on disk', () => {
  it('creates, migrates and seeds the data directory once, and reopens it', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'suki-pglite-'));
    try {
      const first = await openDatabase({ dataDir: dir });
      const secret = await loadStoredSecret(first.db);
      const before = await counts(first.db);
      await first.close();
      const second = await openDatabase({ dataDir: dir });
      expect(second.kind).toBe('pglite');
      expect(await counts(second.db)).toEqual(before);
      expect(await loadStoredSecret(second.db)).toBe(secret);
      await second.close();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('sets a new folder up in a child process, so initdb leaves nothing in the server’s memory', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'suki-pglite-'));
    try {
      expect(await initPgliteInChild(dir)).toBe(true);
      expect(existsSync(path.join(dir, 'PG_VERSION'))).toBe(true);
      // A folder it cannot write to is refused, and the caller sets it up in process (which says why).
      expect(await initPgliteInChild(path.join(dir, 'PG_VERSION', 'not-a-folder'))).toBe(false);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe.runIf(Boolean(process.env['DATABASE_URL']))('PostgreSQL', () => {
  it('lets several processes open, migrate and seed one empty database at once', async () => {
    const scratch = await createScratchPostgres(process.env['DATABASE_URL']!, 'empty');
    try {
      const opened = await Promise.all(Array.from({ length: 4 }, () => openDatabase({ databaseUrl: scratch.url, poolSize: 3 })));
      expect(opened.every((o) => o.kind === 'postgres')).toBe(true);
      const n = await counts(opened[0]!.db);
      expect(n.parents).toBe(SEED_PRODUCTS.length);
      const secrets = await Promise.all(opened.map((o) => loadStoredSecret(o.db)));
      expect(new Set(secrets).size).toBe(1);
      await Promise.all(opened.map((o) => o.close()));
    } finally {
      await scratch.drop();
    }
  });
});
