/**
 * Issue 11's hardening over real HTTP: text the database cannot hold, invisible comment authors,
 * cross-site writes without an Origin header, session fixation, proxy trust and the public address,
 * the page security policy.
 */
import { randomBytes } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cartItems, sessions } from './db/schema.js';
import { Shopper, startShop, STORE, type StoreProductJson, type TestShop } from './test/harness.js';

let shop: TestShop;
let catalogue: StoreProductJson[];

beforeAll(async () => {
  shop = await startShop();
  catalogue = (await new Shopper(shop.url).getJson<StoreProductJson[]>(`${STORE}/products?per_page=100`)).body;
});
afterAll(async () => {
  expect(shop.logger.errors).toEqual([]);
  await shop.close();
});

const simpleId = () => catalogue.find((p) => p.slug === 'kapeng-barako-ground-coffee')!.id;

interface ErrorJson {
  code: string;
  message: string;
  data: { status: number; params?: Record<string, string> };
}

async function jsonError(response: Response): Promise<ErrorJson> {
  expect(response.headers.get('content-type')).toContain('application/json');
  return (await response.json()) as ErrorJson;
}

describe('NUL characters and unpaired surrogates', () => {
  it('refuses ?search=%00 on the Store API with 400 rest_invalid_param (not a database error)', async () => {
    const response = await fetch(`${shop.url}${STORE}/products?search=%00`);
    expect(response.status).toBe(400);
    const body = await jsonError(response);
    expect(body.code).toBe('rest_invalid_param');
    expect(body.data.params).toHaveProperty('search');
  });

  it('refuses NUL in any query parameter, in wp/v2 and in page addresses too', async () => {
    for (const path of [`${STORE}/products?slug=a%00b`, `${STORE}/products?category=%00`, '/wp-json/wp/v2/posts?search=x%00', `${STORE}/products/categories?x%00=1`]) {
      const response = await fetch(`${shop.url}${path}`);
      expect(response.status, path).toBe(400);
      expect((await jsonError(response)).code).toBe('rest_invalid_param');
    }
    const page = await fetch(`${shop.url}/product/a%00b/`);
    expect(page.status).toBe(400);
  });

  it('refuses NUL and unpaired surrogates in JSON and form bodies', async () => {
    const shopper = new Shopper(shop.url);
    const nonce = await shopper.ensureNonce();
    for (const text of ['\u0000', 'a\ud800', '\udc00b']) {
      const json = await shopper.fetch(`${STORE}/cart/add-item`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', nonce },
        body: JSON.stringify({ id: simpleId(), variation: [{ attribute: 'pa_colour', value: text }] }),
      });
      expect(json.status).toBe(400);
      const body = await jsonError(json);
      expect(body.code).toBe('rest_invalid_param');
      expect(body.data.params).toHaveProperty('variation');
    }
    const form = await shopper.fetch('/?wc-ajax=add_to_cart', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `product_id=${simpleId()}&attribute_pa_colour=%00`,
    });
    expect(form.status).toBe(400);
    expect((await jsonError(form)).data.params).toHaveProperty('attribute_pa_colour');
    const comment = await shopper.fetch('/wp-json/wp/v2/comments', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ post: 9001, author_name: 'Nena\u0000', author_email: 'nena@example.org', content: 'A comment that is long enough.' }),
    });
    expect(comment.status).toBe(400);
    expect((await jsonError(comment)).data.params).toHaveProperty('author_name');
  });

  it('checks a deeply nested JSON body without running out of stack', async () => {
    const depth = 30_000;
    for (const inner of ['"x"', '"\\u0000"']) {
      const response = await fetch(`${shop.url}${STORE}/cart/add-item`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: `{"id":${simpleId()},"variation":${'['.repeat(depth)}${inner}${']'.repeat(depth)}}`,
      });
      expect(response.status).toBeGreaterThanOrEqual(400);
      expect(response.status).toBeLessThan(500);
    }
  });

  it('still takes ordinary text, emoji (surrogate pairs) included', async () => {
    const response = await fetch(`${shop.url}${STORE}/products?search=${encodeURIComponent('kape ☕ 🇵🇭')}`);
    expect(response.status).toBe(200);
  });
});

