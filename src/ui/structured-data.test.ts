import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Product, ProductVariation } from '../core/domain/catalog.js';
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
});
