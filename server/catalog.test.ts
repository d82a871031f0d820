/** Products, categories and pictures over real HTTP, compared with the stock WooCommerce answers. */
import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED_PRODUCTS } from './db/seed-data.js';
import { Shopper, startShop, STORE, type StoreProductJson, type TestShop } from './test/harness.js';

const fixture = (name: string): unknown => JSON.parse(readFileSync(new URL(`../tests/fixtures/stock-woocommerce-9.1/${name}`, import.meta.url), 'utf8'));
const keysOf = (value: unknown): string[] => Object.keys(value as Record<string, unknown>).sort();

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

const list = (query: string) => shopper.getJson<StoreProductJson[]>(`${STORE}/products${query}`);

describe('GET products', () => {
  it('pages ten products by default, newest first, with WordPress paging headers', async () => {
    const { status, body, headers } = await list('');
    expect(status).toBe(200);
    expect(body).toHaveLength(10);
    expect(headers.get('x-wp-total')).toBe(String(SEED_PRODUCTS.length));
    expect(headers.get('x-wp-totalpages')).toBe(String(Math.ceil(SEED_PRODUCTS.length / 10)));
    expect(headers.get('content-type')).toBe('application/json; charset=UTF-8');
    expect(headers.get('cache-control')).toBe('no-store');
    const link = headers.get('link') ?? '';
    expect(link).toContain(`<${shop.url}${STORE}/products?page=2>; rel="next"`);
    expect(link).not.toContain('rel="prev"');
    expect(body[0]?.name).toBe('Suede Desert Boots');
  });

  it('links prev and next on a middle page and only prev on the last', async () => {
    const middle = await list('?per_page=20&page=2');
    expect(middle.headers.get('link')).toContain(`<${shop.url}${STORE}/products?per_page=20&page=1>; rel="prev"`);
    expect(middle.headers.get('link')).toContain(`<${shop.url}${STORE}/products?per_page=20&page=3>; rel="next"`);
    const last = await list('?per_page=20&page=4');
    expect(last.body).toHaveLength(SEED_PRODUCTS.length - 60);
    expect(last.headers.get('link')).toContain('rel="prev"');
    expect(last.headers.get('link')).not.toContain('rel="next"');
  });

  it('answers 400 past the last page, as WordPress does', async () => {
    const { status, body } = await list('?per_page=50&page=3');
    expect(status).toBe(400);
    expect(body).toMatchObject({ code: 'rest_post_invalid_page_number', data: { status: 400 } });
  });

  it('returns every product with per_page=100 and no next link', async () => {
    const { body, headers } = await list('?per_page=100');
    expect(body).toHaveLength(SEED_PRODUCTS.length);
    expect(headers.get('link') ?? '').not.toContain('rel="next"');
    expect(new Set(body.map((p) => p.id)).size).toBe(body.length);
  });

  it.each([
    ['per_page=0', 'per_page'],
    ['per_page=101', 'per_page'],
    ['per_page=ten', 'per_page'],
    ['page=0', 'page'],
    ['page=-1', 'page'],
    ['page=1.5', 'page'],
    ['orderby=cheapest', 'orderby'],
    ['order=up', 'order'],
    ['min_price=abc', 'min_price'],
    ['include=1,x', 'include'],
    ['category=%3Cscript%3E', 'category'],
    ['on_sale=maybe', 'on_sale'],
  ])('refuses %s with rest_invalid_param naming %s', async (query, param) => {
    const { status, body } = await list(`?${query}`);
    expect(status).toBe(400);
    expect(body).toMatchObject({ code: 'rest_invalid_param', data: { status: 400, params: { [param]: expect.any(String) } } });
  });

  it('ignores parameters it does not know, such as _locale', async () => {
    const { status, body } = await list('?_locale=user&per_page=3&utm_source=x');
    expect(status).toBe(200);
    expect(body).toHaveLength(3);
  });

  it('sorts by price in both directions using the ends of price ranges', async () => {
    const low = (p: StoreProductJson) => Number(p.prices.price_range?.min_amount ?? p.prices.price);
    const high = (p: StoreProductJson) => Number(p.prices.price_range?.max_amount ?? p.prices.price);
    const asc = (await list('?per_page=100&orderby=price&order=asc')).body;
    for (let i = 1; i < asc.length; i++) expect(low(asc[i]!)).toBeGreaterThanOrEqual(low(asc[i - 1]!));
    const desc = (await list('?per_page=100&orderby=price&order=desc')).body;
    for (let i = 1; i < desc.length; i++) expect(high(desc[i]!)).toBeLessThanOrEqual(high(desc[i - 1]!));
  });

  it('sorts by title, rating, popularity and menu order', async () => {
    expect((await list('?orderby=title&order=asc')).body[0]?.name).toBe('Abaca Espadrilles');
    expect((await list('?orderby=title&order=desc')).body[0]?.name).toBe('Woven Slide Sandals');
    const rated = (await list('?per_page=100&orderby=rating&order=desc')).body.map((p) => Number(p.average_rating));
    expect(rated).toEqual([...rated].sort((a, b) => b - a));
    expect((await list('?orderby=popularity&order=desc')).body).toHaveLength(10);
    expect((await list('?orderby=menu_order&order=asc')).body[0]?.name).toBe(SEED_PRODUCTS[0]?.name);
  });

  it('filters by category slug, id and lists of them', async () => {
    const bySlug = await list('?category=tees&per_page=100');
    expect(bySlug.body).toHaveLength(10);
    expect(bySlug.body.every((p) => p.categories.some((c) => c.slug === 'tees'))).toBe(true);
    const id = bySlug.body[0]?.categories[0]?.id;
    const byId = await list(`?category=${id}&per_page=100`);
    expect(byId.body.map((p) => p.id)).toEqual(bySlug.body.map((p) => p.id));
    const both = await list('?category=tees,footwear&per_page=100');
    expect(both.headers.get('x-wp-total')).toBe('20');
    const none = await list('?category=no-such-category');
    expect(none.status).toBe(200);
    expect(none.body).toEqual([]);
    expect(none.headers.get('x-wp-total')).toBe('0');
    expect(none.headers.get('x-wp-totalpages')).toBe('0');
  });

  it('takes category ids as a stock shop does: each category’s id gives its products and its count, ids listed with commas or spaces', async () => {
    const categories = (await shopper.getJson<Array<{ id: number; slug: string; count: number }>>(`${STORE}/products/categories`)).body.filter((c) => c.count > 0);
    expect(categories.length).toBeGreaterThan(2);
    for (const category of categories) {
      const byId = await list(`?category=${category.id}&per_page=100`);
      expect(byId.status).toBe(200);
      expect(byId.headers.get('x-wp-total'), category.slug).toBe(String(category.count));
      expect(byId.body.map((p) => p.id)).toEqual((await list(`?category=${category.slug}&per_page=100`)).body.map((p) => p.id));
    }
    const [a, b] = categories;
    const both = a!.count + b!.count;
    expect((await list(`?category=${a!.id},${b!.id}&per_page=1`)).headers.get('x-wp-total')).toBe(String(both));
    expect((await list(`?category=${a!.id}%20${b!.id}&per_page=1`)).headers.get('x-wp-total')).toBe(String(both));
    expect((await list(`?category=${a!.id},%20${b!.id}&per_page=1`)).headers.get('x-wp-total')).toBe(String(both));
  });

  it('collection-data takes a category id like its slug', async () => {
    const categories = (await shopper.getJson<Array<{ id: number; slug: string }>>(`${STORE}/products/categories`)).body;
    const tees = categories.find((c) => c.slug === 'tees')!;
    const data = (category: string) =>
      shopper.getJson<{ price_range: { min_price: string; max_price: string } | null; attribute_counts: unknown }>(
        `${STORE}/products/collection-data?category=${category}&calculate_price_range=true&calculate_attribute_counts[0][taxonomy]=pa_colour&calculate_attribute_counts[0][query_type]=or`,
      );
    const byId = await data(String(tees.id));
    expect(byId.status).toBe(200);
    expect(byId.body.price_range).not.toBeNull();
    expect(byId.body).toEqual((await data('tees')).body);
    expect(byId.body).not.toEqual((await data('')).body);
  });

  it('filters by price in centavos, the whole range inside the bounds', async () => {
    const { body } = await list('?min_price=100000&max_price=200000&per_page=100');
    expect(body.length).toBeGreaterThan(0);
    for (const p of body) {
      expect(Number(p.prices.price_range?.min_amount ?? p.prices.price)).toBeGreaterThanOrEqual(100000);
      expect(Number(p.prices.price_range?.max_amount ?? p.prices.price)).toBeLessThanOrEqual(200000);
    }
    expect((await list('?min_price=999999999999999')).body).toEqual([]);
  });

  it('searches names and descriptions, treating LIKE wildcards as text', async () => {
    const { body } = await list('?search=bayong&per_page=100');
    expect(body.map((p) => p.slug)).toContain('classic-buri-bayong');
    expect((await list('?search=%25%25%25')).body).toEqual([]);
    expect((await list('?search=_')).body).toEqual([]);
  });

  it('returns exactly the included ids, in both spellings, and filters by slug and sale', async () => {
    const ids = (await list('?per_page=3')).body.map((p) => p.id);
    const comma = await list(`?include=${ids.join(',')}`);
    expect(comma.body.map((p) => p.id).sort()).toEqual([...ids].sort());
    const brackets = await list(`?${ids.map((id) => `include[]=${id}`).join('&')}`);
    expect(brackets.body.map((p) => p.id).sort()).toEqual([...ids].sort());
    const bySlug = await list('?slug=ube-halaya-jar');
    expect(bySlug.body.map((p) => p.slug)).toEqual(['ube-halaya-jar']);
    const sale = await list('?on_sale=true&per_page=100');
    expect(sale.body.length).toBeGreaterThanOrEqual(5);
    expect(sale.body.every((p) => p.on_sale)).toBe(true);
  });

  it('keeps only the fields `_fields` names, in lists, single products and the plain-permalink form, cached apart from whole answers', async () => {
    const whole = await list('?per_page=3');
    const cut = await list('?per_page=3&_fields=id,name,prices.price');
    expect(cut.status).toBe(200);
    expect(cut.headers.get('x-wp-total')).toBe(whole.headers.get('x-wp-total'));
    expect(cut.body).toEqual(whole.body.map((p) => ({ id: p.id, name: p.name, prices: { price: p.prices.price } })));
    // The whole answer again: the cut one did not take its place in the cache, nor the other way round.
    expect((await list('?per_page=3')).body).toEqual(whole.body);
    expect((await list('?_fields=id,name,prices.price&per_page=3')).body).toEqual(cut.body);
    const one = await shopper.getJson<Record<string, unknown>>(`${STORE}/products/${whole.body[0]!.id}?_fields=id,on_sale`);
    expect(one.body).toEqual({ id: whole.body[0]!.id, on_sale: whole.body[0]!.on_sale });
    const plain = await shopper.getJson<unknown[]>('/?rest_route=/wc/store/v1/products&per_page=2&_fields=slug');
    expect(plain.body).toEqual(whole.body.slice(0, 2).map((p) => ({ slug: p.slug })));
    // Blank `_fields` leaves the answer whole; an error is never cut.
    expect((await list('?per_page=3&_fields=,')).body).toEqual(whole.body);
    const missing = await shopper.getJson(`${STORE}/products/999999?_fields=id`);
    expect(missing.body).toMatchObject({ code: 'woocommerce_rest_product_invalid_id', data: { status: 404 } });
  });

  it('answers the plain-permalink form ?rest_route=', async () => {
    const { status, body } = await shopper.getJson<StoreProductJson[]>('/?rest_route=/wc/store/v1/products&per_page=2');
    expect(status).toBe(200);
    expect(body).toHaveLength(2);
  });
});

