/**
 * The seam between reviews (`server/services/reviews.ts`) and their media
 * (`server/services/review-media.ts`): the reviews service attaches a submission's uploads in the
 * review's own transaction, reads the media of the reviews it lists, and deletes a review's media
 * with the review. The media service implements it; the reviews service only sees this interface.
 */
import type { ReviewMedia, UploadedMedia } from '../../src/core/domain/reviews.js';
import type { ShopDatabase } from '../db/query.js';

/** A transaction or the database (whatever runs the review's statements). */
export type MediaDb = Pick<ShopDatabase, 'execute' | 'select' | 'insert' | 'update' | 'delete'>;

export type AttachResult = { readonly ok: true; readonly count: number } | { readonly ok: false; readonly message: string };

export interface ReviewMediaPort {
  /**
   * Attaches uploads to a new review, in `db` (the review's transaction): every pair must be an
   * upload by `owner` (the uploading session's id), not yet attached, with the right key; otherwise
   * nothing is attached and the answer says why (the review is then refused with code 2). Attaching
   * the same pairs twice (a client's retry) never attaches twice.
   */
  attach(db: MediaDb, owner: string, pairs: readonly UploadedMedia[], reviewId: number): Promise<AttachResult>;
  /** The media of each review, in upload order (reviews without media are absent from the map). */
  forReviews(db: MediaDb, reviewIds: readonly number[], alt: (reviewId: number, index: number) => string): Promise<ReadonlyMap<number, readonly ReviewMedia[]>>;
  /** Deletes one review's media (rows and stored files); never another review's. */
  deleteForReview(db: MediaDb, reviewId: number): Promise<void>;
}
