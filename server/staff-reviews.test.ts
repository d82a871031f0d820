/**
 * Review moderation through the staff API (`wc/v3/products/reviews`): held reviews listed, approved
 * (the product's rating and count follow at once), held again, corrected; deleted for good only with
 * `force`, with its own media and votes, in one transaction; bad input refused with the stock codes.
 */
import { and, eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products, reviews, reviewVotes } from './db/schema.js';
import { ApiError } from './lib/errors.js';
import { staffApiRoutes } from './routes/wc-v3.js';
import { createApiKey } from './services/api-keys.js';
import type { ShopDatabase } from './db/query.js';
import { openTestDatabase, type TestDatabase } from './test/harness.js';

let test: TestDatabase;
let db: ShopDatabase;
let app: Hono;
let basic = '';
let readOnly = '';
let productId = 0;
/** What the media port was asked to delete, and whether it fails. */
const mediaDeleted: number[] = [];
let mediaFails = false;

beforeAll(async () => {
  test = await openTestDatabase();
  db = test.database.db;
  app = new Hono();
  app.onError((error, c) => (error instanceof ApiError ? c.json(error.toJSON(), error.status as 400) : c.json({ code: 'boom', message: String(error) }, 500)));
  app.route(
    '/wp-json/wc/v3',
    staffApiRoutes({
      db,
      isSafeTransport: () => true,
      shop: { name: 'Suki', ordersEmail: 'orders@suki.example.ph', bankDetails: [] },
      baseUrl: () => 'http://127.0.0.1:3000',
      reviews: {
        media: {
          deleteForReview: async (_tx, reviewId) => {
            if (mediaFails) throw new Error('storage is down');
            mediaDeleted.push(reviewId);
          },
        },
      },
    }),
  );
  const key = await createApiKey(db, 'moderator', 'read_write');
  basic = `Basic ${Buffer.from(`${key.consumerKey}:${key.consumerSecret}`).toString('base64')}`;
  const reader = await createApiKey(db, 'reader', 'read');
  readOnly = `Basic ${Buffer.from(`${reader.consumerKey}:${reader.consumerSecret}`).toString('base64')}`;
  // A product nobody has reviewed yet, so its figures come from these tests alone.
  const [product] = await db.select({ id: products.id }).from(products).where(and(eq(products.type, 'simple'), eq(products.reviewCount, 0))).limit(1);
  productId = product?.id ?? 0;
  expect(productId).toBeGreaterThan(0);
}, 60_000);
afterAll(async () => test.dispose());

const call = async (path: string, init: RequestInit & { auth?: string } = {}): Promise<Response> =>
  app.request(`/wp-json/wc/v3${path}`, { ...init, headers: { authorization: init.auth ?? basic, 'content-type': 'application/json', ...(init.headers ?? {}) } });
const put = (id: number, body: unknown, auth?: string) => call(`/products/reviews/${id}`, { method: 'PUT', body: typeof body === 'string' ? body : JSON.stringify(body), ...(auth ? { auth } : {}) });

let serial = 0;
const heldReview = async (rating: number, text = 'Maganda ang tela, sakto ang sukat.'): Promise<number> => {
  const [row] = await db
    .insert(reviews)
    .values({ productId, rating, text, author: 'Liza Cruz', email: 'liza@example.ph', status: 'hold', dedupeKey: `staff-test-${++serial}` })
    .returning({ id: reviews.id });
  return row?.id ?? 0;
};
const figures = async () => (await db.select({ rating: products.ratingHundredths, count: products.reviewCount }).from(products).where(eq(products.id, productId)))[0];

