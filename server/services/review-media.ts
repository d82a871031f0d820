/**
 * Review photos and videos: uploads kept through the storage port (`server/storage/`) with a row in
 * `suki_review_media`, and the {@link ReviewMediaPort} the reviews service attaches them through.
 *
 * - An upload belongs to the session that made it (`owner_hash`) and is known by a random 48-bit id
 *   and a 20-hex-digit key, kept only as its SHA-256 and compared in constant time. Someone else's
 *   upload, a wrong key and a missing id all answer alike.
 * - Files are stored under unguessable keys `reviews/<yyyy>/<mm>/<32 hex>.<ext>` (thumbnails
 *   `…-thumb.<ext>`), served at `/wp-content/uploads/reviews/<yyyy>/<mm>/…`.
 * - The row is written before the files: a storage that fails leaves neither (the row is removed,
 *   the caller answers 503), and a process that dies in between leaves a row the purge removes
 *   with whatever files it had.
 * - Attaching happens once: only unattached uploads of that session with their keys, all or none,
 *   in the review's transaction; the same pairs again for the same review (a retry) change nothing.
 * - Deleting a review's media marks its rows for the purge (in the review's transaction, so a
 *   rolled-back deletion keeps them) and starts the purge; the purge deletes uploads no review
 *   took within 24 hours, files first, then rows.
 */
