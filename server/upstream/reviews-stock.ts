/**
 * Reading a stock Customer Reviews for WooCommerce 5.x shop (`wire-protocol.md` §2) into Suki's
 * review and question shapes (`src/core/domain/reviews.ts`): the review list items of
 * `cr_show_more_reviews` / `cr_filter_reviews` / `cr_sort_reviews` answers and of the product
 * page, the product page's review block (summary, histogram, nonces), its Q&A block, and the
 * admin-ajax answers' envelopes. The stock HTML is parsed here, on Suki's server, into data; none of
 * it ever reaches the browser as HTML. Whatever cannot be read is left out, never guessed.
 */
import { parse, type HTMLElement } from 'node-html-parser';
import type { Answer, Question, RatingSummary, Review, ReviewMedia, ReviewReply, ReviewedProduct, StarRating, VoteDirection, Votes } from '../../src/core/domain/reviews.js';

/** Parses stock HTML; elements it leaves open keep their content (the parser's default drops it). */
const read = (html: string): HTMLElement => parse(html, { parseNoneClosedTags: true });

/** Text of an element: entities decoded, whitespace collapsed, paragraphs and line breaks kept as blank lines and newlines. */
export function elementText(element: HTMLElement | null | undefined): string {
  if (!element) return '';
  const paragraphs = element.querySelectorAll('p');
  const blocks = paragraphs.length > 0 ? paragraphs.map((p) => p.innerHTML) : [element.innerHTML];
  return blocks
    .map((html) =>
      parse(html.replace(/<br\s*\/?>/gi, '\n'))
        .textContent.split('\n')
        .map((line) => line.replace(/[\t ]+/g, ' ').trim())
        .join('\n')
        .trim(),
    )
    .filter((block) => block !== '')
    .join('\n\n');
}

/** A root-relative path for an address on `ourOrigin`, the address itself otherwise (media on a CDN). */
export function ourAddress(href: string, ourOrigin: string): string {
  try {
    const url = new URL(href, ourOrigin);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return '';
    return url.origin === ourOrigin ? `${url.pathname}${url.search}` : url.href;
  } catch {
    return '';
  }
}

const count = (text: string): number => {
  const match = /(\d+)/.exec(text);
  return match ? Number(match[1]) : 0;
};

/** `Rated 4 out of 5` (a review's stars) as a whole rating, null when it is none. */
export function readStars(label: string | undefined): StarRating | null {
  const match = /Rated\s+(\d)(?:\.0+)?\s+out of 5/i.exec(label ?? '');
  const value = match ? Number(match[1]) : 0;
  return value >= 1 && value <= 5 ? (value as StarRating) : null;
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}([+-]\d{2}:\d{2}|Z)$/;

/** The votes a review or a question shows: `(n)` counts and the active button (the viewer's vote). */
function readVotes(scope: HTMLElement): Votes {
  const up = scope.querySelector('.cr-voting-upvote-count');
  const down = scope.querySelector('.cr-voting-downvote-count');
  const upButton = scope.querySelector('.cr-voting-upvote');
  const downButton = scope.querySelector('.cr-voting-downvote');
  const current: VoteDirection = upButton?.classList.contains('cr-voting-active') ? 1 : downButton?.classList.contains('cr-voting-active') ? -1 : 0;
  return { up: count(up?.textContent ?? ''), down: count(down?.textContent ?? ''), current };
}

