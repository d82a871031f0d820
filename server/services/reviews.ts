/**
 * Reviews and questions on our own shop, shared by Suki's JSON route, the stock admin-ajax actions
 * and the no-script review form (`routes/reviews.ts`): lists (scope, sort, rating, literal search,
 * tags, exclusions, pages; featured first), the rating summary and histogram, tags with counts,
 * votes, submissions (validation, captcha, who may review, verified owners, moderation, the flood
 * guard, duplicates, media through the {@link ReviewMediaPort}), questions and answers.
 *
 * The summary and the unfiltered totals come from `suki_review_stats`, which the reviews' triggers
 * keep (migration 0008), so the first page of a product with 100,000 reviews counts nothing.
 */
import { sql, type SQL } from 'drizzle-orm';
import type {
  Answer,
  NewQuestion,
  Question,
  QuestionPage,
  QuestionQuery,
  QuestionResult,
  RatingSummary,
  Review,
  ReviewMedia,
  ReviewPage,
  ReviewQuery,
  ReviewReply,
  ReviewResult,
  ReviewScope,
  ReviewSubmission,
  ReviewTag,
  StarRating,
  Votes,
  VoteDirection,
} from '../../src/core/domain/reviews.js';
import type { ShopDatabase } from '../db/query.js';
import { queryRows } from '../db/query.js';
import { questionDedupeKey, reviewDedupeKey } from '../db/reviews-seed.js';
import { likePattern } from '../lib/like.js';
import { contributionMail } from '../mail/review-emails.js';
import { queueMail } from '../mail/outbox.js';
import type { CaptchaVerifier } from './captcha.js';
import type { RateLimit } from './rate-limit.js';
import type { ReviewMediaPort } from './review-media-port.js';
import { checkQuestion, checkReview, isLastPage, voteChange, type OnsiteRule } from './review-rules.js';

/** Who is looking or voting: `account:<id>` or `session:<id>`; null for a viewer without either. */
export type Voter = string | null;

const iso = (value: unknown): string => (value instanceof Date ? value : new Date(String(value))).toISOString();
const num = (value: unknown): number => Number(value ?? 0);

/** The WHERE fragment of a scope on `suki_reviews r`. */
const scopeCondition = (scope: ReviewScope): SQL =>
  scope.kind === 'product' ? sql`r.product_id = ${scope.productId}` : scope.kind === 'shop' ? sql`r.product_id IS NULL` : sql`TRUE`;

/** The stats key of a scope (null: every key). */
const statsKey = (scope: ReviewScope): number | null => (scope.kind === 'product' ? scope.productId : scope.kind === 'shop' ? 0 : null);

/** A product as a review names it, or null when there is no such (parent) product. */
export async function reviewedProduct(db: ShopDatabase, id: number): Promise<{ readonly id: number; readonly name: string; readonly slug: string } | null> {
  if (!Number.isSafeInteger(id) || id < 1 || id > 2_147_483_647) return null;
  const rows = await queryRows<{ id: number; name: string; slug: string }>(db, sql`SELECT id, name, slug FROM suki_products WHERE id = ${id} AND type <> 'variation'`);
  return rows[0] ?? null;
}

/** Average, count and histogram of a scope's approved reviews. */
export async function ratingSummary(db: ShopDatabase, scope: ReviewScope): Promise<RatingSummary> {
  const key = statsKey(scope);
  const rows = await queryRows<{ rating: number; count: number }>(
    db,
    key === null
      ? sql`SELECT rating, sum(count)::int AS count FROM suki_review_stats GROUP BY rating`
      : sql`SELECT rating, count FROM suki_review_stats WHERE product_key = ${key}`,
  );
  const histogram: [number, number, number, number, number] = [0, 0, 0, 0, 0];
  for (const row of rows) {
    const rating = num(row.rating);
    if (rating >= 1 && rating <= 5) histogram[rating - 1] = num(row.count);
  }
  const count = histogram.reduce((a, b) => a + b, 0);
  const sum = histogram.reduce((a, n, i) => a + n * (i + 1), 0);
  return { averageHundredths: count === 0 ? 0 : Math.round((sum * 100) / count), count, histogram };
}

