/**
 * The reviews port over Suki's own JSON route, `/wp-json/suki/v1/reviews…` (the table in
 * `src/app/reviews-view.ts`), through the shared HTTP client: writes carry the Store API `Nonce`
 * (one refresh and one retry at most on a stale one), and every answer is checked with valibot at
 * the boundary, so a reply of the wrong shape is an `invalid-response` failure, never a crash.
 *
 * Uploads go through `XMLHttpRequest`, the one browser API that reports an upload's progress: the
 * same nonce and refresh-once rule as the client's, the answer's nonce remembered, abort by signal,
 * and a refusal's REST `message` (the shop's configured text) as the failure's message.
 *
 * Texts (reviews, names, replies, tags) are plain text as the route sends them; views render them
 * as text, so nothing here turns them into markup or out of it (a review saying "<3" stays so).
 */
import * as v from 'valibot';
import type {
  AllReviewsView,
  HomeReviewsView,
  ProductReviewsView,
  RatingSummary,
  Review,
  ReviewFormSettings,
  ReviewPage,
  ReviewQuery,
  ReviewResult,
  ReviewSubmission,
  ReviewTag,
  TrustBadge,
  UploadedMedia,
  Votes,
} from '../core/domain/reviews.js';
import type { PortFailure, ReviewsPort, UploadProgress } from '../core/ports.js';
import { err, ok, type Result } from '../core/result.js';
import { NONCE_ERROR_CODES, type HttpClient, type Query, type RestMethod, type Schema } from './http.js';
import { htmlToText } from './text.js';

/** The route's root below the REST API root. */
export const REVIEWS_ROUTE = 'suki/v1/reviews';

const id = v.pipe(v.number(), v.integer(), v.minValue(0));
const count = id;
const star = v.picklist([1, 2, 3, 4, 5] as const);
const ratingFilter = v.picklist([0, 1, 2, 3, 4, 5] as const);
const sort = v.picklist(['recent', 'helpful', 'ratinghigh', 'ratinglow'] as const);

export const votesSchema = v.object({ up: count, down: count, current: v.picklist([-1, 0, 1] as const) });

const mediaSchema = v.object({
  id,
  kind: v.picklist(['image', 'video'] as const),
  src: v.string(),
  thumb: v.nullable(v.string()),
  width: count,
  height: count,
  alt: v.string(),
  mime: v.string(),
});

const tagRef = v.object({ id, name: v.string() });
export const tagSchema = v.object({ id, name: v.string(), count });

export const reviewSchema = v.object({
  id,
  product: v.nullable(v.object({ id, name: v.string(), permalink: v.string(), image: v.nullable(v.string()) })),
  rating: star,
  text: v.string(),
  author: v.string(),
  date: v.string(),
  verified: v.boolean(),
  featured: v.boolean(),
  tags: v.array(tagRef),
  media: v.array(mediaSchema),
  replies: v.array(v.object({ id, author: v.string(), date: v.string(), text: v.string() })),
  votes: votesSchema,
});

export const pageSchema = v.object({
  items: v.array(reviewSchema),
  total: count,
  page: v.pipe(v.number(), v.integer(), v.minValue(1)),
  perPage: v.pipe(v.number(), v.integer(), v.minValue(1)),
  lastPage: v.boolean(),
});

export const summarySchema = v.object({
  averageHundredths: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(500)),
  count,
  histogram: v.tuple([count, count, count, count, count]),
});

export const formSchema = v.object({
  accepting: v.picklist(['anybody', 'registered', 'verified', 'none'] as const),
  questions: v.array(
    v.object({
      name: v.string(),
      label: v.string(),
      type: v.picklist(['text', 'number', 'rating'] as const),
      required: v.boolean(),
    }),
  ),
  media: v.object({
    enabled: v.boolean(),
    limit: count,
    maxBytes: count,
    types: v.array(v.string()),
    messages: v.object({ tooMany: v.string(), fileType: v.string(), fileSize: v.string() }),
  }),
  captchaSiteKey: v.nullable(v.string()),
});

export const blockSchema = v.object({
  productId: id,
  summary: summarySchema,
  tags: v.array(tagSchema),
  first: pageSchema,
  sort,
  form: formSchema,
});

export const allSchema = v.object({
  summary: summarySchema,
  tags: v.array(tagSchema),
  reviews: pageSchema,
  query: v.object({ rating: ratingFilter, search: v.string(), sort, page: v.pipe(v.number(), v.integer(), v.minValue(1)) }),
  pagination: v.boolean(),
  form: formSchema,
});

