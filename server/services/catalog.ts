/**
 * Catalogue queries: filtering, sorting and paging in SQL, then the details of one page of
 * products loaded in a handful of set-based queries (never one query per product).
 */
import { and, asc, count, desc, eq, exists, gte, ilike, inArray, isNotNull, lt, lte, ne, notInArray, or, sql, type SQL } from 'drizzle-orm';
import type { ShopDatabase } from '../db/client.js';
import {
  attributeTerms,
  attributes,
  brands,
  categories,
  productAttributeTerms,
  productAttributes,
  productCategories,
  productImages,
  products,
  variationAttributes,
} from '../db/schema.js';
import { likePattern } from '../lib/like.js';

/** A product or variation row. */
export type ProductRow = typeof products.$inferSelect;

/** A term reference (category, brand, attribute term). */
export interface TermRef {
  readonly id: number;
  readonly name: string;
  readonly slug: string;
}

/** An attribute of a parent product with the terms it offers. */
export interface ProductAttributeRecord {
  readonly id: number;
  readonly name: string;
  readonly taxonomy: string;
  readonly hasVariations: boolean;
  readonly position: number;
  readonly terms: readonly TermRef[];
}

/** The term a variation has for one attribute. */
export interface VariationAttributeValue {
  readonly attributeId: number;
  /** Attribute label, e.g. `Colour`. */
  readonly name: string;
  /** e.g. `pa_colour`. */
  readonly taxonomy: string;
  readonly termSlug: string;
  readonly termName: string;
}

/** A variation with its attribute values (in the parent's attribute order). */
export interface VariationRecord {
  readonly row: ProductRow;
  readonly attributes: readonly VariationAttributeValue[];
  /** The variation's own images (empty: it shows the product's). */
  readonly images: readonly ImageRecord[];
}

/** An image of a product. */
export interface ImageRecord {
  readonly id: number;
  readonly position: number;
  readonly alt: string;
}

/** Everything the Store API says about a (parent) product. */
export interface ProductRecord {
  readonly row: ProductRow;
  readonly categories: readonly TermRef[];
  readonly brand: TermRef | null;
  readonly images: readonly ImageRecord[];
  readonly attributes: readonly ProductAttributeRecord[];
  readonly variations: readonly VariationRecord[];
}

/** Sort keys of the Store API products route. */
export const ORDER_BY = ['date', 'price', 'popularity', 'rating', 'title', 'menu_order'] as const;
export type OrderBy = (typeof ORDER_BY)[number];

/** A validated products query. */
export interface ProductListQuery {
  readonly page: number;
  readonly perPage: number;
  readonly orderby: OrderBy;
  readonly order: 'asc' | 'desc';
  readonly categoryIds?: readonly number[];
  readonly categorySlugs?: readonly string[];
  readonly minPrice?: number;
  readonly maxPrice?: number;
  readonly search?: string;
  readonly include?: readonly number[];
  readonly slugs?: readonly string[];
  readonly onSale?: boolean;
  readonly exclude?: readonly number[];
  /** Only products of this type; variations are listed through `parents`. */
  readonly type?: 'simple' | 'variable' | 'variation' | 'grouped' | 'external';
  /** Parents whose variations to list. */
  readonly parents?: readonly number[];
  /** Attribute filters (Store API `attributes[i][...]`), combined with `attributeRelation`. */
  readonly attributeFilters?: readonly AttributeFilter[];
  /** `and` (default): every filter must match; `or`: any may. */
  readonly attributeRelation?: 'and' | 'or';
  /** Brand ids or slugs (`brand`); any of them matches. */
  readonly brandIds?: readonly number[];
  readonly brandSlugs?: readonly string[];
}

/** One attribute filter: terms of one taxonomy, by id or slug, with how they combine. */
export interface AttributeFilter {
  /** e.g. `pa_colour`. */
  readonly taxonomy: string;
  readonly termIds: readonly number[];
  readonly termSlugs: readonly string[];
  /** `in`: any of the terms; `and`: all of them; `not_in`: none of them. */
  readonly operator: 'in' | 'and' | 'not_in';
}


