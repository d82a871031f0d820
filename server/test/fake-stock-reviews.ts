/**
 * Test support: a stand-in for a stock shop's Customer Reviews for WooCommerce 5.110.1, built from
 * the peer-2 recordings (`tests/fixtures/stock-woocommerce-9.1/peer-2/cr_*.http`,
 * `reviews-product-page.http`, `storeapi-products.http`). It answers as the recorded shop did:
 * - `GET /wp-json/wc/store/v1/products/{id}`: the recorded catalogue's product;
 * - `GET /product/peer-tee/`: the recorded product page (its excerpts, each cut after its last
 *   whole tag), followed by a Q&A list in the stock markup (derived: the recording cuts the list
 *   before the vote buttons that carry the ids); other products' pages have no review block;
 * - `POST /wp-admin/admin-ajax.php`: `cr_show_more_reviews` (page 1, page 2, search `fit`, any other
 *   search, rating 5 and 1), `cr_sort_reviews` / a helpful sort, `cr_vote_review` (up, up again
 *   withdraws, down), `cr_vote_question`, `cr_submit_review` (missing fields, the 15 s flood rule,
 *   success), `cr_new_qna` (a nonce it does not take, a question, an answer), `cr_show_more_qna`.
 */
import { Hono } from 'hono';
import { httpRecording, SHOP } from '../../src/adapters/testing/fake-shop.js';

/** The nonces the recorded product page gave. */
export const RECORDED_REVIEW_NONCES = { list: 'c656ad54c3', filter: 'bb1d8c6b67', questions: '02eb641270' } as const;

/** What a test can change and read. */
export interface StockReviewsControls {
  /** Answer admin-ajax with something that is not the stock JSON. */
  brokenAjax: null | 'html' | 'server-error';
  /** Requests seen, in order: method, path, the form fields of a post. */
  readonly seen: Array<{ readonly method: string; readonly path: string; readonly form: Record<string, string> }>;
}

