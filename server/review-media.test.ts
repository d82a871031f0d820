/**
 * Review photos and videos over real HTTP: uploads judged by content (never the name or declared
 * type), pictures re-encoded without EXIF, videos checked, oversize bodies refused before they are
 * read, ownership of uploads (someone else's or a wrong key answers like a missing one), attaching
 * once, deleting a review's media only, the 24-hour purge, a failing storage, the stock admin-ajax
 * actions, serving with ranges, and two instances on one S3-compatible bucket.
 */
import http from 'node:http';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, isNull } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products, reviewMedia } from './db/schema.js';
import { reviewMediaService, type ReviewMediaService } from './services/review-media.js';
import { fileStorage } from './storage/fs.js';
import { StorageError, type MediaStorage } from './storage/port.js';
import { memoryLogger } from './test/harness.js';
import { startLocalS3, type LocalS3 } from './test/local-s3.js';
import { AJAX, MEDIA_ROUTE, minimalMp4, phoneJpeg, picture, startMediaShop, Uploader, type MediaShop } from './test/review-media.js';

let folder: string;
let uploads: string;
let storage: MediaStorage;
let shop: MediaShop;
let service: ReviewMediaService;
let clients = 0;

/** A new shopper from an address of their own (the upload limit is per address). */
const shopper = (base = shop.url) => new Uploader(base, `203.0.113.${(clients += 1)}`);

beforeAll(async () => {
  folder = await mkdtemp(path.join(tmpdir(), 'suki-review-media-'));
  uploads = path.join(folder, 'uploads');
  storage = fileStorage(path.join(folder, 'media'));
  shop = await startMediaShop({ storage, settings: { limit: 2 }, uploadLimit: { max: 10, windowMs: 60_000 }, tmpDir: uploads });
  service = reviewMediaService({ storage, db: shop.db.database.db, limit: 2, logger: memoryLogger() });
});
afterAll(async () => {
  expect(shop.logger.errors).toEqual([]);
  await shop.close();
  await rm(folder, { recursive: true, force: true });
});

const rowOf = async (id: unknown) => (await shop.db.database.db.select().from(reviewMedia).where(eq(reviewMedia.id, id as number)))[0];
const fileUrl = (storageKey: string) => `/wp-content/uploads/reviews/${storageKey.slice('reviews/'.length)}`;
const fetchFile = async (browser: Uploader, storageKey: string, headers: Record<string, string> = {}) => {
  const response = await browser.fetch(fileUrl(storageKey), { headers });
  return { status: response.status, headers: response.headers, bytes: Buffer.from(await response.arrayBuffer()) };
};

