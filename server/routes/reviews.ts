/**
 * Reviews and questions on the embedded shop, through three doors that share `services/reviews.ts`:
 *
 * - Suki's JSON route under `/wp-json/suki/v1` (`/reviews…`, `/questions…`; the table in
 *   `src/app/reviews-view.ts`): reads answer `no-store, private` with `Vary: Cookie` (only the
 *   viewer's own votes differ); writes need the Store API `Nonce` header (401 without, 403 wrong)
 *   and pass the app's same-origin check; WordPress REST errors `suki_reviews_invalid` (400) and
 *   `suki_reviews_not_found` (404);
 * - the stock Customer Reviews admin-ajax actions (`wire-protocol.md` §2) with their fields, codes
 *   and `html` drawn from data, nonces checked (unlike the stock defaults): the list actions'
 *   `security` (`cr_product_reviews_{id}`, `cr_product_reviews_filter_{id}`, `cr_all_reviews`,
 *   `cr_grid_reviews`), Q&A's `security`/`crNonce` (`cr_qna_{id}`, `cr_qna_a_{id}`) and the review
 *   form's `security` (`cr_submit_review_{id}`), published for a stock page script by
 *   `GET /wp-json/suki/v1/reviews/stock-settings?product=ID`;
 * - the classic review form `POST /wp-comments-post.php` (no scripts), which answers a 303 back to
 *   the product page with the outcome in the address (`?review_result={code}&review_status=hold#reviews`).
 *
 * Which exist follows the plugins: the review routes with `reviews`, the question routes with
 * `questions`, `/reviews/badge` with `trust-badge` or `reviews`. Votes belong to the signed-in
 * account, else to the browser session (never an IP address).
 */
import { Hono, type Context } from 'hono';
import type { HomeReviewsView, NewQuestion, ProductQuestionsView, ProductReviewsView, AllReviewsView, ReviewFormSettings, ReviewQuery, ReviewScope, ReviewSort, TrustBadge, UploadedMedia } from '../../src/core/domain/reviews.js';
import { questionsOptions, type QuestionsOptions } from '../../src/plugins/questions/options.js';
import { reviewsOptions, type ReviewsOptions } from '../../src/plugins/reviews/options.js';
import { clientAddress } from '../lib/address.js';
import { createNonce, verifyNonce, type Keys } from '../lib/crypto.js';
import { ApiError } from '../lib/errors.js';
import { escapeHtml } from '../lib/escape.js';
import { mediaType, requestOrigin } from '../lib/request.js';
import type { CaptchaVerifier } from '../services/captcha.js';
import { dbRateLimit, type RateLimit } from '../services/rate-limit.js';
import type { ReviewMediaPort } from '../services/review-media-port.js';
import { countRowText, PAGE_MAX, PER_PAGE_MAX, readBoundedInt, readIdList, readRatingFilter, readSearch, readSort, showMoreLabel, stockCounters } from '../services/review-rules.js';
import {
  castVote,
  listQuestions,
  listReviews,
  QUESTION_TEXTS,
  REVIEW_TEXTS,
  ratingSummary,
  reviewedProduct,
  reviewTags,
  submitQuestion,
  submitReview,
  type Notify,
  type QuestionContext,
  type SubmitContext,
  type Voter,
} from '../services/reviews.js';
import { sessionAccount } from '../services/session-store.js';
import { getOrCreateSession, readSessionId } from '../session.js';
import { gridCard, pagination, questionItems, reviewItems } from '../views/reviews.js';
import { uploadMessages } from './review-media.js';
import { parseJsonBody, rawBody, requireNonce, sendJson, type ShopDeps } from './shared.js';

// ---------------------------------------------------------------- settings

/** A flood limit: so many writes per client per window, counted in the database. */
export interface FloodLimit {
  readonly max: number;
  readonly windowMs: number;
}

/** Reviews per client and window (shared by every instance through `suki_rate_limits`). */
export const REVIEW_FLOOD: FloodLimit = { max: 3, windowMs: 60_000 };
/** Questions and answers per client and window. */
export const QUESTION_FLOOD: FloodLimit = { max: 5, windowMs: 60_000 };

/** What the server applies of the three plugins. */
export interface ReviewsSettings {
  /** The reviews plugin's checked options, or false when it is off. */
  readonly reviews: ReviewsOptions | false;
  /** The questions plugin's checked options, or false when it is off. */
  readonly questions: QuestionsOptions | false;
  /** The trust-badge plugin is on. */
  readonly badge: boolean;
  /** Verifies captcha tokens (`SUKI_CAPTCHA_SECRET`); null: none configured (a site key then refuses every token). */
  readonly captcha?: CaptchaVerifier | null;
  /** The review media service; absent: reviews carry no media (a submission with some is refused). */
  readonly media?: ReviewMediaPort | undefined;
  readonly reviewFlood?: FloodLimit;
  readonly questionFlood?: FloodLimit;
}

/** The reviews plugin's defaults. */
export const DEFAULT_REVIEWS_OPTIONS: ReviewsOptions = reviewsOptions.parse({});
/** The questions plugin's defaults. */
export const DEFAULT_QUESTIONS_OPTIONS: QuestionsOptions = questionsOptions.parse({});

/**
 * The settings for the enabled plugins (options already checked at start-up, defaults filled in
 * again here); false when none of reviews, questions and the trust badge is on.
 */
