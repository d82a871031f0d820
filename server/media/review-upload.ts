/**
 * What an uploaded review file is and what is kept of it. The type comes from the content (magic
 * bytes through `file-type`), never from the file name or the declared type. Pictures (JPEG, PNG,
 * GIF) are decoded and re-encoded with `sharp`: turned upright by their EXIF orientation, every
 * piece of metadata dropped (EXIF with its GPS position, XMP, IPTC, comments), at most 2048 pixels a
 * side, plus a thumbnail of at most 320. Videos (MP4, MPEG, Ogg, WebM, QuickTime, AVI) are kept as
 * sent once their container looks real: the detected type, a sane size, and for MP4/QuickTime and
 * AVI a walk over the top-level structure.
 */
import { open } from 'node:fs/promises';
import { fileTypeFromFile } from 'file-type';
import sharp from 'sharp';

/** Why a file is refused: not a type we take, or too big (bytes, or pixels of a picture). */
export class MediaRefusal extends Error {
  constructor(
    readonly reason: 'type' | 'too_large',
    message: string,
  ) {
    super(message);
    this.name = 'MediaRefusal';
  }
}

/** A type we accept: what the file is, the MIME type it is served with and its file extension. */
export interface AcceptedType {
  readonly kind: 'image' | 'video';
  readonly mime: string;
  readonly ext: string;
}

/** The accepted types by `file-type`'s extension (the spec's list: jpeg, png, gif, mp4, mpeg, ogg, webm, quicktime, x-msvideo). */
const ACCEPTED: Readonly<Record<string, AcceptedType>> = {
  jpg: { kind: 'image', mime: 'image/jpeg', ext: 'jpg' },
  png: { kind: 'image', mime: 'image/png', ext: 'png' },
  gif: { kind: 'image', mime: 'image/gif', ext: 'gif' },
  mp4: { kind: 'video', mime: 'video/mp4', ext: 'mp4' },
  m4v: { kind: 'video', mime: 'video/mp4', ext: 'mp4' },
  mpg: { kind: 'video', mime: 'video/mpeg', ext: 'mpg' },
  ogv: { kind: 'video', mime: 'video/ogg', ext: 'ogv' },
  ogm: { kind: 'video', mime: 'video/ogg', ext: 'ogv' },
  webm: { kind: 'video', mime: 'video/webm', ext: 'webm' },
  mov: { kind: 'video', mime: 'video/quicktime', ext: 'mov' },
  avi: { kind: 'video', mime: 'video/x-msvideo', ext: 'avi' },
};

/** The MIME types stored files may have (what the media route serves). */
export const SERVED_TYPES: ReadonlySet<string> = new Set(Object.values(ACCEPTED).map((type) => type.mime));

/** The MIME types accepted for upload, photos first (what the form's settings list). */
export function acceptedMimeTypes(videos: boolean): string[] {
  return [...new Set(Object.values(ACCEPTED).filter((type) => videos || type.kind === 'image').map((type) => type.mime))];
}

/** The longest side of a stored picture. */
export const MAX_SIDE = 2048;
/** The longest side of a thumbnail. */
export const THUMB_SIDE = 320;
/** Pictures with more pixels than this are refused before they are decoded (decompression bombs). */
export const MAX_PIXELS = 50_000_000;
/** The smallest video we believe is one. */
export const MIN_VIDEO_BYTES = 512;

/** What the content of `file` is, or null when it is none of the accepted types (videos only when `videos`). */
export async function detectType(file: string, videos: boolean): Promise<AcceptedType | null> {
  const detected = await fileTypeFromFile(file);
  const type = detected ? ACCEPTED[detected.ext] : undefined;
  if (!type || (type.kind === 'video' && !videos)) return null;
  return type;
}

/** A picture as stored: the re-encoded file and its thumbnail. */
export interface ProcessedImage {
  readonly main: { readonly bytes: Buffer; readonly mime: string; readonly ext: string };
  readonly thumb: { readonly bytes: Buffer; readonly mime: string; readonly ext: string };
  readonly width: number;
  readonly height: number;
}

/**
 * Re-encodes a picture: upright, no metadata, at most {@link MAX_SIDE} a side (animated GIFs stay
 * animated), and a thumbnail (the GIF's first frame as PNG).
 * @throws MediaRefusal when it cannot be decoded or has too many pixels.
 */