describe('uploads are judged by their content', () => {
  it('takes a PNG named clip.mp4 and declared video/mp4 as the PNG picture it is', async () => {
    const browser = shopper();
    const answer = await browser.upload(await picture('png'), 'clip.mp4', 'video/mp4');
    expect(answer.status).toBe(201);
    expect(answer.body).toEqual({ id: expect.any(Number), key: expect.stringMatching(/^[0-9a-f]{20}$/) });
    expect(answer.body['id']).toBeGreaterThan(2 ** 32);
    expect(answer.headers.get('cache-control')).toBe('no-store, private');
    const row = await rowOf(answer.body['id']);
    expect(row).toMatchObject({ kind: 'image', mime: 'image/png', reviewId: null, itemId: -1 });
    expect(row?.storageKey).toMatch(/^reviews\/\d{4}\/\d{2}\/[0-9a-f]{32}\.png$/);
    // The key is kept only as a hash.
    expect(JSON.stringify(row)).not.toContain(answer.body['key'] as string);
    const served = await fetchFile(browser, row?.storageKey ?? '');
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect((await sharp(served.bytes).metadata()).format).toBe('png');
  });

  it('refuses an HTML page named photo.jpg and declared image/jpeg, keeping nothing', async () => {
    const browser = shopper();
    const before = (await shop.db.database.db.select().from(reviewMedia)).length;
    const html = Buffer.from('<!doctype html><html><body><script>alert(document.cookie)</script></body></html>');
    const answer = await browser.upload(html, 'photo.jpg', 'image/jpeg');
    expect(answer.status).toBe(415);
    expect(answer.body).toMatchObject({ code: 'suki_media_type', message: expect.stringContaining('JPEG, PNG, GIF'), data: { status: 415 } });
    expect((await shop.db.database.db.select().from(reviewMedia)).length).toBe(before);
    expect(await readdir(uploads)).toEqual([]);
  });

  it('refuses a damaged picture and a truncated video as the wrong type', async () => {
    const browser = shopper();
    const jpeg = await picture('jpeg', 400, 300);
    expect((await browser.upload(jpeg.subarray(0, 200), 'a.jpg', 'image/jpeg')).body['code']).toBe('suki_media_type');
    const mp4 = minimalMp4(4096);
    expect((await browser.upload(mp4.subarray(0, mp4.length - 1000), 'a.mp4', 'video/mp4')).body['code']).toBe('suki_media_type');
  });

  it('keeps a real MP4 as video/mp4, byte for byte', async () => {
    const browser = shopper();
    const mp4 = minimalMp4();
    const answer = await browser.upload(mp4, 'holiday.mov', 'application/octet-stream');
    expect(answer.status).toBe(201);
    const row = await rowOf(answer.body['id']);
    expect(row).toMatchObject({ kind: 'video', mime: 'video/mp4', bytes: mp4.length, thumbKey: null });
    const served = await fetchFile(browser, row?.storageKey ?? '');
    expect(served.headers.get('content-type')).toBe('video/mp4');
    expect(served.bytes.equals(mp4)).toBe(true);
  });

  it('strips EXIF (GPS position, maker) from a photo, turns it upright and makes a thumbnail', async () => {
    const browser = shopper();
    const original = await phoneJpeg();
    // The fixture really carries a GPS IFD pointer (tag 0x8825) and the maker.
    const exif = (await sharp(original).metadata()).exif ?? Buffer.alloc(0);
    expect(exif.includes(Buffer.from([0x25, 0x88]))).toBe(true);
    expect(original.includes(Buffer.from('PhoneMaker'))).toBe(true);
    const answer = await browser.upload(original, 'IMG_0001.JPG', 'image/jpeg');
    expect(answer.status).toBe(201);
    const row = await rowOf(answer.body['id']);
    expect(row).toMatchObject({ mime: 'image/jpeg', width: 200, height: 300 });
    const served = await fetchFile(browser, row?.storageKey ?? '');
    const meta = await sharp(served.bytes).metadata();
    expect(meta.exif).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
    expect([meta.width, meta.height]).toEqual([200, 300]);
    expect(served.bytes.includes(Buffer.from('PhoneMaker'))).toBe(false);
    expect(served.bytes.includes(Buffer.from('GPS'))).toBe(false);
    const thumb = await fetchFile(browser, row?.thumbKey ?? '');
    expect(thumb.headers.get('content-type')).toBe('image/jpeg');
    const thumbMeta = await sharp(thumb.bytes).metadata();
    expect(thumbMeta.exif).toBeUndefined();
    expect(Math.max(thumbMeta.width ?? 0, thumbMeta.height ?? 0)).toBeLessThanOrEqual(320);
  });

  it('caps a large picture at 2048 pixels a side; a GIF stays a GIF', async () => {
    const browser = shopper();
    const big = await browser.upload(await picture('png', 3000, 1000), 'wide.png', 'image/png');
    expect(await rowOf(big.body['id'])).toMatchObject({ width: 2048, height: 683 });
    const gif = await browser.upload(await picture('gif', 40, 40), 'a.gif', 'image/gif');
    const row = await rowOf(gif.body['id']);
    expect(row).toMatchObject({ mime: 'image/gif', width: 40, height: 40 });
    expect(row?.thumbKey).toMatch(/-thumb\.png$/);
  });
});

