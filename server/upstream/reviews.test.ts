/**
 * Reviews and questions in upstream mode against a stand-in stock shop answering with the recorded
 * Customer Reviews for WooCommerce 5.110.1 answers (`server/test/fake-stock-reviews.ts`): Suki's JSON
 * route translated to the stock page and actions (with the page's nonces and the stock fields),
 * what a stock shop cannot do refused with 501, bad input refused before it reaches the stock shop,
 * and bad stock answers as clear 502s.
 */
import { Hono } from 'hono';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ProductQuestionsView, ProductReviewsView, QuestionPage, QuestionResult, ReviewPage, ReviewResult, Votes } from '../../src/core/domain/reviews.js';
import { listen } from '../listen.js';
import { RECORDED_REVIEW_NONCES, stockReviewsShop, type StockReviewsControls } from '../test/fake-stock-reviews.js';
import { createUpstreamApp } from './app.js';

let stockUrl = '';
let controls: StockReviewsControls;
let stock: { url: string; close(): Promise<void> };
let front: { url: string; close(): Promise<void> };

beforeAll(async () => {
  const shop = stockReviewsShop({ origin: () => stockUrl });
  controls = shop.controls;
  const app = new Hono();
  app.route('/', shop.app);
  stock = await listen(app, { port: 0 });
  stockUrl = stock.url;
  front = await listen(createUpstreamApp({ upstream: new URL(stock.url), reviews: { questions: true, shopName: 'Suki Peer Shop' } }), { port: 0 });
}, 60_000);
afterAll(async () => {
  await front?.close();
  await stock?.close();
});
beforeEach(() => {
  controls.brokenAjax = null;
  controls.seen.length = 0;
});

const get = async <T>(path: string, cookie = ''): Promise<{ status: number; body: T }> => {
  const response = await fetch(new URL(path, front.url), { headers: cookie ? { cookie } : {} });
  return { status: response.status, body: (await response.json()) as T };
};
const post = async <T>(path: string, body: unknown, cookie = ''): Promise<{ status: number; body: T }> => {
  const response = await fetch(new URL(path, front.url), { method: 'POST', headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) }, body: JSON.stringify(body) });
  return { status: response.status, body: (await response.json()) as T };
};
const sent = (action: string) => controls.seen.filter((s) => s.form['action'] === action).map((s) => s.form);

describe('the product page’s tab', () => {
  it('is read from the stock product page: the summary with its histogram, the first reviews, the stock form', async () => {
    const { status, body } = await get<ProductReviewsView>('/wp-json/suki/v1/reviews/block?product=14');
    expect(status).toBe(200);
    expect(body.summary).toEqual({ averageHundredths: 380, count: 12, histogram: [1, 1, 2, 3, 5] });
    expect(body.first.items.map((r) => r.id)).toEqual([13]);
    expect(body.first.items[0]?.product).toEqual({ id: 14, name: 'Peer Tee', permalink: '/product/peer-tee/', image: expect.any(String) as string });
    expect(body.first).toMatchObject({ total: 12, page: 1, lastPage: false });
    expect(body.form.media.enabled).toBe(false);
  });

  it('a product whose stock page has no reviews block is unsupported (501: no tab), an unknown one not found', async () => {
    expect((await get('/wp-json/suki/v1/reviews/block?product=16')).status).toBe(501);
    expect((await get('/wp-json/suki/v1/reviews/block?product=999')).status).toBe(404);
    expect((await get('/wp-json/suki/v1/reviews/block?product=abc')).status).toBe(400);
  });
});