function listConditions(query: ProductListQuery): SQL | undefined {
  const conditions: Array<SQL | undefined> = [eq(products.parentId, 0), ne(products.type, 'variation')];
  const ids = query.categoryIds ?? [];
  const slugs = query.categorySlugs ?? [];
  if (ids.length > 0 || slugs.length > 0) {
    conditions.push(
      exists(
        sql`(SELECT 1 FROM ${productCategories} INNER JOIN ${categories} ON ${categories.id} = ${productCategories.categoryId}
          WHERE ${productCategories.productId} = ${products.id}
          AND (${or(ids.length > 0 ? inArray(categories.id, [...ids]) : undefined, slugs.length > 0 ? inArray(categories.slug, [...slugs]) : undefined)}))`,
      ),
    );
  }
  // Like the Store API: the whole price range of a product must sit inside the filter.
  if (query.minPrice !== undefined) conditions.push(gte(products.minPrice, query.minPrice));
  if (query.maxPrice !== undefined) conditions.push(lte(products.maxPrice, query.maxPrice));
  if (query.search !== undefined && query.search.trim() !== '') {
    const pattern = likePattern(query.search.trim());
    conditions.push(or(ilike(products.name, pattern), ilike(products.sku, pattern), ilike(products.shortDescription, pattern), ilike(products.description, pattern)));
  }
  if (query.include && query.include.length > 0) conditions.push(inArray(products.id, [...query.include]));
  if (query.slugs && query.slugs.length > 0) conditions.push(inArray(products.slug, [...query.slugs]));
  if (query.exclude && query.exclude.length > 0) conditions.push(notInArray(products.id, [...query.exclude]));
  if (query.type === 'simple' || query.type === 'variable') conditions.push(eq(products.type, query.type));
  const brandIds = query.brandIds ?? [];
  const brandSlugs = query.brandSlugs ?? [];
  if (brandIds.length > 0 || brandSlugs.length > 0) {
    conditions.push(
      exists(
        sql`(SELECT 1 FROM ${brands} WHERE ${brands.id} = ${products.brandId}
          AND (${or(brandIds.length > 0 ? inArray(brands.id, [...brandIds]) : undefined, brandSlugs.length > 0 ? inArray(brands.slug, [...brandSlugs]) : undefined)}))`,
      ),
    );
  }
  const attributeConditions = (query.attributeFilters ?? []).map(attributeCondition);
  if (attributeConditions.length > 0) conditions.push(query.attributeRelation === 'or' ? or(...attributeConditions) : and(...attributeConditions));
  if (query.onSale !== undefined) {
    const onSale = or(
      and(isNotNull(products.salePrice), lt(products.salePrice, products.regularPrice)),
      sql`EXISTS (SELECT 1 FROM ${products} v WHERE v.parent_id = ${products.id} AND v.sale_price IS NOT NULL AND v.sale_price < v.regular_price)`,
    );
    conditions.push(query.onSale ? onSale : sql`NOT (${onSale})`);
  }
  return and(...conditions);
}

/** Products offering a term of the filter's taxonomy (by id or slug). */
function offersTerm(filter: AttributeFilter, term: { id?: number; slug?: string } | null): SQL {
  const match =
    term === null
      ? or(
          filter.termIds.length > 0 ? inArray(attributeTerms.id, [...filter.termIds]) : undefined,
          filter.termSlugs.length > 0 ? inArray(attributeTerms.slug, [...filter.termSlugs]) : undefined,
        )
      : term.id !== undefined
        ? eq(attributeTerms.id, term.id)
        : eq(attributeTerms.slug, term.slug ?? '');
  return exists(
    sql`(SELECT 1 FROM ${productAttributeTerms}
      INNER JOIN ${attributeTerms} ON ${attributeTerms.id} = ${productAttributeTerms.termId}
      INNER JOIN ${attributes} ON ${attributes.id} = ${attributeTerms.attributeId}
      WHERE ${productAttributeTerms.productId} = ${products.id} AND ${attributes.taxonomy} = ${filter.taxonomy} AND (${match ?? sql`FALSE`}))`,
  );
}

function attributeCondition(filter: AttributeFilter): SQL {
  if (filter.operator === 'not_in') return sql`NOT ${offersTerm(filter, null)}`;
  if (filter.operator === 'in') return offersTerm(filter, null);
  const each = [...filter.termIds.map((id) => offersTerm(filter, { id })), ...filter.termSlugs.map((slug) => offersTerm(filter, { slug }))];
  return and(...each) ?? sql`TRUE`;
}