describe('review moderation (wc/v3/products/reviews)', () => {
  it('lists held reviews for staff; the default list is the approved ones; read-only keys may list but not change', async () => {
    const id = await heldReview(4);
    const held = await call(`/products/reviews?status=hold&product=${productId}`);
    expect(held.status).toBe(200);
    const list = (await held.json()) as Array<Record<string, unknown>>;
    expect(list.map((r) => r['id'])).toContain(id);
    expect(list.find((r) => r['id'] === id)).toMatchObject({ product_id: productId, status: 'hold', reviewer: 'Liza Cruz', reviewer_email: 'liza@example.ph', rating: 4, verified: false });
    expect(Number(held.headers.get('x-wp-total'))).toBeGreaterThanOrEqual(1);
    const approved = (await (await call(`/products/reviews?product=${productId}`)).json()) as Array<Record<string, unknown>>;
    expect(approved.map((r) => r['id'])).not.toContain(id);
    expect((await call(`/products/reviews?status=hold`, { auth: readOnly })).status).toBe(200);
    expect((await put(id, { status: 'approved' }, readOnly)).status).toBe(401);
    expect((await call(`/products/reviews/${id}`)).status).toBe(200);
  });

  it('approving puts the review in the product’s rating and count at once; holding takes it out again', async () => {
    const before = await figures();
    expect(before).toEqual({ rating: 0, count: 0 });
    const five = await heldReview(5);
    const three = await heldReview(3);
    expect(await figures()).toEqual(before);
    expect(await (await put(five, { status: 'approved' })).json()).toMatchObject({ id: five, status: 'approved' });
    expect(await put(three, { status: 'approved' }).then((r) => r.status)).toBe(200);
    const after = await figures();
    expect(after?.count).toBe((before?.count ?? 0) + 2);
    const listed = (await (await call(`/products/reviews?product=${productId}&per_page=100`)).json()) as Array<{ id: number }>;
    expect(listed.map((r) => r.id)).toEqual(expect.arrayContaining([five, three]));
    expect(await put(three, { status: 'hold' }).then((r) => r.status)).toBe(200);
    const held = await figures();
    expect(held?.count).toBe((before?.count ?? 0) + 1);
    // Only the 5-star review counts now (the product had no reviews before).
    expect(held?.rating).toBe(500);
  });

  it('corrects a review’s text and rating; refuses unknown fields, statuses it does not have, and bodies that are not JSON', async () => {
    const id = await heldReview(2);
    expect(await (await put(id, { review: 'Fixed typo <b>here</b>', rating: 3 })).json()).toMatchObject({ review: 'Fixed typo <b>here</b>', rating: 3, status: 'hold' });
    const spam = await put(id, { status: 'spam' });
    expect(spam.status).toBe(400);
    expect(await spam.json()).toMatchObject({ code: 'rest_invalid_param' });
    expect((await put(id, { status: 'approved', approved_by: 'me' })).status).toBe(400);
    expect((await put(id, { rating: 6 })).status).toBe(400);
    expect((await put(id, { review: '   ' })).status).toBe(400);
    expect(await (await put(id, 'not json')).json()).toMatchObject({ code: 'rest_invalid_json' });
    expect((await call(`/products/reviews/${id}`).then((r) => r.json())) as Record<string, unknown>).toMatchObject({ rating: 3, status: 'hold' });
    for (const bad of ['0', 'abc', '99999999999', '-1']) expect((await call(`/products/reviews/${bad}`)).status).toBe(404);
    expect((await put(2_000_000_000, { status: 'approved' })).status).toBe(404);
    expect((await call('/products/reviews?status=trash')).status).toBe(400);
    expect((await call('/products/reviews?product=1;DROP')).status).toBe(400);
    expect((await call('/products/reviews?per_page=1000')).status).toBe(400);
  });

  it('deletes only with force, with the review’s own media and votes, and takes it out of the figures', async () => {
    const before = await figures();
    const id = await heldReview(1);
    const other = await heldReview(5);
    expect((await put(id, { status: 'approved' })).status).toBe(200);
    await db.insert(reviewVotes).values([
      { kind: 'review', targetId: id, voter: 'session:a', direction: 1 },
      { kind: 'review', targetId: other, voter: 'session:a', direction: 1 },
    ]);
    const soft = await call(`/products/reviews/${id}`, { method: 'DELETE' });
    expect(soft.status).toBe(501);
    expect(await soft.json()).toMatchObject({ code: 'woocommerce_rest_trash_not_supported' });
    expect((await call(`/products/reviews/${id}`, { method: 'DELETE', auth: readOnly })).status).toBe(401);
    expect((await figures())?.count).toBe((before?.count ?? 0) + 1);
    const gone = await call(`/products/reviews/${id}?force=true`, { method: 'DELETE' });
    expect(gone.status).toBe(200);
    expect(await gone.json()).toMatchObject({ deleted: true, previous: { id, rating: 1 } });
    expect(mediaDeleted).toEqual([id]);
    expect(await figures()).toEqual(before);
    expect(await db.select().from(reviewVotes).where(eq(reviewVotes.targetId, id))).toHaveLength(0);
    expect(await db.select().from(reviewVotes).where(eq(reviewVotes.targetId, other))).toHaveLength(1);
    expect((await call(`/products/reviews/${id}?force=true`, { method: 'DELETE' })).status).toBe(404);
    expect((await call(`/products/reviews/${other}`)).status).toBe(200);
  });

  it('a deletion whose media cannot be deleted keeps the review (one transaction)', async () => {
    const id = await heldReview(4);
    mediaFails = true;
    try {
      expect((await call(`/products/reviews/${id}?force=true`, { method: 'DELETE' })).status).toBe(500);
    } finally {
      mediaFails = false;
    }
    expect((await call(`/products/reviews/${id}`)).status).toBe(200);
  });
});