describe('product shape', () => {
  it('has every field of the stock answer, and the same nested shapes', async () => {
    const stock = fixture('storeapi-products.json') as Array<Record<string, Record<string, unknown>>>;
    const stockSimple = stock[1]!;
    const stockVariable = stock[0]!;
    const { body } = await list('?per_page=100');
    const simple = body.find((p) => p.type === 'simple')!;
    const variable = body.find((p) => p.type === 'variable' && p.prices.price_range !== null)!;
    for (const [ours, theirs] of [
      [simple, stockSimple],
      [variable, stockVariable],
    ] as const) {
      expect(keysOf(ours)).toEqual([...keysOf(theirs), 'brands'].sort());
      expect(keysOf(ours.prices)).toEqual(keysOf(theirs['prices']));
      expect(keysOf(ours.add_to_cart)).toEqual(keysOf(theirs['add_to_cart']));
    }
    expect(keysOf(variable.prices.price_range)).toEqual(keysOf(stockVariable['prices']?.['price_range']));
    expect(keysOf(variable.attributes[0])).toEqual(keysOf((stockVariable['attributes'] as unknown as unknown[])[0]));
    expect(keysOf(variable.variations[0])).toEqual(keysOf((stockVariable['variations'] as unknown as unknown[])[0]));
    expect(keysOf(simple.images[0])).toEqual(['alt', 'id', 'name', 'sizes', 'src', 'srcset', 'thumbnail']);
    expect(keysOf(simple.categories[0])).toEqual(['id', 'link', 'name', 'slug']);
  });

  it('writes PHP prices as strings of centavos with absolute permalinks', async () => {
    const { body } = await list('?slug=kapeng-barako-ground-coffee');
    const coffee = body[0]!;
    expect(coffee.prices).toMatchObject({
      price: '42000',
      regular_price: '42000',
      currency_code: 'PHP',
      currency_symbol: '₱',
      currency_minor_unit: 2,
      currency_prefix: '₱',
      currency_suffix: '',
      currency_decimal_separator: '.',
      currency_thousand_separator: ',',
    });
    expect(coffee.permalink).toBe(`${shop.url}/product/kapeng-barako-ground-coffee/`);
    expect(coffee['price_html']).toBe('<span class="woocommerce-Price-amount amount"><span class="woocommerce-Price-currencySymbol">&#8369;</span>420.00</span>');
    expect(coffee.add_to_cart).toMatchObject({ text: 'Add to cart', maximum: 1000 });
  });

  it('escapes names as WordPress does', async () => {
    const { body } = await list('?slug=baybayin-salamat-tee');
    expect(body[0]?.name).toBe('Baybayin &quot;Salamat&quot; Tee');
    expect(body[0]?.categories[0]?.name).toBe('Tees');
    const barong = await list('?category=barong-filipiniana&per_page=1');
    expect(barong.body[0]?.categories[0]?.name).toBe('Barong &amp; Filipiniana');
  });

  it('describes a variable product with global attributes and its variations', async () => {
    const { body } = await list('?slug=suki-logo-tee');
    const tee = body[0]!;
    expect(tee.type).toBe('variable');
    expect(tee.add_to_cart.text).toBe('Select options');
    expect(tee.attributes.map((a) => a.taxonomy)).toEqual(['pa_colour', 'pa_size']);
    expect(tee.attributes[0]?.terms.map((t) => t.slug)).toEqual(['black', 'white', 'mustard']);
    // Every colour and size, except mustard in XS, which is never made.
    expect(tee.variations).toHaveLength(3 * 6 - 1);
    expect(tee.variations.some((v) => v.attributes.some((a) => a.value === 'mustard') && v.attributes.some((a) => a.value === 'xs'))).toBe(false);
    expect(tee.variations[0]?.attributes).toEqual([
      { name: 'Colour', value: 'black' },
      { name: 'Size', value: 'xs' },
    ]);
    expect(tee.prices.price_range).toEqual({ min_amount: '59900', max_amount: '64900' });
  });

  it('has sold-out and low-stock variations among the variable products', async () => {
    const variable = (await list('?per_page=100')).body.filter((p) => p.type === 'variable');
    expect(variable.length).toBeGreaterThanOrEqual(12);
    const ids = variable.flatMap((p) => p.variations.map((v) => v.id));
    const variations = await Promise.all(ids.map((id) => shopper.getJson<StoreProductJson>(`${STORE}/products/${id}`)));
    expect(variations.every((v) => v.status === 200 && v.body.type === 'variation')).toBe(true);
    expect(variations.some((v) => !v.body.is_in_stock)).toBe(true);
    expect(variations.some((v) => v.body.low_stock_remaining !== null && v.body.low_stock_remaining <= 5)).toBe(true);
  });
});

