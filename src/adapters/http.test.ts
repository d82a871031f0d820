import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { MAX_PAGES, NONCE_ERROR_CODES, createHttpClient, nextLink, type HttpClientOptions } from './http.js';
import { SHOP, fakeShop, inOrder, json, type Answer } from './testing/fake-shop.js';

const anything = v.unknown();
const list = v.array(v.object({ id: v.pipe(v.number(), v.integer()) }));

function setup(answer: Answer, options: Partial<HttpClientOptions> = {}) {
  const shop = fakeShop(answer);
  const http = createHttpClient({ baseUrl: SHOP, fetch: shop.fetch, ...options });
  return { http, requests: shop.requests };
}

describe('REST URLs', () => {
  it('prefixes the API root and adds _locale=user once', () => {
    const { http } = setup(inOrder());
    expect(http.restUrl('wc/store/v1/products', { page: 2, search: 'mug & tee' })).toBe(
      `${SHOP}/wp-json/wc/store/v1/products?page=2&search=mug+%26+tee&_locale=user`,
    );
    expect(http.restUrl('/wp/v2/posts?_locale=site')).toBe(`${SHOP}/wp-json/wp/v2/posts?_locale=site`);
    expect(http.restUrl('wp/v2/posts', { _locale: 'en_PH' })).toBe(`${SHOP}/wp-json/wp/v2/posts?_locale=en_PH`);
  });

  it('with plain permalinks the path’s own ? becomes &', () => {
    const { http } = setup(inOrder(), { apiRoot: '/?rest_route=/' });
    expect(http.restUrl('wc/store/v1/products?per_page=5')).toBe(
      `${SHOP}/?rest_route=/wc/store/v1/products&per_page=5&_locale=user`,
    );
    expect(http.restUrl('wc/store/v1/cart')).toBe(`${SHOP}/?rest_route=/wc/store/v1/cart&_locale=user`);
  });

  it('an absolute API root is used as it is', () => {
    const { http } = setup(inOrder(), { apiRoot: 'https://api.shop.ph/wp-json' });
    expect(http.restUrl('wc/store/v1/cart')).toBe('https://api.shop.ph/wp-json/wc/store/v1/cart?_locale=user');
  });

  it('locale can be turned off, undefined query values are left out', () => {
    const { http } = setup(inOrder(), { locale: false, baseUrl: `${SHOP}/` });
    expect(http.restUrl('wc/store/v1/products', { page: undefined, per_page: 4 })).toBe(
      `${SHOP}/wp-json/wc/store/v1/products?per_page=4`,
    );
  });

  it('same-origin check for URLs taken from answers', () => {
    const { http } = setup(inOrder());
    expect(http.sameOrigin('/product/peer-mug/')).toBe(`${SHOP}/product/peer-mug/`);
    expect(http.sameOrigin(`${SHOP}/cart/`)).toBe(`${SHOP}/cart/`);
    expect(http.sameOrigin('//evil.example/x')).toBeNull();
    expect(http.sameOrigin('javascript:alert(1)')).toBeNull();
    expect(http.sameOrigin('http://127.0.0.1:9999/')).toBeNull();
  });

  it('without an absolute base (browser) and no location, only root-relative URLs pass', () => {
    const { http } = setup(inOrder(), { baseUrl: '' });
    expect(http.sameOrigin('/product/x/')).toBe('/product/x/');
    expect(http.sameOrigin('//evil.example/')).toBeNull();
    expect(http.sameOrigin('https://evil.example/')).toBeNull();
  });
});

