/**
 * Catalog adapter: the Store API product and category routes mapped to the domain catalogue.
 */
import * as v from 'valibot';
import type {
  AttributeTaxonomy,
  Brand,
  CatalogFacets,
  Category,
  FacetRequest,
  CategoryRef,
  ListedProduct,
  Product,
  ProductAttribute,
  ProductIdentifiers,
  ProductPage,
  ProductPrices,
  ProductQuery,
  ProductVariation,
  QuantityLimits,
} from '../core/domain/catalog.js';
import type { CatalogPort, PortFailure } from '../core/ports.js';
import { err, ok, type Result } from '../core/result.js';
import { wpPage, type HttpClient, type Query } from './http.js';
import { amountSchema, currencyShape, imageSchema, safeUrl, toCurrency, toImage, toMinorUnits, int } from './store-api.js';
import { htmlToText } from './text.js';
import { LISTED_IMAGES, listedProduct } from '../core/rules/listed-product.js';

const PRODUCTS_ROUTE = 'wc/store/v1/products';

const termRefSchema = v.object({ id: int, name: v.string(), slug: v.string() });

/** A Store API product as the storefront reads it. */
export const storeProductSchema = v.object({
  id: int,
  name: v.string(),
  slug: v.string(),
  type: v.string(),
  permalink: v.string(),
  sku: v.optional(v.string()),
  short_description: v.optional(v.string()),
  description: v.optional(v.string()),
  on_sale: v.boolean(),
  prices: v.object({
    price: amountSchema,
    regular_price: amountSchema,
    sale_price: amountSchema,
    price_range: v.nullish(v.object({ min_amount: amountSchema, max_amount: amountSchema })),
    ...currencyShape,
  }),
  average_rating: v.optional(v.union([v.string(), v.number()])),
  review_count: v.optional(int),
  images: v.array(imageSchema),
  categories: v.optional(v.array(termRefSchema)),
  // Brands arrived in the Store API after 9.1.
  brands: v.optional(v.array(termRefSchema)),
  attributes: v.optional(
    v.array(
      v.object({
        id: int,
        name: v.string(),
        taxonomy: v.nullable(v.string()),
        has_variations: v.boolean(),
        terms: v.array(termRefSchema),
      }),
    ),
  ),
  variations: v.optional(
    v.array(v.object({ id: int, attributes: v.array(v.object({ name: v.string(), value: v.string() })) })),
  ),
  has_options: v.boolean(),
  is_purchasable: v.boolean(),
  is_in_stock: v.boolean(),
  low_stock_remaining: v.nullish(int),
  add_to_cart: v.object({
    text: v.string(),
    minimum: v.optional(int),
    maximum: v.optional(int),
    multiple_of: v.optional(int),
  }),
  // Plugins add their data under their own namespace; only the identifiers are read here.
  extensions: v.optional(v.record(v.string(), v.unknown())),
});

/**
 * The fields of a product a listing tile reads ({@link ListedProduct}; `has_options` for the type
 * of a plugin's product type). Sent as WordPress's `_fields`, which every REST route of a stock
 * shop honours: a listing answer is then about a third of the whole products' size, and it has
 * no descriptions, attributes or variations to check and convert.
 */
export const TILE_FIELDS = [
  'id',
  'name',
  'sku',
  'permalink',
  'type',
  'has_options',
  'on_sale',
  'prices',
  'images',
  'categories',
  'is_purchasable',
  'is_in_stock',
  'average_rating',
  'review_count',
] as const;

/** A Store API product cut to {@link TILE_FIELDS} (a shop that ignores `_fields` sends more, which is dropped). */
export const storeTileSchema = v.pick(storeProductSchema, TILE_FIELDS);

/** The `_cr_gtin/_cr_mpn/_cr_brand` identifiers as the shop exposes them under `extensions`. */
const identifiersSchema = v.object({
  gtin: v.optional(v.string()),
  mpn: v.optional(v.string()),
  brand: v.optional(v.string()),
});

/** Namespace of the identifiers in `extensions` (the Customer Reviews plugin owns those fields). */
export const IDENTIFIERS_NAMESPACE = 'customer-reviews-woocommerce';

