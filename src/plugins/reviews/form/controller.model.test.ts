/**
 * Model-based test of the review form (`fc.commands`): the shopper fills the form, chooses batches
 * of files, removes files, submits, continues, tries again and cancels, while a fake shop handles
 * uploads, deletes and submissions in any order, answers out of order, refuses, fails with 5xx or
 * loses the connection, and sometimes finishes an upload the shopper already aborted.
 *
 * At every step: the queue never holds more files than the limit, progress never goes back, each
 * accepted file is one upload request, a refused batch adds nothing, submit is never sent while an
 * upload runs and sends exactly the uploaded handles, each once; and once everything has answered,
 * every upload the shop stored is either in the form, attached to an accepted review, or deleted.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ReviewFormSettings, ReviewResult, ReviewSubmission, UploadedMedia } from '../../../core/domain/reviews.js';
import type { PortFailure, UploadProgress } from '../../../core/ports.js';
import { err, ok, type Result } from '../../../core/result.js';
import { createReviewFormController, type FormFile, type ReviewFormController, type ReviewFormPort } from './controller.js';
import { STOCK_MEDIA_TYPES } from './rules.js';
import { attachable, uploading } from './uploads.js';

const LIMIT = 4;
const MAX = 1000;
const SETTINGS: ReviewFormSettings = {
  accepting: 'anybody',
  questions: [{ name: 'fit', label: 'Fit', type: 'rating', required: true }],
  media: { enabled: true, limit: LIMIT, maxBytes: MAX, types: STOCK_MEDIA_TYPES, messages: { tooMany: 'Too many files', fileType: 'Wrong file type', fileSize: 'File too large' } },
  captchaSiteKey: null,
};

type UploadOutcome = 'ok' | 'too-large' | 'server-error' | 'network';
type SubmitOutcome = 0 | 1 | 2 | 'network' | 'lost';
const key = (m: UploadedMedia) => `${m.id}:${m.key}`;

interface UploadRequest {
  readonly name: string;
  readonly progress: UploadProgress;
  readonly signal: AbortSignal | undefined;
  readonly resolve: (r: Result<UploadedMedia, PortFailure>) => void;
}

/** The shop: uploads it stored, attached and deleted; requests held until handled. */
class FakeShop {
  nextId = 100;
  readonly stored = new Set<string>();
  readonly attached = new Set<string>();
  readonly deleted = new Set<string>();
  /** Deletes refused, by upload. */
  readonly refused = new Map<string, number>();
  readonly uploads: UploadRequest[] = [];
  readonly deletes: Array<{ media: UploadedMedia; resolve: (r: Result<void, PortFailure>) => void }> = [];
  readonly submits: Array<{ review: ReviewSubmission; resolve: (r: Result<ReviewResult, PortFailure>) => void }> = [];
  uploadCalls = 0;
  readonly violations: string[] = [];
  /** Checks run when the form sends a review (set by the test). */
  onSubmit: (review: ReviewSubmission) => void = () => undefined;

  port(): ReviewFormPort {
    return {
      upload: (file, _item, progress, signal) => {
        this.uploadCalls += 1;
        return new Promise((resolve) => this.uploads.push({ name: file.name, progress, signal, resolve }));
      },
      deleteUpload: (media) => new Promise((resolve) => this.deletes.push({ media, resolve })),
      submit: (review) => {
        this.onSubmit(review);
        return new Promise((resolve) => this.submits.push({ review, resolve }));
      },
    };
  }

  handleUpload(pick: number, outcome: UploadOutcome): void {
    const [request] = this.uploads.splice(pick % this.uploads.length, 1);
    if (!request) return;
    if (outcome === 'ok') {
      const media = { id: (this.nextId += 1), key: this.nextId.toString(16).padStart(20, '0') };
      this.stored.add(key(media));
      request.progress(MAX, MAX);
      request.resolve(ok(media));
    } else if (outcome === 'too-large') request.resolve(err({ kind: 'http', status: 413, code: 'suki_media_too_large', message: 'The maximum file size is 1 KB.' }));
    else if (outcome === 'server-error') request.resolve(err({ kind: 'http', status: 503, code: 'suki_media_failed', message: 'The file could not be stored.' }));
    else request.resolve(err({ kind: 'network', message: 'offline' }));
  }

