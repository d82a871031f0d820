/**
 * The storage port on a folder (by default `<data dir>/media`). An object is the file `<root>/<key>`;
 * its content type is kept beside it in `<root>/.types/<key>` (keys never start with a dot, so the
 * two never meet). Writes go to a temporary file in `<root>/.tmp` first and are renamed into place,
 * so a reader sees the old file or the whole new one; a failed write leaves no partial file.
 * Several instances on one machine (or on a shared folder) share uploads.
 */
import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { checkStorageKey, clampRange, emptyBody, StorageError, type ByteRange, type MediaStorage, type StorageBody, type StoredObject } from './port.js';

const isMissing = (error: unknown): boolean => (error as { code?: unknown }).code === 'ENOENT';

const failed = (what: string, key: string, error: unknown): StorageError =>
  new StorageError(`Could not ${what} ${key} in the media folder: ${error instanceof Error ? error.message : String(error)}`, { cause: error });

/** The storage port on the folder `root` (made when first written). */
export function fileStorage(root: string): MediaStorage {
  const base = path.resolve(root);
  const tmpDir = path.join(base, '.tmp');
  const fileOf = (key: string): string => path.join(base, ...key.split('/'));
  const typeOf = (key: string): string => path.join(base, '.types', ...key.split('/'));

  /** Writes a file atomically: a temporary file, then a rename over the target. */
  const writeAtomic = async (target: string, body: StorageBody): Promise<void> => {
    await mkdir(tmpDir, { recursive: true });
    await mkdir(path.dirname(target), { recursive: true });
    const temp = path.join(tmpDir, `${randomBytes(12).toString('hex')}.part`);
    try {
      if (body instanceof Uint8Array) await writeFile(temp, body, { flush: true });
      else {
        await pipeline(body.stream, createWriteStream(temp, { flush: true }));
        const written = (await stat(temp)).size;
        if (written !== body.size) throw new Error(`expected ${body.size} bytes, got ${written}`);
      }
      await rename(temp, target);
    } catch (error) {
      await rm(temp, { force: true }).catch(() => undefined);
      throw error;
    }
  };

  return {
    describe: `the folder ${base}`,

    async put(key, body, contentType) {
      checkStorageKey(key);
      try {
        // The type first: a reader that finds the file always finds its type.
        await writeAtomic(typeOf(key), new TextEncoder().encode(contentType));
        await writeAtomic(fileOf(key), body);
      } catch (error) {
        throw failed('store', key, error);
      }
    },

    async get(key: string, range?: ByteRange): Promise<StoredObject | null> {
      checkStorageKey(key);
      try {
        const file = fileOf(key);
        let size: number;
        try {
          const info = await stat(file);
          if (!info.isFile()) return null;
          size = info.size;
        } catch (error) {
          if (isMissing(error)) return null;
          throw error;
        }
        const contentType = await readFile(typeOf(key), 'utf8').catch((error: unknown) => {
          if (isMissing(error)) return 'application/octet-stream';
          throw error;
        });
        const clamped = range ? clampRange(range, size) : null;
        if (clamped === 'unsatisfiable') return { body: emptyBody(), size, contentType, range: clamped };
        // Opened now, so a missing file is an error here rather than in the middle of the answer.
        const stream = createReadStream(file, clamped ? { start: clamped.start, end: clamped.end } : {});
        await new Promise<void>((resolve, reject) => {
          stream.once('open', () => resolve());
          stream.once('error', reject);
        });
        return { body: Readable.toWeb(stream) as ReadableStream<Uint8Array>, size, contentType, range: clamped };
      } catch (error) {
        if (isMissing(error)) return null;
        throw failed('read', key, error);
      }
    },

    async delete(key) {
      checkStorageKey(key);
      try {
        await rm(fileOf(key), { force: true });
        await rm(typeOf(key), { force: true });
      } catch (error) {
        throw failed('delete', key, error);
      }
    },

    async exists(key) {
      checkStorageKey(key);
      try {
        return (await stat(fileOf(key))).isFile();
      } catch (error) {
        if (isMissing(error)) return false;
        throw failed('look for', key, error);
      }
    },
  };
}
