import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { PageType } from '../core/events.js';
import { PHP } from '../core/domain/money.js';
import type { Product } from '../core/domain/catalog.js';
import type { PageData } from '../app/app-state.js';
import { bareTitle, canonicalUrl, documentTitle, pageSeo, robotsDirective, TITLE_SEPARATOR } from './seo.js';

const SHOP = 'Suki';
const occurrences = (text: string, part: string): number => text.split(part).length - 1;

const PAGE_TYPES: readonly PageType[] = ['home', 'shop', 'category', 'search', 'blog', 'post', 'product', 'cart', 'not-found', 'error'];
const pageType = fc.constantFrom(...PAGE_TYPES);
/** A title that does not itself name the shop. */
const title = fc.string({ minLength: 1, maxLength: 40 }).filter((t) => t.trim() !== '' && !t.includes(SHOP));

describe('documentTitle', () => {
  it('ends with the shop name exactly once, however many suffixes the page title had (property)', () => {
    fc.assert(
      fc.property(
        pageType.filter((t) => t !== 'home'),
        title,
        fc.nat(3),
        (type, base, suffixes) => {
          const out = documentTitle({ type, title: base + `${TITLE_SEPARATOR}${SHOP}`.repeat(suffixes) }, SHOP);
          expect(out.endsWith(`${TITLE_SEPARATOR}${SHOP}`)).toBe(true);
          expect(occurrences(out, SHOP)).toBe(1);
          expect(out).toBe(`${base.trim()}${TITLE_SEPARATOR}${SHOP}`);
        },
      ),
    );
  });

  it('changes nothing when applied again (property)', () => {
    fc.assert(
      fc.property(pageType, fc.string({ maxLength: 40 }), fc.constantFrom(SHOP, 'Tindahan ni Aling Nena', ''), (type, t, shop) => {
        const once = documentTitle({ type, title: t }, shop);
        expect(documentTitle({ type, title: once }, shop)).toBe(once);
      }),
    );
  });

  it('keeps the home page title as it is', () => {
    fc.assert(fc.property(fc.string(), (t) => documentTitle({ type: 'home', title: t }, SHOP) === t));
    expect(documentTitle({ type: 'home', title: 'Suki — shop local' }, SHOP)).toBe('Suki — shop local');
  });

  it('gives a blog post one brand suffix', () => {
    expect(documentTitle({ type: 'post', title: 'Caring for your bayong' }, SHOP)).toBe('Caring for your bayong — Suki');
    expect(documentTitle({ type: 'post', title: 'Caring for your bayong — Suki' }, SHOP)).toBe('Caring for your bayong — Suki');
    expect(documentTitle({ type: 'blog', title: 'Journal' }, SHOP)).toBe('Journal — Suki');
    expect(documentTitle({ type: 'product', title: '' }, SHOP)).toBe('Suki');
    expect(bareTitle('Cart — Suki — Suki', SHOP)).toBe('Cart');
  });
});

const ORIGIN = 'https://shop.example';

/** Query parameters a listing or product address may carry. */
const QUERY_KEYS = [
  'orderby',
  'order',
  'min_price',
  'max_price',
  'product_cat',
  'filter_colour',
  'filter_size',
  'filter_brand',
  'query_type_colour',
  'attribute_pa_colour',
  'attribute_pa_size',
  'layout',
  'popular-orderby',
  'popular-paged',
  'new-filter_colour',
  'paged',
  's',
  'post_type',
  'utm_source',
  'replytocom',
] as const;

const queryString = fc
  .array(fc.tuple(fc.constantFrom(...QUERY_KEYS), fc.oneof(fc.string({ maxLength: 8 }), fc.integer({ min: -2, max: 12_000 }).map(String))), { maxLength: 6 })
  .map((pairs) => {
    const params = new URLSearchParams(pairs);
    return params.size > 0 ? `?${params.toString()}` : '';
  });

const path = fc.constantFrom('/', '/shop/', '/product-category/barong/', '/product/jusi-barong/', '/blog/', '/blog/bayong-care/', '/cart/', '/product/%C3%B1-tote/');

