/**
 * One review form in the browser: the form machine (`machine.ts`) and the upload queue
 * (`uploads.ts`) in one store, driven over the reviews port's `upload`, `deleteUpload` and `submit`.
 *
 * - Uploads run in parallel, one request per accepted file, each with its own abort signal; removing
 *   a file that is still uploading aborts its request. An upload whose answer arrives after its
 *   file was removed (or the form cancelled) is deleted on the server, never attached.
 * - Removing an uploaded file sends its delete; the file stays (`deleting`) until the delete
 *   succeeded, and comes back with the failure's message otherwise.
 * - Submit sends the uploaded handles, each (id, key) once; it is not sent while an upload runs.
 * - Cancel aborts the uploads on their way and deletes the uploaded ones (they were never attached);
 *   `Continue` after a success only clears the form (its uploads now belong to the review).
 * - `review.submitted` is emitted once per accepted review (code 0).
 */
import type { BoundEmit } from '../../../core/bus.js';
import type { ReviewFormSettings, ReviewResult, UploadedMedia } from '../../../core/domain/reviews.js';
import type { PortFailure, ReviewsPort } from '../../../core/ports.js';
import { createStore, type ReadableStore } from '../../../core/store.js';
import { reviewFormTextsIn, type ReviewFormTexts } from './messages.js';
import { formReducer, INITIAL_FORM, type FormEvent, type FormMachine } from './machine.js';
import { toSubmission, type DraftContext, type ReviewField } from './rules.js';
import { attachable, EMPTY_QUEUE, uploading, uploadReducer, uploadsBlockSubmit, type UploadEvent, type UploadQueue } from './uploads.js';

/** What the form needs of the reviews port. */
export type ReviewFormPort = Pick<ReviewsPort, 'submit' | 'upload' | 'deleteUpload'>;

/** A chosen file (a `File` in the browser). */
export type FormFile = Blob & { readonly name: string };

export interface ReviewFormState {
  readonly form: FormMachine;
  readonly uploads: UploadQueue;
}

export interface ReviewFormOptions {
  readonly port: ReviewFormPort;
  readonly settings: ReviewFormSettings;
  /** The product reviewed; null for a shop review. */
  readonly productId: number | null;
  readonly emit?: BoundEmit;
  /** The single-product form (every on-site text question required). */
  readonly standalone?: boolean;
  /** Starts open (the standalone form). */
  readonly open?: boolean;
  /** The page's texts (errors and messages are said in them); English when none is given. */
  readonly texts?: ReviewFormTexts;
}

export interface ReviewFormController {
  readonly store: ReadableStore<ReviewFormState>;
  readonly context: DraftContext;
  open(): void;
  edit(patch: Extract<FormEvent, { type: 'edit' }>['patch']): void;
  answer(name: string, value: string): void;
  leave(field: ReviewField): void;
  token(token: string | null): void;
  /** Files chosen in the file input: checked as a batch, then each uploaded. */
  choose(files: readonly FormFile[]): void;
  remove(uid: number): void;
  /** Checks and sends the review; resolves once its answer is in (or at once when it is not sent). */
  submit(): Promise<void>;
  /** The success button: clears the form and closes it. */
  continue(): void;
  /** The error button: back to the filled form. */
  tryAgain(): void;
  /** Clears the form and closes it; uploads on their way are aborted and uploaded ones deleted. */
  cancel(): void;
  /** Requests on their way (uploads, deletes, the submit). */
  inFlight(): number;
  /** The file chosen for a queue item (the view's preview), while the item is in the queue. */
  fileOf(uid: number): FormFile | undefined;
}

/** The result shown when the review could not reach the shop (no answer from the server). */
// Stryker disable next-line StringLiteral: equivalent (an unknown locale falls back to English)
export const failureResult = (failure: PortFailure, t: ReviewFormTexts = reviewFormTextsIn('en-PH')): ReviewResult => ({
  code: 1,
  description: failure.kind === 'http' && failure.message ? failure.message : failure.kind === 'network' || failure.kind === 'timeout' ? t.sendFailedNetwork : t.sendFailed,
  button: t.tryAgain,
});

const failureMessage = (failure: PortFailure, fallback: string): string => (failure.message && failure.kind === 'http' ? failure.message : fallback);

