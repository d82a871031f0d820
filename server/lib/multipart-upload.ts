/**
 * Reads a `multipart/form-data` request with one file in bounded memory: `busboy` parses the stream
 * as it arrives, the file goes to a temporary file, and the bytes are counted on the way in. A body
 * that declares (Content-Length) or turns out to be larger than allowed is refused as soon as that
 * is known, without reading the rest.
 */
import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import busboy from 'busboy';

/** Why a body was refused. */
export class UploadRefused extends Error {
  constructor(
    readonly reason: 'too_large' | 'invalid',
    message: string,
  ) {
    super(message);
    this.name = 'UploadRefused';
  }
}

/** What came in: the text fields and the file (on disk until `discard`). */
export interface ReceivedUpload {
  readonly fields: ReadonlyMap<string, string>;
  readonly file: { readonly field: string; readonly path: string; readonly size: number } | null;
  /** Removes the temporary file. */
  discard(): Promise<void>;
}

/** Limits of {@link receiveUpload}. */
export interface UploadLimits {
  /** Largest file in bytes. */
  readonly maxFileBytes: number;
  /** Room for the other fields and the multipart framing. @default 64 KiB */
  readonly overheadBytes?: number;
  /** Names of the file field(s) taken; other file parts are refused. */
  readonly fileFields: readonly string[];
  /** Where the temporary file goes. */
  readonly tmpDir: string;
}

/** True for a `multipart/form-data` request. */
export const isMultipart = (request: Request): boolean => /^multipart\/form-data\s*;/i.test(request.headers.get('content-type') ?? '');

/**
 * Reads the request's multipart body.
 * @throws UploadRefused for a body too large, or one that is not a well-formed form with at most one file.
 */
export async function receiveUpload(request: Request, limits: UploadLimits): Promise<ReceivedUpload> {
  const maxBody = limits.maxFileBytes + (limits.overheadBytes ?? 64 * 1024);
  const contentType = request.headers.get('content-type') ?? '';
  if (!isMultipart(request)) throw new UploadRefused('invalid', 'Send the file as multipart/form-data.');
  const declared = request.headers.get('content-length');
  if (declared !== null && /^\d+$/.test(declared) && Number(declared) > maxBody) throw new UploadRefused('too_large', 'The file is too large.');
  if (!request.body) throw new UploadRefused('invalid', 'The form is empty.');

  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: { 'content-type': contentType },
      limits: { fileSize: limits.maxFileBytes, files: 1, fields: 20, fieldSize: 4096, parts: 24, headerPairs: 40 },
    });
  } catch {
    throw new UploadRefused('invalid', 'The form could not be read.');
  }

  const fields = new Map<string, string>();
  let file: { field: string; path: string; size: number } | null = null;
  let tempPath: string | null = null;
  const discard = async () => {
    if (tempPath) await rm(tempPath, { force: true }).catch(() => undefined);
  };

  let received = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      received += chunk.length;
      if (received > maxBody) done(new UploadRefused('too_large', 'The file is too large.'));
      else done(null, chunk);
    },
  });

  let refusal: UploadRefused | null = null;
  const refuse = (error: UploadRefused) => {
    refusal ??= error;
    parser.destroy(error);
  };
  const writes: Promise<void>[] = [];

  parser.on('field', (name, value, info) => {
    if (info.nameTruncated || info.valueTruncated) return refuse(new UploadRefused('invalid', `The field ${name.slice(0, 40)} is too long.`));
    fields.set(name, value);
  });
  parser.on('file', (name, stream) => {
    if (!limits.fileFields.includes(name) || file !== null || tempPath !== null) {
      stream.resume();
      return refuse(new UploadRefused('invalid', 'Send one file.'));
    }
    tempPath = path.join(limits.tmpDir, `suki-upload-${randomBytes(12).toString('hex')}`);
    const target = tempPath;
    const sink = createWriteStream(target);
    stream.on('limit', () => refuse(new UploadRefused('too_large', 'The file is too large.')));
    const written = pipeline(stream, sink).then(() => {
      if (!refusal) file = { field: name, path: target, size: sink.bytesWritten };
    });
    // Awaited below; this only keeps an early failure from counting as unhandled meanwhile.
    written.catch(() => undefined);
    writes.push(written);
  });
  for (const event of ['partsLimit', 'filesLimit', 'fieldsLimit'] as const) parser.on(event, () => refuse(new UploadRefused('invalid', 'The form has too many parts.')));

  try {
    await mkdir(limits.tmpDir, { recursive: true });
    const body = Readable.fromWeb(request.body as WebReadableStream<Uint8Array>);
    await pipeline(body, counter, parser);
    await Promise.all(writes);
    if (refusal) throw refusal;
  } catch (error) {
    await Promise.allSettled(writes);
    await discard();
    if (refusal) throw refusal;
    if (error instanceof UploadRefused) throw error;
    throw new UploadRefused('invalid', 'The form could not be read.');
  }
  return { fields, file, discard };
}
