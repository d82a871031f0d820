/**
 * Read queries for the sitemap: the slugs of what the shop shows, in a stable order, a page at a
 * time, without loading whole products or posts.
 */
import { and, asc, count, eq, ne, sql } from 'drizzle-orm';
import type { ShopDatabase } from '../db/query.js';
import { posts, products } from '../db/schema.js';
import { listCategories } from './catalog.js';

/** One address of a sitemap, by slug, with when it last changed when that is known (ms since the epoch). */
export interface SitemapRow {
  readonly slug: string;
  readonly modifiedMs: number | null;
}

// Products the Store API lists: parents, never variations.
const listedProduct = and(eq(products.parentId, 0), ne(products.type, 'variation'));

/** How many products the shop lists. */
export async function countSitemapProducts(db: ShopDatabase): Promise<number> {
  const [row] = await db.select({ n: count() }).from(products).where(listedProduct);
  return row?.n ?? 0;
}

/**
 * Listed products `offset` to `offset + limit`, oldest first (new products land on the last page,
 * so the earlier pages stay the same). Products keep no modification time, so none is given.
 */
export async function sitemapProducts(db: ShopDatabase, offset: number, limit: number): Promise<SitemapRow[]> {
  const rows = await db.select({ slug: products.slug }).from(products).where(listedProduct).orderBy(asc(products.createdAt), asc(products.id)).limit(limit).offset(offset);
  return rows.map((row) => ({ slug: row.slug, modifiedMs: null }));
}

/** Categories with at least one product (the ones that have a page), in menu order. */
export async function sitemapCategories(db: ShopDatabase): Promise<SitemapRow[]> {
  const list = await listCategories(db);
  return list.filter((category) => category.count > 0).map((category) => ({ slug: category.slug, modifiedMs: null }));
}

/** How many posts are published. */
export async function countSitemapPosts(db: ShopDatabase): Promise<number> {
  const [row] = await db.select({ n: count() }).from(posts).where(eq(posts.status, 'publish'));
  return row?.n ?? 0;
}

/** Published posts `offset` to `offset + limit`, oldest first; a post is never edited, so its date is its last change. */
export async function sitemapPosts(db: ShopDatabase, offset: number, limit: number): Promise<SitemapRow[]> {
  return db
    .select({ slug: posts.slug, modifiedMs: sql<number>`(extract(epoch from ${posts.date}) * 1000)::float8`.mapWith(Number) })
    .from(posts)
    .where(eq(posts.status, 'publish'))
    .orderBy(asc(posts.date), asc(posts.id))
    .limit(limit)
    .offset(offset);
}
