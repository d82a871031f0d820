/**
 * The `html` of the stock Customer Reviews actions (`wire-protocol.md` §2), drawn from data on the
 * server: review items (`li.review` with the stock classes a stock theme's script and styles look
 * for: author, date, star rating, text, votes with `data-vote`/`data-upvote`), reviews grid cards,
 * Q&A items and the all-reviews pagination. Every name, text, tag and search term is escaped; a
 * search match is wrapped in `span.cr-search-highlight` by literal comparison, never a regex.
 */
import type { Question, Review } from '../../src/core/domain/reviews.js';
import { escapeHtml } from '../lib/escape.js';
import { initials } from '../services/review-rules.js';

const DATE = new Intl.DateTimeFormat('en-US', { timeZone: 'Asia/Manila', year: 'numeric', month: 'long', day: 'numeric' });

/** "October 21, 2026" (the shop's date format, in Manila). */
export const reviewDate = (isoDate: string): string => DATE.format(new Date(isoDate));

/**
 * Escapes `text`, wrapping each case-insensitive literal occurrence of `term` in a highlight span.
 * When lower-casing changes the text's length (a few scripts), matches are not highlighted rather
 * than misplaced.
 */
export function highlight(text: string, term: string): string {
  if (term === '') return escapeHtml(text);
  const lower = text.toLowerCase();
  const needle = term.toLowerCase();
  if (lower.length !== text.length || needle.length !== term.length) return escapeHtml(text);
  let out = '';
  let from = 0;
  for (let at = lower.indexOf(needle); at !== -1; at = lower.indexOf(needle, at + needle.length)) {
    out += `${escapeHtml(text.slice(from, at))}<span class="cr-search-highlight">${escapeHtml(text.slice(at, at + needle.length))}</span>`;
    from = at + needle.length;
  }
  return out + escapeHtml(text.slice(from));
}

/** Paragraphs (blank line = new paragraph) of plain text, escaped and highlighted. */
const paragraphsOf = (text: string, term: string): string =>
  text
    .split(/\n{2,}/)
    .map((block) => block.trim())
    .filter((block) => block !== '')
    .map((block) => `<p>${highlight(block, term).replace(/\n/g, '<br />\n')}</p>`)
    .join('\n');

/** The star rating block ("Rated 4 out of 5"). */
export const starRating = (rating: number): string =>
  `<div class="crstar-rating-svg" role="img" aria-label="Rated ${rating} out of 5"><div class="cr-rating-icon-base">${'<span class="cr-rating-icon-bg">☆</span>'.repeat(5)}</div><div class="cr-rating-icon-frnt" style="width:${rating * 20}%;">${'<span class="cr-rating-icon">★</span>'.repeat(5)}</div></div>`;

/** The vote buttons and counts of a review, question or answer (`cr-voting-a` with `data-vote`). */
export const votingBlock = (id: number, up: number, down: number, current: number): string =>
  `<div class="cr-voting-cont cr-voting-cont-uni">` +
  `<span class="cr-voting-upvote cr-voting-a${current > 0 ? ' cr-voting-active' : ''}" data-vote="${id}" data-upvote="1" role="button" aria-label="Helpful"></span>` +
  `<span class="cr-voting-upvote-count">(${up})</span>` +
  `<span class="cr-voting-downvote cr-voting-a${current < 0 ? ' cr-voting-active' : ''}" data-vote="${id}" data-upvote="0" role="button" aria-label="Not helpful"></span>` +
  `<span class="cr-voting-downvote-count">(${down})</span>` +
  `</div>`;

/** One review as the stock list's `li`. */
export function reviewItem(review: Review, term = '', alt = false): string {
  const tags = review.tags.length === 0 ? '' : `<div class="cr-review-tags">${review.tags.map((t) => `<span class="cr-tag" data-crtagid="${t.id}">${escapeHtml(t.name)}</span>`).join('')}</div>`;
  const media =
    review.media.length === 0
      ? ''
      : `<div class="cr-comment-images">${review.media
          .map((m) =>
            m.kind === 'image'
              ? `<div class="cr-comment-image"><img src="${escapeHtml(m.thumb ?? m.src)}" data-src="${escapeHtml(m.src)}" width="${m.width}" height="${m.height}" alt="${escapeHtml(m.alt)}" loading="lazy"></div>`
              : `<div class="cr-comment-video"><video preload="metadata" src="${escapeHtml(m.src)}" aria-label="${escapeHtml(m.alt)}"></video></div>`,
          )
          .join('')}</div>`;
  const replies = review.replies
    .map(
      (r) =>
        `<li class="comment byuser comment-author-shop odd alt depth-2" id="li-comment-r${r.id}"><div class="comment_container"><div class="cr-comment-text"><div class="meta"><span class="woocommerce-review__author">${escapeHtml(r.author)}</span> <time class="woocommerce-review__published-date" datetime="${escapeHtml(r.date)}">${reviewDate(r.date)}</time></div><div class="description">${paragraphsOf(r.text, '')}</div></div></div></li>`,
    )
    .join('');
  return (
    `<li class="review ${alt ? 'odd alt' : 'even'} thread-${alt ? 'odd' : 'even'} depth-1${review.featured ? ' cr-featured-review' : ''}" id="li-comment-${review.id}">` +
    `<div id="comment-${review.id}" class="comment_container">` +
    `<div class="cr-avatar-check"><span class="cr-avatar" aria-hidden="true">${escapeHtml(initials(review.author))}</span></div>` +
    `<div class="cr-comment-text"><div class="meta"><div class="cr-meta-author-featured-date"><div class="cr-meta-author-title"><div><span class="woocommerce-review__author">${escapeHtml(review.author)}</span></div>` +
    (review.verified ? `<span class="woocommerce-review__verified verified">Verified owner</span>` : `<span class="woocommerce-review__verified verified">Reviewer</span>`) +
    `</div>${review.featured ? '<div class="cr-featured-badge">Featured</div>' : ''}</div>` +
    `<time class="woocommerce-review__published-date" datetime="${escapeHtml(review.date)}">${reviewDate(review.date)}</time></div>` +
    starRating(review.rating) +
    `<div class="description">${paragraphsOf(review.text, term)}</div>${tags}${media}` +
    votingBlock(review.id, review.votes.up, review.votes.down, review.votes.current) +
    `</div></div>${replies === '' ? '' : `<ul class="children">${replies}</ul>`}</li>`
  );
}

