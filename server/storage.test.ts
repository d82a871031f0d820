/**
 * The storage port: one contract for the folder and the S3-compatible implementations (the latter
 * against s3rver, a local S3-compatible server started here), what `SUKI_MEDIA_URL` may say, and
 * failures said as StorageErrors.
 */
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileStorage } from './storage/fs.js';
import { openMediaStorage, parseMediaUrl } from './storage/open.js';
import { StorageError } from './storage/port.js';
import { s3Storage } from './storage/s3.js';
import { startLocalS3, type LocalS3 } from './test/local-s3.js';
import { storageContract } from './test/storage-contract.js';

let folder: string;
let s3: LocalS3;

beforeAll(async () => {
  folder = await mkdtemp(path.join(tmpdir(), 'suki-media-'));
  s3 = await startLocalS3();
});
afterAll(async () => {
  await s3.close();
  await rm(folder, { recursive: true, force: true });
});

storageContract('a folder', () => ({ a: fileStorage(folder), b: fileStorage(folder) }));
storageContract('a local S3-compatible server', () => ({ a: s3.storage(), b: s3.storage() }));
storageContract('a local S3-compatible server with a prefix', () => ({ a: s3.storage({ prefix: 'shop1/' }), b: s3.storage({ prefix: 'shop1/' }) }));

describe('the folder storage', () => {
  it('leaves no partial file when a stream breaks off, and keeps the old object', async () => {
    const storage = fileStorage(folder);
    await storage.put('reviews/broken.bin', Buffer.from('old'), 'image/png');
    const failing = new Readable({
      read() {
        this.push(Buffer.alloc(1000));
        this.destroy(new Error('connection reset'));
      },
    });
    await expect(storage.put('reviews/broken.bin', { stream: failing, size: 5000 }, 'image/png')).rejects.toBeInstanceOf(StorageError);
    const short = Readable.from([Buffer.alloc(10)]);
    await expect(storage.put('reviews/broken.bin', { stream: short, size: 5000 }, 'image/png')).rejects.toBeInstanceOf(StorageError);
    const object = await storage.get('reviews/broken.bin');
    expect(Buffer.from(await new Response(object?.body).arrayBuffer()).toString()).toBe('old');
    expect(await readdir(path.join(folder, '.tmp'))).toEqual([]);
  });

  it('says a folder it cannot write as a StorageError', async () => {
    // A file stands where the folder should be.
    await writeFile(path.join(folder, 'blocker'), 'x');
    const storage = fileStorage(path.join(folder, 'blocker', 'media'));
    await expect(storage.put('a.bin', Buffer.from('x'), 'image/png')).rejects.toBeInstanceOf(StorageError);
  });
});

describe('the S3 storage', () => {
  it('says refused credentials and an unreachable server as StorageErrors', async () => {
    const wrong = s3Storage({ bucket: s3.bucket, endpoint: s3.endpoint, region: 'us-east-1', accessKeyId: 'NOBODY', secretAccessKey: 'nothing' });
    await expect(wrong.put('a.bin', Buffer.from('x'), 'image/png')).rejects.toBeInstanceOf(StorageError);
    const missingBucket = s3Storage({ bucket: 'no-such-bucket', endpoint: s3.endpoint, region: 'us-east-1', accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' });
    await expect(missingBucket.put('a.bin', Buffer.from('x'), 'image/png')).rejects.toBeInstanceOf(StorageError);
    const nowhere = s3Storage({ bucket: 'b-1', endpoint: 'http://127.0.0.1:9', region: 'us-east-1', accessKeyId: 'a', secretAccessKey: 'b', timeoutMs: 2000 });
    await expect(nowhere.get('a.bin')).rejects.toBeInstanceOf(StorageError);
  });
});

describe('SUKI_MEDIA_URL', () => {
  it('defaults to the media folder under the data folder', () => {
    expect(parseMediaUrl(undefined, '/var/suki')).toEqual({ kind: 'folder', root: '/var/suki/media' });
    expect(parseMediaUrl(' ', '/var/suki')).toEqual({ kind: 'folder', root: '/var/suki/media' });
    expect(parseMediaUrl('file:///srv/media', '/x')).toEqual({ kind: 'folder', root: '/srv/media' });
  });

  it('reads a bucket, its prefix, endpoint, region and style', () => {
    expect(parseMediaUrl('s3://shop-media/live?endpoint=http://127.0.0.1:9000&region=ap-southeast-1', '/x')).toEqual({
      kind: 's3',
      bucket: 'shop-media',
      prefix: 'live/',
      endpoint: 'http://127.0.0.1:9000',
      region: 'ap-southeast-1',
    });
    expect(parseMediaUrl('s3://shop-media?style=virtual', '/x')).toEqual({ kind: 's3', bucket: 'shop-media', prefix: '', region: 'us-east-1', pathStyle: false });
  });

  it('refuses what it cannot use, saying why', () => {
    expect(() => parseMediaUrl('ftp://x/y', '/x')).toThrow(/file:\/\/ or s3:\/\//);
    expect(() => parseMediaUrl('s3://key:secret@bucket', '/x')).toThrow(/SUKI_MEDIA_ACCESS_KEY_ID/);
    expect(() => parseMediaUrl('s3://Bad_Bucket', '/x')).toThrow(/bucket name/);
    expect(() => parseMediaUrl('s3://bucket?endpoint=javascript:alert(1)', '/x')).toThrow(/endpoint/);
    expect(() => parseMediaUrl('s3://bucket?endpoint=http://h:9000/path', '/x')).toThrow(/endpoint/);
    expect(() => parseMediaUrl('s3://bucket?colour=red', '/x')).toThrow(/unknown parameter/);
    expect(() => parseMediaUrl('s3://bucket?style=diagonal', '/x')).toThrow(/style/);
    expect(() => parseMediaUrl('not a url', '/x')).toThrow();
  });

  it('needs credentials from the environment for a bucket', () => {
    const location = parseMediaUrl(`s3://${s3.bucket}?endpoint=${s3.endpoint}`, '/x');
    expect(() => openMediaStorage(location, {})).toThrow(/SUKI_MEDIA_SECRET_ACCESS_KEY/);
    const storage = openMediaStorage(location, { SUKI_MEDIA_ACCESS_KEY_ID: 'S3RVER', SUKI_MEDIA_SECRET_ACCESS_KEY: 'S3RVER' });
    expect(storage.describe).toContain(s3.bucket);
    expect(storage.describe).not.toContain('S3RVER');
  });
});
