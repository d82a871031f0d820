/**
 * Issue 11's hardening over real HTTP: text the database cannot hold, invisible comment authors,
 * cross-site writes without an Origin header, session fixation, proxy trust and the public address,
 * the page security policy.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