/** A review list's items (`null` when empty, as WordPress returns nothing for an empty page). */
export const reviewItems = (reviews: readonly Review[], term = ''): string | null => (reviews.length === 0 ? null : reviews.map((r, i) => reviewItem(r, term, i % 2 === 1)).join('\n'));

/** A reviews grid card (`.cr-review-card` with `data-reviewid`). */
export const gridCard = (review: Review): string =>
  `<div class="cr-review-card cr-card-product" data-reviewid="${review.id}"><div class="cr-review-card-inner">` +
  `<div class="top-row"><div class="reviewer"><div class="reviewer-name">${escapeHtml(review.author)}</div>${review.verified ? '<div class="reviewer-verified">Verified owner</div>' : ''}</div></div>` +
  `<div class="rating-row">${starRating(review.rating)}<div class="datetime">${reviewDate(review.date)}</div></div>` +
  `<div class="middle-row"><div class="review-content">${paragraphsOf(review.text, '')}</div>` +
  (review.product ? `<div class="review-product"><a href="${escapeHtml(review.product.permalink)}">${escapeHtml(review.product.name)}</a></div>` : '') +
  `</div>${votingBlock(review.id, review.votes.up, review.votes.down, review.votes.current)}</div></div>`;

/** Q&A list items (questions with their answers). */
export const questionItems = (questions: readonly Question[], term = ''): string =>
  questions
    .map(
      (q) =>
        `<div class="cr-qna-list-q-cont" data-question="${q.id}"><div class="cr-qna-list-question"><div class="cr-qna-list-q-q"><div class="cr-qna-list-q-q-l">Q</div><div class="cr-qna-list-q-q-r"><span class="cr-qna-list-question">${highlight(q.text, term)}</span>` +
        `<span class="cr-qna-list-q-author">${escapeHtml(q.author)}</span> <span class="cr-qna-list-q-author-b">${reviewDate(q.date)}</span>` +
        `<button type="button" class="cr-qna-ans-button" data-question="${q.id}" data-post="${q.productId}">Answer</button>${votingBlock(q.id, q.votes.up, q.votes.down, q.votes.current)}</div></div>` +
        q.answers
          .map(
            (a) =>
              `<div class="cr-qna-list-q-a" data-answer="${a.id}"><div class="cr-qna-list-q-a-l">A</div><div class="cr-qna-list-q-a-r"><span class="cr-qna-list-answer">${highlight(a.text, term)}</span>` +
              `<span class="cr-qna-list-q-author">${escapeHtml(a.author)}${a.byShop ? ' (shop)' : ''}</span>${a.verified ? ' <span class="cr-qna-list-q-author-verified">Verified owner</span>' : ''} <span class="cr-qna-list-q-author-b">${reviewDate(a.date)}</span>${votingBlock(a.id, a.votes.up, a.votes.down, a.votes.current)}</div></div>`,
          )
          .join('') +
        `</div></div>`,
    )
    .join('');

/**
 * The all-reviews pagination: numbered links with zero-based `data-page` (page n → n − 1), previous
 * and next, one page either side of the current one and the ends, ellipses between.
 */
export function pagination(current: number, pages: number): string {
  if (pages <= 1) return '';
  const shown = new Set<number>([1, pages, current - 1, current, current + 1].filter((p) => p >= 1 && p <= pages));
  const sorted = [...shown].sort((a, b) => a - b);
  let out = '<div class="cr-pagination-wrapper">';
  if (current > 1) out += `<span class="cr-page-prev" data-page="${current - 2}">&larr;</span>`;
  let last = 0;
  for (const page of sorted) {
    if (page - last > 1) out += '<span class="cr-page-dots">&hellip;</span>';
    out += page === current ? `<span class="cr-page-link cr-page-current" data-page="${page - 1}" aria-current="page">${page}</span>` : `<span class="cr-page-link" data-page="${page - 1}">${page}</span>`;
    last = page;
  }
  if (current < pages) out += `<span class="cr-page-next" data-page="${current}">&rarr;</span>`;
  return `${out}</div>`;
}
