import fc from 'fast-check';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { listedProduct } from '../core/rules/listed-product.js';
import { createCatalogAdapter, storeProductSchema, storeTileSchema, TILE_FIELDS, toListedProduct, toProduct, toProductParams } from './catalog.js';
import { createHttpClient } from './http.js';
import { SHOP, fakeShop, inOrder, json, recording, replay, stockCatalogShop, wpIdList, type Answer } from './testing/fake-shop.js';

const API = `${SHOP}/wp-json/wc/store/v1`;

function setup(answer: Answer) {
  const shop = fakeShop(answer);
  const http = createHttpClient({ baseUrl: SHOP, fetch: shop.fetch });
  return { catalog: createCatalogAdapter(http), requests: shop.requests };
}

const USD = {
  code: 'USD',
  minorUnit: 2,
  symbol: '$',
  prefix: '$',
  suffix: '',
  decimalSeparator: '.',
  thousandSeparator: ',',
};

describe('catalog contract against stock WooCommerce 9.1 answers', () => {
  it('storeapi-products: a listing with totals from X-WP-Total / X-WP-TotalPages', async () => {
    const { catalog, requests } = setup(inOrder(() => replay(recording('storeapi-products'))));
    const result = await catalog.listProducts({ page: 1, perPage: 12, orderby: 'price', order: 'asc', minPrice: 500, maxPrice: 5000 });
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({
      method: 'GET',
      url: `${API}/products?page=1&per_page=12&orderby=price&order=asc&min_price=500&max_price=5000&_locale=user`,
      body: '',
    });
    expect(requests[0]?.headers['accept']).toBe('application/json, */*;q=0.1');
    if (!result.ok) throw new Error(result.error.message);
    const page = result.value;
    expect(page).toMatchObject({ total: 4, totalPages: 1, page: 1 });
    expect(page.items.map((p) => [p.id, p.slug, p.type])).toEqual([
      [13, 'peer-hoodie', 'variable'],
      [12, 'peer-cap', 'simple'],
      [11, 'peer-mug', 'simple'],
      [10, 'peer-tee', 'simple'],
    ]);

    const mug = page.items[2]!;
    expect(mug.onSale).toBe(true);
    expect(mug.prices).toEqual({ price: 999, regularPrice: 1250, salePrice: 999, range: null, currency: USD });
    expect(mug.images).toEqual([]);
    expect(mug.brands).toEqual([]);
    expect(mug.lowStockRemaining).toBeNull();
    expect(mug.shortDescription).toBe('Peer Mug, sold by a local test peer.');
    expect(mug.description).toBe('A real WooCommerce simple product (PEER-MUG) for client tests.');
    expect(mug.addToCart).toEqual({ text: 'Add to cart', minimum: 1, maximum: 10, multipleOf: 1 });

    const hoodie = page.items[0]!;
    expect(hoodie.prices.range).toEqual({ min: 3900, max: 4200 });
    expect(hoodie.hasOptions).toBe(true);
    expect(hoodie.addToCart.text).toBe('Select options');
    expect(hoodie.attributes).toEqual([
      {
        id: 0,
        name: 'Size',
        taxonomy: null,
        hasVariations: true,
        terms: [
          { id: 0, name: 'S', slug: 'S' },
          { id: 0, name: 'M', slug: 'M' },
          { id: 0, name: 'L', slug: 'L' },
        ],
      },
    ]);
    expect(hoodie.variations.map((v) => [v.id, v.attributes])).toEqual([
      [14, [{ name: 'Size', value: 'S' }]],
      [15, [{ name: 'Size', value: 'M' }]],
      [16, [{ name: 'Size', value: 'L' }]],
    ]);
    expect(page.items[1]?.addToCart.maximum).toBe(5);
    expect(page.items[3]).toMatchObject({ averageRating: 4, reviewCount: 3, sku: 'PEER-TEE' });
  });

  it('storeapi-product: by id', async () => {
    const { catalog, requests } = setup(inOrder(() => replay(recording('storeapi-product'))));
    const result = await catalog.getProduct(10);
    expect(requests.map((r) => `${r.method} ${r.url}`)).toEqual([`GET ${API}/products/10?_locale=user`]);
    if (!result.ok) throw new Error(result.error.message);
    expect(result.value).toMatchObject({
      id: 10,
      name: 'Peer Tee',
      slug: 'peer-tee',
      permalink: 'http://127.0.0.1:8931/product/peer-tee/',
      type: 'simple',
      onSale: false,
      isPurchasable: true,
      isInStock: true,
      hasOptions: false,
      averageRating: 4,
      reviewCount: 3,
      categories: [],
      prices: { price: 1999, regularPrice: 1999, salePrice: 1999, range: null, currency: USD },
      addToCart: { text: 'Add to cart', minimum: 1, maximum: 25, multipleOf: 1 },
    });
  });

  it('storeapi-product: by slug through products?slug=', async () => {
    const recorded = recording('storeapi-product');
    const { catalog, requests } = setup(inOrder(() => replay(recorded, { body: `[${recorded.body}]` })));
    const result = await catalog.getProduct('peer-tee');
    expect(requests.map((r) => r.url)).toEqual([`${API}/products?slug=peer-tee&_locale=user`]);
    expect(result.ok && result.value.id).toBe(10);
  });

  it('an unknown slug (empty list) is not-found', async () => {
    const { catalog } = setup(inOrder(() => json([])));
    const result = await catalog.getProduct('nope');
    expect(result.ok ? null : result.error.kind).toBe('not-found');
  });

  it('an unknown id answers 404 → not-found with the server message', async () => {
    const { catalog } = setup(
      inOrder(() => json({ code: 'woocommerce_rest_product_invalid_id', message: 'Invalid product ID.', data: { status: 404 } }, 404)),
    );
    expect(await catalog.getProduct(404)).toEqual({ ok: false, error: { kind: 'not-found', message: 'Invalid product ID.' } });
  });

  it('a slug search that the shop ignored does not pick a wrong product', async () => {
    const products = recording('storeapi-products');
    const { catalog } = setup(inOrder(() => replay(products)));
    const result = await catalog.getProduct('peer-scarf');
    expect(result.ok ? null : result.error.kind).toBe('not-found');
  });

  it('perPage -1 fetches every page of 100 and counts what it got', async () => {
    const products = recording('storeapi-products');
    const next = `${API}/products?per_page=100&page=2&_locale=user`;
    const { catalog, requests } = setup(
      inOrder(
        () => replay(products, { headers: { Link: `<${next}>; rel="next"`, 'X-WP-Total': '5', 'X-WP-TotalPages': '2' } }),
        () => replay(recording('storeapi-product'), { body: `[${recording('storeapi-product').body}]` }),
      ),
    );
    const result = await catalog.listProducts({ perPage: -1 });
    expect(requests.map((r) => r.url)).toEqual([`${API}/products?per_page=100&_locale=user`, next]);
    expect(result.ok && result.value).toMatchObject({ total: 5, totalPages: 1, page: 1 });
    expect(result.ok && result.value.items.map((p) => p.id)).toEqual([13, 12, 11, 10, 10]);
  });

  it('categories, with HTML names and descriptions turned into text', async () => {
    const { catalog, requests } = setup(
      inOrder(() =>
        json([
          { id: 15, name: 'Uncategorized', slug: 'uncategorized', parent: 0, count: 0, description: '', image: null, permalink: 'x' },
          { id: 16, name: 'Mugs &amp; Cups', slug: 'mugs', parent: 15, count: 3, description: '<p>Hot &ndash; cold</p>', review_count: 2 },
        ]),
      ),
    );
    const result = await catalog.listCategories();
    expect(requests.map((r) => r.url)).toEqual([`${API}/products/categories?_locale=user`]);
    expect(result).toEqual({
      ok: true,
      value: [
        { id: 15, name: 'Uncategorized', slug: 'uncategorized', parent: 0, count: 0, description: '' },
        { id: 16, name: 'Mugs & Cups', slug: 'mugs', parent: 15, count: 3, description: 'Hot \u2013 cold' },
      ],
    });
  });

  it('tolerates brands, images and extra fields, and maps plugin product types', async () => {
    const product = JSON.parse(recording('storeapi-product').body) as Record<string, unknown>;
    const extended = {
      ...product,
      type: 'bundle',
      name: 'Tee &amp; Mug <em>set</em>',
      brands: [{ id: 3, name: 'Peer &amp; Co', slug: 'peer-co', link: 'x' }],
      images: [{ id: 9, src: 'https://cdn/x.jpg', thumbnail: 'https://cdn/x-150.jpg', srcset: 's', sizes: 'z', name: 'x', alt: 'A &quot;tee&quot;' }],
      low_stock_remaining: 2,
      something_new: { deep: true },
    };
    const { catalog } = setup(inOrder(() => json(extended)));
    const result = await catalog.getProduct(10);
    if (!result.ok) throw new Error(result.error.message);
    expect(result.value).toMatchObject({
      type: 'simple',
      name: 'Tee & Mug set',
      lowStockRemaining: 2,
      brands: [{ id: 3, name: 'Peer & Co', slug: 'peer-co' }],
      images: [{ id: 9, src: 'https://cdn/x.jpg', thumbnail: 'https://cdn/x-150.jpg', srcset: 's', sizes: 'z', name: 'x', alt: 'A "tee"' }],
    });
  });
});

