/**
 * The review form's controller, one path at a time (the model-based test beside it checks the
 * invariants over random sequences): which failure sentence shows, what an upload and a delete send
 * and how often a delete is retried, what `fileOf` keeps, what Continue and Cancel leave behind, and
 * the `review.submitted` event.
 */
import { describe, expect, it } from 'vitest';
import type { ReviewFormSettings, ReviewResult, ReviewSubmission, UploadedMedia } from '../../../core/domain/reviews.js';
import type { PortFailure, UploadProgress } from '../../../core/ports.js';
import { err, ok, type Result } from '../../../core/result.js';
import { createReviewFormController, failureResult, type FormFile, type ReviewFormController, type ReviewFormOptions } from './controller.js';
import { STOCK_MEDIA_TYPES } from './rules.js';

const SETTINGS: ReviewFormSettings = {
  accepting: 'anybody',
  questions: [],
  media: { enabled: true, limit: 4, maxBytes: 1000, types: STOCK_MEDIA_TYPES, messages: { tooMany: 'Too many files', fileType: 'Wrong file type', fileSize: 'File too large' } },
  captchaSiteKey: null,
};

const file = (name: string): FormFile => Object.assign(new Blob(['x'], { type: 'image/png' }), { name });
const settle = async () => {
  for (let i = 0; i < 4; i += 1) await new Promise((r) => setTimeout(r, 0));
};

/** A port whose every request waits for the test. */
class Port {
  readonly uploads: Array<{ file: FormFile; item: number | 'shop'; progress: UploadProgress; signal: AbortSignal | undefined; answer: (r: Result<UploadedMedia, PortFailure>) => void; fail: (e: unknown) => void }> = [];
  readonly deletes: Array<{ media: UploadedMedia; answer: (r: Result<void, PortFailure>) => void; fail: (e: unknown) => void }> = [];
  readonly submits: Array<{ review: ReviewSubmission; answer: (r: Result<ReviewResult, PortFailure>) => void; fail: (e: unknown) => void }> = [];
  port(): ReviewFormOptions['port'] {
    return {
      upload: (f, item, progress, signal) => new Promise((answer, fail) => this.uploads.push({ file: f as FormFile, item, progress, signal, answer, fail })),
      deleteUpload: (media) => new Promise((answer, fail) => this.deletes.push({ media, answer, fail })),
      submit: (review) => new Promise((answer, fail) => this.submits.push({ review, answer, fail })),
    };
  }
}

const setup = (options: Partial<ReviewFormOptions> = {}) => {
  const port = new Port();
  const events: Array<{ type: string; payload: unknown }> = [];
  const form = createReviewFormController({
    port: port.port(),
    settings: SETTINGS,
    productId: 7,
    emit: ((type: string, payload: unknown) => events.push({ type, payload })) as never,
    open: true,
    ...options,
  });
  return { port, form, events };
};
const fill = (form: ReviewFormController) => form.edit({ rating: 4, text: 'Fits well', name: 'Ana', email: 'ana@example.ph' });
const snap = (form: ReviewFormController) => form.store.getSnapshot();
const media = (id: number): UploadedMedia => ({ id, key: `k${id}` });

/** A form with one file uploaded (handle 41). */
const withUpload = async (options: Partial<ReviewFormOptions> = {}) => {
  const real = setup(options);
  real.form.choose([file('a.png')]);
  real.port.uploads[0]!.answer(ok(media(41)));
  await settle();
  return { ...real, uid: snap(real.form).uploads.items[0]!.uid };
};

describe('failureResult', () => {
  it('shows a refusal’s own words, a lost connection’s sentence, and a generic sentence otherwise; always Try again', () => {
    const http = (message: string): PortFailure => ({ kind: 'http', status: 503, code: 'x', message });
    expect(failureResult(http('The shop is closed.'))).toEqual({ code: 1, description: 'The shop is closed.', button: 'Try again' });
    expect(failureResult(http(''))).toEqual({ code: 1, description: 'Your review could not be added.', button: 'Try again' });
    const network = 'Your review could not be sent. Please check your connection and try again.';
    expect(failureResult({ kind: 'network', message: 'offline' }).description).toBe(network);
    expect(failureResult({ kind: 'timeout', message: 'slow' }).description).toBe(network);
    // A message that is not the shop's refusal is not shown.
    expect(failureResult({ kind: 'invalid-response', message: 'Unexpected token <' }).description).toBe('Your review could not be added.');
    expect(failureResult({ kind: 'not-found', message: 'Not found' }).description).toBe('Your review could not be added.');
  });
});

