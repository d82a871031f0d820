/**
 * Seeds the demo blog (posts, their feature pictures and some comments) when the database has no
 * posts yet, also into a shop whose catalogue was seeded before the blog existed. Deterministic
 * and idempotent; safe with several processes through the seed's advisory lock.
 */
import { count, sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { commentDedupeKey } from '../lib/comment-key.js';
import { SEED_POSTS, type SeedPost } from './blog-seed-data.js';
import * as schema from './schema.js';

type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

/** Advisory lock key for seeding, the same as the catalogue's (`seed.ts`). */
export const SEED_LOCK = 0x53_75_6b_69_53_64; // "SukiSd"

/** First post id (posts share WordPress's id space with attachments, so images start further on). */
export const FIRST_POST_ID = 9001;
const FIRST_POST_IMAGE_ID = 9501;
/** The first post's date: 2 March 2026, 09:30 in Manila. */
const BLOG_START = Date.UTC(2026, 2, 2, 1, 30, 0);
const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;

/** The date of the `index`-th post (oldest first): about a week apart, at varying morning times. */
function postDate(index: number): number {
  return BLOG_START + index * 8 * DAY_MS + ((index * 37) % 180) * MINUTE_MS;
}

/** Every row of the demo blog, built in memory (comments without ids: the database numbers them). */
export function buildBlog(posts: readonly SeedPost[] = SEED_POSTS) {
  const postRows: Array<typeof schema.posts.$inferInsert> = [];
  const imageRows: Array<typeof schema.postImages.$inferInsert> = [];
  /** Top-level comments, then replies (which need their parent's id). */
  const commentRows: Array<{ row: typeof schema.comments.$inferInsert; postIndex: number; reply?: number }> = [];
  let nextImage = FIRST_POST_IMAGE_ID;
  posts.forEach((post, index) => {
    const id = FIRST_POST_ID + index;
    const date = postDate(index);
    postRows.push({
      id,
      slug: post.slug,
      title: post.title,
      excerpt: post.excerpt,
      content: post.paragraphs.join('\n\n'),
      authorId: post.author.id,
      authorName: post.author.name,
      date: new Date(date).toISOString(),
      commentStatus: post.closed ? 'closed' : 'open',
      status: 'publish',
    });
    post.images.forEach((alt, i) => imageRows.push({ id: nextImage++, postId: id, position: i + 1, alt }));
    (post.comments ?? []).forEach((comment, i) => {
      const at = date + comment.after * DAY_MS + (i * 53 + 95) * MINUTE_MS;
      commentRows.push({
        postIndex: index,
        ...(comment.reply === undefined ? {} : { reply: comment.reply }),
        row: {
          postId: id,
          parent: 0,
          authorName: comment.name,
          authorEmail: comment.email,
          content: comment.content,
          status: comment.held ? 'hold' : 'approved',
          date: new Date(at).toISOString(),
          dedupeKey: commentDedupeKey(id, comment.email, comment.content),
        },
      });
    });
  });
  return { postRows, imageRows, commentRows };
}

/**
 * Inserts the blog when there are no posts. The caller holds {@link SEED_LOCK} in the transaction.
 * @returns true when it seeded.
 */
export async function seedBlogRows(tx: Db): Promise<boolean> {
  const [existing] = await tx.select({ n: count() }).from(schema.posts);
  if ((existing?.n ?? 0) > 0) return false;
  const built = buildBlog();
  await tx.insert(schema.posts).values(built.postRows);
  await tx.insert(schema.postImages).values(built.imageRows);
  // Comments one at a time, in order, so ids are deterministic and replies know their parent's id.
  const idsByPost = new Map<number, number[]>();
  for (const { row, postIndex, reply } of built.commentRows) {
    const ids = idsByPost.get(postIndex) ?? [];
    const parent = reply === undefined ? 0 : ids[reply];
    if (parent === undefined) throw new Error(`seed: comment replies to a missing comment on post ${postIndex}`);
    const [inserted] = await tx
      .insert(schema.comments)
      .values({ ...row, parent })
      .returning({ id: schema.comments.id });
    ids.push(inserted?.id ?? 0);
    idsByPost.set(postIndex, ids);
  }
  return true;
}

/** Seeds the blog on its own (its own transaction and lock). @returns true when it seeded. */
export async function seedBlog(db: Db): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${SEED_LOCK})`);
    return seedBlogRows(tx);
  });
}