describe('canonicalUrl', () => {
  it('is absolute, keeps the path, and carries no parameter but the page number (property)', () => {
    fc.assert(
      fc.property(pageType, path, queryString, (type, p, search) => {
        const canonical = canonicalUrl(ORIGIN, type, p, search);
        if (canonical === null) return;
        const url = new URL(canonical);
        expect(url.origin).toBe(ORIGIN);
        expect(url.pathname).toBe(p);
        expect([...url.searchParams.keys()].every((key) => key === 'paged')).toBe(true);
        for (const key of QUERY_KEYS.filter((k) => k !== 'paged')) expect(url.searchParams.has(key)).toBe(false);
      }),
    );
  });

  it('is idempotent: the canonical of a canonical address is itself (property)', () => {
    fc.assert(
      fc.property(pageType, path, queryString, (type, p, search) => {
        const canonical = canonicalUrl(ORIGIN, type, p, search);
        if (canonical === null) return;
        const url = new URL(canonical);
        expect(canonicalUrl(ORIGIN, type, url.pathname, url.search)).toBe(canonical);
      }),
    );
  });

  it('keeps a listing page number above 1, as the page loader reads it (property)', () => {
    fc.assert(
      fc.property(fc.constantFrom<PageType>('shop', 'category', 'blog'), fc.integer({ min: 1, max: 9999 }), queryString, (type, n, search) => {
        const params = new URLSearchParams(search);
        params.set('paged', String(n));
        const canonical = canonicalUrl(ORIGIN, type, '/shop/', `?${params.toString()}`);
        expect(canonical).toBe(n > 1 ? `${ORIGIN}/shop/?paged=${n}` : `${ORIGIN}/shop/`);
      }),
    );
  });

  it('canonicalises filtered, sorted and paged listings and product selections', () => {
    expect(canonicalUrl(ORIGIN, 'shop', '/shop/', '?orderby=price&min_price=100&max_price=900&filter_colour=blue&query_type_colour=or&product_cat=barong')).toBe(`${ORIGIN}/shop/`);
    expect(canonicalUrl(ORIGIN, 'shop', '/shop/', '?orderby=price&paged=2')).toBe(`${ORIGIN}/shop/?paged=2`);
    expect(canonicalUrl(ORIGIN, 'shop', '/shop/', '?paged=1')).toBe(`${ORIGIN}/shop/`);
    expect(canonicalUrl(ORIGIN, 'shop', '/shop/', '?paged=02')).toBe(`${ORIGIN}/shop/?paged=2`);
    expect(canonicalUrl(ORIGIN, 'shop', '/shop/', '?paged=abc')).toBe(`${ORIGIN}/shop/`);
    expect(canonicalUrl(ORIGIN, 'home', '/', '?popular-paged=2&new-orderby=price')).toBe(`${ORIGIN}/`);
    expect(canonicalUrl(ORIGIN, 'product', '/product/jusi-barong/', '?attribute_pa_colour=blue&attribute_pa_size=m')).toBe(`${ORIGIN}/product/jusi-barong/`);
    expect(canonicalUrl(ORIGIN, 'product', '/product/jusi-barong/', '?paged=2')).toBe(`${ORIGIN}/product/jusi-barong/`);
  });

  it('gives search, the cart, a missing page and an error no canonical; search and the cart are noindex', () => {
    expect(canonicalUrl(ORIGIN, 'search', '/', '?s=barong&post_type=product')).toBeNull();
    expect(canonicalUrl(ORIGIN, 'cart', '/cart/', '')).toBeNull();
    expect(canonicalUrl(ORIGIN, 'not-found', '/nope/', '')).toBeNull();
    expect(canonicalUrl(ORIGIN, 'error', '/shop/', '')).toBeNull();
    expect(PAGE_TYPES.filter((t) => robotsDirective(t) === 'noindex')).toEqual(['search', 'cart']);
  });
});

