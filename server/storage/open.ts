/**
 * Which storage the shop uses, from `SUKI_MEDIA_URL`:
 *
 * - absent: the folder `<SUKI_DATA_DIR>/media`;
 * - `file:///srv/suki-media`: that folder (an absolute path; e.g. a volume several instances share);
 * - `s3://bucket/optional/prefix?endpoint=http://127.0.0.1:9000&region=us-east-1&style=path`: an
 *   S3-compatible bucket. `endpoint` is the server (absent: Amazon S3 in `region`), `region`
 *   defaults to `us-east-1`, `style` is `path` (the default with an endpoint) or `virtual` (bucket in
 *   the host name, the default for Amazon). Credentials come from `SUKI_MEDIA_ACCESS_KEY_ID` and
 *   `SUKI_MEDIA_SECRET_ACCESS_KEY` (else `AWS_ACCESS_KEY_ID`, `AWS_SECRET_ACCESS_KEY` and
 *   `AWS_SESSION_TOKEN`), never from the URL, so the URL can be logged.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { fileStorage } from './fs.js';
import type { MediaStorage } from './port.js';
import { s3Storage, type S3StorageOptions } from './s3.js';

/** What `SUKI_MEDIA_URL` says, checked. */
export type MediaLocation = { readonly kind: 'folder'; readonly root: string } | ({ readonly kind: 's3' } & Omit<S3StorageOptions, 'accessKeyId' | 'secretAccessKey' | 'sessionToken'>);

const BUCKET = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;

/**
 * Reads a media URL (`undefined`: the data folder's `media`).
 * @throws Error with a message naming what is wrong.
 */
export function parseMediaUrl(value: string | undefined, dataDir: string): MediaLocation {
  if (value === undefined || value.trim() === '') return { kind: 'folder', root: path.resolve(dataDir, 'media') };
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    throw new Error('must be file:///absolute/folder or s3://bucket?endpoint=http://host:port&region=…');
  }
  if (url.protocol === 'file:') {
    if (url.search || url.hash || (url.host !== '' && url.host !== 'localhost')) throw new Error('a file: URL is a folder only, such as file:///srv/suki-media');
    return { kind: 'folder', root: fileURLToPath(url) };
  }
  if (url.protocol !== 's3:') throw new Error('must start with file:// or s3://');
  if (url.username || url.password) throw new Error('credentials go in SUKI_MEDIA_ACCESS_KEY_ID and SUKI_MEDIA_SECRET_ACCESS_KEY, not in the URL');
  const bucket = url.hostname;
  if (!BUCKET.test(bucket)) throw new Error(`"${bucket}" is not a bucket name (3–63 lower-case letters, digits, dots and hyphens)`);
  const prefixPath = decodeURIComponent(url.pathname.replace(/^\/+/, '').replace(/\/+$/, ''));
  if (prefixPath !== '' && !/^[a-z0-9][a-z0-9._/-]{0,200}$/i.test(prefixPath)) throw new Error('the prefix (the path after the bucket) may hold letters, digits, ".", "_", "-" and "/" only');
  const known = new Set(['endpoint', 'region', 'style']);
  for (const name of url.searchParams.keys()) if (!known.has(name)) throw new Error(`unknown parameter "${name}" (known: endpoint, region, style)`);
  const endpoint = url.searchParams.get('endpoint') ?? undefined;
  if (endpoint !== undefined) {
    let parsed: URL;
    try {
      parsed = new URL(endpoint);
    } catch {
      throw new Error('endpoint must be an address such as http://127.0.0.1:9000');
    }
    if ((parsed.protocol !== 'http:' && parsed.protocol !== 'https:') || parsed.pathname !== '/' || parsed.search || parsed.username) throw new Error('endpoint must be an address such as http://127.0.0.1:9000 (scheme, host and port only)');
  }
  const region = url.searchParams.get('region') ?? 'us-east-1';
  if (!/^[a-z0-9-]{1,40}$/.test(region)) throw new Error('region must be a region name such as us-east-1');
  const style = url.searchParams.get('style');
  if (style !== null && style !== 'path' && style !== 'virtual') throw new Error('style must be path or virtual');
  return {
    kind: 's3',
    bucket,
    region,
    ...(endpoint === undefined ? {} : { endpoint: new URL(endpoint).origin }),
    ...(style === null ? {} : { pathStyle: style === 'path' }),
    prefix: prefixPath === '' ? '' : `${prefixPath}/`,
  };
}

/**
 * Opens the storage `location` names.
 * @throws Error when an S3 location has no credentials in `env`.
 */
export function openMediaStorage(location: MediaLocation, env: NodeJS.ProcessEnv = process.env): MediaStorage {
  if (location.kind === 'folder') return fileStorage(location.root);
  const accessKeyId = env['SUKI_MEDIA_ACCESS_KEY_ID'] || env['AWS_ACCESS_KEY_ID'];
  const secretAccessKey = env['SUKI_MEDIA_SECRET_ACCESS_KEY'] || env['AWS_SECRET_ACCESS_KEY'];
  if (!accessKeyId || !secretAccessKey) throw new Error('SUKI_MEDIA_URL names a bucket: set SUKI_MEDIA_ACCESS_KEY_ID and SUKI_MEDIA_SECRET_ACCESS_KEY (or AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY).');
  const sessionToken = env['SUKI_MEDIA_ACCESS_KEY_ID'] ? undefined : env['AWS_SESSION_TOKEN'] || undefined;
  const { kind: _kind, ...rest } = location;
  return s3Storage({ ...rest, accessKeyId, secretAccessKey, sessionToken });
}