describe('variations through their parents (parent, type=variation), exclude, type', () => {
  it('lists a product’s variations with their own price, stock, limits, picture and identifiers', async () => {
    const [tee] = (await list('?slug=suki-logo-tee')).body;
    const answer = await shopper.getJson<StoreProductJson[]>(`${STORE}/products?parent=${tee!.id}&type=variation&per_page=100`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('x-wp-total')).toBe(String(tee!.variations.length));
    const variations = answer.body;
    expect(variations.map((v) => v.id)).toEqual(tee!.variations.map((v) => v.id));
    for (const v of variations) {
      expect(v.type).toBe('variation');
      expect(v.parent).toBe(tee!.id);
      expect(v.images).toHaveLength(1);
      expect(v.images[0]?.src).toContain(`/wp-content/uploads/suki/${v.slug}-1.webp`);
      const ids = (v.extensions as Record<string, { gtin: string; mpn: string; brand: string }>)['customer-reviews-woocommerce'];
      expect(ids?.gtin).toMatch(/^480\d{10}$/);
      expect(ids?.brand).toBe('Kalye Threads');
      expect(ids?.mpn).toBe(v.sku.replace(/^SUKI-/, ''));
    }
    // The 2XL upcharge shows in its variations' own prices.
    const xxl = variations.find((v) => /-2xl$/.test(v.slug))!;
    expect(xxl.prices.price).toBe('64900');
    expect(variations.some((v) => !v.is_in_stock)).toBe(true);
    const picture = await fetch(xxl.images[0]!.src);
    expect(picture.status).toBe(200);
    expect(picture.headers.get('content-type')).toBe('image/webp');
  });

  it('pages through more than 30 variations, and excludes ids', async () => {
    const [sneakers] = (await list('?slug=canvas-street-sneakers')).body;
    expect(sneakers!.variations.length).toBeGreaterThan(30);
    const first = await shopper.getJson<StoreProductJson[]>(`${STORE}/products?parent=${sneakers!.id}&type=variation&per_page=20`);
    expect(first.body).toHaveLength(20);
    expect(first.headers.get('link')).toContain('rel="next"');
    const excluded = sneakers!.variations[0]!.id;
    const rest = await shopper.getJson<StoreProductJson[]>(`${STORE}/products?parent[]=${sneakers!.id}&type=variation&per_page=100&exclude=${excluded}`);
    expect(rest.body).toHaveLength(sneakers!.variations.length - 1);
    expect(rest.body.some((v) => v.id === excluded)).toBe(false);
    const related = await shopper.getJson<StoreProductJson[]>(`${STORE}/products?category=footwear&exclude=${sneakers!.id}&per_page=100`);
    expect(related.body.length).toBeGreaterThan(0);
    expect(related.body.some((p) => p.id === sneakers!.id)).toBe(false);
    const simple = await shopper.getJson<StoreProductJson[]>(`${STORE}/products?type=simple&per_page=100`);
    expect(simple.body.every((p) => p.type === 'simple')).toBe(true);
  });

  it('refuses bad values with a 400, never a 500', async () => {
    for (const query of ['type=variation', 'parent=abc&type=variation', 'parent=0&type=variation', 'exclude=-1', 'type=bundle', `parent=${Array.from({ length: 101 }, (_, i) => i + 1).join(',')}&type=variation`]) {
      const res = await shopper.fetch(`${STORE}/products?${query}`);
      expect(res.status, query).toBe(400);
      expect(((await res.json()) as { code: string }).code, query).toBe('rest_invalid_param');
    }
  });
});