/** A Store API product category. */
export const storeCategorySchema = v.object({
  id: int,
  name: v.string(),
  slug: v.string(),
  parent: v.optional(int),
  count: v.optional(int),
  description: v.optional(v.string()),
});

type StoreProduct = v.InferOutput<typeof storeProductSchema>;

const KNOWN_TYPES: ReadonlySet<string> = new Set(['simple', 'variable', 'variation', 'grouped', 'external']);

function toTermRef(term: v.InferOutput<typeof termRefSchema>): CategoryRef {
  return { id: term.id, name: htmlToText(term.name), slug: term.slug };
}

function toProductType(product: Pick<StoreProduct, 'type' | 'has_options'>): Product['type'] {
  if (KNOWN_TYPES.has(product.type)) return product.type as Product['type'];
  // Plugin types (bundles, subscriptions...) behave like their closest stock type on a tile.
  return product.has_options ? 'variable' : 'simple';
}

function toIdentifiers(product: StoreProduct): ProductIdentifiers {
  const parsed = v.safeParse(identifiersSchema, product.extensions?.[IDENTIFIERS_NAMESPACE]);
  const found = parsed.success ? parsed.output : {};
  return { gtin: htmlToText(found.gtin ?? ''), mpn: htmlToText(found.mpn ?? ''), brand: htmlToText(found.brand ?? '') };
}

function toPrices(product: Pick<StoreProduct, 'prices'>): ProductPrices {
  const { prices } = product;
  const range = prices.price_range ?? null;
  return {
    price: toMinorUnits(prices.price),
    regularPrice: toMinorUnits(prices.regular_price),
    salePrice: toMinorUnits(prices.sale_price),
    range: range ? { min: toMinorUnits(range.min_amount), max: toMinorUnits(range.max_amount) } : null,
    currency: toCurrency(prices),
  };
}

function toLimits(product: StoreProduct): QuantityLimits {
  return {
    minimum: product.add_to_cart.minimum ?? 1,
    maximum: product.add_to_cart.maximum ?? 9999,
    multipleOf: product.add_to_cart.multiple_of ?? 1,
  };
}

/** Maps a validated Store API variation to what the variation form needs. */
export function toVariation(product: StoreProduct): ProductVariation {
  const image = product.images[0];
  return {
    id: product.id,
    sku: product.sku ?? '',
    prices: toPrices(product),
    onSale: product.on_sale,
    isInStock: product.is_in_stock,
    isPurchasable: product.is_purchasable,
    stockLeft: product.low_stock_remaining ?? null,
    limits: toLimits(product),
    image: image ? toImage(image) : null,
    identifiers: toIdentifiers(product),
  };
}

function toRating(value: string | number | undefined): number {
  const rating = typeof value === 'number' ? value : Number.parseFloat(value ?? '0');
  return Number.isFinite(rating) ? rating : 0;
}

/** Maps a validated Store API product to the domain product (all text plain). */
export function toProduct(product: StoreProduct): Product {
  return {
    id: product.id,
    name: htmlToText(product.name),
    slug: product.slug,
    sku: product.sku ?? '',
    permalink: safeUrl(product.permalink),
    type: toProductType(product),
    shortDescription: htmlToText(product.short_description ?? ''),
    description: htmlToText(product.description ?? ''),
    onSale: product.on_sale,
    prices: toPrices(product),
    images: product.images.map(toImage),
    categories: (product.categories ?? []).map(toTermRef),
    brands: (product.brands ?? []).map(toTermRef),
    attributes: (product.attributes ?? []).map(
      (attribute): ProductAttribute => ({
        id: attribute.id,
        name: htmlToText(attribute.name),
        taxonomy: attribute.taxonomy,
        hasVariations: attribute.has_variations,
        terms: attribute.terms.map((term) => ({ id: term.id, name: htmlToText(term.name), slug: term.slug })),
      }),
    ),
    variations: (product.variations ?? []).map((variation) => ({
      id: variation.id,
      attributes: variation.attributes.map((attribute) => ({ name: attribute.name, value: attribute.value })),
    })),
    hasOptions: product.has_options,
    isPurchasable: product.is_purchasable,
    isInStock: product.is_in_stock,
    lowStockRemaining: product.low_stock_remaining ?? null,
    averageRating: toRating(product.average_rating),
    reviewCount: product.review_count ?? 0,
    addToCart: { text: htmlToText(product.add_to_cart.text), ...toLimits(product) },
    identifiers: toIdentifiers(product),
  };
}