describe('invisible comment authors', () => {
  const comment = (author: string, address: string) =>
    fetch(`${shop.url}/wp-json/wp/v2/comments`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
      body: JSON.stringify({ post: 9001, author_name: author, author_email: 'ghost@example.org', content: `A perfectly visible comment from ${address}.` }),
    });

  it('refuses an author made only of zero-width, bidi, filler or other invisible characters as missing', async () => {
    const invisible = ['\u200b\u200b\u200b', '\u200c\u200d', '\u2060\ufeff', '\u00ad\u00ad', '\u202e\u202c', '\u3164\u3164', '\u115f\u1160', '\u2800\u2800', '\u00a0\u2007\u200b', '\u180e\u034f'];
    let n = 1;
    for (const author of invisible) {
      const response = await comment(author, `192.0.2.${n++}`);
      expect(response.status, JSON.stringify(author)).toBe(400);
      expect((await jsonError(response)).code).toBe('rest_comment_author_data_required');
    }
  });

  it('keeps authors with visible characters among invisible ones', async () => {
    const response = await comment('\u200bLito\u200d', '192.0.2.100');
    expect(response.status).toBe(201);
  });
});

describe('writes without an Origin header', () => {
  const add = (headers: Record<string, string>) =>
    fetch(`${shop.url}/?wc-ajax=add_to_cart`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers }, body: `product_id=${simpleId()}` });

  it('refuses Sec-Fetch-Site cross-site and same-site with 403', async () => {
    for (const site of ['cross-site', 'same-site']) {
      const response = await add({ 'sec-fetch-site': site });
      expect(response.status, site).toBe(403);
      expect((await jsonError(response)).code).toBe('suki_forbidden_origin');
    }
  });

  it('accepts Sec-Fetch-Site same-origin and none', async () => {
    for (const site of ['same-origin', 'none']) expect((await add({ 'sec-fetch-site': site })).status, site).toBe(200);
  });

  it('without Sec-Fetch-Site, refuses a foreign Referer and accepts our own', async () => {
    for (const referer of ['https://evil.example/page', 'http://127.0.0.1.evil.example/', 'null']) {
      const response = await add({ referer });
      expect(response.status, referer).toBe(403);
    }
    expect((await add({ referer: `${shop.url}/shop/` })).status).toBe(200);
  });

  it('refuses a cross-site write however it is routed (method override, rest_route)', async () => {
    const override = await fetch(`${shop.url}${STORE}/cart/items`, { method: 'POST', headers: { 'x-http-method-override': 'DELETE', 'sec-fetch-site': 'cross-site' } });
    expect(override.status).toBe(403);
    const routed = await fetch(`${shop.url}/?rest_route=/wc/store/v1/cart/add-item`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', referer: 'https://evil.example/' },
      body: JSON.stringify({ id: simpleId() }),
    });
    expect(routed.status).toBe(403);
  });

  it('lets a Sec-Fetch-Site cross-site request through when it only reads', async () => {
    const read = await fetch(`${shop.url}${STORE}/cart`, { headers: { 'sec-fetch-site': 'cross-site' } });
    expect(read.status).toBe(200);
  });

  it('takes a write with no Origin, no Sec-Fetch-Site and no Referer (curl, server-to-server, stock clients)', async () => {
    expect((await add({})).status).toBe(200);
  });
});

/** A GET or POST over plain HTTP with any Host header (fetch does not let a caller set Host). */
function rawRequest(base: string, path: string, headers: Record<string, string>, method = 'GET', body = ''): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }> {
  const url = new URL(base);
  return new Promise((resolve, reject) => {
    const request = httpRequest({ host: url.hostname, port: url.port, path, method, headers: { ...headers, ...(body ? { 'content-length': String(Buffer.byteLength(body)) } : {}) } }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks).toString('utf8') }));
    });
    request.on('error', reject);
    request.end(body);
  });
}

const setCookies = (headers: Record<string, string | string[] | undefined>): string[] => {
  const value = headers['set-cookie'];
  return value === undefined ? [] : Array.isArray(value) ? value : [value];
};