/** A review's photos and videos, with alt texts (the stock's `Image #1 from Name`, else ours). */
function readMedia(container: HTMLElement, ourOrigin: string, author: string): ReviewMedia[] {
  const media: ReviewMedia[] = [];
  const images = container.querySelectorAll('.cr-comment-images img, .cr-comment-image img');
  images.forEach((img, index) => {
    const src = ourAddress(img.getAttribute('src') ?? '', ourOrigin);
    if (!src) return;
    const link = img.closest('a');
    const full = link ? ourAddress(link.getAttribute('href') ?? '', ourOrigin) : '';
    media.push({
      id: media.length + 1,
      kind: 'image',
      src: full || src,
      thumb: src,
      width: Number(img.getAttribute('width') ?? 0) || 0,
      height: Number(img.getAttribute('height') ?? 0) || 0,
      alt: (img.getAttribute('alt') ?? '').trim() || `Photo ${index + 1} by ${author}`,
      mime: /\.png(\?|$)/i.test(src) ? 'image/png' : /\.gif(\?|$)/i.test(src) ? 'image/gif' : 'image/jpeg',
    });
  });
  container.querySelectorAll('video').forEach((video, index) => {
    const source = video.getAttribute('src') ?? video.querySelector('source')?.getAttribute('src') ?? '';
    const src = ourAddress(source, ourOrigin);
    if (!src) return;
    const poster = video.getAttribute('poster');
    media.push({
      id: media.length + 1,
      kind: 'video',
      src,
      thumb: poster ? ourAddress(poster, ourOrigin) || null : null,
      width: 0,
      height: 0,
      alt: `Video ${index + 1} by ${author}`,
      mime: /\.webm(\?|$)/i.test(src) ? 'video/webm' : /\.ogg|\.ogv/i.test(src) ? 'video/ogg' : /\.mov(\?|$)/i.test(src) ? 'video/quicktime' : 'video/mp4',
    });
  });
  return media;
}

/** The shop's replies to a review (`ul.children`), oldest first as the stock lists them. */
function readReplies(item: HTMLElement): ReviewReply[] {
  const children = item.querySelector(':scope > ul.children');
  if (!children) return [];
  return children.querySelectorAll(':scope > li').flatMap((li) => {
    const id = /^li-comment-(\d+)$/.exec(li.id)?.[1];
    const text = elementText(li.querySelector('.description'));
    if (!id || !text) return [];
    const date = li.querySelector('time')?.getAttribute('datetime') ?? '';
    return [{ id: Number(id), author: (li.querySelector('.woocommerce-review__author')?.textContent ?? '').trim(), date: ISO_DATE.test(date) ? date : '', text }];
  });
}

/**
 * The reviews of a stock review list's HTML (the `html` of a list answer, or the product page's
 * `ol.commentlist`): top-level `li.review` items only, in the stock order. `product` is the product
 * the list belongs to (null on a list of several products' reviews, where each item says nothing of it).
 * An item without an id, a rating or text is left out.
 */
export function readStockReviews(html: string | null, ourOrigin: string, product: ReviewedProduct | null): Review[] {
  if (!html) return [];
  const root = read(html);
  const items = root.querySelectorAll('li.review').filter((li) => !li.parentNode || !(li.parentNode as HTMLElement).classList?.contains('children'));
  return items.flatMap((li): Review[] => {
    const id = /^li-comment-(\d+)$/.exec(li.id)?.[1];
    const container = li.querySelector(':scope > .comment_container') ?? li;
    const rating = readStars(container.querySelector('.crstar-rating-svg')?.getAttribute('aria-label'));
    const text = elementText(container.querySelector('.description'));
    if (!id || !rating || !text) return [];
    const author = (container.querySelector('.woocommerce-review__author')?.textContent ?? '').trim() || 'Anonymous';
    const date = container.querySelector('time.woocommerce-review__published-date')?.getAttribute('datetime') ?? '';
    const verifiedLabel = (container.querySelector('.woocommerce-review__verified')?.textContent ?? '').trim();
    return [
      {
        id: Number(id),
        product,
        rating,
        text,
        author,
        date: ISO_DATE.test(date) ? date : '',
        verified: /verified/i.test(verifiedLabel),
        featured: li.classList.contains('cr-featured-review') || container.querySelector('.cr-featured-badge') !== null,
        tags: container.querySelectorAll('.cr-tags .cr-tag, .cr-review-tags .cr-tag').flatMap((tag) => {
          const tagId = Number(tag.getAttribute('data-crtagid') ?? 0);
          const name = (tag.textContent ?? '').trim();
          return tagId > 0 && name ? [{ id: tagId, name }] : [];
        }),
        media: readMedia(container, ourOrigin, author),
        replies: readReplies(li),
        votes: readVotes(container),
      },
    ];
  });
}

