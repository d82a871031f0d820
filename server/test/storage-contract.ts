/**
 * The storage port's contract, as tests any implementation runs (`server/storage.test.ts` runs it
 * on the folder and on a local S3-compatible server): what goes in comes back with its type, ranges,
 * streams of known length, replacing, deleting, keys that could escape refused, and two storages on
 * the same place sharing objects.
 */
import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { isStorageKey, StorageError, type MediaStorage, type StoredObject } from '../storage/port.js';

const bytesOf = async (object: StoredObject | null): Promise<Buffer> => {
  if (!object) throw new Error('missing object');
  return Buffer.from(await new Response(object.body).arrayBuffer());
};

/** Registers the contract's tests; `open` gives two storages on the same place. */
export function storageContract(name: string, open: () => { readonly a: MediaStorage; readonly b: MediaStorage }): void {
  describe(`the storage port on ${name}`, () => {
    const key = () => `reviews/test/${randomBytes(6).toString('hex')}.bin`;

    it('gives back what was put, with its type and size', async () => {
      const { a } = open();
      const k = key();
      const data = randomBytes(70_000);
      await a.put(k, data, 'image/jpeg');
      expect(await a.exists(k)).toBe(true);
      const object = await a.get(k);
      expect(object?.contentType).toBe('image/jpeg');
      expect(object?.size).toBe(data.length);
      expect(object?.range).toBeNull();
      expect((await bytesOf(object)).equals(data)).toBe(true);
    });

    it('stores a stream of known length', async () => {
      const { a } = open();
      const k = key();
      const data = randomBytes(200_000);
      const chunks = [data.subarray(0, 1000), data.subarray(1000, 150_000), data.subarray(150_000)];
      await a.put(k, { stream: Readable.from(chunks), size: data.length }, 'video/mp4');
      const object = await a.get(k);
      expect(object?.contentType).toBe('video/mp4');
      expect((await bytesOf(object)).equals(data)).toBe(true);
    });

    it('answers byte ranges, clamped to the object, and says when one starts past the end', async () => {
      const { a } = open();
      const k = key();
      const data = randomBytes(1000);
      await a.put(k, data, 'video/webm');
      const middle = await a.get(k, { start: 10, end: 19 });
      expect(middle?.range).toEqual({ start: 10, end: 19 });
      expect(middle?.size).toBe(1000);
      expect((await bytesOf(middle)).equals(data.subarray(10, 20))).toBe(true);
      const open_ = await a.get(k, { start: 990 });
      expect(open_?.range).toEqual({ start: 990, end: 999 });
      expect((await bytesOf(open_)).equals(data.subarray(990))).toBe(true);
      const beyond = await a.get(k, { start: 995, end: 5000 });
      expect(beyond?.range).toEqual({ start: 995, end: 999 });
      const past = await a.get(k, { start: 1000 });
      expect(past?.range).toBe('unsatisfiable');
      expect(past?.size).toBe(1000);
    });

    it('replaces an object whole', async () => {
      const { a } = open();
      const k = key();
      await a.put(k, Buffer.from('first version, longer'), 'text/plain');
      await a.put(k, Buffer.from('second'), 'image/png');
      const object = await a.get(k);
      expect(object?.contentType).toBe('image/png');
      expect((await bytesOf(object)).toString()).toBe('second');
    });

    it('answers null and false for a missing object; deleting one twice is fine', async () => {
      const { a } = open();
      const k = key();
      expect(await a.get(k)).toBeNull();
      expect(await a.exists(k)).toBe(false);
      await a.put(k, Buffer.from('x'), 'image/gif');
      await a.delete(k);
      await a.delete(k);
      expect(await a.get(k)).toBeNull();
      expect(await a.exists(k)).toBe(false);
    });

    it('refuses keys that could leave its place, before touching anything', async () => {
      const { a } = open();
      for (const bad of ['../escape', 'a/../../b', '/absolute', 'a//b', '.hidden', 'a/.types/b', 'UPPER', 'a\\b', 'a/b/', '', 'a b', 'a/..', '%2e%2e/x', 'x'.repeat(600)]) {
        expect(isStorageKey(bad), bad).toBe(false);
        await expect(a.put(bad, Buffer.from('x'), 'text/plain'), bad).rejects.toBeInstanceOf(StorageError);
        await expect(a.get(bad), bad).rejects.toBeInstanceOf(StorageError);
        await expect(a.delete(bad), bad).rejects.toBeInstanceOf(StorageError);
      }
    });

    it('shares objects between two storages on the same place', async () => {
      const { a, b } = open();
      const k = key();
      await a.put(k, Buffer.from('shared'), 'image/png');
      expect((await bytesOf(await b.get(k))).toString()).toBe('shared');
      await b.delete(k);
      expect(await a.exists(k)).toBe(false);
    });
  });
}
