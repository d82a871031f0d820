/**
 * The review form's upload queue as a pure state machine (spec §4 "Media upload item", `wire-protocol.md`
 * §2.8): each chosen file is an item, `pending` with a progress percent while it uploads, then `ok`
 * with its (id, key) handle; removed on a failure (a 5xx or a refusal, whose message is shown as
 * text); `deleting` while its delete is on its way, removed only once the delete succeeded.
 *
 * - A batch is checked before any of it is uploaded (`checkBatch`): a refused batch adds nothing and
 *   its message shows; an accepted one clears the message.
 * - An answer for an item no longer in the queue (removed while it uploaded) changes nothing; the
 *   controller deletes that upload on the server instead.
 * - An upload is attached by its (id, key) once: a second item answering with a handle already in
 *   the queue (a retried request whose first answer also arrived) is dropped.
 * - Progress never goes back.
 */
import type { UploadedMedia } from '../../../core/domain/reviews.js';
import { reviewFormTextsIn, type ReviewFormTexts } from './messages.js';
import { checkBatch, mediaKind, percentOf, uniqueMedia, type FileFacts, type MediaSettings } from './rules.js';

export interface UploadItem {
  /** The queue's own id for the item (not the server's). */
  readonly uid: number;
  readonly name: string;
  readonly type: string;
  readonly size: number;
  readonly kind: 'image' | 'video';
  readonly status: 'pending' | 'ok' | 'deleting';
  /** Whole percent uploaded, 0–100. */
  readonly percent: number;
  /** The server's handle once uploaded. */
  readonly media: UploadedMedia | null;
}

export interface UploadQueue {
  readonly items: readonly UploadItem[];
  readonly nextUid: number;
  /** The last refusal or failure, as text; null when the last batch was accepted. */
  readonly message: string | null;
}

export type UploadEvent =
  | { readonly type: 'choose'; readonly files: readonly FileFacts[] }
  | { readonly type: 'progress'; readonly uid: number; readonly sent: number; readonly total: number }
  | { readonly type: 'uploaded'; readonly uid: number; readonly media: UploadedMedia }
  | { readonly type: 'failed'; readonly uid: number; readonly message: string }
  | { readonly type: 'remove'; readonly uid: number }
  | { readonly type: 'deleted'; readonly uid: number }
  | { readonly type: 'deleteFailed'; readonly uid: number; readonly message: string }
  | { readonly type: 'reset' };

export const EMPTY_QUEUE: UploadQueue = { items: [], nextUid: 1, message: null };

const same = (a: UploadedMedia | null, b: UploadedMedia): boolean => a !== null && a.id === b.id && a.key === b.key;

const update = (queue: UploadQueue, uid: number, change: (item: UploadItem) => UploadItem | null): UploadQueue => {
  const item = queue.items.find((i) => i.uid === uid);
  if (!item) return queue;
  const next = change(item);
  if (next === item) return queue;
  return { ...queue, items: next ? queue.items.map((i) => (i.uid === uid ? next : i)) : queue.items.filter((i) => i.uid !== uid) };
};

/** The queue after one event (`texts`: the page's, for a refusal's message; English when none is given). */
export const uploadReducer = (queue: UploadQueue, event: UploadEvent, media: MediaSettings, texts?: ReviewFormTexts): UploadQueue => {
  switch (event.type) {
    case 'choose': {
      if (event.files.length === 0) return queue;
      const refusal = checkBatch(event.files, queue.items.length, media, texts);
      if (refusal) return { ...queue, message: refusal.message };
      const added = event.files.map(
        (f, i): UploadItem => ({ uid: queue.nextUid + i, name: f.name, type: f.type, size: f.size, kind: mediaKind(f.type), status: 'pending', percent: 0, media: null }),
      );
      return { items: [...queue.items, ...added], nextUid: queue.nextUid + added.length, message: null };
    }
    case 'progress':
      return update(queue, event.uid, (item) => {
        const percent = Math.max(item.percent, percentOf(event.sent, event.total));
        return item.status === 'pending' && percent !== item.percent ? { ...item, percent } : item;
      });
    case 'uploaded': {
      if (queue.items.some((i) => i.uid !== event.uid && same(i.media, event.media))) return update(queue, event.uid, () => null);
      return update(queue, event.uid, (item) => (item.status === 'pending' ? { ...item, status: 'ok', percent: 100, media: { id: event.media.id, key: event.media.key } } : item));
    }
    case 'failed': {
      const item = queue.items.find((i) => i.uid === event.uid);
      if (!item || item.status !== 'pending') return queue;
      return { ...update(queue, event.uid, () => null), message: event.message };
    }
    case 'remove':
      return update(queue, event.uid, (item) => (item.status === 'pending' ? null : item.status === 'ok' ? { ...item, status: 'deleting' } : item));
    case 'deleted':
      return update(queue, event.uid, (item) => (item.status === 'deleting' ? null : item));
    case 'deleteFailed': {
      const item = queue.items.find((i) => i.uid === event.uid);
      if (!item || item.status !== 'deleting') return queue;
      return { ...update(queue, event.uid, (i) => ({ ...i, status: 'ok' })), message: event.message };
    }
    case 'reset':
      return { ...EMPTY_QUEUE, nextUid: queue.nextUid };
  }
};

/** Uploads still on their way (submit waits for them). */
export const uploading = (queue: UploadQueue): number => queue.items.filter((i) => i.status === 'pending').length;

/** The handles a submission attaches: every uploaded item's (not those being deleted), each once. */
export const attachable = (queue: UploadQueue): UploadedMedia[] => uniqueMedia(queue.items.flatMap((i) => (i.status === 'ok' && i.media ? [i.media] : [])));

/** Why submit waits, or null. */
export const uploadsBlockSubmit = (queue: UploadQueue, texts: ReviewFormTexts = reviewFormTextsIn('en-PH')): string | null => {
  const n = uploading(queue);
  if (n === 0) return null;
  return texts.stillUploading(n);
};