import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import { and, asc, count, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { ReviewMedia, UploadedMedia } from '../../src/core/domain/reviews.js';
import type { ShopDatabase } from '../db/query.js';
import { reviewMedia } from '../db/schema.js';
import { safeEqual, sha256 } from '../lib/crypto.js';
import type { AcceptedType, ProcessedImage } from '../media/review-upload.js';
import type { ShopLogger } from '../routes/shared.js';
import type { MediaStorage } from '../storage/port.js';
import type { AttachResult, MediaDb, ReviewMediaPort } from './review-media-port.js';

/** How long an upload waits for a review before the purge removes it. */
export const UNATTACHED_TTL_MS = 24 * 3_600_000;

/** Where stored files are served. */
export const REVIEW_MEDIA_PATH = '/wp-content/uploads/reviews/';

/** The storage key of a public path under {@link REVIEW_MEDIA_PATH} (`2026/11/<32 hex>.jpg`), or null when it cannot be one of ours. */
export function storageKeyOfPath(rest: string): string | null {
  return /^\d{4}\/\d{2}\/[0-9a-f]{32}(?:-thumb)?\.(?:jpg|png|gif|mp4|mpg|ogv|webm|mov|avi)$/.test(rest) ? `reviews/${rest}` : null;
}

const publicUrl = (storageKey: string): string => `${REVIEW_MEDIA_PATH}${storageKey.slice('reviews/'.length)}`;

/** A random id: 48 bits, above 2^32 (never a short count away from another upload's). */
const randomId = (): number => 2 ** 32 + (randomBytes(6).readUIntBE(0, 6) % (2 ** 48 - 2 ** 32));

const ownerHashOf = (sessionId: string): string => sha256(`review-media|${sessionId}`);
const keyHashOf = (key: string): string => sha256(`review-media-key|${key}`);

/** An id as a client may send it: a whole number in the id range. */
export const isMediaId = (value: unknown): value is number => typeof value === 'number' && Number.isSafeInteger(value) && value > 0 && value < 2 ** 48;
/** A key as a client may send it: 20 hex digits. */
export const isMediaKey = (value: unknown): value is string => typeof value === 'string' && /^[0-9a-f]{20}$/.test(value);

/** A file ready to keep: a re-encoded picture, or a checked video on disk. */
export type PreparedMedia =
  | { readonly kind: 'image'; readonly image: ProcessedImage }
  | { readonly kind: 'video'; readonly type: AcceptedType; readonly stream: () => Readable; readonly size: number };

/** Options of {@link reviewMediaService}. */
export interface ReviewMediaServiceOptions {
  readonly storage: MediaStorage;
  /** The shop's database, for the purges started in the background. */
  readonly db: ShopDatabase;
  /** Most files one review takes (`media.limit`). */
  readonly limit: number;
  readonly logger: ShopLogger;
}

/** The media service: {@link ReviewMediaPort} plus what the upload routes need. */
export interface ReviewMediaService extends ReviewMediaPort {
  readonly storage: MediaStorage;
  /** Keeps a prepared upload for `owner` (a session id); the pair to attach it with. @throws StorageError (nothing is left behind) */
  store(db: ShopDatabase, owner: string, itemId: number, media: PreparedMedia): Promise<UploadedMedia>;
  /** Deletes `owner`'s unattached upload with that key; false when there is none such (someone else's, attached, wrong key, missing). @throws StorageError (the row stays) */
  remove(db: ShopDatabase, owner: string, id: number, key: string): Promise<boolean>;
  /** Unattached uploads of `owner` for an item. */
  pendingCount(db: ShopDatabase, owner: string, itemId: number): Promise<number>;
  /** Deletes uploads no review took within 24 hours (and those of deleted reviews); how many went. */
  purgeUnattached(db: ShopDatabase, nowMs?: number): Promise<number>;
  /** Starts a purge in the background unless one ran within `everyMs`. */
  purgeSoon(everyMs?: number): void;
}

/** Builds the media service over a storage. */
export function reviewMediaService(options: ReviewMediaServiceOptions): ReviewMediaService {
  const { storage, limit, logger } = options;
  let lastPurge = 0;
  let purging: Promise<unknown> | null = null;

  const removeFiles = async (keys: ReadonlyArray<string | null>): Promise<void> => {
    for (const key of keys) if (key) await storage.delete(key);
  };

  const purgeUnattached = async (db: ShopDatabase, nowMs = Date.now()): Promise<number> => {
    let removed = 0;
    for (;;) {
      const rows = await db
        .select({ id: reviewMedia.id, storageKey: reviewMedia.storageKey, thumbKey: reviewMedia.thumbKey })
        .from(reviewMedia)
        .where(and(isNull(reviewMedia.reviewId), lt(reviewMedia.createdAt, new Date(nowMs - UNATTACHED_TTL_MS).toISOString())))
        .limit(100);
      for (const row of rows) {
        // Files first: a failure leaves the row, so the next purge tries again.
        await removeFiles([row.storageKey, row.thumbKey]);
        await db.delete(reviewMedia).where(and(eq(reviewMedia.id, row.id), isNull(reviewMedia.reviewId)));
        removed += 1;
      }
      if (rows.length < 100) return removed;
    }
  };

  const purgeSoon = (everyMs = 10 * 60_000): void => {
    const now = Date.now();
    if (purging || now - lastPurge < everyMs) return;
    lastPurge = now;
    purging = purgeUnattached(options.db)
      .catch((error: unknown) => logger.warn('purging review uploads failed', error))
      .finally(() => {
        purging = null;
      });
  };

  return {
    storage,

    async store(db, owner, itemId, media) {
      const id = randomId();
      const key = randomBytes(10).toString('hex');
      const now = new Date();
      const folder = `reviews/${now.getUTCFullYear()}/${String(now.getUTCMonth() + 1).padStart(2, '0')}`;
      const name = randomBytes(16).toString('hex');
      const ext = media.kind === 'image' ? media.image.main.ext : media.type.ext;
      const storageKey = `${folder}/${name}.${ext}`;
      const thumbKey = media.kind === 'image' ? `${folder}/${name}-thumb.${media.image.thumb.ext}` : null;
      await db.insert(reviewMedia).values({
        id,
        keyHash: keyHashOf(key),
        ownerHash: ownerHashOf(owner),
        itemId,
        kind: media.kind,
        mime: media.kind === 'image' ? media.image.main.mime : media.type.mime,
        bytes: media.kind === 'image' ? media.image.main.bytes.length : media.size,
        width: media.kind === 'image' ? media.image.width : 0,
        height: media.kind === 'image' ? media.image.height : 0,
        storageKey,
        thumbKey,
      });
      try {
        if (media.kind === 'image') {
          await storage.put(storageKey, media.image.main.bytes, media.image.main.mime);
          await storage.put(thumbKey as string, media.image.thumb.bytes, media.image.thumb.mime);
        } else {
          await storage.put(storageKey, { stream: media.stream(), size: media.size }, media.type.mime);
        }
      } catch (error) {
        // Nothing stays of a failed upload: its files (whichever got written) and its row.
        await removeFiles([storageKey, thumbKey]).catch(() => undefined);
        await db.delete(reviewMedia).where(eq(reviewMedia.id, id));
        throw error;
      }
      return { id, key };
    },

    async remove(db, owner, id, key) {
      const [row] = await db.select().from(reviewMedia).where(eq(reviewMedia.id, id)).limit(1);
      // Every comparison runs, so the time does not tell which one failed.
      const ownerOk = safeEqual(row?.ownerHash ?? 'none', ownerHashOf(owner));
      const keyOk = safeEqual(row?.keyHash ?? 'none', keyHashOf(key));
      if (!row || !ownerOk || !keyOk || row.reviewId !== null) return false;
      await removeFiles([row.storageKey, row.thumbKey]);
      await db.delete(reviewMedia).where(and(eq(reviewMedia.id, id), isNull(reviewMedia.reviewId)));
      return true;
    },

    async pendingCount(db, owner, itemId) {
      const [row] = await db
        .select({ n: count() })
        .from(reviewMedia)
        .where(and(eq(reviewMedia.ownerHash, ownerHashOf(owner)), eq(reviewMedia.itemId, itemId), isNull(reviewMedia.reviewId)));
      return row?.n ?? 0;
    },

    purgeUnattached,
    purgeSoon,

    async attach(db: MediaDb, owner: string, pairs: readonly UploadedMedia[], reviewId: number): Promise<AttachResult> {
      if (pairs.length === 0) return { ok: true, count: 0 };
      const refused: AttachResult = { ok: false, message: 'The photos or videos could not be attached. Please upload them again.' };
      if (pairs.some((pair) => !isMediaId(pair.id) || !isMediaKey(pair.key))) return refused;
      // The same upload twice in one submission counts once.
      const unique = [...new Map(pairs.map((pair) => [pair.id, pair])).values()];
      if (unique.some((pair) => pairs.some((other) => other.id === pair.id && other.key !== pair.key))) return refused;
      if (unique.length > limit) return { ok: false, message: `At most ${limit} photos or videos can be attached to a review.` };
      const rows = await db
        .select({ id: reviewMedia.id, ownerHash: reviewMedia.ownerHash, keyHash: reviewMedia.keyHash, reviewId: reviewMedia.reviewId })
        .from(reviewMedia)
        .where(inArray(reviewMedia.id, unique.map((pair) => pair.id)))
        .for('update');
      const byId = new Map(rows.map((row) => [row.id, row]));
      const ownerHash = ownerHashOf(owner);
      let allowed = true;
      for (const pair of unique) {
        const row = byId.get(pair.id);
        const ownerOk = safeEqual(row?.ownerHash ?? 'none', ownerHash);
        const keyOk = safeEqual(row?.keyHash ?? 'none', keyHashOf(pair.key));
        // Unattached, or already this review's (a retry of the same submission).
        if (!row || !ownerOk || !keyOk || (row.reviewId !== null && row.reviewId !== reviewId)) allowed = false;
      }
      if (!allowed) return refused;
      for (const [position, pair] of unique.entries()) {
        await db
          .update(reviewMedia)
          .set({ reviewId, position })
          .where(and(eq(reviewMedia.id, pair.id), isNull(reviewMedia.reviewId)));
      }
      return { ok: true, count: unique.length };
    },

    async forReviews(db: MediaDb, reviewIds: readonly number[], alt: (reviewId: number, index: number) => string): Promise<ReadonlyMap<number, readonly ReviewMedia[]>> {
      const result = new Map<number, ReviewMedia[]>();
      if (reviewIds.length === 0) return result;
      const rows = await db
        .select()
        .from(reviewMedia)
        .where(inArray(reviewMedia.reviewId, [...new Set(reviewIds)]))
        .orderBy(asc(reviewMedia.reviewId), asc(reviewMedia.position), asc(reviewMedia.createdAt));
      for (const row of rows) {
        const reviewId = row.reviewId as number;
        const list = result.get(reviewId) ?? [];
        list.push({
          id: row.id,
          kind: row.kind,
          src: publicUrl(row.storageKey),
          thumb: row.thumbKey ? publicUrl(row.thumbKey) : null,
          width: row.width,
          height: row.height,
          alt: alt(reviewId, list.length),
          mime: row.mime,
        });
        result.set(reviewId, list);
      }
      return result;
    },

    async deleteForReview(db: MediaDb, reviewId: number): Promise<void> {
      // Handed to the purge (in the review's transaction): nobody owns them, and they are old.
      await db
        .update(reviewMedia)
        .set({ reviewId: null, ownerHash: '', createdAt: sql`'1970-01-01T00:00:00Z'` })
        .where(eq(reviewMedia.reviewId, reviewId));
      // After the caller's transaction has had time to commit; a purge that finds nothing is cheap.
      setTimeout(() => {
        lastPurge = 0;
        purgeSoon();
      }, 50).unref();
    },
  };
}
