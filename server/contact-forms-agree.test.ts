/**
 * The browser and the server agree on every generated submission: the same values, read by the
 * browser from its form (`readFormInputs` over `FormData`'s entries, as the contact page does on
 * change and before sending) and by the server from the posted body (multipart as the browser
 * encodes it, or urlencoded; `readSubmission`), give the same invalid fields under the rules of
 * both seeded forms. Line breaks (CRLF on the wire, LF in the browser), blanks, emoji, files and
 * empty file inputs are all in the mix. (The server also checks each file's content, which the
 * browser cannot: that check is outside this agreement and tested in `contact-forms.test.ts`.)
 * In both languages: the schema the page gets in Filipino carries the same rules with Filipino
 * errors, and the server checks a Filipino submission with that same schema.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { validateForm } from '../src/core/rules/contact-form.js';
import { LOCALES, textsIn } from '../src/i18n/index.js';
import { readFormInputs, type FormEntry } from '../src/plugins/contact-form/inputs.js';
import { isProblem, readSubmission } from './services/contact-forms-input.js';
import { ruleTexts } from './services/contact-forms-messages.js';
import { SEEDED_FORMS } from './services/contact-forms-seed.js';
import { schemaOf } from './services/contact-forms.js';

const NOW = new Date('2026-11-26T02:00:00Z');
const UNIT_TAG = 'wpcf7-f102-o1';

/** Texts near every rule's edges: blanks, line breaks, emoji, near-miss emails, dates, numbers… */
const text = fc.oneof(
  fc.constantFrom('', ' ', '\r\n', ' \n\t ', 'Ana', 'ana@example.ph', 'ana@@example.ph', 'a@b.c', 'https://suki.ph', 'suki.ph', 'javascript:x', '+63 917 123 4567', '12', '10', '5000', '5001', '1e3', '-1', '1,000'),
  fc.constantFrom('2026-11-30', '2026-11-28', '2026-02-29', '2027-06-01', '2026-11-26', '14:30', '24:00', 'Tea', 'Snacks', 'Pirate', 'Retail shop', 'Café or restaurant'),
  fc.string({ maxLength: 30 }),
  fc.string({ maxLength: 5 }).map((s) => `${s}\r\n${s}😀`),
  fc.string({ minLength: 395, maxLength: 405 }),
);

type Value = { readonly kind: 'text'; readonly value: string } | { readonly kind: 'file'; readonly name: string; readonly bytes: number };
const value: fc.Arbitrary<Value> = fc.oneof(
  { weight: 4, arbitrary: text.map((v) => ({ kind: 'text' as const, value: v })) },
  {
    weight: 1,
    // What a file input can post: named files of any size, or the nameless, empty part of an input left empty.
    arbitrary: fc.oneof(
      fc.record({
        kind: fc.constant('file' as const),
        name: fc.constantFrom('order.pdf', 'order.CSV', 'photo.jpeg', 'run.exe', 'order.pdf.js', 'notes'),
        bytes: fc.constantFrom(0, 1, 40, 2000),
      }),
      fc.constant({ kind: 'file' as const, name: '', bytes: 0 }),
    ),
  },
);

const FIELDS = ['your-name', 'your-email', 'your-subject', 'your-message', 'company', 'website', 'your-tel', 'business-type', 'interests[]', 'quantity', 'visit-date', 'visit-time', 'order-sheet', 'privacy-policy', 'unknown-field'];
const submission = fc.array(fc.tuple(fc.constantFrom(...FIELDS), value), { maxLength: 20 });

const formDataOf = (entries: ReadonlyArray<readonly [string, Value]>): FormData => {
  const form = new FormData();
  form.append('_wpcf7_unit_tag', UNIT_TAG);
  for (const [name, v] of entries) {
    if (v.kind === 'text') form.append(name, v.value);
    else form.append(name, new File([new Uint8Array(v.bytes)], v.name));
  }
  return form;
};

const serverSees = async (body: FormData | URLSearchParams) => {
  const read = await readSubmission(new Request('http://shop.test/wp-json/contact-form-7/v1/contact-forms/102/feedback', { method: 'POST', body }));
  if (isProblem(read)) throw new Error(`the server could not read the body: ${read.kind}`);
  return read.inputs;
};

describe.each(LOCALES)('browser and server validation agree (%s)', (locale) => {
  for (const form of SEEDED_FORMS) {
    const schema = schemaOf(form, NOW, locale);
    it(`on multipart submissions to form ${form.id} (${form.slug})`, async () => {
      await fc.assert(
        fc.asyncProperty(submission, async (entries) => {
          const data = formDataOf(entries);
          const browser = validateForm(schema, readFormInputs(data.entries() as Iterable<FormEntry>), UNIT_TAG);
          const server = validateForm(schema, await serverSees(data), UNIT_TAG);
          expect(server).toEqual(browser);
        }),
        { numRuns: 150 },
      );
    });

    it(`on urlencoded submissions to form ${form.id} (${form.slug})`, async () => {
      await fc.assert(
        fc.asyncProperty(submission, async (entries) => {
          const texts = entries.filter((e): e is [string, { kind: 'text'; value: string }] => e[1].kind === 'text');
          const data = formDataOf(texts);
          const browser = validateForm(schema, readFormInputs(data.entries() as Iterable<FormEntry>), UNIT_TAG);
          const body = new URLSearchParams(texts.map(([name, v]) => [name, v.value]));
          body.append('_wpcf7_unit_tag', UNIT_TAG);
          expect(validateForm(schema, await serverSees(body), UNIT_TAG)).toEqual(browser);
        }),
        { numRuns: 150 },
      );
    });
  }

  it('is not vacuous: the generated submissions fail and pass rules of every kind, with errors in the schema’s language', async () => {
    const schema = schemaOf(SEEDED_FORMS[1]!, NOW, locale);
    const seen = new Set<string>();
    const samples = fc.sample(submission, { numRuns: 400, seed: 7 });
    for (const entries of samples) {
      for (const invalid of validateForm(schema, await serverSees(formDataOf(entries)), UNIT_TAG)) seen.add(invalid.message);
    }
    expect(seen.size).toBeGreaterThanOrEqual(10);
    const own = new Set(Object.values(textsIn(ruleTexts, locale)));
    expect([...seen].filter((message) => !own.has(message))).toEqual([]);
  });
});