function listOrder(query: ProductListQuery): SQL[] {
  const dir = query.order === 'asc' ? asc : desc;
  switch (query.orderby) {
    case 'price':
      // Cheapest first sorts by the low end of a range, dearest first by the high end.
      return [query.order === 'asc' ? asc(products.minPrice) : desc(products.maxPrice), dir(products.id)];
    case 'popularity':
      return [dir(products.totalSales), dir(products.id)];
    case 'rating':
      return [dir(products.ratingHundredths), dir(products.reviewCount), dir(products.id)];
    case 'title':
      return [dir(products.name), dir(products.id)];
    case 'menu_order':
      return [dir(products.menuOrder), asc(products.name), asc(products.id)];
    case 'date':
      return [dir(products.createdAt), dir(products.id)];
  }
}

/** Ids of one page of products and the number of matches overall. */
export async function findProductIds(db: ShopDatabase, query: ProductListQuery): Promise<{ ids: number[]; total: number }> {
  const where = listConditions(query);
  const rows = await db
    .select({ id: products.id, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(products)
    .where(where)
    .orderBy(...listOrder(query))
    .limit(query.perPage)
    .offset((query.page - 1) * query.perPage);
  if (rows.length > 0) return { ids: rows.map((r) => r.id), total: rows[0]?.total ?? 0 };
  // Past the last page the window count is missing; count separately.
  const [counted] = await db.select({ n: count() }).from(products).where(where);
  return { ids: [], total: counted?.n ?? 0 };
}

/** Loads full records for the given product ids, in the order given. Unknown ids are skipped. */
export async function loadProducts(db: ShopDatabase, ids: readonly number[]): Promise<ProductRecord[]> {
  if (ids.length === 0) return [];
  const idList = [...ids];
  const rows = await db
    .select()
    .from(products)
    .where(or(inArray(products.id, idList), inArray(products.parentId, idList)))
    .orderBy(asc(products.menuOrder), asc(products.id));
  const parents = new Map<number, ProductRow>();
  const variationRows: ProductRow[] = [];
  for (const row of rows) {
    if (row.type === 'variation') {
      if (idList.includes(row.parentId)) variationRows.push(row);
    } else if (idList.includes(row.id)) {
      parents.set(row.id, row);
    }
  }
  if (parents.size === 0) return [];
  const parentIds = [...parents.keys()];
  const brandIds = [...new Set([...parents.values()].map((p) => p.brandId).filter((b): b is number => b !== null))];

  const [categoryRows, brandRows, imageRows, attributeRows, variationValueRows] = await Promise.all([
    db
      .select({ productId: productCategories.productId, id: categories.id, name: categories.name, slug: categories.slug })
      .from(productCategories)
      .innerJoin(categories, eq(categories.id, productCategories.categoryId))
      .where(inArray(productCategories.productId, parentIds))
      .orderBy(asc(productCategories.position), asc(categories.menuOrder)),
    brandIds.length > 0 ? db.select({ id: brands.id, name: brands.name, slug: brands.slug }).from(brands).where(inArray(brands.id, brandIds)) : Promise.resolve([]),
    db
      .select()
      .from(productImages)
      .where(inArray(productImages.productId, [...parentIds, ...variationRows.map((v) => v.id)]))
      .orderBy(asc(productImages.position)),
    db
      .select({
        productId: productAttributes.productId,
        attributeId: attributes.id,
        name: attributes.name,
        taxonomy: attributes.taxonomy,
        hasVariations: productAttributes.hasVariations,
        position: productAttributes.position,
        termId: attributeTerms.id,
        termName: attributeTerms.name,
        termSlug: attributeTerms.slug,
      })
      .from(productAttributes)
      .innerJoin(attributes, eq(attributes.id, productAttributes.attributeId))
      .innerJoin(productAttributeTerms, eq(productAttributeTerms.productId, productAttributes.productId))
      .innerJoin(attributeTerms, and(eq(attributeTerms.id, productAttributeTerms.termId), eq(attributeTerms.attributeId, attributes.id)))
      .where(inArray(productAttributes.productId, parentIds))
      .orderBy(asc(productAttributes.position), asc(attributeTerms.menuOrder)),
    variationRows.length > 0
      ? loadVariationValues(
          db,
          variationRows.map((v) => v.id),
        )
      : Promise.resolve(new Map<number, VariationAttributeValue[]>()),
  ]);

  const brandById = new Map(brandRows.map((b) => [b.id, b]));
  const records: ProductRecord[] = [];
  for (const id of idList) {
    const row = parents.get(id);
    if (!row) continue;
    const attributeMap = new Map<number, { id: number; name: string; taxonomy: string; hasVariations: boolean; position: number; terms: TermRef[] }>();
    for (const a of attributeRows) {
      if (a.productId !== id) continue;
      let entry = attributeMap.get(a.attributeId);
      if (!entry) {
        entry = { id: a.attributeId, name: a.name, taxonomy: a.taxonomy, hasVariations: a.hasVariations, position: a.position, terms: [] };
        attributeMap.set(a.attributeId, entry);
      }
      entry.terms.push({ id: a.termId, name: a.termName, slug: a.termSlug });
    }
    const order = [...attributeMap.values()].map((a) => a.id);
    records.push({
      row,
      categories: categoryRows.filter((c) => c.productId === id).map(({ id: cid, name, slug }) => ({ id: cid, name, slug })),
      brand: row.brandId === null ? null : (brandById.get(row.brandId) ?? null),
      images: imageRows.filter((img) => img.productId === id).map(({ id: iid, position, alt }) => ({ id: iid, position, alt })),
      attributes: [...attributeMap.values()],
      variations: variationRows
        .filter((v) => v.parentId === id)
        .map((v) => ({
          row: v,
          attributes: [...(variationValueRows.get(v.id) ?? [])].sort((x, y) => order.indexOf(x.attributeId) - order.indexOf(y.attributeId)),
          images: imageRows.filter((img) => img.productId === v.id).map(({ id: iid, position, alt }) => ({ id: iid, position, alt })),
        })),
    });
  }
  return records;
}

/** Attribute values of the given variations, keyed by variation id. */
export async function loadVariationValues(db: ShopDatabase, variationIds: readonly number[]): Promise<Map<number, VariationAttributeValue[]>> {
  const map = new Map<number, VariationAttributeValue[]>();
  if (variationIds.length === 0) return map;
  const rows = await db
    .select({
      variationId: variationAttributes.variationId,
      attributeId: attributes.id,
      name: attributes.name,
      taxonomy: attributes.taxonomy,
      termSlug: attributeTerms.slug,
      termName: attributeTerms.name,
    })
    .from(variationAttributes)
    .innerJoin(attributes, eq(attributes.id, variationAttributes.attributeId))
    .innerJoin(attributeTerms, eq(attributeTerms.id, variationAttributes.termId))
    .where(inArray(variationAttributes.variationId, [...variationIds]))
    .orderBy(asc(attributes.id));
  for (const { variationId, ...value } of rows) {
    const list = map.get(variationId) ?? [];
    list.push(value);
    map.set(variationId, list);
  }
  return map;
}

/** One product by id: a parent product, or a variation together with its parent. */
export async function loadProductById(db: ShopDatabase, id: number): Promise<{ record: ProductRecord; variation: VariationRecord | null } | null> {
  const [row] = await db.select({ id: products.id, parentId: products.parentId, type: products.type }).from(products).where(eq(products.id, id));
  if (!row) return null;
  const parentId = row.type === 'variation' ? row.parentId : row.id;
  const [record] = await loadProducts(db, [parentId]);
  if (!record) return null;
  if (row.type !== 'variation') return { record, variation: null };
  const variation = record.variations.find((v) => v.row.id === id);
  return variation ? { record, variation } : null;
}

/** A category with its product count and review total, as the categories route reports it. */
export interface CategoryRecord extends TermRef {
  readonly parent: number;
  readonly description: string;
  readonly count: number;
  readonly reviewCount: number;
}

/** Every category in menu order, with product counts. */
export async function listCategories(db: ShopDatabase): Promise<CategoryRecord[]> {
  const rows = await db
    .select({
      id: categories.id,
      name: categories.name,
      slug: categories.slug,
      parent: categories.parent,
      description: categories.description,
      count: sql<number>`count(${products.id})`.mapWith(Number),
      reviewCount: sql<number>`coalesce(sum(${products.reviewCount}), 0)`.mapWith(Number),
    })
    .from(categories)
    .leftJoin(productCategories, eq(productCategories.categoryId, categories.id))
    .leftJoin(products, and(eq(products.id, productCategories.productId), eq(products.parentId, 0)))
    .groupBy(categories.id)
    .orderBy(asc(categories.menuOrder), asc(categories.name));
  return rows;
}

/** What the image generator needs about a product or a variation, by slug. */
export async function findImageSubject(db: ShopDatabase, slug: string): Promise<{ name: string; hex: string; category: string; positions: readonly number[] } | null> {
  const [row] = await db
    .select({ id: products.id, parentId: products.parentId, name: products.name, hex: products.hex })
    .from(products)
    .where(eq(products.slug, slug))
    .limit(1);
  if (!row) return null;
  const [category] = await db
    .select({ name: categories.name })
    .from(productCategories)
    .innerJoin(categories, eq(categories.id, productCategories.categoryId))
    .where(eq(productCategories.productId, row.parentId === 0 ? row.id : row.parentId))
    .orderBy(asc(productCategories.position))
    .limit(1);
  const images = await db.select({ position: productImages.position }).from(productImages).where(eq(productImages.productId, row.id));
  return { name: row.name, hex: row.hex, category: category?.name ?? '', positions: images.map((i) => i.position) };
}

/** What `products/collection-data` is asked to work out. */
export interface CollectionDataRequest {
  readonly priceRange: boolean;
  /** Taxonomies to count terms of; `or` counts ignore the taxonomy's own filter. */
  readonly attributeCounts: ReadonlyArray<{ readonly taxonomy: string; readonly queryType: 'or' | 'and' }>;
  readonly ratingCounts: boolean;
  readonly stockStatusCounts: boolean;
  /** `product_cat` and `product_brand` term counts, each ignoring its own filter. */
  readonly taxonomyCounts: ReadonlyArray<'product_cat' | 'product_brand'>;
}

/** Counts and price range of the products a query matches (before paging). */
export interface CollectionData {
  readonly priceRange: { readonly min: number; readonly max: number } | null;
  readonly attributeCounts: ReadonlyArray<{ readonly term: number; readonly count: number }> | null;
  readonly ratingCounts: ReadonlyArray<{ readonly rating: number; readonly count: number }> | null;
  readonly stockStatusCounts: ReadonlyArray<{ readonly status: 'instock' | 'outofstock'; readonly count: number }> | null;
  readonly taxonomyCounts: ReadonlyArray<{ readonly term: number; readonly count: number }> | null;
}

/**
 * Facets of a listing, as the Store API's collection-data route works them out: the price range
 * ignores the price filter (so the slider keeps its ends), an `or` attribute count ignores that
 * attribute's own filter (so a chosen colour does not hide the other colours' counts), and a
 * taxonomy count ignores its own taxonomy's filter. Every count is of distinct parent products.
 */
export async function collectionData(db: ShopDatabase, query: ProductListQuery, request: CollectionDataRequest): Promise<CollectionData> {
  const matching = (q: ProductListQuery) => db.select({ id: products.id }).from(products).where(listConditions(q));
  const withoutAttribute = (taxonomy: string): ProductListQuery => ({ ...query, attributeFilters: (query.attributeFilters ?? []).filter((f) => f.taxonomy !== taxonomy) });

  const priceRange = request.priceRange
    ? db
        .select({ min: sql<number | null>`min(${products.minPrice})`, max: sql<number | null>`max(${products.maxPrice})` })
        .from(products)
        .where(listConditions({ ...query, minPrice: undefined, maxPrice: undefined } as ProductListQuery))
        .then(([row]) => (row && row.min !== null && row.max !== null ? { min: Number(row.min), max: Number(row.max) } : null))
    : Promise.resolve(null);

  const attributeCounts =
    request.attributeCounts.length > 0
      ? Promise.all(
          request.attributeCounts.map(({ taxonomy, queryType }) =>
            db
              .select({ term: attributeTerms.id, count: sql<number>`count(DISTINCT ${productAttributeTerms.productId})`.mapWith(Number) })
              .from(productAttributeTerms)
              .innerJoin(attributeTerms, eq(attributeTerms.id, productAttributeTerms.termId))
              .innerJoin(attributes, eq(attributes.id, attributeTerms.attributeId))
              .where(and(eq(attributes.taxonomy, taxonomy), inArray(productAttributeTerms.productId, matching(queryType === 'or' ? withoutAttribute(taxonomy) : query))))
              .groupBy(attributeTerms.id)
              .orderBy(asc(attributeTerms.id)),
          ),
        ).then((lists) => lists.flat())
      : Promise.resolve(null);

  const ratingCounts = request.ratingCounts
    ? db
        .select({ rating: sql<number>`round(${products.ratingHundredths} / 100.0)`.mapWith(Number), count: count() })
        .from(products)
        .where(and(listConditions(query), sql`${products.ratingHundredths} > 0`))
        .groupBy(sql`1`)
        .orderBy(sql`1`)
    : Promise.resolve(null);

  const stockStatusCounts = request.stockStatusCounts
    ? db
        .select({
          inStock: sql<number>`count(*) FILTER (WHERE ${inStockSql()})`.mapWith(Number),
          total: count(),
        })
        .from(products)
        .where(listConditions(query))
        .then(([row]) => [
          { status: 'instock' as const, count: row?.inStock ?? 0 },
          { status: 'outofstock' as const, count: (row?.total ?? 0) - (row?.inStock ?? 0) },
        ])
    : Promise.resolve(null);

  const taxonomyCounts =
    request.taxonomyCounts.length > 0
      ? Promise.all(
          request.taxonomyCounts.map((taxonomy) =>
            taxonomy === 'product_cat'
              ? db
                  .select({ term: productCategories.categoryId, count: sql<number>`count(DISTINCT ${productCategories.productId})`.mapWith(Number) })
                  .from(productCategories)
                  .where(inArray(productCategories.productId, matching({ ...query, categoryIds: [], categorySlugs: [] })))
                  .groupBy(productCategories.categoryId)
                  .orderBy(asc(productCategories.categoryId))
              : db
                  .select({ term: sql<number>`${products.brandId}`.mapWith(Number), count: count() })
                  .from(products)
                  .where(and(listConditions({ ...query, brandIds: [], brandSlugs: [] }), isNotNull(products.brandId)))
                  .groupBy(products.brandId)
                  .orderBy(asc(products.brandId)),
          ),
        ).then((lists) => lists.flat())
      : Promise.resolve(null);

  const [price, attrs, ratings, stock, taxonomies] = await Promise.all([priceRange, attributeCounts, ratingCounts, stockStatusCounts, taxonomyCounts]);
  return { priceRange: price, attributeCounts: attrs, ratingCounts: ratings, stockStatusCounts: stock, taxonomyCounts: taxonomies };
}

/** In stock: stock not tracked or above zero; for a variable product, any variation in stock. */
function inStockSql(): SQL {
  return sql`(CASE WHEN ${products.type} = 'variable'
    THEN EXISTS (SELECT 1 FROM ${products} v WHERE v.parent_id = ${products.id} AND (v.stock_quantity IS NULL OR v.stock_quantity > 0))
    ELSE (${products.stockQuantity} IS NULL OR ${products.stockQuantity} > 0) END)`;
}

/** A global attribute with its terms and how many parent products offer each. */
export interface AttributeRecord {
  readonly id: number;
  readonly name: string;
  readonly taxonomy: string;
  readonly terms: ReadonlyArray<TermRef & { readonly count: number; readonly menuOrder: number }>;
}

/** Every global attribute with its terms in menu order. */
export async function listAttributes(db: ShopDatabase): Promise<AttributeRecord[]> {
  const [attributeRows, termRows] = await Promise.all([
    db.select().from(attributes).orderBy(asc(attributes.id)),
    db
      .select({
        id: attributeTerms.id,
        attributeId: attributeTerms.attributeId,
        name: attributeTerms.name,
        slug: attributeTerms.slug,
        menuOrder: attributeTerms.menuOrder,
        count: sql<number>`count(${productAttributeTerms.productId})`.mapWith(Number),
      })
      .from(attributeTerms)
      .leftJoin(productAttributeTerms, eq(productAttributeTerms.termId, attributeTerms.id))
      .groupBy(attributeTerms.id)
      .orderBy(asc(attributeTerms.menuOrder), asc(attributeTerms.name)),
  ]);
  return attributeRows.map((a) => ({
    id: a.id,
    name: a.name,
    taxonomy: a.taxonomy,
    terms: termRows.filter((t) => t.attributeId === a.id).map(({ id, name, slug, count: n, menuOrder }) => ({ id, name, slug, count: n, menuOrder })),
  }));
}

/** Every brand with its product count. */
export async function listBrands(db: ShopDatabase): Promise<Array<TermRef & { readonly description: string; readonly count: number }>> {
  return db
    .select({
      id: brands.id,
      name: brands.name,
      slug: brands.slug,
      description: brands.description,
      count: sql<number>`count(${products.id})`.mapWith(Number),
    })
    .from(brands)
    .leftJoin(products, and(eq(products.brandId, brands.id), eq(products.parentId, 0)))
    .groupBy(brands.id)
    .orderBy(asc(brands.name));
}