export function reviewsSettingsOf(plugins: ReadonlyArray<{ readonly name: string; readonly options: unknown }>, extra: Pick<ReviewsSettings, 'captcha' | 'media'> = {}): ReviewsSettings | false {
  const find = (name: string) => plugins.find((p) => p.name === name);
  const reviews = find('reviews');
  const questions = find('questions');
  const badge = find('trust-badge') !== undefined;
  if (!reviews && !questions && !badge) return false;
  const parsedReviews = reviews ? reviewsOptions.safeParse(reviews.options ?? {}) : null;
  const parsedQuestions = questions ? questionsOptions.safeParse(questions.options ?? {}) : null;
  return {
    reviews: parsedReviews ? (parsedReviews.success ? parsedReviews.data : DEFAULT_REVIEWS_OPTIONS) : false,
    questions: parsedQuestions ? (parsedQuestions.success ? parsedQuestions.data : DEFAULT_QUESTIONS_OPTIONS) : false,
    badge,
    ...extra,
  };
}

/** Nonce actions of the stock actions. */
export const REVIEW_NONCE = {
  showMore: (productId: number) => `cr_product_reviews_${productId}`,
  filter: (productId: number) => `cr_product_reviews_filter_${productId}`,
  all: 'cr_all_reviews',
  grid: 'cr_grid_reviews',
  question: (productId: number) => `cr_qna_${productId}`,
  answer: (productId: number) => `cr_qna_a_${productId}`,
  submit: (item: number) => `cr_submit_review_${item}`,
} as const;

const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/gif'];
const VIDEO_TYPES = ['video/mp4', 'video/mpeg', 'video/ogg', 'video/webm', 'video/quicktime', 'video/x-msvideo'];

/** The review form's settings as the browser needs them. */
export function formSettings(options: ReviewsOptions, hasMedia: boolean): ReviewFormSettings {
  return {
    accepting: options.accepting,
    questions: options.questions.map((q) => ({ name: q.name, label: q.label, type: q.type, required: q.required })),
    media: {
      enabled: options.media.enabled && hasMedia,
      limit: options.media.limit,
      maxBytes: options.media.maxMiB * 1_048_576,
      types: options.media.videos ? [...IMAGE_TYPES, ...VIDEO_TYPES] : IMAGE_TYPES,
      // The same words the upload route refuses with, so the shopper reads one message either way.
      messages: uploadMessages(options.media),
    },
    captchaSiteKey: options.captchaSiteKey ?? null,
  };
}

// ---------------------------------------------------------------- helpers

const invalid = (params: Readonly<Record<string, string>>): ApiError =>
  new ApiError(400, 'suki_reviews_invalid', `Invalid parameter(s): ${Object.keys(params).join(', ')}`, { params: { ...params } });

const notFound = (): ApiError => new ApiError(404, 'suki_reviews_not_found', 'No such product, review or question.');

const isId = (value: unknown): value is number => typeof value === 'number' && Number.isSafeInteger(value) && value > 0 && value <= 2_147_483_647;

/** A path id: digits only, else nothing of that id exists for anyone. */
const pathId = (raw: string | undefined): number => {
  const id = raw !== undefined && /^\d{1,10}$/.test(raw) ? Number(raw) : Number.NaN;
  if (!isId(id)) throw notFound();
  return id;
};

/** A JSON object body with only the given fields. */
const objectBody = (body: unknown, allowed: readonly string[]): Record<string, unknown> => {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw invalid({ body: 'The body must be a JSON object.' });
  for (const key of Object.keys(body)) if (!allowed.includes(key)) throw invalid({ [key.slice(0, 100)]: `${key.slice(0, 100)} is not a field of this request.` });
  return body as Record<string, unknown>;
};

/** Upload handles `{id, key}` (at most 10). */
const readMedia = (value: unknown, field: string): UploadedMedia[] => {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value) || value.length > 10) throw invalid({ [field]: `${field} must be a list of at most 10 uploads {id, key}.` });
  return value.map((item) => {
    const entry = item as { id?: unknown; key?: unknown } | null;
    // Upload ids are the media service's (48-bit random numbers, above 2^32), not row ids.
    if (typeof entry !== 'object' || entry === null || typeof entry.id !== 'number' || !Number.isSafeInteger(entry.id) || entry.id <= 0 || typeof entry.key !== 'string' || !/^[0-9a-f]{20}$/.test(entry.key)) {
      throw invalid({ [field]: 'Each upload must be {id, key} as the upload answered it.' });
    }
    return { id: entry.id, key: entry.key };
  });
};

/** The viewer's voter key (no session is made for a reader). */
async function viewerVoter(c: Context, deps: ShopDeps): Promise<Voter> {
  const id = readSessionId(c);
  if (id === null) return null;
  const account = await sessionAccount(deps.db, id);
  return account ? `account:${account.customerId}` : `session:${id}`;
}

/** The voter and account of a writer with a session. */
async function writer(c: Context, deps: ShopDeps, sessionId: string): Promise<{ voter: string; customerId: number | null }> {
  const account = await sessionAccount(deps.db, sessionId);
  return account ? { voter: `account:${account.customerId}`, customerId: account.customerId } : { voter: `session:${sessionId}`, customerId: null };
}

const noStore = (c: Context): void => {
  c.header('Cache-Control', 'no-store, private');
  c.header('Vary', 'Cookie');
};

// ---------------------------------------------------------------- routes

