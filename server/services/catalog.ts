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
}

/** Escapes LIKE wildcards so a search for `50%` means the characters, not a pattern. */
function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
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
  if (query.onSale !== undefined) {
    const onSale = or(
      and(isNotNull(products.salePrice), lt(products.salePrice, products.regularPrice)),
      sql`EXISTS (SELECT 1 FROM ${products} v WHERE v.parent_id = ${products.id} AND v.sale_price IS NOT NULL AND v.sale_price < v.regular_price)`,
    );
    conditions.push(query.onSale ? onSale : sql`NOT (${onSale})`);
  }
  return and(...conditions);
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
