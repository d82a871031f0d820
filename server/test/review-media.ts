/**
 * Test support for review media: a shop with uploads on (over a given storage), small real files
 * made here (pictures drawn by sharp, a JPEG with EXIF GPS and an orientation, a minimal MP4), and
 * multipart helpers for the JSON route and the stock actions.
 */
import sharp from 'sharp';
import { createShopApp } from '../app.js';
import { listen } from '../listen.js';
import type { ReviewMediaRouteOptions, ReviewMediaSettings } from '../routes/review-media.js';
import type { MediaStorage } from '../storage/port.js';
import { memoryLogger, openTestDatabase, type TestDatabase } from './harness.js';
import { WishlistBrowser } from './wishlist.js';

export const MEDIA_ROUTE = '/wp-json/suki/v1/reviews/media';
export const AJAX = '/wp-admin/admin-ajax.php';

export interface MediaShop {
  readonly url: string;
  readonly db: TestDatabase;
  readonly logger: ReturnType<typeof memoryLogger>;
  close(): Promise<void>;
}

/** A shop with review uploads on over `storage` (and optionally another shop's database). */
export async function startMediaShop(options: {
  readonly storage: MediaStorage;
  readonly settings?: Partial<ReviewMediaSettings>;
  readonly uploadLimit?: ReviewMediaRouteOptions['uploadLimit'];
  readonly db?: TestDatabase;
  readonly tmpDir?: string;
}): Promise<MediaShop> {
  const db = options.db ?? (await openTestDatabase());
  const logger = memoryLogger();
  const app = createShopApp({
    database: db.database,
    logger,
    trustProxy: ['127.0.0.1', '::1'],
    reviewMedia: {
      settings: { enabled: true, limit: 5, maxMiB: 25, videos: true, ...options.settings },
      storage: options.storage,
      uploadLimit: options.uploadLimit,
      ...(options.tmpDir ? { tmpDir: options.tmpDir } : {}),
    },
  });
  const server = await listen(app, { port: 0, host: '127.0.0.1' });
  return {
    url: server.url,
    db,
    logger,
    close: async () => {
      await server.close();
      if (!options.db) await db.dispose();
    },
  };
}

/** A browser that uploads: the JSON route's multipart form with the Store API nonce. */
export class Uploader extends WishlistBrowser {
  /** The session id (the owner of its uploads). */
  get sessionId(): string {
    const id = this.cookies.get('suki_session');
    if (!id) throw new Error('no session yet');
    return id;
  }

  async upload(file: Uint8Array, name: string, declaredType: string, item = '-1', init: { nonce?: string | null } = {}): Promise<{ status: number; body: Record<string, unknown>; headers: Headers }> {
    const nonce = init.nonce === undefined ? await this.ensureNonce() : init.nonce;
    const form = new FormData();
    form.append('item', item);
    form.append('file', new Blob([new Uint8Array(file)], { type: declaredType }), name);
    const response = await this.fetch(MEDIA_ROUTE, { method: 'POST', body: form, headers: nonce === null ? {} : { nonce } });
    const text = await response.text();
    return { status: response.status, body: (text === '' ? {} : JSON.parse(text)) as Record<string, unknown>, headers: response.headers };
  }

  async remove(id: unknown, key: unknown): Promise<{ status: number; body: Record<string, unknown> }> {
    const answer = await this.json<Record<string, unknown>>('DELETE', `${MEDIA_ROUTE}/${String(id)}`, { key });
    return { status: answer.status, body: answer.body ?? {} };
  }

  /** A stock admin-ajax upload (`cr_upload_media` / `cr_upload_local_images_frontend`). */
  async stockUpload(action: string, file: Uint8Array, name: string, fields: Record<string, string>): Promise<{ status: number; body: Record<string, unknown>; text: string }> {
    const form = new FormData();
    form.append('action', action);
    for (const [field, value] of Object.entries(fields)) form.append(field, value);
    form.append('cr_file', new Blob([new Uint8Array(file)], { type: 'image/jpeg' }), name);
    const response = await this.fetch(AJAX, { method: 'POST', body: form });
    const text = await response.text();
    let body: Record<string, unknown> = {};
    try {
      body = JSON.parse(text) as Record<string, unknown>;
    } catch {
      // plain text answer
    }
    return { status: response.status, body, text };
  }
}

/** A picture drawn by sharp. */
export async function picture(format: 'png' | 'jpeg' | 'gif', width = 64, height = 48): Promise<Buffer> {
  const base = sharp({ create: { width, height, channels: 3, background: { r: 200, g: 80, b: 30 } } });
  return format === 'png' ? base.png().toBuffer() : format === 'jpeg' ? base.jpeg().toBuffer() : base.gif().toBuffer();
}

/** A 300×200 JPEG from a "phone": EXIF with the maker, a GPS position, and orientation 6 (turned 90°). */
export async function phoneJpeg(): Promise<Buffer> {
  return sharp({ create: { width: 300, height: 200, channels: 3, background: '#c05020' } })
    .jpeg()
    .withExif({ IFD0: { Make: 'PhoneMaker', Model: 'Model 7' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '14/1 35/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '120/1 58/1 0/1' } })
    .withMetadata({ orientation: 6 })
    .toBuffer();
}

const box = (type: string, payload: Buffer): Buffer => {
  const header = Buffer.alloc(8);
  header.writeUInt32BE(8 + payload.length, 0);
  header.write(type, 4, 'latin1');
  return Buffer.concat([header, payload]);
};

/** A minimal MP4: `ftyp` (isom), a `moov` with a movie header, and an `mdat` of `dataBytes`. */
export function minimalMp4(dataBytes = 2048): Buffer {
  const ftyp = box('ftyp', Buffer.concat([Buffer.from('isom', 'latin1'), Buffer.from([0, 0, 2, 0]), Buffer.from('isomiso2mp41', 'latin1')]));
  const mvhd = Buffer.alloc(100);
  mvhd.writeUInt32BE(1000, 12); // timescale
  mvhd.writeUInt32BE(1000, 16); // duration: one second
  mvhd.writeUInt32BE(0x00010000, 20); // rate 1.0
  mvhd.writeUInt16BE(0x0100, 24); // volume 1.0
  mvhd.writeUInt32BE(2, 96); // next track id
  const moov = box('moov', box('mvhd', mvhd));
  const mdat = box('mdat', Buffer.alloc(dataBytes, 7));
  return Buffer.concat([ftyp, moov, mdat]);
}