/** `1-10 of 12 reviews`, `0 of 0 reviews`, `1-1 of 1 review (1 star). See all 12 reviews`: the matching total. */
export function readCountRow(countRow: string): number | null {
  const text = parse(countRow).textContent;
  const match = /(?:\d+\s*-\s*\d+\s+)?of\s+(\d+)\s+reviews?/i.exec(text) ?? /^\s*(\d+)\s+of\s+(\d+)/.exec(text);
  if (!match) return null;
  return Number(match[match.length - 1]);
}

/** The envelope of a stock review list answer (`cr_show_more_reviews`, `cr_filter_reviews`, `cr_sort_reviews`). */
export interface StockReviewListAnswer {
  /** Pages shown after this answer (the request's `page` + 1). */
  readonly page: number;
  readonly html: string | null;
  readonly lastPage: boolean;
  /** Reviews matching, over every page, from `count_row`. */
  readonly total: number;
}

export function readStockReviewListAnswer(body: unknown): StockReviewListAnswer | null {
  if (typeof body !== 'object' || body === null) return null;
  const record = body as Record<string, unknown>;
  const { page, html, last_page: lastPage, count_row: countRow } = record;
  if (typeof page !== 'number' || !Number.isInteger(page) || page < 0) return null;
  if (html !== null && typeof html !== 'string') return null;
  if (typeof lastPage !== 'boolean' || typeof countRow !== 'string') return null;
  const total = readCountRow(countRow);
  if (total === null) return null;
  return { page, html, lastPage, total };
}

/** A stock vote answer `{code: 0, votes: {upvotes, downvotes, total, current}}`; null for anything else. */
export function readStockVotes(body: unknown): Votes | null {
  if (typeof body !== 'object' || body === null) return null;
  const { code, votes } = body as { code?: unknown; votes?: unknown };
  if (code !== 0 || typeof votes !== 'object' || votes === null) return null;
  const { upvotes, downvotes, current } = votes as Record<string, unknown>;
  const whole = (n: unknown): n is number => typeof n === 'number' && Number.isInteger(n) && n >= 0;
  if (!whole(upvotes) || !whole(downvotes) || typeof current !== 'number') return null;
  return { up: upvotes, down: downvotes, current: current > 0 ? 1 : current < 0 ? -1 : 0 };
}

/** A stock `{code, description, button}` answer (review submit, new question), texts made plain. */
export function readStockResult(body: unknown): { readonly code: number; readonly description: string; readonly button: string } | null {
  if (typeof body !== 'object' || body === null) return null;
  const { code, description, button } = body as Record<string, unknown>;
  if (typeof code !== 'number' || !Number.isInteger(code) || code < 0 || code > 9) return null;
  const plain = (value: unknown): string => (typeof value === 'string' ? parse(value).textContent.replace(/\s+/g, ' ').trim() : '');
  return { code, description: plain(description), button: plain(button) };
}

/** What the product page's review block says besides its first reviews. */
export interface StockReviewBlock {
  readonly summary: RatingSummary;
  /** Nonces: the list container's (`cr_show_more_reviews`), the summary box's (`cr_filter_reviews`), the Q&A block's (`cr_new_qna`). */
  readonly nonces: { readonly list: string; readonly filter: string; readonly questions: string };
  /** The first page's reviews, in the stock order. */
  readonly reviews: readonly Review[];
  /** Pages shown (`data-page`). */
  readonly page: number;
  /** The Q&A block is on the page. */
  readonly questions: boolean;
  /** The shop's captcha site key for questions (`data-crcptcha`), null without one. */
  readonly questionCaptchaKey: string | null;
}

/**
 * The review block of a stock product page: the average and count, the histogram (printed as
 * percentages: counts are rebuilt from them and the count, and must add up), the nonces and the
 * first page of reviews. Null when the page has no Customer Reviews block.
 */