/** Tags of a scope's approved reviews with how many reviews have each (name order). */
export async function reviewTags(db: ShopDatabase, scope: ReviewScope): Promise<ReviewTag[]> {
  const rows = await queryRows<{ id: number; name: string; count: number }>(
    db,
    sql`SELECT t.id, t.name, count(*)::int AS count
        FROM suki_review_tag_links l
        JOIN suki_reviews r ON r.id = l.review_id AND r.status = 'approved' AND ${scopeCondition(scope)}
        JOIN suki_review_tags t ON t.id = l.tag_id
        GROUP BY t.id, t.name ORDER BY t.name, t.id`,
  );
  return rows.map((r) => ({ id: num(r.id), name: r.name, count: num(r.count) }));
}

/** Options of a list beyond the query. */
export interface ListOptions {
  readonly voter: Voter;
  readonly media?: ReviewMediaPort | undefined;
  /** Featured reviews first (every list but the trust badge's latest). @default true */
  readonly featuredFirst?: boolean;
}

interface ReviewRow {
  id: number;
  product_id: number | null;
  rating: number;
  text: string;
  author: string;
  date: unknown;
  verified: boolean;
  featured: boolean;
  up: number;
  down: number;
  product_name: string | null;
  product_slug: string | null;
}

const ORDER: Readonly<Record<ReviewQuery['sort'], SQL>> = {
  recent: sql`r.date DESC NULLS LAST, r.id DESC NULLS LAST`,
  helpful: sql`r.score DESC NULLS LAST, r.date DESC NULLS LAST, r.id DESC NULLS LAST`,
  ratinghigh: sql`r.rating DESC NULLS LAST, r.date DESC NULLS LAST, r.id DESC NULLS LAST`,
  ratinglow: sql`r.rating ASC, r.date DESC NULLS LAST, r.id DESC NULLS LAST`,
};

/** One page of a review list. */
export async function listReviews(db: ShopDatabase, query: ReviewQuery, options: ListOptions): Promise<ReviewPage> {
  const conditions: SQL[] = [sql`r.status = 'approved'`, scopeCondition(query.scope)];
  if (query.rating > 0) conditions.push(sql`r.rating = ${query.rating}`);
  // Literal: the term is data in a LIKE pattern with its wildcards escaped, never a regex; matched on
  // the narrow search rows (approved reviews only) under their trigram index.
  const key = statsKey(query.scope);
  const searchWhere = sql.join(
    [sql`s.search LIKE lower(${likePattern(query.search)})`, ...(key === null ? [] : [sql`s.product_key = ${key}`]), ...(query.rating > 0 ? [sql`s.rating = ${query.rating}`] : [])],
    sql` AND `,
  );
  // EXISTS, not IN: the planner then either walks the order's index probing each review's search row
  // (a common word) or starts from the trigram index (a rare one).
  if (query.search !== '') conditions.push(sql`EXISTS (SELECT 1 FROM suki_review_search s WHERE s.review_id = r.id AND s.search LIKE lower(${likePattern(query.search)}))`);
  for (const tag of query.tags) conditions.push(sql`EXISTS (SELECT 1 FROM suki_review_tag_links l WHERE l.review_id = r.id AND l.tag_id = ${tag})`);
  const exclude = query.exclude ?? [];
  if (exclude.length > 0) conditions.push(sql`r.id NOT IN (${sql.join(exclude.map((id) => sql`${id}`), sql`, `)})`);
  const where = sql.join(conditions, sql` AND `);
  // NULLS LAST as the indexes are made (drizzle-kit writes DESC NULLS LAST), so the planner walks them.
  const featured = options.featuredFirst === false ? sql`` : sql`r.featured DESC NULLS LAST, `;
  const offset = (query.page - 1) * query.perPage;
  const plain = query.search === '' && query.tags.length === 0 && exclude.length === 0;
  // The page and its total at once (separate connections on PostgreSQL): an unfiltered total is the
  // stats table's, a searched or tagged one is counted.
  const [rows, total] = await Promise.all([
    queryRows<ReviewRow>(
      db,
      sql`SELECT r.id, r.product_id, r.rating, r.text, r.author, r.date, r.verified, r.featured, r.up, r.down, p.name AS product_name, p.slug AS product_slug
          FROM suki_reviews r LEFT JOIN suki_products p ON p.id = r.product_id
          WHERE ${where}
          ORDER BY ${featured}${ORDER[query.sort]}
          LIMIT ${query.perPage} OFFSET ${offset}`,
    ),
    plain
      ? ratingSummary(db, query.scope).then((summary) => (query.rating > 0 ? (summary.histogram[query.rating - 1] ?? 0) : summary.count))
      : query.tags.length === 0 && exclude.length === 0
        ? queryRows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM suki_review_search s WHERE ${searchWhere}`).then(([row]) => num(row?.n))
        : queryRows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM suki_reviews r WHERE ${where}`).then(([row]) => num(row?.n)),
  ]);
  const items = await hydrateReviews(db, rows, options);
  return { items, total, page: query.page, perPage: query.perPage, lastPage: isLastPage(total, query.perPage, query.page) };
}

