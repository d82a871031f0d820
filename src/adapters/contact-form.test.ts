/**
 * The contact-form adapter against Contact Form 7's REST facts (`wire-protocol.md` §6). No stock
 * answers were recorded: the fixtures in `tests/fixtures/contact-form-7/` are written from those
 * facts (their README says so). Checked here: the paths and namespace, multipart bodies with the
 * stock `Accept` and no `X-WP-Nonce`, plain permalinks (`?` made `&`), every answer parsed (unknown
 * rule types skipped, `invalid_fields` optional, `[]` refills), failures told apart (offline, not
 * JSON, HTTP errors with their code), and the testing kit's arbitraries proven against the schemas.
 */
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { feedbackAnswerArbitrary, feedbackWireArbitrary, invalidFeedbackWireArbitrary, invalidRefillWireArbitrary, invalidSchemaWireArbitrary, refillWireArbitrary, schemaWireArbitrary, swvRuleArbitrary } from '../core/testing/contact-form.js';
import { createContactFormAdapter, feedbackAnswerSchema, refillAnswerSchema, schemaAnswerSchema, swvRuleSchema } from './contact-form.js';
import { createHttpClient } from './http.js';

const SHOP = 'https://shop.example';
const fixture = (name: string): string => readFileSync(new URL(`../../tests/fixtures/contact-form-7/${name}`, import.meta.url), 'utf8');
const json = (body: string, status = 200) => new Response(body, { status, headers: { 'content-type': 'application/json; charset=UTF-8' } });

interface Seen {
  readonly url: string;
  readonly method: string;
  readonly headers: Headers;
  readonly form: FormData | null;
  readonly credentials: RequestCredentials | undefined;
}

const setup = (answer: (seen: Seen) => Response | Promise<Response>, apiRoot?: string) => {
  const seen: Seen[] = [];
  const fetchImpl = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const request = new Request(input, init);
    const form = request.method === 'POST' ? await request.formData() : null;
    const entry = { url: request.url, method: request.method, headers: request.headers, form, credentials: init?.credentials };
    seen.push(entry);
    return answer(entry);
  };
  const http = createHttpClient({ baseUrl: SHOP, fetch: fetchImpl, ...(apiRoot ? { apiRoot } : {}) });
  http.setNonce('stale-rest-nonce', 'rest');
  return { port: createContactFormAdapter(http, fetchImpl), seen };
};