describe('REST requests', () => {
  it('PUT, PATCH and DELETE travel as POST with X-HTTP-Method-Override and a JSON body', async () => {
    const { http, requests } = setup(() => json({}));
    await http.rest({ path: 'wp/v2/comments/5', method: 'PUT', json: { content: 'x' }, schema: anything });
    await http.rest({ path: 'wp/v2/comments/5', method: 'PATCH', json: { status: 'hold' }, schema: anything });
    await http.rest({ path: 'wp/v2/comments/5', method: 'DELETE', schema: anything });
    expect(requests.map((r) => [r.method, r.headers['x-http-method-override'], r.headers['content-type'], r.body])).toEqual([
      ['POST', 'PUT', 'application/json', '{"content":"x"}'],
      ['POST', 'PATCH', 'application/json', '{"status":"hold"}'],
      ['POST', 'DELETE', 'application/json', '{}'],
    ]);
  });

  it('a GET carries no body, no content type, no Nonce and no Idempotency-Key', async () => {
    const { http, requests } = setup(() => json([]));
    http.setNonce('abc123def0');
    await http.rest({ path: 'wc/store/v1/products', schema: anything, idempotencyKey: 'k' });
    const [get] = requests;
    expect(get?.method).toBe('GET');
    expect(get?.body).toBe('');
    expect(get?.headers['content-type']).toBeUndefined();
    expect(get?.headers['nonce']).toBeUndefined();
    expect(get?.headers['idempotency-key']).toBeUndefined();
  });

  it('the Store API Nonce goes only to Store API writes; X-WP-Nonce to every REST call', async () => {
    const { http, requests } = setup(() => json({}), { restNonce: 'wpnonce001', storeNonce: 'store00001' });
    await http.rest({ path: 'wc/store/v1/cart/add-item', method: 'POST', json: { id: 1 }, schema: anything });
    await http.rest({ path: 'wp/v2/posts', method: 'POST', json: {}, schema: anything });
    await http.rest({ path: 'wp/v2/posts', schema: anything });
    expect(requests.map((r) => [r.headers['nonce'], r.headers['x-wp-nonce']])).toEqual([
      ['store00001', 'wpnonce001'],
      [undefined, 'wpnonce001'],
      [undefined, 'wpnonce001'],
    ]);
  });

  it('remembers the nonce from every answer, including X-WC-Store-API-Nonce and error answers', async () => {
    const { http } = setup(
      inOrder(
        () => json({}, 200, { 'X-WC-Store-API-Nonce': 'first00001' }),
        () => json({ code: 'x', message: 'no' }, 400, { Nonce: 'second0001' }),
        () => json({}, 200),
      ),
    );
    await http.rest({ path: 'wc/store/v1/cart', schema: anything });
    expect(http.nonce()).toBe('first00001');
    await http.rest({ path: 'wc/store/v1/cart', schema: anything });
    expect(http.nonce()).toBe('second0001');
    await http.rest({ path: 'wc/store/v1/cart', schema: anything });
    expect(http.nonce()).toBe('second0001');
  });

  it('forwards the headers() callback (SSR cookie) on every request, without overriding its own', async () => {
    const { http, requests } = setup(() => json({}), {
      headers: () => ({ Cookie: 'wp_woocommerce_session_x=1', Accept: 'text/html' }),
    });
    await http.rest({ path: 'wc/store/v1/cart', schema: anything });
    await http.postForm({ path: '/?wc-ajax=add_to_cart', fields: [['product_id', '1']], schema: anything });
    for (const request of requests) {
      expect(request.credentials).toBe('include');
      expect(request.headers['cookie']).toBe('wp_woocommerce_session_x=1');
      expect(request.headers['accept']).toBe('application/json, */*;q=0.1');
    }
  });

  it('returns the schema-checked data with status and headers', async () => {
    const { http } = setup(() => json([{ id: 1, extra: true }], 200, { 'X-WP-Total': '1' }));
    const reply = await http.rest({ path: 'wc/store/v1/products', schema: list });
    expect(reply.ok && reply.value.data).toEqual([{ id: 1 }]);
    expect(reply.ok && reply.value.headers.get('X-WP-Total')).toBe('1');
  });

  it('a 204 answer is null', async () => {
    const { http } = setup(() => new Response(null, { status: 204 }));
    const reply = await http.rest({ path: 'wp/v2/x', method: 'DELETE', schema: v.null() });
    expect(reply).toMatchObject({ ok: true, value: { status: 204, data: null } });
  });
});