  handleDelete(pick: number, succeed: boolean): void {
    const [request] = this.deletes.splice(pick % this.deletes.length, 1);
    if (!request) return;
    const k = key(request.media);
    if (succeed && this.stored.has(k) && !this.attached.has(k)) {
      this.deleted.add(k);
      request.resolve(ok(undefined));
    } else {
      this.refused.set(k, (this.refused.get(k) ?? 0) + 1);
      request.resolve(err({ kind: 'http', status: 503, code: 'suki_media_failed', message: 'Could not delete.' }));
    }
  }

  handleSubmit(pick: number, outcome: SubmitOutcome): void {
    const [request] = this.submits.splice(pick % this.submits.length, 1);
    if (!request) return;
    const attach = () => {
      for (const m of request.review.media) {
        const k = key(m);
        // Only the session's unattached, undeleted uploads can be attached, each once.
        if (!this.stored.has(k) || this.deleted.has(k)) this.violations.push(`attached ${k}, not an unattached upload`);
        if (!this.attached.has(k)) this.attached.add(k);
      }
    };
    if (outcome === 0) {
      attach();
      request.resolve(ok({ code: 0, description: 'Thank you for your review!', button: 'Continue', status: 'hold' }));
    } else if (outcome === 'lost') {
      attach();
      request.resolve(err({ kind: 'timeout', message: 'slow' }));
    } else if (outcome === 'network') request.resolve(err({ kind: 'network', message: 'offline' }));
    else request.resolve(ok({ code: outcome, description: outcome === 1 ? 'Your review could not be added' : 'Data validation error', button: outcome === 1 ? 'Try again' : 'OK' }));
  }
}

interface Real {
  readonly shop: FakeShop;
  readonly form: ReviewFormController;
  readonly events: Array<{ type: string; payload: unknown }>;
  /** Files the form accepted (each must be one upload request). */
  accepted: number;
  /** Last seen percent by item. */
  readonly percents: Map<number, number>;
  /** Code-0 answers the form applied. */
  successes: number;
  /** Broken rules seen inside the fake shop's calls. */
  readonly violations: string[];
}
type Model = Record<string, never>;

const settle = async () => {
  for (let i = 0; i < 4; i += 1) await new Promise((r) => setTimeout(r, 0));
};
const snap = (r: Real) => r.form.store.getSnapshot();

/** Invariants that hold after every step. */
const invariants = (r: Real) => {
  const { uploads } = snap(r);
  expect(uploads.items.length).toBeLessThanOrEqual(LIMIT);
  expect(r.shop.uploadCalls).toBe(r.accepted);
  for (const item of uploads.items) {
    expect(item.percent).toBeGreaterThanOrEqual(r.percents.get(item.uid) ?? 0);
    r.percents.set(item.uid, item.percent);
    if (item.status !== 'pending') expect(item.media).not.toBeNull();
  }
  expect(r.violations).toEqual([]);
  expect(r.shop.violations).toEqual([]);
  const handles = uploads.items.flatMap((i) => (i.media ? [key(i.media)] : []));
  expect(new Set(handles).size).toBe(handles.length);
};

class Open implements fc.AsyncCommand<Model, Real> {
  check = () => true;
  async run(_m: Model, r: Real) {
    r.form.open();
    expect(snap(r).form.phase).not.toBe('closed');
  }
  toString = () => 'open';
}

