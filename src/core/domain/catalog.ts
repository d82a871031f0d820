import type { Currency, MinorUnits } from './money.js';

/** One image of a product, with responsive variants. */
export interface ProductImage {
  readonly id: number;
  readonly src: string;
  readonly thumbnail: string;
  readonly srcset: string;
  readonly sizes: string;
  readonly alt: string;
  readonly name: string;
  readonly width?: number;
  readonly height?: number;
}

/** A category reference as products carry it. */
export interface CategoryRef {
  readonly id: number;
  readonly name: string;
  readonly slug: string;
}

/** A category with its product count, for navigation. */
export interface Category extends CategoryRef {
  readonly parent: number;
  readonly count: number;
  readonly description: string;
}

/** A category as the menu and the filter lists show it: without its description. */
export type CategoryEntry = Omit<Category, 'description'>;

/** Prices of a product, in minor units of `currency`. */
export interface ProductPrices {
  readonly price: MinorUnits;
  readonly regularPrice: MinorUnits;
  readonly salePrice: MinorUnits;
  /** Present on variable products: cheapest and dearest variation. */
  readonly range: { readonly min: MinorUnits; readonly max: MinorUnits } | null;
  readonly currency: Currency;
}

/** One attribute of a product (Colour, Size) with its terms. */
export interface ProductAttribute {
  readonly id: number;
  readonly name: string;
  /** `pa_colour` for global attributes, null for local ones. */
  readonly taxonomy: string | null;
  readonly hasVariations: boolean;
  readonly terms: ReadonlyArray<{ readonly id: number; readonly name: string; readonly slug: string }>;
}

/** A variation reference: its id and the attribute values that select it ('' = any). */
export interface VariationRef {
  readonly id: number;
  readonly attributes: ReadonlyArray<{ readonly name: string; readonly value: string }>;
}

/** Identifiers a product or variation may carry for search engines (the `_cr_gtin/_cr_mpn/_cr_brand` fields). */
export interface ProductIdentifiers {
  readonly gtin: string;
  readonly mpn: string;
  readonly brand: string;
}

/**
 * What a shopper needs to know about one variation once chosen: its price, stock, quantity limits,
 * image and identifiers. Its attribute values come from the parent's {@link VariationRef}.
 */
export interface ProductVariation {
  readonly id: number;
  readonly sku: string;
  readonly prices: ProductPrices;
  readonly onSale: boolean;
  readonly isInStock: boolean;
  readonly isPurchasable: boolean;
  /** Units left when the shop says stock is low (`variation_stock_left`), else null. */
  readonly stockLeft: number | null;
  /** Quantity rules; `maximum` is the variation's `max_qty`. */
  readonly limits: QuantityLimits;
  /** The variation's own image, or null to keep the product's. */
  readonly image: ProductImage | null;
  readonly identifiers: ProductIdentifiers;
}

/** Add-to-cart quantity rules of a product. */
export interface QuantityLimits {
  readonly minimum: number;
  readonly maximum: number;
  readonly multipleOf: number;
}

/** A product as the storefront uses it, mapped from the Store API product shape. */
export interface Product {
  readonly id: number;
  readonly name: string;
  readonly slug: string;
  readonly sku: string;
  /** Absolute or root-relative permalink of the product page. */
  readonly permalink: string;
  readonly type: 'simple' | 'variable' | 'variation' | 'grouped' | 'external';
  /** Plain text (HTML stripped by the adapter). */
  readonly shortDescription: string;
  /** Plain text (HTML stripped by the adapter). */
  readonly description: string;
  readonly onSale: boolean;
  readonly prices: ProductPrices;
  /** First image is the main image, the second (when present) the hover image. */
  readonly images: readonly ProductImage[];
  readonly categories: readonly CategoryRef[];
  readonly brands: readonly CategoryRef[];
  readonly attributes: readonly ProductAttribute[];
  readonly variations: readonly VariationRef[];
  readonly hasOptions: boolean;
  readonly isPurchasable: boolean;
  readonly isInStock: boolean;
  readonly lowStockRemaining: number | null;
  readonly averageRating: number;
  readonly reviewCount: number;
  readonly addToCart: QuantityLimits & { readonly text: string };
  readonly identifiers: ProductIdentifiers;
}

