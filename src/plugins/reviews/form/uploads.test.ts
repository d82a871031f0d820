/**
 * The upload queue's pure state machine (`uploads.ts`), step by step: what each event does to an
 * item in each status, the queue's message, and what a submission attaches. The controller's model
 * test drives it with a shop; these pin the transitions one at a time.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { UploadedMedia } from '../../../core/domain/reviews.js';
import { reviewFormTextsIn } from './messages.js';
import { STOCK_MEDIA_TYPES, type FileFacts, type MediaSettings } from './rules.js';
import { attachable, EMPTY_QUEUE, uploadReducer, uploading, uploadsBlockSubmit, type UploadEvent, type UploadQueue } from './uploads.js';

const T = reviewFormTextsIn('en-PH');
const MEDIA: MediaSettings = { enabled: true, limit: 4, maxBytes: 1000, types: STOCK_MEDIA_TYPES, messages: { tooMany: 'Too many files', fileType: 'Wrong file type', fileSize: 'File too large' } };
const jpg = (name: string, size = 10): FileFacts => ({ name, type: 'image/jpeg', size });
const m = (id: number): UploadedMedia => ({ id, key: id.toString(16).padStart(20, '0') });
const step = (queue: UploadQueue, ...events: UploadEvent[]): UploadQueue => events.reduce((q, e) => uploadReducer(q, e, MEDIA), queue);
const chosen = (...names: string[]) => step(EMPTY_QUEUE, { type: 'choose', files: names.map((n) => jpg(n)) });

describe('upload queue: choosing files', () => {
  it('adds an accepted batch as pending items with new ids and clears the message', () => {
    const refused = step(EMPTY_QUEUE, { type: 'choose', files: [{ name: 'a.exe', type: 'application/x-msdownload', size: 1 }] });
    expect(refused).toEqual({ ...EMPTY_QUEUE, message: 'Wrong file type' });
    const queue = step(refused, { type: 'choose', files: [jpg('a.jpg', 5), { name: 'b.mp4', type: 'video/mp4', size: 7 }] });
    expect(queue).toEqual({
      items: [
        { uid: 1, name: 'a.jpg', type: 'image/jpeg', size: 5, kind: 'image', status: 'pending', percent: 0, media: null },
        { uid: 2, name: 'b.mp4', type: 'video/mp4', size: 7, kind: 'video', status: 'pending', percent: 0, media: null },
      ],
      nextUid: 3,
      message: null,
    });
    const more = step(queue, { type: 'choose', files: [jpg('c.jpg')] });
    expect(more.items.map((i) => i.uid)).toEqual([1, 2, 3]);
    expect(more.nextUid).toBe(4);
  });

  it('an empty batch changes nothing; a batch over the limit counting the files present adds nothing and says why', () => {
    const queue = chosen('a', 'b', 'c');
    expect(uploadReducer(queue, { type: 'choose', files: [] }, MEDIA)).toBe(queue);
    expect(step(queue, { type: 'choose', files: [jpg('d'), jpg('e')] })).toEqual({ ...queue, message: 'Too many files' });
    expect(step(queue, { type: 'choose', files: [jpg('d')] }).items).toHaveLength(4);
    const fil = reviewFormTextsIn('fil-PH');
    expect(uploadReducer(EMPTY_QUEUE, { type: 'choose', files: [jpg('a')] }, { ...MEDIA, enabled: false }, fil).message).toBe(fil.mediaDisabled);
  });
});

describe('upload queue: an item’s life', () => {
  it('progress moves a pending item forward only, in whole percent', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.nat(2000), fc.integer({ min: 1, max: 2000 })), { maxLength: 8 }), (reports) => {
        let queue = chosen('a');
        let last = 0;
        for (const [sent, total] of reports) {
          const next = step(queue, { type: 'progress', uid: 1, sent, total });
          const percent = next.items[0]!.percent;
          expect(percent).toBeGreaterThanOrEqual(last);
          expect(percent).toBe(Math.max(last, Math.min(100, Math.floor((sent / total) * 100))));
          if (percent === last) expect(next).toBe(queue);
          last = percent;
          queue = next;
        }
      }),
    );
    // An uploaded item's progress stays at 100; an unknown item changes nothing.
    const done = step(chosen('a'), { type: 'uploaded', uid: 1, media: m(5) });
    expect(step(done, { type: 'progress', uid: 1, sent: 1, total: 2 })).toBe(done);
    const queue = chosen('a');
    expect(step(queue, { type: 'progress', uid: 9, sent: 1, total: 2 })).toBe(queue);
  });

  it('an upload answer attaches its handle once: at 100 %, ok; a repeat handle from another item drops that item', () => {
    const queue = step(chosen('a', 'b'), { type: 'progress', uid: 1, sent: 3, total: 10 }, { type: 'uploaded', uid: 1, media: { ...m(5), extra: 1 } as UploadedMedia });
    expect(queue.items[0]).toMatchObject({ uid: 1, status: 'ok', percent: 100 });
    // Only the handle's id and key are kept.
    expect(queue.items[0]!.media).toEqual(m(5));
    expect(step(queue, { type: 'uploaded', uid: 2, media: m(5) }).items.map((i) => i.uid)).toEqual([1]);
    // The same key with another id is another upload.
    expect(step(queue, { type: 'uploaded', uid: 2, media: { id: 6, key: m(5).key } }).items.map((i) => [i.uid, i.status])).toEqual([
      [1, 'ok'],
      [2, 'ok'],
    ]);
    // A second answer for an item already uploaded changes nothing.
    expect(step(queue, { type: 'uploaded', uid: 1, media: m(7) })).toBe(queue);
    // An answer for an item removed meanwhile changes nothing.
    const removed = step(chosen('a'), { type: 'remove', uid: 1 });
    expect(step(removed, { type: 'uploaded', uid: 1, media: m(5) })).toEqual(removed);
  });

  it('a failed upload removes its pending item and shows the message; a failure of anything else changes nothing', () => {
    const queue = chosen('a', 'b');
    expect(step(queue, { type: 'failed', uid: 2, message: 'The file could not be stored.' })).toEqual({ ...queue, items: [queue.items[0]], message: 'The file could not be stored.' });
    const done = step(queue, { type: 'uploaded', uid: 1, media: m(5) });
    expect(step(done, { type: 'failed', uid: 1, message: 'late' })).toBe(done);
    expect(step(done, { type: 'failed', uid: 9, message: 'late' })).toBe(done);
  });

  it('removing a pending item drops it; an uploaded one waits, marked, for its delete; a failed delete restores it with the message', () => {
    const queue = step(chosen('a', 'b'), { type: 'uploaded', uid: 2, media: m(5) });
    expect(step(queue, { type: 'remove', uid: 1 }).items.map((i) => i.uid)).toEqual([2]);
    const deleting = step(queue, { type: 'remove', uid: 2 });
    expect(deleting.items[1]).toMatchObject({ uid: 2, status: 'deleting' });
    // Removing it again while its delete is on its way changes nothing.
    expect(step(deleting, { type: 'remove', uid: 2 })).toBe(deleting);
    expect(step(deleting, { type: 'deleted', uid: 2 }).items.map((i) => i.uid)).toEqual([1]);
    const restored = step(deleting, { type: 'deleteFailed', uid: 2, message: 'Could not delete.' });
    expect(restored.items[1]).toMatchObject({ uid: 2, status: 'ok', media: m(5) });
    expect(restored.message).toBe('Could not delete.');
    // A delete answer for an item not being deleted changes nothing.
    expect(step(queue, { type: 'deleted', uid: 2 })).toBe(queue);
    expect(step(queue, { type: 'deleteFailed', uid: 2, message: 'x' })).toBe(queue);
    expect(step(queue, { type: 'deleteFailed', uid: 9, message: 'x' })).toBe(queue);
  });

  it('reset empties the queue but never reuses an id', () => {
    const queue = step(chosen('a', 'b'), { type: 'failed', uid: 1, message: 'x' }, { type: 'reset' });
    expect(queue).toEqual({ items: [], nextUid: 3, message: null });
    expect(step(queue, { type: 'choose', files: [jpg('c')] }).items[0]!.uid).toBe(3);
  });
});

describe('upload queue: what a submit waits for and attaches', () => {
  it('counts the pending uploads and says so in the page’s words', () => {
    const queue = step(chosen('a', 'b', 'c'), { type: 'uploaded', uid: 1, media: m(5) });
    expect(uploading(queue)).toBe(2);
    expect(uploadsBlockSubmit(queue)).toBe(T.stillUploading(2));
    expect(uploadsBlockSubmit(step(queue, { type: 'remove', uid: 2 }))).toBe(T.stillUploading(1));
    expect(uploadsBlockSubmit(step(queue, { type: 'remove', uid: 2 }, { type: 'remove', uid: 3 }))).toBeNull();
    expect(uploadsBlockSubmit(EMPTY_QUEUE)).toBeNull();
  });

  it('attaches every uploaded handle once, never one being deleted or still pending', () => {
    const queue = step(chosen('a', 'b', 'c', 'd'), { type: 'uploaded', uid: 1, media: m(5) }, { type: 'uploaded', uid: 2, media: m(6) }, { type: 'uploaded', uid: 3, media: m(7) }, { type: 'remove', uid: 3 });
    expect(attachable(queue)).toEqual([m(5), m(6)]);
    expect(attachable(EMPTY_QUEUE)).toEqual([]);
  });
});

describe('upload queue: a failure among several files', () => {
  it('a failure of the second file removes it even when the first is already uploaded', () => {
    const queue = step(chosen('a', 'b'), { type: 'uploaded', uid: 1, media: m(7) }, { type: 'failed', uid: 2, message: '“b” could not be uploaded.' });
    expect(queue.items.map((i) => [i.uid, i.status])).toEqual([[1, 'ok']]);
    expect(queue.message).toBe('“b” could not be uploaded.');
  });
});