/** Tags, replies, the viewer's votes and media of listed reviews. */
async function hydrateReviews(db: ShopDatabase, rows: readonly ReviewRow[], options: ListOptions): Promise<Review[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => num(r.id));
  const list = sql.join(ids.map((id) => sql`${id}`), sql`, `);
  const [tags, replies, votes, media] = await Promise.all([
    queryRows<{ review_id: number; id: number; name: string }>(db, sql`SELECT l.review_id, t.id, t.name FROM suki_review_tag_links l JOIN suki_review_tags t ON t.id = l.tag_id WHERE l.review_id IN (${list}) ORDER BY t.name, t.id`),
    queryRows<{ review_id: number; id: number; author: string; text: string; date: unknown }>(db, sql`SELECT review_id, id, author, text, date FROM suki_review_replies WHERE review_id IN (${list}) ORDER BY date, id`),
    options.voter === null
      ? Promise.resolve([])
      : queryRows<{ target_id: number; direction: number }>(db, sql`SELECT target_id, direction FROM suki_review_votes WHERE kind = 'review' AND voter = ${options.voter} AND target_id IN (${list})`),
    options.media ? options.media.forReviews(db, ids, (reviewId, index) => mediaAlt(rows.find((r) => num(r.id) === reviewId)?.author ?? '', index)) : Promise.resolve(new Map<number, readonly ReviewMedia[]>()),
  ]);
  const tagsOf = new Map<number, Array<{ id: number; name: string }>>();
  for (const t of tags) tagsOf.set(num(t.review_id), [...(tagsOf.get(num(t.review_id)) ?? []), { id: num(t.id), name: t.name }]);
  const repliesOf = new Map<number, ReviewReply[]>();
  for (const r of replies) repliesOf.set(num(r.review_id), [...(repliesOf.get(num(r.review_id)) ?? []), { id: num(r.id), author: r.author, text: r.text, date: iso(r.date) }]);
  const voteOf = new Map<number, VoteDirection>(votes.map((v) => [num(v.target_id), num(v.direction) as VoteDirection]));
  return rows.map((row) => {
    const id = num(row.id);
    const productId = row.product_id === null ? null : num(row.product_id);
    return {
      id,
      product:
        productId === null
          ? null
          : {
              id: productId,
              name: row.product_name ?? '',
              permalink: `/product/${encodeURIComponent(row.product_slug ?? '')}/`,
              image: row.product_slug ? `/wp-content/uploads/suki/${encodeURIComponent(row.product_slug)}-1-300x300.webp` : null,
            },
      rating: num(row.rating) as StarRating,
      text: row.text,
      author: row.author,
      date: iso(row.date),
      verified: row.verified === true,
      featured: row.featured === true,
      tags: tagsOf.get(id) ?? [],
      media: media.get(id) ?? [],
      replies: repliesOf.get(id) ?? [],
      votes: { up: num(row.up), down: num(row.down), current: voteOf.get(id) ?? 0 },
    };
  });
}

/** A photo's or video's alt text: "Photo 1 by Ana". */
export const mediaAlt = (author: string, index: number): string => `Photo ${index + 1} by ${author}`;

// ---------------------------------------------------------------- votes

/**
 * Casts a vote on an approved review (`kind` review) or an approved question or answer (`kind`
 * question, optionally only of `productId`): the same direction again withdraws it, the opposite
 * moves it. The target's row is locked for the transaction, so concurrent votes on one target queue
 * and every counter stays equal to its vote rows. Null when the target is not visible (missing,
 * held, another product's): the caller answers 404.
 */
