/**
 * A local S3-compatible server for tests: s3rver (Node, keeps objects in a temporary folder) on
 * 127.0.0.1 and a free port, with one bucket, and the storage port on it. s3rver checks SigV4
 * signatures with its fixed credentials (`S3RVER` / `S3RVER`).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import type { MediaStorage } from '../storage/port.js';
import { s3Storage, type S3StorageOptions } from '../storage/s3.js';

export interface LocalS3 {
  /** `http://127.0.0.1:<port>`. */
  readonly endpoint: string;
  readonly bucket: string;
  /** A storage on the bucket (several may be made: they share the objects). */
  storage(options?: Partial<S3StorageOptions>): MediaStorage;
  close(): Promise<void>;
}

/** Starts s3rver with the bucket `bucket`. */
export async function startLocalS3(bucket = 'suki-media'): Promise<LocalS3> {
  const directory = await mkdtemp(path.join(tmpdir(), 'suki-s3-'));
  const server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory, configureBuckets: [{ name: bucket }] });
  const info = await server.run();
  const endpoint = `http://127.0.0.1:${info.port}`;
  return {
    endpoint,
    bucket,
    storage: (options = {}) => s3Storage({ bucket, endpoint, region: 'us-east-1', accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER', ...options }),
    close: async () => {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