describe('oversize uploads', () => {
  let small: MediaShop;
  beforeAll(async () => {
    small = await startMediaShop({ storage, settings: { maxMiB: 1 }, tmpDir: uploads });
  });
  afterAll(async () => {
    await small.close();
  });

  /** Sends a multipart body through node:http, `declare` saying its length or not (chunked); counts what the server pulled. */
  const send = async (browser: Uploader, totalBytes: number, declare: boolean): Promise<{ status: number; body: string; sent: number }> => {
    const nonce = await browser.ensureNonce();
    const boundary = 'suki-test-boundary';
    const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="item"\r\n\r\n-1\r\n--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`);
    const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
    const fileBytes = totalBytes - head.length - tail.length;
    const url = new URL(MEDIA_ROUTE, small.url);
    return new Promise((resolve, reject) => {
      let sent = 0;
      const request = http.request(url, {
        method: 'POST',
        headers: {
          'content-type': `multipart/form-data; boundary=${boundary}`,
          nonce,
          cookie: browser.cookieHeader(),
          origin: url.origin,
          'x-forwarded-for': browser.client,
          ...(declare ? { 'content-length': String(totalBytes) } : {}),
        },
      });
      request.on('response', (response) => {
        let body = '';
        response.on('data', (chunk: Buffer) => (body += chunk.toString()));
        response.on('end', () => {
          request.destroy();
          resolve({ status: response.statusCode ?? 0, body, sent });
        });
      });
      request.on('error', (error) => (sent > 0 ? undefined : reject(error)));
      const chunk = Buffer.alloc(64 * 1024, 0xff);
      request.write(head);
      let left = fileBytes;
      const pump = () => {
        while (left > 0) {
          const piece = chunk.subarray(0, Math.min(chunk.length, left));
          left -= piece.length;
          sent += piece.length;
          if (!request.write(piece)) return void request.once('drain', pump);
        }
        request.end(tail);
      };
      pump();
    });
  };

  it('refuses a body whose declared length is over the limit before reading it', async () => {
    const browser = new Uploader(small.url, '198.51.100.7');
    const answer = await send(browser, 64 * 1024 * 1024, true);
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body)).toMatchObject({ code: 'suki_media_too_large', message: expect.stringContaining('1 MB') });
    // Far less than the 64 MiB went out before the answer came.
    expect(answer.sent).toBeLessThan(32 * 1024 * 1024);
  });

  it('refuses a chunked body as soon as it passes the limit, without buffering it', async () => {
    const browser = new Uploader(small.url, '198.51.100.8');
    const answer = await send(browser, 64 * 1024 * 1024, false);
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body)).toMatchObject({ code: 'suki_media_too_large' });
    expect(answer.sent).toBeLessThan(32 * 1024 * 1024);
    expect(await readdir(uploads)).toEqual([]);
  });

  it('takes a file just under the limit', async () => {
    const browser = new Uploader(small.url, '198.51.100.9');
    const png = await sharp({ create: { width: 400, height: 400, channels: 3, background: '#123456' } }).png().toBuffer();
    expect((await browser.upload(png, 'ok.png', 'image/png')).status).toBe(201);
  });
});

describe('who may upload', () => {
  it('needs the Store API nonce: 401 without, 403 with a wrong one; nothing is kept', async () => {
    const browser = shopper();
    await browser.ensureNonce();
    const before = (await shop.db.database.db.select().from(reviewMedia)).length;
    expect((await browser.upload(await picture('png'), 'a.png', 'image/png', '-1', { nonce: null })).status).toBe(401);
    expect((await browser.upload(await picture('png'), 'a.png', 'image/png', '-1', { nonce: '0123456789' })).status).toBe(403);
    expect((await shop.db.database.db.select().from(reviewMedia)).length).toBe(before);
  });

  it('refuses uploads from another site', async () => {
    const browser = shopper();
    const nonce = await browser.ensureNonce();
    const form = new FormData();
    form.append('item', '-1');
    form.append('file', new Blob([new Uint8Array(await picture('png'))]), 'a.png');
    const response = await browser.fetch(MEDIA_ROUTE, { method: 'POST', body: form, headers: { nonce, origin: 'https://evil.example' } });
    expect(response.status).toBe(403);
  });

  it('checks the item: a product id or -1', async () => {
    const browser = shopper();
    expect((await browser.upload(await picture('png'), 'a.png', 'image/png', 'abc')).body).toMatchObject({ code: 'suki_reviews_invalid' });
    expect((await browser.upload(await picture('png'), 'a.png', 'image/png', '999999')).status).toBe(404);
  });

  it('holds at most three reviews’ worth of unattached uploads per item (suki_media_too_many)', async () => {
    const browser = shopper();
    const png = await picture('png');
    for (let i = 0; i < 6; i += 1) expect((await browser.upload(png, 'a.png', 'image/png')).status).toBe(201);
    const refused = await browser.upload(png, 'a.png', 'image/png');
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ code: 'suki_media_too_many', message: expect.stringContaining('2') });
  });

  it('limits uploads per address (kept in the database)', async () => {
    const browser = shopper();
    const png = await picture('png');
    const [product] = await shop.db.database.db.select({ id: products.id }).from(products).where(eq(products.type, 'simple')).limit(1);
    const statuses: number[] = [];
    for (let i = 0; i < 11; i += 1) {
      // Two items, so the per-item hold on unattached uploads does not come first.
      const answer = await browser.upload(png, 'a.png', 'image/png', String(i % 2 === 0 ? -1 : product?.id));
      statuses.push(answer.status);
      if (answer.status === 429) expect(answer.headers.get('retry-after')).toMatch(/^\d+$/);
    }
    expect(statuses).toEqual([...Array.from({ length: 10 }, () => 201), 429]);
  });
});

describe('ownership of uploads', () => {
  it('lets only the uploading session delete its unattached upload; everyone else gets the same 404', async () => {
    const owner = shopper();
    const other = shopper();
    const up = await owner.upload(await picture('jpeg'), 'a.jpg', 'image/jpeg');
    const { id, key } = up.body as { id: number; key: string };
    const row = await rowOf(id);
    const wrongKey = key.replace(/^./, key.startsWith('0') ? '1' : '0');
    const answers = [await other.remove(id, key), await owner.remove(id, wrongKey), await owner.remove(id + 1, key)];
    for (const answer of answers) expect(answer).toEqual({ status: 404, body: { code: 'suki_reviews_not_found', message: 'No such upload.', data: { status: 404 } } });
    expect((await fetchFile(owner, row?.storageKey ?? '')).status).toBe(200);
    expect((await owner.remove(id, key)).status).toBe(204);
    expect(await rowOf(id)).toBeUndefined();
    expect((await fetchFile(owner, row?.storageKey ?? '')).status).toBe(404);
    expect((await fetchFile(owner, row?.thumbKey ?? '')).status).toBe(404);
    expect((await owner.remove(id, key)).status).toBe(404);
  });

  it('attaches only this session’s unattached uploads with their keys, all or none, and once', async () => {
    const owner = shopper();
    const other = shopper();
    const a = (await owner.upload(await picture('png'), 'a.png', 'image/png')).body as { id: number; key: string };
    const b = (await owner.upload(minimalMp4(), 'b.mp4', 'video/mp4')).body as { id: number; key: string };
    const theirs = (await other.upload(await picture('png'), 'c.png', 'image/png')).body as { id: number; key: string };
    const db = shop.db.database.db;
    // Someone else's upload, a wrong key, a missing id: refused, and nothing of the batch attached.
    expect(await service.attach(db, owner.sessionId, [a, theirs], 501)).toMatchObject({ ok: false });
    expect(await service.attach(db, owner.sessionId, [a, { id: b.id, key: '0'.repeat(20) }], 501)).toMatchObject({ ok: false });
    expect(await service.attach(db, owner.sessionId, [a, { id: 4_294_967_297, key: b.key }], 501)).toMatchObject({ ok: false });
    expect(await service.attach(db, other.sessionId, [a], 501)).toMatchObject({ ok: false });
    expect((await rowOf(a.id))?.reviewId).toBeNull();
    // Too many for one review.
    const c = (await owner.upload(await picture('gif'), 'c.gif', 'image/gif')).body as { id: number; key: string };
    expect(await service.attach(db, owner.sessionId, [a, b, c], 501)).toMatchObject({ ok: false, message: expect.stringContaining('At most 2') });
    // The real thing, then a retry of it: one attach.
    expect(await db.transaction((tx) => service.attach(tx, owner.sessionId, [a, b], 501))).toEqual({ ok: true, count: 2 });
    expect(await service.attach(db, owner.sessionId, [a, b], 501)).toEqual({ ok: true, count: 2 });
    expect(await service.attach(db, owner.sessionId, [a, a, b], 501)).toEqual({ ok: true, count: 2 });
    // Not to a second review, and no longer deletable as an upload.
    expect(await service.attach(db, owner.sessionId, [a], 502)).toMatchObject({ ok: false });
    expect((await owner.remove(a.id, a.key)).status).toBe(404);
    const attached = await db.select().from(reviewMedia).where(eq(reviewMedia.reviewId, 501));
    expect(attached.map((row) => [row.id, row.position]).sort()).toEqual([[a.id, 0], [b.id, 1]].sort());
    const media = await service.forReviews(db, [501, 777], (review, index) => `Photo ${index + 1} of review ${review}`);
    expect(media.has(777)).toBe(false);
    expect(media.get(501)).toEqual([
      { id: a.id, kind: 'image', src: expect.stringMatching(/^\/wp-content\/uploads\/reviews\/\d{4}\/\d{2}\/[0-9a-f]{32}\.png$/), thumb: expect.stringMatching(/-thumb\.png$/), width: 64, height: 48, alt: 'Photo 1 of review 501', mime: 'image/png' },
      { id: b.id, kind: 'video', src: expect.stringMatching(/\.mp4$/), thumb: null, width: 0, height: 0, alt: 'Photo 2 of review 501', mime: 'video/mp4' },
    ]);
    for (const item of media.get(501) ?? []) expect((await owner.fetch(item.src)).status).toBe(200);
  });

  it('deletes a review’s own media, never another review’s; a rolled-back deletion keeps them', async () => {
    const owner = shopper();
    const db = shop.db.database.db;
    const mine = (await owner.upload(await picture('png'), 'a.png', 'image/png')).body as { id: number; key: string };
    const kept = (await owner.upload(await picture('png'), 'b.png', 'image/png')).body as { id: number; key: string };
    expect((await service.attach(db, owner.sessionId, [mine], 601)).ok).toBe(true);
    expect((await service.attach(db, owner.sessionId, [kept], 602)).ok).toBe(true);
    const mineRow = await rowOf(mine.id);
    const keptRow = await rowOf(kept.id);
    await expect(
      db.transaction(async (tx) => {
        await service.deleteForReview(tx, 601);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect((await rowOf(mine.id))?.reviewId).toBe(601);
    await db.transaction((tx) => service.deleteForReview(tx, 601));
    expect((await service.forReviews(db, [601], () => '')).has(601)).toBe(false);
    await service.purgeUnattached(db);
    expect(await rowOf(mine.id)).toBeUndefined();
    expect((await fetchFile(owner, mineRow?.storageKey ?? '')).status).toBe(404);
    expect((await fetchFile(owner, mineRow?.thumbKey ?? '')).status).toBe(404);
    expect((await rowOf(kept.id))?.reviewId).toBe(602);
    expect((await fetchFile(owner, keptRow?.storageKey ?? '')).status).toBe(200);
  });

  it('purges uploads no review took within 24 hours, files first; attached ones stay', async () => {
    const owner = shopper();
    const db = shop.db.database.db;
    const attached = (await owner.upload(await picture('png'), 'a.png', 'image/png')).body as { id: number; key: string };
    expect((await service.attach(db, owner.sessionId, [attached], 701)).ok).toBe(true);
    const loose = (await owner.upload(await picture('png'), 'b.png', 'image/png')).body as { id: number; key: string };
    const looseRow = await rowOf(loose.id);
    await service.purgeUnattached(db, Date.now() + 23 * 3_600_000);
    expect(await rowOf(loose.id)).toBeDefined();
    await service.purgeUnattached(db, Date.now() + 25 * 3_600_000);
    expect(await rowOf(loose.id)).toBeUndefined();
    expect(await storage.exists(looseRow?.storageKey ?? '')).toBe(false);
    expect(await rowOf(attached.id)).toBeDefined();
    expect(await db.select().from(reviewMedia).where(isNull(reviewMedia.reviewId))).toEqual([]);
  });
});

describe('a storage that fails', () => {
  it('answers 503 with a plain message and leaves no row and no file behind', async () => {
    const inner = fileStorage(path.join(folder, 'failing'));
    let puts = 0;
    const failing: MediaStorage = {
      ...inner,
      // The picture goes in, its thumbnail fails: half an upload must not stay.
      put: async (key, body, type) => {
        puts += 1;
        if (puts % 2 === 0) throw new StorageError('disk full');
        return inner.put(key, body, type);
      },
    };
    const broken = await startMediaShop({ storage: failing, tmpDir: uploads });
    try {
      const browser = new Uploader(broken.url, '198.51.100.20');
      const answer = await browser.upload(await picture('jpeg'), 'a.jpg', 'image/jpeg');
      expect(answer.status).toBe(503);
      expect(answer.body).toEqual({ code: 'suki_media_failed', message: 'The file could not be stored. Please try again in a moment.', data: { status: 503 } });
      expect(await broken.db.database.db.select().from(reviewMedia)).toEqual([]);
      const left = await readdir(path.join(folder, 'failing', 'reviews'), { recursive: true }).catch(() => []);
      expect(left.filter((name) => /\.(jpg|png)$/.test(String(name)))).toEqual([]);
      // The stock action says so too, with a 5xx code and never "OK".
      const stock = await browser.stockUpload('cr_upload_media', await picture('jpeg'), 'a.jpg', { cr_item: '-1', cr_nonce: await browser.ensureNonce() });
      expect(stock.body).toEqual({ code: 500, message: 'The file could not be stored. Please try again in a moment.' });
      expect(broken.logger.errors).toEqual([]);
    } finally {
      await broken.close();
    }
  });
});

describe('the stock admin-ajax actions', () => {
  it('cr_upload_media: code 200 with attachment {id, key} with a nonce; code 500 without; 502 for a wrong type', async () => {
    const browser = shopper();
    const nonce = await browser.ensureNonce();
    const ok = await browser.stockUpload('cr_upload_media', await picture('jpeg'), 'a.jpg', { cr_item: '-1', cr_nonce: nonce });
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({ code: 200, message: 'OK', attachment: { id: expect.any(Number), key: expect.stringMatching(/^[0-9a-f]{20}$/) } });
    const noNonce = await browser.stockUpload('cr_upload_media', await picture('jpeg'), 'a.jpg', { cr_item: '-1' });
    expect(noNonce.body).toMatchObject({ code: 500, message: expect.any(String) });
    const html = await browser.stockUpload('cr_upload_media', Buffer.from('<html><body>hi</body></html>'), 'a.jpg', { cr_item: '-1', cr_nonce: nonce });
    expect(html.body).toMatchObject({ code: 502, message: expect.stringContaining('JPEG') });
    const unknown = await browser.stockUpload('cr_something_else', await picture('jpeg'), 'a.jpg', { cr_nonce: nonce });
    expect([unknown.status, unknown.text]).toEqual([400, '0']);
  });

  it('cr_delete_media: codes 501–505 and 200, someone else’s upload like a missing one', async () => {
    const browser = shopper();
    const other = shopper();
    const nonce = await browser.ensureNonce();
    const up = (await browser.stockUpload('cr_upload_media', await picture('png'), 'a.png', { cr_item: '-1', cr_nonce: nonce })).body['attachment'] as { id: number; key: string };
    const del = (fields: Record<string, string>, who = browser) => who.form<Record<string, unknown>>(AJAX, { action: 'cr_delete_media', ...fields });
    expect((await del({ cr_nonce: nonce })).body['code']).toBe(501);
    expect((await del({ cr_nonce: nonce, image: '{not json' })).body['code']).toBe(502);
    expect((await del({ cr_nonce: nonce, image: JSON.stringify({ key: up.key }) })).body['code']).toBe(503);
    expect((await del({ cr_nonce: nonce, image: JSON.stringify({ id: up.id }) })).body['code']).toBe(504);
    expect((await del({ cr_nonce: await other.ensureNonce(), image: JSON.stringify(up) }, other)).body['code']).toBe(505);
    expect((await del({ cr_nonce: nonce, image: JSON.stringify({ id: up.id, key: '0'.repeat(20) }) })).body['code']).toBe(505);
    expect((await del({ cr_nonce: 'ffffffffff', image: JSON.stringify(up) })).body['code']).toBe(505);
    expect((await del({ cr_nonce: nonce, image: JSON.stringify({ id: String(up.id), key: up.key }) })).body).toEqual({ code: 200, message: 'OK' });
    expect(await rowOf(up.id)).toBeUndefined();
  });

  it('the classic form: upload with its nonce answers a delete nonce; the class comes back only as a plain class list', async () => {
    const browser = shopper();
    const nonce = await browser.ensureNonce();
    const up = await browser.stockUpload('cr_upload_local_images_frontend', await picture('jpeg'), 'a.jpg', { cr_postid: '-1', cr_nonce: nonce });
    const attachment = up.body['attachment'] as { id: number; key: string; nonce: string };
    expect(up.body).toMatchObject({ code: 200, attachment: { id: expect.any(Number), key: expect.any(String), nonce: expect.stringMatching(/^[0-9a-f]{10}$/) } });
    const image = JSON.stringify({ id: attachment.id, key: attachment.key });
    const hostile = await browser.form<Record<string, unknown>>(AJAX, { action: 'cr_delete_local_images_frontend', cr_nonce: attachment.nonce, image, class: '"><img src=x onerror=alert(1)>' });
    expect(hostile.body).toEqual({ code: 200, class: '' });
    const again = await browser.form<Record<string, unknown>>(AJAX, { action: 'cr_delete_local_images_frontend', cr_nonce: attachment.nonce, image, class: '.cr-upload-images-containers.cr-upload-images-container-2' });
    expect(again.body).toMatchObject({ code: 505, class: '.cr-upload-images-containers.cr-upload-images-container-2' });
  });

  it('leaves the other admin-ajax actions alone', async () => {
    const browser = shopper();
    const answer = await browser.form(AJAX, { action: 'rest-nonce' });
    expect(answer.text).toMatch(/^[0-9a-f]{10}$/);
  });
});

describe('serving the files', () => {
  it('answers with the type, inline, nosniff, a year’s cache, ranges and HEAD; 404 for anything else', async () => {
    const browser = shopper();
    const mp4 = minimalMp4(5000);
    const up = await browser.upload(mp4, 'v.mp4', 'video/mp4');
    const row = await rowOf(up.body['id']);
    const key = row?.storageKey ?? '';
    const whole = await fetchFile(browser, key);
    expect(whole.status).toBe(200);
    expect(whole.headers.get('content-disposition')).toBe('inline');
    expect(whole.headers.get('x-content-type-options')).toBe('nosniff');
    expect(whole.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(whole.headers.get('accept-ranges')).toBe('bytes');
    expect(whole.headers.get('content-length')).toBe(String(mp4.length));
    const part = await fetchFile(browser, key, { range: 'bytes=100-199' });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 100-199/${mp4.length}`);
    expect(part.bytes.equals(mp4.subarray(100, 200))).toBe(true);
    const past = await fetchFile(browser, key, { range: `bytes=${mp4.length}-` });
    expect(past.status).toBe(416);
    expect(past.headers.get('content-range')).toBe(`bytes */${mp4.length}`);
    const head = await browser.fetch(fileUrl(key), { method: 'HEAD' });
    expect([head.status, head.headers.get('content-length')]).toEqual([200, String(mp4.length)]);
    for (const bad of ['../../../etc/passwd', '2026/11/nothing.png', `${key.slice('reviews/'.length)}.html`, '2026/11/ABCDEF.png', '']) {
      expect((await browser.fetch(`/wp-content/uploads/reviews/${bad}`)).status, bad).toBe(404);
    }
    // A stored object of another type is not served, even under a key that looks like ours.
    await storage.put('reviews/2026/01/0123456789abcdef0123456789abcdef.png', Buffer.from('<html></html>'), 'text/html');
    expect((await browser.fetch('/wp-content/uploads/reviews/2026/01/0123456789abcdef0123456789abcdef.png')).status).toBe(404);
  });
});

