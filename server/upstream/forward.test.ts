import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeStockShop } from '../test/fake-stock-shop.js';
import { createForwarder, rewriteOrigin, rewriteSetCookie } from './forward.js';

const OURS = 'http://127.0.0.1:4000';

// A stand-in for a stock shop that answers with the recorded stock bodies and headers.
let upstream: { url: string; close(): Promise<void> };
let silent: Server;
let silentUrl: string;
beforeAll(async () => {
  const fake = new Hono();
  let origin = '';
  upstream = await startFakeStockShop(fake, (answer) => {
    fake.post('/', (c) => {
      const action = c.req.query('wc-ajax');
      if (action === 'add_to_cart') return answer('add_to_cart', { 'set-cookie': 'wp_woocommerce_session_x=abc; expires=Tue, 24 Nov 2026 22:46:12 GMT; Max-Age=172800; path=/; domain=shop.example; secure; HttpOnly; SameSite=None' });
      if (action === 'remove_from_cart') return answer('remove_from_cart_missing');
      return c.text('-1', 400);
    });
    fake.post('/error/', () => answer('add_to_cart_error'));
    fake.get('/wp-json/wc/store/v1/products', () => answer('storeapi-products', { link: `<${origin}/wp-json/wc/store/v1/products?page=2>; rel="next"` }));
    fake.post('/wp-json/wc/store/v1/cart/add-item', (c) => (c.req.header('nonce') ? answer('storeapi-cart-add-item') : answer('storeapi-cart-add-item-nononce')));
    fake.get('/login/', () => new Response('<!doctype html><title>Log in</title>', { headers: { 'content-type': 'text/html; charset=UTF-8' } }));
    fake.get('/echo/', (c) => c.json({ cookie: c.req.header('cookie') ?? null, host: c.req.header('host'), nonce: c.req.header('nonce') ?? null, secret: c.req.header('x-internal') ?? null }));
  });
  origin = upstream.url;
  // An upstream that accepts the connection and never answers.
  silent = createServer(() => {});
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
  silentUrl = `http://127.0.0.1:${(silent.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await upstream.close();
  silent.closeAllConnections();
  await new Promise((resolve) => silent.close(resolve));
});

const through = (path: string, init: RequestInit = {}, timeoutMs = 3000) =>
  createForwarder({ upstream: new URL(upstream.url), timeoutMs })(new Request(`${OURS}${path}`, init), OURS);

describe('forwarding to a stock shop', () => {
  it('passes a stock add_to_cart success through: no error key, fragments with our origin, cookie for our host', async () => {
    const res = await through('/?wc-ajax=add_to_cart', { method: 'POST', body: new URLSearchParams({ product_id: '10', quantity: '1' }) });
    expect(res.status).toBe(200);
    const body = (await res.json()) as Record<string, unknown>;
    expect(body).not.toHaveProperty('error');
    expect(JSON.stringify(body.fragments)).toContain('127.0.0.1:4000');
    expect(JSON.stringify(body.fragments)).not.toContain(upstream.url.replace('http://', ''));
    const cookies = res.headers.getSetCookie();
    const session = cookies.find((l) => l.startsWith('wp_woocommerce_session_x='));
    expect(session).toBeDefined();
    expect(session).not.toMatch(/domain=/i);
    expect(session).not.toMatch(/;\s*secure/i);
    expect(session).toMatch(/SameSite=Lax/);
    expect(cookies.some((l) => l.startsWith('woocommerce_cart_hash='))).toBe(true);
  });

  it('passes the stock quirks unharmed: {"success":false}, product_url false, a 401 missing nonce', async () => {
    const removed = await through('/?wc-ajax=remove_from_cart', { method: 'POST', body: 'cart_item_key=nope', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(await removed.json()).toEqual({ success: false });
    const refused = await through('/error/', { method: 'POST', body: '' });
    expect(await refused.json()).toEqual({ error: true, product_url: false });
    const noNonce = await through('/wp-json/wc/store/v1/cart/add-item', { method: 'POST', body: '{}', headers: { 'content-type': 'application/json' } });
    expect(noNonce.status).toBe(401);
    expect(((await noNonce.json()) as { code: string }).code).toBe('woocommerce_rest_missing_nonce');
    expect(noNonce.headers.get('nonce')).toBe('4003a4a4ad');
    const withNonce = await through('/wp-json/wc/store/v1/cart/add-item', { method: 'POST', body: '{}', headers: { 'content-type': 'application/json', nonce: '4003a4a4ad' } });
    expect(withNonce.status).toBe(201);
  });

  it('keeps list headers and points the Link header at our host', async () => {
    const res = await through('/wp-json/wc/store/v1/products');
    expect(res.headers.get('x-wp-total')).toBe('4');
    const link = res.headers.get('link') ?? '';
    expect(link).toContain(`<${OURS}/wp-json/wc/store/v1/products?page=2>; rel="next"`);
    expect(link).not.toContain(upstream.url);
    const products = (await res.json()) as Array<{ permalink: string }>;
    expect(products[0]?.permalink.startsWith(`${OURS}/product/`)).toBe(true);
  });

  it('passes HTML where JSON was expected as it is (the adapter reports it), and sends only the headers that matter', async () => {
    const login = await through('/login/');
    expect(login.headers.get('content-type')).toMatch(/text\/html/);
    expect(await login.text()).toContain('Log in');
    const echo = await through('/echo/', { headers: { cookie: 'a=1', nonce: 'n1', 'x-internal': 'do-not-pass', host: 'evil.example' } });
    const seen = (await echo.json()) as Record<string, string | null>;
    expect(seen).toMatchObject({ cookie: 'a=1', nonce: 'n1', secret: null, host: new URL(upstream.url).host });
  });

  it('answers 504 within the bound when the upstream never answers, and 502 when it is down', async () => {
    const started = Date.now();
    const slow = await createForwarder({ upstream: new URL(silentUrl), timeoutMs: 300 })(new Request(`${OURS}/wp-json/wc/store/v1/cart`), OURS);
    expect(slow.status).toBe(504);
    expect(Date.now() - started).toBeLessThan(3000);
    expect(((await slow.json()) as { code: string }).code).toBe('suki_upstream_timeout');
    const down = await createForwarder({ upstream: new URL('http://127.0.0.1:9') })(new Request(`${OURS}/wp-json/wc/store/v1/cart`), OURS);
    expect(down.status).toBe(502);
  });

  it('refuses bodies over the limit before sending them', async () => {
    const res = await through('/?wc-ajax=add_to_cart', { method: 'POST', body: 'x'.repeat(70 * 1024) });
    expect(res.status).toBe(413);
  });
});

describe('rewrites', () => {
  it('rewrites plain and PHP-escaped origins', () => {
    expect(rewriteOrigin('{"a":"http:\\/\\/up.example\\/p\\/","b":"http://up.example/x"}', 'http://up.example', OURS)).toBe(
      '{"a":"http:\\/\\/127.0.0.1:4000\\/p\\/","b":"http://127.0.0.1:4000/x"}',
    );
  });
  it('keeps Secure and SameSite=None behind https', () => {
    expect(rewriteSetCookie('s=1; Domain=up.example; Secure; SameSite=None; Path=/', true)).toBe('s=1; Secure; SameSite=None; Path=/');
  });
});
