/**
 * Blog queries: published posts with their feature pictures, approved comments, and storing a new
 * (held) comment. Everything is plain text here; the JSON views make HTML.
 */
import { and, asc, count, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { ShopDatabase } from '../db/query.js';
import { comments, postImages, posts } from '../db/schema.js';
import { likePattern } from '../lib/like.js';

/** The columns a post answer needs; `dateMs` is the publication instant in milliseconds. */
export interface PostRow {
  readonly id: number;
  readonly slug: string;
  readonly title: string;
  readonly excerpt: string;
  readonly content: string;
  readonly authorId: number;
  readonly authorName: string;
  readonly dateMs: number;
  readonly commentStatus: 'open' | 'closed';
}

/** One feature picture of a post. */
export interface PostImageRow {
  readonly id: number;
  readonly position: number;
  readonly alt: string;
}

/** A post with its pictures in order (position 1 first). */
export interface PostRecord {
  readonly row: PostRow;
  readonly images: readonly PostImageRow[];
}

/** Sort keys of the posts route. */
export const POST_ORDER_BY = ['date', 'title', 'id'] as const;

/** A validated posts query. */
export interface PostListQuery {
  readonly page: number;
  readonly perPage: number;
  readonly orderby: (typeof POST_ORDER_BY)[number];
  readonly order: 'asc' | 'desc';
  readonly search?: string;
  readonly slugs?: readonly string[];
  readonly include?: readonly number[];
}


const epochMs = (column: SQL | typeof posts.date | typeof comments.date) => sql<number>`(extract(epoch from ${column}) * 1000)::float8`;

const postColumns = {
  id: posts.id,
  slug: posts.slug,
  title: posts.title,
  excerpt: posts.excerpt,
  content: posts.content,
  authorId: posts.authorId,
  authorName: posts.authorName,
  dateMs: epochMs(posts.date),
  commentStatus: posts.commentStatus,
};

function postConditions(query: PostListQuery): SQL | undefined {
  const conditions: Array<SQL | undefined> = [eq(posts.status, 'publish')];
  const search = query.search?.trim() ?? '';
  if (search !== '') {
    const pattern = likePattern(search);
    conditions.push(or(ilike(posts.title, pattern), ilike(posts.excerpt, pattern), ilike(posts.content, pattern)));
  }
  if (query.slugs && query.slugs.length > 0) conditions.push(inArray(posts.slug, [...query.slugs]));
  if (query.include && query.include.length > 0) conditions.push(inArray(posts.id, [...query.include]));
  return and(...conditions);
}

async function imagesOf(db: ShopDatabase, ids: readonly number[]): Promise<Map<number, PostImageRow[]>> {
  const byPost = new Map<number, PostImageRow[]>();
  if (ids.length === 0) return byPost;
  const rows = await db
    .select({ postId: postImages.postId, id: postImages.id, position: postImages.position, alt: postImages.alt })
    .from(postImages)
    .where(inArray(postImages.postId, [...ids]))
    .orderBy(asc(postImages.postId), asc(postImages.position));
  for (const { postId, ...image } of rows) byPost.set(postId, [...(byPost.get(postId) ?? []), image]);
  return byPost;
}

/** One page of published posts, and how many match in all. */
export async function listPosts(db: ShopDatabase, query: PostListQuery): Promise<{ records: PostRecord[]; total: number }> {
  const where = postConditions(query);
  const [counted] = await db.select({ n: count() }).from(posts).where(where);
  const total = counted?.n ?? 0;
  const offset = (query.page - 1) * query.perPage;
  if (total === 0 || offset >= total) return { records: [], total };
  const direction = query.order === 'asc' ? asc : desc;
  const key = query.orderby === 'title' ? posts.title : query.orderby === 'id' ? posts.id : posts.date;
  const rows = await db
    .select(postColumns)
    .from(posts)
    .where(where)
    .orderBy(direction(key), direction(posts.id))
    .limit(query.perPage)
    .offset(offset);
  const images = await imagesOf(
    db,
    rows.map((r) => r.id),
  );
  return { records: rows.map((row) => ({ row, images: images.get(row.id) ?? [] })), total };
}

/** One published post by id, or null. */
export async function loadPost(db: ShopDatabase, id: number): Promise<PostRecord | null> {
  const [row] = await db
    .select(postColumns)
    .from(posts)
    .where(and(eq(posts.id, id), eq(posts.status, 'publish')))
    .limit(1);
  if (!row) return null;
  const images = await imagesOf(db, [row.id]);
  return { row, images: images.get(row.id) ?? [] };
}

/** What a blog picture shows: the post's title and the picture's alt text. Null when unknown. */
export async function findPostImage(db: ShopDatabase, slug: string, position: number): Promise<{ postId: number; title: string; alt: string; count: number } | null> {
  const rows = await db
    .select({ postId: posts.id, title: posts.title, position: postImages.position, alt: postImages.alt })
    .from(posts)
    .innerJoin(postImages, eq(postImages.postId, posts.id))
    .where(and(eq(posts.slug, slug), eq(posts.status, 'publish')));
  const image = rows.find((r) => r.position === position);
  return image ? { postId: image.postId, title: image.title, alt: image.alt, count: rows.length } : null;
}

/** A comment as the comments route answers it; `postSlug` builds its link. */
export interface CommentRow {
  readonly id: number;
  readonly postId: number;
  readonly postSlug: string;
  readonly parent: number;
  readonly authorName: string;
  readonly content: string;
  readonly status: 'approved' | 'hold';
  readonly dateMs: number;
}

/** A validated comments query. */
export interface CommentListQuery {
  readonly postIds: readonly number[];
  readonly parents?: readonly number[];
  readonly page: number;
  readonly perPage: number;
  readonly order: 'asc' | 'desc';
}

const commentColumns = {
  id: comments.id,
  postId: comments.postId,
  postSlug: posts.slug,
  parent: comments.parent,
  authorName: comments.authorName,
  content: comments.content,
  status: comments.status,
  dateMs: epochMs(comments.date),
};

/** One page of approved comments on published posts, and how many match in all. */
export async function listComments(db: ShopDatabase, query: CommentListQuery): Promise<{ rows: CommentRow[]; total: number }> {
  const where = and(
    inArray(comments.postId, [...query.postIds]),
    eq(comments.status, 'approved'),
    eq(posts.status, 'publish'),
    query.parents && query.parents.length > 0 ? inArray(comments.parent, [...query.parents]) : undefined,
  );
  const [counted] = await db.select({ n: count() }).from(comments).innerJoin(posts, eq(posts.id, comments.postId)).where(where);
  const total = counted?.n ?? 0;
  const offset = (query.page - 1) * query.perPage;
  if (total === 0 || offset >= total) return { rows: [], total };
  const direction = query.order === 'asc' ? asc : desc;
  const rows = await db
    .select(commentColumns)
    .from(comments)
    .innerJoin(posts, eq(posts.id, comments.postId))
    .where(where)
    .orderBy(direction(comments.date), direction(comments.id))
    .limit(query.perPage)
    .offset(offset);
  return { rows, total };
}

/** One approved comment on a published post, or null. */
export async function loadApprovedComment(db: ShopDatabase, id: number): Promise<CommentRow | null> {
  const [row] = await db
    .select(commentColumns)
    .from(comments)
    .innerJoin(posts, eq(posts.id, comments.postId))
    .where(and(eq(comments.id, id), eq(comments.status, 'approved'), eq(posts.status, 'publish')))
    .limit(1);
  return row ?? null;
}

/** The post a new comment goes to: published, with its comment status. Null when unknown. */
export async function findCommentablePost(db: ShopDatabase, id: number): Promise<{ id: number; slug: string; commentStatus: 'open' | 'closed' } | null> {
  const [row] = await db
    .select({ id: posts.id, slug: posts.slug, commentStatus: posts.commentStatus })
    .from(posts)
    .where(and(eq(posts.id, id), eq(posts.status, 'publish')))
    .limit(1);
  return row ?? null;
}

/** True when `id` is an approved comment on `postId` (a valid parent for a reply). */
export async function isApprovedCommentOf(db: ShopDatabase, id: number, postId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: comments.id })
    .from(comments)
    .where(and(eq(comments.id, id), eq(comments.postId, postId), eq(comments.status, 'approved')))
    .limit(1);
  return row !== undefined;
}

/** True when a comment with this duplicate guard exists. */
export async function commentExists(db: ShopDatabase, dedupeKey: string): Promise<boolean> {
  const [row] = await db.select({ id: comments.id }).from(comments).where(eq(comments.dedupeKey, dedupeKey)).limit(1);
  return row !== undefined;
}

/** A comment to store (held for moderation). */
export interface NewComment {
  readonly postId: number;
  readonly parent: number;
  readonly authorName: string;
  readonly authorEmail: string;
  readonly content: string;
  readonly dedupeKey: string;
}

/**
 * Stores a held comment. Returns null when the same comment already exists (the unique guard
 * refused it, e.g. two identical requests at once).
 */
export async function insertHeldComment(db: ShopDatabase, comment: NewComment, postSlug: string): Promise<CommentRow | null> {
  const [row] = await db
    .insert(comments)
    .values({ ...comment, status: 'hold' })
    .onConflictDoNothing({ target: comments.dedupeKey })
    .returning({
      id: comments.id,
      postId: comments.postId,
      parent: comments.parent,
      authorName: comments.authorName,
      content: comments.content,
      status: comments.status,
      dateMs: epochMs(comments.date),
    });
  return row ? { ...row, postSlug } : null;
}
