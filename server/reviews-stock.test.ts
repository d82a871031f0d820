/**
 * The stock Customer Reviews actions on our admin-ajax.php: the recorded stock requests
 * (`tests/fixtures/stock-woocommerce-9.1/peer-2/cr_*.http`, product 14 and its nonces swapped for
 * ours) get answers with the recorded fields and types; `page`, `last_page`, `show_more_label` and
 * `count_row` follow `wire-protocol.md` §2.2; votes and Q&A codes as recorded.
 */
import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { httpRecording } from '../src/adapters/testing/fake-shop.js';
import { queryRows } from './db/query.js';
import { AJAX, ReviewsBrowser, startReviewsShop, SUKI, type ReviewsShop } from './test/reviews.js';
import { reviewProducts } from './test/review-fixtures.js';

const FIXTURES = new URL('../tests/fixtures/stock-woocommerce-9.1/', import.meta.url);

const recordedForm = (name: string): URLSearchParams => {
  const text = readFileSync(new URL(name, FIXTURES), 'utf8');
  const request = text.slice(0, text.indexOf('--- response'));
  const blank = request.search(/\r?\n\r?\n/);
  return new URLSearchParams(request.slice(blank).trim());
};
const recordedJson = (name: string): Record<string, unknown> => JSON.parse(httpRecording(name).body) as Record<string, unknown>;

/** The JSON type of each field (null apart), to compare shapes. */
const shape = (value: Record<string, unknown>): Record<string, string> =>
  Object.fromEntries(Object.entries(value).map(([k, v]) => [k, v === null ? 'string|null' : typeof v === 'object' ? `{${Object.keys(v as object).sort().join(',')}}` : typeof v === 'string' && k === 'html' ? 'string|null' : typeof v]));

interface Nonces {
  show_more: string;
  filter: string;
  all_reviews: string;
  grid: string;
  qna: string;
  qna_answer: string;
  submit: string;
}

let shop: ReviewsShop;
let busy: { id: number; slug: string; count: number };
let browser: ReviewsBrowser;
let nonces: Nonces;

beforeAll(async () => {
  shop = await startReviewsShop();
  ({ busy } = await reviewProducts(shop.db.database.db));
  browser = new ReviewsBrowser(shop.url, '198.51.100.200');
  await browser.ensureNonce();
  nonces = (await browser.json<{ nonces: Nonces }>('GET', `${SUKI}/reviews/stock-settings?product=${busy.id}`)).body.nonces;
});
afterAll(async () => {
  expect(shop.logger.errors).toEqual([]);
  await shop.close();
});

/** The recorded form with product 14 and the nonces swapped for ours. */
const ourForm = (name: string, productId = busy.id, extra: Record<string, string> = {}): URLSearchParams => {
  const form = recordedForm(name);
  const action = form.get('action') ?? '';
  for (const key of ['productID', 'currentPostID', 'id']) if (form.get(key) === '14') form.set(key, String(productId));
  if (form.has('security')) form.set('security', action === 'cr_show_more_reviews' ? nonces.show_more : nonces.filter);
  if (form.has('crNonce') && name.includes('badnonce') === false) form.set('crNonce', form.has('questionID') ? nonces.qna_answer : nonces.qna);
  if (action === 'cr_submit_review') form.set('security', nonces.submit);
  for (const [k, v] of Object.entries(extra)) form.set(k, v);
  return form;
};

