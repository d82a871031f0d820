/**
 * Hostile and broken input: every bad request answers a clear 4xx JSON error (never a 500 or a
 * stack trace), foreign origins cannot write, large bodies stop at 64 KiB, and the security
 * headers are on every answer. Property tests throw arbitrary queries, forms and cart operation
 * sequences at the server.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Shopper, startShop, STORE, type StoreCartJson, type StoreProductJson, type TestShop } from './test/harness.js';

let shop: TestShop;
let crashing: TestShop;
let catalogue: StoreProductJson[];

beforeAll(async () => {
  shop = await startShop({ trustProxy: ['127.0.0.1', '::1'] });
  catalogue = (await new Shopper(shop.url).getJson<StoreProductJson[]>(`${STORE}/products?per_page=100`)).body;
});
afterAll(async () => {
  expect(shop.logger.errors).toEqual([]);
  await shop.close();
});

const simpleId = () => catalogue.find((p) => p.slug === 'kapeng-barako-ground-coffee')!.id;

/** Every error answer: JSON `{code, message, data: {status}}` matching the HTTP status, no internals. */
async function expectJsonError(response: Response, status: number, code?: string): Promise<Record<string, unknown>> {
  expect(response.status).toBe(status);
  expect(response.headers.get('content-type')).toContain('application/json');
  const text = await response.text();
  expect(text).not.toMatch(/at .*\.(ts|js):\d+|stack|node_modules/i);
  const body = JSON.parse(text) as { code: string; message: string; data: { status: number } };
  expect(typeof body.code).toBe('string');
  expect(typeof body.message).toBe('string');
  expect(body.message.length).toBeGreaterThan(0);
  expect(body.data.status).toBe(status);
  if (code) expect(body.code).toBe(code);
  return body;
}

describe('bad input to wc-ajax add_to_cart', () => {
  const cases: Array<[string, Record<string, string>]> = [
    ['a missing product_id', { quantity: '1' }],
    ['an empty product_id', { product_id: '' }],
    ['a word as product_id', { product_id: 'abc' }],
    ['a fractional product_id', { product_id: '12.5' }],
    ['a negative product_id', { product_id: '-12' }],
    ['a zero product_id', { product_id: '0' }],
    ['a huge product_id', { product_id: '99999999999999999999' }],
    ['a zero quantity', { product_id: 'ID', quantity: '0' }],
    ['a negative quantity', { product_id: 'ID', quantity: '-1' }],
    ['a fractional quantity', { product_id: 'ID', quantity: '1.5' }],
    ['NaN as quantity', { product_id: 'ID', quantity: 'NaN' }],
    ['an exponent quantity', { product_id: 'ID', quantity: '1e3' }],
    ['a huge quantity', { product_id: 'ID', quantity: '100000000000' }],
    ['a quantity above 9999', { product_id: 'ID', quantity: '10000' }],
    ['a bad variation_id', { product_id: 'ID', variation_id: 'x' }],
  ];
  it.each(cases)('answers 400 JSON for %s', async (_name, fields) => {
    const shopper = new Shopper(shop.url);
    const form = Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, v === 'ID' ? String(simpleId()) : v]));
    const response = await shopper.fetch('/?wc-ajax=add_to_cart', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(form).toString(),
    });
    await expectJsonError(response, 400, 'rest_invalid_param');
  });

  it('refuses a body that is not a form with 415', async () => {
    const response = await fetch(`${shop.url}/?wc-ajax=add_to_cart`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"product_id":1}' });
    await expectJsonError(response, 415);
  });

  it('refuses GET on a write action with 405', async () => {
    await expectJsonError(await fetch(`${shop.url}/?wc-ajax=add_to_cart&product_id=1`), 405);
  });
});