describe('catalog robustness', () => {
  it('drops script addresses from permalinks and images', async () => {
    const product = JSON.parse(recording('storeapi-product').body) as Record<string, unknown>;
    const hostile = {
      ...product,
      permalink: ' javascript:alert(1)',
      images: [{ id: 1, src: 'data:text/html,x', thumbnail: '/wp-content/uploads/t.jpg', srcset: '', sizes: '', name: '', alt: '' }],
    };
    const { catalog } = setup(inOrder(() => json(hostile)));
    const result = await catalog.getProduct(10);
    expect(result.ok && result.value.permalink).toBe('');
    expect(result.ok && [result.value.images[0]?.src, result.value.images[0]?.thumbnail]).toEqual(['', '/wp-content/uploads/t.jpg']);
  });

  it('a truncated listing is an invalid-response', async () => {
    const products = recording('storeapi-products');
    const { catalog } = setup(inOrder(() => replay(products, { body: products.body.slice(0, products.body.length / 2) })));
    const result = await catalog.listProducts({});
    expect(result.ok ? null : result.error.kind).toBe('invalid-response');
  });

  it('a price sent as a decimal string fails the schema', async () => {
    const products = JSON.parse(recording('storeapi-products').body) as Array<{ prices: { price: string } }>;
    products[2]!.prices.price = '9.99';
    const { catalog } = setup(inOrder(() => json(products)));
    const result = await catalog.listProducts({});
    expect(result.ok ? null : result.error).toEqual({
      kind: 'invalid-response',
      message: 'The response does not have the expected shape at 2.prices.price.',
    });
  });

  it('a 400 for a bad parameter stays an http failure', async () => {
    const { catalog } = setup(
      inOrder(() => json({ code: 'rest_invalid_param', message: 'Invalid parameter(s): orderby', data: { status: 400 } }, 400)),
    );
    const result = await catalog.listProducts({ page: 99 });
    expect(result.ok ? null : result.error).toMatchObject({ kind: 'http', status: 400, code: 'rest_invalid_param' });
  });
});