/**
 * Maps a validated tile-sized product to what a tile reads: the same as the whole product's
 * {@link toProduct} cut down by `listedProduct`, without converting what a tile never shows.
 */
export function toListedProduct(product: v.InferOutput<typeof storeTileSchema>): ListedProduct {
  return listedProduct({
    id: product.id,
    name: htmlToText(product.name),
    sku: product.sku ?? '',
    permalink: safeUrl(product.permalink),
    type: toProductType(product),
    onSale: product.on_sale,
    prices: toPrices(product),
    images: product.images.slice(0, LISTED_IMAGES).map(toImage),
    categories: (product.categories ?? []).map(toTermRef),
    isPurchasable: product.is_purchasable,
    isInStock: product.is_in_stock,
    averageRating: toRating(product.average_rating),
    reviewCount: product.review_count ?? 0,
  });
}

/** Store API `products` query parameters for a domain query. */
export function toProductParams(query: ProductQuery): Query {
  return {
    page: query.page,
    per_page: query.perPage,
    category: query.category,
    orderby: query.orderby,
    order: query.order,
    min_price: query.minPrice,
    max_price: query.maxPrice,
    search: query.search,
    include: query.include && query.include.length > 0 ? query.include.join(',') : undefined,
    exclude: query.exclude && query.exclude.length > 0 ? query.exclude.join(',') : undefined,
    brand: query.brand,
    ...Object.fromEntries(
      (query.attributes ?? []).flatMap((filter, i) => [
        [`attributes[${i}][attribute]`, filter.taxonomy],
        [`attributes[${i}][slug]`, filter.slug],
      ]),
    ),
  };
}

const countsSchema = v.nullish(v.array(v.object({ term: int, count: int })));
export const collectionDataSchema = v.object({
  price_range: v.nullish(v.object({ ...currencyShape, min_price: amountSchema, max_price: amountSchema })),
  attribute_counts: countsSchema,
  taxonomy_counts: countsSchema,
});
export const termSchema = v.object({ id: int, name: v.string(), slug: v.string(), count: v.optional(int) });
export const attributeSchema = v.object({ id: int, name: v.string(), taxonomy: v.string() });

const countMap = (list: ReadonlyArray<{ term: number; count: number }>): Record<number, number> => Object.fromEntries(list.map((entry) => [entry.term, entry.count]));


/** Slugs of non-Latin names travel percent-encoded; compare them decoded and case-folded. */
function slugKey(slug: string): string {
  try {
    return decodeURIComponent(slug).toLowerCase();
  } catch {
    return slug.toLowerCase();
  }
}

function notFoundOn404(failure: PortFailure): PortFailure {
  return failure.kind === 'http' && failure.status === 404 ? { kind: 'not-found', message: failure.message } : failure;
}

const isId = (part: string): boolean => /^\d+$/.test(part);
const categoryParts = (category: string): string[] =>
  category
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '');

/** A category parameter that needs no lookup: undefined when absent, the ids when it is ids only, else null. */
const idsOnly = (category: string | undefined): string | undefined | null => {
  if (category === undefined) return undefined;
  const parts = categoryParts(category);
  return parts.every(isId) ? parts.join(',') : null;
};