describe('defaults', () => {
  it('starts closed, and not as the single-product form (an optional text question stays optional)', async () => {
    const port = new Port();
    const form = createReviewFormController({ port: port.port(), settings: { ...SETTINGS, questions: [{ name: 'use', label: 'Use', type: 'text', required: false }] }, productId: 7 });
    expect(snap(form).form.phase).toBe('closed');
    expect(form.context.standalone).toBe(false);
    form.open();
    fill(form);
    void form.submit();
    expect(port.submits).toHaveLength(1);
    expect(port.submits[0]!.review.answers).toEqual({});
  });

  it('without an emit, an accepted review still shows its result', async () => {
    const { port, form } = setup({ emit: undefined });
    fill(form);
    const sent = form.submit();
    port.submits[0]!.answer(ok({ code: 0, description: 'Thank you!', button: 'Continue' }));
    await sent;
    expect(snap(form).form).toMatchObject({ phase: 'result', result: { code: 0 } });
  });
});

describe('leave', () => {
  it('a field left with a bad value shows its error', () => {
    const { form } = setup();
    form.edit({ email: 'ana@' });
    expect(snap(form).form.shown.email).toBeUndefined();
    form.leave('email');
    expect(snap(form).form.shown.email).toBe('Please enter a valid email address.');
  });
});

describe('uploads', () => {
  it('go to the product, or to the shop for a shop review', () => {
    const product = setup();
    product.form.choose([file('a.png')]);
    expect(product.port.uploads[0]!.item).toBe(7);
    const shop = setup({ productId: null });
    shop.form.choose([file('b.png')]);
    expect(shop.port.uploads[0]!.item).toBe('shop');
  });

  it('a failed upload says the shop’s refusal, or that the named file could not be uploaded', async () => {
    const { port, form } = setup();
    form.choose([file('a.png'), file('b.png'), file('c.png'), file('d.png')]);
    port.uploads[0]!.answer(err({ kind: 'http', status: 413, code: 'too_large', message: 'The maximum file size is 1 KB.' }));
    await settle();
    expect(snap(form).uploads.message).toBe('The maximum file size is 1 KB.');
    port.uploads[1]!.answer(err({ kind: 'network', message: 'offline' }));
    await settle();
    expect(snap(form).uploads.message).toBe('“b.png” could not be uploaded.');
    port.uploads[2]!.answer(err({ kind: 'http', status: 500, code: 'x', message: '' }));
    await settle();
    expect(snap(form).uploads.message).toBe('“c.png” could not be uploaded.');
    // A port that throws is a failed upload too.
    port.uploads[3]!.fail(new Error('boom'));
    await settle();
    expect(snap(form).uploads).toMatchObject({ items: [], message: '“d.png” could not be uploaded.' });
    expect(form.inFlight()).toBe(0);
  });

  it('fileOf gives each chosen file for its own item, and forgets a file once its item is gone', async () => {
    const { port, form } = setup();
    const chosen = [file('a.png'), file('b.png'), file('c.png')];
    form.choose(chosen);
    const uids = snap(form).uploads.items.map((i) => i.uid);
    expect(uids.map((uid) => form.fileOf(uid))).toEqual(chosen);
    expect(form.fileOf(uids[1]!)).toBe(chosen[1]);
    expect(form.fileOf(999)).toBeUndefined();
    form.remove(uids[0]!);
    expect(form.fileOf(uids[0]!)).toBeUndefined();
    expect(form.fileOf(uids[2]!)).toBe(chosen[2]);
    // Its upload was aborted.
    expect(port.uploads[0]!.signal?.aborted).toBe(true);
    expect(port.uploads[1]!.signal?.aborted).toBe(false);
  });

  it('an upload that finishes after its file was removed is deleted, retried up to three times in all', async () => {
    const { port, form } = setup();
    form.choose([file('a.png')]);
    form.remove(snap(form).uploads.items[0]!.uid);
    port.uploads[0]!.answer(ok(media(41)));
    await settle();
    expect(port.deletes.map((d) => d.media)).toEqual([media(41)]);
    port.deletes[0]!.answer(err({ kind: 'network', message: 'offline' }));
    await settle();
    expect(port.deletes).toHaveLength(2);
    // A delete that throws counts as failed.
    port.deletes[1]!.fail(new Error('boom'));
    await settle();
    expect(port.deletes).toHaveLength(3);
    port.deletes[2]!.answer(err({ kind: 'network', message: 'offline' }));
    await settle();
    expect(port.deletes).toHaveLength(3);
    expect(form.inFlight()).toBe(0);
    expect(snap(form).uploads.items).toEqual([]);
  });

  it('a discarded upload whose delete succeeds is not deleted again', async () => {
    const { port, form } = setup();
    form.choose([file('a.png')]);
    form.remove(snap(form).uploads.items[0]!.uid);
    port.uploads[0]!.answer(ok(media(41)));
    await settle();
    port.deletes[0]!.answer(ok(undefined));
    await settle();
    expect(port.deletes).toHaveLength(1);
  });
});

