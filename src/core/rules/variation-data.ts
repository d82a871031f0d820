/**
 * From a variable product as the Store API describes it to the inputs of the selection rules:
 * attribute keys, variation attribute maps and stock, and the stock line of a chosen variation.
 */
import type { Product, ProductVariation } from '../domain/catalog.js';
import type { SwatchAttribute, SwatchVariation } from './variation-selection.js';

/** Default of the swatches' stock label threshold: "only N left" shows at or below it. */
export const STOCK_LABEL_THRESHOLD = 5;

/** `Colour` → `colour`, as WordPress's sanitize_title makes local attribute keys. */
export const attributeKeyOf = (label: string): string =>
  label
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .trim()
    .replace(/[^a-z0-9_-]+/g, '-')
    .replace(/^-+|-+$/g, '') || 'attribute';

/**
 * The attributes a shopper chooses between: those used for variations, keyed by taxonomy
 * (`pa_colour`) for global attributes and by the sanitized label for local ones.
 */
export const variationAttributes = (product: Product): SwatchAttribute[] =>
  product.attributes
    .filter((attribute) => attribute.hasVariations)
    .map((attribute) => ({
      name: attribute.taxonomy ?? attributeKeyOf(attribute.name),
      label: attribute.name,
      values: attribute.terms.map((term) => ({ slug: term.slug, name: term.name })),
    }));

/**
 * Each variation's attribute map in the attribute keys above. The Store API names a variation's
 * attribute by its label or its taxonomy, depending on the shop; both are recognised. Stock comes
 * from the details when known; before that a variation counts as in stock (the server checks again).
 */
export const variationRefsFor = (
  product: Product,
  attributes: readonly SwatchAttribute[],
  details: ReadonlyMap<number, ProductVariation>,
): SwatchVariation[] => {
  const keyOf = new Map<string, string>();
  for (const attribute of attributes) {
    keyOf.set(attribute.name.toLowerCase(), attribute.name);
    keyOf.set(attribute.label.toLowerCase(), attribute.name);
    keyOf.set(`attribute_${attribute.name}`.toLowerCase(), attribute.name);
  }
  return product.variations.map((variation) => {
    const map: Record<string, string> = {};
    for (const { name, value } of variation.attributes) {
      const key = keyOf.get(name.toLowerCase()) ?? keyOf.get(attributeKeyOf(name));
      if (key !== undefined) map[key] = value;
    }
    return { id: variation.id, attributes: map, isInStock: details.get(variation.id)?.isInStock ?? true };
  });
};

/** The stock line's texts in the page's language. */
export interface StockTexts {
  readonly inStock: string;
  readonly outOfStock: string;
  readonly onlyLeft: (count: number) => string;
}

/** The stock line of a chosen variation: `In stock`, `Only 3 left in stock` (at or below the threshold), or `Out of stock`. */
export const variationSummary = (variation: ProductVariation | null, texts: StockTexts, threshold: number = STOCK_LABEL_THRESHOLD): string => {
  if (!variation) return '';
  if (!variation.isInStock) return texts.outOfStock;
  if (variation.stockLeft !== null && variation.stockLeft > 0 && variation.stockLeft <= threshold) return texts.onlyLeft(variation.stockLeft);
  return texts.inStock;
};
