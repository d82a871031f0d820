/**
 * Moderation for shop staff in WooCommerce's v3 shape (`/wp-json/wc/v3/products/reviews`), behind
 * the staff API's keys (`wc-v3.ts`): list reviews by status and product, read one, approve or hold
 * it (and correct its text, rating or name), and delete it for good with its own photos and videos.
 * The reviews' triggers keep each product's rating, count and search column, and the render cache's
 * generation, true to the approved set, so a moderation is on the shop's pages at once.
 *
 * Differences from a stock shop, on purpose: there is no trash and no spam status (a review is held
 * or approved; deleting needs `force=true`, as on a stock shop without trash), and no
 * `reviewer_avatar_urls` (the shop shows initials, never a third-party avatar service).
 */
import { and, asc, count, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { Context, Hono } from 'hono';
import { z } from 'zod';
import type { ShopDatabase } from '../db/query.js';
import { products, reviews, reviewVotes } from '../db/schema.js';
import { ApiError } from '../lib/errors.js';
import type { ReviewMediaPort } from '../services/review-media-port.js';
import { sendJson } from './shared.js';

export interface StaffReviewsOptions {
  readonly db: ShopDatabase;
  /** Deletes a review's own media with it; absent when reviews take no media. */
  readonly media?: Pick<ReviewMediaPort, 'deleteForReview'> | undefined;
  /** The shop's public address, for the product links. */
  readonly baseUrl: (c: Context) => string;
}

const STATUSES = ['approved', 'hold'] as const;
type Status = (typeof STATUSES)[number];

const localDate = (iso: string): string => new Date(new Date(iso).getTime() + 8 * 3_600_000).toISOString().slice(0, 19);
const gmtDate = (iso: string): string => new Date(iso).toISOString().slice(0, 19);

const invalidId = (): ApiError => new ApiError(404, 'woocommerce_rest_review_invalid_id', 'Invalid review ID.');
const invalidParam = (name: string, message: string): ApiError => new ApiError(400, 'rest_invalid_param', `Invalid parameter(s): ${name}`, { params: { [name]: message } });

const reviewId = (c: Context): number => {
  const raw = c.req.param('id') ?? '';
  const id = /^\d{1,10}$/.test(raw) ? Number(raw) : Number.NaN;
  if (!Number.isSafeInteger(id) || id < 1 || id > 2_147_483_647) throw invalidId();
  return id;
};

const columns = {
  id: reviews.id,
  date: reviews.date,
  productId: reviews.productId,
  productName: products.name,
  productSlug: products.slug,
  status: reviews.status,
  author: reviews.author,
  email: reviews.email,
  text: reviews.text,
  rating: reviews.rating,
  verified: reviews.verified,
};
const selectReviews = (db: ShopDatabase) => db.select(columns).from(reviews).leftJoin(products, eq(products.id, reviews.productId));
const readOne = async (db: ShopDatabase, id: number) => (await selectReviews(db).where(eq(reviews.id, id)))[0] ?? null;
type Row = NonNullable<Awaited<ReturnType<typeof readOne>>>;

/** A review in WooCommerce's v3 shape (a shop review, about no product, has `product_id` 0). */
const reviewJson = (row: Row, origin: string): Record<string, unknown> => ({
  id: row.id,
  date_created: localDate(row.date),
  date_created_gmt: gmtDate(row.date),
  product_id: row.productId ?? 0,
  product_name: row.productName ?? '',
  product_permalink: row.productSlug ? `${origin}/product/${row.productSlug}/` : `${origin}/reviews/`,
  status: row.status,
  reviewer: row.author,
  reviewer_email: row.email,
  review: row.text,
  rating: row.rating,
  verified: row.verified,
});


const listQuery = z.object({
  status: z.enum(['all', ...STATUSES]).default('approved'),
  product: z
    .string()
    .regex(/^\d{1,10}(,\d{1,10}){0,99}$/, 'product is not a list of ids.')
    .transform((s) => s.split(',').map(Number))
    .optional(),
  reviewer_email: z.string().max(200).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(10),
  order: z.enum(['asc', 'desc']).default('desc'),
  orderby: z.enum(['date', 'date_gmt', 'id', 'product']).default('date_gmt'),
});

const update = z
  .object({
    status: z.enum(STATUSES, { message: `status is not one of ${STATUSES.join(', ')}.` }).optional(),
    review: z.string().trim().min(1).max(10_000).optional(),
    rating: z.number().int().min(1).max(5).optional(),
    reviewer: z.string().trim().min(1).max(200).optional(),
    reviewer_email: z.string().trim().email().max(200).optional(),
  })
  .strict();

/** Adds the moderation routes to the staff API (after its authentication). */
export function addStaffReviewRoutes(api: Hono, options: StaffReviewsOptions): void {
  const { db } = options;

  api.get('/products/reviews', async (c) => {
    const parsed = listQuery.safeParse(c.req.query());
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw invalidParam(String(issue?.path[0] ?? 'query'), issue?.message ?? 'Invalid value.');
    }
    const q = parsed.data;
    const filters: SQL[] = [];
    if (q.status !== 'all') filters.push(eq(reviews.status, q.status));
    if (q.product) {
      const ids = q.product.filter((id) => id > 0);
      // 0 stands for the shop's own reviews, as `product_id` 0 does in the answers.
      const either = [ids.length > 0 ? inArray(reviews.productId, ids) : undefined, q.product.includes(0) ? isNull(reviews.productId) : undefined].filter((f): f is SQL => f !== undefined);
      filters.push(either.length === 1 ? either[0]! : sql`(${either[0]} OR ${either[1]})`);
    }
    if (q.reviewer_email !== undefined) filters.push(eq(sql`lower(${reviews.email})`, q.reviewer_email.trim().toLowerCase()));
    const where = filters.length > 0 ? and(...filters) : undefined;
    const direction = q.order === 'asc' ? asc : desc;
    const by = q.orderby === 'id' ? [direction(reviews.id)] : q.orderby === 'product' ? [direction(reviews.productId), direction(reviews.id)] : [direction(reviews.date), direction(reviews.id)];
    const [total] = await db.select({ n: count() }).from(reviews).where(where);
    const rows = await selectReviews(db)
      .where(where)
      .orderBy(...by)
      .limit(q.per_page)
      .offset((q.page - 1) * q.per_page);
    const n = total?.n ?? 0;
    c.header('X-WP-Total', String(n));
    c.header('X-WP-TotalPages', String(Math.ceil(n / q.per_page)));
    const origin = options.baseUrl(c);
    return sendJson(
      c,
      rows.map((row) => reviewJson(row, origin)),
    );
  });

  api.get('/products/reviews/:id', async (c) => {
    const row = await readOne(db, reviewId(c));
    if (!row) throw invalidId();
    return sendJson(c, reviewJson(row, options.baseUrl(c)));
  });

  const change = async (c: Context) => {
    const id = reviewId(c);
    const parsed = update.safeParse(await c.req.json().catch(() => undefined));
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      if (issue === undefined || issue.path.length === 0) throw new ApiError(400, 'rest_invalid_json', 'The request body is not valid JSON.');
      throw invalidParam(String(issue.path[0]), issue.code === 'unrecognized_keys' ? `Unknown field: ${issue.keys.join(', ')}.` : issue.message);
    }
    const body = parsed.data;
    const set: Partial<{ status: Status; text: string; rating: number; author: string; email: string }> = {};
    if (body.status !== undefined) set.status = body.status;
    if (body.review !== undefined) set.text = body.review;
    if (body.rating !== undefined) set.rating = body.rating;
    if (body.reviewer !== undefined) set.author = body.reviewer;
    if (body.reviewer_email !== undefined) set.email = body.reviewer_email;
    if (Object.keys(set).length > 0) {
      const changed = await db.update(reviews).set(set).where(eq(reviews.id, id)).returning({ id: reviews.id });
      if (changed.length === 0) throw invalidId();
    }
    const row = await readOne(db, id);
    if (!row) throw invalidId();
    return sendJson(c, reviewJson(row, options.baseUrl(c)));
  };
  api.put('/products/reviews/:id', change);
  api.post('/products/reviews/:id', change);
  api.patch('/products/reviews/:id', change);

  api.delete('/products/reviews/:id', async (c) => {
    const id = reviewId(c);
    const force = c.req.query('force');
    if (force !== 'true' && force !== '1') {
      // Checked after the id: an unknown review is 404 either way.
      if (!(await readOne(db, id))) throw invalidId();
      throw new ApiError(501, 'woocommerce_rest_trash_not_supported', "The review does not support trashing. Set 'force' to true to delete.");
    }
    const previous = await db.transaction(async (tx) => {
      const before = await readOne(tx, id);
      if (!before) return null;
      // Its photos and videos go with it (and nobody else's); its votes too (they have no foreign key).
      await options.media?.deleteForReview(tx, id);
      await tx.delete(reviewVotes).where(and(eq(reviewVotes.kind, 'review'), eq(reviewVotes.targetId, id)));
      await tx.delete(reviews).where(eq(reviews.id, id));
      return before;
    });
    if (!previous) throw invalidId();
    return sendJson(c, { deleted: true, previous: reviewJson(previous, options.baseUrl(c)) });
  });
}
