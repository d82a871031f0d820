/**
 * Reviews and questions in upstream mode, against a stock shop with Customer Reviews for
 * WooCommerce 5.x: Suki's JSON route (`/wp-json/suki/v1/reviews…` and `…/questions…`,
 * `src/app/reviews-view.ts`) translated to the stock plugin's pages and admin-ajax actions, with the
 * shopper's cookies, the stock HTML read into data here (`reviews-stock.ts`), never passed on.
 *
 * - The product page's tab (`GET /reviews/block`) is read from the stock product page: the summary,
 *   the histogram, the first reviews and the nonces the list, filter and Q&A actions send.
 * - A list page (`GET /reviews`) is `cr_show_more_reviews` with the pages already shown (the stock
 *   `page`), the sort, the rating, the search and the tags; a vote is `cr_vote_review` or
 *   `cr_vote_question`; a review is `cr_submit_review`; a question or an answer `cr_new_qna`. The
 *   first page of questions is on the stock product page; later ones are `cr_show_more_qna`.
 * - What a stock shop cannot give through these (shop reviews, the all-reviews page, the home
 *   sections, the trust badge, uploads: the stock upload action keeps no owner, so a file could be
 *   attached by anyone) answers `501 suki_reviews_unsupported`, and the client hides it.
 * - The stock shop does not count questions: a question page's `total` is the questions shown so
 *   far, plus one while there are more.
 *
 * Nonces are kept per product and shopper (hashed cookies) for a while, so a list page or a vote
 * costs one stock call; the stock plugin checks the review nonces only when its
 * `cr_reviews_check_nonce` filter is on (off by default), but they are sent anyway.
 */
import type { Context } from 'hono';
import { Hono } from 'hono';
import { LRUCache } from 'lru-cache';
import * as v from 'valibot';
import type {
  ProductQuestionsView,
  ProductReviewsView,
  QuestionPage,
  QuestionResult,
  ReviewedProduct,
  ReviewFormSettings,
  ReviewPage,
  ReviewResult,
  ReviewSort,
  Votes,
} from '../../src/core/domain/reviews.js';
import { REVIEW_SORTS } from '../../src/core/domain/reviews.js';
import { mediaType, requestOrigin } from '../lib/request.js';
import { holdsUnstorableText, unstorableMessage } from '../lib/text-input.js';
import { nonceKey, StockConversation, type ConversationFailures, type Failure } from './conversation.js';
import { readCapped, type Forwarder } from './forward.js';
import { readStockQuestions, readStockResult, readStockReviewBlock, readStockReviewListAnswer, readStockReviews, readStockVotes, type StockReviewBlock } from './reviews-stock.js';

const JSON_HEADERS = { 'content-type': 'application/json; charset=UTF-8', 'cache-control': 'no-store, private', vary: 'Cookie' } as const;
const MAX_BODY_BYTES = 16 * 1024;
/** The stock plugin's reviews and questions per page (`ivole_ajax_reviews_per_page`, `cr_qna_per_page`). */
const STOCK_PER_PAGE = 5;

const unreachable = (status: number): Failure =>
  status === 504
    ? { status: 504, code: 'suki_upstream_timeout', message: 'The shop’s reviews did not answer in time. Please try again.' }
    : { status: 502, code: 'suki_upstream_unavailable', message: 'The shop’s reviews cannot be reached right now. Please try again in a moment.' };
const BAD_ANSWER: Failure = { status: 502, code: 'suki_upstream_bad_answer', message: 'The shop’s reviews answered in a way we could not read. Please reload the page and try again.' };
const NOT_FOUND: Failure = { status: 404, code: 'suki_reviews_not_found', message: 'That product, review or question was not found.' };
const UNSUPPORTED: Failure = { status: 501, code: 'suki_reviews_unsupported', message: 'The shop’s reviews cannot do this.' };
const FAILURES: ConversationFailures = { unreachable, badAnswer: BAD_ANSWER };

/** The review form as a stock shop takes it through `cr_submit_review`: no uploads, no on-site questions. */
export const STOCK_FORM: ReviewFormSettings = {
  accepting: 'anybody',
  questions: [],
  media: { enabled: false, limit: 0, maxBytes: 0, types: [], messages: { tooMany: '', fileType: '', fileSize: '' } },
  captchaSiteKey: null,
};