describe('proxy trust and the public address', () => {
  const comment = (base: string, n: number, headers: Record<string, string>) =>
    fetch(`${base}/wp-json/wp/v2/comments`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify({ post: 9001, author_name: 'Rico', author_email: `rico${n}@example.org`, content: `Comment number ${n} about the barako.` }),
    });

  it('without SUKI_TRUST_PROXY, X-Forwarded-For does not change who the flood guard counts', async () => {
    const direct = await startShop();
    try {
      for (let n = 0; n < 5; n++) expect((await comment(direct.url, n, { 'x-forwarded-for': `198.51.100.${n + 1}` })).status).toBe(201);
      const sixth = await comment(direct.url, 6, { 'x-forwarded-for': '198.51.100.99' });
      expect(sixth.status).toBe(400);
      expect((await jsonError(sixth)).code).toBe('comment_flood');
    } finally {
      await direct.close();
    }
  });

  it('with the proxy trusted, the flood guard counts the forwarded client, and forwarded host and scheme make the links', async () => {
    const behind = await startShop({ trustProxy: ['127.0.0.1', '::1'] });
    try {
      for (let n = 0; n < 5; n++) expect((await comment(behind.url, n, { 'x-forwarded-for': '203.0.113.5' })).status).toBe(201);
      expect((await comment(behind.url, 6, { 'x-forwarded-for': '203.0.113.5' })).status).toBe(400);
      // A spoofed entry on the left does not help: the proxy's own entry (rightmost) is the client.
      expect((await comment(behind.url, 7, { 'x-forwarded-for': '10.9.9.9, 203.0.113.5' })).status).toBe(400);
      expect((await comment(behind.url, 8, { 'x-forwarded-for': '203.0.113.6' })).status).toBe(201);
      const robots = await rawRequest(behind.url, '/robots.txt', { host: 'internal:3000', 'x-forwarded-host': 'shop.example', 'x-forwarded-proto': 'https' });
      expect(robots.body).toContain('Sitemap: https://shop.example/sitemap.xml');
      const cart = await rawRequest(behind.url, `${STORE}/cart`, { 'x-forwarded-proto': 'https' });
      expect(setCookies(cart.headers).find((line) => line.startsWith('suki_session='))).toMatch(/; Secure$/);
    } finally {
      await behind.close();
    }
  });

  it('believes no forwarded header from a peer that is not the named proxy', async () => {
    const elsewhere = await startShop({ trustProxy: ['192.0.2.10'], listenUrl: () => 'http://127.0.0.1:3000' });
    try {
      const robots = await rawRequest(elsewhere.url, '/robots.txt', { host: 'evil.example', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' });
      expect(robots.body).toContain('Sitemap: http://127.0.0.1:3000/sitemap.xml');
      const cart = await rawRequest(elsewhere.url, `${STORE}/cart`, { 'x-forwarded-proto': 'https' });
      expect(setCookies(cart.headers).find((line) => line.startsWith('suki_session='))).not.toMatch(/Secure/);
    } finally {
      await elsewhere.close();
    }
  });

  it('makes every absolute link from SUKI_PUBLIC_URL, whatever the Host header says', async () => {
    const pub = await startShop({ publicUrl: 'https://shop.example' });
    try {
      const headers = { host: 'evil.example' };
      expect((await rawRequest(pub.url, '/robots.txt', headers)).body).toContain('Sitemap: https://shop.example/sitemap.xml');
      expect((await rawRequest(pub.url, '/sitemap.xml', headers)).body).toContain('<loc>https://shop.example/sitemap-products-1.xml</loc>');
      const products = await rawRequest(pub.url, `${STORE}/products?per_page=1`, headers);
      expect((JSON.parse(products.body) as StoreProductJson[])[0]!.permalink).toMatch(/^https:\/\/shop\.example\/product\//);
      expect(String(products.headers['link'])).toContain('<https://shop.example/wp-json/>');
      // The origin check compares with the public address, not with the Host header.
      const form = { 'content-type': 'application/x-www-form-urlencoded' };
      expect((await rawRequest(pub.url, '/?wc-ajax=get_refreshed_fragments', { ...headers, ...form, origin: 'http://evil.example' }, 'POST', 'x=1')).status).toBe(403);
      expect((await rawRequest(pub.url, '/?wc-ajax=get_refreshed_fragments', { ...headers, ...form, origin: 'https://shop.example' }, 'POST', 'x=1')).status).toBe(200);
      // Cookies are Secure because the public address is https.
      const cart = await rawRequest(pub.url, `${STORE}/cart`, headers);
      expect(setCookies(cart.headers).find((line) => line.startsWith('suki_session='))).toMatch(/; Secure$/);
    } finally {
      await pub.close();
    }
  });

  it('defaults the public address to the listen address, taking localhost for 127.0.0.1 in the origin check', async () => {
    const listened = await startShop({ listenUrl: () => 'http://127.0.0.1:3000' });
    try {
      expect((await rawRequest(listened.url, '/robots.txt', { host: 'evil.example:3000' })).body).toContain('Sitemap: http://127.0.0.1:3000/sitemap.xml');
      const post = (origin: string) => rawRequest(listened.url, '/?wc-ajax=get_refreshed_fragments', { origin, 'content-type': 'application/x-www-form-urlencoded' }, 'POST', 'x=1');
      expect((await post('http://localhost:3000')).status).toBe(200);
      expect((await post('http://127.0.0.1:3000')).status).toBe(200);
      expect((await post('http://localhost:3001')).status).toBe(403);
      expect((await post('http://evil.example:3000')).status).toBe(403);
    } finally {
      await listened.close();
    }
  });
});

describe('session fixation', () => {
  const sessionOf = (response: Response): string | undefined =>
    response.headers
      .getSetCookie()
      .find((line) => line.startsWith('suki_session='))
      ?.split(';', 1)[0]
      ?.slice('suki_session='.length);
  const rowsOf = async (id: string) => (await shop.db.database.db.select().from(sessions).where(eq(sessions.id, id))).length;
  const linesOf = async (id: string) => (await shop.db.database.db.select().from(cartItems).where(eq(cartItems.sessionId, id))).length;

  it('never adopts a session id it did not issue: a planted one gets a new id and owns nothing', async () => {
    const planted = randomBytes(16).toString('hex');
    const forged = `${randomBytes(16).toString('hex')}${'0'.repeat(32)}`;
    for (const id of [planted, forged, `${planted}.sig`]) {
      const shopper = new Shopper(shop.url);
      shopper.cookies.set('suki_session', id);
      const read = await shopper.fetch(`${STORE}/cart`);
      const issued = sessionOf(read);
      expect(issued, id).toBeDefined();
      expect(issued).not.toBe(id);
      const added = await shopper.postForm('/?wc-ajax=add_to_cart', { product_id: String(simpleId()) });
      expect(added.status).toBe(200);
      expect(await rowsOf(id)).toBe(0);
      expect(await linesOf(id)).toBe(0);
      expect(await linesOf(issued!)).toBe(1);
    }
  });

  it('keeps the ids it issued: no new cookie on the next request, and the cart is there', async () => {
    const shopper = new Shopper(shop.url);
    await shopper.postForm('/?wc-ajax=add_to_cart', { product_id: String(simpleId()) });
    const id = shopper.cookies.get('suki_session')!;
    const again = await shopper.fetch(`${STORE}/cart`);
    expect(sessionOf(again)).toBeUndefined();
    expect(((await again.json()) as { items_count: number }).items_count).toBe(1);
    expect(await linesOf(id)).toBe(1);
  });

  it('keeps a cart made before ids were signed (an existing row under a 32-digit id), for two weeks at most', async () => {
    const { db } = shop.db.database;
    const old = randomBytes(16).toString('hex');
    const stale = randomBytes(16).toString('hex');
    const expiresAt = new Date(Date.now() + 24 * 3_600_000).toISOString();
    await db.insert(sessions).values([
      { id: old, expiresAt, createdAt: new Date(Date.now() - 3_600_000).toISOString() },
      { id: stale, expiresAt, createdAt: new Date(Date.now() - 15 * 86_400_000).toISOString() },
    ]);
    const keeper = new Shopper(shop.url);
    keeper.cookies.set('suki_session', old);
    expect((await keeper.postForm('/?wc-ajax=add_to_cart', { product_id: String(simpleId()) })).status).toBe(200);
    expect(keeper.cookies.get('suki_session')).toBe(old);
    expect(await linesOf(old)).toBe(1);
    const late = new Shopper(shop.url);
    late.cookies.set('suki_session', stale);
    await late.postForm('/?wc-ajax=add_to_cart', { product_id: String(simpleId()) });
    expect(late.cookies.get('suki_session')).not.toBe(stale);
    expect(await linesOf(stale)).toBe(0);
  });
});
