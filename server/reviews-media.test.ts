/**
 * The seam to review media (`ReviewMediaPort`), with a stand-in for the media service: a
 * submission's uploads are attached inside the review's own transaction (a refusal rolls the
 * review back with the port's message), listed reviews carry the media the port reads, and the
 * form offers media only when a media service is there.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProductReviewsView, ReviewMedia, ReviewPage, ReviewResult, UploadedMedia } from '../src/core/domain/reviews.js';
import { queryRows } from './db/query.js';
import type { AttachResult, MediaDb, ReviewMediaPort } from './services/review-media-port.js';
import { ReviewsBrowser, startReviewsShop, SUKI, type ReviewsShop } from './test/reviews.js';
import { reviewProducts } from './test/review-fixtures.js';

/** Remembers attaches (writing a marker row in the caller's transaction) and answers media for attached reviews. */
class FakeMedia implements ReviewMediaPort {
  readonly attached = new Map<number, { owner: string; pairs: readonly UploadedMedia[] }>();
  refuse: string | null = null;
  async attach(db: MediaDb, owner: string, pairs: readonly UploadedMedia[], reviewId: number): Promise<AttachResult> {
    await db.execute(sql`INSERT INTO suki_settings (key, value) VALUES (${`media-marker-${reviewId}`}, ${owner})`);
    if (this.refuse !== null) return { ok: false, message: this.refuse };
    this.attached.set(reviewId, { owner, pairs });
    return { ok: true, count: pairs.length };
  }
  async forReviews(_db: MediaDb, reviewIds: readonly number[], alt: (reviewId: number, index: number) => string): Promise<ReadonlyMap<number, readonly ReviewMedia[]>> {
    const out = new Map<number, ReviewMedia[]>();
    for (const id of reviewIds) {
      const found = this.attached.get(id);
      if (found) out.set(id, found.pairs.map((p, i) => ({ id: p.id, kind: 'image', src: `/media/${p.id}.jpg`, thumb: `/media/${p.id}-t.jpg`, width: 800, height: 600, alt: alt(id, i), mime: 'image/jpeg' })));
    }
    return out;
  }
  async deleteForReview(): Promise<void> {
    return undefined;
  }
}

let shop: ReviewsShop;
const media = new FakeMedia();
let busy: { id: number };

beforeAll(async () => {
  shop = await startReviewsShop({ media });
  ({ busy } = await reviewProducts(shop.db.database.db));
});
afterAll(async () => {
  expect(shop.logger.errors).toEqual([]);
  await shop.close();
});

const pairs = [{ id: 11, key: 'a'.repeat(20) }, { id: 12, key: 'b'.repeat(20) }];

describe('review media', () => {
  it('attaches the uploads in the review’s transaction, as the uploading session, and lists them with alt text', async () => {
    const b = new ReviewsBrowser(shop.url, '198.51.100.90');
    const { body } = await b.json<ReviewResult>('POST', `${SUKI}/reviews`, { productId: busy.id, rating: 5, text: 'With photos', name: 'Ana Santos', email: 'ana@example.ph', answers: {}, media: pairs });
    expect(body.code).toBe(0);
    const [row] = await queryRows<{ id: number }>(shop.db.database.db, sql`SELECT id FROM suki_reviews WHERE text = 'With photos'`);
    const id = Number(row?.id);
    expect(media.attached.get(id)?.pairs).toEqual(pairs);
    expect(media.attached.get(id)?.owner).toMatch(/^[0-9a-zA-Z_-]+/);
    await shop.db.database.db.execute(sql`UPDATE suki_reviews SET status = 'approved' WHERE id = ${id}`);
    const page = await b.json<ReviewPage>('GET', `${SUKI}/reviews?product=${busy.id}&per_page=50`);
    const item = page.body.items.find((r) => r.id === id);
    expect(item?.media.map((m) => m.alt)).toEqual(['Photo 1 by Ana Santos', 'Photo 2 by Ana Santos']);
    const block = await b.json<ProductReviewsView>('GET', `${SUKI}/reviews/block?product=${busy.id}`);
    expect(block.body.form.media.enabled).toBe(true);
  });

  it('a refusal from the media service refuses the review with its message and leaves nothing behind', async () => {
    const b = new ReviewsBrowser(shop.url, '198.51.100.91');
    media.refuse = 'That upload is not yours to attach.';
    try {
      const { body } = await b.json<ReviewResult>('POST', `${SUKI}/reviews`, { productId: busy.id, rating: 5, text: 'Stolen photos', name: 'Ana', email: 'ana@example.ph', answers: {}, media: pairs });
      expect(body).toMatchObject({ code: 2, description: 'That upload is not yours to attach.' });
    } finally {
      media.refuse = null;
    }
    expect(await queryRows(shop.db.database.db, sql`SELECT id FROM suki_reviews WHERE text = 'Stolen photos'`)).toEqual([]);
    expect(await queryRows(shop.db.database.db, sql`SELECT key FROM suki_settings WHERE key LIKE 'media-marker-%' AND value <> ''`)).toHaveLength(1);
  });
});
