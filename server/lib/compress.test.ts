/** Compression of dynamic answers: encoding negotiation (properties) and the middleware on real routes. */
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import fc from 'fast-check';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startShop, type TestShop } from '../test/harness.js';
import { acceptedEncodings, acceptEncodingWeights, chooseEncoding, compression, isCompressible, varyWithAcceptEncoding } from './compress.js';

const token = fc.constantFrom('br', 'gzip', 'deflate', 'identity', 'zstd', '*', 'BR', 'Gzip');
const weight = fc.option(fc.constantFrom('0', '0.0', '0.5', '1', '1.0', '0.001', 'x', ''), { nil: undefined });
const headerOf = (parts: ReadonlyArray<readonly [string, string | undefined]>) => parts.map(([name, q]) => (q === undefined ? name : `${name};q=${q}`)).join(', ');
const acceptEncoding = fc.array(fc.tuple(token, weight), { maxLength: 6 }).map(headerOf);

describe('encoding negotiation', () => {
  it('never answers with an encoding the client refused or did not offer', () => {
    fc.assert(
      fc.property(acceptEncoding, (header) => {
        const chosen = chooseEncoding(header);
        if (chosen === null) return;
        const weights = acceptEncodingWeights(header);
        expect(weights.get(chosen) ?? weights.get('*') ?? 0).toBeGreaterThan(0);
        expect(acceptedEncodings(header).has(chosen)).toBe(true);
      }),
    );
  });

  it('picks the encoding weighed highest, brotli on a tie, and none when neither is accepted', () => {
    fc.assert(
      fc.property(acceptEncoding, (header) => {
        const weights = acceptEncodingWeights(header);
        const star = weights.get('*') ?? 0;
        const br = weights.get('br') ?? star;
        const gz = weights.get('gzip') ?? star;
        expect(chooseEncoding(header)).toBe(br <= 0 && gz <= 0 ? null : br >= gz ? 'br' : 'gzip');
      }),
    );
  });

  it('reads the headers browsers and tools send', () => {
    expect(chooseEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(chooseEncoding('gzip, deflate')).toBe('gzip');
    expect(chooseEncoding('br;q=0, gzip')).toBe('gzip');
    expect(chooseEncoding('gzip;q=1, br;q=0.5')).toBe('gzip');
    expect(chooseEncoding('*')).toBe('br');
    expect(chooseEncoding('*, br;q=0')).toBe('gzip');
    expect(chooseEncoding('identity')).toBeNull();
    expect(chooseEncoding('')).toBeNull();
    expect(chooseEncoding(undefined)).toBeNull();
  });

  it('compresses text, JSON and XML documents, not pictures (SVG included) or archives', () => {
    for (const type of ['text/html; charset=utf-8', 'application/json; charset=UTF-8', 'application/problem+json', 'application/xml', 'application/atom+xml', 'text/plain']) {
      expect(isCompressible(type)).toBe(true);
    }
    for (const type of ['image/svg+xml', 'image/png', 'application/octet-stream', 'application/zip', '', null]) expect(isCompressible(type)).toBe(false);
  });

  it('adds Accept-Encoding to Vary once, keeping what was there', () => {
    expect(varyWithAcceptEncoding(null)).toBe('Accept-Encoding');
    expect(varyWithAcceptEncoding('cookie')).toBe('cookie, Accept-Encoding');
    expect(varyWithAcceptEncoding('Cookie, accept-encoding')).toBe('Cookie, accept-encoding');
    expect(varyWithAcceptEncoding('*')).toBe('*');
  });
});

describe('the compression middleware', () => {
  const big = JSON.stringify({ items: Array.from({ length: 200 }, (_, i) => ({ id: i, name: `Product ${i}` })) });
  const app = new Hono();
  app.use('*', compression());
  app.get('/big', (c) => c.body(big, 200, { 'content-type': 'application/json; charset=UTF-8', vary: 'cookie', etag: '"abc"' }));
  app.get('/small', (c) => c.json({ ok: true }));
  app.get('/picture', (c) => c.body(new Uint8Array(4096), 200, { 'content-type': 'image/png' }));
  app.get('/encoded', (c) => c.body('already', 200, { 'content-type': 'text/plain', 'content-encoding': 'br' }));
  app.get('/no-transform', (c) => c.body(big, 200, { 'content-type': 'application/json', 'cache-control': 'no-transform' }));
  app.get('/empty', () => new Response(null, { status: 204 }));

  it('sends brotli to a client that accepts it, and the body decodes to the original', async () => {
    const res = await app.request('/big', { headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(res.headers.get('content-encoding')).toBe('br');
    expect(res.headers.get('vary')).toBe('cookie, Accept-Encoding');
    expect(res.headers.get('content-length')).toBeNull();
    expect(res.headers.get('etag')).toBe('W/"abc"');
    const bytes = Buffer.from(await res.arrayBuffer());
    expect(bytes.length).toBeLessThan(big.length / 4);
    expect(brotliDecompressSync(bytes).toString()).toBe(big);
  });

  it('falls back to gzip, and to the plain body (still marked Vary) when neither is accepted', async () => {
    const gz = await app.request('/big', { headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(Buffer.from(await gz.arrayBuffer())).toString()).toBe(big);
    const plain = await app.request('/big');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(plain.headers.get('vary')).toBe('cookie, Accept-Encoding');
    expect(await plain.text()).toBe(big);
  });

  it('keeps the status and every header of the answer it compresses, each cookie included', async () => {
    const cookies = new Hono();
    cookies.use('*', compression());
    cookies.get('/', (c) => {
      c.header('Set-Cookie', 'a=1; Path=/', { append: true });
      c.header('Set-Cookie', 'b=2; Path=/', { append: true });
      return c.body(big, 404, { 'content-type': 'application/json', 'x-extra': 'kept' });
    });
    const res = await cookies.request('/', { headers: { 'accept-encoding': 'br' } });
    expect(res.status).toBe(404);
    expect(res.headers.get('content-encoding')).toBe('br');
    expect(res.headers.getSetCookie()).toEqual(['a=1; Path=/', 'b=2; Path=/']);
    expect(res.headers.get('x-extra')).toBe('kept');
    expect(brotliDecompressSync(Buffer.from(await res.arrayBuffer())).toString()).toBe(big);
    const plain = await cookies.request('/');
    expect(plain.status).toBe(404);
    expect(plain.headers.getSetCookie()).toEqual(['a=1; Path=/', 'b=2; Path=/']);
    expect(plain.headers.get('vary')).toBe('Accept-Encoding');
    expect(await plain.text()).toBe(big);
  });

  it('leaves alone small bodies, pictures, encoded bodies, no-transform answers and empty answers', async () => {
    const headers = { 'accept-encoding': 'br, gzip' };
    const small = await app.request('/small', { headers });
    expect(small.headers.get('content-encoding')).toBeNull();
    expect(await small.json()).toEqual({ ok: true });
    expect((await app.request('/picture', { headers })).headers.get('content-encoding')).toBeNull();
    const encoded = await app.request('/encoded', { headers });
    expect(encoded.headers.get('content-encoding')).toBe('br');
    expect(await encoded.text()).toBe('already');
    const kept = await app.request('/no-transform', { headers });
    expect(kept.headers.get('content-encoding')).toBeNull();
    expect(await kept.text()).toBe(big);
    expect((await app.request('/empty', { headers })).status).toBe(204);
  });
});

describe('compression on the shop', () => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await startShop({
      pages: async () => new Response(`<!doctype html><title>x</title>${'<p>Piña barong</p>'.repeat(200)}`, { headers: { 'content-type': 'text/html; charset=utf-8', vary: 'cookie' } }),
    });
  });
  afterAll(async () => {
    await shop.close();
  });

  it('compresses Store API lists and pages, keeping their headers and cookies', async () => {
    const api = await shop.app.request('/wp-json/wc/store/v1/products?per_page=12', { headers: { 'accept-encoding': 'br' } });
    expect(api.status).toBe(200);
    expect(api.headers.get('content-encoding')).toBe('br');
    expect(api.headers.get('x-wp-total')).not.toBeNull();
    expect(api.headers.get('x-content-type-options')).toBe('nosniff');
    const products = JSON.parse(brotliDecompressSync(Buffer.from(await api.arrayBuffer())).toString()) as unknown[];
    expect(products).toHaveLength(12);

    const page = await shop.app.request('/shop/', { headers: { 'accept-encoding': 'gzip' } });
    expect(page.headers.get('content-encoding')).toBe('gzip');
    expect(page.headers.get('vary')).toBe('cookie, Accept-Encoding');
    expect(gunzipSync(Buffer.from(await page.arrayBuffer())).toString()).toContain('Piña barong');
  });

  it('answers in-process calls (no Accept-Encoding, as the page renderer sends them) uncompressed', async () => {
    const api = await shop.app.request('/wp-json/wc/store/v1/products?per_page=12');
    expect(api.headers.get('content-encoding')).toBeNull();
    expect(await api.json()).toHaveLength(12);
  });

  it('compresses over real HTTP, which clients decode', async () => {
    const res = await fetch(`${shop.url}/wp-json/wc/store/v1/products?per_page=12`, { headers: { 'accept-encoding': 'br, gzip' } });
    expect(res.headers.get('content-encoding')).toBe('br');
    expect(await res.json()).toHaveLength(12);
  });
});