describe('bad input to the Store API cart', () => {
  const post = async (body: string, contentType = 'application/json') => {
    const shopper = new Shopper(shop.url);
    const nonce = await shopper.ensureNonce();
    return shopper.fetch(`${STORE}/cart/add-item`, { method: 'POST', headers: { 'content-type': contentType, nonce }, body });
  };
  it.each([
    ['no id', '{"quantity":1}', 'id'],
    ['a string id', '{"id":"abc"}', 'id'],
    ['a fractional id', '{"id":1.5}', 'id'],
    ['a negative id', '{"id":-4}', 'id'],
    ['a zero id', '{"id":0}', 'id'],
    ['a null id', '{"id":null}', 'id'],
    ['an enormous id', '{"id":1e300}', 'id'],
    ['a zero quantity', '{"id":ID,"quantity":0}', 'quantity'],
    ['a negative quantity', '{"id":ID,"quantity":-2}', 'quantity'],
    ['a fractional quantity', '{"id":ID,"quantity":2.5}', 'quantity'],
    ['a string quantity', '{"id":ID,"quantity":"NaN"}', 'quantity'],
    ['a huge quantity', '{"id":ID,"quantity":1000000000}', 'quantity'],
    ['a variation that is not a list', '{"id":ID,"variation":"red"}', 'variation'],
  ])('answers 400 rest_invalid_param for %s', async (_name, body, param) => {
    const response = await post(body.replace('ID', String(simpleId())));
    const error = await expectJsonError(response, 400, 'rest_invalid_param');
    expect(error['data']).toMatchObject({ params: { [param]: expect.any(String) } });
  });

  it('answers 400 rest_invalid_json for broken JSON and 400 for a non-object body', async () => {
    await expectJsonError(await post('{"id": 1,'), 400, 'rest_invalid_json');
    await expectJsonError(await post('[1,2,3]'), 400, 'rest_invalid_param');
    await expectJsonError(await post('"text"'), 400, 'rest_invalid_param');
  });

  it('refuses bodies that are not JSON with 415', async () => {
    await expectJsonError(await post('id=1', 'application/x-www-form-urlencoded'), 415);
    await expectJsonError(await post('{"id":1}', 'text/plain'), 415);
  });

  it('validates update-item and remove-item bodies', async () => {
    const shopper = new Shopper(shop.url);
    const nonce = await shopper.ensureNonce();
    const send = (route: string, body: unknown) =>
      shopper.fetch(`${STORE}/cart/${route}`, { method: 'POST', headers: { 'content-type': 'application/json', nonce }, body: JSON.stringify(body) });
    await expectJsonError(await send('update-item', { key: 'abc' }), 400, 'rest_invalid_param');
    await expectJsonError(await send('update-item', { key: 'abc', quantity: 0 }), 400, 'rest_invalid_param');
    await expectJsonError(await send('update-item', { key: 12, quantity: 1 }), 400, 'rest_invalid_param');
    await expectJsonError(await send('remove-item', {}), 400, 'rest_invalid_param');
    await expectJsonError(await send('remove-item', { key: 'x'.repeat(65) }), 400, 'rest_invalid_param');
  });
});