describe('product query', () => {
  it('maps every field to its Store API name, leaving out what is unset', () => {
    expect(toProductParams({ category: 'mugs', search: 'tee', include: [10, 11] })).toEqual({
      page: undefined,
      per_page: undefined,
      category: 'mugs',
      orderby: undefined,
      order: undefined,
      min_price: undefined,
      max_price: undefined,
      search: 'tee',
      include: '10,11',
    });
    expect(toProductParams({ include: [] }).include).toBeUndefined();
  });
});

describe('categories against a stock 9.1 shop, which takes ids in category=', () => {
  const routeOf = (url: string) => new URL(url).pathname.replace('/wp-json/wc/store/v1/', '');
  const categoryOf = (url: string) => new URL(url).searchParams.get('category');

  it('the stand-in answers like stock: a slug matches nothing, an id its products', async () => {
    const { fetch } = fakeShop(stockCatalogShop());
    const get = async (query: string) => ((await (await fetch(`${API}/products?${query}`)).json()) as Array<{ name: string }>).map((p) => p.name);
    expect(await get('category=tops')).toEqual([]);
    expect(await get('category=16')).toEqual(['Peer Hoodie', 'Peer Jacket', 'Peer Tee']);
    expect(await get('category=16,18&per_page=100')).toHaveLength(7);
    expect(wpIdList('16, tops,16')).toEqual([16, 0]);
    const categories = (await (await fetch(`${API}/products/categories`)).json()) as Array<{ id: number; slug: string; count: number }>;
    expect(categories.map((c) => [c.id, c.slug, c.count])).toEqual([
      [16, 'tops', 3],
      [17, 'accessories', 5],
      [18, 'home', 4],
    ]);
  });

  it('a category slug is sent as its id, for products and for their facets', async () => {
    const { catalog, requests } = setup(stockCatalogShop());
    const [products, facets] = await Promise.all([
      catalog.listProducts({ category: 'tops', perPage: 12 }),
      catalog.facets({ category: 'tops' }, { priceRange: true, attributes: ['pa_color'], brands: false }),
    ]);
    if (!products.ok || !facets.ok) throw new Error('the stand-in refused');
    expect(products.value.items.map((p) => p.name)).toEqual(['Peer Hoodie', 'Peer Jacket', 'Peer Tee']);
    expect(products.value.total).toBe(3);
    expect(facets.value.priceRange).toMatchObject({ min: 35000, max: 249900 });
    expect(facets.value.attributeCounts).toEqual({ 19: 1, 20: 1 });
    // Products and facets ask at the same time and share one read of the categories.
    expect(requests.map((r) => routeOf(r.url)).sort()).toEqual(['products', 'products/categories', 'products/collection-data']);
    expect(requests.filter((r) => routeOf(r.url) !== 'products/categories').map((r) => categoryOf(r.url))).toEqual(['16', '16']);
  });

  it('uses the categories the page already listed, and passes ids and lists through', async () => {
    const { catalog, requests } = setup(stockCatalogShop());
    expect((await catalog.listCategories()).ok).toBe(true);
    const home = await catalog.listProducts({ category: 'HOME' });
    const mixed = await catalog.listProducts({ category: 'accessories, 18', perPage: 100 });
    const byId = await catalog.listProducts({ category: '17' });
    expect(home.ok && home.value.total).toBe(4);
    expect(mixed.ok && mixed.value.total).toBe(9);
    expect(byId.ok && byId.value.total).toBe(5);
    expect(requests.map((r) => routeOf(r.url))).toEqual(['products/categories', 'products', 'products', 'products']);
    expect(requests.slice(1).map((r) => categoryOf(r.url))).toEqual(['18', '17,18', '17']);
  });

  it('an unknown slug reads the categories again once, then goes as it is (and stock finds nothing)', async () => {
    const { catalog, requests } = setup(stockCatalogShop());
    await catalog.listCategories();
    const first = await catalog.listProducts({ category: 'no-such-category' });
    const second = await catalog.listProducts({ category: 'no-such-category' });
    expect(first.ok && first.value.items).toEqual([]);
    expect(second.ok && second.value.items).toEqual([]);
    expect(requests.map((r) => routeOf(r.url))).toEqual(['products/categories', 'products/categories', 'products', 'products']);
    expect(categoryOf(requests[2]!.url)).toBe('no-such-category');
  });

  it('a failed read of the categories is tried again on the next query', async () => {
    const stock = stockCatalogShop();
    let failures = 1;
    const { catalog, requests } = setup((request, index) => {
      if (routeOf(request.url) === 'products/categories' && failures-- > 0) return json({ code: 'internal_server_error', message: 'down', data: { status: 500 } }, 500);
      return stock(request, index);
    });
    const failed = await catalog.listProducts({ category: 'tops' });
    expect(failed.ok && failed.value.items).toEqual([]);
    const later = await catalog.listProducts({ category: 'tops' });
    expect(later.ok && later.value.total).toBe(3);
    expect(requests.map((r) => routeOf(r.url))).toEqual(['products/categories', 'products', 'products/categories', 'products']);
  });
});

