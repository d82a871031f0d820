import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { storeProductSchema, toProduct } from '../adapters/catalog.js';
import type { Product, ProductQuery } from '../core/domain/catalog.js';
import type { BlogPort, CatalogPort } from '../core/ports.js';
import { err, ok } from '../core/result.js';
import { loadPage } from './load-page.js';
import * as v from 'valibot';

const recorded = JSON.parse(readFileSync(new URL('../../tests/fixtures/stock-woocommerce-9.1/storeapi-products.json', import.meta.url), 'utf8')) as unknown[];
const base = toProduct(v.parse(storeProductSchema, recorded[0]));
const product = (id: number): Product => ({ ...base, id, slug: `p-${id}` });

/** A catalogue of 30 products, 12 a page, recording every query; past the last page is a 400. */
function fakeCatalog() {
  const queries: ProductQuery[] = [];
  const catalog: CatalogPort = {
    listProducts: async (query) => {
      queries.push(query);
      const page = query.page ?? 1;
      const perPage = query.perPage ?? 10;
      if ((page - 1) * perPage >= 30) return err({ kind: 'http', status: 400, code: 'rest_post_invalid_page_number', message: 'past the end' });
      return ok({ items: [product(page)], total: 30, totalPages: Math.ceil(30 / perPage), page });
    },
    facets: async () => ok({ priceRange: null, attributeCounts: {}, brandCounts: {} }),
    getProduct: async () => err({ kind: 'not-found', message: 'none' }),
    listCategories: async () => ok([]),
    listVariations: async () => ok([]),
    listAttributes: async () => ok([]),
    listBrands: async () => ok([]),
  };
  const blog = {} as BlogPort;
  return { ports: { catalog, blog }, queries };
}

describe('loadPage for listings', () => {
  it('reads the primary section’s filters and page from the address, and links the pages around it', async () => {
    const { ports, queries } = fakeCatalog();
    const loaded = await loadPage(new URL('http://shop/shop/?product_cat=tees&filter_colour=white&orderby=price-desc&paged=2&layout=masonry'), ports, []);
    expect(loaded.status).toBe(200);
    expect(queries[0]).toMatchObject({ page: 2, category: 'tees', orderby: 'price', order: 'desc', attributes: [{ taxonomy: 'pa_colour', slug: 'white' }] });
    const section = loaded.page.type === 'shop' ? loaded.page.sections[0] : undefined;
    expect(section?.nextUrl).toBe('/shop/?product_cat=tees&filter_colour=white&orderby=price-desc&paged=3&layout=masonry');
    expect(section?.prevUrl).toBe('/shop/?product_cat=tees&filter_colour=white&orderby=price-desc&paged=1&layout=masonry');
    expect(section?.layout).toBe('masonry');
  });

  it('drops malformed values, and answers 404 for a page past the last one', async () => {
    const { ports, queries } = fakeCatalog();
    expect((await loadPage(new URL('http://shop/shop/?orderby=%3Cx%3E&min_price=abc&paged=-2'), ports, [])).status).toBe(200);
    expect(queries[0]).toMatchObject({ page: 1, orderby: 'menu_order' });
    expect(queries[0]?.minPrice).toBeUndefined();
    expect((await loadPage(new URL('http://shop/shop/?paged=99'), ports, [])).status).toBe(404);
  });

  it('gives each home section its own prefixed parameters', async () => {
    const { ports, queries } = fakeCatalog();
    const loaded = await loadPage(new URL('http://shop/?popular-product_cat=tees&rated-paged=2'), ports, []);
    expect(loaded.status).toBe(200);
    const byOrder = (orderby: string) => queries.find((q) => q.orderby === orderby);
    expect(byOrder('popularity')).toMatchObject({ category: 'tees', page: 1 });
    expect(byOrder('rating')).toMatchObject({ page: 2 });
    expect(byOrder('rating')?.category).toBeUndefined();
  });

  it('renders WooCommerce’s search address with the term in every query', async () => {
    const { ports, queries } = fakeCatalog();
    const loaded = await loadPage(new URL('http://shop/?s=%20jusi%20%20barong%20&post_type=product'), ports, []);
    expect(loaded.pageType).toBe('search');
    expect(loaded.page.title).toBe('Search results for “jusi barong”');
    expect(queries[0]?.search).toBe('jusi barong');
  });
});