describe('review lists', () => {
  for (const name of ['cr_show_more_reviews.http', 'cr_show_more_reviews-page2.http', 'cr_show_more_reviews-search.http', 'cr_show_more_reviews-search-none.http', 'cr_filter_reviews-rating5.http', 'cr_filter_reviews-rating1.http', 'cr_filter_reviews-all.http', 'cr_sort_reviews-helpful.http']) {
    it(`${name}: the recorded fields and types`, async () => {
      const recorded = recordedJson(`peer-2/${name}`);
      const { status, body } = await browser.form<Record<string, unknown>>(AJAX, ourForm(`peer-2/${name}`));
      expect(status).toBe(200);
      expect(shape(body)).toEqual(shape(recorded));
    });
  }

  it('pages as stock does: page = pages shown + 1, cumulative count row, remaining in the label, last page', async () => {
    const page = async (shown: number) => (await browser.form<{ page: number; html: string | null; last_page: boolean; show_more_label: string; count_row: string }>(AJAX, ourForm('peer-2/cr_show_more_reviews.http', busy.id, { page: String(shown) }))).body;
    const first = await page(1);
    expect(first.page).toBe(2);
    expect(first.count_row).toBe(`1-10 of ${busy.count} reviews`);
    expect(first.show_more_label).toBe(`Show more reviews (${busy.count - 10})`);
    expect(first.last_page).toBe(busy.count <= 10);
    expect((first.html ?? '').match(/<li class="review /g)).toHaveLength(5);
    const lastShown = Math.ceil(busy.count / 5) - 1;
    const last = await page(lastShown);
    expect(last.last_page).toBe(true);
    expect(last.show_more_label).toBe('Show more reviews (0)');
    const none = (await browser.form<{ page: number; html: string | null; count_row: string }>(AJAX, ourForm('peer-2/cr_show_more_reviews-search-none.http'))).body;
    expect(none).toMatchObject({ page: 1, html: null, count_row: '0 of 0 reviews' });
  });

  it('the rating filter says so and links to all reviews; every sort is honoured with it', async () => {
    const five = (await browser.form<{ count_row: string; html: string }>(AJAX, ourForm('peer-2/cr_filter_reviews-rating5.http'))).body;
    expect(five.count_row).toMatch(new RegExp(`^1-\\d+ of \\d+ reviews? \\(5 stars\\)\\. <a class="cr-seeAllReviews" data-rating="0" href="">See all ${busy.count} reviews</a>$`));
    expect(five.html).not.toMatch(/Rated [1-4] out of 5/);
    const low = (await browser.form<{ html: string }>(AJAX, ourForm('peer-2/cr_filter_reviews-rating5.http', busy.id, { sort: 'ratinglow', rating: '0' }))).body;
    const lowRatings = [...low.html.matchAll(/Rated (\d) out of 5/g)].map((m) => Number(m[1]));
    const [featured] = await queryRows<{ n: number }>(shop.db.database.db, sql`SELECT count(*)::int n FROM suki_reviews WHERE product_id = ${busy.id} AND featured AND status = 'approved'`);
    const rest = lowRatings.slice(Number(featured?.n ?? 0));
    expect([...rest].sort()).toEqual(rest);
    const bad = await browser.form(AJAX, ourForm('peer-2/cr_filter_reviews-rating5.http', busy.id, { rating: '7' }));
    expect(bad.status).toBe(400);
  });

  it('all reviews: html, page, last_page, show_more_label, count_row and a zero-based pagination', async () => {
    const form = new URLSearchParams({ action: 'cr_show_more_all_reviews', attributes: JSON.stringify({ per_page: 10, shop_reviews: true }), rating: '0', page: '1', search: '', sort: 'recent', security: nonces.all_reviews });
    const { status, body } = await browser.form<Record<string, unknown>>(AJAX, form);
    expect(status).toBe(200);
    expect(Object.keys(body).sort()).toEqual(['count_row', 'html', 'last_page', 'page', 'pagination', 'show_more_label']);
    expect(body['page']).toBe(2);
    expect(body['pagination']).toContain('data-page="1" aria-current="page">2<');
    expect(body['pagination']).toContain('class="cr-page-prev" data-page="0"');
  });

  it('grid: cards without the ones shown, and the filtered count', async () => {
    const first = await browser.form<{ html: string }>(AJAX, new URLSearchParams({ action: 'ivole_show_more_grid_reviews', attributes: JSON.stringify({ show_more: 4, comment__not_in: [] }), security: nonces.grid }));
    const ids = [...first.body.html.matchAll(/data-reviewid="(\d+)"/g)].map((m) => m[1]);
    expect(ids).toHaveLength(4);
    const next = await browser.form<{ html: string }>(AJAX, new URLSearchParams({ action: 'ivole_show_more_grid_reviews', attributes: JSON.stringify({ show_more: 4, comment__not_in: ids }), rating: '5', security: nonces.grid }));
    const more = [...next.body.html.matchAll(/data-reviewid="(\d+)"/g)].map((m) => m[1]);
    expect(more.some((id) => ids.includes(id))).toBe(false);
    expect(next.body.html).toContain('class="cr-count-filtered-reviews"');
  });
});

describe('votes, Q&A and the review form', () => {
  it('votes: up, up again, down, question vote — the recorded shapes', async () => {
    const [review] = await queryRows<{ id: number }>(shop.db.database.db, sql`SELECT id FROM suki_reviews WHERE status = 'approved' AND up = 0 AND down = 0 LIMIT 1`);
    const [question] = await queryRows<{ id: number }>(shop.db.database.db, sql`SELECT id FROM suki_questions WHERE status = 'approved' AND up = 0 AND down = 0 LIMIT 1`);
    const vote = async (name: string, id: number) => (await browser.form<Record<string, unknown>>(AJAX, ourForm(`peer-2/${name}`, busy.id, { reviewID: String(id) }))).body;
    for (const [name, id] of [['cr_vote_review-up.http', review?.id], ['cr_vote_review-up-again.http', review?.id], ['cr_vote_review-down.http', review?.id], ['cr_vote_question.http', question?.id]] as const) {
      expect(await vote(name, Number(id))).toEqual(recordedJson(`peer-2/${name}`));
    }
  });

  it('Q&A list: page, html, last_page as recorded; the next page after the shown one', async () => {
    const [row] = await queryRows<{ product_id: number; n: number }>(shop.db.database.db, sql`SELECT product_id, count(*)::int n FROM suki_questions WHERE parent_id IS NULL AND status = 'approved' GROUP BY product_id ORDER BY 2 DESC LIMIT 1`);
    const productId = Number(row?.product_id);
    for (const name of ['cr_show_more_qna.http', 'cr_show_more_qna-search.http']) {
      const { body } = await browser.form<Record<string, unknown>>(AJAX, ourForm(`peer-2/${name}`, productId));
      expect(shape(body)).toEqual(shape(recordedJson(`peer-2/${name}`)));
    }
    const fresh = (await browser.form<{ page: number; html: string; last_page: boolean }>(AJAX, ourForm('peer-2/cr_show_more_qna.http', productId, { page: '-1' }))).body;
    expect(fresh.page).toBe(0);
    expect(fresh.html).toContain('cr-qna-list-q-cont');
  });

  it('Q&A: question, answer, bad nonce as recorded', async () => {
    const [question] = await queryRows<{ id: number; product_id: number }>(shop.db.database.db, sql`SELECT id, product_id FROM suki_questions WHERE status = 'approved' AND parent_id IS NULL AND product_id = ${busy.id} LIMIT 1`);
    expect((await browser.form(AJAX, ourForm('peer-2/cr_new_qna-question.http'))).body).toEqual(recordedJson('peer-2/cr_new_qna-question.http'));
    expect((await browser.form(AJAX, ourForm('peer-2/cr_new_qna-badnonce.http'))).body).toEqual(recordedJson('peer-2/cr_new_qna-badnonce.http'));
    if (question) {
      const answer = ourForm('peer-2/cr_new_qna-answer.http', busy.id, { questionID: String(question.id) });
      expect((await browser.form(AJAX, answer)).body).toEqual(recordedJson('peer-2/cr_new_qna-answer.http'));
    }
  });

  it('the review form: success, missing fields, flood as recorded', async () => {
    const flooded = await startReviewsShop({ db: shop.db, reviewFlood: { max: 1, windowMs: 60_000 } });
    try {
      const b = new ReviewsBrowser(flooded.url, '198.51.100.201');
      await b.ensureNonce();
      const n = (await b.json<{ nonces: Nonces }>('GET', `${SUKI}/reviews/stock-settings?product=${busy.id}`)).body.nonces;
      const send = (name: string) => {
        const form = ourForm(`peer-2/${name}`);
        form.set('security', n.submit);
        return b.form(AJAX, form);
      };
      expect((await send('cr_submit_review-missing-fields.http')).body).toEqual(recordedJson('peer-2/cr_submit_review-missing-fields.http'));
      expect((await send('cr_submit_review.http')).body).toEqual({ ...recordedJson('peer-2/cr_submit_review.http'), description: 'Your review has been successfully added. It will appear once the shop has approved it.' });
      expect((await send('cr_submit_review-flood.http')).body).toEqual(recordedJson('peer-2/cr_submit_review-flood.http'));
    } finally {
      await flooded.close();
    }
  });
});