describe('listing tiles: only the fields a tile reads (`_fields`)', () => {
  const fieldsOf = (url: string) => new URL(url).searchParams.get('_fields');

  it('asks a stock shop for the tile fields alone and reads its cut answer as the whole products cut down', async () => {
    const { catalog, requests } = setup(stockCatalogShop());
    const [tiles, whole] = await Promise.all([catalog.listTiles({ category: '16,18', perPage: 12 }), catalog.listProducts({ category: '16,18', perPage: 12 })]);
    if (!tiles.ok || !whole.ok) throw new Error('the stand-in refused');
    expect(tiles.value.items.length).toBeGreaterThan(0);
    expect(tiles.value).toEqual({ ...whole.value, items: whole.value.items.map(listedProduct) });
    expect(requests.map((r) => fieldsOf(r.url))).toEqual([TILE_FIELDS.join(','), null]);
    // The cut answer holds nothing a tile does not read.
    const cut = (await (await fakeShop(stockCatalogShop()).fetch(requests[0]!.url)).json()) as Array<Record<string, unknown>>;
    for (const product of cut) expect(Object.keys(product).every((key) => (TILE_FIELDS as readonly string[]).includes(key))).toBe(true);
  });

  it('reads a shop that ignores `_fields` (whole products) the same way', async () => {
    const { catalog } = setup(inOrder(() => replay(recording('storeapi-products'))));
    const tiles = await catalog.listTiles({ page: 1, perPage: 12 });
    const recorded = JSON.parse(recording('storeapi-products').body) as unknown[];
    expect(tiles.ok && tiles.value.items).toEqual(recorded.map((p) => listedProduct(toProduct(v.parse(storeProductSchema, p)))));
  });

  it('refuses a cut answer without a field a tile needs', async () => {
    const recorded = JSON.parse(recording('storeapi-products').body) as Array<Record<string, unknown>>;
    const { catalog } = setup(inOrder(() => json(recorded.map(({ prices: _prices, ...rest }) => rest))));
    const tiles = await catalog.listTiles({});
    expect(tiles.ok ? null : tiles.error.kind).toBe('invalid-response');
  });

  it('gives the tile of the whole product for any names, ratings, pictures and categories', () => {
    const recorded = JSON.parse(recording('storeapi-products').body) as Array<Record<string, unknown>>;
    const text = fc.oneof(fc.string(), fc.constantFrom('Tee &amp; Cap', '<b>Barong</b> Tagalog', 'Caf&eacute;&#8217;s', ' spaced  out '));
    const image = fc.record({ id: fc.nat(), src: fc.webUrl(), thumbnail: fc.webUrl(), srcset: fc.string(), sizes: fc.string(), name: text, alt: text });
    fc.assert(
      fc.property(
        fc.constantFrom(...recorded),
        text,
        fc.option(fc.record({ rating: fc.float({ min: 0, max: 5, noNaN: true }).map(String), count: fc.nat(500) }), { nil: undefined }),
        fc.array(image, { maxLength: 4 }),
        fc.array(fc.record({ id: fc.nat(), name: text, slug: fc.string() }), { maxLength: 3 }),
        (base, name, rating, images, categories) => {
          const product = { ...base, name, images, categories, ...(rating ? { average_rating: rating.rating, review_count: rating.count } : {}) };
          const cut = Object.fromEntries(Object.entries(product).filter(([key]) => (TILE_FIELDS as readonly string[]).includes(key)));
          expect(toListedProduct(v.parse(storeTileSchema, cut))).toEqual(listedProduct(toProduct(v.parse(storeProductSchema, product))));
        },
      ),
    );
  });
});

