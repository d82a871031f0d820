/**
 * The questions port over Suki's JSON route `/wp-json/suki/v1/questions…` (the table in
 * `src/app/reviews-view.ts`), through the shared HTTP client: writes carry the Store API `Nonce`
 * (one refresh and one retry at most on a stale one), and every answer is checked with valibot at
 * the boundary, so a reply of the wrong shape is an `invalid-response` failure, never a crash.
 * Texts stay as the shop sent them: plain text, which the views render as text.
 */
import * as v from 'valibot';
import type { NewQuestion, ProductQuestionsView, QuestionPage, QuestionQuery, QuestionResult, Votes } from '../core/domain/reviews.js';
import type { PortFailure, QuestionsPort } from '../core/ports.js';
import { err, ok, type Result } from '../core/result.js';
import type { HttpClient, Query, RestMethod, Schema } from './http.js';

/** The route's root below the REST API root. */
export const QUESTIONS_ROUTE = 'suki/v1/questions';
const count = v.pipe(v.number(), v.integer(), v.minValue(0));
const id = v.pipe(v.number(), v.integer(), v.minValue(1));

/** {@link Votes}: counts and the viewer's own vote. */
export const votesSchema: Schema<Votes> = v.object({ up: count, down: count, current: v.picklist([-1, 0, 1] as const) });

const answerSchema = v.object({
  id,
  author: v.string(),
  date: v.string(),
  text: v.string(),
  byShop: v.boolean(),
  verified: v.boolean(),
  votes: votesSchema,
});

const questionSchema = v.object({
  id,
  productId: id,
  author: v.string(),
  date: v.string(),
  text: v.string(),
  votes: votesSchema,
  answers: v.array(answerSchema),
});

export const pageSchema: Schema<QuestionPage> = v.object({
  items: v.array(questionSchema),
  total: count,
  page: v.pipe(count, v.minValue(1)),
  perPage: v.pipe(count, v.minValue(1), v.maxValue(50)),
  lastPage: v.boolean(),
});

export const resultSchema: Schema<QuestionResult> = v.object({ code: v.picklist([0, 1, 2, 3, 4] as const), description: v.string() });

/** A 404 of the route (a question of another product answers like a missing one) as the port's `not-found`. */
const mapFailure = (failure: PortFailure): PortFailure =>
  failure.kind === 'http' && failure.status === 404 ? { kind: 'not-found', message: failure.message || 'That question no longer exists.' } : failure;

export const blockSchema: Schema<ProductQuestionsView> = v.object({
  productId: id,
  first: pageSchema,
  form: v.object({ accepting: v.boolean(), captchaSiteKey: v.nullable(v.string()) }),
});

/**
 * The questions port over the shop's HTTP client. The product's tab is `GET /questions/block` (a
 * route the table in `reviews-view.ts` does not list yet: the first page and the form's settings).
 */
export function createQuestionsAdapter(http: HttpClient): QuestionsPort {
  const call = async <T>(method: RestMethod, path: string, schema: Schema<T>, options: { readonly query?: Query; readonly json?: unknown } = {}): Promise<Result<T, PortFailure>> => {
    const reply = await http.rest({ path: `${QUESTIONS_ROUTE}${path}`, method, schema, ...options });
    return reply.ok ? ok(reply.value.data) : err(mapFailure(reply.error));
  };
  const list = (query: QuestionQuery) =>
    call('GET', '', pageSchema, { query: { product: query.productId, page: query.page, per_page: query.perPage, ...(query.search === '' ? {} : { search: query.search }) } });
  return {
    list,
    productBlock: (productId: number) => call('GET', '/block', blockSchema, { query: { product: productId } }),
    ask: (question: NewQuestion) =>
      call('POST', '', resultSchema, {
        json: {
          productId: question.productId,
          ...(question.questionId === undefined ? {} : { questionId: question.questionId }),
          text: question.text,
          name: question.name,
          email: question.email,
          ...(question.captcha === undefined ? {} : { captcha: question.captcha }),
        },
      }),
    vote: (questionOrAnswerId: number, upvote: boolean) => call('POST', `/${questionOrAnswerId}/vote`, votesSchema, { json: { upvote } }),
  };
}