const product = (overrides: Partial<Product> = {}): Product => ({
  id: 7,
  name: 'Jusi barong "classic" & co',
  slug: 'jusi-barong',
  sku: 'JB-1',
  permalink: '/product/jusi-barong/',
  type: 'simple',
  shortDescription: 'Hand-embroidered.',
  description: '',
  onSale: false,
  prices: { price: 450050, regularPrice: 450050, salePrice: 450050, range: null, currency: PHP },
  images: [{ id: 1, src: '/wp-content/uploads/suki/jusi-barong-1.svg', thumbnail: '', srcset: '', sizes: '', alt: '', name: '' }],
  categories: [],
  brands: [],
  attributes: [],
  variations: [],
  hasOptions: false,
  isPurchasable: true,
  isInStock: true,
  lowStockRemaining: null,
  averageRating: 0,
  reviewCount: 0,
  addToCart: { minimum: 1, maximum: 9, multipleOf: 1, text: 'Add to cart' },
  identifiers: { gtin: '', mpn: '', brand: '' },
  ...overrides,
});

describe('pageSeo', () => {
  it('gives a product page its Open Graph product properties, with absolute addresses', () => {
    const page: PageData = { type: 'product', title: 'Jusi barong "classic" & co', description: 'Hand-embroidered.', product: product(), variations: [], related: null };
    const seo = pageSeo(page, new URL(`${ORIGIN}/product/jusi-barong/?attribute_pa_colour=blue`), SHOP);
    expect(seo.canonical).toBe(`${ORIGIN}/product/jusi-barong/`);
    expect(seo.robots).toBeNull();
    expect(Object.fromEntries(seo.openGraph)).toEqual({
      'og:type': 'product',
      'og:title': 'Jusi barong "classic" & co',
      'og:description': 'Hand-embroidered.',
      'og:url': `${ORIGIN}/product/jusi-barong/`,
      'og:site_name': 'Suki',
      'og:image': `${ORIGIN}/wp-content/uploads/suki/jusi-barong-1.svg`,
      'product:price:amount': '4500.50',
      'product:price:currency': 'PHP',
      'og:locale': 'en_PH',
      'og:locale:alternate': 'fil_PH',
    });
  });

  it('names the page in each language (hreflang): English at the bare address, Filipino with lang=fil; a Filipino page is canonical at its own address', () => {
    const page: PageData = { type: 'product', title: 'Jusi barong', description: '', product: product(), variations: [], related: null };
    const url = new URL(`${ORIGIN}/product/jusi-barong/?attribute_pa_colour=blue`);
    const english = pageSeo(page, url, SHOP);
    expect(english.alternates).toEqual([
      ['en-PH', `${ORIGIN}/product/jusi-barong/`],
      ['fil-PH', `${ORIGIN}/product/jusi-barong/?lang=fil`],
      ['x-default', `${ORIGIN}/product/jusi-barong/`],
    ]);
    const filipino = pageSeo(page, url, SHOP, 'fil-PH');
    expect(filipino.canonical).toBe(`${ORIGIN}/product/jusi-barong/?lang=fil`);
    expect(filipino.alternates).toEqual(english.alternates);
    expect(new Map(filipino.openGraph).get('og:locale')).toBe('fil_PH');
    expect(new Map(filipino.openGraph).get('og:url')).toBe(`${ORIGIN}/product/jusi-barong/?lang=fil`);
    // A page with no canonical address (the cart) names no alternates.
    expect(pageSeo({ type: 'cart', title: 'Cart', description: '' }, new URL(`${ORIGIN}/cart/`), SHOP, 'fil-PH').alternates).toEqual([]);
  });

  it('gives every page og:title, og:url and og:site_name; og:url is the canonical when there is one (property)', () => {
    fc.assert(
      fc.property(fc.constantFrom('home', 'shop', 'category', 'search', 'cart', 'not-found', 'error'), queryString, (type, search) => {
        const page: PageData =
          type === 'cart'
            ? { type, title: 'Cart', description: '' }
            : type === 'not-found' || type === 'error'
              ? { type, title: 'Page not found', description: 'x', message: 'x' }
              : { type, title: 'Shop', description: 'x', category: null, sections: [], page: 1, totalPages: 1, filterCatalogue: null };
        const url = new URL(`${ORIGIN}/shop/${search}`);
        const seo = pageSeo(page, url, SHOP);
        const og = new Map(seo.openGraph);
        expect(og.get('og:title')).toBeTruthy();
        expect(og.get('og:site_name')).toBe(SHOP);
        expect(og.get('og:url')).toBe(seo.canonical ?? url.href);
        expect(og.has('product:price:amount')).toBe(false);
      }),
    );
  });
});
