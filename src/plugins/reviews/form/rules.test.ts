import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { OnsiteQuestion, UploadedMedia } from '../../../core/domain/reviews.js';
import {
  acceptOf,
  answerError,
  checkBatch,
  draftErrors,
  EMPTY_DRAFT,
  fieldOrder,
  firstError,
  isReviewEmail,
  percentOf,
  ratingKey,
  ratingPreview,
  REVIEW_LIMITS,
  REVIEW_MESSAGES,
  starLabel,
  STOCK_MEDIA_TYPES,
  toSubmission,
  uniqueMedia,
  type FileFacts,
  type MediaSettings,
  type ReviewDraft,
} from './rules.js';

const MB = 1024 * 1024;
const MEDIA: MediaSettings = {
  enabled: true,
  limit: 5,
  maxBytes: 25 * MB,
  types: STOCK_MEDIA_TYPES,
  messages: { tooMany: 'You can upload a maximum of 5 files', fileType: 'Error: accepted file types are PNG, JPG, JPEG, GIF, MP4, MPEG, OGG, WEBM, MOV, AVI', fileSize: 'Error: the maximum file size is 25 MB' },
};

const atom = fc.stringMatching(/^[a-zA-Z0-9!#$%&'*+/=?^_`{|}~-]{1,10}$/);
const label = fc.stringMatching(/^[a-zA-Z0-9-]{1,12}$/);
const tld = fc.stringMatching(/^[a-zA-Z]{2,6}$/);
const octet = fc.integer({ min: 0, max: 255 });
const validEmail = fc.oneof(
  fc.tuple(fc.array(atom, { minLength: 1, maxLength: 3 }), fc.array(label, { minLength: 1, maxLength: 3 }), tld).map(([local, labels, top]) => `${local.join('.')}@${labels.join('.')}.${top}`),
  fc.tuple(atom, fc.array(octet, { minLength: 4, maxLength: 4 })).map(([local, ip]) => `${local}@[${ip.join('.')}]`),
  fc.tuple(fc.stringMatching(/^[a-z .,@]{1,10}$/), label, tld).map(([quoted, l, top]) => `"${quoted}"@${l}.${top}`),
);

describe('the review form’s email pattern', () => {
  it('takes dotted or quoted local parts, labels with a 2+ letter TLD, or a bracketed IPv4 address', () => {
    fc.assert(
      fc.property(validEmail, (email) => {
        expect(isReviewEmail(email)).toBe(true);
      }),
    );
    for (const good of ['ana@example.ph', 'ana.dela.cruz+rev@mail.example.com', '"ana cruz"@example.ph', 'x@[192.168.0.1]', 'ñ@example.ph']) expect(isReviewEmail(good), good).toBe(true);
  });

  it('refuses what the pattern does not describe', () => {
    for (const bad of ['', 'ana', 'ana@', '@example.ph', 'ana@example', 'ana@example.p', 'ana@example.123', 'ana@@example.ph', 'a na@example.ph', '.ana@example.ph', 'ana.@example.ph', 'an..a@example.ph', 'ana@[256.1.1.1]', 'ana@[1.2.3]', 'ana@exa mple.ph', 'a(b)@example.ph', 'ana@example.ph ']) {
      expect(isReviewEmail(bad), bad).toBe(false);
    }
    // Any valid address with white space put inside is refused; two bare @ are never accepted.
    fc.assert(
      fc.property(validEmail.filter((e) => !e.startsWith('"')), fc.nat(), fc.constantFrom(' ', '\t', '\n'), (email, at, space) => {
        const i = 1 + (at % (email.length - 1));
        expect(isReviewEmail(`${email.slice(0, i)}${space}${email.slice(i)}`)).toBe(false);
        expect(isReviewEmail(`${email.split('@')[0]}@${email}`)).toBe(false);
      }),
    );
  });

  it('a top-level label of one letter or with a digit is refused', () => {
    fc.assert(fc.property(atom, label, fc.stringMatching(/^(?:[a-zA-Z]|[a-zA-Z]*\d[a-zA-Z0-9]*)$/), (local, l, top) => {
        expect(isReviewEmail(`${local}@${l}.${top}`)).toBe(false);
      }),
    );
  });
});

const question = (name: string, type: OnsiteQuestion['type'], required: boolean, label = name): OnsiteQuestion => ({ name, label, type, required });

const draftArb: fc.Arbitrary<ReviewDraft> = fc.record({
  rating: fc.integer({ min: -1, max: 6 }),
  text: fc.oneof(fc.constant(''), fc.constant('  \u200b '), fc.string({ maxLength: 30 })),
  name: fc.oneof(fc.constant(''), fc.constant('\t'), fc.string({ maxLength: 20 })),
  email: fc.oneof(fc.constant(''), fc.string({ maxLength: 20 }), validEmail, validEmail.map((e) => ` ${e} `)),
  answers: fc.dictionary(fc.constantFrom('fit', 'size', 'quality'), fc.oneof(fc.constant(''), fc.constant('3'), fc.constant('7'), fc.string({ maxLength: 8 }))),
  terms: fc.boolean(),
});

describe('what a review needs', () => {
  const questions = [question('quality', 'rating', true), question('fit', 'text', true), question('size', 'number', false)];

  it('each field is in error exactly when its rule fails (rating 1–5, text and name non-blank, the email pattern)', () => {
    fc.assert(
      fc.property(draftArb, fc.boolean(), fc.boolean(), fc.option(fc.string({ maxLength: 4 })), (draft, terms, captcha, token) => {
        const errors = draftErrors(draft, { questions, terms, captcha }, token);
        expect(errors.rating !== undefined).toBe(!(Number.isInteger(draft.rating) && draft.rating >= 1 && draft.rating <= 5));
        expect(errors.text !== undefined).toBe(draft.text.replace(/[\s\u200b]/g, '') === '');
        expect(errors.name !== undefined).toBe(draft.name.trim() === '');
        expect(errors.email !== undefined).toBe(!isReviewEmail(draft.email.trim()));
        expect(errors['q:quality'] !== undefined).toBe(!['1', '2', '3', '4', '5'].includes((draft.answers.quality ?? '').trim()));
        expect(errors['q:fit'] !== undefined).toBe((draft.answers.fit ?? '').trim() === '');
        expect(errors.terms !== undefined).toBe(terms && !draft.terms);
        expect(errors.captcha !== undefined).toBe(captcha && (token ?? '').trim() === '');
        if (errors.captcha) expect(errors.captcha).toBe('Please confirm that you are not a robot');
        // No error for a field the form does not have.
        for (const field of Object.keys(errors)) expect(fieldOrder({ questions, terms, captcha })).toContain(field);
        // The first error is the first field in form order.
        const first = firstError(errors, { questions, terms, captcha });
        expect(first).toBe(fieldOrder({ questions, terms, captcha }).find((f) => errors[f] !== undefined) ?? null);
      }),
    );
  });

  it('an optional number question accepts an empty answer or a number, nothing else', () => {
    const size = question('size', 'number', false);
    expect(answerError(size, '')).toBeNull();
    expect(answerError(size, ' 42 ')).toBeNull();
    expect(answerError(size, '3.5')).toBeNull();
    expect(answerError(size, 'big')).toBe(REVIEW_MESSAGES.number);
    // The single-product form requires every text or number question.
    expect(answerError(size, '', true)).toBe(REVIEW_MESSAGES.answer);
    expect(answerError(question('q', 'rating', false), '', true)).toBeNull();
  });

  it('lengths are capped in characters as the shopper sees them', () => {
    fc.assert(
      fc.property(fc.integer({ min: REVIEW_LIMITS.name - 2, max: REVIEW_LIMITS.name + 2 }), fc.constantFrom('a', 'ñ', '🌺'), (n, ch) => {
        const errors = draftErrors({ ...EMPTY_DRAFT, name: ch.repeat(n) }, { questions: [] });
        expect(errors.name === undefined).toBe(n <= REVIEW_LIMITS.name);
        if (errors.name) expect(errors.name).toBe(`Please enter no more than ${REVIEW_LIMITS.name} characters.`);
      }),
    );
    expect(draftErrors({ ...EMPTY_DRAFT, text: 'a'.repeat(REVIEW_LIMITS.text + 1) }, { questions: [] }).text).toContain('no more than');
    expect(draftErrors({ ...EMPTY_DRAFT, text: 'ok \ud800' }, { questions: [] }).text).toBe(REVIEW_MESSAGES.unstorable);
  });

  it('a submission is made only from a valid draft: trimmed, configured answers only, each upload once', () => {
    const media = fc.array(fc.record({ id: fc.integer({ min: 1, max: 4 }), key: fc.constantFrom('a'.repeat(20), 'b'.repeat(20)) }), { maxLength: 8 });
    fc.assert(
      fc.property(draftArb, media, fc.boolean(), fc.option(fc.integer({ min: 1, max: 99 }), { nil: null }), (draft, uploads, captcha, productId) => {
        const context = { questions, captcha };
        const token = captcha ? 'tok' : null;
        const submission = toSubmission(draft, context, productId, uploads, token);
        const valid = Object.keys(draftErrors(draft, context, token)).length === 0;
        expect(submission !== null).toBe(valid);
        if (!submission) return;
        expect(submission.productId).toBe(productId);
        expect(submission.text).toBe(draft.text.trim());
        expect(submission.email).toBe(draft.email.trim());
        expect(Object.keys(submission.answers).every((k) => questions.some((q) => q.name === k))).toBe(true);
        const pairs = submission.media.map((m) => `${m.id}:${m.key}`);
        expect(new Set(pairs).size).toBe(pairs.length);
        expect(new Set(pairs)).toEqual(new Set(uploads.map((m) => `${m.id}:${m.key}`)));
        expect(submission.captcha).toBe(captcha ? 'tok' : undefined);
      }),
    );
  });

  it('uniqueMedia keeps the first of each (id, key) pair, in order', () => {
    const a: UploadedMedia = { id: 1, key: 'k1' };
    expect(uniqueMedia([a, { id: 2, key: 'k2' }, { ...a }, { id: 1, key: 'k9' }])).toEqual([a, { id: 2, key: 'k2' }, { id: 1, key: 'k9' }]);
  });
});

const fileArb: fc.Arbitrary<FileFacts> = fc.record({
  name: fc.string({ maxLength: 12 }),
  type: fc.oneof(fc.constantFrom(...STOCK_MEDIA_TYPES), fc.constantFrom('image/webp', 'application/pdf', 'text/html', '', 'image/svg+xml', 'IMAGE/PNG')),
  size: fc.oneof(fc.integer({ min: 0, max: 30 * MB }), fc.constantFrom(25 * MB, 25 * MB + 1)),
});

describe('media checks before any upload', () => {
  it('refuse a whole batch: too many first, then a type outside the accepted ones, then a file over the real size limit', () => {
    fc.assert(
      fc.property(fc.array(fileArb, { maxLength: 7 }), fc.nat(6), fc.integer({ min: 1, max: 10 }), (files, present, limit) => {
        const media = { ...MEDIA, limit };
        const refusal = checkBatch(files, present, media);
        const accepted = STOCK_MEDIA_TYPES;
        if (files.length === 0) expect(refusal).toBeNull();
        else if (files.length + present > limit) expect(refusal).toEqual({ reason: 'too-many', message: MEDIA.messages.tooMany });
        else if (files.some((f) => !accepted.includes(f.type.toLowerCase()))) expect(refusal).toEqual({ reason: 'file-type', message: MEDIA.messages.fileType });
        else if (files.some((f) => f.size > MEDIA.maxBytes)) expect(refusal).toEqual({ reason: 'file-size', message: MEDIA.messages.fileSize });
        else expect(refusal).toBeNull();
      }),
    );
  });

  it('checks the real size limit, not the stock form’s limit × 100', () => {
    const file = (size: number): FileFacts => ({ name: 'a.jpg', type: 'image/jpeg', size });
    expect(checkBatch([file(MEDIA.maxBytes)], 0, MEDIA)).toBeNull();
    expect(checkBatch([file(MEDIA.maxBytes + 1)], 0, MEDIA)?.reason).toBe('file-size');
    expect(checkBatch([file(MEDIA.maxBytes * 50)], 0, MEDIA)?.reason).toBe('file-size');
    expect(checkBatch([file(Number.NaN)], 0, MEDIA)?.reason).toBe('file-size');
  });

  it('an accepted batch never takes the form over its limit', () => {
    fc.assert(
      fc.property(fc.array(fc.constant<FileFacts>({ name: 'p.png', type: 'image/png', size: 10 }), { maxLength: 8 }), fc.nat(8), (files, present) => {
        if (checkBatch(files, present, MEDIA) === null) expect(files.length + present <= MEDIA.limit || files.length === 0).toBe(true);
      }),
    );
  });

  it('media switched off refuses every file', () => {
    expect(checkBatch([{ name: 'p.png', type: 'image/png', size: 1 }], 0, { ...MEDIA, enabled: false })?.reason).toBe('disabled');
  });
});

describe('progress and the star widget', () => {
  it('progress is a whole percent 0–100 that never goes down as bytes are sent', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e9 }), fc.integer({ min: 0, max: 1e9 }), fc.integer({ min: 0, max: 1e9 }), (a, b, total) => {
        const [lo, hi] = a <= b ? [a, b] : [b, a];
        const p = percentOf(lo, total);
        expect(Number.isInteger(p) && p >= 0 && p <= 100).toBe(true);
        expect(percentOf(hi, total)).toBeGreaterThanOrEqual(p);
      }),
    );
    expect(percentOf(5, 10)).toBe(50);
    expect(percentOf(10, 10)).toBe(100);
    expect(percentOf(1, 0)).toBe(0);
  });

  it('the hover preview never shows less than the chosen rating; after a reset it is 0/5', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 5 }), fc.option(fc.integer({ min: 1, max: 5 }), { nil: null }), (chosen, hovered) => {
        const n = Number(ratingPreview(chosen, hovered).split('/')[0]);
        expect(n).toBe(Math.max(chosen, hovered ?? 0));
        expect(n).toBeGreaterThanOrEqual(chosen);
      }),
    );
    expect(ratingPreview(0, null)).toBe('0/5');
  });

  it('arrow keys move the rating by one within 1–5 and wrap; other keys do nothing', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 5 }), fc.constantFrom('ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown', 'Home', 'End', 'a', 'Tab'), (from, key) => {
        const next = ratingKey(from, key);
        if (['a', 'Tab'].includes(key)) expect(next).toBeNull();
        else expect(next! >= 1 && next! <= 5).toBe(true);
        if (from >= 1 && from <= 4 && key === 'ArrowRight') expect(next).toBe(from + 1);
        if (from >= 2 && key === 'ArrowLeft') expect(next).toBe(from - 1);
      }),
    );
  });
});