describe('removing an uploaded file', () => {
  it('sends one delete (a second press sends nothing) and drops the file once it succeeded', async () => {
    const { port, form, uid } = await withUpload();
    form.remove(uid);
    expect(snap(form).uploads.items[0]).toMatchObject({ uid, status: 'deleting' });
    form.remove(uid);
    expect(port.deletes.map((d) => d.media)).toEqual([media(41)]);
    port.deletes[0]!.answer(ok(undefined));
    await settle();
    expect(snap(form).uploads.items).toEqual([]);
    // Nothing to remove any more: nothing happens.
    form.remove(uid);
    expect(port.deletes).toHaveLength(1);
  });

  it('a failed delete brings the file back with the shop’s words, or says the named file could not be removed', async () => {
    const { port, form, uid } = await withUpload();
    form.remove(uid);
    port.deletes[0]!.answer(err({ kind: 'http', status: 503, code: 'x', message: 'Could not delete.' }));
    await settle();
    expect(snap(form).uploads).toMatchObject({ items: [{ uid, status: 'ok' }], message: 'Could not delete.' });
    form.remove(uid);
    port.deletes[1]!.answer(err({ kind: 'network', message: 'offline' }));
    await settle();
    expect(snap(form).uploads).toMatchObject({ items: [{ uid, status: 'ok' }], message: '“a.png” could not be removed.' });
    form.remove(uid);
    port.deletes[2]!.fail(new Error('boom'));
    await settle();
    expect(snap(form).uploads).toMatchObject({ items: [{ uid, status: 'ok' }], message: '“a.png” could not be removed.' });
  });

  it('a delete that fails after the form was cancelled is tried again, and says nothing', async () => {
    const { port, form, uid } = await withUpload();
    form.remove(uid);
    form.cancel();
    // Cancel does not delete a file already being deleted a second time.
    expect(port.deletes).toHaveLength(1);
    port.deletes[0]!.answer(err({ kind: 'network', message: 'offline' }));
    await settle();
    expect(port.deletes.map((d) => d.media)).toEqual([media(41), media(41)]);
    expect(snap(form).uploads).toEqual({ items: [], nextUid: 2, message: null });
    port.deletes[1]!.answer(err({ kind: 'network', message: 'offline' }));
    await settle();
    // Two attempts after the first, as for any discarded upload.
    expect(port.deletes).toHaveLength(3);
    port.deletes[2]!.answer(err({ kind: 'network', message: 'offline' }));
    await settle();
    expect(port.deletes).toHaveLength(3);
  });
});

describe('removing among several files', () => {
  it('removes the file pressed, not the first one', async () => {
    const { port, form, uid } = await withUpload();
    form.choose([file('b.png')]);
    const second = snap(form).uploads.items[1]!;
    form.remove(second.uid);
    // The uploading one is dropped and its upload aborted; the uploaded one is left alone.
    expect(snap(form).uploads.items).toMatchObject([{ uid, status: 'ok' }]);
    expect(port.uploads[1]!.signal?.aborted).toBe(true);
    expect(port.deletes).toEqual([]);
  });

  it('a delete that fails once the form was cancelled and refilled is tried again, and the new file is kept as it is', async () => {
    const { port, form, uid } = await withUpload();
    form.remove(uid);
    form.cancel();
    form.open();
    form.choose([file('b.png')]);
    port.uploads[1]!.answer(ok(media(42)));
    await settle();
    port.deletes[0]!.answer(err({ kind: 'network', message: 'offline' }));
    await settle();
    expect(port.deletes.map((d) => d.media)).toEqual([media(41), media(41)]);
    expect(snap(form).uploads).toMatchObject({ items: [{ name: 'b.png', status: 'ok', media: media(42) }], message: null });
  });
});

