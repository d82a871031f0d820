/**
 * Compression of dynamic answers (pages, API JSON, sitemaps): brotli when
 * the client accepts it, else gzip, for text bodies above a threshold. It is a response-level
 * middleware: it does not care where the body came from (a render, a cache, a forwarded upstream
 * answer), and leaves alone anything already encoded (the precompressed client build).
 */
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Context, MiddlewareHandler } from 'hono';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** The encodings this server produces, best first. */
export type Encoding = 'br' | 'gzip';

/** Options of {@link compression}. */
export interface CompressionOptions {
  /** Bodies smaller than this are sent as they are (compression would not pay). @default 1024 */
  readonly thresholdBytes?: number;
  /**
   * Brotli quality, 0–11. 5 is where brotli starts modelling context: on `/shop/` (77 KB) it wrote
   * 11.2 KiB in 0.74 ms against 12.1 KiB in 0.54 ms at 4; 7 and up took 3.8 ms and more for under
   * 1 % less. @default 5
   */
  readonly brotliQuality?: number;
  /** Gzip level, 1–9. @default 6 */
  readonly gzipLevel?: number;
}

/** Default threshold: a body under 1 KiB fits in a packet or two anyway. */
export const COMPRESSION_THRESHOLD_BYTES = 1024;

/**
 * Weights by encoding name from an `Accept-Encoding` header (RFC 9110 §12.5.3). Names are
 * lower-cased; a weight that is not a number in 0–1 counts as 1 (a sloppy header still says yes).
 */
export function acceptEncodingWeights(header: string | undefined): Map<string, number> {
  const weights = new Map<string, number>();
  for (const part of (header ?? '').split(',')) {
    const [rawName, ...params] = part.trim().toLowerCase().split(';');
    const name = rawName?.trim();
    if (!name) continue;
    let q = 1;
    for (const param of params) {
      const [key, value] = param.trim().split('=');
      if (key?.trim() !== 'q' || value === undefined) continue;
      const n = Number(value.trim());
      if (value.trim() !== '' && Number.isFinite(n) && n >= 0 && n <= 1) q = n;
    }
    // The first mention of a name wins, as most servers read it.
    if (!weights.has(name)) weights.set(name, q);
  }
  return weights;
}

/** The encodings a client accepts (weight above 0), by name. */
export function acceptedEncodings(header: string | undefined): Set<string> {
  const accepted = new Set<string>();
  const weights = acceptEncodingWeights(header);
  const star = weights.get('*');
  for (const [name, q] of weights) if (q > 0 && name !== '*') accepted.add(name);
  // `*` stands for every encoding not named: brotli and gzip included unless refused by name.
  if (star !== undefined && star > 0) for (const name of ['br', 'gzip']) if (!weights.has(name)) accepted.add(name);
  return accepted;
}

/**
 * Which of our encodings to answer with: the one the client weighs highest, brotli on a tie;
 * null when it accepts neither (then the body goes as it is).
 */
export function chooseEncoding(header: string | undefined): Encoding | null {
  const weights = acceptEncodingWeights(header);
  const star = weights.get('*') ?? 0;
  const weight = (name: Encoding): number => weights.get(name) ?? star;
  const br = weight('br');
  const gz = weight('gzip');
  if (br <= 0 && gz <= 0) return null;
  return br >= gz ? 'br' : 'gzip';
}

/**
 * Media types worth compressing: text, JSON and XML documents (pages, API answers, sitemaps).
 * Pictures are not, SVG included: the browser judges an image's worth as a page's main content
 * (its largest contentful paint) by its bytes on the wire, and the generated product SVGs are small.
 */
