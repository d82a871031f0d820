import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdapters } from '../../src/adapters/index.js';
import shopConfig from '../../plugins.config.js';
import { parseShopConfig } from '../../src/app/shop-config.js';
import { listen } from '../listen.js';
import { createPagesHandler, shopperFetch, type RenderModule } from '../pages.js';
import { startShop, STORE, type TestShop } from '../test/harness.js';
import { createUpstreamApp, upstreamForwarder } from './app.js';

// The pair: an embedded Suki plays the upstream shop, an upstream-mode Suki stands in front of it.
let upstream: TestShop;
let front: { url: string; close(): Promise<void> };
beforeAll(async () => {
  upstream = await startShop();
  const target = new URL(upstream.url);
  const forward = upstreamForwarder({ upstream: target });
  const pages = createPagesHandler({
    apiFetch: (request) => forward(request, new URL(request.url).origin),
    loadRenderer: async () => (await import('../../src/entry-server.js')) as RenderModule,
    assets: async () => ({ scripts: [], styles: [], modulePreloads: [] }),
    config: parseShopConfig(shopConfig),
    plugins: [],
    session: async (c) => ({ cookie: c.req.header('cookie') ?? '' }),
  });
  front = await listen(createUpstreamApp({ upstream: target, pages }), { port: 0 });
});
afterAll(async () => {
  await front?.close();
  await upstream?.close();
});

describe('upstream mode, through the pair', () => {
  it('browses and uses the cart through the front, and the upstream holds the same cart', async () => {
    const jar = shopperFetch('', (request) => fetch(request));
    const { catalog, cart } = createAdapters({ baseUrl: front.url, fetch: jar.fetch });

    const list = await catalog.listProducts({ perPage: 20, orderby: 'title', order: 'asc' });
    if (!list.ok) throw new Error(list.error.message);
    const product = list.value.items.find((p) => p.type === 'simple' && p.isInStock && p.addToCart.maximum >= 3);
    if (!product) throw new Error('no simple product in stock');
    expect(product.permalink.startsWith(`${front.url}/product/`)).toBe(true);
    expect(product.prices.currency.code).toBe('PHP');
    const image = product.images[0];
    expect(image?.src.startsWith(front.url)).toBe(true);
    const picture = await fetch(image!.src);
    expect(picture.status).toBe(200);
    expect(picture.headers.get('content-type')).toBe('image/webp');

    const added = await cart.add({ productId: product.id, quantity: 1, idempotencyKey: 'pair-add-1' });
    if (!added.ok) throw new Error(added.error.message);
    const line = added.value.lines[0]!;
    expect(line.quantity).toBe(1);

    const changed = await cart.setQuantity({ key: line.key, quantity: 3, idempotencyKey: 'pair-qty-1' });
    if (!changed.ok) throw new Error(changed.error.message);
    expect(changed.value.itemsCount).toBe(3);

    // The upstream's own Store API, with the same cookies, shows the same cart.
    const own = (await (await fetch(`${upstream.url}${STORE}/cart`, { headers: { cookie: jar.cookie() } })).json()) as { items: Array<{ id: number; quantity: number }> };
    expect(own.items).toEqual([expect.objectContaining({ id: product.id, quantity: 3 })]);

    const removed = await cart.remove({ key: line.key, idempotencyKey: 'pair-remove-1' });
    if (!removed.ok) throw new Error(removed.error.message);
    expect(removed.value.lines).toEqual([]);
  });

  it('renders pages from the upstream Store API with links and images on our host', async () => {
    const res = await fetch(`${front.url}/shop/`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toMatch(/Add to cart: “[^”]+”/);
    expect(html).toContain(`${front.url}/wp-content/uploads/`);
    expect(html).not.toContain(upstream.url);
    const missing = await fetch(`${front.url}/product/no-such-product/`);
    expect(missing.status).toBe(404);
  });

  it('refuses a foreign Origin on writes before anything reaches the upstream', async () => {
    const res = await fetch(`${front.url}/?wc-ajax=add_to_cart`, { method: 'POST', headers: { origin: 'https://evil.example', 'content-type': 'application/x-www-form-urlencoded' }, body: 'product_id=1&quantity=1' });
    expect(res.status).toBe(403);
  });
});

describe('upstream mode, when the shop is down or slow', () => {
  // A front whose upstream refuses connections, and one whose upstream accepts and never answers.
  let down: { url: string; close(): Promise<void> };
  let slow: { url: string; close(): Promise<void> };
  let silent: Server;
  beforeAll(async () => {
    silent = createServer(() => {});
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const frontFor = (target: URL, timeoutMs: number) => {
      const forward = upstreamForwarder({ upstream: target, timeoutMs });
      const pages = createPagesHandler({
        apiFetch: (request) => forward(request, new URL(request.url).origin),
        loadRenderer: async () => (await import('../../src/entry-server.js')) as RenderModule,
        assets: async () => ({ scripts: [], styles: [], modulePreloads: [] }),
        config: parseShopConfig(shopConfig),
        plugins: [],
        session: async (c) => ({ cookie: c.req.header('cookie') ?? '' }),
        pageDeadlineMs: 600,
      });
      return listen(createUpstreamApp({ upstream: target, pages, timeoutMs }), { port: 0 });
    };
    // Port 9 (discard) is closed on the test machines: connections are refused at once.
    down = await frontFor(new URL('http://127.0.0.1:9'), 2000);
    slow = await frontFor(new URL(`http://127.0.0.1:${(silent.address() as AddressInfo).port}`), 400);
  });
  afterAll(async () => {
    await down?.close();
    await slow?.close();
    silent.closeAllConnections();
    await new Promise((resolve) => silent.close(resolve));
  });

  it('a page answers 502 with an error page when the shop cannot be reached', async () => {
    const res = await fetch(`${down.url}/shop/`);
    expect(res.status).toBe(502);
    expect(res.headers.get('retry-after')).toBe('30');
    const html = await res.text();
    expect(html).toContain('We could not load this page right now.');
    expect(html).toContain('<title>');
  });

  it('a page answers 504 within the page deadline when the shop does not answer', async () => {
    const started = Date.now();
    const res = await fetch(`${slow.url}/product/anything/`);
    const took = Date.now() - started;
    expect(res.status).toBe(504);
    expect(await res.text()).toContain('The shop took too long to answer.');
    // The forwarder gives up after 400 ms and the whole page after 600 ms; allow for a slow machine.
    expect(took).toBeLessThan(5000);
  });

  it('the browser’s API calls get 502 / 504 JSON the adapters read as retryable failures', async () => {
    const adaptersDown = createAdapters({ baseUrl: down.url });
    const downResult = await adaptersDown.cart.load();
    expect(downResult.ok ? null : downResult.error).toEqual({ kind: 'network', message: 'The shop cannot be reached right now. Please try again in a moment.' });
    const adaptersSlow = createAdapters({ baseUrl: slow.url });
    const slowResult = await adaptersSlow.cart.add({ productId: 1, quantity: 1, idempotencyKey: 'slow-1' });
    expect(slowResult.ok ? null : slowResult.error.kind).toBe('timeout');
  });
});