export async function castVote(db: ShopDatabase, kind: 'review' | 'question', targetId: number, voter: string, upvote: boolean, productId?: number): Promise<Votes | null> {
  if (!Number.isSafeInteger(targetId) || targetId < 1 || targetId > 2_147_483_647) return null;
  return db.transaction(async (tx) => {
    const table = kind === 'review' ? sql`suki_reviews` : sql`suki_questions`;
    const [target] = await queryRows<{ product_id: number | null; status: string }>(tx, sql`SELECT product_id, status FROM ${table} WHERE id = ${targetId} FOR UPDATE`);
    if (!target || target.status !== 'approved') return null;
    if (productId !== undefined && num(target.product_id) !== productId) return null;
    const [existing] = await queryRows<{ direction: number }>(tx, sql`SELECT direction FROM suki_review_votes WHERE kind = ${kind} AND target_id = ${targetId} AND voter = ${voter}`);
    const change = voteChange((existing ? num(existing.direction) : 0) as VoteDirection, upvote);
    if (change.next === 0) await tx.execute(sql`DELETE FROM suki_review_votes WHERE kind = ${kind} AND target_id = ${targetId} AND voter = ${voter}`);
    else
      await tx.execute(
        sql`INSERT INTO suki_review_votes (kind, target_id, voter, direction) VALUES (${kind}, ${targetId}, ${voter}, ${change.next})
            ON CONFLICT (kind, target_id, voter) DO UPDATE SET direction = excluded.direction, date = now()`,
      );
    const [counts] = await queryRows<{ up: number; down: number }>(tx, sql`UPDATE ${table} SET up = up + ${change.up}, down = down + ${change.down} WHERE id = ${targetId} RETURNING up, down`);
    return { up: num(counts?.up), down: num(counts?.down), current: change.next };
  });
}

// ---------------------------------------------------------------- submissions

/** What a submission needs to know about the shop and the writer. */
export interface SubmitContext {
  /** Who may write: anybody, signed-in accounts, verified owners, nobody. */
  readonly accepting: 'anybody' | 'registered' | 'verified' | 'none';
  readonly autoApproveVerified: boolean;
  readonly questions: readonly OnsiteRule[];
  /** Photos and videos are offered (the plugin's option). */
  readonly mediaEnabled: boolean;
  /** A captcha is asked for (a site key is configured). */
  readonly captchaRequired: boolean;
  readonly captcha: CaptchaVerifier | null;
  /** The signed-in account, or null. */
  readonly customerId: number | null;
  /** The uploading session (media owner). */
  readonly sessionId: string;
  /** The client's address (flood guard, captcha). */
  readonly client: string;
  readonly flood: RateLimit;
  readonly media?: ReviewMediaPort | undefined;
  /** Where the shop's notice of a new review goes (queued in the review's transaction); absent: none. */
  readonly notify?: Notify | undefined;
}

/** The shop's notice of new reviews and questions: its address, its name, the shop's origin for links. */
export interface Notify {
  readonly to: string;
  readonly shopName: string;
  readonly origin: string;
  /** Called after the transaction that queued a notice committed. */
  readonly afterCommit: () => void;
}

export const REVIEW_TEXTS = {
  added: 'Your review has been successfully added',
  addedHeld: 'Your review has been successfully added. It will appear once the shop has approved it.',
  insertFailed: 'Your review could not be added',
  duplicate: 'Duplicate review detected; it looks as though you’ve already said that!',
  flood: 'You are posting comments too quickly. Slow down.',
  validation: 'Data validation error',
  notAccepting: 'Currently, we are not accepting new reviews',
  loginRequired: 'You must be logged in to post a review',
  notVerified: 'Only verified owners of this product can post a review',
  noMedia: 'Photos and videos cannot be attached',
  captchaMissing: 'Please confirm that you are not a robot',
  captchaFailed: 'The captcha could not be verified. Please try again.',
} as const;

const result = (code: ReviewResult['code'], description: string, status?: 'approved' | 'hold'): ReviewResult => ({
  code,
  description,
  button: code === 0 ? 'Continue' : code === 2 ? 'OK' : 'Try again',
  ...(status ? { status } : {}),
});