describe('GET products/{id} and categories', () => {
  it('answers one product, or 404 woocommerce_rest_product_invalid_id', async () => {
    const [first] = (await list('?per_page=1')).body;
    const one = await shopper.getJson<StoreProductJson>(`${STORE}/products/${first!.id}`);
    expect(one.status).toBe(200);
    expect(one.body).toEqual(first);
    const stockProduct = fixture('storeapi-product.json');
    expect(keysOf(one.body)).toEqual([...keysOf(stockProduct), 'brands'].sort());
    for (const id of ['999999', '99999999999999']) {
      const missing = await shopper.getJson(`${STORE}/products/${id}`);
      expect(missing.status).toBe(404);
      expect(missing.body).toMatchObject({ code: 'woocommerce_rest_product_invalid_id', data: { status: 404 } });
    }
    const notANumber = await shopper.getJson(`${STORE}/products/abc`);
    expect(notANumber.status).toBe(404);
    expect(notANumber.body).toMatchObject({ code: 'rest_no_route' });
  });

  it('lists the categories with counts and links', async () => {
    const { status, body } = await shopper.getJson<Array<Record<string, unknown>>>(`${STORE}/products/categories`);
    expect(status).toBe(200);
    expect(body.length).toBeGreaterThanOrEqual(6);
    expect(keysOf(body[0])).toEqual(['count', 'description', 'id', 'image', 'name', 'parent', 'permalink', 'review_count', 'slug']);
    expect(body.reduce((sum, c) => sum + (c['count'] as number), 0)).toBe(SEED_PRODUCTS.length);
    expect(body.map((c) => c['slug'])).toEqual(['barong-filipiniana', 'tees', 'bags-bayong', 'home-kitchen', 'coffee-pantry', 'accessories', 'footwear']);
    expect(body[1]?.['permalink']).toBe(`${shop.url}/product-category/tees/`);
  });
});

