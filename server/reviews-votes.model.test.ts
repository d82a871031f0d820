/**
 * Model-based test of votes against the real service and database (`fc.commands`): several voters
 * vote up and down, again and the other way, on reviews, questions and answers in any order. After
 * every step the answer, the stored counters and the lists' `votes.current` for each voter equal
 * the model: one direction per (voter, target), the same again withdraws it, the opposite moves it.
 */
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { VoteDirection } from '../src/core/domain/reviews.js';
import { queryRows } from './db/query.js';
import { castVote, listQuestions, listReviews } from './services/reviews.js';
import { openTestDatabase, type TestDatabase } from './test/harness.js';
import { insertApprovedReview } from './test/review-fixtures.js';

interface Target {
  readonly kind: 'review' | 'question';
  readonly id: number;
  readonly productId: number;
}
interface Model {
  /** `${voter}|${kind}|${id}` → direction */
  votes: Map<string, VoteDirection>;
  /** base up/down per target (seeded counts) */
  base: Map<string, { up: number; down: number }>;
}
interface Real {
  readonly db: TestDatabase['database']['db'];
}

let database: TestDatabase;
let targets: Target[] = [];
let questionProduct = 0;
let reviewProduct = 0;
const VOTERS = ['session:a', 'session:b', 'account:7', 'session:c'];

beforeAll(async () => {
  database = await openTestDatabase();
  const db = database.database.db;
  const [product] = await queryRows<{ id: number }>(db, sql`SELECT id FROM suki_products WHERE type <> 'variation' AND review_count = 0 ORDER BY id LIMIT 1`);
  reviewProduct = Number(product?.id);
  for (let i = 0; i < 3; i++) targets.push({ kind: 'review', id: await insertApprovedReview(db, reviewProduct, { text: `Model target ${i}`, date: new Date(Date.UTC(2026, 0, 1 + i)).toISOString() }), productId: reviewProduct });
  const [question] = await queryRows<{ id: number; product_id: number }>(
    db,
    sql`SELECT q.id, q.product_id FROM suki_questions q WHERE q.parent_id IS NULL AND q.status = 'approved' AND EXISTS (SELECT 1 FROM suki_questions a WHERE a.parent_id = q.id AND a.status = 'approved') ORDER BY q.id LIMIT 1`,
  );
  questionProduct = Number(question?.product_id);
  const [answer] = await queryRows<{ id: number }>(db, sql`SELECT id FROM suki_questions WHERE parent_id = ${question?.id} AND status = 'approved' ORDER BY id LIMIT 1`);
  targets.push({ kind: 'question', id: Number(question?.id), productId: questionProduct }, { kind: 'question', id: Number(answer?.id), productId: questionProduct });
  targets = targets.filter((t) => Number.isFinite(t.id) && t.id > 0);
});
afterAll(async () => {
  await database.dispose();
});

const key = (voter: string, t: Target) => `${voter}|${t.kind}|${t.id}`;
const counts = (m: Model, t: Target) => {
  let up = m.base.get(`${t.kind}|${t.id}`)?.up ?? 0;
  let down = m.base.get(`${t.kind}|${t.id}`)?.down ?? 0;
  for (const voter of VOTERS) {
    const d = m.votes.get(key(voter, t)) ?? 0;
    if (d === 1) up++;
    if (d === -1) down++;
  }
  return { up, down };
};

class VoteCommand implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly voter: number,
    readonly target: number,
    readonly upvote: boolean,
  ) {}
  check = () => true;
  async run(m: Model, r: Real): Promise<void> {
    const t = targets[this.target % targets.length];
    const voter = VOTERS[this.voter % VOTERS.length];
    if (!t || !voter) return;
    const current = m.votes.get(key(voter, t)) ?? 0;
    const wanted: VoteDirection = this.upvote ? 1 : -1;
    const next: VoteDirection = current === wanted ? 0 : wanted;
    if (next === 0) m.votes.delete(key(voter, t));
    else m.votes.set(key(voter, t), next);
    const answer = await castVote(r.db, t.kind, t.id, voter, this.upvote, t.kind === 'question' ? t.productId : undefined);
    expect(answer).toEqual({ ...counts(m, t), current: next });
    const table = t.kind === 'review' ? sql`suki_reviews` : sql`suki_questions`;
    const [row] = await queryRows<{ up: number; down: number }>(r.db, sql`SELECT up, down FROM ${table} WHERE id = ${t.id}`);
    expect({ up: Number(row?.up), down: Number(row?.down) }).toEqual(counts(m, t));
  }
  toString = () => `vote(${this.voter}, ${this.target}, ${this.upvote ? 'up' : 'down'})`;
}

class ReadCommand implements fc.AsyncCommand<Model, Real> {
  constructor(readonly voter: number) {}
  check = () => true;
  async run(m: Model, r: Real): Promise<void> {
    const voter = VOTERS[this.voter % VOTERS.length] ?? null;
    const reviews = await listReviews(r.db, { scope: { kind: 'product', productId: reviewProduct }, page: 1, perPage: 50, sort: 'recent', rating: 0, search: '', tags: [] }, { voter });
    for (const t of targets.filter((x) => x.kind === 'review')) {
      const item = reviews.items.find((i) => i.id === t.id);
      expect(item?.votes).toEqual({ ...counts(m, t), current: voter === null ? 0 : (m.votes.get(key(voter, t)) ?? 0) });
    }
    const questions = await listQuestions(r.db, { productId: questionProduct, page: 1, perPage: 50, search: '' }, voter);
    for (const t of targets.filter((x) => x.kind === 'question')) {
      const found = questions.items.flatMap((q) => [{ id: q.id, votes: q.votes }, ...q.answers.map((a) => ({ id: a.id, votes: a.votes }))]).find((x) => x.id === t.id);
      expect(found?.votes).toEqual({ ...counts(m, t), current: voter === null ? 0 : (m.votes.get(key(voter, t)) ?? 0) });
    }
  }
  toString = () => `read(${this.voter})`;
}

describe('votes (model)', () => {
  it('match the model for any order of votes by several voters on reviews, questions and answers', async () => {
    expect(targets.length).toBe(5);
    const db = database.database.db;
    await fc.assert(
      fc.asyncProperty(
        fc.commands(
          [
            fc.tuple(fc.nat(3), fc.nat(4), fc.boolean()).map(([v, t, u]) => new VoteCommand(v, t, u)),
            fc.nat(3).map((v) => new ReadCommand(v)),
          ],
          { maxCommands: 25 },
        ),
        async (commands) => {
          // Every run starts from no votes by the model's voters.
          await db.execute(sql`DELETE FROM suki_review_votes WHERE voter IN (${sql.join(VOTERS.map((v) => sql`${v}`), sql`, `)})`);
          const base = new Map<string, { up: number; down: number }>();
          for (const t of targets) {
            const table = t.kind === 'review' ? sql`suki_reviews` : sql`suki_questions`;
            await db.execute(sql`UPDATE ${table} SET up = 0, down = 0 WHERE id = ${t.id}`);
            base.set(`${t.kind}|${t.id}`, { up: 0, down: 0 });
          }
          await fc.asyncModelRun(() => ({ model: { votes: new Map(), base }, real: { db } }), commands);
        },
      ),
      { numRuns: 25 },
    );
  });
});
