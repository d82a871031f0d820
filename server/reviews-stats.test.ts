/**
 * The reviews' statement triggers against any sequence of writes made straight in SQL (one row or
 * several per statement: publish, hold, change a rating, move to another product, delete): the
 * stats table, the narrow search rows and the products' `review_count` / `rating_hundredths` always
 * equal what the approved reviews say. Found a real defect on the way: a review leaving once broke the stats' CHECK.
 */
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from './db/query.js';
import { openTestDatabase, type TestDatabase } from './test/harness.js';

let database: TestDatabase;
let products: number[] = [];
let n = 0;

beforeAll(async () => {
  database = await openTestDatabase();
  const rows = await queryRows<{ id: number }>(database.database.db, sql`SELECT id FROM suki_products WHERE type <> 'variation' AND review_count = 0 ORDER BY id LIMIT 2`);
  products = rows.map((r) => Number(r.id));
});
afterAll(async () => {
  await database.dispose();
});

type Op =
  | { kind: 'insert'; rows: Array<{ product: number; rating: number; approved: boolean }> }
  | { kind: 'status'; pick: number; approved: boolean }
  | { kind: 'rating'; pick: number; rating: number }
  | { kind: 'move'; pick: number; product: number }
  | { kind: 'delete'; pick: number }
  | { kind: 'holdAll'; product: number };

const productArb = fc.nat(2); // 0, 1: the two products; 2: a shop review
const opArb: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ kind: fc.constant('insert' as const), rows: fc.array(fc.record({ product: productArb, rating: fc.integer({ min: 1, max: 5 }), approved: fc.boolean() }), { minLength: 1, maxLength: 4 }) }),
  fc.record({ kind: fc.constant('status' as const), pick: fc.nat(), approved: fc.boolean() }),
  fc.record({ kind: fc.constant('rating' as const), pick: fc.nat(), rating: fc.integer({ min: 1, max: 5 }) }),
  fc.record({ kind: fc.constant('move' as const), pick: fc.nat(), product: productArb }),
  fc.record({ kind: fc.constant('delete' as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant('holdAll' as const), product: productArb }),
);

const productOf = (p: number): number | null => (p === 2 ? null : (products[p] ?? null));

async function apply(op: Op, ids: number[]): Promise<void> {
  const db = database.database.db;
  const pick = (i: number) => ids[i % Math.max(1, ids.length)];
  switch (op.kind) {
    case 'insert': {
      const values = op.rows.map((r) => {
        n++;
        return sql`(${productOf(r.product)}, ${r.rating}, ${`stats test ${n}`}, 'T', 't@example.ph', ${r.approved ? 'approved' : 'hold'}, ${`stats-test-${n}-${Math.random()}`})`;
      });
      const rows = await queryRows<{ id: number }>(db, sql`INSERT INTO suki_reviews (product_id, rating, text, author, email, status, dedupe_key) VALUES ${sql.join(values, sql`, `)} RETURNING id`);
      ids.push(...rows.map((r) => Number(r.id)));
      return;
    }
    case 'status':
      if (ids.length > 0) await db.execute(sql`UPDATE suki_reviews SET status = ${op.approved ? 'approved' : 'hold'} WHERE id = ${pick(op.pick)}`);
      return;
    case 'rating':
      if (ids.length > 0) await db.execute(sql`UPDATE suki_reviews SET rating = ${op.rating} WHERE id = ${pick(op.pick)}`);
      return;
    case 'move':
      if (ids.length > 0) await db.execute(sql`UPDATE suki_reviews SET product_id = ${productOf(op.product)} WHERE id = ${pick(op.pick)}`);
      return;
    case 'delete':
      if (ids.length > 0) {
        const id = pick(op.pick);
        await db.execute(sql`DELETE FROM suki_reviews WHERE id = ${id}`);
        ids.splice(ids.indexOf(id ?? -1), 1);
      }
      return;
    case 'holdAll': {
      const product = productOf(op.product);
      const list = ids.length === 0 ? sql`NULL` : sql.join(ids.map((id) => sql`${id}`), sql`, `);
      await db.execute(product === null ? sql`UPDATE suki_reviews SET status = 'hold' WHERE product_id IS NULL AND id IN (${list})` : sql`UPDATE suki_reviews SET status = 'hold' WHERE product_id = ${product}`);
    }
  }
}

async function consistent(): Promise<void> {
  const db = database.database.db;
  const bad = await queryRows<{ id: number }>(
    db,
    sql`SELECT p.id FROM suki_products p, LATERAL (SELECT count(*)::int n, coalesce(round(avg(rating) * 100), 0)::int a FROM suki_reviews r WHERE r.product_id = p.id AND r.status = 'approved') x
        WHERE p.id IN (${sql.join(products.map((id) => sql`${id}`), sql`, `)}) AND (p.review_count <> x.n OR p.rating_hundredths <> x.a)`,
  );
  expect(bad).toEqual([]);
  const kept = await queryRows<{ k: number; rating: number; count: number }>(db, sql`SELECT product_key AS k, rating, count FROM suki_review_stats WHERE count <> 0 ORDER BY 1, 2`);
  const actual = await queryRows<{ k: number; rating: number; count: number }>(
    db,
    sql`SELECT coalesce(product_id, 0) AS k, rating, count(*)::int AS count FROM suki_reviews WHERE status = 'approved' GROUP BY 1, 2 ORDER BY 1, 2`,
  );
  expect(kept.map((r) => [Number(r.k), Number(r.rating), Number(r.count)])).toEqual(actual.map((r) => [Number(r.k), Number(r.rating), Number(r.count)]));
}

describe('review stats triggers', () => {
  it('keep the stats and the products’ rating and count equal to the approved reviews after any writes', async () => {
    expect(products).toHaveLength(2);
    await fc.assert(
      fc.asyncProperty(fc.array(opArb, { minLength: 1, maxLength: 10 }), async (ops) => {
        const ids: number[] = [];
        for (const op of ops) {
          await apply(op, ids);
          await consistent();
        }
      }),
      { numRuns: 25 },
    );
  });
});
