/**
 * Shop filtering over real HTTP: attribute, brand and category filters on `products`, and the
 * facets of `products/collection-data`. Every count is checked against the listing itself: the
 * count shown for a term must be the number of products the listing gives when that term is added.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Shopper, startShop, STORE, type StoreProductJson, type TestShop } from './test/harness.js';

let shop: TestShop;
let shopper: Shopper;

beforeAll(async () => {
  shop = await startShop();
  shopper = new Shopper(shop.url);
});
afterAll(async () => {
  expect(shop.logger.errors).toEqual([]);
  await shop.close();
});

interface CollectionJson {
  price_range: { currency_code: string; currency_symbol: string; currency_prefix: string; min_price: string; max_price: string } | null;
  attribute_counts: Array<{ term: number; count: number }> | null;
  taxonomy_counts: Array<{ term: number; count: number }> | null;
  rating_counts: Array<{ rating: number; count: number }> | null;
  stock_status_counts: Array<{ status: string; count: number }> | null;
}
interface TermJson {
  id: number;
  name: string;
  slug: string;
  count: number;
}

const total = async (query: string): Promise<number> => {
  const { status, headers } = await shopper.getJson<StoreProductJson[]>(`${STORE}/products?per_page=1&${query}`);
  expect(status).toBe(200);
  return Number(headers.get('x-wp-total'));
};
const facets = async (query: string) => {
  const { status, body } = await shopper.getJson<CollectionJson>(
    `${STORE}/products/collection-data?calculate_price_range=true&calculate_attribute_counts[0][taxonomy]=pa_colour&calculate_attribute_counts[0][query_type]=or&calculate_attribute_counts[1][taxonomy]=pa_size&calculate_attribute_counts[1][query_type]=or&calculate_taxonomy_counts[]=product_brand&calculate_taxonomy_counts[]=product_cat&${query}`,
  );
  expect(status).toBe(200);
  return body;
};

let colours: TermJson[] = [];
let brands: TermJson[] = [];

describe('attribute terms and brands', () => {
  it('lists global attributes and their terms with product counts', async () => {
    const attributes = await shopper.getJson<Array<{ id: number; name: string; taxonomy: string }>>(`${STORE}/products/attributes`);
    expect(attributes.body.map((a) => a.taxonomy)).toEqual(['pa_colour', 'pa_size']);
    const colour = attributes.body.find((a) => a.taxonomy === 'pa_colour');
    const terms = await shopper.getJson<TermJson[]>(`${STORE}/products/attributes/${colour?.id}/terms`);
    expect(terms.status).toBe(200);
    colours = terms.body;
    expect(colours.length).toBeGreaterThan(5);
    for (const term of colours.slice(0, 4)) expect(term.count).toBe(await total(`attributes[0][attribute]=pa_colour&attributes[0][slug]=${term.slug}`));
    expect((await shopper.getJson(`${STORE}/products/attributes/999/terms`)).status).toBe(404);
  });

  it('lists brands with counts that match the brand filter', async () => {
    const { body } = await shopper.getJson<TermJson[]>(`${STORE}/products/brands`);
    brands = body;
    expect(brands.length).toBeGreaterThan(2);
    for (const brand of brands) expect(brand.count).toBe(await total(`brand=${brand.slug}`));
    expect(await total(`brand=${brands[0]?.id}`)).toBe(brands[0]?.count);
  });
});

describe('filtering products', () => {
  it('an attribute filter by slug or term id, and operators in, and, not_in', async () => {
    const [a, b] = colours;
    const all = await total('');
    const inA = await total(`attributes[0][attribute]=pa_colour&attributes[0][slug]=${a?.slug}`);
    const inB = await total(`attributes[0][attribute]=pa_colour&attributes[0][term_id]=${b?.id}`);
    const either = await total(`attributes[0][attribute]=pa_colour&attributes[0][slug][]=${a?.slug}&attributes[0][slug][]=${b?.slug}`);
    const both = await total(`attributes[0][attribute]=pa_colour&attributes[0][slug][]=${a?.slug}&attributes[0][slug][]=${b?.slug}&attributes[0][operator]=and`);
    const notA = await total(`attributes[0][attribute]=pa_colour&attributes[0][slug]=${a?.slug}&attributes[0][operator]=not_in`);
    expect(inA).toBeGreaterThan(0);
    expect(either).toBe(inA + inB - both);
    expect(notA).toBe(all - inA);
  });

  it('combines category, brand, colour and price', async () => {
    const { body } = await shopper.getJson<StoreProductJson[]>(`${STORE}/products?per_page=100&category=tees&attributes[0][attribute]=pa_colour&attributes[0][slug]=white&min_price=50000&max_price=70000`);
    expect(body.length).toBeGreaterThan(0);
    for (const product of body) {
      expect(product.categories.map((c) => c.slug)).toContain('tees');
      expect(product.attributes.find((x) => x.taxonomy === 'pa_colour')?.terms.map((t) => t.slug)).toContain('white');
      expect(Number(product.prices.price)).toBeGreaterThanOrEqual(50000);
    }
  });

  it('refuses malformed filters with rest_invalid_param, never a 500', async () => {
    for (const query of [
      'attributes[0][attribute]=colour&attributes[0][slug]=x',
      'attributes[0][attribute]=pa_colour&attributes[0][operator]=xor&attributes[0][slug]=x',
      'attributes[0][attribute]=pa_colour&attributes[0][term_id]=abc',
      'attributes[x][attribute]=pa_colour',
      'attributes[0][attribute]=pa_colour&attributes[0][slug]=%3Cscript%3E',
      'brand=%27%20OR%201=1',
      'attribute_relation=nand',
      'min_price=-5',
      'max_price=1e9',
      'min_price=5000&max_price=100',
    ]) {
      const { status, body } = await shopper.getJson<{ code: string }>(`${STORE}/products?${query}`);
      expect(status, query).toBe(400);
      expect(body.code, query).toBe('rest_invalid_param');
    }
    // A filter naming no terms filters nothing.
    expect(await total('attributes[0][attribute]=pa_colour')).toBe(await total(''));
  });
});

describe('collection-data facets', () => {
  it('counts each colour as the listing would, ignoring the colour filter itself', async () => {
    const white = colours.find((c) => c.slug === 'white');
    const base = 'category=tees';
    const chosen = `${base}&attributes[0][attribute]=pa_colour&attributes[0][slug]=${white?.slug}`;
    const data = await facets(chosen);
    expect(data.attribute_counts?.length).toBeGreaterThan(0);
    for (const { term, count } of data.attribute_counts ?? []) {
      const colour = colours.find((c) => c.id === term);
      if (!colour) continue; // a size term; checked below
      expect(count, colour.slug).toBe(await total(`${base}&attributes[0][attribute]=pa_colour&attributes[0][term_id]=${term}`));
    }
    // Sizes are counted with the colour filter applied.
    const sizeCounts = (data.attribute_counts ?? []).filter((x) => !colours.some((c) => c.id === x.term));
    for (const { term, count } of sizeCounts.slice(0, 3)) {
      expect(count).toBe(await total(`${chosen}&attributes[1][attribute]=pa_size&attributes[1][term_id]=${term}`));
    }
  });

  it('brand and category counts ignore their own filter and honour the others', async () => {
    const brand = brands[0];
    const data = await facets(`brand=${brand?.slug}&attributes[0][attribute]=pa_colour&attributes[0][slug]=black`);
    for (const { term, count } of data.taxonomy_counts ?? []) {
      const isBrand = brands.some((b) => b.id === term);
      const query = isBrand ? `brand=${term}&attributes[0][attribute]=pa_colour&attributes[0][slug]=black` : `category=${term}&brand=${brand?.slug}&attributes[0][attribute]=pa_colour&attributes[0][slug]=black`;
      expect(count, `${isBrand ? 'brand' : 'category'} ${term}`).toBe(await total(query));
    }
  });

  it('gives the price range of the other filters in centavos, with the currency', async () => {
    const data = await facets('category=tees&min_price=60000');
    expect(data.price_range?.currency_code).toBe('PHP');
    const { body } = await shopper.getJson<StoreProductJson[]>(`${STORE}/products?per_page=100&category=tees`);
    const lows = body.map((p) => Number(p.prices.price_range?.min_amount ?? p.prices.price));
    expect(Number(data.price_range?.min_price)).toBe(Math.min(...lows));
    const none = await facets('search=zzzz-nothing');
    expect(none.price_range).toBeNull();
    expect(none.attribute_counts).toEqual([]);
  });

  it('reports stock status and rating counts when asked, and nothing it was not asked for', async () => {
    const { body } = await shopper.getJson<CollectionJson>(`${STORE}/products/collection-data?calculate_stock_status_counts=1&calculate_rating_counts=true`);
    const sum = (body.stock_status_counts ?? []).reduce((n, x) => n + x.count, 0);
    expect(sum).toBe(await total(''));
    expect(body.rating_counts?.every((r) => r.rating >= 1 && r.rating <= 5)).toBe(true);
    expect(body.price_range).toBeNull();
    expect(body.attribute_counts).toBeNull();
    const bad = await shopper.getJson<{ code: string }>(`${STORE}/products/collection-data?calculate_taxonomy_counts[]=post_tag`);
    expect(bad.status).toBe(400);
    const bad2 = await shopper.getJson<{ code: string }>(`${STORE}/products/collection-data?calculate_price_range=maybe`);
    expect(bad2.status).toBe(400);
  });
});