describe('requests leave within the call', () => {
  it('a listing or facets read by category ids (or none) calls fetch before the call returns; a slug waits for the categories', async () => {
    const sent: string[] = [];
    const http = createHttpClient({
      baseUrl: SHOP,
      fetch: (input) => {
        sent.push(String(input));
        return Promise.resolve(new Response('[]', { status: 200, headers: { 'content-type': 'application/json' } }));
      },
    });
    const catalog = createCatalogAdapter(http);
    const listing = catalog.listProducts({ page: 1, perPage: 12, category: '16,17' });
    expect(sent).toEqual([`${API}/products?page=1&per_page=12&category=16%2C17&_locale=user`]);
    const facets = catalog.facets({ page: 1, perPage: 12 }, { priceRange: true, attributes: [], brands: false });
    expect(sent).toHaveLength(2);
    expect(sent[1]).toContain('/products/collection-data?');
    await Promise.all([listing, facets]);
    // A slug becomes an id through the categories read first.
    sent.length = 0;
    const bySlug = catalog.listProducts({ page: 1, perPage: 12, category: 'tees' });
    expect(sent).toEqual([`${API}/products/categories?_locale=user`]);
    await bySlug;
    expect(sent[1]).toContain('/products?page=1&per_page=12&category=tees');
  });
});