describe('origin, size and method rules', () => {
  it('refuses writes from a foreign Origin with 403 suki_forbidden_origin', async () => {
    const shopper = new Shopper(shop.url);
    const nonce = await shopper.ensureNonce();
    const form = await shopper.fetch('/?wc-ajax=add_to_cart', {
      method: 'POST',
      headers: { origin: 'https://evil.example', 'content-type': 'application/x-www-form-urlencoded' },
      body: `product_id=${simpleId()}`,
    });
    await expectJsonError(form, 403, 'suki_forbidden_origin');
    const json = await shopper.fetch(`${STORE}/cart/add-item`, {
      method: 'POST',
      headers: { origin: 'null', 'content-type': 'application/json', nonce },
      body: JSON.stringify({ id: simpleId() }),
    });
    await expectJsonError(json, 403, 'suki_forbidden_origin');
    const overridden = await shopper.fetch(`${STORE}/cart/items`, { method: 'POST', headers: { origin: 'http://localhost:1', 'x-http-method-override': 'DELETE', nonce } });
    await expectJsonError(overridden, 403, 'suki_forbidden_origin');
    const same = await shopper.fetch('/?wc-ajax=add_to_cart', {
      method: 'POST',
      headers: { origin: shop.url, 'content-type': 'application/x-www-form-urlencoded' },
      body: `product_id=${simpleId()}`,
    });
    expect(same.status).toBe(200);
    expect((await shopper.getJson<StoreCartJson>(`${STORE}/cart`)).body.items_count).toBe(1);
  });

  it('accepts the https origin behind a TLS proxy', async () => {
    const host = new URL(shop.url).host;
    const response = await fetch(`${shop.url}/?wc-ajax=get_refreshed_fragments`, {
      method: 'POST',
      headers: { origin: `https://${host}`, 'x-forwarded-proto': 'https' },
    });
    expect(response.status).toBe(200);
  });

  it('answers 413 to bodies over 64 KiB, before parsing them', async () => {
    const big = 'x'.repeat(65 * 1024);
    await expectJsonError(
      await fetch(`${shop.url}/?wc-ajax=add_to_cart`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: `product_id=1&pad=${big}` }),
      413,
      'suki_payload_too_large',
    );
    await expectJsonError(
      await fetch(`${shop.url}${STORE}/cart/add-item`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ id: 1, pad: big }) }),
      413,
    );
    // Without a Content-Length (chunked), the limit applies while reading.
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < 80; i++) controller.enqueue(new TextEncoder().encode('y'.repeat(1024)));
        controller.close();
      },
    });
    const chunked = await fetch(`${shop.url}${STORE}/cart/add-item`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: stream,
      duplex: 'half',
    } as RequestInit);
    await expectJsonError(chunked, 413);
  });

  it('answers unknown wc-ajax actions with -1 and 400, and unknown admin-ajax actions with 0 and 400', async () => {
    const wc = await fetch(`${shop.url}/?wc-ajax=no_such_thing`, { method: 'POST' });
    expect(wc.status).toBe(400);
    expect(await wc.text()).toBe('-1');
    for (const path of ['/wp-admin/admin-ajax.php?action=nope', '/wp-admin/admin-ajax.php']) {
      const ajax = await fetch(`${shop.url}${path}`);
      expect(ajax.status).toBe(400);
      expect(await ajax.text()).toBe('0');
    }
    const nonce = await fetch(`${shop.url}/wp-admin/admin-ajax.php?action=rest-nonce`);
    expect(nonce.status).toBe(200);
    expect(await nonce.text()).toMatch(/^[0-9a-f]{10}$/);
  });

  it('puts the security headers on every kind of answer, and no-store on API answers', async () => {
    const answers = await Promise.all([
      fetch(`${shop.url}${STORE}/products?per_page=1`),
      fetch(`${shop.url}${STORE}/products?per_page=0`),
      fetch(`${shop.url}/?wc-ajax=get_refreshed_fragments`),
      fetch(`${shop.url}/wp-admin/admin-ajax.php?action=rest-nonce`),
      fetch(`${shop.url}/wp-content/uploads/suki/suki-logo-tee-1.svg`),
      fetch(`${shop.url}/no/such/page`),
      fetch(`${shop.url}/shop`, { redirect: 'manual' }),
    ]);
    for (const response of answers) {
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    }
    for (const response of answers.slice(0, 4)) expect(response.headers.get('cache-control')).toBe('no-store');
    // Without a page renderer, pages answer a JSON 404.
    await expectJsonError(answers[5]!, 404);
  });
});