describe('per_page=-1', () => {
  const page = (ids: number[], next: string | null) =>
    json(
      ids.map((id) => ({ id })),
      200,
      next ? { Link: `<${SHOP}/wp-json/>; rel="https://api.w.org/", <${next}>; rel="next"` } : {},
    );

  it('asks for 100 per page and follows Link rel="next" sequentially, concatenating', async () => {
    const p2 = `${SHOP}/wp-json/wc/store/v1/products?per_page=100&page=2&_locale=user`;
    const p3 = `${SHOP}/wp-json/wc/store/v1/products?per_page=100&page=3&_locale=user`;
    let inFlight = 0;
    let maxInFlight = 0;
    const answers = [() => page([1, 2], p2), () => page([3, 4], p3), () => page([5], null)];
    const { http, requests } = setup(async (_request, index) => {
      inFlight += 1;
      maxInFlight = Math.max(maxInFlight, inFlight);
      await new Promise((resolve) => setTimeout(resolve, 2));
      inFlight -= 1;
      return answers[index]!();
    });
    const reply = await http.rest({ path: 'wc/store/v1/products', query: { per_page: -1, category: 'mugs' }, schema: list });
    expect(requests.map((r) => r.url)).toEqual([
      `${SHOP}/wp-json/wc/store/v1/products?per_page=100&category=mugs&_locale=user`,
      p2,
      p3,
    ]);
    expect(maxInFlight).toBe(1);
    expect(reply.ok && reply.value.data.map((p) => p.id)).toEqual([1, 2, 3, 4, 5]);
  });

  it('stops after MAX_PAGES pages even if the server keeps linking', async () => {
    const { http, requests } = setup((request) => page([1], `${request.url}&x=1`));
    const reply = await http.rest({ path: 'wc/store/v1/products', query: { per_page: -1 }, schema: list });
    expect(requests).toHaveLength(MAX_PAGES);
    expect(reply.ok && reply.value.data).toHaveLength(MAX_PAGES);
  });

  it('does not follow a next link to another origin', async () => {
    const { http, requests } = setup(inOrder(() => page([1], 'https://evil.example/wp-json/x?page=2')));
    const reply = await http.rest({ path: 'wc/store/v1/products', query: { per_page: -1 }, schema: list });
    expect(requests).toHaveLength(1);
    expect(reply.ok ? null : reply.error.kind).toBe('invalid-response');
  });

  it('returns a non-array first answer as it is', async () => {
    const { http, requests } = setup(inOrder(() => json({ id: 7 })));
    const reply = await http.rest({ path: 'x', query: { per_page: -1 }, schema: v.object({ id: v.pipe(v.number(), v.integer()) }) });
    expect(requests).toHaveLength(1);
    expect(reply.ok && reply.value.data).toEqual({ id: 7 });
  });

  it('parses Link headers', () => {
    expect(nextLink(null)).toBeNull();
    expect(nextLink('<https://a/x?page=1>; rel="prev", <https://a/x?page=3&include=1,2>; rel="next"')).toBe(
      'https://a/x?page=3&include=1,2',
    );
    expect(nextLink('<https://a/x>; rel=next')).toBe('https://a/x');
    expect(nextLink('<https://a/x>; rel="https://api.w.org/"')).toBeNull();
  });
});

