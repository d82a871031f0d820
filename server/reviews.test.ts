/**
 * Reviews and questions over real HTTP, reads: Suki's JSON route (lists, filters, sorts, search,
 * tags, pages, the block, all-reviews, home and badge views), the seeded data's consistency with
 * the products' rating and count, validation answers, and the plugins switched off.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AllReviewsView, HomeReviewsView, ProductReviewsView, QuestionPage, ReviewPage, TrustBadge } from '../src/core/domain/reviews.js';
import { queryRows } from './db/query.js';
import { STORE, type StoreProductJson } from './test/harness.js';
import { ReviewsBrowser, startReviewsShop, SUKI, type ReviewsShop } from './test/reviews.js';

let shop: ReviewsShop;
let busy: { id: number; count: number; slug: string };
let questioned: number;

beforeAll(async () => {
  shop = await startReviewsShop();
  const [row] = await queryRows<{ id: number; count: number; slug: string }>(shop.db.database.db, sql`SELECT id, review_count AS count, slug FROM suki_products WHERE type <> 'variation' ORDER BY review_count DESC, id LIMIT 1`);
  if (!row) throw new Error('no reviewed product');
  busy = row;
  const [q] = await queryRows<{ product_id: number }>(shop.db.database.db, sql`SELECT product_id FROM suki_questions WHERE parent_id IS NULL AND status = 'approved' GROUP BY product_id ORDER BY count(*) DESC LIMIT 1`);
  questioned = q?.product_id ?? 0;
});
afterAll(async () => {
  expect(shop.logger.errors).toEqual([]);
  await shop.close();
});

describe('the seeded reviews', () => {
  it('give every product exactly the count and average of its approved reviews, as the Store API shows them', async () => {
    const rows = await queryRows<{ bad: number; reviews: number; shop: number }>(
      shop.db.database.db,
      sql`SELECT
            (SELECT count(*)::int FROM suki_products p, LATERAL (SELECT count(*)::int n, coalesce(round(avg(rating) * 100), 0)::int a FROM suki_reviews r WHERE r.product_id = p.id AND r.status = 'approved') x
              WHERE p.type <> 'variation' AND (p.review_count <> x.n OR p.rating_hundredths <> x.a)) AS bad,
            (SELECT count(*)::int FROM suki_reviews) AS reviews,
            (SELECT count(*)::int FROM suki_reviews WHERE product_id IS NULL) AS shop`,
    );
    expect(rows[0]?.bad).toBe(0);
    expect(rows[0]?.reviews).toBeGreaterThan(2000);
    expect(rows[0]?.shop).toBeGreaterThan(10);
    const browser = new ReviewsBrowser(shop.url);
    const product = (await browser.json<StoreProductJson>('GET', `${STORE}/products/${busy.id}`)).body;
    expect(product.review_count).toBe(busy.count);
  });
});

describe('GET /reviews', () => {
  it('lists a product’s approved reviews newest first, featured ones before, with the total', async () => {
    const browser = new ReviewsBrowser(shop.url);
    const { status, body, headers } = await browser.json<ReviewPage>('GET', `${SUKI}/reviews?product=${busy.id}`);
    expect(status).toBe(200);
    expect(headers.get('cache-control')).toBe('no-store, private');
    expect(headers.get('vary')).toContain('Cookie');
    expect(body.total).toBe(busy.count);
    expect(body.items).toHaveLength(5);
    expect(body.lastPage).toBe(false);
    const featured = body.items.filter((r) => r.featured).length;
    expect(body.items.slice(0, featured).every((r) => r.featured)).toBe(true);
    const rest = body.items.slice(featured).map((r) => r.date);
    expect([...rest].sort().reverse()).toEqual(rest);
  });

  it('filters by rating with every sort, and pages to the end', async () => {
    const browser = new ReviewsBrowser(shop.url);
    for (const sort of ['recent', 'helpful', 'ratinghigh', 'ratinglow']) {
      const { body } = await browser.json<ReviewPage>('GET', `${SUKI}/reviews?product=${busy.id}&rating=5&sort=${sort}&per_page=50`);
      expect(body.items.every((r) => r.rating === 5)).toBe(true);
    }
    const { body: helpful } = await browser.json<ReviewPage>('GET', `${SUKI}/reviews?product=${busy.id}&sort=helpful&per_page=50`);
    const scores = helpful.items.filter((r) => !r.featured).map((r) => r.votes.up - r.votes.down);
    expect([...scores].sort((a, b) => b - a)).toEqual(scores);
    const { body: low } = await browser.json<ReviewPage>('GET', `${SUKI}/reviews?product=${busy.id}&sort=ratinglow&per_page=50`);
    const ratings = low.items.filter((r) => !r.featured).map((r) => r.rating);
    expect([...ratings].sort((a, b) => a - b)).toEqual(ratings);
    const pages = Math.ceil(busy.count / 50);
    const { body: last } = await browser.json<ReviewPage>('GET', `${SUKI}/reviews?product=${busy.id}&per_page=50&page=${pages}`);
    expect(last.lastPage).toBe(true);
    expect(last.items.length).toBe(busy.count - (pages - 1) * 50);
  });

  it('refuses a rating that is not a whole number from 0 to 5, and falls back to recent for an unknown sort', async () => {
    const browser = new ReviewsBrowser(shop.url);
    for (const rating of ['6', '-1', '3.5', 'abc', '1e0', ' 2x']) {
      const { status, body } = await browser.json<{ code: string; data: { params: Record<string, string> } }>('GET', `${SUKI}/reviews?product=${busy.id}&rating=${encodeURIComponent(rating)}`);
      expect(status).toBe(400);
      expect(body.code).toBe('suki_reviews_invalid');
      expect(Object.keys(body.data.params)).toEqual(['rating']);
    }
    const recent = await browser.json<ReviewPage>('GET', `${SUKI}/reviews?product=${busy.id}&sort=recent`);
    const unknown = await browser.json<ReviewPage>('GET', `${SUKI}/reviews?product=${busy.id}&sort=${encodeURIComponent('date; DROP TABLE suki_reviews')}`);
    expect(unknown.status).toBe(200);
    expect(unknown.body.items.map((r) => r.id)).toEqual(recent.body.items.map((r) => r.id));
  });

  it('answers 404 for an unknown product or a variation, 400 for a bad product', async () => {
    const browser = new ReviewsBrowser(shop.url);
    expect((await browser.json('GET', `${SUKI}/reviews?product=999999`)).status).toBe(404);
    const [variation] = await queryRows<{ id: number }>(shop.db.database.db, sql`SELECT id FROM suki_products WHERE type = 'variation' LIMIT 1`);
    expect((await browser.json('GET', `${SUKI}/reviews?product=${variation?.id}`)).status).toBe(404);
    expect((await browser.json('GET', `${SUKI}/reviews?product=abc`)).status).toBe(400);
    expect((await browser.json('GET', `${SUKI}/reviews`)).status).toBe(400);
  });

  it('lists shop reviews and all reviews', async () => {
    const browser = new ReviewsBrowser(shop.url);
    const shopOnly = await browser.json<ReviewPage>('GET', `${SUKI}/reviews?product=shop`);
    expect(shopOnly.body.items.every((r) => r.product === null)).toBe(true);
    const all = await browser.json<ReviewPage>('GET', `${SUKI}/reviews?product=all&per_page=50`);
    expect(all.body.total).toBeGreaterThan(busy.count);
    expect(all.body.items.some((r) => r.product !== null && r.product.permalink.startsWith('/product/'))).toBe(true);
  });

  it('filters by tags (every tag) and leaves out excluded ids', async () => {
    const browser = new ReviewsBrowser(shop.url);
    const block = await browser.json<ProductReviewsView>('GET', `${SUKI}/reviews/block?product=${busy.id}`);
    const tag = block.body.tags[0];
    expect(tag).toBeDefined();
    const tagged = await browser.json<ReviewPage>('GET', `${SUKI}/reviews?product=${busy.id}&tags=${tag?.id}&per_page=50`);
    expect(tagged.body.total).toBe(tag?.count);
    expect(tagged.body.items.every((r) => r.tags.some((t) => t.id === tag?.id))).toBe(true);
    const first = await browser.json<ReviewPage>('GET', `${SUKI}/reviews?product=all&per_page=6`);
    const ids = first.body.items.map((r) => r.id);
    const next = await browser.json<ReviewPage>('GET', `${SUKI}/reviews?product=all&per_page=6&exclude=${ids.join(',')}`);
    expect(next.body.items.some((r) => ids.includes(r.id))).toBe(false);
  });
});

describe('views', () => {
  it('GET /reviews/block: summary, histogram, tags, first page, form', async () => {
    const browser = new ReviewsBrowser(shop.url);
    const { status, body } = await browser.json<ProductReviewsView>('GET', `${SUKI}/reviews/block?product=${busy.id}`);
    expect(status).toBe(200);
    expect(body.summary.count).toBe(busy.count);
    expect(body.summary.histogram.reduce((a, b) => a + b, 0)).toBe(busy.count);
    expect(body.first.items).toHaveLength(5);
    expect(body.form.accepting).toBe('anybody');
    expect(body.form.media.enabled).toBe(false);
  });

  it('GET /reviews/all, /reviews/home and /reviews/badge', async () => {
    const browser = new ReviewsBrowser(shop.url);
    const all = await browser.json<AllReviewsView>('GET', `${SUKI}/reviews/all?rating=4&search=ganda&page=1`);
    expect(all.status).toBe(200);
    expect(all.body.query).toEqual({ rating: 4, search: 'ganda', sort: 'recent', page: 1 });
    expect(all.body.reviews.items.every((r) => r.rating === 4 && r.text.toLowerCase().includes('ganda'))).toBe(true);
    const home = await browser.json<HomeReviewsView>('GET', `${SUKI}/reviews/home`);
    expect(home.body.grid?.cards.items).toHaveLength(6);
    expect(home.body.slider?.reviews).toHaveLength(8);
    const badge = await browser.json<TrustBadge>('GET', `${SUKI}/reviews/badge`);
    expect(badge.body.count).toBe(all.body.summary.count);
    expect(badge.body.latest).toHaveLength(3);
  });

  it('GET /questions lists approved questions with approved answers', async () => {
    const browser = new ReviewsBrowser(shop.url);
    const { status, body } = await browser.json<QuestionPage>('GET', `${SUKI}/questions?product=${questioned}`);
    expect(status).toBe(200);
    expect(body.items.length).toBeGreaterThan(0);
    expect(body.items.every((q) => q.productId === questioned)).toBe(true);
  });
});
