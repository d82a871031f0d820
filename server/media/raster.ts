/**
 * Raster copies of the generated pictures, as WooCommerce serves its image sizes.
 *
 * The pictures are drawn as SVG (`product-image.ts`, `blog-image.ts`), but pages show WebP: a
 * browser parses an SVG image into a document of its own on the page's main thread (tens of
 * milliseconds for the few pictures above the fold on a slow phone, before the first paint and
 * again after every filter click), while raster pictures are decoded off the main thread. Sizes
 * follow WordPress's file names: `<name>.webp` is the full 800 px picture, `<name>-300x300.webp`
 * and `<name>-600x600.webp` the smaller ones a `srcset` offers.
 *
 * Encoding runs in libvips's threads (sharp), never on the event loop, once per picture and size:
 * answers are kept in a cache bounded by bytes, and requests for a picture being encoded wait
 * for that one encoding.
 */
import sharp from 'sharp';

/** The full size of every generated picture (its SVG's width and height). */
export const FULL_SIDE = 800;

/** The smaller square sizes offered besides the full one (WordPress's `-<w>x<h>` files). */
export const RASTER_SIDES = [300, 600] as const;

/** A size a raster address may ask for: one of {@link RASTER_SIDES}, or the full picture. */
export type RasterSide = (typeof RASTER_SIDES)[number] | typeof FULL_SIDE;

/** The side a file name's `-<w>x<h>` suffix names (absent: the full picture); null for any other size. */
export function rasterSide(suffix: string | undefined): RasterSide | null {
  if (suffix === undefined || suffix === '') return FULL_SIDE;
  const match = /^-(\d{3})x(\d{3})$/.exec(suffix);
  if (!match || match[1] !== match[2]) return null;
  const side = Number(match[1]);
  return (RASTER_SIDES as readonly number[]).includes(side) ? (side as RasterSide) : null;
}

/** The `srcset` of a picture whose full-size WebP is at `full` (`….webp`): every size, smallest first. */
export function rasterSrcset(full: string): string {
  const stem = full.slice(0, -'.webp'.length);
  return [...RASTER_SIDES.map((side) => `${stem}-${side}x${side}.webp ${side}w`), `${full} ${FULL_SIDE}w`].join(', ');
}

/** The address of one size of a picture whose full-size WebP is at `full`. */
export function rasterAt(full: string, side: RasterSide): string {
  return side === FULL_SIDE ? full : `${full.slice(0, -'.webp'.length)}-${side}x${side}.webp`;
}

/** WebP quality: flat colours and text stay clean at this setting, at a few KiB per picture. */
const QUALITY = 80;

/** Encodes an SVG picture as a square WebP of `side` pixels. */
export async function encodeWebp(svg: string, side: RasterSide): Promise<Uint8Array<ArrayBuffer>> {
  // The SVG is drawn at the density that makes it `side` pixels wide, rather than drawn at 800 and scaled.
  const density = Math.max(1, Math.round((72 * side) / FULL_SIDE));
  const encoded = await sharp(Buffer.from(svg), { density, limitInputPixels: FULL_SIDE * FULL_SIDE * 4 })
    .resize(side, side, { fit: 'cover' })
    .webp({ quality: QUALITY, effort: 2 })
    .toBuffer();
  // Its own exact-size copy (a Buffer may share a larger pooled one), which answers can send as is.
  return new Uint8Array(encoded);
}

/** Encoded pictures by key, bounded by their total bytes (the oldest go first), with shared in-flight encodings. */
export class RasterCache {
  private readonly done = new Map<string, Uint8Array<ArrayBuffer>>();
  private readonly pending = new Map<string, Promise<Uint8Array<ArrayBuffer>>>();
  private bytes = 0;

  constructor(private readonly limitBytes: number) {}

  /** The picture under `key`, encoded by `encode` when it is neither kept nor being encoded. */
  async get(key: string, encode: () => Promise<Uint8Array<ArrayBuffer>>): Promise<Uint8Array<ArrayBuffer>> {
    const kept = this.done.get(key);
    if (kept) {
      // Most recently used last, so the oldest go first when the cache is full.
      this.done.delete(key);
      this.done.set(key, kept);
      return kept;
    }
    const running = this.pending.get(key);
    if (running) return running;
    const work = encode().then(
      (buffer) => {
        this.pending.delete(key);
        this.keep(key, buffer);
        return buffer;
      },
      (error: unknown) => {
        this.pending.delete(key);
        throw error;
      },
    );
    this.pending.set(key, work);
    return work;
  }

  /** Bytes kept now. */
  get size(): number {
    return this.bytes;
  }

  private keep(key: string, buffer: Uint8Array<ArrayBuffer>): void {
    if (buffer.byteLength > this.limitBytes) return;
    this.done.set(key, buffer);
    this.bytes += buffer.byteLength;
    for (const [oldKey, old] of this.done) {
      if (this.bytes <= this.limitBytes) break;
      this.done.delete(oldKey);
      this.bytes -= old.byteLength;
    }
  }
}