export const homeSchema = v.object({
  grid: v.nullable(v.object({ title: v.string(), summary: summarySchema, cards: pageSchema })),
  slider: v.nullable(v.object({ title: v.string(), reviews: v.array(reviewSchema) })),
});

export const badgeSchema = v.object({
  averageHundredths: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(500)),
  count,
  latest: v.array(reviewSchema),
});

/** Plain text from the route (a description with markup, from a stock shop behind us, is reduced to text). */
const text = v.pipe(v.string(), v.transform((s) => htmlToText(s)));

export const resultSchema = v.object({
  code: v.picklist([0, 1, 2, 3, 4, 5] as const),
  description: text,
  button: text,
  status: v.optional(v.picklist(['approved', 'hold'] as const)),
});

export const uploadedSchema = v.object({ id, key: v.pipe(v.string(), v.regex(/^[0-9a-f]{20}$/)) });

// The schemas' outputs fit the domain's shapes (checked at compile time, not only at run time).
type Fits<A, B> = [A] extends [B] ? true : false;
export type SchemasFit = [
  Fits<v.InferOutput<typeof reviewSchema>, Review>,
  Fits<v.InferOutput<typeof pageSchema>, ReviewPage>,
  Fits<v.InferOutput<typeof summarySchema>, RatingSummary>,
  Fits<v.InferOutput<typeof tagSchema>, ReviewTag>,
  Fits<v.InferOutput<typeof formSchema>, ReviewFormSettings>,
] extends true[] ? true : never;

/** Where a product's reviews, the shop's, or everyone's are (`product=` of the route). */
const scopeParam = (scope: ReviewQuery['scope']): string => (scope.kind === 'product' ? String(scope.productId) : scope.kind);

/** The route's query for a list request (defaults left out so equal requests share an address). */
export const listQuery = (query: ReviewQuery): Query => ({
  product: scopeParam(query.scope),
  page: query.page,
  per_page: query.perPage,
  sort: query.sort,
  ...(query.rating !== 0 ? { rating: query.rating } : {}),
  ...(query.search !== '' ? { search: query.search } : {}),
  ...(query.tags.length > 0 ? { tags: query.tags.join(',') } : {}),
  ...(query.exclude && query.exclude.length > 0 ? { exclude: query.exclude.join(',') } : {}),
});

/** A 404 of the route (an unapproved review answers like a missing one) as the port's `not-found`. */
const mapFailure = (failure: PortFailure): PortFailure =>
  failure.kind === 'http' && failure.status === 404 ? { kind: 'not-found', message: failure.message || 'That review no longer exists.' } : failure;

const ABORTED: PortFailure = { kind: 'network', message: 'The request was cancelled.' };
const OFFLINE: PortFailure = { kind: 'network', message: 'You are probably offline.' };
const UPLOAD_FAILED = 'The file could not be uploaded.';

/** A minimal `XMLHttpRequest` as the upload uses it (tests hand in a stand-in). */
export type UploadRequest = Pick<XMLHttpRequest, 'open' | 'send' | 'abort' | 'setRequestHeader' | 'getResponseHeader' | 'status' | 'responseText' | 'withCredentials'> & {
  onload: (() => void) | null;
  onerror: (() => void) | null;
  onabort: (() => void) | null;
  ontimeout: (() => void) | null;
  readonly upload: { onprogress: ((event: { readonly loaded: number; readonly total: number; readonly lengthComputable: boolean }) => void) | null };
};

/** Options of {@link createReviewsAdapter}. */
export interface ReviewsAdapterOptions {
  /** Makes the upload's request. @default `new XMLHttpRequest()` */
  readonly xhr?: () => UploadRequest;
}

interface RawAnswer {
  readonly status: number;
  readonly text: string;
}

const parse = (raw: string): unknown => {
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return undefined;
  }
};

/** An upload's answer as a result: 2xx checked against the schema; a refusal with its REST code and message. */
export const uploadAnswer = (raw: RawAnswer): Result<UploadedMedia, PortFailure> => {
  const body = parse(raw.text);
  if (raw.status >= 200 && raw.status < 300) {
    const checked = v.safeParse(uploadedSchema, body);
    return checked.success ? ok(checked.output) : err({ kind: 'invalid-response', message: 'The response does not have the expected shape.' });
  }
  const record = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  const message = typeof record['message'] === 'string' ? htmlToText(record['message']) : '';
  const code = typeof record['code'] === 'string' ? record['code'] : 'unknown_error';
  if (raw.status === 0) return err(OFFLINE);
  return err({ kind: 'http', status: raw.status, code, message: message || UPLOAD_FAILED });
};

