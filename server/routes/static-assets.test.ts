/** The client build's assets: long caching, precompressed siblings, and nothing outside the folder. */
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staticAssets } from './static-assets.js';

let dir: string;
let app: Hono;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'suki-assets-'));
  await mkdir(path.join(dir, 'assets'));
  await writeFile(path.join(dir, 'assets', 'main-abc123.js'), 'console.log("plain")');
  await writeFile(path.join(dir, 'assets', 'main-abc123.js.br'), 'BROTLI');
  await writeFile(path.join(dir, 'assets', 'main-abc123.js.gz'), 'GZIP');
  await writeFile(path.join(dir, 'assets', 'style-def456.css'), 'body{}');
  await writeFile(path.join(dir, 'secret.txt'), 'outside');
  app = new Hono();
  app.get('/assets/*', staticAssets(dir));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('static assets', () => {
  it('serve files with an immutable one-year cache and their type', async () => {
    const response = await app.request('/assets/style-def456.css');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/css; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(response.headers.get('content-encoding')).toBeNull();
    expect(await response.text()).toBe('body{}');
  });

  it('prefer brotli, then gzip, when the browser accepts them and the sibling exists', async () => {
    const br = await app.request('/assets/main-abc123.js', { headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(br.headers.get('vary')).toBe('Accept-Encoding');
    expect(await br.text()).toBe('BROTLI');
    const gz = await app.request('/assets/main-abc123.js', { headers: { 'accept-encoding': 'gzip, br;q=0' } });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(await gz.text()).toBe('GZIP');
    const plain = await app.request('/assets/main-abc123.js');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toBe('console.log("plain")');
  });

  it('never leave the assets folder', async () => {
    for (const target of ['/assets/../secret.txt', '/assets/%2e%2e/secret.txt', '/assets/..%2fsecret.txt', '/assets/.hidden', '/assets/', '/assets/missing.js', '/assets/%E0%A4%A']) {
      expect((await app.request(target)).status).toBe(404);
    }
  });
});