describe('nonce refresh', () => {
  const invalidWp = () => json({ code: 'rest_cookie_invalid_nonce', message: 'Cookie check failed', data: { status: 403 } }, 403);

  it('rest_cookie_invalid_nonce: fetches the plain-text nonce once and retries once with it', async () => {
    const { http, requests } = setup(
      inOrder(invalidWp, () => new Response('f00dfeed12', { status: 200, headers: { 'Content-Type': 'text/plain' } }), () => json({ id: 3 })),
      { restNonce: 'stale00001' },
    );
    const reply = await http.rest({ path: 'wp/v2/comments', method: 'POST', json: { content: 'hi' }, schema: anything });
    expect(requests.map((r) => `${r.method} ${r.url}`)).toEqual([
      `POST ${SHOP}/wp-json/wp/v2/comments?_locale=user`,
      `GET ${SHOP}/wp-admin/admin-ajax.php?action=rest-nonce`,
      `POST ${SHOP}/wp-json/wp/v2/comments?_locale=user`,
    ]);
    expect(requests[0]?.headers['x-wp-nonce']).toBe('stale00001');
    expect(requests[2]?.headers['x-wp-nonce']).toBe('f00dfeed12');
    expect(reply.ok).toBe(true);
  });

  it('an anonymous shopper gets 0 from rest-nonce: no retry, original failure, stale nonce dropped', async () => {
    const { http, requests } = setup(inOrder(invalidWp, () => new Response('0', { status: 400 })), {
      restNonce: 'stale00001',
      nonceEndpoint: '/custom/nonce',
    });
    const reply = await http.rest({ path: 'wp/v2/comments', method: 'POST', json: {}, schema: anything });
    expect(requests.map((r) => r.url)).toEqual([`${SHOP}/wp-json/wp/v2/comments?_locale=user`, `${SHOP}/custom/nonce`]);
    expect(reply.ok ? null : reply.error).toMatchObject({ kind: 'http', status: 403, code: 'rest_cookie_invalid_nonce' });
    expect(http.nonce('rest')).toBeNull();
  });

  it('woocommerce_rest_invalid_nonce: refresh through GET cart; a cart without Nonce header means no retry', async () => {
    const { http, requests } = setup(
      inOrder(() => json({ code: 'woocommerce_rest_invalid_nonce', message: 'Nonce is invalid.' }, 403), () => json({ items: [] })),
    );
    const reply = await http.rest({ path: 'wc/store/v1/cart/apply-coupon', method: 'POST', json: { code: 'x' }, schema: anything });
    expect(requests).toHaveLength(2);
    expect(reply.ok ? null : reply.error).toMatchObject({ kind: 'http', code: 'woocommerce_rest_invalid_nonce' });
  });

  type ServerAnswer =
    | { readonly type: 'json'; readonly status: number; readonly code: string | null; readonly nonce: string | null }
    | { readonly type: 'text'; readonly status: number; readonly text: string }
    | { readonly type: 'network' };

  const serverAnswer: fc.Arbitrary<ServerAnswer> = fc.oneof(
    fc.record({
      type: fc.constant('json' as const),
      status: fc.constantFrom(200, 201, 400, 401, 403, 404, 500),
      code: fc.option(fc.constantFrom(...NONCE_ERROR_CODES, 'rest_forbidden', 'woocommerce_rest_cart_invalid_key')),
      nonce: fc.option(fc.constantFrom('n000000001', 'n000000002')),
    }),
    fc.record({
      type: fc.constant('text' as const),
      status: fc.constantFrom(200, 400, 500),
      text: fc.constantFrom('0', '-1', 'a1b2c3d4e5', '<html>login</html>', ''),
    }),
    fc.constant({ type: 'network' as const }),
  );

  const respond = (answer: ServerAnswer): Response => {
    if (answer.type === 'network') throw new TypeError('fetch failed');
    if (answer.type === 'text') return new Response(answer.text, { status: answer.status });
    const body = answer.code ? { code: answer.code, message: 'x', data: { status: answer.status } } : { items: [] };
    return json(body, answer.status, answer.nonce ? { Nonce: answer.nonce } : {});
  };

  it('property: for any server answers, one call makes at most one refresh and one retry, and never throws', async () => {
    // Either refresh route may run, depending on which nonce code the server answered.
    const refresh = /admin-ajax\.php\?action=rest-nonce$|\/wc\/store\/v1\/cart\?_locale=user$/;
    const targets = [
      { path: 'wc/store/v1/cart/update-item', method: 'POST' as const },
      { path: 'wp/v2/comments/4', method: 'PATCH' as const },
      { path: 'wp/v2/settings', method: 'GET' as const },
    ];
    await fc.assert(
      fc.asyncProperty(fc.array(serverAnswer, { minLength: 0, maxLength: 6 }), fc.constantFrom(...targets), async (answers, target) => {
        const { http, requests } = setup((_request, index) => {
          const answer = answers[index];
          return answer ? respond(answer) : json({ code: 'rest_cookie_invalid_nonce', message: 'x' }, 403, { Nonce: 'zz00000000' });
        });
        const reply = await http.rest({ path: target.path, method: target.method, json: { a: 1 }, schema: anything });
        const refreshes = requests.filter((r) => refresh.test(r.url)).length;
        const sends = requests.length - refreshes;
        expect(refreshes).toBeLessThanOrEqual(1);
        expect(sends).toBeGreaterThanOrEqual(1);
        expect(sends).toBeLessThanOrEqual(2);
        // A retry only ever follows a refresh.
        if (sends === 2) expect(refreshes).toBe(1);
        expect(requests.length).toBeLessThanOrEqual(3);
        expect(typeof reply.ok).toBe('boolean');
      }),
      { numRuns: 300 },
    );
  });
});

