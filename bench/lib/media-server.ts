/**
 * The shop with review uploads on, in a process of its own for `bench/server-media.ts` (so its CPU
 * time and memory peak can be read from /proc): PGlite in a temporary folder, the storage port on a folder
 * (`MEDIA_DIR`), or on S3 when `SUKI_MEDIA_URL` says so. Prints `listening <url>`.
 */
import { createShopApp } from '../../server/app.js';
import { openDatabase } from '../../server/db/client.js';
import { listen } from '../../server/listen.js';
import { openMediaStorage, parseMediaUrl } from '../../server/storage/open.js';

const dataDir = process.env['MEDIA_DIR'] ?? '.tmp/bench-media';
// PGlite on disk, as `npm start` runs it (in memory it would hold the whole catalogue in the process).
const database = await openDatabase({ dataDir });
const storage = openMediaStorage(parseMediaUrl(process.env['SUKI_MEDIA_URL'], dataDir));
const app = createShopApp({
  database,
  logger: { info: () => undefined, warn: (...args: unknown[]) => console.error(...args), error: (...args: unknown[]) => console.error(...args) },
  reviewMedia: { settings: { enabled: true, limit: 5, maxMiB: 25, videos: true }, storage, uploadLimit: { max: 1_000_000, windowMs: 60_000 } },
});
const server = await listen(app, { port: 0, host: '127.0.0.1' });
console.log(`listening ${server.url}`);