/** What {@link reviewsRoutes} hands the app. */
export interface ReviewsDoors {
  /** Suki's JSON routes, to mount at `/wp-json/suki/v1`. */
  readonly api: Hono;
  /** A stock admin-ajax action, or null when `action` is not one of these plugins'. */
  readonly stockAction: (c: Context, action: string, form: URLSearchParams) => Promise<Response | null>;
  /** `POST /wp-comments-post.php` for a product (null when the reviews plugin is off). */
  readonly commentPost: ((c: Context) => Promise<Response>) | null;
}

/** Builds the reviews' and questions' routes. */
export function reviewsRoutes(deps: ShopDeps, settings: ReviewsSettings): ReviewsDoors {
  const reviewsOn = settings.reviews;
  const questionsOn = settings.questions;
  const media = settings.media;
  const reviewFlood: RateLimit = dbRateLimit(deps.db, { name: 'review-flood', ...(settings.reviewFlood ?? REVIEW_FLOOD) });
  const questionFlood: RateLimit = dbRateLimit(deps.db, { name: 'question-flood', ...(settings.questionFlood ?? QUESTION_FLOOD) });
  const captcha = settings.captcha ?? null;

  const productScope = async (raw: string | undefined): Promise<ReviewScope> => {
    const value = (raw ?? '').trim();
    if (value === 'shop') return { kind: 'shop' };
    if (value === 'all') return { kind: 'all' };
    if (!/^\d{1,10}$/.test(value)) throw invalid({ product: 'product must be a product id, "shop" or "all".' });
    const product = await reviewedProduct(deps.db, Number(value));
    if (!product) throw notFound();
    return { kind: 'product', productId: product.id };
  };

  /** A review list query from the address; `defaults` give the page size and order. */
  const readListQuery = (c: Context, scope: ReviewScope, perPageDefault: number, sortDefault: ReviewSort): ReviewQuery => {
    const q = (name: string) => c.req.query(name);
    const problems: Record<string, string> = {};
    const page = readBoundedInt(q('page'), 1, PAGE_MAX, 1);
    if (page === null) problems['page'] = `page must be a whole number from 1 to ${PAGE_MAX}.`;
    const perPage = readBoundedInt(q('per_page'), 1, PER_PAGE_MAX, perPageDefault);
    if (perPage === null) problems['per_page'] = `per_page must be a whole number from 1 to ${PER_PAGE_MAX}.`;
    const rating = readRatingFilter(q('rating'));
    if (rating === null) problems['rating'] = 'rating must be a whole number from 0 to 5.';
    const tags = readIdList(q('tags'), 20);
    if (tags === null) problems['tags'] = 'tags must be a comma-separated list of tag ids.';
    const exclude = readIdList(q('exclude'), 200);
    if (exclude === null) problems['exclude'] = 'exclude must be a comma-separated list of at most 200 review ids.';
    if (Object.keys(problems).length > 0) throw invalid(problems);
    const sortRaw = q('sort');
    return {
      scope,
      page: page ?? 1,
      perPage: perPage ?? perPageDefault,
      sort: sortRaw === undefined ? sortDefault : readSort(sortRaw),
      rating: rating ?? 0,
      search: readSearch(q('search')),
      tags: tags ?? [],
      ...(exclude && exclude.length > 0 ? { exclude } : {}),
    };
  };

  const productBlock = async (productId: number, voter: Voter, options: ReviewsOptions): Promise<ProductReviewsView> => {
    const scope: ReviewScope = { kind: 'product', productId };
    const [summary, tags, first] = await Promise.all([
      ratingSummary(deps.db, scope),
      reviewTags(deps.db, scope),
      listReviews(deps.db, { scope, page: 1, perPage: options.perPage, sort: options.sort, rating: 0, search: '', tags: [] }, { voter, media }),
    ]);
    return { productId, summary, tags, first, sort: options.sort, form: formSettings(options, media !== undefined) };
  };

  const allView = async (c: Context, voter: Voter, options: ReviewsOptions): Promise<AllReviewsView> => {
    const scope: ReviewScope = { kind: 'all' };
    const query = readListQuery(c, scope, options.allPerPage, 'recent');
    const [summary, tags, page] = await Promise.all([ratingSummary(deps.db, scope), reviewTags(deps.db, scope), listReviews(deps.db, query, { voter, media })]);
    return { summary, tags, reviews: page, query: { rating: query.rating, search: query.search, sort: query.sort, page: query.page }, pagination: options.pagination, form: formSettings(options, media !== undefined) };
  };

  const homeView = async (voter: Voter, options: ReviewsOptions): Promise<HomeReviewsView> => {
    const scope: ReviewScope = { kind: 'all' };
    const grid = options.grid === false ? null : options.grid;
    const slider = options.slider === false ? null : options.slider;
    const [summary, cards, recent] = await Promise.all([
      grid ? ratingSummary(deps.db, scope) : null,
      grid ? listReviews(deps.db, { scope, page: 1, perPage: grid.count, sort: 'recent', rating: 0, search: '', tags: [] }, { voter, media }) : null,
      slider ? listReviews(deps.db, { scope, page: 1, perPage: slider.count, sort: 'recent', rating: 0, search: '', tags: [] }, { voter, media }) : null,
    ]);
    return {
      grid: grid && summary && cards ? { title: grid.title ?? '', summary, cards } : null,
      slider: slider && recent ? { title: slider.title ?? '', reviews: recent.items } : null,
    };
  };

  const badgeView = async (voter: Voter): Promise<TrustBadge> => {
    const scope: ReviewScope = { kind: 'all' };
    const [summary, latest] = await Promise.all([
      ratingSummary(deps.db, scope),
      listReviews(deps.db, { scope, page: 1, perPage: 3, sort: 'recent', rating: 0, search: '', tags: [] }, { voter, media, featuredFirst: false }),
    ]);
    return { averageHundredths: summary.averageHundredths, count: summary.count, latest: latest.items };
  };

  /** New reviews and questions are announced to the shop's order address, through the outbox. */
  const notifyOf = (c: Context): Notify => ({ to: deps.checkout.ordersEmail, shopName: deps.shopName, origin: requestOrigin(c), afterCommit: deps.sendQueuedMail });

  const submitContext = (options: ReviewsOptions, c: Context, sessionId: string, customerId: number | null): SubmitContext => ({
    accepting: options.accepting,
    autoApproveVerified: options.autoApproveVerified,
    questions: options.questions,
    mediaEnabled: options.media.enabled,
    captchaRequired: options.captchaSiteKey !== undefined,
    captcha,
    customerId,
    sessionId,
    client: clientAddress(c),
    flood: reviewFlood,
    media,
    notify: notifyOf(c),
  });

  const questionContext = (options: QuestionsOptions, c: Context): QuestionContext => ({
    accepting: options.accepting,
    captchaRequired: options.captchaSiteKey !== undefined,
    captcha,
    client: clientAddress(c),
    flood: questionFlood,
    notify: notifyOf(c),
  });

  // ------------------------------------------------------------ Suki's JSON route

  const api = new Hono();
  api.use('*', async (c, next) => {
    await next();
    c.res.headers.set('Cache-Control', 'no-store, private');
    c.res.headers.set('Vary', 'Cookie');
  });

  /** The Store API nonce on answers to a viewer with a session (writes need it). */
  const withNonce = async (c: Context): Promise<void> => {
    const id = readSessionId(c);
    if (id !== null) c.header('Nonce', createNonce(await deps.keys(), id));
  };

  /** A JSON write: nonce first (nothing is read or made for a request that fails it). */
  const jsonWriter = async (c: Context): Promise<{ sessionId: string; voter: string; customerId: number | null; body: unknown }> => {
    const session = await getOrCreateSession(c);
    await requireNonce(c, deps, session.id);
    const body = parseJsonBody(c, await rawBody(c));
    const who = await writer(c, deps, session.id);
    c.header('Nonce', createNonce(await deps.keys(), session.id));
    return { sessionId: session.id, ...who, body };
  };

  const readUpvote = (body: unknown, extra: readonly string[] = []): { upvote: boolean; fields: Record<string, unknown> } => {
    const fields = objectBody(body, ['upvote', ...extra]);
    if (typeof fields['upvote'] !== 'boolean') throw invalid({ upvote: 'upvote must be true or false.' });
    return { upvote: fields['upvote'], fields };
  };

  if (reviewsOn) {
    api.get('/reviews', async (c) => {
      const scope = await productScope(c.req.query('product'));
      const query = readListQuery(c, scope, scope.kind === 'product' ? reviewsOn.perPage : reviewsOn.allPerPage, scope.kind === 'product' ? reviewsOn.sort : 'recent');
      const page = await listReviews(deps.db, query, { voter: await viewerVoter(c, deps), media });
      await withNonce(c);
      return sendJson(c, page);
    });

    api.get('/reviews/block', async (c) => {
      const scope = await productScope(c.req.query('product'));
      if (scope.kind !== 'product') throw invalid({ product: 'product must be a product id.' });
      const view = await productBlock(scope.productId, await viewerVoter(c, deps), reviewsOn);
      await withNonce(c);
      return sendJson(c, view);
    });

    api.get('/reviews/all', async (c) => {
      const view = await allView(c, await viewerVoter(c, deps), reviewsOn);
      await withNonce(c);
      return sendJson(c, view);
    });

    api.get('/reviews/home', async (c) => sendJson(c, await homeView(await viewerVoter(c, deps), reviewsOn)));

    /** For a stock page script: the ajax address and this session's nonces for one product. */
    api.get('/reviews/stock-settings', async (c) => {
      const raw = c.req.query('product') ?? '';
      const product = /^\d{1,10}$/.test(raw) ? await reviewedProduct(deps.db, Number(raw)) : null;
      if (!product) throw notFound();
      const session = await getOrCreateSession(c);
      const keys = await deps.keys();
      return sendJson(c, {
        ajax_url: `${requestOrigin(c)}/wp-admin/admin-ajax.php`,
        nonces: {
          show_more: createNonce(keys, session.id, REVIEW_NONCE.showMore(product.id)),
          filter: createNonce(keys, session.id, REVIEW_NONCE.filter(product.id)),
          all_reviews: createNonce(keys, session.id, REVIEW_NONCE.all),
          grid: createNonce(keys, session.id, REVIEW_NONCE.grid),
          qna: createNonce(keys, session.id, REVIEW_NONCE.question(product.id)),
          qna_answer: createNonce(keys, session.id, REVIEW_NONCE.answer(product.id)),
          submit: createNonce(keys, session.id, REVIEW_NONCE.submit(product.id)),
          submit_shop: createNonce(keys, session.id, REVIEW_NONCE.submit(-1)),
        },
      });
    });

    api.post('/reviews', async (c) => {
      const { sessionId, customerId, body } = await jsonWriter(c);
      const fields = objectBody(body, ['productId', 'rating', 'text', 'name', 'email', 'answers', 'media', 'captcha']);
      const productId = fields['productId'];
      if (productId !== null && !isId(productId)) throw invalid({ productId: 'productId must be a product id, or null for a shop review.' });
      const mediaPairs = readMedia(fields['media'], 'media');
      if (fields['captcha'] !== undefined && typeof fields['captcha'] !== 'string') throw invalid({ captcha: 'captcha must be a string.' });
      const answers = fields['answers'] ?? {};
      const outcome = await submitReview(
        deps.db,
        {
          productId,
          rating: fields['rating'],
          text: typeof fields['text'] === 'string' ? fields['text'] : '',
          name: typeof fields['name'] === 'string' ? fields['name'] : '',
          email: typeof fields['email'] === 'string' ? fields['email'] : '',
          answers: answers as Record<string, string>,
          media: mediaPairs,
          ...(typeof fields['captcha'] === 'string' ? { captcha: fields['captcha'] } : {}),
        },
        submitContext(reviewsOn, c, sessionId, customerId),
      );
      return sendJson(c, outcome);
    });

    api.post('/reviews/:id{[0-9]+}/vote', async (c) => {
      const id = pathId(c.req.param('id'));
      const { voter, body } = await jsonWriter(c);
      const { upvote } = readUpvote(body);
      const votes = await castVote(deps.db, 'review', id, voter, upvote);
      if (!votes) throw notFound();
      return sendJson(c, votes);
    });
  }

  if (reviewsOn || settings.badge) {
    api.get('/reviews/badge', async (c) => sendJson(c, await badgeView(await viewerVoter(c, deps))));
  }

  if (questionsOn) {
    api.get('/questions', async (c) => {
      const raw = c.req.query('product') ?? '';
      if (!/^\d{1,10}$/.test(raw.trim())) throw invalid({ product: 'product must be a product id.' });
      const product = await reviewedProduct(deps.db, Number(raw.trim()));
      if (!product) throw notFound();
      const page = readBoundedInt(c.req.query('page'), 1, PAGE_MAX, 1);
      const perPage = readBoundedInt(c.req.query('per_page'), 1, PER_PAGE_MAX, questionsOn.perPage);
      if (page === null || perPage === null) throw invalid({ ...(page === null ? { page: `page must be a whole number from 1 to ${PAGE_MAX}.` } : {}), ...(perPage === null ? { per_page: `per_page must be a whole number from 1 to ${PER_PAGE_MAX}.` } : {}) });
      const result = await listQuestions(deps.db, { productId: product.id, page, perPage, search: readSearch(c.req.query('search')) }, await viewerVoter(c, deps));
      await withNonce(c);
      return sendJson(c, result);
    });

    /** The product page's `Questions & answers` tab: the first page and the form's settings. */
    api.get('/questions/block', async (c) => {
      const raw = c.req.query('product') ?? '';
      if (!/^\d{1,10}$/.test(raw.trim())) throw invalid({ product: 'product must be a product id.' });
      const product = await reviewedProduct(deps.db, Number(raw.trim()));
      if (!product) throw notFound();
      const view = await productQuestionsView(deps, questionsOn, product.id, await viewerVoter(c, deps));
      await withNonce(c);
      return sendJson(c, view);
    });

    api.post('/questions', async (c) => {
      const { body } = await jsonWriter(c);
      const fields = objectBody(body, ['productId', 'questionId', 'text', 'name', 'email', 'captcha']);
      if (!isId(fields['productId'])) throw invalid({ productId: 'productId must be a product id.' });
      if (fields['questionId'] !== undefined && fields['questionId'] !== null && !isId(fields['questionId'])) throw invalid({ questionId: 'questionId must be a question id.' });
      for (const key of ['text', 'name', 'email', 'captcha'] as const) {
        if (fields[key] !== undefined && typeof fields[key] !== 'string') throw invalid({ [key]: `${key} must be a string.` });
      }
      const input: NewQuestion = {
        productId: fields['productId'],
        ...(isId(fields['questionId']) ? { questionId: fields['questionId'] } : {}),
        text: (fields['text'] as string | undefined) ?? '',
        name: (fields['name'] as string | undefined) ?? '',
        email: (fields['email'] as string | undefined) ?? '',
        ...(typeof fields['captcha'] === 'string' ? { captcha: fields['captcha'] } : {}),
      };
      return sendJson(c, await submitQuestion(deps.db, input, questionContext(questionsOn, c)));
    });

    api.post('/questions/:id{[0-9]+}/vote', async (c) => {
      const id = pathId(c.req.param('id'));
      const { voter, body } = await jsonWriter(c);
      const { upvote, fields } = readUpvote(body, ['productId']);
      const productId = fields['productId'];
      if (productId !== undefined && !isId(productId)) throw invalid({ productId: 'productId must be a product id.' });
      const votes = await castVote(deps.db, 'question', id, voter, upvote, productId);
      if (!votes) throw notFound();
      return sendJson(c, votes);
    });
  }

  // ------------------------------------------------------------ stock admin-ajax actions

  const nonceOk = async (c: Context, value: string | null, ...actions: string[]): Promise<boolean> => {
    const nonce = (value ?? '').trim();
    if (nonce === '') return false;
    const session = await getOrCreateSession(c);
    if (session.isNew) return false;
    const keys: Keys = await deps.keys();
    return actions.some((action) => verifyNonce(keys, session.id, nonce, action));
  };

  /** WordPress's answer to a failed `check_ajax_referer`: `-1` with 403. */
  const refusedNonce = (c: Context): Response => c.text('-1', 403);

  const badRequest = (c: Context, message: string): Response => sendJson(c, { success: false, data: { message } }, 400);

  const stockProductId = async (raw: string | null): Promise<number | null> => {
    const value = (raw ?? '').trim();
    if (!/^\d{1,10}$/.test(value)) return null;
    return (await reviewedProduct(deps.db, Number(value)))?.id ?? null;
  };

  /** `page`, `html`, `last_page`, `show_more_label`, `count_row` of the product list actions. */
  const productListAnswer = async (c: Context, options: ReviewsOptions, productId: number, shownPages: number, sort: ReviewSort, rating: 0 | 1 | 2 | 3 | 4 | 5, search: string, tags: number[]): Promise<Response> => {
    const page = shownPages + 1;
    const list = await listReviews(deps.db, { scope: { kind: 'product', productId }, page, perPage: options.perPage, sort, rating, search, tags }, { voter: await viewerVoter(c, deps), media });
    const counters = stockCounters(list.total, options.perPage, page);
    let countRow = escapeHtml(countRowText(list.total, options.perPage, page, rating));
    if (rating > 0) {
      const all = (await ratingSummary(deps.db, { kind: 'product', productId })).count;
      countRow += `. <a class="cr-seeAllReviews" data-rating="0" href="">See all ${all} ${all === 1 ? 'review' : 'reviews'}</a>`;
    }
    return sendJson(c, { page, html: reviewItems(list.items, search), last_page: counters.lastPage, show_more_label: showMoreLabel(counters.remaining), count_row: countRow });
  };

  const stockRating = (raw: string | null): 0 | 1 | 2 | 3 | 4 | 5 | null => readRatingFilter(raw);
  const stockTags = (form: URLSearchParams): number[] | null => readIdList([...form.getAll('tags[]'), ...form.getAll('tags')].join(','), 20);
  const stockPage = (raw: string | null, min: number): number | null => {
    const value = (raw ?? '').trim();
    if (value === '') return min < 0 ? 0 : min;
    if (!/^-?\d{1,6}$/.test(value)) return null;
    const n = Number(value);
    return n >= min && n <= PAGE_MAX ? n : null;
  };

  /** The attributes of the all-reviews and grid actions: a JSON object or form fields `attributes[key]`. */
  const attributesOf = (form: URLSearchParams): Record<string, unknown> => {
    const raw = form.get('attributes');
    if (raw !== null) {
      try {
        const parsed: unknown = JSON.parse(raw);
        if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)) return parsed as Record<string, unknown>;
      } catch {
        // Not JSON: the bracketed form below.
      }
    }
    const out: Record<string, unknown> = {};
    for (const [key, value] of form) {
      const match = /^attributes\[([a-z_]+)\](\[\])?$/.exec(key);
      if (!match?.[1]) continue;
      if (match[2]) out[match[1]] = [...((out[match[1]] as string[] | undefined) ?? []), value];
      else out[match[1]] = value;
    }
    return out;
  };

  const stockAction = async (c: Context, action: string, form: URLSearchParams): Promise<Response | null> => {
    if (reviewsOn) {
      switch (action) {
        case 'cr_show_more_reviews':
        case 'cr_sort_reviews':
        case 'cr_filter_reviews': {
          if (c.req.method !== 'POST') return badRequest(c, 'Send the request as a POST.');
          const productId = await stockProductId(form.get('productID'));
          if (productId === null) return badRequest(c, 'productID must be a product id.');
          const nonceAction = action === 'cr_show_more_reviews' ? REVIEW_NONCE.showMore(productId) : REVIEW_NONCE.filter(productId);
          if (!(await nonceOk(c, form.get('security'), nonceAction))) return refusedNonce(c);
          const rating = stockRating(form.get('rating'));
          if (rating === null) return badRequest(c, 'rating must be a whole number from 0 to 5.');
          const tags = action === 'cr_show_more_reviews' ? stockTags(form) : [];
          if (tags === null) return badRequest(c, 'tags must be tag ids.');
          const shown = action === 'cr_show_more_reviews' ? stockPage(form.get('page'), 0) : 0;
          if (shown === null) return badRequest(c, 'page must be a whole number.');
          const search = action === 'cr_show_more_reviews' ? readSearch(form.get('search')) : '';
          return productListAnswer(c, reviewsOn, productId, shown, readSort(form.get('sort'), reviewsOn.sort), rating, search, tags);
        }
        case 'cr_show_more_all_reviews': {
          if (c.req.method !== 'POST') return badRequest(c, 'Send the request as a POST.');
          if (!(await nonceOk(c, form.get('security'), REVIEW_NONCE.all))) return refusedNonce(c);
          const attributes = attributesOf(form);
          const rating = stockRating(form.get('rating'));
          if (rating === null) return badRequest(c, 'rating must be a whole number from 0 to 5.');
          const tags = stockTags(form);
          if (tags === null) return badRequest(c, 'tags must be tag ids.');
          const shown = stockPage(form.get('page'), 0);
          if (shown === null) return badRequest(c, 'page must be a whole number.');
          const perPageRaw = Number(attributes['show_more'] ?? attributes['per_page'] ?? reviewsOn.allPerPage);
          const perPage = Number.isInteger(perPageRaw) && perPageRaw >= 1 && perPageRaw <= PER_PAGE_MAX ? perPageRaw : reviewsOn.allPerPage;
          const scope: ReviewScope = attributes['shop_reviews'] === false || attributes['shop_reviews'] === 'false' ? { kind: 'all' } : { kind: 'all' };
          const page = shown + 1;
          const search = readSearch(form.get('search'));
          const list = await listReviews(deps.db, { scope, page, perPage, sort: readSort(form.get('sort')), rating, search, tags }, { voter: await viewerVoter(c, deps), media });
          const counters = stockCounters(list.total, perPage, page);
          return sendJson(c, {
            html: reviewItems(list.items, search) ?? '',
            page,
            last_page: counters.lastPage,
            show_more_label: showMoreLabel(counters.remaining),
            count_row: escapeHtml(countRowText(list.total, perPage, page, rating)),
            pagination: reviewsOn.pagination ? pagination(page, Math.ceil(list.total / perPage)) : '',
          });
        }
        case 'ivole_show_more_grid_reviews': {
          if (c.req.method !== 'POST') return badRequest(c, 'Send the request as a POST.');
          if (!(await nonceOk(c, form.get('security'), REVIEW_NONCE.grid))) return refusedNonce(c);
          const attributes = attributesOf(form);
          const rating = stockRating(form.get('rating') === 'undefined' ? null : form.get('rating'));
          if (rating === null) return badRequest(c, 'rating must be a whole number from 0 to 5.');
          const notIn = attributes['comment__not_in'];
          const exclude = readIdList(Array.isArray(notIn) ? notIn.join(',') : typeof notIn === 'string' ? notIn : '', 500);
          if (exclude === null) return badRequest(c, 'comment__not_in must be review ids.');
          const countRaw = Number(attributes['show_more'] ?? (reviewsOn.grid === false ? 6 : reviewsOn.grid.count));
          const perPage = Number.isInteger(countRaw) && countRaw >= 1 && countRaw <= PER_PAGE_MAX ? countRaw : 6;
          const list = await listReviews(deps.db, { scope: { kind: 'all' }, page: 1, perPage, sort: 'recent', rating, search: '', tags: [], exclude }, { voter: await viewerVoter(c, deps), media });
          const shown = exclude.length + list.items.length;
          return sendJson(c, {
            html: `${list.items.map(gridCard).join('')}<div class="cr-count-filtered-reviews">${escapeHtml(`${Math.min(shown, list.total + exclude.length)} of ${list.total + exclude.length} ${list.total + exclude.length === 1 ? 'review' : 'reviews'}`)}</div>`,
          });
        }
        case 'cr_vote_review':
          return stockVote(c, 'review', form);
        case 'cr_submit_review': {
          if (c.req.method !== 'POST') return badRequest(c, 'Send the review as a POST.');
          const item = (form.get('id') ?? '').trim();
          const productId = item === '-1' ? null : await stockProductId(item);
          const button = (code: number) => (code === 0 ? 'Continue' : code === 2 ? 'OK' : 'Try again');
          if (item !== '-1' && productId === null) return sendJson(c, { code: 2, description: 'Data validation error', button: button(2) });
          if (!(await nonceOk(c, form.get('security') ?? form.get('cr_nonce'), REVIEW_NONCE.submit(productId ?? -1)))) {
            return sendJson(c, { code: 2, description: 'Nonce validation error', button: button(2) });
          }
          const session = await getOrCreateSession(c);
          const who = await writer(c, deps, session.id);
          const answers: Record<string, string> = {};
          for (const [key, value] of form) {
            const match = /^onsiteQuestions\[([a-z0-9_]{1,40})\]$/.exec(key);
            if (match?.[1]) answers[match[1]] = value;
          }
          let mediaPairs: UploadedMedia[];
          try {
            mediaPairs = readMedia(
              form.getAll('cr-upload-images-ids[]').map((raw) => JSON.parse(raw) as unknown),
              'cr-upload-images-ids',
            );
          } catch {
            return sendJson(c, { code: 2, description: 'Data validation error', button: button(2) });
          }
          const outcome = await submitReview(
            deps.db,
            {
              productId,
              rating: form.get('rating') ?? '',
              text: form.get('review') ?? '',
              name: form.get('name') ?? '',
              email: form.get('email') ?? '',
              answers,
              media: mediaPairs,
              captcha: form.get('g-recaptcha-response') ?? '',
            },
            submitContext(reviewsOn, c, session.id, who.customerId),
          );
          return sendJson(c, { code: outcome.code, description: escapeHtml(outcome.description), button: outcome.button });
        }
      }
    }
    if (questionsOn) {
      switch (action) {
        case 'cr_vote_question':
          return stockVote(c, 'question', form);
        case 'cr_show_more_qna': {
          const productId = await stockProductId(form.get('productID'));
          if (productId === null) return badRequest(c, 'productID must be a product id.');
          const shown = stockPage(form.get('page'), -1);
          if (shown === null) return badRequest(c, 'page must be a whole number.');
          const search = readSearch(form.get('search'));
          // `page` is the zero-based page shown last (−1 after a new search): the next one is asked for.
          const list = await listQuestions(deps.db, { productId, page: shown + 2, perPage: questionsOn.perPage, search }, await viewerVoter(c, deps));
          return sendJson(c, { page: shown + 1, html: questionItems(list.items, search), last_page: list.lastPage });
        }
        case 'cr_new_qna': {
          if (c.req.method !== 'POST') return badRequest(c, 'Send the question as a POST.');
          const current = await stockProductId(form.get('currentPostID'));
          const questionRaw = (form.get('questionID') ?? '').trim();
          const answering = questionRaw !== '' && questionRaw !== '0';
          const answerButton = (code: number) => (code === 0 ? 'Continue' : 'Try again');
          if (current === null) return sendJson(c, { code: 2, description: QUESTION_TEXTS.validation, button: answerButton(2) });
          const nonce = form.get('security') ?? form.get('crNonce');
          const actions = answering ? [REVIEW_NONCE.answer(current), REVIEW_NONCE.question(current)] : [REVIEW_NONCE.question(current)];
          if (!(await nonceOk(c, nonce, ...actions))) return sendJson(c, { code: 2, description: QUESTION_TEXTS.nonce, button: answerButton(2) });
          const productRaw = (form.get('productID') ?? '').trim();
          const productId = answering && /^\d{1,10}$/.test(productRaw) && Number(productRaw) > 0 ? Number(productRaw) : current;
          if (answering && !/^\d{1,10}$/.test(questionRaw)) return sendJson(c, { code: 2, description: QUESTION_TEXTS.validation, button: answerButton(2) });
          const outcome = await submitQuestion(
            deps.db,
            {
              productId,
              ...(answering ? { questionId: Number(questionRaw) } : {}),
              text: form.get('text') ?? '',
              name: form.get('name') ?? '',
              email: form.get('email') ?? '',
              captcha: form.get('cptcha') ?? '',
            },
            questionContext(questionsOn, c),
          );
          return sendJson(c, { code: outcome.code, description: escapeHtml(outcome.description), button: answerButton(outcome.code) });
        }
      }
    }
    return null;
  };

  /** `cr_vote_review` / `cr_vote_question`: `{code: 0, votes: {upvotes, downvotes, total, current}}`. */
  const stockVote = async (c: Context, kind: 'review' | 'question', form: URLSearchParams): Promise<Response> => {
    if (c.req.method !== 'POST') return badRequest(c, 'Send the vote as a POST.');
    const raw = (form.get('reviewID') ?? '').trim();
    const upvote = (form.get('upvote') ?? '').trim();
    if (!/^\d{1,10}$/.test(raw) || (upvote !== '1' && upvote !== '0')) return badRequest(c, 'reviewID must be an id and upvote 1 or 0.');
    const session = await getOrCreateSession(c);
    // A vote needs a browser that kept the shop's cookie: a client without one would be a new voter every time.
    if (session.isNew) return sendJson(c, { code: 1, description: 'Please enable cookies to vote.' }, 403);
    const who = await writer(c, deps, session.id);
    const votes = await castVote(deps.db, kind, Number(raw), who.voter, upvote === '1');
    if (!votes) return sendJson(c, { code: 1, description: 'No such review or question.' }, 404);
    return sendJson(c, { code: 0, votes: { upvotes: votes.up, downvotes: votes.down, total: votes.up + votes.down, current: votes.current } });
  };

  // ------------------------------------------------------------ the classic review form

  const commentPost = reviewsOn
    ? async (c: Context): Promise<Response> => {
        noStore(c);
        const form = mediaType(c) === 'application/x-www-form-urlencoded' || mediaType(c) === 'multipart/form-data' ? await c.req.parseBody() : {};
        const field = (name: string): string => {
          const value = form[name];
          return typeof value === 'string' ? value : '';
        };
        const raw = field('comment_post_ID').trim();
        const product = /^\d{1,10}$/.test(raw) ? await reviewedProduct(deps.db, Number(raw)) : null;
        if (!product) throw new ApiError(404, 'suki_reviews_not_found', 'Reviews can only be posted for a product of this shop.');
        const session = await getOrCreateSession(c);
        const who = await writer(c, deps, session.id);
        const outcome = await submitReview(
          deps.db,
          { productId: product.id, rating: field('rating'), text: field('comment'), name: field('author'), email: field('email'), answers: {}, media: [], captcha: field('g-recaptcha-response') },
          submitContext(reviewsOn, c, session.id, who.customerId),
        );
        const params = new URLSearchParams({ review_result: String(outcome.code) });
        if (outcome.status) params.set('review_status', outcome.status);
        // Which answer it was, for the product page to say it in its language.
        const key = outcome.code === 0 ? (outcome.status === 'hold' ? 'addedHeld' : 'added') : (Object.keys(REVIEW_TEXTS) as Array<keyof typeof REVIEW_TEXTS>).find((k) => REVIEW_TEXTS[k] === outcome.description);
        if (key) params.set('review_message', key);
        return c.redirect(`/product/${encodeURIComponent(product.slug)}/?${params.toString()}#reviews`, 303);
      }
    : null;

  return { api, stockAction, commentPost };
}

/** The product page's questions tab view (for the page loader through the questions port). */
export async function productQuestionsView(deps: ShopDeps, options: QuestionsOptions, productId: number, voter: Voter): Promise<ProductQuestionsView> {
  const first = await listQuestions(deps.db, { productId, page: 1, perPage: options.perPage, search: '' }, voter);
  return { productId, first, form: { accepting: options.accepting, captchaSiteKey: options.captchaSiteKey ?? null } };
}