/** Options of {@link upstreamReviews}. */
export interface UpstreamReviewsOptions {
  /** Reaches the stock shop as our host (cookies rewritten); page answers should be size-capped. */
  readonly forward: Forwarder;
  /** The questions routes too (the questions plugin is on). */
  readonly questions: boolean;
  /** The shop's name as its staff sign answers (an answer by it is the shop's). */
  readonly shopName: string;
  /** How long a product's facts and a shopper's nonces are kept. @default 10 minutes */
  readonly ttlMs?: number;
  /** For tests. */
  readonly now?: () => number;
}

const id = (raw: string | undefined): number | null => (raw !== undefined && /^\d{1,15}$/.test(raw) && Number(raw) >= 1 && Number.isSafeInteger(Number(raw)) ? Number(raw) : null);
const intIn = (raw: string | undefined, min: number, max: number, fallback: number): number | null => {
  if (raw === undefined || raw === '') return fallback;
  if (!/^\d{1,6}$/.test(raw)) return null;
  const n = Number(raw);
  return n >= min && n <= max ? n : null;
};
/** Text the stock shop's database can store (no NUL, no lone surrogates). */
const storable = (value: string): boolean => !holdsUnstorableText(value);
const text = (max: number, name: string) => v.pipe(v.string(`${name} must be text.`), v.maxLength(max, `${name} is too long.`), v.check(storable, unstorableMessage(name)));

const submissionBody = v.object({
  productId: v.nullable(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(Number.MAX_SAFE_INTEGER))),
  rating: v.picklist([1, 2, 3, 4, 5], 'rating must be 1 to 5.'),
  text: text(10_000, 'text'),
  name: text(250, 'name'),
  email: text(254, 'email'),
  answers: v.optional(v.record(v.string(), v.string()), {}),
  media: v.optional(v.array(v.object({ id: v.number(), key: v.string() })), []),
  captcha: v.optional(text(4000, 'captcha')),
});

const questionBody = v.object({
  productId: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(Number.MAX_SAFE_INTEGER)),
  questionId: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(Number.MAX_SAFE_INTEGER))),
  text: text(5000, 'text'),
  name: text(250, 'name'),
  email: text(254, 'email'),
  captcha: v.optional(text(4000, 'captcha')),
});

const voteBody = v.object({ upvote: v.boolean('upvote must be true or false.') });

/** A product as the stock Store API describes it (`products/{id}`). */
const storeProduct = v.object({
  id: v.number(),
  name: v.string(),
  permalink: v.string(),
  images: v.optional(v.array(v.object({ thumbnail: v.optional(v.string()), src: v.optional(v.string()) })), []),
});

