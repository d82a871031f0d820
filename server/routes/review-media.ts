/**
 * Review photos and videos on the embedded shop (while the reviews plugin is on with
 * `media.enabled`), through three doors over one service (`services/review-media.ts`):
 *
 * - Suki's JSON route (`src/app/reviews-view.ts`): `POST /wp-json/suki/v1/reviews/media` (multipart
 *   `file`, `item`) → 201 `{id, key}`; `DELETE /wp-json/suki/v1/reviews/media/{id}` `{key}` → 204,
 *   or 404 when it is not this session's unattached upload. The Store API `Nonce` is checked before
 *   the body is read; errors are `suki_media_too_large` 413, `suki_media_type` 415,
 *   `suki_media_too_many` 400, `suki_media_rate_limited` 429, `suki_media_failed` 503.
 * - The stock admin-ajax actions (`wire-protocol.md` §2.8): `cr_upload_media`, `cr_delete_media`,
 *   `cr_upload_local_images_frontend`, `cr_delete_local_images_frontend`, answering the stock
 *   `{code, …}` with HTTP 200, with nonces (unlike the stock plugin) and never a success for a
 *   file that was not stored.
 * - The files: `GET /wp-content/uploads/reviews/<yyyy>/<mm>/<name>` streamed from the storage port
 *   with their type, `nosniff`, `inline`, a year's immutable cache and byte ranges; 404 for
 *   anything that is not a stored file of an accepted type.
 *
 * Uploads are read in bounded memory (`lib/multipart-upload.ts`, refused by Content-Length and by
 * counting), judged by content and re-encoded (`media/review-upload.ts`), and limited per client
 * in the database (`services/rate-limit.ts`).
 */
import { createReadStream } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { Hono, type Context, type MiddlewareHandler } from 'hono';
import type { UploadedMedia } from '../../src/core/domain/reviews.js';
import { reviewsOptions, type ReviewsOptions } from '../../src/plugins/reviews/options.js';
import { products } from '../db/schema.js';
import { clientAddress } from '../lib/address.js';
import { createNonce, verifyNonce, type Keys } from '../lib/crypto.js';
import { ApiError } from '../lib/errors.js';
import { isMultipart, receiveUpload, UploadRefused, type ReceivedUpload } from '../lib/multipart-upload.js';
import { mediaType } from '../lib/request.js';
import { acceptedMimeTypes, checkVideo, detectType, MediaRefusal, processImage, SERVED_TYPES } from '../media/review-upload.js';
import { dbRateLimit } from '../services/rate-limit.js';
import { isMediaId, isMediaKey, reviewMediaService, storageKeyOfPath, type PreparedMedia, type ReviewMediaService } from '../services/review-media.js';
import { getOrCreateSession, type ShopperSession } from '../session.js';
import type { MediaStorage } from '../storage/port.js';
import { requireNonce, sendJson, type ShopDeps } from './shared.js';

/** The reviews plugin's media options as the server applies them. */
export type ReviewMediaSettings = ReviewsOptions['media'];

/** The media settings when the reviews plugin is on with media enabled; false otherwise. */
export function reviewMediaSettingsOf(plugins: ReadonlyArray<{ readonly name: string; readonly options: unknown }>): ReviewMediaSettings | false {
  const plugin = plugins.find((p) => p.name === 'reviews');
  if (!plugin) return false;
  const parsed = reviewsOptions.safeParse(plugin.options ?? {});
  const media = parsed.success ? parsed.data.media : reviewsOptions.parse({}).media;
  return media.enabled ? media : false;
}

/** Uploads per client and window (a review takes at most 10 files; a shopper may redo a form). */
export const UPLOAD_LIMIT = { max: 30, windowMs: 10 * 60_000 } as const;

/** Unattached uploads one session may hold for one item, as a multiple of the per-review limit. */
export const PENDING_FACTOR = 3;

/** Options of {@link reviewMediaRoutes}. */
export interface ReviewMediaRouteOptions {
  readonly settings: ReviewMediaSettings;
  readonly storage: MediaStorage;
  /** Uploads per client and window. @default UPLOAD_LIMIT */
  readonly uploadLimit?: { readonly max: number; readonly windowMs: number } | undefined;
  /** Where uploads wait while they are checked. @default the system's temporary folder */
  readonly tmpDir?: string | undefined;
}

