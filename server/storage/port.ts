/**
 * The storage port: where uploaded files (review photos and videos) live. Two implementations meet
 * the same contract (`server/storage/contract.ts` tests both): a folder under the data directory
 * (`fs.ts`, the default) and an S3-compatible bucket (`s3.ts`), chosen by `SUKI_MEDIA_URL`
 * (`open.ts`). Several app instances on one bucket (or one shared folder) serve each other's uploads.
 *
 * Keys are relative paths of lower-case letters, digits, `.`, `_` and `-`, in at most eight
 * segments, each starting and ending with a letter or digit ({@link isStorageKey}); so no key can
 * climb out of its folder (`..`), hide (`.name`) or be absolute.
 */
import type { Readable } from 'node:stream';

/** An inclusive byte range; `end` absent means to the last byte. */
export interface ByteRange {
  readonly start: number;
  readonly end?: number | undefined;
}

/** A stored object as read back. */
export interface StoredObject {
  /** The bytes (the whole object, or the range asked for). */
  readonly body: ReadableStream<Uint8Array>;
  /** Size of the whole object in bytes. */
  readonly size: number;
  /** The type given to {@link MediaStorage.put}. */
  readonly contentType: string;
  /**
   * The bytes in `body` when a range was asked for: the range clamped to the object, or
   * `'unsatisfiable'` when it starts past the end (then `body` is empty). Null for the whole object.
   */
  readonly range: { readonly start: number; readonly end: number } | 'unsatisfiable' | null;
}

/** What {@link MediaStorage.put} stores: bytes in memory, or a stream of `size` bytes. */
export type StorageBody = Uint8Array | { readonly stream: Readable; readonly size: number };

/** A place to keep files by key. Every failure is a {@link StorageError}. */
export interface MediaStorage {
  /** Where the files go, for the start-up log (never with credentials). */
  readonly describe: string;
  /** Stores `body` under `key` (replacing what was there); readers see the old object or the whole new one, never a part. */
  put(key: string, body: StorageBody, contentType: string): Promise<void>;
  /** The object, or null when there is none. */
  get(key: string, range?: ByteRange): Promise<StoredObject | null>;
  /** Removes the object; removing a missing one is not an error. */
  delete(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
}

/** A storage operation that failed (disk full, bucket unreachable, credentials refused...). */
export class StorageError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'StorageError';
  }
}

const SEGMENT = '[a-z0-9](?:[a-z0-9._-]{0,98}[a-z0-9])?';
const KEY = new RegExp(`^${SEGMENT}(?:/${SEGMENT}){0,7}$`);

/** True for a key the storages accept (see the module's comment). */
export function isStorageKey(key: string): boolean {
  return key.length <= 512 && KEY.test(key) && !key.split('/').some((segment) => segment.includes('..'));
}

/** Throws a {@link StorageError} for a key that {@link isStorageKey} refuses. */
export function checkStorageKey(key: string): void {
  if (!isStorageKey(key)) throw new StorageError(`Invalid storage key: ${JSON.stringify(key.slice(0, 80))}`);
}

/** An empty body (an unsatisfiable range). */
export const emptyBody = (): ReadableStream<Uint8Array> =>
  new ReadableStream<Uint8Array>({
    start(controller) {
      controller.close();
    },
  });

/** The range clamped to an object of `size` bytes. */
export function clampRange(range: ByteRange, size: number): { start: number; end: number } | 'unsatisfiable' {
  if (range.start >= size) return 'unsatisfiable';
  return { start: range.start, end: Math.min(range.end ?? size - 1, size - 1) };
}