/** The reviews port over the shop's HTTP client. */
export function createReviewsAdapter(http: HttpClient, options: ReviewsAdapterOptions = {}): ReviewsPort {
  const call = async <T>(method: RestMethod, path: string, schema: Schema<T>, extra: { readonly json?: unknown; readonly query?: Query } = {}): Promise<Result<T, PortFailure>> => {
    const reply = await http.rest({ path: `${REVIEWS_ROUTE}${path}`, method, schema, ...extra });
    return reply.ok ? ok(reply.value.data) : err(mapFailure(reply.error));
  };

  /** One upload attempt with the nonce held now; resolves with the raw answer, never rejects. */
  const sendFile = (file: Blob & { readonly name: string }, item: number | 'shop', progress: UploadProgress, signal?: AbortSignal): Promise<Result<RawAnswer, PortFailure>> =>
    new Promise((resolve) => {
      if (signal?.aborted) return resolve(err(ABORTED));
      const xhr = options.xhr ? options.xhr() : (new XMLHttpRequest() as unknown as UploadRequest);
      const onAbort = () => xhr.abort();
      const done = (result: Result<RawAnswer, PortFailure>) => {
        signal?.removeEventListener('abort', onAbort);
        resolve(result);
      };
      xhr.open('POST', http.restUrl(`${REVIEWS_ROUTE}/media`));
      xhr.withCredentials = true;
      xhr.setRequestHeader('Accept', 'application/json, */*;q=0.1');
      const nonce = http.nonce('store');
      if (nonce) xhr.setRequestHeader('Nonce', nonce);
      xhr.upload.onprogress = (event) => progress(event.loaded, event.lengthComputable ? event.total : file.size);
      xhr.onload = () => {
        const fresh = xhr.getResponseHeader('Nonce');
        if (fresh) http.setNonce(fresh);
        done(ok({ status: xhr.status, text: xhr.responseText }));
      };
      xhr.onerror = () => done(err(OFFLINE));
      xhr.ontimeout = () => done(err({ kind: 'timeout', message: 'The shop took too long to answer.' }));
      xhr.onabort = () => done(err(ABORTED));
      signal?.addEventListener('abort', onAbort, { once: true });
      const form = new FormData();
      form.append('file', file, file.name);
      form.append('item', item === 'shop' ? '-1' : String(item));
      xhr.send(form);
    });

  return {
    list: (query, signal) => {
      if (signal?.aborted) return Promise.resolve(err(ABORTED));
      const answer = call('GET', '', pageSchema, { query: listQuery(query) });
      if (!signal) return answer;
      // The client cannot cancel a request; an aborted list answers at once and its reply is dropped.
      return Promise.race([answer, new Promise<Result<ReviewPage, PortFailure>>((resolve) => signal.addEventListener('abort', () => resolve(err(ABORTED)), { once: true }))]);
    },
    productBlock: (productId): Promise<Result<ProductReviewsView, PortFailure>> => call('GET', '/block', blockSchema, { query: { product: productId } }),
    allReviews: (query): Promise<Result<AllReviewsView, PortFailure>> =>
      call('GET', '/all', allSchema, {
        query: { page: query.page, sort: query.sort, ...(query.rating !== 0 ? { rating: query.rating } : {}), ...(query.search !== '' ? { search: query.search } : {}) },
      }),
    home: (): Promise<Result<HomeReviewsView, PortFailure>> => call('GET', '/home', homeSchema),
    badge: (): Promise<Result<TrustBadge, PortFailure>> => call('GET', '/badge', badgeSchema),
    vote: (reviewId, upvote): Promise<Result<Votes, PortFailure>> => call('POST', `/${reviewId}/vote`, votesSchema, { json: { upvote } }),
    submit: (review: ReviewSubmission): Promise<Result<ReviewResult, PortFailure>> => call('POST', '', resultSchema, { json: review }),
    upload: async (file, item, progress, signal) => {
      const first = await sendFile(file, item, progress, signal);
      if (!first.ok) return first;
      const answer = uploadAnswer(first.value);
      // A stale nonce: one refresh (the cart's read answers a fresh one) and one retry at most.
      if (answer.ok || answer.error.kind !== 'http' || !NONCE_ERROR_CODES.has(answer.error.code)) return answer;
      const refreshed = await http.rest({ path: 'wc/store/v1/cart', schema: v.unknown() });
      if (!refreshed.ok) return answer;
      const second = await sendFile(file, item, progress, signal);
      return second.ok ? uploadAnswer(second.value) : second;
    },
    deleteUpload: async (media) => {
      const answer = await call('DELETE', `/media/${media.id}`, v.unknown(), { json: { key: media.key } });
      return answer.ok ? ok(undefined) : answer;
    },
  };
}