/** An image as a listing tile draws it: its addresses, and alt text where the tile uses it. */
export interface ImageSource {
  readonly src: string;
  readonly srcset: string;
  readonly sizes: string;
  readonly alt?: string;
}

/**
 * What a listing tile reads of a product (its link, name, first category, price, stock, add to
 * cart and the analytics facts): the product lists of the page state carry only this, since the
 * rest (descriptions, attributes, identifiers...) is never shown in a tile. A {@link Product} is
 * one, so the lists a plugin fetches can be shown as they are.
 */
export interface ListedProduct {
  readonly id: number;
  readonly name: string;
  readonly sku: string;
  readonly permalink: string;
  readonly type: Product['type'];
  readonly onSale: boolean;
  readonly prices: ProductPrices;
  /** The main image, then the hover image; no more. */
  readonly images: readonly ImageSource[];
  readonly categories: ReadonlyArray<Pick<CategoryRef, 'name'>>;
  readonly isPurchasable: boolean;
  readonly isInStock: boolean;
  /** The average rating (0–5) and the number of reviews, present only when there are reviews (the tile's stars). */
  readonly averageRating?: number;
  readonly reviewCount?: number;
}

/** Sort keys the Store API accepts for `orderby`. */
export type ProductOrderBy = 'date' | 'price' | 'popularity' | 'rating' | 'title' | 'menu_order';

/** A product listing query (Store API `products` parameters). */
export interface ProductQuery {
  readonly page?: number;
  /** -1 means every page, fetched in pages of 100. */
  readonly perPage?: number;
  /** Category slug or id. */
  readonly category?: string;
  readonly orderby?: ProductOrderBy;
  readonly order?: 'asc' | 'desc';
  readonly minPrice?: MinorUnits;
  readonly maxPrice?: MinorUnits;
  readonly search?: string;
  readonly include?: readonly number[];
  readonly exclude?: readonly number[];
  /** Attribute terms every product must offer (one term per taxonomy). */
  readonly attributes?: ReadonlyArray<{ readonly taxonomy: string; readonly slug: string }>;
  /** Brand slug or id. */
  readonly brand?: string;
}

/** What to count besides the listing: the facets of its filter lists. */
export interface FacetRequest {
  readonly priceRange: boolean;
  /** Attribute taxonomies (`pa_colour`) to count terms of. */
  readonly attributes: readonly string[];
  readonly brands: boolean;
}

/**
 * Facets of a listing as the server works them out: each count is the number of products the
 * listing would have with that item chosen (its own list's choice set aside). A count map is null
 * when the shop does not report it (a stock shop without taxonomy counts).
 */
export interface CatalogFacets {
  /** Over the other filters, in minor units; null when nothing matches. */
  readonly priceRange: { readonly min: MinorUnits; readonly max: MinorUnits; readonly currency: Currency } | null;
  /** Count by attribute term id. */
  readonly attributeCounts: Readonly<Record<number, number>> | null;
  /** Count by brand id. Category items use the category's own count: choosing one resets the rest. */
  readonly brandCounts: Readonly<Record<number, number>> | null;
}

/** A global attribute with its terms. */
export interface AttributeTaxonomy {
  readonly id: number;
  readonly name: string;
  /** e.g. `pa_colour`. */
  readonly taxonomy: string;
  readonly terms: ReadonlyArray<{ readonly id: number; readonly name: string; readonly slug: string; readonly count: number }>;
}

/** A brand with its product count. */
export interface Brand extends CategoryRef {
  readonly count: number;
}

/**
 * One page of products with the totals from `X-WP-Total` / `X-WP-TotalPages`: whole products, or
 * (`ProductPage<ListedProduct>`) only what a listing tile reads.
 */
export interface ProductPage<T extends ListedProduct = Product> {
  readonly items: readonly T[];
  readonly total: number;
  readonly totalPages: number;
  readonly page: number;
}