describe('product pictures', () => {
  it('offers each picture as WebP in three sizes, as WooCommerce names them, each a real picture of its size', async () => {
    const { body } = await list('?slug=baybayin-salamat-tee');
    const [main] = body[0]!.images;
    expect(main!.src).toBe(`${shop.url}/wp-content/uploads/suki/baybayin-salamat-tee-1.webp`);
    expect(main!.thumbnail).toBe(`${shop.url}/wp-content/uploads/suki/baybayin-salamat-tee-1-300x300.webp`);
    expect(main!.name).toBe('baybayin-salamat-tee-1.webp');
    const candidates = main!.srcset.split(', ').map((c) => c.split(' '));
    expect(candidates.map(([, w]) => w)).toEqual(['300w', '600w', '800w']);
    for (const [url, w] of candidates) {
      const response = await fetch(url!);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('image/webp');
      expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      const bytes = Buffer.from(await response.arrayBuffer());
      const meta = await sharp(bytes).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['webp', Number.parseInt(w!, 10), Number.parseInt(w!, 10)]);
    }
    // Asked again (and twice at once), the same bytes: encoded once, kept.
    const [a, b] = await Promise.all([fetch(main!.thumbnail), fetch(main!.thumbnail)]);
    expect(Buffer.from(await a.arrayBuffer()).equals(Buffer.from(await b.arrayBuffer()))).toBe(true);
  });

  it('serves both generated SVGs with a long cache and escaped text', async () => {
    const { body } = await list('?slug=baybayin-salamat-tee');
    for (const image of body[0]!.images) {
      const response = await fetch(image.src.replace(/\.webp$/, '.svg'));
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('image/svg+xml');
      expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      const svg = await response.text();
      expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
      expect(svg).toContain('Baybayin &quot;Salamat&quot; Tee');
      expect(svg).not.toContain('"Salamat"');
    }
  });

  it('answers 404 for unknown pictures and odd names', async () => {
    for (const path of [
      'no-such-product-1.svg',
      'suki-logo-tee-3.svg',
      '..%2Fsecret-1.svg',
      'suki-logo-tee-1.png',
      'no-such-product-1.webp',
      'suki-logo-tee-3-300x300.webp',
      'suki-logo-tee-1-400x400.webp',
      'suki-logo-tee-1-300x600.webp',
      'suki-logo-tee-1-3000x3000.webp',
      'suki-logo-tee-1-300x300.svg',
    ]) {
      expect((await fetch(`${shop.url}/wp-content/uploads/suki/${path}`)).status).toBe(404);
    }
  });
});
