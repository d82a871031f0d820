/**
 * The storage port on an S3-compatible bucket (Amazon S3, MinIO, Garage, Ceph, R2...), through
 * `aws4fetch` (SigV4-signed `fetch`; server side only). Objects are `<prefix><key>`; their type is
 * the object's `Content-Type`. A PUT is atomic on every S3-compatible store, so readers never see a
 * part. Streams are sent with their length and an unsigned payload (S3 needs the length up front).
 */
import { Readable } from 'node:stream';
import { AwsClient } from 'aws4fetch';
import { checkStorageKey, emptyBody, StorageError, type ByteRange, type MediaStorage, type StoredObject } from './port.js';

/** Where the bucket is and how to sign. */
export interface S3StorageOptions {
  readonly bucket: string;
  /** `http(s)://host:port` of an S3-compatible server; absent: Amazon S3 in `region`. */
  readonly endpoint?: string | undefined;
  readonly region: string;
  readonly accessKeyId: string;
  readonly secretAccessKey: string;
  readonly sessionToken?: string | undefined;
  /** Bucket in the path (`endpoint/bucket/key`, the usual for S3-compatible servers) or in the host name. @default path with an endpoint, host without */
  readonly pathStyle?: boolean | undefined;
  /** Prepended to every key, e.g. `shop1/` (ends with `/` or is empty). @default '' */
  readonly prefix?: string | undefined;
  /** Per request. @default 30000 */
  readonly timeoutMs?: number | undefined;
}

const failed = (what: string, key: string, detail: unknown): StorageError =>
  new StorageError(`Could not ${what} ${key} in the media bucket: ${detail instanceof Error ? detail.message : String(detail)}`, { cause: detail });

/** The storage port on an S3-compatible bucket. */
export function s3Storage(options: S3StorageOptions): MediaStorage {
  const client = new AwsClient({
    accessKeyId: options.accessKeyId,
    secretAccessKey: options.secretAccessKey,
    ...(options.sessionToken ? { sessionToken: options.sessionToken } : {}),
    service: 's3',
    region: options.region,
    retries: 2,
  });
  const pathStyle = options.pathStyle ?? options.endpoint !== undefined;
  const endpoint = new URL(options.endpoint ?? `https://s3.${options.region}.amazonaws.com`);
  const base = pathStyle ? `${endpoint.origin}/${options.bucket}/` : `${endpoint.protocol}//${options.bucket}.${endpoint.host}/`;
  const prefix = options.prefix ?? '';
  const timeoutMs = options.timeoutMs ?? 30_000;
  const urlOf = (key: string): string => `${base}${(prefix + key).split('/').map(encodeURIComponent).join('/')}`;

  const send = async (key: string, what: string, init: RequestInit & { duplex?: 'half' }): Promise<Response> => {
    try {
      return await client.fetch(urlOf(key), { ...init, signal: AbortSignal.timeout(timeoutMs) });
    } catch (error) {
      throw failed(what, key, error);
    }
  };

  /** Reads an S3 error answer's `<Code>` for the message. */
  const refusal = async (response: Response): Promise<string> => {
    const text = await response.text().catch(() => '');
    const code = /<Code>([^<]{1,100})<\/Code>/.exec(text)?.[1];
    return `HTTP ${response.status}${code ? ` ${code}` : ''}`;
  };

  return {
    describe: `the bucket ${options.bucket}${prefix ? ` (prefix ${prefix})` : ''} at ${endpoint.origin}`,

    async put(key, body, contentType) {
      checkStorageKey(key);
      const headers: Record<string, string> = { 'content-type': contentType };
      let payload: BodyInit;
      if (body instanceof Uint8Array) payload = new Uint8Array(body.buffer as ArrayBuffer, body.byteOffset, body.byteLength);
      else {
        headers['content-length'] = String(body.size);
        // S3 cannot take a body of unknown length; the payload is not hashed (it is a stream).
        headers['x-amz-content-sha256'] = 'UNSIGNED-PAYLOAD';
        payload = Readable.toWeb(body.stream) as ReadableStream<Uint8Array>;
      }
      const response = await send(key, 'store', { method: 'PUT', headers, body: payload, ...(body instanceof Uint8Array ? {} : { duplex: 'half' as const }) });
      if (!response.ok) throw failed('store', key, await refusal(response));
      await response.body?.cancel();
    },

    async get(key: string, range?: ByteRange): Promise<StoredObject | null> {
      checkStorageKey(key);
      const headers: Record<string, string> = range ? { range: `bytes=${range.start}-${range.end ?? ''}` } : {};
      const response = await send(key, 'read', { method: 'GET', headers });
      if (response.status === 404) {
        await response.body?.cancel();
        return null;
      }
      const contentType = response.headers.get('content-type') ?? 'application/octet-stream';
      if (response.status === 416) {
        await response.body?.cancel();
        const total = Number(/\/(\d+)$/.exec(response.headers.get('content-range') ?? '')?.[1] ?? Number.NaN);
        if (Number.isFinite(total)) return { body: emptyBody(), size: total, contentType, range: 'unsatisfiable' };
        // Some servers omit the total: ask for it.
        const head = await send(key, 'read', { method: 'HEAD' });
        if (head.status === 404) return null;
        return { body: emptyBody(), size: Number(head.headers.get('content-length') ?? 0), contentType, range: 'unsatisfiable' };
      }
      if (!response.ok || !response.body) throw failed('read', key, await refusal(response));
      if (response.status === 206) {
        const match = /^bytes (\d+)-(\d+)\/(\d+)$/.exec(response.headers.get('content-range') ?? '');
        if (!match) {
          await response.body.cancel();
          throw failed('read', key, 'a partial answer without Content-Range');
        }
        return { body: response.body, size: Number(match[3]), contentType, range: { start: Number(match[1]), end: Number(match[2]) } };
      }
      const size = Number(response.headers.get('content-length') ?? Number.NaN);
      if (!Number.isFinite(size)) {
        await response.body.cancel();
        throw failed('read', key, 'an answer without Content-Length');
      }
      // A server that ignored the range sent it all: say so (the caller answers 200).
      return { body: response.body, size, contentType, range: null };
    },

    async delete(key) {
      checkStorageKey(key);
      const response = await send(key, 'delete', { method: 'DELETE' });
      await response.body?.cancel();
      if (!response.ok && response.status !== 404) throw failed('delete', key, `HTTP ${response.status}`);
    },

    async exists(key) {
      checkStorageKey(key);
      const response = await send(key, 'look for', { method: 'HEAD' });
      await response.body?.cancel();
      if (response.status === 404) return false;
      if (!response.ok) throw failed('look for', key, `HTTP ${response.status}`);
      return true;
    },
  };
}