/** What {@link reviewMediaRoutes} hands the app. */
export interface ReviewMediaDoors {
  /** The JSON route, to mount at `/wp-json/suki/v1/reviews/media`. */
  readonly api: Hono;
  /** The files, to mount at `/wp-content/uploads/reviews`. */
  readonly files: Hono;
  /** For `POST /wp-admin/admin-ajax.php` before the other actions: answers the four media actions, passes the rest on. */
  readonly stockActions: MiddlewareHandler;
  /** True for a request whose body this module reads itself (exempt from the app's 64 KiB limit). */
  readonly isUpload: (c: Context) => boolean;
  /** The media service (the `ReviewMediaPort` the reviews service attaches through). */
  readonly service: ReviewMediaService;
}

/** The shop's texts for refused uploads (`cr_upload_error_*`). */
export function uploadMessages(settings: ReviewMediaSettings): { readonly tooMany: string; readonly fileType: string; readonly fileSize: string } {
  const types = settings.videos ? 'JPEG, PNG, GIF, MP4, MPEG, OGG, WEBM, MOV, AVI' : 'JPEG, PNG, GIF';
  return {
    tooMany: `You tried to upload too many files. The most you can upload is ${settings.limit}.`,
    fileType: `Accepted file types: ${types}.`,
    fileSize: `The file is too large. The largest file you can upload is ${settings.maxMiB} MB.`,
  };
}

/** A refused or failed upload: the JSON route's error and the stock action's code. */
class UploadProblem extends Error {
  constructor(
    readonly api: ApiError,
    readonly stockCode: number,
  ) {
    super(api.message);
    this.name = 'UploadProblem';
  }
}

const JSON_PATH = '/wp-json/suki/v1/reviews/media';
const AJAX_PATH = '/wp-admin/admin-ajax.php';
const UPLOAD_ACTIONS = new Set(['cr_upload_media', 'cr_upload_local_images_frontend']);
const DELETE_ACTIONS = new Set(['cr_delete_media', 'cr_delete_local_images_frontend']);
/** Nonce actions of the classic form's upload and of one upload's delete. */
const CLASSIC_UPLOAD_NONCE = 'cr-upload-images-frontend';
const deleteNonceAction = (id: number): string => `cr-upload-images-delete-${id}`;

/** The classic form's upload nonce for a session (its file input's `data-nonce`). */
export const classicUploadNonce = (keys: Keys, sessionId: string): string => createNonce(keys, sessionId, CLASSIC_UPLOAD_NONCE);

const noStore = (c: Context): void => {
  c.header('Cache-Control', 'no-store, private');
  c.header('Vary', 'Cookie');
  c.header('X-Robots-Tag', 'noindex');
};

