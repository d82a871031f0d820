import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Product, ProductVariation } from '../core/domain/catalog.js';
import type { ProductReviewsView, Review } from '../core/domain/reviews.js';
import { PHP } from '../core/domain/money.js';
import { productStructuredData, serializeJsonLd } from './structured-data.js';

const product = (overrides: Partial<Product> = {}): Product => ({
  id: 7,
  name: 'Suki Logo Tee',
  slug: 'suki-logo-tee',
  sku: 'SUKI-TEE-001',
  permalink: '/product/suki-logo-tee/',
  type: 'simple',
  shortDescription: 'A tee.',
  description: '',
  onSale: false,
  prices: { price: 59_900, regularPrice: 59_900, salePrice: 59_900, range: null, currency: PHP },
  images: [{ id: 1, src: '/wp-content/uploads/suki/suki-logo-tee-1.svg', thumbnail: '', srcset: '', sizes: '', alt: '', name: '' }],
  categories: [{ id: 2, name: 'Tees', slug: 'tees' }],
  brands: [],
  attributes: [],
  variations: [],
  hasOptions: false,
  isPurchasable: true,
  isInStock: true,
  lowStockRemaining: null,
  averageRating: 0,
  reviewCount: 0,
  addToCart: { text: 'Add to cart', minimum: 1, maximum: 10, multipleOf: 1 },
  identifiers: { gtin: '4800000000073', mpn: 'TEE-001', brand: 'Kalye Threads' },
  ...overrides,
});

type Graph = { '@graph': Array<Record<string, unknown>> };

