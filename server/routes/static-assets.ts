/**
 * The client build's hashed files at `/assets/*`: cached for a year as immutable (a new build has
 * new names), with a `.br` or `.gz` sibling served instead when the browser accepts it.
 */
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Context } from 'hono';
import { acceptedEncodings } from '../lib/compress.js';

const TYPES: Readonly<Record<string, string>> = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.gif': 'image/gif',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.wasm': 'application/wasm',
};

async function isFile(file: string): Promise<boolean> {
  try {
    return (await stat(file)).isFile();
  } catch {
    return false;
  }
}

/** A handler for GET `/assets/*` serving files from `<staticDir>/assets`. */
export function staticAssets(staticDir: string): (c: Context) => Promise<Response> {
  const root = path.resolve(staticDir, 'assets');
  return async (c) => {
    let relative: string;
    try {
      relative = decodeURIComponent(c.req.path.slice('/assets/'.length));
    } catch {
      return c.text('Not Found', 404);
    }
    // Only plain names below the assets folder: no traversal, no hidden files, no NUL bytes.
    if (relative === '' || relative.includes('\0') || relative.includes('\\') || relative.split('/').some((seg) => seg === '' || seg.startsWith('.'))) {
      return c.text('Not Found', 404);
    }
    const file = path.resolve(root, relative);
    if (!file.startsWith(root + path.sep) || !(await isFile(file))) return c.text('Not Found', 404);

    const type = TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream';
    const encodings = acceptedEncodings(c.req.header('accept-encoding'));
    let served = file;
    let encoding: string | undefined;
    if (encodings.has('br') && (await isFile(`${file}.br`))) {
      served = `${file}.br`;
      encoding = 'br';
    } else if (encodings.has('gzip') && (await isFile(`${file}.gz`))) {
      served = `${file}.gz`;
      encoding = 'gzip';
    }
    const body = await readFile(served);
    c.header('Content-Type', type);
    c.header('Cache-Control', 'public, max-age=31536000, immutable');
    c.header('Vary', 'Accept-Encoding');
    if (encoding) c.header('Content-Encoding', encoding);
    return c.body(new Uint8Array(body));
  };
}