/** The recorded page, its excerpts each cut after their last whole tag, so none swallows the next. */
const recordedPage = (name: string): string =>
  httpRecording(`peer-2/${name}.http`)
    .body.split(/^\[(?:body cut|… excerpt)[^\n]*\n?/m)
    .map((part) => part.slice(0, part.lastIndexOf('>') + 1))
    .join('\n');

/** One question in the stock markup, with its answer (derived from the recorded excerpt's classes). */
const QUESTIONS = `<div class="cr-qna-list-block"><div class="cr-qna-list-block-inner">
<div class="cr-qna-list-q-cont"><div class="cr-qna-list-q-q"><div class="cr-qna-list-q-q-r">
<span class="cr-qna-list-question">Do you ship to Cebu?</span>
<span class="cr-qna-list-q-author"><span class="cr-qna-list-q-author-b">Jo Marquez</span> asked on November 15, 2026</span></div>
<div class="cr-voting-cont"><span class="cr-voting-upvote cr-voting-a" data-vote="26" data-upvote="1"></span><span class="cr-voting-upvote-count">(0)</span><span class="cr-voting-downvote cr-voting-a" data-vote="26" data-upvote="0"></span><span class="cr-voting-downvote-count">(0)</span></div></div>
<div class="cr-qna-list-q-a"><div class="cr-qna-list-q-a-r"><div class="cr-qna-list-answer cr-qna-list-last">
<span class="cr-qna-list-answer-s"><p>Yes, we ship everywhere in the Philippines.</p></span>
<span class="cr-qna-list-q-author"><span class="cr-qna-list-q-author-b">Suki Peer Shop</span> answered on November 16, 2026</span>
<div class="cr-voting-cont"><span class="cr-voting-upvote cr-voting-a" data-vote="27" data-upvote="1"></span><span class="cr-voting-upvote-count">(1)</span><span class="cr-voting-downvote cr-voting-a" data-vote="27" data-upvote="0"></span><span class="cr-voting-downvote-count">(0)</span></div>
</div></div></div></div></div></div>`;

/** A stand-in stock shop with Customer Reviews; `origin()` is its own origin once it listens. */
export function stockReviewsShop(options: {
  readonly origin: () => string;
  /**
   * Which product pages carry the recorded review block: by default only `/product/peer-tee/` (and
   * the recorded catalogue answers `products/{id}`); given, every page it accepts does, and the
   * Store API is left to whatever the stand-in is mounted in front of (a browser test's shop).
   */
  readonly reviewedPage?: (slug: string) => boolean;
}): { readonly app: Hono; readonly controls: StockReviewsControls } {
  const controls: StockReviewsControls = { brokenAjax: null, seen: [] };
  const ours = (body: string) => body.split(SHOP).join(options.origin()).split(SHOP.replace(/\//g, '\\/')).join(options.origin().replace(/\//g, '\\/'));
  const recorded = (name: string) => new Response(ours(httpRecording(`peer-2/${name}.http`).body), { headers: { 'content-type': 'application/json; charset=UTF-8' } });
  const products = new Map((JSON.parse(httpRecording('peer-2/storeapi-products.http').body) as Array<{ id: number }>).map((p) => [p.id, p]));
  /** Votes by voter and review: the stock plugin keeps one per visitor. */
  const votes = new Map<string, 1 | -1>();
  let lastReviewAt = 0;

  const app = new Hono();
  const page = () => new Response(ours(`${recordedPage('reviews-product-page')}\n${QUESTIONS}`), { headers: { 'content-type': 'text/html; charset=UTF-8' } });
  const reviewedPage = options.reviewedPage;
  if (reviewedPage) {
    app.get('/product/:slug/', (c, next) => (reviewedPage(c.req.param('slug')) ? page() : next()));
  } else {
    app.get('/wp-json/wc/store/v1/products/:id', (c) => {
      const product = products.get(Number(c.req.param('id')));
      if (!product) return c.json({ code: 'woocommerce_rest_product_invalid_id', message: 'Invalid ID.', data: { status: 404 } }, 404);
      return new Response(ours(JSON.stringify(product)), { headers: { 'content-type': 'application/json' } });
    });
    app.get('/product/peer-tee/', page);
    app.get('/product/:slug/', () => new Response('<!doctype html><html><body><div class="product">No reviews block here.</div></body></html>', { headers: { 'content-type': 'text/html; charset=UTF-8' } }));
  }

  app.post('/wp-admin/admin-ajax.php', async (c) => {
    const form = Object.fromEntries(new URLSearchParams(await c.req.text())) as Record<string, string>;
    controls.seen.push({ method: 'POST', path: '/wp-admin/admin-ajax.php', form });
    if (controls.brokenAjax === 'html') return c.html('<html><body>Maintenance</body></html>');
    if (controls.brokenAjax === 'server-error') return c.text('Error establishing a database connection', 500);
    const voter = c.req.header('cookie') ?? 'guest';
    switch (form['action']) {
      case 'cr_show_more_reviews':
        if (form['search'] === 'fit') return recorded('cr_show_more_reviews-search');
        if (form['search']) return recorded('cr_show_more_reviews-search-none');
        if (form['rating'] === '5') return recorded('cr_filter_reviews-rating5');
        if (form['rating'] === '1') return recorded('cr_filter_reviews-rating1');
        if (form['sort'] === 'helpful') return recorded('cr_sort_reviews-helpful');
        if (form['page'] === '2') return recorded('cr_show_more_reviews-page2');
        if (form['page'] === '1') return recorded('cr_show_more_reviews');
        return recorded('cr_filter_reviews-all');
      case 'cr_vote_review':
      case 'cr_vote_question': {
        const target = form['reviewID'] ?? '';
        if (!/^(?:[2-9]|1[0-3]|26|27)$/.test(target)) return c.json({ code: 1 });
        const key = `${voter} ${target}`;
        const direction = form['upvote'] === '1' ? 1 : -1;
        if (votes.get(key) === direction) votes.delete(key);
        else votes.set(key, direction);
        const current = votes.get(key) ?? 0;
        return c.json({ code: 0, votes: { upvotes: current === 1 ? 1 : 0, downvotes: current === -1 ? 1 : 0, total: current === 0 ? 0 : 1, current } });
      }
      case 'cr_submit_review': {
        if (!form['review'] || !form['name'] || !form['email']) return recorded('cr_submit_review-missing-fields');
        const now = Date.now();
        if (now - lastReviewAt < 15_000) return recorded('cr_submit_review-flood');
        lastReviewAt = now;
        return recorded('cr_submit_review');
      }
      case 'cr_new_qna':
        if (form['crNonce'] !== RECORDED_REVIEW_NONCES.questions) return recorded('cr_new_qna-badnonce');
        return recorded(form['questionID'] ? 'cr_new_qna-answer' : 'cr_new_qna-question');
      case 'cr_show_more_qna':
        return recorded(form['search'] ? 'cr_show_more_qna-search' : 'cr_show_more_qna');
      default:
        return c.text('0', 400);
    }
  });
  return { app, controls };
}