describe('properties', () => {
  const queryValue = fc.oneof(
    fc.string(),
    fc.integer({ min: -1e12, max: 1e12 }).map(String),
    fc.double().map(String),
    fc.constantFrom('', '-1', '0', '1', '100', '101', 'NaN', 'Infinity', '1e309', 'tees', 'tees,footwear', 'price', 'asc', 'desc', '%', '_', "'", '"', '\\', '%00', '<script>'),
  );
  const queryKey = fc.constantFrom('page', 'per_page', 'orderby', 'order', 'category', 'min_price', 'max_price', 'search', 'include', 'include[]', 'slug', 'on_sale', '_locale', 'x');

  it('no query string makes the products route fail: 200 or 400, always JSON', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.tuple(queryKey, queryValue), { maxLength: 6 }), async (pairs) => {
        const params = new URLSearchParams(pairs);
        const response = await fetch(`${shop.url}${STORE}/products?${params.toString()}`);
        expect([200, 400]).toContain(response.status);
        const body: unknown = await response.json();
        if (response.status === 200) expect(Array.isArray(body)).toBe(true);
        else expect(body).toMatchObject({ code: expect.any(String), data: { status: 400 } });
      }),
      { numRuns: 150 },
    );
  });

  it('no form makes add_to_cart fail: 200 or 400, always JSON', async () => {
    const shopper = new Shopper(shop.url);
    await shopper.ensureNonce();
    const field = fc.constantFrom('product_id', 'quantity', 'variation_id', 'attribute_pa_colour', 'attribute_pa_size', 'product_sku', 'junk');
    const value = fc.oneof(fc.string({ maxLength: 40 }), fc.integer({ min: -5, max: 400 }).map(String), fc.constantFrom(String(simpleId()), '1e3', '0x10', ' 7 '));
    await fc.assert(
      fc.asyncProperty(fc.array(fc.tuple(field, value), { maxLength: 6 }), async (fields) => {
        const response = await shopper.fetch('/?wc-ajax=add_to_cart', {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams(fields).toString(),
        });
        expect([200, 400]).toContain(response.status);
        const body = (await response.json()) as Record<string, unknown>;
        if (response.status === 200) expect('fragments' in body || body['error'] === true).toBe(true);
      }),
      { numRuns: 100 },
    );
  });

  it('any sequence of cart operations keeps totals equal to the sum of line totals', async () => {
    const simple = catalogue.filter((p) => p.type === 'simple').slice(0, 12);
    const op = fc.oneof(
      fc.record({ kind: fc.constant('add' as const), product: fc.integer({ min: 0, max: simple.length - 1 }), quantity: fc.integer({ min: 1, max: 4 }) }),
      fc.record({ kind: fc.constant('update' as const), line: fc.nat(), quantity: fc.integer({ min: 1, max: 6 }) }),
      fc.record({ kind: fc.constant('remove' as const), line: fc.nat() }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 8 }), async (ops) => {
        const shopper = new Shopper(shop.url);
        await shopper.ensureNonce();
        const model = new Map<number, number>();
        let cart = (await shopper.getJson<StoreCartJson>(`${STORE}/cart`)).body;
        for (const step of ops) {
          if (step.kind === 'add') {
            const product = simple[step.product]!;
            const answer = await shopper.postForm<{ fragments?: unknown }>('/?wc-ajax=add_to_cart', { product_id: String(product.id), quantity: String(step.quantity) });
            if (answer.body.fragments) model.set(product.id, (model.get(product.id) ?? 0) + step.quantity);
          } else if (cart.items.length > 0) {
            const line = cart.items[step.line % cart.items.length]!;
            if (step.kind === 'update') {
              const answer = await shopper.postJson(`${STORE}/cart/update-item`, { key: line.key, quantity: step.quantity });
              if (answer.status === 200) model.set(line.id, step.quantity);
            } else {
              const answer = await shopper.postJson(`${STORE}/cart/remove-item`, { key: line.key });
              expect(answer.status).toBe(200);
              model.delete(line.id);
            }
          }
          cart = (await shopper.getJson<StoreCartJson>(`${STORE}/cart`)).body;
          const lineSum = cart.items.reduce((sum, item) => sum + Number(item.totals.line_total), 0);
          expect(Number(cart.totals.total_items)).toBe(lineSum);
          expect(Number(cart.totals.total_price)).toBe(lineSum);
          for (const item of cart.items) expect(Number(item.totals.line_total)).toBe(Number(item.prices.price) * item.quantity);
          expect(cart.items_count).toBe(cart.items.reduce((sum, item) => sum + item.quantity, 0));
          expect(new Map(cart.items.map((item) => [item.id, item.quantity]))).toEqual(model);
        }
      }),
      { numRuns: 15 },
    );
  });
});

describe('unexpected failures', () => {
  beforeAll(async () => {
    crashing = await startShop({
      pages: () => {
        throw new Error('renderer exploded at /secret/path.ts:12');
      },
    });
  });
  afterAll(async () => {
    await crashing.close();
  });

  it('turn into a 500 JSON answer without details, and are logged', async () => {
    const response = await fetch(`${crashing.url}/some/page/`);
    const body = await expectJsonError(response, 500, 'suki_internal_error');
    expect(JSON.stringify(body)).not.toContain('exploded');
    expect(crashing.logger.errors).toHaveLength(1);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  });
});