class Fill implements fc.AsyncCommand<Model, Real> {
  constructor(readonly valid: boolean) {}
  check = () => true;
  async run(_m: Model, r: Real) {
    const before = snap(r).form;
    r.form.edit(this.valid ? { rating: 4, text: ' Fits well ', name: 'Ana', email: 'ana@example.ph' } : { rating: 0, email: 'ana@' });
    r.form.answer('fit', '5');
    if (before.phase !== 'editing') expect(snap(r).form.draft).toEqual(before.draft);
  }
  toString = () => `fill(${this.valid})`;
}

class Choose implements fc.AsyncCommand<Model, Real> {
  constructor(readonly files: ReadonlyArray<{ type: string; size: number }>) {}
  check = () => true;
  async run(_m: Model, r: Real) {
    const before = snap(r);
    // The form reads a file's name, type and size (the fake shop reads nothing else).
    const facts = this.files.map((f, i) => ({ name: `f${i}.bin`, type: f.type, size: f.size }));
    r.form.choose(facts as unknown as FormFile[]);
    const after = snap(r);
    const fits = facts.length + before.uploads.items.length <= LIMIT && facts.every((f) => STOCK_MEDIA_TYPES.includes(f.type) && f.size <= MAX);
    if (before.form.phase === 'editing' && facts.length > 0 && fits) {
      r.accepted += facts.length;
      expect(after.uploads.items.length).toBe(before.uploads.items.length + facts.length);
      expect(after.uploads.message).toBeNull();
    } else {
      // A refused batch adds nothing, and says why.
      expect(after.uploads.items).toEqual(before.uploads.items);
      if (before.form.phase === 'editing' && facts.length > 0) expect(['Too many files', 'Wrong file type', 'File too large']).toContain(after.uploads.message);
    }
  }
  toString = () => `choose(${JSON.stringify(this.files)})`;
}

class Progress implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly pick: number,
    readonly fraction: number,
  ) {}
  check = () => true;
  async run(_m: Model, r: Real) {
    const request = r.shop.uploads[this.pick % Math.max(1, r.shop.uploads.length)];
    request?.progress(Math.floor(MAX * this.fraction), MAX);
  }
  toString = () => `progress(${this.pick}, ${this.fraction})`;
}

class HandleUpload implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly pick: number,
    readonly outcome: UploadOutcome,
  ) {}
  check = () => true;
  async run(_m: Model, r: Real) {
    if (r.shop.uploads.length === 0) return;
    const before = snap(r).uploads.items.length;
    r.shop.handleUpload(this.pick, this.outcome);
    await settle();
    const after = snap(r).uploads;
    // A failure removes its file and shows the server's message as text.
    if (this.outcome !== 'ok' && after.items.length < before && this.outcome !== 'network') expect(after.message).toMatch(/maximum file size|could not be stored/);
  }
  toString = () => `handleUpload(${this.pick}, ${this.outcome})`;
}

class Remove implements fc.AsyncCommand<Model, Real> {
  constructor(readonly pick: number) {}
  check = () => true;
  async run(_m: Model, r: Real) {
    const { items } = snap(r).uploads;
    if (items.length === 0) return;
    const item = items[this.pick % items.length]!;
    r.form.remove(item.uid);
    const after = snap(r).uploads.items.find((i) => i.uid === item.uid);
    if (item.status === 'pending') expect(after).toBeUndefined();
    // An uploaded file stays, marked, until its delete succeeded.
    else expect(after?.status).toBe('deleting');
  }
  toString = () => `remove(${this.pick})`;
}

class HandleDelete implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly pick: number,
    readonly succeed: boolean,
  ) {}
  check = () => true;
  async run(_m: Model, r: Real) {
    if (r.shop.deletes.length === 0) return;
    r.shop.handleDelete(this.pick, this.succeed);
    await settle();
  }
  toString = () => `handleDelete(${this.pick}, ${this.succeed})`;
}