describe('product structured data', () => {
  it('a simple product: Product with Offer (price as a decimal string, PHP, availability), brand, GTIN, MPN, breadcrumbs', () => {
    const data = productStructuredData(product(), [], 'https://suki.example') as Graph;
    const [item, crumbs] = data['@graph'];
    expect(item).toMatchObject({
      '@type': 'Product',
      name: 'Suki Logo Tee',
      url: 'https://suki.example/product/suki-logo-tee/',
      gtin: '4800000000073',
      mpn: 'TEE-001',
      brand: { '@type': 'Brand', name: 'Kalye Threads' },
      image: ['https://suki.example/wp-content/uploads/suki/suki-logo-tee-1.svg'],
      offers: { '@type': 'Offer', price: '599.00', priceCurrency: 'PHP', availability: 'https://schema.org/InStock' },
    });
    expect(crumbs).toMatchObject({ '@type': 'BreadcrumbList' });
    expect((crumbs as { itemListElement: Array<{ name: string; position: number }> }).itemListElement.map((c) => [c.position, c.name])).toEqual([
      [1, 'Home'],
      [2, 'Tees'],
      [3, 'Suki Logo Tee'],
    ]);
  });

  it('a variable product: AggregateOffer over its variations', () => {
    const variation: ProductVariation = {
      id: 8,
      sku: 'SUKI-TEE-001-BLACK-M',
      prices: { price: 64_900, regularPrice: 64_900, salePrice: 64_900, range: null, currency: PHP },
      onSale: false,
      isInStock: false,
      isPurchasable: true,
      stockLeft: null,
      limits: { minimum: 1, maximum: 5, multipleOf: 1 },
      image: null,
      identifiers: { gtin: '4800000000080', mpn: 'TEE-001-BLACK-M', brand: 'Kalye Threads' },
    };
    const variable = product({ type: 'variable', prices: { price: 59_900, regularPrice: 59_900, salePrice: 59_900, range: { min: 59_900, max: 64_900 }, currency: PHP } });
    const offers = (productStructuredData(variable, [variation], 'https://suki.example') as Graph)['@graph'][0]!['offers'];
    expect(offers).toMatchObject({
      '@type': 'AggregateOffer',
      lowPrice: '599.00',
      highPrice: '649.00',
      offerCount: 1,
      offers: [{ '@type': 'Offer', price: '649.00', availability: 'https://schema.org/OutOfStock', gtin: '4800000000080' }],
    });
  });

  it('no string can end the script block, and the JSON reads back unchanged', () => {
    fc.assert(
      fc.property(fc.string(), fc.constantFrom('</script>', '<!--', '</SCRIPT >', '&lt;', '\u2028'), (name, nasty) => {
        const data = productStructuredData(product({ name: `${name}${nasty}${name}` }), [], 'https://suki.example');
        const text = serializeJsonLd(data);
        expect(text).not.toMatch(/<|>|&/);
        expect(JSON.parse(text)).toEqual(data);
      }),
    );
  });

  const review = (id: number, overrides: Partial<Review> = {}): Review => ({
    id,
    product: null,
    rating: 5,
    text: 'Soft and true to size.',
    author: 'Ana',
    date: '2026-10-02T08:30:00+08:00',
    verified: true,
    featured: false,
    tags: [],
    media: [],
    replies: [],
    votes: { up: 0, down: 0, current: 0 },
    ...overrides,
  });
  const tab = (items: readonly Review[], averageHundredths = 460, count = 23): ProductReviewsView => ({
    productId: 7,
    summary: { averageHundredths, count, histogram: [1, 1, 2, 4, 15] },
    tags: [],
    first: { items, total: count, page: 1, perPage: 5, lastPage: false },
    sort: 'recent',
    form: { accepting: 'anybody', questions: [], media: { enabled: false, limit: 5, maxBytes: 1, types: [], messages: { tooMany: '', fileType: '', fileSize: '' } }, captchaSiteKey: null },
  });

  it('AggregateRating from the reviews and the first page as Review items', () => {
    const data = productStructuredData(product({ averageRating: 4.6, reviewCount: 23 }), [], 'https://suki.example', tab([review(1), review(2, { rating: 3, author: 'Ben', text: 'Fades a bit.' })])) as Graph;
    const item = data['@graph'][0]!;
    expect(item['aggregateRating']).toEqual({ '@type': 'AggregateRating', ratingValue: 4.6, reviewCount: 23, bestRating: 5, worstRating: 1 });
    expect(item['review']).toEqual([
      { '@type': 'Review', author: { '@type': 'Person', name: 'Ana' }, datePublished: '2026-10-02', reviewBody: 'Soft and true to size.', reviewRating: { '@type': 'Rating', ratingValue: 5, bestRating: 5, worstRating: 1 } },
      { '@type': 'Review', author: { '@type': 'Person', name: 'Ben' }, datePublished: '2026-10-02', reviewBody: 'Fades a bit.', reviewRating: { '@type': 'Rating', ratingValue: 3, bestRating: 5, worstRating: 1 } },
    ]);
  });

  it('the product’s own average and count without the reviews tab; nothing at all without reviews', () => {
    const own = (productStructuredData(product({ averageRating: 4.25, reviewCount: 4 }), [], 'https://suki.example') as Graph)['@graph'][0]!;
    expect(own['aggregateRating']).toMatchObject({ ratingValue: 4.25, reviewCount: 4 });
    expect(own['review']).toBeUndefined();
    for (const none of [productStructuredData(product(), [], 'https://suki.example'), productStructuredData(product(), [], 'https://suki.example', tab([], 0, 0))] as Graph[]) {
      expect(none['@graph'][0]!['aggregateRating']).toBeUndefined();
      expect(none['@graph'][0]!['review']).toBeUndefined();
    }
  });

  it('no review text, name or date can end the script block either', () => {
    fc.assert(
      fc.property(fc.string(), fc.constantFrom('</script><script>alert(1)</script>', '<!--', '</SCRIPT >', '&amp;', '\u2028', '\u2029'), (text, nasty) => {
        const data = productStructuredData(product({ averageRating: 4, reviewCount: 1 }), [], 'https://suki.example', tab([review(1, { text: `${text}${nasty}`, author: `${nasty}${text}`, date: nasty })], 400, 1));
        const out = serializeJsonLd(data);
        expect(out).not.toMatch(/<|>|&|\u2028|\u2029/);
        expect(JSON.parse(out)).toEqual(data);
      }),
    );
  });
});