// Stryker disable next-line StringLiteral: equivalent (an unknown locale falls back to English)
export const createReviewFormController = ({ port, settings, productId, emit, standalone = false, open = false, texts = reviewFormTextsIn('en-PH') }: ReviewFormOptions): ReviewFormController => {
  const context: DraftContext = { questions: settings.questions, standalone, captcha: settings.captchaSiteKey !== null, texts };
  const store = createStore<ReviewFormState>({ form: open ? { ...INITIAL_FORM, phase: 'editing' } : INITIAL_FORM, uploads: EMPTY_QUEUE });
  const aborts = new Map<number, AbortController>();
  const files = new Map<number, FormFile>();
  let requests = 0;

  const form = (event: FormEvent): FormMachine => {
    store.update((s) => ({ ...s, form: formReducer(s.form, event, context) }));
    return store.getSnapshot().form;
  };
  const queue = (event: UploadEvent): UploadQueue => {
    store.update((s) => ({ ...s, uploads: uploadReducer(s.uploads, event, settings.media, texts) }));
    return store.getSnapshot().uploads;
  };
  const track = async <T>(request: Promise<T>): Promise<T> => {
    requests += 1;
    try {
      return await request;
    } finally {
      requests -= 1;
    }
  };

  /**
   * Deletes an upload nobody will attach (its file was removed or the form cancelled), trying up to
   * three times; past that the shop's clean-up of unattached uploads takes it.
   */
  const discard = (media: UploadedMedia, attempts = 3): void => {
    // Stryker disable next-line ArrowFunction: equivalent (a thrown delete's undefined fails `!result` as null does)
    void track(port.deleteUpload(media).catch(() => null)).then((result) => {
      if ((!result || !result.ok) && attempts > 1) discard(media, attempts - 1);
    });
  };

  const upload = async (uid: number, file: FormFile): Promise<void> => {
    const abort = new AbortController();
    aborts.set(uid, abort);
    let answer;
    try {
      answer = await track(port.upload(file, productId ?? 'shop', (sent, total) => void queue({ type: 'progress', uid, sent, total }), abort.signal));
    } catch (error) {
      answer = { ok: false as const, error: { kind: 'network' as const, message: error instanceof Error ? error.message : String(error) } };
    }
    aborts.delete(uid);
    const item = store.getSnapshot().uploads.items.find((i) => i.uid === uid);
    if (!answer.ok) {
      if (item && !abort.signal.aborted) queue({ type: 'failed', uid, message: failureMessage(answer.error, texts.uploadFailed({ name: file.name })) });
      return;
    }
    if (!item || item.status !== 'pending') {
      discard(answer.value);
      return;
    }
    // A handle already in the queue (a retried request answered twice) is dropped, attached once.
    queue({ type: 'uploaded', uid, media: answer.value });
  };

  const controller: ReviewFormController = {
    store,
    context,
    open: () => void form({ type: 'open' }),
    edit: (patch) => void form({ type: 'edit', patch }),
    answer: (name, value) => void form({ type: 'answer', name, value }),
    leave: (field) => void form({ type: 'leave', field }),
    token: (token) => void form({ type: 'token', token }),
    choose(chosen) {
      const before = store.getSnapshot().uploads;
      if (store.getSnapshot().form.phase !== 'editing') return;
      const after = queue({ type: 'choose', files: chosen.map((f) => ({ name: f.name, type: f.type, size: f.size })) });
      if (after.items.length === before.items.length) return;
      chosen.forEach((file, i) => {
        files.set(before.nextUid + i, file);
        void upload(before.nextUid + i, file);
      });
    },
    remove(uid) {
      const item = store.getSnapshot().uploads.items.find((i) => i.uid === uid);
      if (!item) return;
      if (item.status === 'pending') {
        queue({ type: 'remove', uid });
        aborts.get(uid)?.abort();
        return;
      }
      if (item.status !== 'ok' || !item.media) return;
      const media = item.media;
      queue({ type: 'remove', uid });
      // Stryker disable next-line ArrowFunction: equivalent (a thrown delete's undefined is as falsy as null below)
      void track(port.deleteUpload(media).catch(() => null)).then((result) => {
        if (result?.ok) return void queue({ type: 'deleted', uid });
        // The form was cleared meanwhile: nobody will attach it, so it is deleted all the same.
        if (!store.getSnapshot().uploads.items.some((i) => i.uid === uid)) return discard(media, 2);
        queue({ type: 'deleteFailed', uid, message: result ? failureMessage(result.error, texts.removeFailed({ name: item.name })) : texts.removeFailed({ name: item.name }) });
      });
    },
    async submit() {
      const { uploads, form: before } = store.getSnapshot();
      const blockedText = uploadsBlockSubmit(uploads, texts);
      const state = form({ type: 'submit', uploading: uploading(uploads), ...(blockedText ? { blockedText } : {}) });
      // Only the press that started an attempt sends it: a second press while it is being sent
      // leaves the form as it is (still submitting), and must not send the review again.
      if (state.phase !== 'submitting' || state.attempt === before.attempt) return;
      const attempt = state.attempt;
      const media = attachable(store.getSnapshot().uploads);
      const submission = toSubmission(state.draft, context, productId, media, state.token);
      if (!submission) return;
      let result: ReviewResult;
      try {
        const answer = await track(port.submit(submission));
        result = answer.ok ? answer.value : failureResult(answer.error, texts);
      } catch (error) {
        result = failureResult({ kind: 'network', message: error instanceof Error ? error.message : String(error) }, texts);
      }
      const after = form({ type: 'answered', attempt, result });
      if (after.phase === 'result' && after.attempt === attempt && result.code === 0) {
        emit?.('review.submitted', { productId, rating: submission.rating, media: submission.media.length, status: result.status ?? 'hold' });
      }
    },
    continue() {
      if (form({ type: 'continue' }).phase !== 'closed') return;
      queue({ type: 'reset' });
      files.clear();
    },
    tryAgain: () => void form({ type: 'tryAgain' }),
    cancel() {
      const { uploads, form: before } = store.getSnapshot();
      // While the review is on its way its uploads may be attached; after a success they are.
      if (before.phase === 'closed' || before.phase === 'submitting') return;
      if (before.phase === 'result' && before.result?.code === 0) return controller.continue();
      for (const abort of aborts.values()) abort.abort();
      for (const item of uploads.items) if (item.media && item.status === 'ok') discard(item.media);
      form({ type: 'cancel' });
      queue({ type: 'reset' });
      files.clear();
    },
    inFlight: () => requests,
    fileOf(uid) {
      const file = files.get(uid);
      if (file && !store.getSnapshot().uploads.items.some((i) => i.uid === uid)) files.delete(uid);
      return files.get(uid);
    },
  };
  return controller;
};