class Submit implements fc.AsyncCommand<Model, Real> {
  check = () => true;
  async run(_m: Model, r: Real) {
    const before = snap(r);
    const sent = r.shop.submits.length;
    void r.form.submit();
    const after = snap(r);
    if (before.form.phase === 'editing' && uploading(before.uploads) > 0) {
      expect(r.shop.submits.length).toBe(sent);
      if (Object.keys(after.form.shown).length === 0) expect(after.form.blocked).toMatch(/still uploading/);
    }
    // A second press while the review is being sent sends nothing (it once sent it twice).
    if (before.form.phase === 'submitting') expect(r.shop.submits.length).toBe(sent);
    if (r.shop.submits.length > sent) expect(after.form.phase).toBe('submitting');
  }
  toString = () => 'submit';
}

class HandleSubmit implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly pick: number,
    readonly outcome: SubmitOutcome,
  ) {}
  check = () => true;
  async run(_m: Model, r: Real) {
    if (r.shop.submits.length === 0) return;
    const phase = snap(r).form.phase;
    r.shop.handleSubmit(this.pick, this.outcome);
    await settle();
    const { form } = snap(r);
    if (phase === 'submitting') {
      expect(form.phase).toBe('result');
      expect(form.result?.code === 0).toBe(this.outcome === 0);
      if (this.outcome === 0) r.successes += 1;
      // The server's texts, or ours when no answer came.
      expect(form.result?.button).toBe(this.outcome === 0 ? 'Continue' : this.outcome === 2 ? 'OK' : 'Try again');
    }
  }
  toString = () => `handleSubmit(${this.pick}, ${this.outcome})`;
}

class Continue implements fc.AsyncCommand<Model, Real> {
  check = () => true;
  async run(_m: Model, r: Real) {
    const before = snap(r).form;
    r.form.continue();
    if (before.phase === 'result' && before.result?.code === 0) {
      const after = snap(r);
      expect(after.form.phase).toBe('closed');
      expect(after.form.draft.text).toBe('');
      expect(after.uploads.items).toEqual([]);
    }
  }
  toString = () => 'continue';
}

class TryAgain implements fc.AsyncCommand<Model, Real> {
  check = () => true;
  async run(_m: Model, r: Real) {
    const before = snap(r).form;
    r.form.tryAgain();
    if (before.phase === 'result' && before.result?.code !== 0) {
      expect(snap(r).form.phase).toBe('editing');
      expect(snap(r).form.draft).toEqual(before.draft);
    }
  }
  toString = () => 'tryAgain';
}

class Cancel implements fc.AsyncCommand<Model, Real> {
  check = () => true;
  async run(_m: Model, r: Real) {
    const before = snap(r).form;
    r.form.cancel();
    if (before.phase === 'editing' || (before.phase === 'result' && before.result?.code !== 0)) {
      expect(snap(r).form.phase).toBe('closed');
      expect(snap(r).uploads.items).toEqual([]);
    }
  }
  toString = () => 'cancel';
}

class Check implements fc.AsyncCommand<Model, Real> {
  constructor(readonly inner: fc.AsyncCommand<Model, Real>) {}
  check = () => true;
  async run(m: Model, r: Real) {
    await this.inner.run(m, r);
    invariants(r);
  }
  toString = () => this.inner.toString();
}

const fileArb = fc.record({ type: fc.oneof(fc.constantFrom('image/jpeg', 'image/png', 'video/mp4'), fc.constantFrom('application/pdf', '')), size: fc.oneof(fc.integer({ min: 1, max: MAX }), fc.constant(MAX + 1)) });
const commands = fc.commands(
  [
    fc.constant(new Open()),
    fc.boolean().map((v) => new Fill(v)),
    fc.array(fileArb, { minLength: 1, maxLength: 3 }).map((f) => new Choose(f)),
    fc.array(fc.constant({ type: 'image/png', size: 10 }), { minLength: 1, maxLength: 2 }).map((f) => new Choose(f)),
    fc.tuple(fc.nat(), fc.double({ min: 0, max: 1, noNaN: true })).map(([p, f]) => new Progress(p, f)),
    fc.tuple(fc.nat(), fc.constantFrom<UploadOutcome>('ok', 'ok', 'ok', 'too-large', 'server-error', 'network')).map(([p, o]) => new HandleUpload(p, o)),
    fc.nat().map((p) => new Remove(p)),
    fc.tuple(fc.nat(), fc.boolean()).map(([p, s]) => new HandleDelete(p, s)),
    fc.constant(new Submit()),
    fc.tuple(fc.nat(), fc.constantFrom<SubmitOutcome>(0, 0, 1, 2, 'network', 'lost')).map(([p, o]) => new HandleSubmit(p, o)),
    fc.constant(new Continue()),
    fc.constant(new TryAgain()),
    fc.constant(new Cancel()),
  ].map((arb) => arb.map((c) => new Check(c))),
  { maxCommands: 60, size: 'large' },
);