describe('two instances on one S3-compatible bucket', () => {
  let s3: LocalS3;
  let first: MediaShop;
  let second: MediaShop;
  beforeAll(async () => {
    s3 = await startLocalS3('shared-media');
    first = await startMediaShop({ storage: s3.storage(), tmpDir: uploads });
    // The same database and the same bucket, another process's worth of app.
    second = await startMediaShop({ storage: s3.storage(), db: first.db, tmpDir: uploads });
  });
  afterAll(async () => {
    await second.close();
    await first.close();
    await s3.close();
  });

  it('serves through one what was uploaded through the other, ranges included, and deletes through either', async () => {
    const browser = new Uploader(first.url, '198.51.100.30');
    const jpeg = await picture('jpeg', 800, 600);
    const up = (await browser.upload(jpeg, 'a.jpg', 'image/jpeg')).body as { id: number; key: string };
    const [row] = await first.db.database.db.select().from(reviewMedia).where(eq(reviewMedia.id, up.id));
    const viaSecond = new Uploader(second.url, '198.51.100.31');
    const served = await viaSecond.fetch(fileUrl(row?.storageKey ?? ''));
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/jpeg');
    const bytes = Buffer.from(await served.arrayBuffer());
    expect((await sharp(bytes).metadata()).width).toBe(800);
    const part = await viaSecond.fetch(fileUrl(row?.storageKey ?? ''), { headers: { range: 'bytes=0-9' } });
    expect(part.status).toBe(206);
    expect(Buffer.from(await part.arrayBuffer()).equals(bytes.subarray(0, 10))).toBe(true);
    // The same session on the other instance deletes it (the session and the upload are shared).
    const sameSession = new Uploader(second.url, '198.51.100.30');
    for (const [name, value] of browser.cookies) sameSession.cookies.set(name, value);
    expect((await sameSession.remove(up.id, up.key)).status).toBe(204);
    expect((await browser.fetch(fileUrl(row?.storageKey ?? ''))).status).toBe(404);
  });
});

describe('with media off', () => {
  it('has no upload route and serves no review files', async () => {
    const { startShop } = await import('./test/harness.js');
    const plain = await startShop();
    try {
      const browser = new Uploader(plain.url, '198.51.100.40');
      const answer = await browser.upload(await picture('png'), 'a.png', 'image/png');
      expect(answer.status).toBe(404);
      expect((await browser.fetch('/wp-content/uploads/reviews/2026/01/0123456789abcdef0123456789abcdef.png')).status).toBe(404);
    } finally {
      await plain.close();
    }
  });
});