describe('contact-form adapter (Contact Form 7 REST)', () => {
  it('reads the schema, skipping rule types it does not check and reading PHP’s string thresholds', async () => {
    const { port, seen } = setup(() => json(fixture('schema.json')));
    const schema = await port.schema(12);
    expect(seen[0]?.url).toBe(`${SHOP}/wp-json/contact-form-7/v1/contact-forms/12/feedback/schema?_locale=user`);
    expect(schema.ok).toBe(true);
    if (!schema.ok) return;
    expect(schema.value.version).toBe('Contact Form 7 SWV Schema 2024-10');
    expect(schema.value.rules.map((r) => r.rule)).not.toContain('stepnumber');
    expect(schema.value.rules.map((r) => r.rule)).not.toContain('all');
    expect(schema.value.rules).toHaveLength(17);
    expect(schema.value.rules[1]).toEqual({ rule: 'maxlength', field: 'your-name', threshold: 400, error: 'This field has a too long input.' });
    expect(schema.value.rules.find((r) => r.rule === 'dayofweek')).toMatchObject({ accept: [1, 2, 3, 4, 5] });
  });

  it('posts multipart with the stock Accept header, without X-WP-Nonce, and reads mail_sent', async () => {
    const { port, seen } = setup(() => json(fixture('feedback-mail-sent.json')));
    const file = new File(['item,qty\n'], 'order.csv', { type: 'text/csv' });
    const answer = await port.submit(12, [
      ['_wpcf7_unit_tag', 'wpcf7-f12-p34-o1'],
      ['your-name', 'Ana'],
      ['checkbox-1[]', 'Tea'],
      ['file-1', file],
    ]);
    expect(answer).toEqual({ ok: true, value: { status: 'mail_sent', message: 'Thank you for your message. It has been sent.', invalidFields: [], postedDataHash: '3f5d3c1c5a1e0f6a9d5b7c2e8a4f1b6d', into: '#wpcf7-f12-p34-o1' } });
    const request = seen[0];
    expect(request?.url).toBe(`${SHOP}/wp-json/contact-form-7/v1/contact-forms/12/feedback?_locale=user`);
    expect(request?.method).toBe('POST');
    expect(request?.headers.get('content-type')).toMatch(/^multipart\/form-data; boundary=/);
    expect(request?.headers.get('accept')).toBe('application/json, */*;q=0.1');
    expect(request?.headers.has('x-wp-nonce')).toBe(false);
    expect(request?.credentials).toBe('same-origin');
    expect(request?.form?.get('your-name')).toBe('Ana');
    expect(request?.form?.getAll('checkbox-1[]')).toEqual(['Tea']);
    expect((request?.form?.get('file-1') as File).name).toBe('order.csv');
  });

  it('follows plain permalinks: the route’s ? becomes &', async () => {
    const { port, seen } = setup(() => json(fixture('feedback-spam.json')), '/?rest_route=/');
    await port.submit(12, [['_wpcf7_unit_tag', 'wpcf7-f12-o1']]);
    expect(seen[0]?.url).toBe(`${SHOP}/?rest_route=/contact-form-7/v1/contact-forms/12/feedback&_locale=user`);
  });

  it('reads invalid fields (idref, error_id) and keeps other statuses and extra keys', async () => {
    const failed = await setup(() => json(fixture('feedback-validation-failed.json'))).port.submit(12, []);
    expect(failed.ok && failed.value.invalidFields).toEqual([
      { field: 'your-email', message: 'Please enter an email address.', idref: null, errorId: 'wpcf7-f12-p34-o1-ve-your-email' },
      { field: 'your_details_name', message: 'Please fill out this field.', idref: 'details-name', errorId: 'wpcf7-f12-p34-o1-ve-yourdetailsname' },
    ]);
    const paid = await setup(() => json(fixture('feedback-payment-required.json'))).port.submit(12, []);
    expect(paid.ok && paid.value.status).toBe('payment_required');
  });

  it('reads refills: PHP’s empty array, or captcha and quiz', async () => {
    expect(await setup(() => json(fixture('refill-empty.json'))).port.refill(12)).toEqual({ ok: true, value: { captcha: {}, quiz: {} } });
    const full = await setup(() => json(fixture('refill-captcha.json'))).port.refill(12);
    expect(full.ok && full.value.quiz['quiz-1']).toEqual(['Capital of the Philippines?', 'd41d8cd98f00b204e9800998ecf8427e']);
  });

  it('tells the failures apart: offline, a 2xx that is not JSON, HTTP errors with the stock codes', async () => {
    const offline = await setup(() => Promise.reject(new TypeError('Failed to fetch'))).port.submit(12, []);
    expect(offline).toMatchObject({ ok: false, error: { kind: 'network' } });
    const cached = await setup(() => new Response('<html>Cached page</html>', { status: 200, headers: { 'content-type': 'text/html' } })).port.submit(12, []);
    expect(cached).toMatchObject({ ok: false, error: { kind: 'invalid-response' } });
    for (const [name, status, code] of [
      ['error-404.json', 404, 'wpcf7_not_found'],
      ['error-400-unit-tag.json', 400, 'wpcf7_unit_tag_not_found'],
      ['error-415.json', 415, 'wpcf7_unsupported_media_type'],
    ] as const) {
      const answer = await setup(() => json(fixture(name), status)).port.submit(12, []);
      expect(answer).toMatchObject({ ok: false, error: { kind: 'http', status, code } });
    }
    const wrongShape = await setup(() => json('{"result":"ok"}')).port.submit(12, []);
    expect(wrongShape).toMatchObject({ ok: false, error: { kind: 'invalid-response' } });
  });
});

describe('the testing kit’s contact-form arbitraries', () => {
  it('valid wire answers pass the adapter’s schemas', () => {
    fc.assert(
      fc.property(schemaWireArbitrary, (schema) => {
        const parsed = v.safeParse(schemaAnswerSchema, schema);
        expect(parsed.success).toBe(true);
        // Known rules survive; the others are skipped.
        const known = schema.rules.filter((r) => !['stepnumber', 'all', 'any', 'future-rule'].includes(String(r['rule'])));
        expect(parsed.success && parsed.output.rules.length).toBe(known.length);
      }),
    );
    fc.assert(
      fc.property(feedbackWireArbitrary, (feedback) => {
        expect(v.safeParse(feedbackAnswerSchema, feedback).success).toBe(true);
      }),
    );
    fc.assert(
      fc.property(refillWireArbitrary, (refill) => {
        expect(v.safeParse(refillAnswerSchema, refill).success).toBe(true);
      }),
    );
    fc.assert(
      fc.property(swvRuleArbitrary, (rule) => {
        expect(v.safeParse(swvRuleSchema, rule).output).toEqual(rule);
      }),
    );
  });

  it('near-miss wire answers are refused', () => {
    fc.assert(
      fc.property(invalidSchemaWireArbitrary, (schema) => {
        expect(v.safeParse(schemaAnswerSchema, schema).success).toBe(false);
      }),
    );
    fc.assert(
      fc.property(invalidFeedbackWireArbitrary, (feedback) => {
        expect(v.safeParse(feedbackAnswerSchema, feedback).success).toBe(false);
      }),
    );
    fc.assert(
      fc.property(invalidRefillWireArbitrary, (refill) => {
        expect(v.safeParse(refillAnswerSchema, refill).success).toBe(false);
      }),
    );
  });

  it('domain answers survive the trip to the wire and back', () => {
    fc.assert(
      fc.property(feedbackAnswerArbitrary, (answer) => {
        const wire = {
          status: answer.status,
          message: answer.message,
          invalid_fields: answer.invalidFields.map((f) => ({ field: f.field, message: f.message, idref: f.idref, error_id: f.errorId })),
          posted_data_hash: answer.postedDataHash,
          into: answer.into,
        };
        expect(v.parse(feedbackAnswerSchema, wire)).toEqual(answer);
      }),
    );
  });
});