const setup = () => {
  const shop = new FakeShop();
  const events: Array<{ type: string; payload: unknown }> = [];
  const form = createReviewFormController({ port: shop.port(), settings: SETTINGS, productId: 7, emit: ((type: string, payload: unknown) => events.push({ type, payload })) as never });
  const real: Real = { shop, form, events, accepted: 0, percents: new Map(), successes: 0, violations: [] };
  // Checked when the form sends a review (recorded: a throw there would be taken for a failed request).
  shop.onSubmit = (review) => {
    const { uploads } = form.store.getSnapshot();
    // Never while an upload runs; exactly the uploaded handles, each once.
    if (uploading(uploads) !== 0) real.violations.push('sent while uploading');
    if (JSON.stringify(review.media) !== JSON.stringify(attachable(uploads))) real.violations.push('media other than the uploaded handles');
    if (new Set(review.media.map(key)).size !== review.media.length) real.violations.push('a handle twice');
    if (review.productId !== 7 || review.text !== 'Fits well') real.violations.push('wrong review');
  };
  return real;
};

describe('review form and upload queue (model-based)', () => {
  it('keeps its limits at every step, and once everything has answered, no upload is lost or attached twice', async () => {
    await fc.assert(
      fc.asyncProperty(commands, async (cmds) => {
        const real = setup();
        const { shop, form } = real;
        await fc.asyncModelRun(() => ({ model: {}, real }), cmds);
        for (let round = 0; round < 100 && (shop.uploads.length > 0 || shop.deletes.length > 0 || shop.submits.length > 0 || form.inFlight() > 0); round += 1) {
          if (shop.uploads.length > 0) shop.handleUpload(0, 'ok');
          if (shop.deletes.length > 0) shop.handleDelete(0, true);
          if (shop.submits.length > 0) shop.handleSubmit(0, 0);
          await settle();
        }
        expect(form.inFlight()).toBe(0);
        const { uploads, form: state } = form.store.getSnapshot();
        expect(uploading(uploads)).toBe(0);
        // Every stored upload is in the form, attached to a review, or deleted (or its delete was
        // refused three times: the shop's clean-up of unattached uploads takes it).
        const inForm = new Set(uploads.items.flatMap((i) => (i.media ? [key(i.media)] : [])));
        for (const k of shop.stored) expect(inForm.has(k) || shop.attached.has(k) || shop.deleted.has(k) || (shop.refused.get(k) ?? 0) >= 3, k).toBe(true);
        // An event for every accepted review the form showed (the answers settled above may add some).
        expect(real.events.filter((e) => e.type === 'review.submitted').length).toBeGreaterThanOrEqual(real.successes);
        if (state.phase === 'submitting') expect.unreachable('an answered review is not left submitting');
        for (const e of real.events) expect(e).toMatchObject({ type: 'review.submitted', payload: { productId: 7, rating: 4, status: 'hold' } });
      }),
      { numRuns: 200 },
    );
    // Many short runs: a generous limit for a loaded machine (speed is not what this tests).
  }, 60_000);
});