/** True when `email` bought the product (or, for a shop review, anything) in a processing or completed order. */
export async function isVerifiedOwner(db: ShopDatabase, email: string, productId: number | null): Promise<boolean> {
  const lower = email.trim().toLowerCase();
  const rows = await queryRows<{ ok: number }>(
    db,
    productId === null
      ? sql`SELECT 1 AS ok FROM suki_orders o WHERE o.billing_email = ${lower} AND o.status IN ('processing', 'completed') LIMIT 1`
      : sql`SELECT 1 AS ok FROM suki_orders o JOIN suki_order_items i ON i.order_id = o.id
            WHERE o.billing_email = ${lower} AND o.status IN ('processing', 'completed') AND (i.product_id = ${productId} OR i.variation_id = ${productId}) LIMIT 1`,
  );
  return rows.length > 0;
}

class Refusal extends Error {
  constructor(readonly answer: ReviewResult) {
    super(answer.description);
  }
}

/**
 * Takes a review: who may write, the fields, the product, the captcha, media, verified owners,
 * duplicates and the flood guard, in that order; then stores it with its answers and media in one
 * transaction (held unless the shop publishes verified owners' at once and this writer is one).
 */
export async function submitReview(db: ShopDatabase, input: Omit<ReviewSubmission, 'rating'> & { readonly rating: unknown }, ctx: SubmitContext): Promise<ReviewResult> {
  if (ctx.accepting === 'none') return result(3, REVIEW_TEXTS.notAccepting);
  if (ctx.accepting === 'registered' && ctx.customerId === null) return result(4, REVIEW_TEXTS.loginRequired);
  const checked = checkReview({ rating: input.rating, text: input.text, name: input.name, email: input.email, answers: input.answers }, ctx.questions);
  if (!checked.ok) return result(2, REVIEW_TEXTS.validation);
  const review = checked.review;
  const product = input.productId === null ? null : await reviewedProduct(db, input.productId);
  if (input.productId !== null && !product) return result(2, REVIEW_TEXTS.validation);
  if (ctx.captchaRequired) {
    const token = (input.captcha ?? '').trim();
    if (token === '') return result(2, REVIEW_TEXTS.captchaMissing);
    if (!ctx.captcha || !(await ctx.captcha.verify(token, ctx.client)).ok) return result(2, REVIEW_TEXTS.captchaFailed);
  }
  if (input.media.length > 0 && (!ctx.media || !ctx.mediaEnabled)) return result(2, REVIEW_TEXTS.noMedia);
  const verified = await isVerifiedOwner(db, review.email, input.productId);
  if (ctx.accepting === 'verified' && !verified) return result(5, REVIEW_TEXTS.notVerified);
  const dedupeKey = reviewDedupeKey(input.productId, review.email, review.text);
  const [seen] = await queryRows<{ id: number }>(db, sql`SELECT id FROM suki_reviews WHERE dedupe_key = ${dedupeKey}`);
  if (seen) return result(1, REVIEW_TEXTS.duplicate);
  if (!(await ctx.flood.take(ctx.client))) return result(1, REVIEW_TEXTS.flood);
  const status = ctx.autoApproveVerified && verified ? 'approved' : 'hold';
  try {
    await db.transaction(async (tx) => {
      const [row] = await queryRows<{ id: number }>(
        tx,
        sql`INSERT INTO suki_reviews (product_id, rating, text, author, email, status, verified, customer_id, dedupe_key)
            VALUES (${input.productId}, ${review.rating}, ${review.text}, ${review.name}, ${review.email}, ${status}, ${verified}, ${ctx.customerId}, ${dedupeKey})
            ON CONFLICT (dedupe_key) DO NOTHING RETURNING id`,
      );
      if (!row) throw new Refusal(result(1, REVIEW_TEXTS.duplicate));
      const id = num(row.id);
      const answers = Object.entries(review.answers);
      if (answers.length > 0) {
        await tx.execute(sql`INSERT INTO suki_review_answers (review_id, name, value) VALUES ${sql.join(answers.map(([name, value]) => sql`(${id}, ${name}, ${value})`), sql`, `)}`);
      }
      if (input.media.length > 0 && ctx.media) {
        const attached = await ctx.media.attach(tx, ctx.sessionId, input.media, id);
        if (!attached.ok) throw new Refusal(result(2, attached.message));
      }
      if (ctx.notify) {
        await queueMail(
          tx,
          contributionMail({
            shopName: ctx.notify.shopName,
            to: ctx.notify.to,
            kind: 'review',
            product: product?.name ?? null,
            link: `${ctx.notify.origin}${product ? `/product/${encodeURIComponent(product.slug)}/` : '/reviews/'}`,
            author: review.name,
            email: review.email,
            rating: review.rating,
            text: review.text,
            status,
          }),
        );
      }
    });
  } catch (error) {
    await ctx.flood.release(ctx.client);
    if (error instanceof Refusal) return error.answer;
    throw error;
  }
  ctx.notify?.afterCommit();
  return result(0, status === 'approved' ? REVIEW_TEXTS.added : REVIEW_TEXTS.addedHeld, status);
}

