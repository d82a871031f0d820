/**
 * Property-testing kit: fast-check arbitraries for Contact Form 7's answers as they come over the
 * wire (schema, feedback, refill), and for the contact form's domain values (rules, inputs, answers).
 * Each wire arbitrary has a near-miss twin the adapter's schema must reject (a field missing, of the
 * wrong type, out of its shape). `src/adapters/contact-form.test.ts` proves both against the adapter.
 */
import fc from 'fast-check';
import type { FeedbackAnswer, FieldValue, FormInputs, InvalidField, SwvRule } from '../domain/contact-form.js';

const fieldName = fc.stringMatching(/^[a-z][a-z0-9-]{0,15}$/);
const message = fc.string({ minLength: 1, maxLength: 60 });
const isoDate = fc.date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2100-12-31T00:00:00Z'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));

/** Any rule the client checks, as the domain holds it. */
export const swvRuleArbitrary: fc.Arbitrary<SwvRule> = fc.oneof(
  fc.record({ rule: fc.constantFrom('required', 'requiredfile', 'email', 'url', 'tel', 'number', 'date', 'time'), field: fieldName, error: message }),
  fc.record({ rule: fc.constantFrom('minlength', 'maxlength', 'minnumber', 'maxnumber', 'minitems', 'maxitems', 'minfilesize', 'maxfilesize'), field: fieldName, threshold: fc.integer({ min: 0, max: 10_000 }), error: message }),
  fc.record({ rule: fc.constantFrom('mindate', 'maxdate'), field: fieldName, threshold: isoDate, error: message }),
  fc.record({ rule: fc.constantFrom('enum', 'file'), field: fieldName, accept: fc.array(fc.string({ minLength: 1, maxLength: 12 }), { maxLength: 5 }), error: message }),
  fc.record({ rule: fc.constant('dayofweek'), field: fieldName, accept: fc.subarray([1, 2, 3, 4, 5, 6, 7]), error: message }),
);

/** A rule as a stock shop may print it: thresholds sometimes as strings, day numbers as strings. */
export const swvRuleWireArbitrary: fc.Arbitrary<Record<string, unknown>> = swvRuleArbitrary.chain((rule) => {
  if ('threshold' in rule && typeof rule.threshold === 'number') return fc.constantFrom<Record<string, unknown>>(rule, { ...rule, threshold: String(rule.threshold) });
  if (rule.rule === 'dayofweek') return fc.constantFrom<Record<string, unknown>>(rule, { ...rule, accept: rule.accept.map(String) });
  return fc.constant<Record<string, unknown>>(rule);
});

/** `GET …/feedback/schema`, with rule types the client skips mixed in. */
export const schemaWireArbitrary = fc.record({
  version: fc.constantFrom('Contact Form 7 SWV Schema 2024-10', 'Contact Form 7 SWV Schema 2024-02'),
  locale: fc.constantFrom('en_US', 'fil', 'en_PH'),
  rules: fc.array(fc.oneof({ weight: 5, arbitrary: swvRuleWireArbitrary }, { weight: 1, arbitrary: fc.record({ rule: fc.constantFrom('stepnumber', 'all', 'any', 'future-rule'), field: fieldName, error: message }) }), { maxLength: 12 }),
});

/** A schema the adapter must refuse: no version, rules not a list, a known rule broken. */
export const invalidSchemaWireArbitrary: fc.Arbitrary<unknown> = fc.oneof(
  schemaWireArbitrary.map(({ version: _drop, ...rest }) => rest),
  schemaWireArbitrary.map((s) => ({ ...s, rules: 'required' })),
  schemaWireArbitrary.map((s) => ({ ...s, version: 2024 })),
  fc.constant(null),
  fc.constant([]),
);

const API_STATUSES = ['mail_sent', 'mail_failed', 'validation_failed', 'acceptance_missing', 'spam', 'aborted', 'payment_required'] as const;