describe('exact values', () => {
  const context = { questions: [question('quality', 'rating', true), question('fit', 'text', false), question('size', 'number', false)] };
  const valid: ReviewDraft = { rating: 4, text: ' Fits well ', name: '  Ana  ', email: ' ana@example.ph ', answers: { quality: ' 5 ', fit: '   ', size: ' 42 ', other: 'not asked' }, terms: false };

  it('a submission has the configured answers trimmed (blank ones left out), the name and email trimmed, the captcha token trimmed', () => {
    expect(toSubmission(valid, { ...context, captcha: true }, 7, [], ' tok ')).toEqual({
      productId: 7,
      rating: 4,
      text: 'Fits well',
      name: 'Ana',
      email: 'ana@example.ph',
      answers: { quality: '5', size: '42' },
      media: [],
      captcha: 'tok',
    });
    // No captcha field without a site key, whatever token is given.
    expect(toSubmission(valid, context, 7, [], 'tok')).not.toHaveProperty('captcha');
    fc.assert(
      fc.property(fc.dictionary(fc.constantFrom('quality', 'fit', 'size', 'other'), fc.constantFrom('', ' ', '3', ' 4 ', '5')), (answers) => {
        const submission = toSubmission({ ...valid, answers: { quality: '5', ...answers } }, context, null, []);
        if (!submission) return;
        const expected: Record<string, string> = {};
        for (const q of context.questions) {
          const value = ({ quality: '5', ...answers }[q.name] ?? '').trim();
          if (value !== '') expected[q.name] = value;
        }
        expect(submission.answers).toEqual(expected);
      }),
      { numRuns: 100 },
    );
  });

  it('an email of 100 characters may be sent, one of 101 is too long; a name is measured without its outer spaces', () => {
    const email = (n: number) => `${'a'.repeat(n - '@example.com'.length)}@example.com`;
    expect(draftErrors({ ...valid, email: email(100) }, context).email).toBeUndefined();
    expect(draftErrors({ ...valid, email: email(101) }, context).email).toBe('Please enter no more than 100 characters.');
    expect(draftErrors({ ...valid, name: ` ${'a'.repeat(REVIEW_LIMITS.name)} ` }, context).name).toBeUndefined();
  });

  it('a rating answer is one digit 1–5; a number answer is a signed decimal with a dot or a comma', () => {
    const quality = question('quality', 'rating', true);
    expect(answerError(quality, ' 5 ')).toBeNull();
    for (const raw of ['05', '5.0', '6', '0', 'five']) expect(answerError(quality, raw)).toBe('Please choose a rating.');
    const size = question('size', 'number', false);
    for (const raw of ['3', '+3', '-3', '3.5', '3,55', '.5', ',55', '-.5']) expect(answerError(size, raw), raw).toBeNull();
    for (const raw of ['3.', 'x3', '3x', 'a5', '.a', '+', '3.5.5', '1e3']) expect(answerError(size, raw), raw).toBe('Please enter a number.');
  });

  it('the fields in form order, without terms or captcha unless the form has them', () => {
    expect(fieldOrder({ questions: [question('fit', 'text', false)] })).toEqual(['rating', 'text', 'name', 'email', 'q:fit']);
    expect(fieldOrder({ questions: [], terms: true, captcha: true })).toEqual(['rating', 'text', 'name', 'email', 'terms', 'captcha']);
  });

  it('the accepted types: the shop’s when it gave some (in any case), else the stock list', () => {
    expect(STOCK_MEDIA_TYPES).toEqual(['image/jpeg', 'image/png', 'image/jpg', 'image/gif', 'video/mp4', 'video/mpeg', 'video/ogg', 'video/webm', 'video/quicktime', 'video/x-msvideo']);
    expect(acceptOf(MEDIA)).toBe(STOCK_MEDIA_TYPES.join(','));
    expect(acceptOf({ ...MEDIA, types: [] })).toBe('image/jpeg,image/png,image/jpg,image/gif,video/mp4,video/mpeg,video/ogg,video/webm,video/quicktime,video/x-msvideo');
    expect(acceptOf({ ...MEDIA, types: ['image/png', 'image/webp'] })).toBe('image/png,image/webp');
    const own = { ...MEDIA, types: ['IMAGE/WEBP'] };
    expect(checkBatch([{ name: 'a.webp', type: 'image/webp', size: 1 }], 0, own)).toBeNull();
    expect(checkBatch([{ name: 'a.png', type: 'image/png', size: 1 }], 0, own)).toMatchObject({ reason: 'file-type' });
    for (const type of STOCK_MEDIA_TYPES) expect(checkBatch([{ name: 'f', type, size: 1 }], 0, { ...MEDIA, types: [] })).toBeNull();
  });

  it('an empty draft, progress with no bytes known, Home and End, star labels', () => {
    expect(EMPTY_DRAFT).toEqual({ rating: 0, text: '', name: '', email: '', answers: {}, terms: false });
    expect(percentOf(Number.NaN, 100)).toBe(0);
    expect(percentOf(0, 100)).toBe(0);
    expect(percentOf(50, 100)).toBe(50);
    expect(ratingKey(3, 'Home')).toBe(1);
    expect(ratingKey(3, 'End')).toBe(5);
    expect(starLabel(1)).toBe('1 star');
    expect(starLabel(4)).toBe('4 stars');
  });
});
