import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { itemFactsOf } from '../events.js';
import { productArbitrary } from '../testing/product-arbitrary.js';
import { categoryEntry, LISTED_IMAGES, listedProduct } from './listed-product.js';

const LISTED_KEYS = ['categories', 'id', 'images', 'isInStock', 'isPurchasable', 'name', 'onSale', 'permalink', 'prices', 'sku', 'type'];

describe('listed products', () => {
  it('keep only what a tile reads, and at most two images with their addresses', () => {
    fc.assert(
      fc.property(productArbitrary, (product) => {
        const listed = listedProduct(product);
        // The stars' average and count only for a product with reviews.
        expect(Object.keys(listed).sort()).toEqual(product.reviewCount > 0 ? [...LISTED_KEYS, 'averageRating', 'reviewCount'].sort() : LISTED_KEYS);
        expect(listed.images).toHaveLength(Math.min(product.images.length, LISTED_IMAGES));
        listed.images.forEach((image, i) => expect(image).toEqual({ src: product.images[i]?.src, srcset: product.images[i]?.srcset, sizes: product.images[i]?.sizes }));
        expect(JSON.stringify(listed)).not.toContain('"description"');
      }),
    );
  });

  it('lose nothing a tile shows: name, link, price, stock, type and category names are the product’s', () => {
    fc.assert(
      fc.property(productArbitrary, (product) => {
        const listed = listedProduct(product);
        expect(listed).toMatchObject({
          id: product.id,
          name: product.name,
          sku: product.sku,
          permalink: product.permalink,
          type: product.type,
          onSale: product.onSale,
          prices: product.prices,
          isPurchasable: product.isPurchasable,
          isInStock: product.isInStock,
        });
        expect(listed.categories.map((c) => c.name)).toEqual(product.categories.map((c) => c.name));
        if (product.reviewCount > 0) expect(listed).toMatchObject({ averageRating: product.averageRating, reviewCount: product.reviewCount });
      }),
    );
  });

  it('give the same analytics facts as the whole product', () => {
    fc.assert(
      fc.property(productArbitrary, (product) => {
        expect(itemFactsOf(listedProduct(product))).toEqual(itemFactsOf(product));
      }),
    );
  });

  it('are a fixed point: listing a listed product changes nothing', () => {
    fc.assert(
      fc.property(productArbitrary, (product) => {
        const once = listedProduct(product);
        expect(listedProduct(once)).toEqual(once);
      }),
    );
  });

  it('a category keeps its id, name, slug, parent and count, and drops its description', () => {
    const category = fc.record({ id: fc.nat(), name: fc.string(), slug: fc.string(), parent: fc.nat(), count: fc.nat(), description: fc.string({ minLength: 1 }) });
    fc.assert(
      fc.property(category, ({ description, ...entry }) => {
        expect(categoryEntry({ ...entry, description } as Parameters<typeof categoryEntry>[0])).toStrictEqual(entry);
      }),
      { numRuns: 50 },
    );
  });
});