describe('failures are values', () => {
  it('network failure', async () => {
    const { http } = setup(() => {
      throw new TypeError('fetch failed');
    });
    const reply = await http.rest({ path: 'wc/store/v1/cart', schema: anything });
    expect(reply).toEqual({ ok: false, error: { kind: 'network', message: 'You are probably offline.' } });
  });

  it('a hanging request times out', async () => {
    const { http } = setup(() => new Promise<Response>(() => undefined), { timeoutMs: 40 });
    const started = Date.now();
    const reply = await http.rest({ path: 'wc/store/v1/cart', schema: anything });
    expect(reply.ok ? null : reply.error.kind).toBe('timeout');
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('a body that never ends times out too', async () => {
    const { http } = setup(
      () => new Response(new ReadableStream({ start: (controller) => controller.enqueue(new TextEncoder().encode('{"it')) }), { status: 200 }),
      { timeoutMs: 40 },
    );
    const reply = await http.postForm({ path: '/?wc-ajax=add_to_cart', fields: [], schema: anything });
    expect(reply.ok ? null : reply.error.kind).toBe('timeout');
  });

  it('a non-2xx {code, message} keeps the code; the message becomes plain text', async () => {
    const { http } = setup(() =>
      json({ code: 'woocommerce_rest_cart_item_error', message: '<strong>Sorry</strong>, &quot;Peer Mug&quot; is <a href="x">out</a> of stock.' }, 400),
    );
    const reply = await http.rest({ path: 'wc/store/v1/cart/add-item', method: 'POST', json: {}, schema: anything });
    expect(reply).toEqual({
      ok: false,
      error: { kind: 'http', status: 400, code: 'woocommerce_rest_cart_item_error', message: 'Sorry, "Peer Mug" is out of stock.' },
    });
  });

  it('a 500 with an HTML body', async () => {
    const { http } = setup(() => new Response('<html><body><h1>There has been a critical error</h1></body></html>', { status: 500 }));
    const reply = await http.rest({ path: 'wc/store/v1/cart', schema: anything });
    expect(reply).toEqual({
      ok: false,
      error: { kind: 'http', status: 500, code: 'invalid_json', message: 'The response is not a valid JSON response.' },
    });
  });

  it('an empty error body', async () => {
    const { http } = setup(() => new Response('', { status: 500 }));
    const reply = await http.rest({ path: 'wc/store/v1/cart', schema: anything });
    expect(reply.ok ? null : reply.error).toEqual({ kind: 'http', status: 500, code: 'unknown_error', message: 'An unknown error occurred.' });
  });

  it('a gateway that could not reach the shop (502) is a network failure, one that waited too long (504) a timeout', async () => {
    const unavailable = setup(() => Response.json({ code: 'suki_upstream_unavailable', message: 'The shop cannot be reached right now. Please try again in a moment.' }, { status: 502 }));
    expect(await unavailable.http.rest({ path: 'wc/store/v1/cart', schema: anything })).toEqual({
      ok: false,
      error: { kind: 'network', message: 'The shop cannot be reached right now. Please try again in a moment.' },
    });
    const proxy = setup(() => new Response('<html><body><h1>502 Bad Gateway</h1></body></html>', { status: 502, headers: { 'content-type': 'text/html' } }));
    expect(await proxy.http.rest({ path: 'wc/store/v1/cart', schema: anything })).toEqual({ ok: false, error: { kind: 'network', message: 'The shop cannot be reached right now.' } });
    const slow = setup(() => Response.json({ code: 'suki_upstream_timeout', message: 'The shop did not answer within 8 s. Please try again.' }, { status: 504 }));
    expect(await slow.http.rest({ path: 'wc/store/v1/cart', schema: anything })).toEqual({
      ok: false,
      error: { kind: 'timeout', message: 'The shop did not answer within 8 s. Please try again.' },
    });
  });

  it('an HTML login page with 200 where JSON was expected', async () => {
    const { http } = setup(() => new Response('<!DOCTYPE html><form id="loginform"></form>', { status: 200, headers: { 'Content-Type': 'text/html' } }));
    const reply = await http.rest({ path: 'wc/store/v1/cart', schema: anything });
    expect(reply.ok ? null : reply.error).toEqual({
      kind: 'invalid-response',
      message: 'The response is not a valid JSON response. (HTML where JSON was expected)',
    });
  });

  it('a PHP notice printed before the JSON', async () => {
    const { http } = setup(() => new Response('<br />\n<b>Notice</b>: Undefined index in x.php<br />\n{"items":[]}', { status: 200 }));
    const reply = await http.rest({ path: 'wc/store/v1/cart', schema: anything });
    expect(reply.ok ? null : reply.error.kind).toBe('invalid-response');
  });

  it('a schema mismatch names the path', async () => {
    const { http } = setup(() => json([{ id: 'seven' }]));
    const reply = await http.rest({ path: 'wc/store/v1/products', schema: list });
    expect(reply.ok ? null : reply.error).toEqual({
      kind: 'invalid-response',
      message: 'The response does not have the expected shape at 0.id.',
    });
  });

  it('a throwing headers() callback is a failure, not an exception', async () => {
    const { http } = setup(() => json({}), {
      headers: () => {
        throw new Error('no request context');
      },
    });
    const reply = await http.rest({ path: 'wc/store/v1/cart', schema: anything });
    expect(reply.ok ? null : reply.error.kind).toBe('network');
  });
});