describe('review list pages', () => {
  it('page 2 is cr_show_more_reviews with one page shown and the page’s nonce', async () => {
    const { status, body } = await get<ReviewPage>('/wp-json/suki/v1/reviews?product=14&page=2');
    expect(status).toBe(200);
    expect(body.items.map((r) => r.id)).toEqual([8, 7, 6, 5, 4]);
    expect(body).toMatchObject({ total: 12, page: 2, lastPage: false });
    expect(sent('cr_show_more_reviews').at(-1)).toMatchObject({ productID: '14', page: '1', sort: 'recent', rating: '0', search: '', security: RECORDED_REVIEW_NONCES.list });
  });

  it('the last page, a search, a rating filter and a sort reach the stock action as its fields', async () => {
    expect((await get<ReviewPage>('/wp-json/suki/v1/reviews?product=14&page=3')).body).toMatchObject({ page: 3, lastPage: true, total: 12 });
    const search = await get<ReviewPage>('/wp-json/suki/v1/reviews?product=14&search=fit');
    expect(search.body.total).toBe(2);
    expect(sent('cr_show_more_reviews').at(-1)).toMatchObject({ page: '0', search: 'fit' });
    const five = await get<ReviewPage>('/wp-json/suki/v1/reviews?product=14&rating=5&sort=ratinghigh');
    expect(five.body.items.every((r) => r.rating === 5)).toBe(true);
    expect(sent('cr_show_more_reviews').at(-1)).toMatchObject({ rating: '5', sort: 'ratinghigh' });
    await get('/wp-json/suki/v1/reviews?product=14&sort=nonsense&tags=3,4');
    const last = controls.seen.at(-1);
    expect(last?.form['sort']).toBe('recent');
  });

  it('bad queries are refused before the stock shop hears of them', async () => {
    for (const query of ['rating=9', 'rating=1.5', 'page=0', 'page=abc', 'search=%00', `search=${'x'.repeat(101)}`, 'tags=a']) {
      const { status, body } = await get<{ code: string }>(`/wp-json/suki/v1/reviews?product=14&${query}`);
      expect(status, query).toBe(400);
      expect(body.code).toBe('suki_reviews_invalid');
    }
    expect(sent('cr_show_more_reviews')).toEqual([]);
  });

  it('shop reviews and the all-reviews page, home sections, badge and uploads are unsupported upstream', async () => {
    expect((await get('/wp-json/suki/v1/reviews?product=shop')).status).toBe(501);
    expect((await get('/wp-json/suki/v1/reviews?product=all')).status).toBe(501);
    for (const path of ['/wp-json/suki/v1/reviews/all', '/wp-json/suki/v1/reviews/home', '/wp-json/suki/v1/reviews/badge']) expect((await get(path)).status).toBe(501);
    expect((await post('/wp-json/suki/v1/reviews/media', {})).status).toBe(501);
  });

  it('a stock answer that is not the stock JSON is a 502 with a message', async () => {
    controls.brokenAjax = 'html';
    const broken = await get<{ code: string; message: string }>('/wp-json/suki/v1/reviews?product=14&page=2');
    expect(broken.status).toBe(502);
    expect(broken.body.message).toMatch(/could not read/);
    controls.brokenAjax = 'server-error';
    expect((await get('/wp-json/suki/v1/reviews?product=14&page=2')).status).toBe(502);
  });
});

describe('votes', () => {
  it('up, up again (withdrawn), down: the stock counts and the viewer’s direction', async () => {
    const cookie = 'wp_woocommerce_session_x=voter-1';
    expect((await post<Votes>('/wp-json/suki/v1/reviews/13/vote', { upvote: true }, cookie)).body).toEqual({ up: 1, down: 0, current: 1 });
    expect((await post<Votes>('/wp-json/suki/v1/reviews/13/vote', { upvote: true }, cookie)).body).toEqual({ up: 0, down: 0, current: 0 });
    expect((await post<Votes>('/wp-json/suki/v1/reviews/13/vote', { upvote: false }, cookie)).body).toEqual({ up: 0, down: 1, current: -1 });
    expect(sent('cr_vote_review').at(-1)).toEqual({ action: 'cr_vote_review', reviewID: '13', upvote: '0' });
  });

  it('an unknown review is not found; a body that is not a vote is refused', async () => {
    expect((await post('/wp-json/suki/v1/reviews/99/vote', { upvote: true })).status).toBe(404);
    expect((await post('/wp-json/suki/v1/reviews/13/vote', { upvote: 'yes' })).status).toBe(400);
    expect((await post('/wp-json/suki/v1/reviews/x/vote', { upvote: true })).status).toBe(404);
  });
});

