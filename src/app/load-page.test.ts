import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { storeProductSchema, toProduct } from '../adapters/catalog.js';
import type { Product, ProductQuery } from '../core/domain/catalog.js';
import type { CheckoutCart, ReceivedOrder } from '../core/domain/checkout.js';
import type { BlogPort, CatalogPort, CheckoutPort } from '../core/ports.js';
import { err, ok } from '../core/result.js';
import { loadPage } from './load-page.js';
import * as v from 'valibot';

const recorded = JSON.parse(readFileSync(new URL('../../tests/fixtures/stock-woocommerce-9.1/storeapi-products.json', import.meta.url), 'utf8')) as unknown[];
const base = toProduct(v.parse(storeProductSchema, recorded[0]));
const product = (id: number): Product => ({ ...base, id, slug: `p-${id}` });

/** A catalogue of 30 products, 12 a page, recording every query; past the last page is a 400. */
function fakeCatalog() {
  const queries: ProductQuery[] = [];
  const listing: CatalogPort['listProducts'] = async (query) => {
    queries.push(query);
    const page = query.page ?? 1;
    const perPage = query.perPage ?? 10;
    if ((page - 1) * perPage >= 30) return err({ kind: 'http', status: 400, code: 'rest_post_invalid_page_number', message: 'past the end' });
    return ok({ items: [product(page)], total: 30, totalPages: Math.ceil(30 / perPage), page });
  };
  const catalog: CatalogPort = {
    listProducts: async () => err({ kind: 'http', status: 500, code: 'unexpected', message: 'listings read tiles' }),
    listTiles: listing,
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

describe('loadPage for the checkout pages', () => {
  const order = { id: 12, status: 'processing', lines: [], coupons: [], billing: { email: 'a@b.ph' }, paymentMethod: 'bacs', bankDetails: [] } as unknown as ReceivedOrder;
  /** A checkout port answering the order only for key `wc_order_right`, and the email after `grace`. */
  const withCheckout = (grace = false) => {
    const asked: Array<{ id: number; key: string; email?: string }> = [];
    const checkout = {
      loadCart: async () => ok({ cart: { lines: [] } } as unknown as CheckoutCart),
      getOrder: async (request: { id: number; key: string; email?: string }) => {
        asked.push(request);
        if (request.key !== 'wc_order_right') return err({ kind: 'http' as const, status: 401, code: 'woocommerce_rest_invalid_order', message: 'Invalid order ID or key provided.' });
        if (grace && request.email !== 'a@b.ph') return err({ kind: 'http' as const, status: 401, code: 'woocommerce_rest_invalid_billing_email', message: 'Invalid billing email provided.' });
        return ok(order);
      },
    } as unknown as CheckoutPort;
    return { ports: { ...fakeCatalog().ports, checkout }, asked };
  };
  const at = (path: string) => new URL(`http://shop${path}`);

  it('the checkout reads the cart with its rates', async () => {
    const loaded = await loadPage(at('/checkout/'), withCheckout().ports, []);
    expect(loaded).toMatchObject({ status: 200, pageType: 'checkout', page: { type: 'checkout', title: 'Checkout' } });
  });

  it('the order-received page shows the order for its key, with the configured bank details for a bank transfer', async () => {
    const { ports, asked } = withCheckout();
    const loaded = await loadPage(at('/checkout/order-received/12/?key=wc_order_right'), ports, [], { bankDetails: ['Account 1'] });
    expect(asked).toEqual([{ id: 12, key: 'wc_order_right' }]);
    expect(loaded).toMatchObject({ status: 200, pageType: 'order-received', page: { order: { id: 12 }, bankDetails: ['Account 1'], message: null } });
  });

  it('without the right key, or with a malformed one, nothing of the order: the same 404 either way', async () => {
    const { ports, asked } = withCheckout();
    const wrong = await loadPage(at('/checkout/order-received/12/?key=wc_order_wrong'), ports, []);
    const malformed = await loadPage(at('/checkout/order-received/12/?key=%3Cscript%3E'), ports, []);
    const missing = await loadPage(at('/checkout/order-received/12/'), ports, []);
    for (const loaded of [wrong, malformed, missing]) {
      expect(loaded).toMatchObject({ status: 404, page: { type: 'order-received', order: null, message: 'We could not find that order. Please check the link in your order confirmation email.' } });
    }
    // A malformed key never reaches the shop.
    expect(asked.map((a) => a.key)).toEqual(['wc_order_wrong']);
  });

  it('after the grace period it asks for the billing email, and shows the order with the right one', async () => {
    const { ports } = withCheckout(true);
    const ask = await loadPage(at('/checkout/order-received/12/?key=wc_order_right'), ports, []);
    expect(ask).toMatchObject({ status: 200, page: { order: null, askEmail: true } });
    const wrong = await loadPage(at('/checkout/order-received/12/?key=wc_order_right'), ports, [], { orderEmail: 'x@y.ph' });
    expect(wrong).toMatchObject({ status: 403, page: { order: null, askEmail: true } });
    const right = await loadPage(at('/checkout/order-received/12/?key=wc_order_right'), ports, [], { orderEmail: 'a@b.ph' });
    // An email in the address is not read (it would sit in logs and histories).
    const inAddress = await loadPage(at('/checkout/order-received/12/?key=wc_order_right&billing_email=a%40b.ph'), ports, []);
    expect(inAddress).toMatchObject({ page: { order: null, askEmail: true } });
    expect(right).toMatchObject({ status: 200, page: { order: { id: 12 } } });
  });
});

describe('loadPage with the reviews and questions ports', () => {
  const summary = { averageHundredths: 460, count: 2, histogram: [0, 0, 0, 1, 1] as const };
  const block = { productId: 7, summary, tags: [], first: { items: [], total: 2, page: 1, perPage: 5, lastPage: true }, sort: 'recent' as const, form: { accepting: 'anybody' as const, questions: [], media: { enabled: false, limit: 0, maxBytes: 0, types: [], messages: { tooMany: '', fileType: '', fileSize: '' } }, captchaSiteKey: null } };
  const withProduct = () => {
    const { ports } = fakeCatalog();
    return { ...ports, catalog: { ...ports.catalog, getProduct: async () => ok(product(7)) } };
  };
  const reviewsPort = (answer: 'ok' | 'unsupported' | 'down') =>
    ({
      productBlock: async () => (answer === 'ok' ? ok(block) : err(answer === 'unsupported' ? { kind: 'http', status: 501, code: 'suki_reviews_unsupported', message: 'no' } : { kind: 'network', message: 'down' })),
      allReviews: async () => err(answer === 'unsupported' ? { kind: 'http', status: 501, code: 'suki_reviews_unsupported', message: 'no' } : { kind: 'network', message: 'down' }),
      home: async () => err({ kind: 'http', status: 501, code: 'suki_reviews_unsupported', message: 'no' }),
    }) as unknown as NonNullable<Parameters<typeof loadPage>[1]['reviews']>;

  it('puts the tab’s view on the product page; a failure is null (the tab says so), an unsupported one is no tab at all', async () => {
    const shown = await loadPage(new URL('http://shop/product/p-7/'), { ...withProduct(), reviews: reviewsPort('ok') }, []);
    expect(shown.page.type === 'product' && shown.page.reviews).toEqual(block);
    const down = await loadPage(new URL('http://shop/product/p-7/'), { ...withProduct(), reviews: reviewsPort('down') }, []);
    expect(down.status).toBe(200);
    expect(down.page.type === 'product' && down.page.reviews).toBeNull();
    const none = await loadPage(new URL('http://shop/product/p-7/'), { ...withProduct(), reviews: reviewsPort('unsupported') }, []);
    expect(none.page.type === 'product' && 'reviews' in none.page).toBe(false);
  });

  it('/reviews/ is not found without the port or when the shop cannot give it, and an error page when it fails', async () => {
    expect((await loadPage(new URL('http://shop/reviews/'), withProduct(), [])).status).toBe(404);
    expect((await loadPage(new URL('http://shop/reviews/'), { ...withProduct(), reviews: reviewsPort('unsupported') }, [])).status).toBe(404);
    expect((await loadPage(new URL('http://shop/reviews/'), { ...withProduct(), reviews: reviewsPort('down') }, [])).status).toBe(502);
  });

  it('the home page stays whole when its reviews sections cannot be read', async () => {
    const home = await loadPage(new URL('http://shop/'), { ...withProduct(), reviews: reviewsPort('unsupported') }, []);
    expect(home.status).toBe(200);
    expect(home.page.type === 'home' && 'reviews' in home.page).toBe(false);
  });
});