const invalidFieldWire = fc.record({ field: fieldName, message, idref: fc.option(fieldName, { nil: null }), error_id: fieldName.map((f) => `wpcf7-f1-o1-ve-${f}`) });

/** `POST …/feedback` as a stock shop answers (`invalid_fields` on `validation_failed` only; extra keys from plugins). */
export const feedbackWireArbitrary = fc
  .record({
    contact_form_id: fc.integer({ min: 1, max: 100_000 }),
    status: fc.constantFrom(...API_STATUSES),
    message,
    posted_data_hash: fc.oneof(fc.constant(''), fc.stringMatching(/^[0-9a-f]{32}$/)),
    into: fc.integer({ min: 1, max: 999 }).map((n) => `#wpcf7-f${n}-o1`),
    invalid_fields: fc.array(invalidFieldWire, { minLength: 1, maxLength: 4 }),
    captcha: fc.option(fc.dictionary(fieldName, fc.webUrl()), { nil: undefined }),
  })
  .map(({ invalid_fields, captcha, ...rest }) => ({
    ...rest,
    ...(rest.status === 'validation_failed' ? { invalid_fields } : {}),
    ...(captcha ? { captcha } : {}),
  }));

/** A feedback answer the adapter must refuse: no status, an empty or numeric one, no message, a broken invalid field. */
export const invalidFeedbackWireArbitrary: fc.Arbitrary<unknown> = fc.oneof(
  feedbackWireArbitrary.map(({ status: _drop, ...rest }) => rest),
  feedbackWireArbitrary.map((f) => ({ ...f, status: '' })),
  feedbackWireArbitrary.map((f) => ({ ...f, status: 200 })),
  feedbackWireArbitrary.map(({ message: _drop, ...rest }) => rest),
  feedbackWireArbitrary.map((f) => ({ ...f, invalid_fields: [{ message: 'Please fill out this field.' }] })),
  feedbackWireArbitrary.map((f) => ({ ...f, invalid_fields: 'your-name' })),
  fc.constant('<html>Cached page</html>'),
);

/** `GET …/refill`: PHP's empty array, or captcha images and quiz questions. */
export const refillWireArbitrary: fc.Arbitrary<unknown> = fc.oneof(
  fc.constant([]),
  fc.constant({}),
  fc.record({ captcha: fc.dictionary(fieldName, fc.webUrl()), quiz: fc.dictionary(fieldName, fc.tuple(message, fc.stringMatching(/^[0-9a-f]{32}$/))) }, { requiredKeys: [] }),
);

/** A refill the adapter must refuse: a non-empty list, a quiz that is not a pair. */
export const invalidRefillWireArbitrary: fc.Arbitrary<unknown> = fc.oneof(
  fc.array(fc.string(), { minLength: 1, maxLength: 3 }),
  fc.record({ quiz: fc.dictionary(fieldName, fc.string(), { minKeys: 1 }) }),
  fc.constant(null),
);

/** A field's values as a form posts them. */
export const fieldValueArbitrary: fc.Arbitrary<FieldValue> = fc.oneof(
  { weight: 4, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 1, arbitrary: fc.record({ name: fc.stringMatching(/^[a-z0-9_-]{1,12}\.(pdf|csv|png|jpg|exe)$/), size: fc.nat(2_000_000) }) },
);

/** Any form's inputs. */
export const formInputsArbitrary: fc.Arbitrary<FormInputs> = fc.dictionary(fieldName, fc.array(fieldValueArbitrary, { maxLength: 3 }), { maxKeys: 8 });

/** A feedback answer as the domain holds it. */
export const feedbackAnswerArbitrary: fc.Arbitrary<FeedbackAnswer> = fc.record({
  status: fc.constantFrom(...API_STATUSES),
  message,
  invalidFields: fc.array(fc.record<InvalidField>({ field: fieldName, message, idref: fc.option(fieldName, { nil: null }), errorId: fieldName }), { maxLength: 3 }),
  postedDataHash: fc.stringMatching(/^[0-9a-f]{32}$/),
  into: fc.constant('#wpcf7-f1-o1'),
});