/** Builds the media routes over a storage. */
export function reviewMediaRoutes(deps: ShopDeps, options: ReviewMediaRouteOptions): ReviewMediaDoors {
  const { settings } = options;
  const maxBytes = settings.maxMiB * 1024 * 1024;
  const messages = uploadMessages(settings);
  const tmpDir = options.tmpDir ?? path.join(tmpdir(), 'suki-uploads');
  const service = reviewMediaService({ storage: options.storage, db: deps.db, limit: settings.limit, logger: deps.logger });
  const uploadGuard = dbRateLimit(deps.db, { name: 'review-media', ...(options.uploadLimit ?? UPLOAD_LIMIT) });

  const problems = {
    tooLarge: () => new UploadProblem(new ApiError(413, 'suki_media_too_large', messages.fileSize), 501),
    type: () => new UploadProblem(new ApiError(415, 'suki_media_type', messages.fileType), 502),
    tooMany: () => new UploadProblem(new ApiError(400, 'suki_media_too_many', messages.tooMany), 503),
    failed: () => new UploadProblem(new ApiError(503, 'suki_media_failed', 'The file could not be stored. Please try again in a moment.'), 500),
    invalid: (field: string, message: string) => new UploadProblem(new ApiError(400, 'suki_reviews_invalid', `Invalid parameter(s): ${field}`, { params: { [field]: message } }), 500),
    noItem: () => new UploadProblem(new ApiError(404, 'suki_reviews_not_found', 'No such product.'), 500),
    busy: (waitMs: number) => new UploadProblem(new ApiError(429, 'suki_media_rate_limited', 'Too many uploads from this address. Please try again later.', { retry_after: Math.ceil(waitMs / 1000) }), 503),
  };

  /** The item field: a product's id, or -1 for a shop review. */
  const readItem = async (value: string | undefined, field: string): Promise<number> => {
    const text = (value ?? '').trim();
    if (text === '-1') return -1;
    if (!/^[1-9]\d{0,9}$/.test(text) || Number(text) > 2_147_483_647) throw problems.invalid(field, `${field} must be a product id or -1.`);
    const id = Number(text);
    const [row] = await deps.db.select({ type: products.type }).from(products).where(eq(products.id, id)).limit(1);
    if (!row || row.type === 'variation') throw problems.noItem();
    return id;
  };

  /** Checks what came in and keeps it; the pair to attach it with. */
  const keep = async (session: ShopperSession, received: ReceivedUpload, itemField: string): Promise<UploadedMedia> => {
    const file = received.file;
    if (!file || file.size === 0) throw problems.invalid('file', 'Choose a photo or video to upload.');
    if (file.size > maxBytes) throw problems.tooLarge();
    const itemId = await readItem(received.fields.get(itemField), itemField);
    if ((await service.pendingCount(deps.db, session.id, itemId)) >= settings.limit * PENDING_FACTOR) throw problems.tooMany();
    let prepared: PreparedMedia;
    try {
      const type = await detectType(file.path, settings.videos);
      if (!type) throw problems.type();
      if (type.kind === 'image') prepared = { kind: 'image', image: await processImage(file.path, type) };
      else {
        await checkVideo(file.path, file.size, type);
        prepared = { kind: 'video', type, size: file.size, stream: () => createReadStream(file.path) };
      }
    } catch (error) {
      if (error instanceof MediaRefusal) throw error.reason === 'too_large' ? problems.tooLarge() : problems.type();
      throw error;
    }
    try {
      return await service.store(deps.db, session.id, itemId, prepared);
    } catch (error) {
      deps.logger.warn('a review upload could not be stored', error);
      throw problems.failed();
    }
  };

  /**
   * Reads and keeps one upload: the rate limit first, then the body, in bounded memory; `admit`
   * names the item field once the fields are known (or throws an UploadProblem).
   */
  const upload = async (c: Context, session: ShopperSession, fileField: string, admit: (fields: ReadonlyMap<string, string>) => string): Promise<UploadedMedia> => {
    const wait = await uploadGuard.attempt(clientAddress(c));
    if (wait > 0) throw problems.busy(wait);
    let received: ReceivedUpload;
    try {
      received = await receiveUpload(c.req.raw, { maxFileBytes: maxBytes, fileFields: [fileField], tmpDir });
    } catch (error) {
      if (error instanceof UploadRefused) throw error.reason === 'too_large' ? problems.tooLarge() : problems.invalid(fileField, error.message);
      throw error;
    }
    try {
      return await keep(session, received, admit(received.fields));
    } finally {
      await received.discard();
      service.purgeSoon();
    }
  };

  // ------------------------------------------------------------ Suki's JSON route

  const api = new Hono();
  api.use('*', async (c, next) => {
    await next();
    c.res.headers.set('Cache-Control', 'no-store, private');
    c.res.headers.set('Vary', 'Cookie');
  });

  api.post('/', async (c) => {
    const session = await getOrCreateSession(c);
    await requireNonce(c, deps, session.id);
    try {
      const pair = await upload(c, session, 'file', () => 'item');
      c.header('Nonce', createNonce(await deps.keys(), session.id));
      return sendJson(c, pair, 201);
    } catch (error) {
      if (error instanceof UploadProblem) {
        if (error.api.status === 429) c.header('Retry-After', String(error.api.data['retry_after'] ?? 60));
        throw error.api;
      }
      throw error;
    }
  });

  api.delete('/:id', async (c) => {
    const session = await getOrCreateSession(c);
    await requireNonce(c, deps, session.id);
    const idText = c.req.param('id');
    let body: unknown = {};
    const raw = await c.req.text();
    if (raw.trim() !== '') {
      if (mediaType(c) !== 'application/json') throw new ApiError(415, 'rest_invalid_content_type', 'Send the request body as JSON, with Content-Type: application/json.');
      try {
        body = JSON.parse(raw) as unknown;
      } catch {
        throw new ApiError(400, 'rest_invalid_json', 'Invalid JSON body passed.');
      }
    }
    const key = typeof body === 'object' && body !== null ? (body as { key?: unknown }).key : undefined;
    const notFound = new ApiError(404, 'suki_reviews_not_found', 'No such upload.');
    if (!/^\d{1,15}$/.test(idText) || !isMediaId(Number(idText))) throw notFound;
    if (!isMediaKey(key)) throw new ApiError(400, 'suki_reviews_invalid', 'Invalid parameter(s): key', { params: { key: 'key must be the 20 hexadecimal digits the upload answered.' } });
    let removed: boolean;
    try {
      removed = await service.remove(deps.db, session.id, Number(idText), key);
    } catch (error) {
      deps.logger.warn('a review upload could not be deleted', error);
      throw problems.failed().api;
    }
    if (!removed) throw notFound;
    return c.body(null, 204);
  });

  // ------------------------------------------------------------ stock admin-ajax actions

  /** `cr_upload_media` and `cr_upload_local_images_frontend`: the action is a field of the form, read with it. */
  const stockUpload = async (c: Context): Promise<Response> => {
    noStore(c);
    const session = await getOrCreateSession(c);
    const keys = await deps.keys();
    const headerNonce = (c.req.header('nonce') ?? c.req.header('x-wc-store-api-nonce') ?? '').trim();
    let classic = false;
    const admit = (fields: ReadonlyMap<string, string>): string => {
      const action = c.req.query('action') ?? fields.get('action') ?? '';
      if (!UPLOAD_ACTIONS.has(action)) throw new UploadProblem(new ApiError(400, 'suki_reviews_invalid', 'Unknown action.'), 0);
      classic = action === 'cr_upload_local_images_frontend';
      // `cr_nonce` (the classic form's own nonce, or the Store API's) or the Store API's `Nonce` header;
      // the stock new form sends none, so a stock theme must add one.
      const field = (fields.get('cr_nonce') ?? '').trim();
      const ok = (classic && verifyNonce(keys, session.id, field, CLASSIC_UPLOAD_NONCE)) || verifyNonce(keys, session.id, field) || verifyNonce(keys, session.id, headerNonce);
      if (!ok) throw new UploadProblem(new ApiError(403, 'woocommerce_rest_invalid_nonce', 'The upload was refused: reload the page and try again.'), 500);
      return classic ? 'cr_postid' : 'cr_item';
    };
    try {
      const pair = await upload(c, session, 'cr_file', admit);
      const attachment = classic ? { ...pair, nonce: createNonce(keys, session.id, deleteNonceAction(pair.id)) } : pair;
      return sendJson(c, { code: 200, message: 'OK', attachment });
    } catch (error) {
      if (error instanceof UploadProblem) {
        // WordPress's answer to an action nobody handles.
        if (error.stockCode === 0) return c.text('0', 400);
        return sendJson(c, { code: error.stockCode, message: error.message });
      }
      throw error;
    }
  };

  /** `cr_delete_media` (codes 200, 501–507) and `cr_delete_local_images_frontend` (`{code, class}`). */
  const stockDelete = async (c: Context, action: string, form: URLSearchParams): Promise<Response> => {
    noStore(c);
    const session = await getOrCreateSession(c);
    const keys = await deps.keys();
    const classic = action === 'cr_delete_local_images_frontend';
    const requested = form.get('class') ?? '';
    // The stock client puts `class` into a selector: only plain class lists come back.
    const echoClass = /^(?:\.[A-Za-z0-9_-]{1,60}){1,8}$/.test(requested) ? requested : '';
    const answer = (code: number, message: string) => sendJson(c, classic ? { code, class: echoClass, ...(code === 200 ? {} : { message }) } : { code, message });
    if (c.req.method !== 'POST') return answer(501, 'Nothing to delete.');
    const image = (form.get('image') ?? '').trim();
    if (image === '') return answer(501, 'Nothing to delete.');
    let parsed: unknown;
    try {
      parsed = JSON.parse(image) as unknown;
    } catch {
      return answer(502, 'The upload could not be read.');
    }
    const record = typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>) : {};
    const id = typeof record['id'] === 'string' && /^\d{1,15}$/.test(record['id']) ? Number(record['id']) : record['id'];
    if (id === undefined || id === null || id === '') return answer(503, 'The upload has no id.');
    if (record['key'] === undefined || record['key'] === null || record['key'] === '') return answer(504, 'The upload has no key.');
    const nonce = (form.get('cr_nonce') ?? c.req.header('nonce') ?? '').trim();
    const nonceOk = isMediaId(id) && (classic ? verifyNonce(keys, session.id, nonce, deleteNonceAction(id)) : verifyNonce(keys, session.id, nonce));
    // Someone else's, attached, missing, a wrong key or nonce: one answer (505), so nothing is told apart.
    if (!nonceOk || !isMediaId(id) || !isMediaKey(record['key'])) return answer(505, 'No such upload.');
    try {
      return (await service.remove(deps.db, session.id, id, record['key'])) ? answer(200, 'OK') : answer(505, 'No such upload.');
    } catch (error) {
      deps.logger.warn('a review upload could not be deleted', error);
      return answer(507, 'The upload could not be deleted. Please try again in a moment.');
    }
  };

  const stockActions: MiddlewareHandler = async (c, next) => {
    if (c.req.method !== 'POST') return next();
    if (isMultipart(c.req.raw)) {
      // Multipart bodies are this module's (no other action takes one): the action is in the query or a field.
      const queried = c.req.query('action');
      if (queried !== undefined && !UPLOAD_ACTIONS.has(queried)) return next();
      return stockUpload(c);
    }
    if (mediaType(c) !== 'application/x-www-form-urlencoded') return next();
    const form = new URLSearchParams(await c.req.text());
    const action = c.req.query('action') ?? form.get('action') ?? '';
    if (!DELETE_ACTIONS.has(action)) return next();
    return stockDelete(c, action, form);
  };

  // ------------------------------------------------------------ the files

  const files = new Hono();
  files.on(['GET', 'HEAD'], '/*', async (c) => {
    const notFound = () => {
      c.header('Cache-Control', 'no-store');
      return c.text('Not Found', 404);
    };
    const rest = c.req.path.replace(/^\/wp-content\/uploads\/reviews\//, '');
    const key = storageKeyOfPath(rest);
    if (key === null) return notFound();
    const range = parseRange(c.req.header('range'));
    let object;
    try {
      object = await options.storage.get(key, range ?? undefined);
    } catch (error) {
      deps.logger.warn('a review file could not be read', error);
      c.header('Cache-Control', 'no-store');
      c.header('Retry-After', '5');
      return c.text('The file cannot be read at the moment.', 503);
    }
    if (!object) return notFound();
    if (!SERVED_TYPES.has(object.contentType)) {
      await object.body.cancel();
      return notFound();
    }
    c.header('Content-Type', object.contentType);
    c.header('X-Content-Type-Options', 'nosniff');
    c.header('Content-Disposition', 'inline');
    c.header('Content-Security-Policy', "default-src 'none'; img-src 'self'; media-src 'self'; style-src 'unsafe-inline'; sandbox");
    c.header('Cache-Control', 'public, max-age=31536000, immutable');
    c.header('Accept-Ranges', 'bytes');
    c.header('ETag', `"${rest.replace(/^.*\//, '').replace(/\.\w+$/, '')}"`);
    if (object.range === 'unsatisfiable') {
      c.header('Content-Range', `bytes */${object.size}`);
      return c.body(null, 416);
    }
    let status: 200 | 206 = 200;
    let length = object.size;
    if (object.range) {
      status = 206;
      length = object.range.end - object.range.start + 1;
      c.header('Content-Range', `bytes ${object.range.start}-${object.range.end}/${object.size}`);
    }
    c.header('Content-Length', String(length));
    if (c.req.method === 'HEAD') {
      await object.body.cancel();
      return c.body(null, status);
    }
    return c.body(object.body, status);
  });

  const isUpload = (c: Context): boolean =>
    c.req.method === 'POST' && c.req.header('x-http-method-override') === undefined && (c.req.path === JSON_PATH || c.req.path === `${JSON_PATH}/` || c.req.path === AJAX_PATH) && isMultipart(c.req.raw);

  return { api, files, stockActions, isUpload, service };
}

/** One `bytes=a-b` or `bytes=a-` range; anything else (suffix or several ranges) is served whole. */
export function parseRange(header: string | undefined): { start: number; end?: number } | null {
  const match = /^bytes=(\d{1,15})-(\d{0,15})$/.exec((header ?? '').trim());
  if (!match) return null;
  const start = Number(match[1]);
  const end = match[2] === '' ? undefined : Number(match[2]);
  if (end !== undefined && end < start) return null;
  return end === undefined ? { start } : { start, end };
}

/** The accepted MIME types for the review form's settings. */
export { acceptedMimeTypes };