export function isCompressible(contentType: string | null): boolean {
  const type = (contentType ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  return (
    type.startsWith('text/') ||
    type === 'application/json' ||
    type.endsWith('+json') ||
    type === 'application/xml' ||
    (type.endsWith('+xml') && !type.startsWith('image/')) ||
    type === 'application/javascript'
  );
}

/** Adds `Accept-Encoding` to a `Vary` header value, keeping what it named. */
export function varyWithAcceptEncoding(vary: string | null): string {
  if (vary === null || vary.trim() === '') return 'Accept-Encoding';
  const names = vary.split(',').map((v) => v.trim().toLowerCase());
  if (names.includes('*') || names.includes('accept-encoding')) return vary;
  return `${vary}, Accept-Encoding`;
}

/** Compresses `body` with `encoding`. */
export async function encodeBody(body: Uint8Array, encoding: Encoding, options: CompressionOptions = {}): Promise<Uint8Array<ArrayBuffer>> {
  // zlib's output is a Buffer over a plain (never shared) ArrayBuffer.
  if (encoding === 'br') {
    return (await brotli(body, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: options.brotliQuality ?? 5,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.byteLength,
      },
    })) as Uint8Array<ArrayBuffer>;
  }
  return (await gzipAsync(body, { level: options.gzipLevel ?? 6 })) as Uint8Array<ArrayBuffer>;
}

/** Statuses whose answers have no body to compress. */
const NO_BODY = new Set([101, 204, 205, 304]);

/**
 * The middleware: after the handlers ran, an answer with a compressible type, no encoding yet, no
 * `no-transform`, not a range, and a body of at least the threshold is compressed with the best
 * encoding the client accepts, and says it varies by `Accept-Encoding`. A strong `ETag` becomes
 * weak, since the bytes changed.
 */
export function compression(options: CompressionOptions = {}): MiddlewareHandler {
  const threshold = options.thresholdBytes ?? COMPRESSION_THRESHOLD_BYTES;
  return async (c, next) => {
    await next();
    const res = c.res;
    // Status and headers first, then the body only when it is to be compressed: reading it turns
    // the Node adapter's light answer (status, text, headers; written out in one go) into a full
    // Response whose body is copied from a stream, about a tenth of a small API answer's time.
    if (NO_BODY.has(res.status) || res.headers.has('content-encoding') || res.headers.has('content-range')) return;
    if (!isCompressible(res.headers.get('content-type'))) return;
    if (/(^|,)\s*no-transform\s*(,|$)/i.test(res.headers.get('cache-control') ?? '')) return;
    const declared = Number(res.headers.get('content-length') ?? Number.NaN);
    if (Number.isFinite(declared) && declared < threshold) return;
    const encoding = chooseEncoding(c.req.header('accept-encoding'));
    if (!encoding) {
      // Sent as it is; a cache still has to know that another client may get it encoded.
      res.headers.set('Vary', varyWithAcceptEncoding(res.headers.get('vary')));
      return;
    }
    if (!res.body) return;
    const body = new Uint8Array(await res.arrayBuffer());
    if (body.byteLength < threshold) {
      replaceAnswer(c, new Response(body, { status: res.status, headers: res.headers }));
      return;
    }
    const encoded = await encodeBody(body, encoding, options);
    const headers = new Headers(res.headers);
    headers.set('Vary', varyWithAcceptEncoding(headers.get('vary')));
    headers.delete('content-length');
    headers.set('Content-Encoding', encoding);
    const etag = headers.get('etag');
    if (etag && !etag.startsWith('W/')) headers.set('ETag', `W/${etag}`);
    replaceAnswer(c, new Response(encoded, { status: res.status, statusText: res.statusText, headers }));
  };
}

/**
 * Puts `fresh` in place of the answer. Assigning over an answer makes Hono rebuild the new one from
 * the old one's body stream (and copy the old headers onto it); `fresh` already carries every header
 * it needs, so the old answer is let go first and `fresh` stays the light kind the adapter writes
 * out at once.
 */
function replaceAnswer(c: Context, fresh: Response): void {
  c.res = undefined;
  c.res = fresh;
}