export function readStockReviewBlock(html: string, ourOrigin: string, product: ReviewedProduct | null): StockReviewBlock | null {
  const root = read(html);
  const container = root.querySelector('.cr-reviews-ajax-comments');
  if (!container) return null;
  const total = count(root.querySelector('.cr-total-rating-count')?.textContent ?? '');
  const average = Number((root.querySelector('.cr-average-rating span')?.textContent ?? '0').trim());
  const histogram: [number, number, number, number, number] = [0, 0, 0, 0, 0];
  for (const row of root.querySelectorAll('.cr-histogramTable tr.ivole-histogramRow')) {
    const stars = Number(row.querySelector('[data-rating]')?.getAttribute('data-rating') ?? 0);
    const percent = count(row.querySelector('.ivole-histogramCell3')?.textContent ?? '');
    if (stars >= 1 && stars <= 5) histogram[stars - 1] = Math.round((percent * total) / 100);
  }
  // Rounded percentages may not add up: the summary then keeps the count and drops the rows.
  const consistent = histogram.reduce((sum, n) => sum + n, 0) === total;
  const qna = root.querySelector('.cr-qna-block');
  const captcha = root.querySelector('.cr-qna-block .cr-review-form-submit')?.getAttribute('data-crcptcha') ?? '';
  const list = root.querySelector('ol.commentlist');
  return {
    summary: {
      averageHundredths: Number.isFinite(average) && average >= 0 && average <= 5 ? Math.round(average * 100) : 0,
      count: total,
      histogram: consistent ? histogram : [0, 0, 0, 0, 0],
    },
    nonces: {
      list: container.getAttribute('data-nonce') ?? '',
      filter: root.querySelector('.cr-summaryBox-ajax')?.getAttribute('data-nonce') ?? '',
      questions: qna?.getAttribute('data-nonce') ?? '',
    },
    reviews: list ? readStockReviews(list.innerHTML, ourOrigin, product) : [],
    page: count(container.getAttribute('data-page') ?? '1') || 1,
    questions: qna !== null,
    questionCaptchaKey: captcha.trim() || null,
  };
}

/** `Jo Marquez asked on November 15, 2026`: the date as ISO 8601 (noon UTC of that day), '' when unreadable. */
function readPrintedDate(text: string): string {
  const match = /on\s+([A-Z][a-z]+ \d{1,2}, \d{4})/.exec(text);
  if (!match) return '';
  const parsed = Date.parse(`${match[1]} 12:00:00 UTC`);
  return Number.isNaN(parsed) ? '' : new Date(parsed).toISOString().replace('.000Z', 'Z');
}

/**
 * The questions of a stock Q&A list (the product page's `.cr-qna-list-block`, or the `html` of a
 * `cr_show_more_qna` answer), with their answers. Ids come from the vote buttons (`data-vote`);
 * a question whose id cannot be read is left out (it could not be answered or voted on).
 */
export function readStockQuestions(html: string, productId: number, shopName: string): Question[] {
  if (!html) return [];
  const root = read(html);
  return root.querySelectorAll('.cr-qna-list-q-cont').flatMap((block): Question[] => {
    const q = block.querySelector('.cr-qna-list-q-q');
    const idText = q?.querySelector('[data-vote]')?.getAttribute('data-vote') ?? block.getAttribute('data-question') ?? '';
    const text = elementText(q?.querySelector('.cr-qna-list-question'));
    if (!q || !/^\d+$/.test(idText) || !text) return [];
    const authorLine = q.querySelector('.cr-qna-list-q-author');
    const answers = block.querySelectorAll('.cr-qna-list-answer').flatMap((answer): Answer[] => {
      const answerId = answer.querySelector('[data-vote]')?.getAttribute('data-vote') ?? '';
      const answerText = elementText(answer.querySelector('.cr-qna-list-answer-s'));
      if (!/^\d+$/.test(answerId) || !answerText) return [];
      const line = answer.querySelector('.cr-qna-list-q-author');
      const author = (line?.querySelector('.cr-qna-list-q-author-b')?.textContent ?? '').trim();
      return [
        {
          id: Number(answerId),
          author,
          date: readPrintedDate(line?.textContent ?? ''),
          text: answerText,
          byShop: author !== '' && author === shopName,
          verified: answer.querySelector('.cr-qna-list-q-author-verified') !== null,
          votes: readVotes(answer),
        },
      ];
    });
    return [
      {
        id: Number(idText),
        productId,
        author: (authorLine?.querySelector('.cr-qna-list-q-author-b')?.textContent ?? '').trim(),
        date: readPrintedDate(authorLine?.textContent ?? ''),
        text,
        votes: readVotes(q),
        answers,
      },
    ];
  });
}