describe('review form: single paths', () => {
  it('a removed file whose upload still finishes is deleted on the server, never attached', async () => {
    const real = setup();
    real.form.open();
    real.form.edit({ rating: 4, text: 'Fits well', name: 'Ana', email: 'ana@example.ph' });
    real.form.answer('fit', '5');
    real.form.choose([Object.assign(new Blob(['x'], { type: 'image/png' }), { name: 'a.png' })]);
    real.accepted = 1;
    const uid = snap(real).uploads.items[0]!.uid;
    real.form.remove(uid);
    expect(real.shop.uploads[0]!.signal?.aborted).toBe(true);
    real.shop.handleUpload(0, 'ok');
    await settle();
    expect(real.shop.deletes).toHaveLength(1);
    real.shop.handleDelete(0, true);
    await settle();
    void real.form.submit();
    expect(real.shop.submits[0]!.review.media).toEqual([]);
  });

  it('submit is refused while a file uploads, with the reason; then goes once it is in', async () => {
    const real = setup();
    real.form.open();
    real.form.edit({ rating: 4, text: 'Fits well', name: 'Ana', email: 'ana@example.ph' });
    real.form.answer('fit', '5');
    real.form.choose([Object.assign(new Blob(['x'], { type: 'image/png' }), { name: 'a.png' })]);
    void real.form.submit();
    expect(real.shop.submits).toHaveLength(0);
    expect(snap(real).form.blocked).toBe('Please wait: a file is still uploading.');
    real.shop.uploads[0]!.progress(1, 2);
    expect(snap(real).uploads.items[0]!.percent).toBe(50);
    real.shop.handleUpload(0, 'ok');
    await settle();
    const done = real.form.submit();
    expect(real.shop.submits[0]!.review.media).toHaveLength(1);
    real.shop.handleSubmit(0, 0);
    await done;
    expect(snap(real).form.result).toMatchObject({ code: 0, button: 'Continue' });
    expect(real.events).toEqual([{ type: 'review.submitted', payload: { productId: 7, rating: 4, media: 1, status: 'hold' } }]);
  });

  it('an answer to an older attempt is ignored; Try again keeps what was typed', async () => {
    const real = setup();
    real.form.open();
    real.form.edit({ rating: 4, text: 'Fits well', name: 'Ana', email: 'ana@example.ph' });
    real.form.answer('fit', '5');
    const first = real.form.submit();
    real.shop.handleSubmit(0, 'network');
    await first;
    expect(snap(real).form.result?.description).toMatch(/could not be sent/);
    real.form.tryAgain();
    expect(snap(real).form.draft.name).toBe('Ana');
    const second = real.form.submit();
    real.shop.handleSubmit(0, 1);
    await second;
    expect(snap(real).form.result).toMatchObject({ code: 1, description: 'Your review could not be added', button: 'Try again' });
    expect(real.events).toEqual([]);
  });
});

describe('review form: the captcha step', () => {
  it('with a site key, no token means nothing is sent and the stock message; a token goes with the review once', async () => {
    const shop = new FakeShop();
    const form = createReviewFormController({ port: shop.port(), settings: { ...SETTINGS, captchaSiteKey: 'site-key-0123456789' }, productId: 7, open: true });
    form.edit({ rating: 4, text: 'Fits well', name: 'Ana', email: 'ana@example.ph' });
    form.answer('fit', '5');
    void form.submit();
    expect(shop.submits).toHaveLength(0);
    expect(form.store.getSnapshot().form.shown.captcha).toBe('Please confirm that you are not a robot');
    form.token('   ');
    void form.submit();
    expect(shop.submits).toHaveLength(0);
    form.token('tok-1');
    expect(form.store.getSnapshot().form.shown.captcha).toBeUndefined();
    const sent = form.submit();
    expect(shop.submits[0]!.review.captcha).toBe('tok-1');
    shop.handleSubmit(0, 1);
    await sent;
    // Try again asks the verifier again: the old token is not reused.
    form.tryAgain();
    void form.submit();
    expect(shop.submits).toHaveLength(0);
    expect(form.store.getSnapshot().form.shown.captcha).toBe('Please confirm that you are not a robot');
  });
});