describe('submitting', () => {
  it('a submit that throws shows the connection failure', async () => {
    const { port, form, events } = setup();
    fill(form);
    const sent = form.submit();
    port.submits[0]!.fail(new Error('boom'));
    await sent;
    expect(snap(form).form.result).toEqual({ code: 1, description: 'Your review could not be sent. Please check your connection and try again.', button: 'Try again' });
    expect(events).toEqual([]);
  });

  it('review.submitted carries the shop’s status, and `hold` when it gave none', async () => {
    for (const [status, expected] of [
      ['approved', 'approved'],
      [undefined, 'hold'],
    ] as const) {
      const { port, form, events } = await withUpload();
      fill(form);
      const sent = form.submit();
      port.submits[0]!.answer(ok({ code: 0, description: 'Thank you!', button: 'Continue', ...(status ? { status } : {}) }));
      await sent;
      expect(events).toEqual([{ type: 'review.submitted', payload: { productId: 7, rating: 4, media: 1, status: expected } }]);
    }
  });
});

describe('Continue and Cancel', () => {
  it('Continue after a success clears the form and its files (none deleted: they belong to the review)', async () => {
    const { port, form, uid } = await withUpload();
    fill(form);
    const sent = form.submit();
    port.submits[0]!.answer(ok({ code: 0, description: 'Thank you!', button: 'Continue' }));
    await sent;
    form.continue();
    expect(snap(form).form.phase).toBe('closed');
    expect(snap(form).uploads.items).toEqual([]);
    expect(form.fileOf(uid)).toBeUndefined();
    expect(port.deletes).toEqual([]);
  });

  it('Continue does nothing unless the review was accepted', async () => {
    const { port, form, uid } = await withUpload();
    form.continue();
    expect(snap(form).uploads.items).toHaveLength(1);
    fill(form);
    const sent = form.submit();
    port.submits[0]!.answer(ok({ code: 1, description: 'No.', button: 'Try again' }));
    await sent;
    form.continue();
    expect(snap(form).form.phase).toBe('result');
    expect(snap(form).uploads.items).toHaveLength(1);
    expect(form.fileOf(uid)).toBeDefined();
  });

  it('Cancel after a success is Continue: the attached files are not deleted', async () => {
    const { port, form } = await withUpload();
    fill(form);
    const sent = form.submit();
    port.submits[0]!.answer(ok({ code: 0, description: 'Thank you!', button: 'Continue' }));
    await sent;
    form.cancel();
    expect(snap(form).form.phase).toBe('closed');
    expect(snap(form).uploads.items).toEqual([]);
    expect(port.deletes).toEqual([]);
  });

  it('Cancel while the review is on its way does nothing; after a refusal it deletes the files', async () => {
    const { port, form } = await withUpload();
    fill(form);
    const sent = form.submit();
    form.cancel();
    expect(snap(form).form.phase).toBe('submitting');
    expect(snap(form).uploads.items).toHaveLength(1);
    expect(port.deletes).toEqual([]);
    port.submits[0]!.answer(ok({ code: 1, description: 'No.', button: 'Try again' }));
    await sent;
    form.cancel();
    expect(snap(form).form.phase).toBe('closed');
    expect(snap(form).uploads.items).toEqual([]);
    expect(port.deletes.map((d) => d.media)).toEqual([media(41)]);
  });

  it('Cancel aborts the uploads on their way', () => {
    const { port, form } = setup();
    form.choose([file('a.png'), file('b.png')]);
    form.cancel();
    expect(port.uploads.map((u) => u.signal?.aborted)).toEqual([true, true]);
    expect(snap(form).uploads.items).toEqual([]);
  });
});