describe('a review', () => {
  const review = { productId: 14, rating: 4, text: 'Nice tee.', name: 'Ana', email: 'ana@example.ph', answers: {}, media: [] };

  it('is cr_submit_review with the stock fields; the stock shop holds it; a second at once meets the flood rule', async () => {
    const first = await post<ReviewResult>('/wp-json/suki/v1/reviews', review);
    expect(first.body).toEqual({ code: 0, description: 'Your review has been successfully added', button: 'Continue', status: 'hold' });
    expect(sent('cr_submit_review').at(-1)).toEqual({ action: 'cr_submit_review', rating: '4', review: 'Nice tee.', name: 'Ana', id: '14', email: 'ana@example.ph', 'g-recaptcha-response': '' });
    const again = await post<ReviewResult>('/wp-json/suki/v1/reviews', { ...review, text: 'Again.' });
    expect(again.body).toEqual({ code: 1, description: 'You are posting comments too quickly. Slow down.', button: 'Try again' });
  });

  it('a shop review or one with media is unsupported; a malformed one refused with the field', async () => {
    expect((await post('/wp-json/suki/v1/reviews', { ...review, productId: null })).status).toBe(501);
    expect((await post('/wp-json/suki/v1/reviews', { ...review, media: [{ id: 1, key: 'k' }] })).status).toBe(501);
    const bad = await post<{ data: { params: Record<string, string> } }>('/wp-json/suki/v1/reviews', { ...review, rating: 7 });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.data.params)).toEqual(['rating']);
    expect((await post('/wp-json/suki/v1/reviews', { ...review, name: 'A\u0000' })).status).toBe(400);
  });
});

describe('questions and answers', () => {
  it('the tab: the first questions from the stock page, with their answers and the form', async () => {
    const { status, body } = await get<ProductQuestionsView>('/wp-json/suki/v1/questions/block?product=14');
    expect(status).toBe(200);
    expect(body.first.items).toMatchObject([{ id: 26, text: 'Do you ship to Cebu?', author: 'Jo Marquez', answers: [{ id: 27, byShop: true, votes: { up: 1, down: 0, current: 0 } }] }]);
    expect(body.form.accepting).toBe(true);
  });

  it('a later page or a search is cr_show_more_qna with the stock fields', async () => {
    const page = await get<QuestionPage>('/wp-json/suki/v1/questions?product=14&page=2');
    expect(page.body).toMatchObject({ items: [], page: 2, lastPage: true });
    expect(sent('cr_show_more_qna').at(-1)).toMatchObject({ productID: '14', page: '1', search: '', cr_attributes: '"cr_qna"' });
    await get('/wp-json/suki/v1/questions?product=14&search=cotton');
    expect(sent('cr_show_more_qna').at(-1)).toMatchObject({ page: '0', search: 'cotton' });
  });

  it('a question and an answer are cr_new_qna with the Q&A block’s nonce; the stock codes come back', async () => {
    const asked = await post<QuestionResult>('/wp-json/suki/v1/questions', { productId: 14, text: 'Is there a size chart?', name: 'Guest', email: 'guest@example.ph' });
    expect(asked.body).toEqual({ code: 0, description: 'The question was successfully added.' });
    expect(sent('cr_new_qna').at(-1)).toEqual({ action: 'cr_new_qna', crNonce: RECORDED_REVIEW_NONCES.questions, currentPostID: '14', text: 'Is there a size chart?', name: 'Guest', email: 'guest@example.ph' });
    const answered = await post<QuestionResult>('/wp-json/suki/v1/questions', { productId: 14, questionId: 26, text: 'Yes, on the page.', name: 'Guest', email: 'guest@example.ph' });
    expect(answered.body.code).toBe(0);
    expect(sent('cr_new_qna').at(-1)).toMatchObject({ questionID: '26', productID: '14' });
  });

  it('a vote on a question is cr_vote_question', async () => {
    expect((await post<Votes>('/wp-json/suki/v1/questions/26/vote', { upvote: true }, 'wp_woocommerce_session_x=q-voter')).body).toEqual({ up: 1, down: 0, current: 1 });
    expect(sent('cr_vote_question').at(-1)).toEqual({ action: 'cr_vote_question', reviewID: '26', upvote: '1' });
  });
});

describe('writes from other sites', () => {
  it('are refused with 403 before the stock shop hears of them', async () => {
    const response = await fetch(new URL('/wp-json/suki/v1/reviews/13/vote', front.url), { method: 'POST', headers: { 'content-type': 'application/json', origin: 'https://evil.example' }, body: '{"upvote":true}' });
    expect(response.status).toBe(403);
    expect(sent('cr_vote_review')).toEqual([]);
  });
});
