/**
 * Reading a stock Customer Reviews for WooCommerce 5.110.1 shop, against the recorded peer-2 answers:
 * the product page's review block, every recorded list answer (show more, page 2, search, filter by
 * rating, sort by helpful), the vote, question and review answers; and hostile HTML staying text.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { httpRecording, SHOP } from '../../src/adapters/testing/fake-shop.js';
import { readCountRow, readStars, readStockQuestions, readStockResult, readStockReviewBlock, readStockReviewListAnswer, readStockReviews, readStockVotes } from './reviews-stock.js';

const OURS = 'http://suki.test';
const TEE = { id: 14, name: 'Peer Tee', permalink: '/product/peer-tee/', image: null };
/** A recorded body as our forwarder hands it on: the stock origin already made ours. */
const ours = (body: string) => body.split(SHOP).join(OURS).split(SHOP.replace(/\//g, '\\/')).join(OURS.replace(/\//g, '\\/'));
/**
 * A recorded page. The recording keeps excerpts of it, and an excerpt may end inside a tag, which
 * would swallow the next one into an attribute: each is cut after its last whole tag.
 */
const page = (name: string) =>
  ours(
    httpRecording(`peer-2/${name}.http`)
      .body.split(/^\[(?:body cut|… excerpt)[^\n]*\n?/m)
      .map((part) => part.slice(0, part.lastIndexOf('>') + 1))
      .join('\n'),
  );
const json = (name: string): unknown => JSON.parse(ours(httpRecording(`peer-2/${name}.http`).body));
const list = (name: string) => {
  const answer = readStockReviewListAnswer(json(name));
  if (!answer) throw new Error(`${name}: not a list answer`);
  return { ...answer, reviews: readStockReviews(answer.html, OURS, TEE) };
};

describe('the stock product page’s review block', () => {
  const block = readStockReviewBlock(page('reviews-product-page'), OURS, TEE);

  it('reads the average, the count and a histogram that adds up to it, from printed percentages', () => {
    expect(block?.summary).toEqual({ averageHundredths: 380, count: 12, histogram: [1, 1, 2, 3, 5] });
  });

  it('reads the three nonces the list, the filter and the Q&A form send, and the pages shown', () => {
    expect(block?.nonces).toEqual({ list: 'c656ad54c3', filter: 'bb1d8c6b67', questions: '02eb641270' });
    expect(block?.page).toBe(1);
    expect(block?.questions).toBe(true);
    expect(block?.questionCaptchaKey).toBeNull();
  });

  it('is null for a page without the block', () => {
    expect(readStockReviewBlock('<html><body><div id="comments"></div></body></html>', OURS, TEE)).toBeNull();
  });
});

describe('stock review list answers', () => {
  it('show more, page 1 → the next five reviews, newest first, with the page count the stock answers', () => {
    const answer = list('cr_show_more_reviews');
    expect(answer.page).toBe(2);
    expect(answer.lastPage).toBe(false);
    expect(answer.total).toBe(12);
    expect(answer.reviews.map((r) => r.id)).toEqual([8, 7, 6, 5, 4]);
    const first = answer.reviews[0]!;
    expect(first).toMatchObject({ id: 8, product: TEE, rating: 2, text: 'Colour faded after two washes.', author: 'Gina Lopez', verified: false, featured: false, replies: [] });
    expect(first.date).toBe('2026-10-21T03:06:49+08:00');
    expect(first.votes).toEqual({ up: 0, down: 0, current: 0 });
  });

  it('reads a review’s photo with its size and the stock alt text, as our address', () => {
    const withPhoto = list('cr_show_more_reviews').reviews.find((r) => r.media.length > 0);
    expect(withPhoto?.author).toBe('Dan Lim');
    expect(withPhoto?.media).toEqual([
      { id: 1, kind: 'image', src: '/wp-content/uploads/2026/11/review-photo-5.png', thumb: '/wp-content/uploads/2026/11/review-photo-5.png', width: 600, height: 600, alt: 'Image #1 from Dan Lim', mime: 'image/png' },
    ]);
  });

  it('page 2 is the last page', () => {
    const answer = list('cr_show_more_reviews-page2');
    expect(answer).toMatchObject({ page: 3, lastPage: true, total: 12 });
    expect(answer.reviews.length).toBe(2);
  });

  it('a search: its matches, with the stock highlight read as plain text', () => {
    const answer = list('cr_show_more_reviews-search');
    expect(answer.total).toBe(2);
    expect(answer.reviews.length).toBe(2);
    for (const review of answer.reviews) expect(review.text.toLowerCase()).toContain('fit');
  });

  it('a search without matches: html null, no reviews, a total of 0', () => {
    expect(list('cr_show_more_reviews-search-none')).toMatchObject({ html: null, total: 0, reviews: [], lastPage: true });
  });

  it('filters by rating: only that many stars, and the filtered total from the count row with its link', () => {
    const five = list('cr_filter_reviews-rating5');
    expect(five.total).toBe(5);
    expect(five.reviews.every((r) => r.rating === 5)).toBe(true);
    const one = list('cr_filter_reviews-rating1');
    expect(one.total).toBe(1);
    expect(one.reviews.map((r) => r.rating)).toEqual([1]);
    expect(list('cr_filter_reviews-all').total).toBe(12);
  });

  it('sorted by helpful: the same five-per-page window of twelve', () => {
    const helpful = list('cr_sort_reviews-helpful');
    expect(helpful.total).toBe(12);
    expect(helpful.reviews.length).toBe(5);
  });

  it('refuses envelopes that are not a list answer', () => {
    for (const body of [null, 'x', {}, { page: -1, html: '', last_page: true, count_row: '0 of 0 reviews' }, { page: 1, html: 3, last_page: true, count_row: '' }, { page: 1, html: '', last_page: 'no', count_row: '1-2 of 2 reviews' }]) {
      expect(readStockReviewListAnswer(body)).toBeNull();
    }
  });
});

describe('count rows and stars', () => {
  it('reads every count row the stock prints', () => {
    expect(readCountRow('1-10 of 12 reviews')).toBe(12);
    expect(readCountRow('0 of 0 reviews')).toBe(0);
    expect(readCountRow('1-1 of 1 review (1 star). <a class="cr-seeAllReviews" data-rating="0" href="">See all 12 reviews</a>')).toBe(1);
    expect(readCountRow('nothing here')).toBeNull();
  });

  it('a rating is a whole 1–5 or nothing', () => {
    expect(readStars('Rated 4 out of 5')).toBe(4);
    expect(readStars('Rated 3.8 out of 5')).toBeNull();
    expect(readStars('Rated 0 out of 5')).toBeNull();
    expect(readStars(undefined)).toBeNull();
  });
});

describe('stock votes, questions and submissions', () => {
  it('a vote answer: counts and the viewer’s direction', () => {
    expect(readStockVotes(json('cr_vote_review-up'))).toEqual({ up: 1, down: 0, current: 1 });
    expect(readStockVotes(json('cr_vote_question'))).toEqual({ up: 1, down: 0, current: 1 });
    expect(readStockVotes({ code: 1 })).toBeNull();
    expect(readStockVotes({ code: 0, votes: { upvotes: -1, downvotes: 0, current: 0 } })).toBeNull();
  });

  it('question and review answers keep their codes and plain texts', () => {
    expect(readStockResult(json('cr_new_qna-question'))).toEqual({ code: 0, description: 'The question was successfully added.', button: 'Continue' });
    expect(readStockResult(json('cr_new_qna-badnonce'))?.code).toBe(2);
    expect(readStockResult(json('cr_submit_review'))).toEqual({ code: 0, description: 'Your review has been successfully added', button: 'Continue' });
    expect(readStockResult(json('cr_submit_review-flood'))).toEqual({ code: 1, description: 'You are posting comments too quickly. Slow down.', button: 'Try again' });
    expect(readStockResult(json('cr_submit_review-missing-fields'))).toEqual({ code: 2, description: 'Data validation error', button: 'OK' });
    expect(readStockResult({ code: 'x' })).toBeNull();
  });

  it('questions with answers; a question without an id cannot be voted on or answered, so it is left out', () => {
    const html = `<div class="cr-qna-list-q-cont"><div class="cr-qna-list-q-q"><span class="cr-voting-upvote cr-voting-a cr-voting-active" data-vote="26" data-upvote="1"></span><span class="cr-voting-upvote-count">(2)</span><span class="cr-voting-downvote-count">(0)</span><span class="cr-qna-list-question">Do you ship to Cebu?</span><span class="cr-qna-list-q-author"><span class="cr-qna-list-q-author-b">Jo Marquez</span> asked on November 15, 2026</span></div>
      <div class="cr-qna-list-answer"><span class="cr-voting-upvote cr-voting-a" data-vote="27" data-upvote="1"></span><span class="cr-voting-upvote-count">(1)</span><span class="cr-qna-list-answer-s"><p>Yes, we ship everywhere in the Philippines.</p></span><span class="cr-qna-list-q-author"><span class="cr-qna-list-q-author-b">Suki Peer Shop</span> answered on November 16, 2026</span></div></div>
      <div class="cr-qna-list-q-cont"><div class="cr-qna-list-q-q"><span class="cr-qna-list-question">No id here</span></div></div>`;
    expect(readStockQuestions(html, 14, 'Suki Peer Shop')).toEqual([
      {
        id: 26,
        productId: 14,
        author: 'Jo Marquez',
        date: '2026-11-15T12:00:00Z',
        text: 'Do you ship to Cebu?',
        votes: { up: 2, down: 0, current: 1 },
        answers: [{ id: 27, author: 'Suki Peer Shop', date: '2026-11-16T12:00:00Z', text: 'Yes, we ship everywhere in the Philippines.', byShop: true, verified: false, votes: { up: 1, down: 0, current: 0 } }],
      },
    ]);
  });
});

describe('hostile stock HTML stays text', () => {
  const item = (author: string, text: string) =>
    `<li class="review depth-1" id="li-comment-5"><div class="comment_container"><span class="woocommerce-review__author">${author}</span><div class="crstar-rating-svg" aria-label="Rated 5 out of 5"></div><div class="description"><p>${text}</p></div></div></li>`;

  it('markup in a name or a text comes out as its words, never as elements', () => {
    const [review] = readStockReviews(item('&lt;img src=x onerror=alert(1)&gt;', 'Nice <script>alert(1)</script>&amp; soft'), OURS, TEE);
    expect(review?.author).toBe('<img src=x onerror=alert(1)>');
    expect(review?.text).toBe('Nice alert(1)& soft');
  });

  it('any text the stock prints is read back as plain text, entities decoded once', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 60 }).filter((s) => s.trim() !== '' && !/\s{2}|^\s|\s$/.test(s)), (text) => {
        const escaped = text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
        const [review] = readStockReviews(item('Ana', escaped), OURS, TEE);
        expect(review?.text).toBe(text);
      }),
    );
  });

  it('media addresses that are not http(s) are dropped', () => {
    const html = `<li class="review" id="li-comment-9"><div class="comment_container"><div class="crstar-rating-svg" aria-label="Rated 4 out of 5"></div><div class="description">ok</div><div class="cr-comment-images"><img src="javascript:alert(1)" alt="x"><img src="data:image/png;base64,AAAA"></div></div></li>`;
    expect(readStockReviews(html, OURS, TEE)[0]?.media).toEqual([]);
  });
});