/** Implements {@link CatalogPort} over the Store API. */
export function createCatalogAdapter(http: HttpClient): CatalogPort {
  /** One listing read: the products (all fields, or `fields` only) checked with `schema` and mapped. */
  const readListing = async <S extends v.GenericSchema, T extends ListedProduct>(query: ProductQuery, item: S, map: (raw: v.InferOutput<S>) => T, fields?: string): Promise<Result<ProductPage<T>, PortFailure>> => {
    // With ids (or no category) the request leaves within this call, before the caller re-renders.
    const withIds = withCategoryIds(query);
    const params = toProductParams(withIds instanceof Promise ? await withIds : withIds);
    const reply = await http.rest({ path: PRODUCTS_ROUTE, query: fields === undefined ? params : { ...params, _fields: fields }, schema: v.array(item) });
    if (!reply.ok) return reply;
    const items = reply.value.data.map(map);
    if (query.perPage === -1) return ok({ items, total: items.length, totalPages: 1, page: 1 });
    return ok(wpPage(items, reply.value.headers, query.page ?? 1));
  };
  const listProducts = (query: ProductQuery): Promise<Result<ProductPage, PortFailure>> => readListing(query, storeProductSchema, toProduct);
  const listTiles = (query: ProductQuery): Promise<Result<ProductPage<ListedProduct>, PortFailure>> => readListing(query, storeTileSchema, toListedProduct, TILE_FIELDS.join(','));

  const getProduct = async (idOrSlug: number | string): Promise<Result<Product, PortFailure>> => {
    if (typeof idOrSlug === 'number') {
      const reply = await http.rest({ path: `${PRODUCTS_ROUTE}/${idOrSlug}`, schema: storeProductSchema });
      return reply.ok ? ok(toProduct(reply.value.data)) : err(notFoundOn404(reply.error));
    }
    const reply = await http.rest({ path: PRODUCTS_ROUTE, query: { slug: idOrSlug }, schema: v.array(storeProductSchema) });
    if (!reply.ok) return err(notFoundOn404(reply.error));
    const wanted = slugKey(idOrSlug);
    const matches = reply.value.data.filter((product) => slugKey(product.slug) === wanted);
    // A shop that filtered by slug but spells it differently (encoding, case) still answers one item.
    const found = matches[0] ?? (reply.value.data.length === 1 ? reply.value.data[0] : undefined);
    return found ? ok(toProduct(found)) : err({ kind: 'not-found', message: 'No product has this address.' });
  };

  const readCategories = async (): Promise<Result<readonly Category[], PortFailure>> => {
    const reply = await http.rest({ path: `${PRODUCTS_ROUTE}/categories`, schema: v.array(storeCategorySchema) });
    if (!reply.ok) return reply;
    return ok(
      reply.value.data.map((category) => ({
        id: category.id,
        name: htmlToText(category.name),
        slug: category.slug,
        parent: category.parent ?? 0,
        count: category.count ?? 0,
        description: htmlToText(category.description ?? ''),
      })),
    );
  };

  // The categories last read (null when that read failed), for turning slugs into ids. Every
  // listCategories call refreshes it, so a page that lists them first needs no extra request.
  let lastCategories: { readonly list: Promise<readonly Category[] | null>; settled: boolean } | null = null;
  let refreshedOnMiss = false;

  const listCategories = (): Promise<Result<readonly Category[], PortFailure>> => {
    const reading = readCategories();
    const entry = {
      settled: false,
      list: reading.then((result) => {
        entry.settled = true;
        return result.ok ? result.value : null;
      }),
    };
    lastCategories = entry;
    return reading;
  };

  const freshCategories = async (): Promise<readonly Category[] | null> => {
    const result = await listCategories();
    return result.ok ? result.value : null;
  };

  /**
   * A stock Store API reads `category=` as a list of ids: a slug there matches nothing (9.1 answers
   * `[]`). The storefront's queries carry slugs (they come from addresses), so each slug becomes
   * its category's id through the categories route: the list already read (or being read) when
   * there is one, else read now, and read once more when a slug is missing from an earlier list (a
   * category added since). Parts that are already ids stay; a slug no category has is sent as it
   * is, and the shop answers for it.
   */
  const categoryParam = async (category: string | undefined): Promise<string | undefined> => {
    if (category === undefined) return undefined;
    const parts = categoryParts(category);
    if (parts.every(isId)) return parts.join(',');
    const resolve = (list: readonly Category[] | null) => {
      const ids = new Map((list ?? []).map((c) => [slugKey(c.slug), String(c.id)]));
      return parts.map((part) => (isId(part) ? part : (ids.get(slugKey(part)) ?? null)));
    };
    const known = lastCategories;
    // Read before this query began: it may predate a new category.
    const earlier = known?.settled ?? false;
    // A read in flight is shared (products and facets ask at the same time); a failed one is retried.
    const list = (await (known ? known.list : freshCategories())) ?? (earlier ? await freshCategories() : null);
    let resolved = resolve(list);
    if (earlier && list !== null && resolved.includes(null) && !refreshedOnMiss) {
      refreshedOnMiss = true;
      resolved = resolve(await freshCategories());
    }
    return resolved.map((id, i) => id ?? parts[i]).join(',');
  };

  /**
   * The query with its category as the shop reads it: at once when it needs no categories read
   * (no category, or ids only), so the request can leave in the same task.
   */
  const withCategoryIds = (query: ProductQuery): ProductQuery | Promise<ProductQuery> => {
    const ids = idsOnly(query.category);
    if (ids !== null) return ids === undefined ? query : { ...query, category: ids };
    return categoryParam(query.category).then((category) => (category === undefined ? query : { ...query, category }));
  };

  const listVariations = async (parentId: number): Promise<Result<readonly ProductVariation[], PortFailure>> => {
    const reply = await http.rest({
      path: PRODUCTS_ROUTE,
      query: { parent: parentId, type: 'variation', per_page: -1 },
      schema: v.array(storeProductSchema),
    });
    if (!reply.ok) return reply;
    // A shop that ignored `type` may list the parent too; only variations of this product count.
    return ok(reply.value.data.filter((product) => product.type === 'variation' && product.id !== parentId).map(toVariation));
  };

  const listAttributes = async (): Promise<Result<readonly AttributeTaxonomy[], PortFailure>> => {
    const reply = await http.rest({ path: `${PRODUCTS_ROUTE}/attributes`, schema: v.array(attributeSchema) });
    if (!reply.ok) return reply;
    const withTerms = await Promise.all(
      reply.value.data.map(async (attribute) => {
        const terms = await http.rest({ path: `${PRODUCTS_ROUTE}/attributes/${attribute.id}/terms`, schema: v.array(termSchema) });
        return terms.ok
          ? ok({
              id: attribute.id,
              name: htmlToText(attribute.name),
              taxonomy: attribute.taxonomy,
              terms: terms.value.data.map((t) => ({ id: t.id, name: htmlToText(t.name), slug: t.slug, count: t.count ?? 0 })),
            })
          : terms;
      }),
    );
    const failed = withTerms.find((r) => !r.ok);
    if (failed && !failed.ok) return failed;
    return ok(withTerms.flatMap((r) => (r.ok ? [r.value] : [])));
  };

  const listBrands = async (): Promise<Result<readonly Brand[], PortFailure>> => {
    const reply = await http.rest({ path: `${PRODUCTS_ROUTE}/brands`, schema: v.array(termSchema) });
    if (!reply.ok) return reply;
    return ok(reply.value.data.map((b) => ({ id: b.id, name: htmlToText(b.name), slug: b.slug, count: b.count ?? 0 })));
  };

  const facets = async (query: ProductQuery, request: FacetRequest): Promise<Result<CatalogFacets, PortFailure>> => {
    const withIds = withCategoryIds(query);
    const reply = await http.rest({
      path: `${PRODUCTS_ROUTE}/collection-data`,
      query: {
        ...toProductParams({ ...(withIds instanceof Promise ? await withIds : withIds), page: undefined, perPage: undefined, orderby: undefined, order: undefined }),
        calculate_price_range: request.priceRange ? 'true' : undefined,
        ...Object.fromEntries(
          request.attributes.flatMap((taxonomy, i) => [
            [`calculate_attribute_counts[${i}][taxonomy]`, taxonomy],
            [`calculate_attribute_counts[${i}][query_type]`, 'or'],
          ]),
        ),
        'calculate_taxonomy_counts[]': request.brands ? 'product_brand' : undefined,
      },
      schema: collectionDataSchema,
    });
    if (!reply.ok) return reply;
    const data = reply.value.data;
    const range = data.price_range;
    // Only brands are asked for, so every taxonomy count is a brand's. A stock shop without
    // taxonomy counts leaves them unknown (items are then never disabled for want of a count).
    const taxonomyCounts = data.taxonomy_counts ?? null;
    return ok({
      priceRange: range ? { min: toMinorUnits(range.min_price), max: toMinorUnits(range.max_price), currency: toCurrency(range) } : null,
      attributeCounts: data.attribute_counts ? countMap(data.attribute_counts) : null,
      brandCounts: request.brands && taxonomyCounts ? countMap(taxonomyCounts) : null,
    });
  };

  return { listProducts, listTiles, getProduct, listCategories, listVariations, facets, listAttributes, listBrands };
}
