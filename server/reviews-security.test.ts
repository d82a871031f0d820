/**
 * The security and reliability list for reviews and questions, over real HTTP: nonces (an
 * empty, whitespace or missing one never authorises), cross-site writes, validation answers, text
 * kept as text (escaped in every `html` answer), literal search (a catastrophic pattern costs
 * nothing), who may review, verified owners and moderation, captcha, media without a media
 * service, duplicates, votes (withdraw, move, 404 for what the viewer may not see, 100 concurrent
 * voters, one voter pressing 100 times), and the plugins switched off.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { QuestionResult, ReviewPage, ReviewResult, Votes } from '../src/core/domain/reviews.js';
import { queryRows } from './db/query.js';
import { AJAX, fakeCaptcha, ReviewsBrowser, startReviewsShop, SUKI, type ReviewsShop } from './test/reviews.js';
import { insertApprovedReview, insertOrder, reviewProducts } from './test/review-fixtures.js';

let shop: ReviewsShop;
let busy: { id: number; slug: string; count: number };
let quiet: { id: number; slug: string };
let ip = 10;
const browser = () => new ReviewsBrowser(shop.url, `198.51.100.${ip++ % 250}`);
const db = () => shop.db.database.db;

beforeAll(async () => {
  shop = await startReviewsShop();
  ({ busy, quiet } = await reviewProducts(db()));
});
afterAll(async () => {
  expect(shop.logger.errors).toEqual([]);
  await shop.close();
});

const review = (productId: number | null, extra: Record<string, unknown> = {}) => ({ productId, rating: 4, text: `Maganda ${Math.random()}`, name: 'Ana Santos', email: 'ana@example.ph', answers: {}, media: [], ...extra });

describe('nonces', () => {
  it('an empty, whitespace or missing nonce never authorises a review, a vote or a question; a wrong one is 403', async () => {
    const b = browser();
    await b.ensureNonce();
    const [approved] = await queryRows<{ id: number }>(db(), sql`SELECT id FROM suki_reviews WHERE status = 'approved' LIMIT 1`);
    const before = await queryRows<{ n: number }>(db(), sql`SELECT count(*)::int n FROM suki_reviews`);
    for (const nonce of [undefined, '', '   ', 'deadbeef00', `${b.nonce} `.replace(/./, 'z')]) {
      const headers: Record<string, string> = { 'content-type': 'application/json' };
      if (nonce !== undefined) headers['nonce'] = nonce;
      for (const [path, body] of [
        [`${SUKI}/reviews`, review(busy.id)],
        [`${SUKI}/reviews/${approved?.id}/vote`, { upvote: true }],
        [`${SUKI}/questions`, { productId: busy.id, text: 'Is it big?', name: 'Ana', email: 'ana@example.ph' }],
      ] as const) {
        const response = await b.fetch(path, { method: 'POST', headers, body: JSON.stringify(body) });
        expect([401, 403]).toContain(response.status);
        if (nonce === undefined || nonce.trim() === '') expect(response.status).toBe(401);
      }
    }
    const after = await queryRows<{ n: number }>(db(), sql`SELECT count(*)::int n FROM suki_reviews`);
    expect(after).toEqual(before);
  });

  it('the stock actions refuse filtering, submission and Q&A without their nonce', async () => {
    const b = browser();
    await b.ensureNonce();
    const list = await b.form(AJAX, { action: 'cr_show_more_reviews', productID: String(busy.id), page: '1', sort: 'recent', rating: '0', search: '', security: '' });
    expect(list.status).toBe(403);
    expect(list.text).toBe('-1');
    const filter = await b.form(AJAX, { action: 'cr_filter_reviews', productID: String(busy.id), rating: '5', sort: 'recent', security: 'deadbeef00' });
    expect(filter.status).toBe(403);
    const submit = await b.form<{ code: number }>(AJAX, { action: 'cr_submit_review', rating: '5', review: 'Nice one here', name: 'Ana', id: String(busy.id), email: 'ana@example.ph' });
    expect(submit.body.code).toBe(2);
    const qna = await b.form<{ code: number; description: string }>(AJAX, { action: 'cr_new_qna', crNonce: 'deadbeef00', currentPostID: String(busy.id), text: 'Bad nonce?', name: 'Ana', email: 'ana@example.ph' });
    expect(qna.body).toMatchObject({ code: 2, description: 'Nonce validation error', button: 'Try again' });
  });

  it('cross-site writes are refused with 403', async () => {
    const b = browser();
    await b.ensureNonce();
    const response = await b.fetch(`${SUKI}/reviews`, { method: 'POST', headers: { origin: 'https://evil.example', 'content-type': 'application/json', nonce: b.nonce ?? '' }, body: JSON.stringify(review(busy.id)) });
    expect(response.status).toBe(403);
    const vote = await b.fetch(AJAX, { method: 'POST', headers: { 'sec-fetch-site': 'cross-site', 'content-type': 'application/x-www-form-urlencoded' }, body: 'action=cr_vote_review&reviewID=1&upvote=1' });
    expect(vote.status).toBe(403);
  });
});

describe('submitting a review', () => {
  it('holds a new review for moderation: not listed, not counted', async () => {
    const b = browser();
    const { status, body } = await b.json<ReviewResult>('POST', `${SUKI}/reviews`, review(busy.id));
    expect(status).toBe(200);
    expect(body).toMatchObject({ code: 0, button: 'Continue', status: 'hold' });
    const page = await b.json<ReviewPage>('GET', `${SUKI}/reviews?product=${busy.id}`);
    expect(page.body.total).toBe(busy.count);
  });

  it('answers code 2 for a bad rating, an empty or invisible text or name, a bad email; code 1 for the same review twice', async () => {
    const b = browser();
    for (const bad of [{ rating: 0 }, { rating: 6 }, { rating: 4.5 }, { rating: '5' as unknown as number }, { text: '   ' }, { text: '\u200b\u200b' }, { name: '' }, { name: '\u200b\u2060\u00ad' }, { email: 'ana@' }, { email: 'ana example.ph' }]) {
      const { body } = await b.json<ReviewResult>('POST', `${SUKI}/reviews`, review(busy.id, bad));
      if ('rating' in bad && bad.rating === ('5' as unknown as number)) expect(body.code).toBe(0);
      else expect(body, JSON.stringify(bad)).toMatchObject({ code: 2, description: 'Data validation error', button: 'OK' });
    }
    const same = review(busy.id, { text: 'Exactly the same words' });
    expect((await b.json<ReviewResult>('POST', `${SUKI}/reviews`, same)).body.code).toBe(0);
    expect((await b.json<ReviewResult>('POST', `${SUKI}/reviews`, same)).body.code).toBe(1);
  });

  it('refuses a body that is not the submission shape with 400', async () => {
    const b = browser();
    expect((await b.json('POST', `${SUKI}/reviews`, [1, 2])).status).toBe(400);
    expect((await b.json('POST', `${SUKI}/reviews`, review(busy.id, { admin: true }))).status).toBe(400);
    expect((await b.json('POST', `${SUKI}/reviews`, review(-3 as unknown as number))).status).toBe(400);
    expect((await b.json('POST', `${SUKI}/reviews`, review(busy.id, { media: [{ id: 1, key: 'nope' }] }))).status).toBe(400);
  });

  it('refuses media when no media service is given, with a clear description, and stores nothing', async () => {
    const b = browser();
    const text = `With a photo ${Math.random()}`;
    const { body } = await b.json<ReviewResult>('POST', `${SUKI}/reviews`, review(busy.id, { text, media: [{ id: 5, key: 'a'.repeat(20) }] }));
    expect(body).toMatchObject({ code: 2, description: 'Photos and videos cannot be attached' });
    expect(await queryRows(db(), sql`SELECT id FROM suki_reviews WHERE text = ${text}`)).toEqual([]);
  });

  it('keeps names and texts as text: the JSON gives them back as written, the stock html escapes them', async () => {
    const b = browser();
    const evil = `<img src=x onerror=alert(1)> & "quotes" <script>alert(2)</script>`;
    const id = await insertApprovedReview(db(), quiet.id, { text: `${evil} text`, author: evil });
    const page = await b.json<ReviewPage>('GET', `${SUKI}/reviews?product=${quiet.id}`);
    const item = page.body.items.find((r) => r.id === id);
    expect(item?.author).toBe(evil);
    await b.ensureNonce();
    const settings = await b.json<{ nonces: { show_more: string } }>('GET', `${SUKI}/reviews/stock-settings?product=${quiet.id}`);
    const stock = await b.form<{ html: string }>(AJAX, { action: 'cr_show_more_reviews', productID: String(quiet.id), page: '0', sort: 'recent', rating: '0', search: 'script', security: settings.body.nonces.show_more });
    expect(stock.status).toBe(200);
    expect(stock.body.html).not.toMatch(/<script|<img/i);
    expect(stock.body.html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(stock.body.html).toContain('<span class="cr-search-highlight">script</span>');
  });

  it('tells the shop of a new review and question by mail, names and texts as text', async () => {
    const b = browser();
    const evil = '<b onmouseover=alert(1)>Ana</b> & co';
    const text = `<script>alert("x")</script> ${Math.random()}`;
    expect((await b.json<ReviewResult>('POST', `${SUKI}/reviews`, review(busy.id, { name: evil, text }))).body.code).toBe(0);
    const [mail] = await queryRows<{ subject: string; text_body: string; html_body: string }>(db(), sql`SELECT subject, text_body, html_body FROM suki_mail_outbox ORDER BY id DESC LIMIT 1`);
    expect(mail?.subject).toContain('New review waiting for approval');
    expect(mail?.text_body).toContain(text);
    expect(mail?.text_body).toContain(evil);
    expect(mail?.html_body).not.toMatch(/<script|<b /);
    expect(mail?.html_body).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;');
    expect(mail?.html_body).toContain('&lt;b onmouseover=alert(1)&gt;Ana&lt;/b&gt; &amp; co');
    expect((await b.json<QuestionResult>('POST', `${SUKI}/questions`, { productId: busy.id, text: `<i>Size?</i> ${Math.random()}`, name: evil, email: 'ana@example.ph' })).body.code).toBe(0);
    const [question] = await queryRows<{ subject: string; html_body: string }>(db(), sql`SELECT subject, html_body FROM suki_mail_outbox ORDER BY id DESC LIMIT 1`);
    expect(question?.subject).toContain('New question');
    expect(question?.html_body).toContain('&lt;i&gt;Size?&lt;/i&gt;');
  });

  it('lets only the allowed writers review: none (3), registered (4), verified owners (5)', async () => {
    for (const [accepting, code] of [['none', 3], ['registered', 4], ['verified', 5]] as const) {
      const other = await startReviewsShop({ db: shop.db, reviews: { accepting } });
      try {
        const b = new ReviewsBrowser(other.url, `192.0.2.${code}`);
        expect((await b.json<ReviewResult>('POST', `${SUKI}/reviews`, review(busy.id))).body.code).toBe(code);
      } finally {
        await other.close();
      }
    }
  });

  it('publishes a verified owner’s review at once when the shop says so: listed, counted, average moved, cache generation bumped', async () => {
    const other = await startReviewsShop({ db: shop.db, reviews: { autoApproveVerified: true } });
    try {
      const b = new ReviewsBrowser(other.url, '192.0.2.40');
      await insertOrder(db(), 'owner@example.ph', quiet.id);
      const [{ generation: before } = { generation: 0 }] = await queryRows<{ generation: number }>(db(), sql`SELECT generation FROM suki_cache_generation`);
      const [{ n: count0 } = { n: 0 }] = await queryRows<{ n: number }>(db(), sql`SELECT review_count AS n FROM suki_products WHERE id = ${quiet.id}`);
      const { body } = await b.json<ReviewResult>('POST', `${SUKI}/reviews`, review(quiet.id, { email: 'Owner@Example.ph', rating: 2, text: 'Verified and honest' }));
      expect(body).toMatchObject({ code: 0, status: 'approved' });
      const page = await b.json<ReviewPage>('GET', `${SUKI}/reviews?product=${quiet.id}&per_page=50`);
      const mine = page.body.items.find((r) => r.text === 'Verified and honest');
      expect(mine?.verified).toBe(true);
      const [after] = await queryRows<{ n: number; generation: number }>(db(), sql`SELECT review_count AS n, (SELECT generation FROM suki_cache_generation) AS generation FROM suki_products WHERE id = ${quiet.id}`);
      expect(Number(after?.n)).toBe(Number(count0) + 1);
      expect(Number(after?.generation)).toBeGreaterThan(Number(before));
      // A held review by someone else changes neither.
      const [{ generation: g1 } = { generation: 0 }] = await queryRows<{ generation: number }>(db(), sql`SELECT generation FROM suki_cache_generation`);
      expect((await b.json<ReviewResult>('POST', `${SUKI}/reviews`, review(quiet.id))).body.status).toBe('hold');
      const [{ generation: g2 } = { generation: 0 }] = await queryRows<{ generation: number }>(db(), sql`SELECT generation FROM suki_cache_generation`);
      expect(Number(g2)).toBe(Number(g1));
    } finally {
      await other.close();
    }
  });

  it('asks for the captcha when a site key is configured: missing or blank (2), refused (2), accepted (0)', async () => {
    const captcha = fakeCaptcha();
    const other = await startReviewsShop({ db: shop.db, reviews: { captchaSiteKey: 'site-key-12345' }, captcha });
    try {
      const b = new ReviewsBrowser(other.url, '192.0.2.50');
      expect((await b.json<ReviewResult>('POST', `${SUKI}/reviews`, review(busy.id))).body).toMatchObject({ code: 2, description: 'Please confirm that you are not a robot' });
      expect((await b.json<ReviewResult>('POST', `${SUKI}/reviews`, review(busy.id, { captcha: '  ' }))).body.code).toBe(2);
      expect(captcha.calls).toBe(0);
      expect((await b.json<ReviewResult>('POST', `${SUKI}/reviews`, review(busy.id, { captcha: 'bad' }))).body.code).toBe(2);
      expect((await b.json<ReviewResult>('POST', `${SUKI}/reviews`, review(busy.id, { captcha: 'good-token' }))).body.code).toBe(0);
    } finally {
      await other.close();
    }
  });

  it('requires required on-site questions', async () => {
    const other = await startReviewsShop({ db: shop.db, reviews: { questions: [{ name: 'fit', label: 'How does it fit?', type: 'text', required: true }, { name: 'value', label: 'Value', type: 'rating', required: false }] } });
    try {
      const b = new ReviewsBrowser(other.url, '192.0.2.60');
      expect((await b.json<ReviewResult>('POST', `${SUKI}/reviews`, review(busy.id))).body.code).toBe(2);
      expect((await b.json<ReviewResult>('POST', `${SUKI}/reviews`, review(busy.id, { answers: { fit: '   ' } }))).body.code).toBe(2);
      expect((await b.json<ReviewResult>('POST', `${SUKI}/reviews`, review(busy.id, { answers: { fit: 'Snug', value: '9' } }))).body.code).toBe(2);
      expect((await b.json<ReviewResult>('POST', `${SUKI}/reviews`, review(busy.id, { answers: { fit: 'Snug', color: 'red' } }))).body.code).toBe(2);
      const text = `Answers kept ${Math.random()}`;
      expect((await b.json<ReviewResult>('POST', `${SUKI}/reviews`, review(busy.id, { text, answers: { fit: 'Snug', value: '4' } }))).body.code).toBe(0);
      const answers = await queryRows<{ name: string; value: string }>(db(), sql`SELECT a.name, a.value FROM suki_review_answers a JOIN suki_reviews r ON r.id = a.review_id WHERE r.text = ${text} ORDER BY a.name`);
      expect(answers).toEqual([{ name: 'fit', value: 'Snug' }, { name: 'value', value: '4' }]);
    } finally {
      await other.close();
    }
  });

  it('the classic form posts a review and goes back to the product with the outcome', async () => {
    const b = browser();
    const response = await b.fetch('/wp-comments-post.php', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ comment_post_ID: String(busy.id), rating: '5', comment: 'Posted through wp-comments-post.php.', author: 'Form Guest', email: 'form@example.com', comment_parent: '0', submit: 'Submit' }).toString(),
    });
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe(`/product/${busy.slug}/?review_result=0&review_status=hold&review_message=addedHeld#reviews`);
    const again = await b.fetch('/wp-comments-post.php', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ comment_post_ID: String(busy.id), rating: '5', comment: '', author: 'Form Guest', email: 'form@example.com' }).toString(),
    });
    expect(again.headers.get('location')).toBe(`/product/${busy.slug}/?review_result=2&review_message=validation#reviews`);
  });
});

describe('search', () => {
  it('is literal: regex and LIKE metacharacters are text, a catastrophic pattern finds nothing and costs nothing', async () => {
    const b = browser();
    await insertApprovedReview(db(), quiet.id, { text: 'Discount was 100% real' });
    await insertApprovedReview(db(), quiet.id, { text: 'Code a_b worked' });
    await insertApprovedReview(db(), quiet.id, { text: 'Nothing special here at all' });
    const search = async (term: string) => (await b.json<ReviewPage>('GET', `${SUKI}/reviews?product=${quiet.id}&per_page=50&search=${encodeURIComponent(term)}`)).body;
    expect((await search('%')).items.map((r) => r.text)).toEqual(['Discount was 100% real']);
    expect((await search('a_b')).items.map((r) => r.text)).toEqual(['Code a_b worked']);
    expect((await search('_')).items.map((r) => r.text)).toEqual(['Code a_b worked']);
    for (const pattern of ['(a+)+$', '(.*a){20}', '[', '\\', '.*', "'; DROP TABLE suki_reviews; --"]) {
      const started = performance.now();
      const page = await search(pattern);
      expect(page.total, pattern).toBe(0);
      expect(performance.now() - started).toBeLessThan(5000);
    }
  });
});

describe('votes', () => {
  it('up, the same again withdraws, the opposite moves; the viewer’s vote is in the list', async () => {
    const b = browser();
    const id = await insertApprovedReview(db(), quiet.id, { text: `Vote on me ${Math.random()}` });
    const vote = async (upvote: boolean) => (await b.json<Votes>('POST', `${SUKI}/reviews/${id}/vote`, { upvote })).body;
    expect(await vote(true)).toEqual({ up: 1, down: 0, current: 1 });
    expect(await vote(true)).toEqual({ up: 0, down: 0, current: 0 });
    expect(await vote(true)).toEqual({ up: 1, down: 0, current: 1 });
    expect(await vote(false)).toEqual({ up: 0, down: 1, current: -1 });
    const page = await b.json<ReviewPage>('GET', `${SUKI}/reviews?product=${quiet.id}&per_page=50`);
    expect(page.body.items.find((r) => r.id === id)?.votes).toEqual({ up: 0, down: 1, current: -1 });
    const stranger = browser();
    const theirs = await stranger.json<ReviewPage>('GET', `${SUKI}/reviews?product=${quiet.id}&per_page=50`);
    expect(theirs.body.items.find((r) => r.id === id)?.votes.current).toBe(0);
  });

  it('answers 404 for a held review, a missing one, and a question of another product', async () => {
    const b = browser();
    const [held] = await queryRows<{ id: number }>(db(), sql`SELECT id FROM suki_reviews WHERE status = 'hold' LIMIT 1`);
    expect((await b.json('POST', `${SUKI}/reviews/${held?.id}/vote`, { upvote: true })).status).toBe(404);
    expect((await b.json('POST', `${SUKI}/reviews/99999999/vote`, { upvote: true })).status).toBe(404);
    const [question] = await queryRows<{ id: number; product_id: number }>(db(), sql`SELECT id, product_id FROM suki_questions WHERE status = 'approved' AND parent_id IS NULL LIMIT 1`);
    expect((await b.json('POST', `${SUKI}/questions/${question?.id}/vote`, { upvote: true, productId: quiet.id === question?.product_id ? busy.id : quiet.id })).status).toBe(404);
    expect((await b.json<Votes>('POST', `${SUKI}/questions/${question?.id}/vote`, { upvote: true, productId: question?.product_id })).status).toBe(200);
    const stock = await b.form<{ code: number }>(AJAX, { action: 'cr_vote_review', reviewID: String(held?.id), upvote: '1' });
    expect(stock.status).toBe(404);
  });

  it('100 concurrent distinct voters make exactly 100', async () => {
    const id = await insertApprovedReview(db(), quiet.id, { text: `Popular ${Math.random()}` });
    const voters = Array.from({ length: 100 }, () => browser());
    await Promise.all(voters.map((v) => v.ensureNonce()));
    const answers = await Promise.all(voters.map((v) => v.json<Votes>('POST', `${SUKI}/reviews/${id}/vote`, { upvote: true })));
    expect(answers.every((a) => a.status === 200)).toBe(true);
    const [row] = await queryRows<{ up: number; n: number }>(db(), sql`SELECT up, (SELECT count(*)::int FROM suki_review_votes WHERE kind = 'review' AND target_id = ${id}) AS n FROM suki_reviews WHERE id = ${id}`);
    expect(row).toEqual({ up: 100, n: 100 });
  });

  it('one voter pressing 100 times at once counts at most once, and the count equals the stored vote', async () => {
    const id = await insertApprovedReview(db(), quiet.id, { text: `Pressed ${Math.random()}` });
    const b = browser();
    await b.ensureNonce();
    const answers = await Promise.all(Array.from({ length: 100 }, () => b.json<Votes>('POST', `${SUKI}/reviews/${id}/vote`, { upvote: true })));
    expect(answers.every((a) => a.status === 200 && a.body.up <= 1)).toBe(true);
    const [row] = await queryRows<{ up: number; n: number }>(db(), sql`SELECT up, (SELECT count(*)::int FROM suki_review_votes WHERE kind = 'review' AND target_id = ${id}) AS n FROM suki_reviews WHERE id = ${id}`);
    expect(row?.up).toBe(row?.n);
    expect(row?.n).toBe(0); // 100 presses: an even number of toggles
  });
});

describe('questions', () => {
  it('asks and answers (held), refuses bad fields (2) and an answer to another product’s question (2)', async () => {
    const b = browser();
    const ask = await b.json<QuestionResult>('POST', `${SUKI}/questions`, { productId: busy.id, text: 'Is there a size chart?', name: 'Test Guest', email: 'guest1@example.com' });
    expect(ask.body).toEqual({ code: 0, description: 'The question was successfully added.' });
    const [question] = await queryRows<{ id: number; product_id: number }>(db(), sql`SELECT id, product_id FROM suki_questions WHERE status = 'approved' AND parent_id IS NULL LIMIT 1`);
    const answer = await b.json<QuestionResult>('POST', `${SUKI}/questions`, { productId: question?.product_id, questionId: question?.id, text: 'I think it runs true to size.', name: 'Other Guest', email: 'guest2@example.com' });
    expect(answer.body).toEqual({ code: 0, description: 'The answer was successfully added.' });
    const wrong = await b.json<QuestionResult>('POST', `${SUKI}/questions`, { productId: question?.product_id === busy.id ? quiet.id : busy.id, questionId: question?.id, text: 'Cross answer', name: 'X', email: 'x@example.com' });
    expect(wrong.body.code).toBe(2);
    for (const bad of [{ text: '  ' }, { name: '\u200b' }, { email: 'a@b' }]) {
      const { body } = await b.json<QuestionResult>('POST', `${SUKI}/questions`, { productId: busy.id, text: 'Fine question?', name: 'Ana', email: 'ana@example.ph', ...bad });
      expect(body.code).toBe(2);
    }
  });

  it('captcha: missing (4), refused (3)', async () => {
    const other = await startReviewsShop({ db: shop.db, questions: { captchaSiteKey: 'site-key-12345' }, captcha: fakeCaptcha() });
    try {
      const b = new ReviewsBrowser(other.url, '192.0.2.70');
      const base = { productId: busy.id, text: `Captcha? ${Math.random()}`, name: 'Ana', email: 'ana@example.ph' };
      expect((await b.json<QuestionResult>('POST', `${SUKI}/questions`, base)).body.code).toBe(4);
      expect((await b.json<QuestionResult>('POST', `${SUKI}/questions`, { ...base, captcha: 'nope' })).body.code).toBe(3);
      expect((await b.json<QuestionResult>('POST', `${SUKI}/questions`, { ...base, captcha: 'good-token' })).body.code).toBe(0);
    } finally {
      await other.close();
    }
  });
});

describe('flood limits', () => {
  it('are shared by two app instances on one database', async () => {
    const flood = { max: 2, windowMs: 60_000 };
    const one = await startReviewsShop({ db: shop.db, reviewFlood: flood, questionFlood: flood });
    const two = await startReviewsShop({ db: shop.db, reviewFlood: flood, questionFlood: flood });
    try {
      const a = new ReviewsBrowser(one.url, '203.0.113.77');
      const b = new ReviewsBrowser(two.url, '203.0.113.77');
      expect((await a.json<ReviewResult>('POST', `${SUKI}/reviews`, review(busy.id))).body.code).toBe(0);
      expect((await b.json<ReviewResult>('POST', `${SUKI}/reviews`, review(busy.id))).body.code).toBe(0);
      expect((await a.json<ReviewResult>('POST', `${SUKI}/reviews`, review(busy.id))).body).toMatchObject({ code: 1, description: 'You are posting comments too quickly. Slow down.' });
      expect((await b.json<ReviewResult>('POST', `${SUKI}/reviews`, review(busy.id))).body.code).toBe(1);
      const q = (n: number) => ({ productId: busy.id, text: `Flood question ${n}`, name: 'Ana', email: 'ana@example.ph' });
      expect((await a.json<QuestionResult>('POST', `${SUKI}/questions`, q(1))).body.code).toBe(0);
      expect((await b.json<QuestionResult>('POST', `${SUKI}/questions`, q(2))).body.code).toBe(0);
      expect((await a.json<QuestionResult>('POST', `${SUKI}/questions`, q(3))).body.code).toBe(1);
      // Another client is not affected.
      expect((await new ReviewsBrowser(two.url, '203.0.113.78').json<ReviewResult>('POST', `${SUKI}/reviews`, review(busy.id))).body.code).toBe(0);
    } finally {
      await one.close();
      await two.close();
    }
  });
});

describe('plugins off', () => {
  it('no routes, no stock actions', async () => {
    const other = await startReviewsShop({ db: shop.db, off: true });
    try {
      const b = new ReviewsBrowser(other.url);
      expect((await b.json('GET', `${SUKI}/reviews?product=${busy.id}`)).status).toBe(404);
      expect((await b.json('GET', `${SUKI}/questions?product=${busy.id}`)).status).toBe(404);
      const stock = await b.form(AJAX, { action: 'cr_show_more_qna', productID: String(busy.id), page: '0' });
      expect(stock.status).toBe(400);
      expect(stock.text).toBe('0');
    } finally {
      await other.close();
    }
    const badgeOnly = await startReviewsShop({ db: shop.db, reviews: false, questions: false, badge: true });
    try {
      const b = new ReviewsBrowser(badgeOnly.url);
      expect((await b.json('GET', `${SUKI}/reviews/badge`)).status).toBe(200);
      expect((await b.json('GET', `${SUKI}/reviews?product=${busy.id}`)).status).toBe(404);
    } finally {
      await badgeOnly.close();
    }
  });
});
