/** Test helper: random products in the storefront's shape, for properties over listings. */
import fc from 'fast-check';
import type { Product, ProductImage } from '../domain/catalog.js';
import { PHP } from '../domain/money.js';

const text = fc.string({ maxLength: 40 });
const slug = fc.stringMatching(/^[a-z0-9-]{1,20}$/);

const image: fc.Arbitrary<ProductImage> = fc.record({
  id: fc.nat(),
  src: slug.map((s) => `/wp-content/uploads/suki/${s}.svg`),
  thumbnail: slug.map((s) => `/wp-content/uploads/suki/${s}-thumb.svg`),
  srcset: fc.constantFrom('', '/a.svg 800w', '/a.svg 400w, /b.svg 800w'),
  sizes: fc.constantFrom('', '(max-width: 800px) 100vw, 800px'),
  alt: text,
  name: text,
});

const ref = fc.record({ id: fc.nat(), name: text, slug });

/** Any product: prices in centavos, any stock and type, zero to four images. */
export const productArbitrary: fc.Arbitrary<Product> = fc
  .record({
    id: fc.integer({ min: 1, max: 1e6 }),
    name: text,
    slug,
    sku: text,
    type: fc.constantFrom('simple', 'variable', 'variation', 'grouped', 'external'),
    shortDescription: text,
    description: fc.string({ maxLength: 300 }),
    onSale: fc.boolean(),
    price: fc.integer({ min: 0, max: 1e8 }),
    regular: fc.integer({ min: 0, max: 1e8 }),
    range: fc.option(fc.record({ min: fc.integer({ min: 0, max: 1e8 }), max: fc.integer({ min: 0, max: 1e8 }) }), { nil: null }),
    images: fc.array(image, { maxLength: 4 }),
    categories: fc.array(ref, { maxLength: 3 }),
    brands: fc.array(ref, { maxLength: 2 }),
    isPurchasable: fc.boolean(),
    isInStock: fc.boolean(),
    averageRating: fc.double({ min: 0, max: 5, noNaN: true }),
    reviewCount: fc.nat(),
  })
  .map(
    (r): Product => ({
      id: r.id,
      name: r.name,
      slug: r.slug,
      sku: r.sku,
      permalink: `/product/${r.slug}/`,
      type: r.type,
      shortDescription: r.shortDescription,
      description: r.description,
      onSale: r.onSale,
      prices: { price: r.price, regularPrice: r.regular, salePrice: r.price, range: r.range, currency: PHP },
      images: r.images,
      categories: r.categories,
      brands: r.brands,
      attributes: [],
      variations: [],
      hasOptions: r.type === 'variable',
      isPurchasable: r.isPurchasable,
      isInStock: r.isInStock,
      lowStockRemaining: null,
      averageRating: r.averageRating,
      reviewCount: r.reviewCount,
      addToCart: { text: 'Add to cart', minimum: 1, maximum: 99, multipleOf: 1 },
      identifiers: { gtin: '', mpn: '', brand: '' },
    }),
  );