/** The JSON route, translated to a stock shop with Customer Reviews for WooCommerce. */
export function upstreamReviews(options: UpstreamReviewsOptions): { readonly api: Hono } {
  const now = options.now ?? Date.now;
  const ttl = options.ttlMs ?? 10 * 60 * 1000;
  const products = new LRUCache<number, ReviewedProduct>({ max: 5000, ttl, perf: { now } });
  const blocks = new LRUCache<string, StockReviewBlock['nonces']>({ max: 10_000, ttl, perf: { now } });

  const conversation = (c: Context) => new StockConversation(options.forward, requestOrigin(c), c.req.header('cookie') ?? '', now, FAILURES);

  const answer = (up: StockConversation | null, body: unknown, status = 200): Response => {
    const response = new Response(status === 204 ? null : JSON.stringify(body), { status, headers: JSON_HEADERS });
    for (const line of up?.setCookies ?? []) response.headers.append('set-cookie', line);
    return response;
  };
  const failed = (up: StockConversation | null, failure: Failure, data: Record<string, unknown> = {}) =>
    answer(up, { code: failure.code, message: failure.message, data: { status: failure.status, ...data } }, failure.status);
  const invalid = (params: Record<string, string>) =>
    failed(null, { status: 400, code: 'suki_reviews_invalid', message: `Invalid parameter(s): ${Object.keys(params).join(', ')}` }, { params });

  /** The product's name, address and picture, from the stock Store API; null when there is none. */
  const productFacts = async (up: StockConversation, productId: number): Promise<ReviewedProduct | null | Failure> => {
    const known = products.get(productId);
    if (known) return known;
    const response = await options.forward(new Request(new URL(`/wp-json/wc/store/v1/products/${productId}`, up.origin), { headers: { accept: 'application/json' } }), up.origin);
    if (response.status === 404) {
      await response.body?.cancel();
      return null;
    }
    if (!response.ok) {
      await response.body?.cancel();
      return response.status >= 500 ? unreachable(response.status) : BAD_ANSWER;
    }
    let body: unknown;
    try {
      body = await response.json();
    } catch {
      return BAD_ANSWER;
    }
    const parsed = v.safeParse(storeProduct, body);
    if (!parsed.success || parsed.output.id !== productId) return BAD_ANSWER;
    let permalink: string;
    try {
      const url = new URL(parsed.output.permalink, up.origin);
      permalink = url.origin === up.origin ? url.pathname : '';
    } catch {
      permalink = '';
    }
    if (!permalink.startsWith('/')) return BAD_ANSWER;
    const image = parsed.output.images[0];
    const facts: ReviewedProduct = { id: productId, name: parsed.output.name, permalink, image: image?.thumbnail ?? image?.src ?? null };
    products.set(productId, facts);
    return facts;
  };

  /** The stock product page's review block, keeping its nonces for the shopper. */
  const readBlock = async (up: StockConversation, product: ReviewedProduct): Promise<StockReviewBlock | null | Failure> => {
    const page = await up.html(product.permalink);
    if (page.kind === 'failed') return page.failure;
    if (page.kind === 'missing') return null;
    const block = readStockReviewBlock(page.html, up.origin, product);
    if (block) blocks.set(`${product.id} ${nonceKey(up.jar)}`, block.nonces);
    return block;
  };
  const nonces = async (up: StockConversation, product: ReviewedProduct): Promise<StockReviewBlock['nonces'] | null | Failure> => {
    const kept = blocks.get(`${product.id} ${nonceKey(up.jar)}`);
    if (kept) return kept;
    const block = await readBlock(up, product);
    return block === null || 'status' in block ? block : block.nonces;
  };

  /** The product of a request, or the answer that ends it. */
  const productOf = async (up: StockConversation, raw: string | undefined): Promise<ReviewedProduct | Response> => {
    const productId = id(raw);
    if (productId === null) return raw === 'shop' || raw === 'all' ? failed(up, UNSUPPORTED) : invalid({ product: 'product must be a product id.' });
    const facts = await productFacts(up, productId);
    if (facts === null) return failed(up, NOT_FOUND);
    return 'status' in facts ? failed(up, facts) : facts;
  };

  /** A JSON body read within the size cap and checked, or the answer that refuses it. */
  const bodyOf = async <S extends v.GenericSchema>(c: Context, schema: S): Promise<v.InferOutput<S> | Response> => {
    if (mediaType(c) !== 'application/json') return failed(null, { status: 415, code: 'suki_reviews_invalid', message: 'Send the request as JSON.' });
    const raw = await readCapped(c.req.raw.body, MAX_BODY_BYTES, c.req.header('content-length'));
    if (raw === null) return failed(null, { status: 413, code: 'suki_payload_too_large', message: 'The request body is too large.' });
    let json: unknown;
    try {
      json = JSON.parse(raw.toString('utf8'));
    } catch {
      return invalid({ body: 'Not JSON.' });
    }
    const parsed = v.safeParse(schema, json);
    if (parsed.success) return parsed.output;
    const params: Record<string, string> = {};
    for (const issue of parsed.issues) params[String(issue.path?.[0]?.key ?? 'body')] ??= issue.message;
    return invalid(params);
  };

  const api = new Hono().basePath('/wp-json/suki/v1');

  api.get('/reviews/block', async (c) => {
    const up = conversation(c);
    const product = await productOf(up, c.req.query('product'));
    if (product instanceof Response) return product;
    const block = await readBlock(up, product);
    if (block === null) return failed(up, UNSUPPORTED);
    if ('status' in block) return failed(up, block);
    const shown = block.reviews.length;
    const view: ProductReviewsView = {
      productId: product.id,
      summary: block.summary,
      tags: [],
      first: { items: block.reviews, total: block.summary.count, page: 1, perPage: Math.max(shown, STOCK_PER_PAGE), lastPage: shown >= block.summary.count },
      sort: 'recent',
      form: STOCK_FORM,
    };
    return answer(up, view);
  });

  api.get('/reviews', async (c) => {
    const query = c.req.query();
    const page = intIn(query['page'], 1, 10_000, 1);
    const rating = intIn(query['rating'], 0, 5, 0);
    const search = (query['search'] ?? '').trim();
    const tags = (query['tags'] ?? '').split(',').filter((t) => t !== '');
    const params: Record<string, string> = {};
    if (page === null) params['page'] = 'page must be a whole number from 1 to 10000.';
    if (rating === null) params['rating'] = 'rating must be a whole number from 0 to 5.';
    if (search.length > 100 || !storable(search)) params['search'] = 'search must be text of at most 100 characters.';
    if (tags.length > 20 || tags.some((t) => id(t) === null)) params['tags'] = 'tags must be tag ids.';
    if (Object.keys(params).length > 0) return invalid(params);
    const up = conversation(c);
    const product = await productOf(up, query['product']);
    if (product instanceof Response) return product;
    const sort: ReviewSort = REVIEW_SORTS.includes(query['sort'] as ReviewSort) ? (query['sort'] as ReviewSort) : 'recent';
    const kept = await nonces(up, product);
    if (kept === null) return failed(up, UNSUPPORTED);
    if ('status' in kept) return failed(up, kept);
    const form = new URLSearchParams({ action: 'cr_show_more_reviews', productID: String(product.id), page: String((page ?? 1) - 1), sort, rating: String(rating ?? 0), search, security: kept.list });
    for (const tag of tags) form.append('tags[]', tag);
    const sent = await up.ajax(form);
    if (!sent.ok) return failed(up, sent.failure);
    const read = readStockReviewListAnswer(sent.body);
    if (read === null) return failed(up, BAD_ANSWER);
    const items = readStockReviews(read.html, up.origin, product);
    const result: ReviewPage = { items, total: read.total, page: page ?? 1, perPage: STOCK_PER_PAGE, lastPage: read.lastPage };
    return answer(up, result);
  });

  const vote = (action: 'cr_vote_review' | 'cr_vote_question') => async (c: Context) => {
    const target = id(c.req.param('id'));
    if (target === null) return failed(null, NOT_FOUND);
    const body = await bodyOf(c, voteBody);
    if (body instanceof Response) return body;
    const up = conversation(c);
    const sent = await up.ajax(new URLSearchParams({ action, reviewID: String(target), upvote: body.upvote ? '1' : '0' }));
    if (!sent.ok) return failed(up, sent.failure);
    const votes: Votes | null = readStockVotes(sent.body);
    // The stock plugin answers a vote it refuses (an unknown review) with a code other than 0.
    if (votes === null) return failed(up, readStockResult(sent.body) === null ? BAD_ANSWER : NOT_FOUND);
    return answer(up, votes);
  };
  api.post('/reviews/:id/vote', vote('cr_vote_review'));

  api.post('/reviews', async (c) => {
    const body = await bodyOf(c, submissionBody);
    if (body instanceof Response) return body;
    if (body.productId === null || body.media.length > 0) return failed(null, UNSUPPORTED);
    const up = conversation(c);
    const sent = await up.ajax(
      new URLSearchParams({
        action: 'cr_submit_review',
        rating: String(body.rating),
        review: body.text.trim(),
        name: body.name.trim(),
        id: String(body.productId),
        email: body.email.trim(),
        'g-recaptcha-response': body.captcha ?? '',
      }),
    );
    if (!sent.ok) return failed(up, sent.failure);
    const read = readStockResult(sent.body);
    if (read === null) return failed(up, BAD_ANSWER);
    const code = (read.code <= 5 ? read.code : 2) as ReviewResult['code'];
    // A stock shop holds a guest's review for moderation (only its staff publish at once).
    const result: ReviewResult = { code, description: read.description, button: read.button || (code === 0 ? 'Continue' : 'Try again'), ...(code === 0 ? { status: 'hold' as const } : {}) };
    return answer(up, result);
  });

  const unsupported = () => failed(null, UNSUPPORTED);
  api.post('/reviews/media', unsupported);
  api.delete('/reviews/media/:id', unsupported);
  api.get('/reviews/all', unsupported);
  api.get('/reviews/home', unsupported);
  api.get('/reviews/badge', unsupported);

  if (options.questions) {
    /** Questions of page `page` (1-based): the first on the product page, later ones from `cr_show_more_qna`. */
    const questionPage = async (up: StockConversation, product: ReviewedProduct, page: number, search: string): Promise<QuestionPage | Failure | null> => {
      if (page === 1 && search === '') {
        const read = await up.html(product.permalink);
        if (read.kind === 'failed') return read.failure;
        if (read.kind === 'missing') return null;
        const block = readStockReviewBlock(read.html, up.origin, product);
        if (block) blocks.set(`${product.id} ${nonceKey(up.jar)}`, block.nonces);
        if (!block?.questions) return null;
        const items = readStockQuestions(read.html, product.id, options.shopName);
        const more = items.length >= STOCK_PER_PAGE;
        return { items, total: items.length + (more ? 1 : 0), page: 1, perPage: STOCK_PER_PAGE, lastPage: !more };
      }
      const sent = await up.ajax(
        new URLSearchParams({ action: 'cr_show_more_qna', productID: String(product.id), page: String(page - 1), permalink: new URL(product.permalink, up.origin).href, search, cr_attributes: '"cr_qna"' }),
      );
      if (!sent.ok) return sent.failure;
      const body = sent.body as { page?: unknown; html?: unknown; last_page?: unknown } | null;
      if (typeof body !== 'object' || body === null || typeof body.html !== 'string' || typeof body.last_page !== 'boolean') return BAD_ANSWER;
      const items = readStockQuestions(body.html, product.id, options.shopName);
      const before = (page - 1) * STOCK_PER_PAGE;
      return { items, total: before + items.length + (body.last_page ? 0 : 1), page, perPage: STOCK_PER_PAGE, lastPage: body.last_page };
    };

    api.get('/questions/block', async (c) => {
      const up = conversation(c);
      const product = await productOf(up, c.req.query('product'));
      if (product instanceof Response) return product;
      const first = await questionPage(up, product, 1, '');
      if (first === null) return failed(up, UNSUPPORTED);
      if ('status' in first) return failed(up, first);
      const kept = blocks.get(`${product.id} ${nonceKey(up.jar)}`);
      const view: ProductQuestionsView = { productId: product.id, first, form: { accepting: (kept?.questions ?? '') !== '', captchaSiteKey: null } };
      return answer(up, view);
    });

    api.get('/questions', async (c) => {
      const query = c.req.query();
      const page = intIn(query['page'], 1, 10_000, 1);
      const search = (query['search'] ?? '').trim();
      if (page === null) return invalid({ page: 'page must be a whole number from 1 to 10000.' });
      if (search.length > 100 || !storable(search)) return invalid({ search: 'search must be text of at most 100 characters.' });
      const up = conversation(c);
      const product = await productOf(up, query['product']);
      if (product instanceof Response) return product;
      const result = await questionPage(up, product, page, search);
      if (result === null) return failed(up, UNSUPPORTED);
      return 'status' in result ? failed(up, result) : answer(up, result);
    });

    api.post('/questions', async (c) => {
      const body = await bodyOf(c, questionBody);
      if (body instanceof Response) return body;
      const up = conversation(c);
      const product = await productOf(up, String(body.productId));
      if (product instanceof Response) return product;
      const kept = await nonces(up, product);
      if (kept === null || (kept !== null && !('status' in kept) && kept.questions === '')) return failed(up, UNSUPPORTED);
      if ('status' in kept) return failed(up, kept);
      const form = new URLSearchParams({ action: 'cr_new_qna', crNonce: kept.questions, currentPostID: String(product.id), text: body.text.trim(), name: body.name.trim(), email: body.email.trim() });
      if (body.questionId !== undefined) {
        form.set('questionID', String(body.questionId));
        form.set('productID', String(product.id));
      }
      if (body.captcha) form.set('cptcha', body.captcha);
      const sent = await up.ajax(form);
      if (!sent.ok) return failed(up, sent.failure);
      const read = readStockResult(sent.body);
      if (read === null) return failed(up, BAD_ANSWER);
      const result: QuestionResult = { code: (read.code <= 4 ? read.code : 2) as QuestionResult['code'], description: read.description };
      return answer(up, result);
    });

    api.post('/questions/:id/vote', vote('cr_vote_question'));
  }

  api.all('/reviews/*', (c) => failed(null, { status: 404, code: 'rest_no_route', message: `No route was found matching the URL and request method (${c.req.method}).` }));
  return { api };
}
