import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Product, ProductAttribute, ProductVariation } from '../domain/catalog.js';
import { productArbitrary } from '../testing/product-arbitrary.js';
import { STOCK_LABEL_THRESHOLD, attributeKeyOf, variationAttributes, variationRefsFor, variationSummary, type StockTexts } from './variation-data.js';

const attribute = (name: string, taxonomy: string | null, slugs: readonly string[], hasVariations = true): ProductAttribute => ({
  id: slugs.length,
  name,
  taxonomy,
  hasVariations,
  terms: slugs.map((slug, i) => ({ id: i + 1, slug, name: slug.toUpperCase() })),
});

const withAttributes = (base: Product, attributes: readonly ProductAttribute[], variations: Product['variations']): Product => ({ ...base, type: 'variable', attributes, variations });

const [BASE] = fc.sample(productArbitrary, { numRuns: 1, seed: 3 }) as [Product];

const variation = (id: number, isInStock: boolean, stockLeft: number | null): ProductVariation => ({
  id,
  sku: `V${id}`,
  prices: BASE.prices,
  onSale: false,
  isInStock,
  isPurchasable: true,
  stockLeft,
  limits: { minimum: 1, maximum: 99, multipleOf: 1 },
  image: null,
  identifiers: { gtin: '', mpn: '', brand: '' },
});

describe('attributeKeyOf (sanitize_title for local attribute keys)', () => {
  it.each([
    ['Colour', 'colour'],
    ['Kulay ng Tela', 'kulay-ng-tela'],
    ['Café Size', 'cafe-size'],
    ['  Size  ', 'size'],
    ['--Size--', 'size'],
    ['pa_colour', 'pa_colour'],
    ['Niño & Niña', 'nino-nina'],
    ['', 'attribute'],
    ['!!!', 'attribute'],
    ['日本', 'attribute'],
  ])('%j → %j', (label, key) => {
    expect(attributeKeyOf(label)).toBe(key);
  });

  it('property: a key is lower-case letters, digits, _ and inner hyphens, and is its own key', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 20 }), (label) => {
        const key = attributeKeyOf(label);
        expect(key).toMatch(/^[a-z0-9_]([a-z0-9_-]*[a-z0-9_])?$/);
        expect(attributeKeyOf(key)).toBe(key);
      }),
    );
  });
});

describe('variationAttributes', () => {
  it('keeps the attributes used for variations, keyed by taxonomy or by the sanitized label', () => {
    const product = withAttributes(BASE, [attribute('Colour', 'pa_colour', ['red', 'blue']), attribute('Material', null, ['abaca'], false), attribute('Kulay ng Tela', null, ['pula'])], []);
    expect(variationAttributes(product)).toEqual([
      { name: 'pa_colour', label: 'Colour', values: [{ slug: 'red', name: 'RED' }, { slug: 'blue', name: 'BLUE' }] },
      { name: 'kulay-ng-tela', label: 'Kulay ng Tela', values: [{ slug: 'pula', name: 'PULA' }] },
    ]);
  });
});

describe('variationRefsFor', () => {
  // Made inside each test: a rule that throws must fail a test, not the file's collection.
  const attributesOf = () => variationAttributes(withAttributes(BASE, [attribute('Colour', 'pa_colour', ['red', 'blue']), attribute('Size Name', null, ['s', 'm'])], []));

  it('recognises a variation attribute by taxonomy, label, attribute_ key or sanitized label, in any case, and drops unknown ones', () => {
    const product = withAttributes(BASE, [], [
      { id: 1, attributes: [{ name: 'pa_colour', value: 'red' }, { name: 'Size Name', value: 's' }] },
      { id: 2, attributes: [{ name: 'COLOUR', value: 'blue' }, { name: 'attribute_size-name', value: 'm' }] },
      { id: 3, attributes: [{ name: 'Attribute_PA_Colour', value: 'blue' }, { name: 'size name', value: '' }, { name: 'Weight', value: '1kg' }] },
      { id: 4, attributes: [{ name: 'size-name', value: 'm' }] },
    ]);
    expect(variationRefsFor(product, attributesOf(), new Map()).map((ref) => [ref.id, ref.attributes])).toEqual([
      [1, { pa_colour: 'red', 'size-name': 's' }],
      [2, { pa_colour: 'blue', 'size-name': 'm' }],
      [3, { pa_colour: 'blue', 'size-name': '' }],
      [4, { 'size-name': 'm' }],
    ]);
  });

  it('finds a global attribute named by a label with a space (its sanitized label is not its key)', () => {
    const attributes = variationAttributes(withAttributes(BASE, [attribute('Size Name', 'pa_size', ['s', 'm'])], []));
    const product = withAttributes(BASE, [], [{ id: 1, attributes: [{ name: 'Size Name', value: 'm' }] }]);
    expect(variationRefsFor(product, attributes, new Map()).map((ref) => ref.attributes)).toEqual([{ pa_size: 'm' }]);
  });

  it('takes stock from the details when known, and counts a variation as in stock before that', () => {
    const product = withAttributes(BASE, [], [
      { id: 1, attributes: [] },
      { id: 2, attributes: [] },
      { id: 3, attributes: [] },
    ]);
    const details = new Map([
      [1, variation(1, false, null)],
      [2, variation(2, true, 3)],
    ]);
    expect(variationRefsFor(product, attributesOf(), details).map((ref) => [ref.id, ref.isInStock])).toEqual([
      [1, false],
      [2, true],
      [3, true],
    ]);
  });
});

/** The English stock texts (the page's own come from the catalogue, `src/ui/messages/product.ts`). */
const STOCK: StockTexts = { inStock: 'In stock', outOfStock: 'Out of stock', onlyLeft: (n) => `Only ${n} left in stock` };

describe('variationSummary', () => {
  it('says nothing without a variation, and out of stock before anything else', () => {
    expect(variationSummary(null, STOCK)).toBe('');
    expect(variationSummary(variation(1, false, 2), STOCK)).toBe('Out of stock');
  });

  it('says "Only N left" from 1 up to the threshold inclusive, else "In stock"', () => {
    expect(STOCK_LABEL_THRESHOLD).toBe(5);
    fc.assert(
      fc.property(fc.option(fc.integer({ min: -3, max: 20 }), { nil: null }), fc.option(fc.integer({ min: 0, max: 10 }), { nil: undefined }), (left, threshold) => {
        const limit = threshold ?? STOCK_LABEL_THRESHOLD;
        const expected = left !== null && left >= 1 && left <= limit ? `Only ${left} left in stock` : 'In stock';
        expect(variationSummary(variation(1, true, left), STOCK, threshold)).toBe(expected);
      }),
    );
    expect(variationSummary(variation(1, true, 5), STOCK)).toBe('Only 5 left in stock');
    expect(variationSummary(variation(1, true, 6), STOCK)).toBe('In stock');
    expect(variationSummary(variation(1, true, 0), STOCK)).toBe('In stock');
  });
});