// ---------------------------------------------------------------- questions

interface QuestionRow {
  id: number;
  product_id: number;
  parent_id: number | null;
  author: string;
  text: string;
  date: unknown;
  by_shop: boolean;
  verified: boolean;
  up: number;
  down: number;
}

/** One page of a product's approved questions (newest first) with their approved answers (oldest first). */
export async function listQuestions(db: ShopDatabase, query: QuestionQuery, voter: Voter): Promise<QuestionPage> {
  const conditions: SQL[] = [sql`q.status = 'approved'`, sql`q.parent_id IS NULL`, sql`q.product_id = ${query.productId}`];
  if (query.search !== '') {
    const pattern = likePattern(query.search);
    conditions.push(sql`(q.search LIKE lower(${pattern}) OR EXISTS (SELECT 1 FROM suki_questions a WHERE a.parent_id = q.id AND a.status = 'approved' AND a.search LIKE lower(${pattern})))`);
  }
  const where = sql.join(conditions, sql` AND `);
  const offset = (query.page - 1) * query.perPage;
  const rows = await queryRows<QuestionRow>(
    db,
    sql`SELECT q.id, q.product_id, q.parent_id, q.author, q.text, q.date, q.by_shop, q.verified, q.up, q.down FROM suki_questions q WHERE ${where} ORDER BY q.date DESC NULLS LAST, q.id DESC NULLS LAST LIMIT ${query.perPage} OFFSET ${offset}`,
  );
  const [countRow] = await queryRows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM suki_questions q WHERE ${where}`);
  const total = num(countRow?.n);
  const ids = rows.map((r) => num(r.id));
  const answers =
    ids.length === 0
      ? []
      : await queryRows<QuestionRow>(
          db,
          sql`SELECT id, product_id, parent_id, author, text, date, by_shop, verified, up, down FROM suki_questions
              WHERE parent_id IN (${sql.join(ids.map((id) => sql`${id}`), sql`, `)}) AND status = 'approved' ORDER BY date, id`,
        );
  const allIds = [...ids, ...answers.map((a) => num(a.id))];
  const votes =
    voter === null || allIds.length === 0
      ? []
      : await queryRows<{ target_id: number; direction: number }>(
          db,
          sql`SELECT target_id, direction FROM suki_review_votes WHERE kind = 'question' AND voter = ${voter} AND target_id IN (${sql.join(allIds.map((id) => sql`${id}`), sql`, `)})`,
        );
  const voteOf = new Map<number, VoteDirection>(votes.map((v) => [num(v.target_id), num(v.direction) as VoteDirection]));
  const votesOf = (row: QuestionRow): Votes => ({ up: num(row.up), down: num(row.down), current: voteOf.get(num(row.id)) ?? 0 });
  const items: Question[] = rows.map((row) => ({
    id: num(row.id),
    productId: num(row.product_id),
    author: row.author,
    date: iso(row.date),
    text: row.text,
    votes: votesOf(row),
    answers: answers
      .filter((a) => num(a.parent_id) === num(row.id))
      .map((a): Answer => ({ id: num(a.id), author: a.author, date: iso(a.date), text: a.text, byShop: a.by_shop === true, verified: a.verified === true, votes: votesOf(a) })),
  }));
  return { items, total, page: query.page, perPage: query.perPage, lastPage: isLastPage(total, query.perPage, query.page) };
}

/** What asking or answering needs. */
export interface QuestionContext {
  readonly accepting: boolean;
  readonly captchaRequired: boolean;
  readonly captcha: CaptchaVerifier | null;
  readonly client: string;
  readonly flood: RateLimit;
  readonly notify?: Notify | undefined;
}

export const QUESTION_TEXTS = {
  question: 'The question was successfully added.',
  answer: 'The answer was successfully added.',
  duplicate: 'Duplicate question detected; it looks as though you’ve already said that!',
  flood: 'You are posting too quickly. Slow down.',
  validation: 'Data validation error.',
  nonce: 'Nonce validation error',
  captchaFailed: 'reCAPTCHA verification error',
  captchaMissing: 'reCAPTCHA response is missing',
  closed: 'Questions are closed for this product.',
} as const;

/** Asks a question (no `questionId`) or answers an approved one of the same product; held for moderation. */
export async function submitQuestion(db: ShopDatabase, input: NewQuestion, ctx: QuestionContext): Promise<QuestionResult> {
  if (!ctx.accepting) return { code: 2, description: QUESTION_TEXTS.closed };
  const checked = checkQuestion(input);
  if (!checked.ok) return { code: 2, description: QUESTION_TEXTS.validation };
  const product = await reviewedProduct(db, input.productId);
  if (!product) return { code: 2, description: QUESTION_TEXTS.validation };
  const parent = input.questionId ?? null;
  if (parent !== null) {
    const [question] = await queryRows<{ id: number }>(db, sql`SELECT id FROM suki_questions WHERE id = ${parent} AND product_id = ${input.productId} AND parent_id IS NULL AND status = 'approved'`);
    if (!question) return { code: 2, description: QUESTION_TEXTS.validation };
  }
  if (ctx.captchaRequired) {
    const token = (input.captcha ?? '').trim();
    if (token === '') return { code: 4, description: QUESTION_TEXTS.captchaMissing };
    const outcome = ctx.captcha ? await ctx.captcha.verify(token, ctx.client) : ({ ok: false, codes: ['not-configured'] } as const);
    if (!outcome.ok) return { code: 3, description: `${QUESTION_TEXTS.captchaFailed}: ${outcome.codes.join(', ')}` };
  }
  const dedupeKey = questionDedupeKey(input.productId, parent, checked.email, checked.text);
  const [seen] = await queryRows<{ id: number }>(db, sql`SELECT id FROM suki_questions WHERE dedupe_key = ${dedupeKey}`);
  if (seen) return { code: 1, description: QUESTION_TEXTS.duplicate };
  if (!(await ctx.flood.take(ctx.client))) return { code: 1, description: QUESTION_TEXTS.flood };
  const verified = await isVerifiedOwner(db, checked.email, input.productId);
  const stored = await db.transaction(async (tx) => {
    const rows = await queryRows<{ id: number }>(
      tx,
      sql`INSERT INTO suki_questions (product_id, parent_id, status, author, email, text, verified, dedupe_key)
          VALUES (${input.productId}, ${parent}, 'hold', ${checked.name}, ${checked.email}, ${checked.text}, ${verified}, ${dedupeKey})
          ON CONFLICT (dedupe_key) DO NOTHING RETURNING id`,
    );
    if (rows.length > 0 && ctx.notify) {
      await queueMail(
        tx,
        contributionMail({
          shopName: ctx.notify.shopName,
          to: ctx.notify.to,
          kind: parent === null ? 'question' : 'answer',
          product: product.name,
          link: `${ctx.notify.origin}/product/${encodeURIComponent(product.slug)}/`,
          author: checked.name,
          email: checked.email,
          rating: null,
          text: checked.text,
          status: 'hold',
        }),
      );
    }
    return rows.length > 0;
  });
  if (!stored) {
    await ctx.flood.release(ctx.client);
    return { code: 1, description: QUESTION_TEXTS.duplicate };
  }
  ctx.notify?.afterCommit();
  return { code: 0, description: parent === null ? QUESTION_TEXTS.question : QUESTION_TEXTS.answer };
}
