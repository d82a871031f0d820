/**
 * Upstream mode in front of a shop that reads `category=` as a stock WooCommerce 9.1 shop does: a
 * list of ids, where a slug counts as 0 and matches nothing. The pair's upstream is our embedded
 * shop (which also takes slugs), so a gate between the front and it rewrites `category=` the way
 * stock reads it and records what the front sent. Category pages, `?product_cat=` and the
 * browser's own calls through the front must show the category's products.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdapters } from '../../src/adapters/index.js';
import { wpIdList } from '../../src/adapters/testing/fake-shop.js';
import shopConfig from '../../plugins.config.js';
import { parseShopConfig } from '../../src/app/shop-config.js';
import { listen } from '../listen.js';
import { createPagesHandler, type RenderModule } from '../pages.js';
import { startShop, STORE, type TestShop } from '../test/harness.js';
import { createUpstreamApp, upstreamForwarder } from './app.js';

const FILTERED = /\/wp-json\/wc\/store\/v1\/products(\/collection-data)?$/;

/** A fetch to the upstream that reads `category=` as stock does, keeping the values it was sent. */
function stockCategoryGate(sent: string[]): typeof fetch {
  return (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    const category = url.searchParams.get('category');
    if (FILTERED.test(url.pathname) && category !== null) {
      sent.push(category);
      url.searchParams.set('category', wpIdList(category).join(','));
    }
    return fetch(url, init);
  };
}

let upstream: TestShop;
let front: { url: string; close(): Promise<void> };
const sent: string[] = [];
let tees: { id: number; slugs: string[] };

beforeAll(async () => {
  upstream = await startShop();
  const target = new URL(upstream.url);
  const gate = stockCategoryGate(sent);
  const forward = upstreamForwarder({ upstream: target, fetch: gate });
  const pages = createPagesHandler({
    apiFetch: (request) => forward(request, new URL(request.url).origin),
    loadRenderer: async () => (await import('../../src/entry-server.js')) as RenderModule,
    assets: async () => ({ scripts: [], styles: [], modulePreloads: [] }),
    config: parseShopConfig(shopConfig),
    plugins: [],
    session: async (c) => ({ cookie: c.req.header('cookie') ?? '' }),
  });
  front = await listen(createUpstreamApp({ upstream: target, pages, fetch: gate }), { port: 0 });
  const categories = (await (await fetch(`${upstream.url}${STORE}/products/categories`)).json()) as Array<{ id: number; slug: string }>;
  const id = categories.find((c) => c.slug === 'tees')?.id ?? 0;
  const products = (await (await fetch(`${upstream.url}${STORE}/products?category=${id}&per_page=12&orderby=menu_order&order=asc`)).json()) as Array<{ slug: string }>;
  tees = { id, slugs: products.map((p) => p.slug) };
});
afterAll(async () => {
  await front?.close();
  await upstream?.close();
});

describe('upstream mode, a shop that takes category ids only', () => {
  it('the gate reads category= as stock does: a slug finds nothing, the id finds the products', async () => {
    expect(tees.slugs.length).toBeGreaterThan(2);
    const viaGate = async (category: string) => ((await (await stockCategoryGate([])(`${upstream.url}${STORE}/products?category=${category}`)).json()) as unknown[]).length;
    expect(await viaGate('tees')).toBe(0);
    expect(await viaGate(String(tees.id))).toBeGreaterThan(0);
  });

  it('a category page and ?product_cat= render the category’s products, asking by id', async () => {
    for (const address of ['/product-category/tees/', '/shop/?product_cat=tees']) {
      sent.length = 0;
      const res = await fetch(`${front.url}${address}`);
      expect(res.status, address).toBe(200);
      const html = await res.text();
      expect(html, address).not.toContain('No Data for this Combination.');
      for (const slug of tees.slugs) expect(html, `${address}: ${slug}`).toContain(`/product/${slug}/`);
      expect(sent.length, address).toBeGreaterThan(0);
      expect(sent.every((value) => /^\d+(,\d+)*$/.test(value)), `${address} sent ${sent.join(' ')}`).toBe(true);
    }
  });

  it('the browser’s calls through the front, as the filter list makes them, find the products', async () => {
    sent.length = 0;
    const { catalog } = createAdapters({ baseUrl: front.url });
    const [products, facets] = await Promise.all([
      catalog.listProducts({ category: 'tees', perPage: 12, orderby: 'menu_order', order: 'asc' }),
      catalog.facets({ category: 'tees' }, { priceRange: true, attributes: ['pa_colour'], brands: true }),
    ]);
    if (!products.ok || !facets.ok) throw new Error('the front refused');
    expect(products.value.items.map((p) => p.slug)).toEqual(tees.slugs);
    expect(facets.value.priceRange).not.toBeNull();
    expect(sent).toEqual([String(tees.id), String(tees.id)]);
  });
});
