/**
 * Contact Form 7's REST routes (`contact-form-7/v1`, `wire-protocol.md` §6.2): the form's schema,
 * submissions, refills. The same calls reach Suki's server or a stock shop with Contact Form 7.
 *
 * - Submissions are `multipart/form-data` (the stock endpoint refuses anything else with 415), sent
 *   with `Accept: application/json, *\/*;q=0.1` and without `X-WP-Nonce` (the stock script strips
 *   it: the routes are public, and a stale nonce from a cached page would break them).
 * - Failures are told apart as the spec's messages need: no answer (`network`: "You are probably
 *   offline."), a 2xx whose body is not JSON (`invalid-response`: "The response is not a valid JSON
 *   response."), and anything else (`http`).
 * - A schema rule of a type the client does not know (`stepnumber`, `all`, a later version's) is
 *   left out rather than failing the schema: the server still checks it.
 */
import * as v from 'valibot';
import type { ContactFormSchema, FeedbackAnswer, RefillAnswer, SwvRule } from '../core/domain/contact-form.js';
import type { ContactFormPort, FilePart, PortFailure } from '../core/ports.js';
import { err, ok, type Result } from '../core/result.js';
import type { HttpClient } from './http.js';

const NAMESPACE = 'contact-form-7/v1';
const ACCEPT = 'application/json, */*;q=0.1';
const SUBMIT_TIMEOUT_MS = 30_000;

const base = { field: v.string(), error: v.string() };

/** One rule of a schema, of a type the client knows. */
export const swvRuleSchema = v.variant('rule', [
  v.object({ rule: v.picklist(['required', 'requiredfile', 'email', 'url', 'tel', 'number', 'date', 'time']), ...base }),
  v.object({ rule: v.picklist(['minlength', 'maxlength', 'minnumber', 'maxnumber', 'minitems', 'maxitems', 'minfilesize', 'maxfilesize']), ...base, threshold: v.pipe(v.union([v.number(), v.pipe(v.string(), v.regex(/^-?\d+(?:\.\d+)?$/))]), v.transform(Number)) }),
  v.object({ rule: v.picklist(['mindate', 'maxdate']), ...base, threshold: v.string() }),
  v.object({ rule: v.picklist(['enum', 'file']), ...base, accept: v.array(v.pipe(v.union([v.string(), v.number()]), v.transform(String))) }),
  v.object({ rule: v.literal('dayofweek'), ...base, accept: v.array(v.pipe(v.union([v.number(), v.pipe(v.string(), v.regex(/^[1-7]$/))]), v.transform(Number))) }),
]);

/** `GET contact-forms/{id}/feedback/schema`. */
export const schemaAnswerSchema = v.pipe(
  v.object({ version: v.string(), locale: v.optional(v.string(), ''), rules: v.array(v.unknown()) }),
  v.transform(
    (raw): ContactFormSchema => ({
      version: raw.version,
      locale: raw.locale,
      rules: raw.rules.flatMap((rule): SwvRule[] => {
        const parsed = v.safeParse(swvRuleSchema, rule);
        return parsed.success ? [parsed.output as SwvRule] : [];
      }),
    }),
  ),
);

/** `POST contact-forms/{id}/feedback`: the stock fields (`invalid_fields` only when validation failed). */
export const feedbackAnswerSchema = v.pipe(
  v.object({
    status: v.pipe(v.string(), v.minLength(1)),
    message: v.string(),
    invalid_fields: v.optional(
      v.array(v.object({ field: v.string(), message: v.string(), idref: v.optional(v.nullable(v.string()), null), error_id: v.optional(v.string(), '') })),
      [],
    ),
    posted_data_hash: v.optional(v.string(), ''),
    into: v.optional(v.string(), ''),
  }),
  v.transform(
    (raw): FeedbackAnswer => ({
      status: raw.status,
      message: raw.message,
      invalidFields: raw.invalid_fields.map((f) => ({ field: f.field, message: f.message, idref: f.idref, errorId: f.error_id })),
      postedDataHash: raw.posted_data_hash,
      into: raw.into,
    }),
  ),
);

const refillObject = v.object({
  captcha: v.optional(v.record(v.string(), v.string())),
  quiz: v.optional(v.record(v.string(), v.tuple([v.string(), v.string()]))),
});

/** `GET contact-forms/{id}/refill`: `[]` from a stock shop with nothing to refill (PHP's empty array), else captcha and quiz. */
export const refillAnswerSchema = v.pipe(
  // A list is PHP's empty array only (an object schema would take any list).
  v.custom<unknown>((raw) => (Array.isArray(raw) ? raw.length === 0 : v.is(refillObject, raw)), 'Not a refill answer.'),
  v.transform((raw): RefillAnswer => {
    const parsed = Array.isArray(raw) ? {} : v.parse(refillObject, raw);
    return { captcha: parsed.captcha ?? {}, quiz: parsed.quiz ?? {} };
  }),
);

const failureOf = (status: number, body: unknown): PortFailure => {
  const parsed = v.safeParse(v.object({ code: v.string(), message: v.string() }), body);
  return parsed.success
    ? { kind: 'http', status, code: parsed.output.code, message: parsed.output.message }
    : { kind: 'http', status, code: 'unknown', message: `The shop answered ${status}.` };
};

/** The adapter; `fetchImpl` posts submissions (the platform's fetch by default). */
export function createContactFormAdapter(http: HttpClient, fetchImpl: typeof fetch = (input, init) => globalThis.fetch(input, init)): ContactFormPort {
  const route = (formId: number, rest: string) => `${NAMESPACE}/contact-forms/${formId}/${rest}`;
  return {
    async schema(formId) {
      const reply = await http.rest({ path: route(formId, 'feedback/schema'), schema: schemaAnswerSchema });
      return reply.ok ? ok(reply.value.data) : reply;
    },
    async refill(formId) {
      const reply = await http.rest({ path: route(formId, 'refill'), schema: refillAnswerSchema });
      return reply.ok ? ok(reply.value.data) : reply;
    },
    async submit(formId, fields): Promise<Result<FeedbackAnswer, PortFailure>> {
      const body = new FormData();
      for (const [name, value] of fields) {
        if (typeof value === 'string') body.append(name, value);
        else body.append(name, value as FilePart & Blob, value.name);
      }
      let response: Response;
      try {
        response = await fetchImpl(http.restUrl(route(formId, 'feedback')), { method: 'POST', body, headers: { Accept: ACCEPT }, credentials: 'same-origin', signal: AbortSignal.timeout(SUBMIT_TIMEOUT_MS) });
      } catch (error) {
        const timedOut = error instanceof Error && error.name === 'TimeoutError';
        return err(timedOut ? { kind: 'timeout', message: 'The shop took too long to answer.' } : { kind: 'network', message: 'The shop could not be reached.' });
      }
      let text: string;
      try {
        text = await response.text();
      } catch {
        return err({ kind: 'network', message: 'The answer was cut off.' });
      }
      let json: unknown;
      try {
        json = JSON.parse(text);
      } catch {
        return err(response.ok ? { kind: 'invalid-response', message: 'The answer is not JSON.' } : failureOf(response.status, null));
      }
      if (!response.ok) return err(failureOf(response.status, json));
      const parsed = v.safeParse(feedbackAnswerSchema, json);
      return parsed.success ? ok(parsed.output) : err({ kind: 'invalid-response', message: 'The answer is not a contact form answer.' });
    },
  };
}