export async function processImage(file: string, type: AcceptedType): Promise<ProcessedImage> {
  const animated = type.ext === 'gif';
  try {
    const input = sharp(file, { limitInputPixels: MAX_PIXELS, animated, failOn: 'error' });
    const meta = await input.metadata();
    const pages = meta.pages ?? 1;
    if ((meta.width ?? 0) * (meta.pageHeight ?? meta.height ?? 0) * Math.min(pages, 1000) > MAX_PIXELS * 4) {
      throw new MediaRefusal('too_large', 'The picture has too many pixels.');
    }
    // sharp keeps no metadata unless asked (withMetadata/keepExif): EXIF, GPS, XMP and ICC all go.
    const pipeline = input.rotate().resize({ width: MAX_SIDE, height: MAX_SIDE, fit: 'inside', withoutEnlargement: true });
    const encoded =
      type.ext === 'jpg'
        ? pipeline.jpeg({ quality: 82, progressive: true, chromaSubsampling: '4:2:0' })
        : type.ext === 'png'
          ? pipeline.png({ compressionLevel: 6 })
          : pipeline.gif();
    const { data, info } = await encoded.toBuffer({ resolveWithObject: true });
    const height = info.pageHeight ?? info.height;
    const thumbInput = sharp(data, { animated: false }).resize({ width: THUMB_SIDE, height: THUMB_SIDE, fit: 'inside', withoutEnlargement: true });
    const thumbJpeg = type.ext === 'jpg';
    const thumb = await (thumbJpeg ? thumbInput.jpeg({ quality: 78 }) : thumbInput.png({ compressionLevel: 6 })).toBuffer();
    return {
      main: { bytes: data, mime: type.mime, ext: type.ext },
      thumb: { bytes: thumb, mime: thumbJpeg ? 'image/jpeg' : 'image/png', ext: thumbJpeg ? 'jpg' : 'png' },
      width: info.width,
      height,
    };
  } catch (error) {
    if (error instanceof MediaRefusal) throw error;
    const message = error instanceof Error ? error.message : String(error);
    if (/pixel limit/i.test(message)) throw new MediaRefusal('too_large', 'The picture has too many pixels.');
    throw new MediaRefusal('type', 'The picture could not be read.');
  }
}

/** Reads `length` bytes at `position` (fewer at the end of the file). */
const readAt = async (handle: Awaited<ReturnType<typeof open>>, position: number, length: number): Promise<Buffer> => {
  const buffer = Buffer.alloc(length);
  const { bytesRead } = await handle.read(buffer, 0, length, position);
  return buffer.subarray(0, bytesRead);
};

/** ISO base media (MP4, QuickTime): top-level boxes that tile the file exactly, `ftyp` (or QuickTime's older atoms) first and a movie box. */
async function isoBoxesLookReal(handle: Awaited<ReturnType<typeof open>>, size: number): Promise<boolean> {
  const types: string[] = [];
  let offset = 0;
  for (let count = 0; offset < size; count += 1) {
    if (count > 10_000) return false;
    const header = await readAt(handle, offset, 16);
    if (header.length < 8) return false;
    let boxSize = header.readUInt32BE(0);
    const type = header.toString('latin1', 4, 8);
    if (!/^[\x20-\x7e]{4}$/.test(type)) return false;
    if (boxSize === 1) {
      if (header.length < 16) return false;
      const large = header.readBigUInt64BE(8);
      if (large > BigInt(Number.MAX_SAFE_INTEGER)) return false;
      boxSize = Number(large);
    } else if (boxSize === 0) boxSize = size - offset;
    if (boxSize < 8 || offset + boxSize > size) return false;
    types.push(type);
    offset += boxSize;
  }
  return ['ftyp', 'moov', 'mdat', 'wide', 'free'].includes(types[0] ?? '') && (types.includes('moov') || types.includes('moof'));
}

/**
 * Checks that a video file is a real container of its detected type.
 * @throws MediaRefusal when it is not.
 */
export async function checkVideo(file: string, size: number, type: AcceptedType): Promise<void> {
  if (size < MIN_VIDEO_BYTES) throw new MediaRefusal('type', 'The video is too short to be one.');
  const handle = await open(file, 'r');
  try {
    let real = true;
    if (type.ext === 'mp4' || type.ext === 'mov') real = await isoBoxesLookReal(handle, size);
    else if (type.ext === 'avi') {
      // RIFF: the declared length covers the file (a truncated upload is refused).
      const header = await readAt(handle, 0, 12);
      const declared = header.length === 12 ? header.readUInt32LE(4) + 8 : 0;
      real = header.toString('latin1', 8, 12) === 'AVI ' && declared >= 12 && declared <= size + 1;
    }
    if (!real) throw new MediaRefusal('type', 'The video file is damaged or not a video.');
  } finally {
    await handle.close();
  }
}
