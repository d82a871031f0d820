/**
 * The blog through the stock WordPress REST API (`wp/v2/posts`, `wp/v2/comments`). Rendered HTML
 * from the server is reduced to plain-text paragraphs here, so no server markup ever reaches the
 * page as HTML.
 */
import * as v from 'valibot';
import type { BlogComment, BlogImage, BlogPage, BlogPost, CommentInput, CommentReceipt } from '../core/domain/blog.js';
import type { BlogPort, PortFailure } from '../core/ports.js';
import { err, ok, type Result } from '../core/result.js';
import { wpPage, type HttpClient } from './http.js';
import { safeUrl, int } from './store-api.js';
import { htmlToText } from './text.js';

const rendered = v.object({ rendered: v.string() });
const mediaSchema = v.object({
  id: int,
  source_url: v.string(),
  alt_text: v.optional(v.string()),
  media_details: v.optional(v.object({ width: v.optional(int), height: v.optional(int) })),
});
export const postSchema = v.object({
  id: int,
  slug: v.string(),
  date: v.string(),
  link: v.string(),
  title: rendered,
  content: rendered,
  excerpt: rendered,
  comment_status: v.optional(v.string()),
  suki_feature_images: v.optional(v.array(mediaSchema)),
  _embedded: v.optional(
    v.object({
      author: v.optional(v.array(v.object({ name: v.optional(v.string()) }))),
      'wp:featuredmedia': v.optional(v.array(mediaSchema)),
    }),
  ),
});
type PostJson = v.InferOutput<typeof postSchema>;
export const commentSchema = v.object({
  id: int,
  post: int,
  parent: v.optional(int),
  author_name: v.string(),
  date: v.string(),
  content: rendered,
});
export const receiptSchema = v.object({ id: int, status: v.string() });

/** Paragraphs of rendered HTML, as text. */
export const paragraphsOf = (html: string): string[] =>
  htmlToText(html)
    .split('\n')
    .map((p) => p.trim())
    .filter((p) => p !== '');

const toImage = (media: v.InferOutput<typeof mediaSchema>): BlogImage => ({
  id: media.id,
  src: safeUrl(media.source_url),
  alt: htmlToText(media.alt_text ?? ''),
  width: media.media_details?.width ?? 1200,
  height: media.media_details?.height ?? 675,
});

/** A link's path on this site (the server rewrites origins; a foreign host keeps only its path). */
const pathOf = (link: string): string => {
  try {
    return new URL(link, 'http://localhost').pathname;
  } catch {
    return '/blog/';
  }
};

/** Maps a WordPress post to the domain. */
export function toPost(post: PostJson): BlogPost {
  const images = post.suki_feature_images ?? post._embedded?.['wp:featuredmedia'] ?? [];
  return {
    id: post.id,
    slug: post.slug,
    title: htmlToText(post.title.rendered),
    date: post.date,
    author: htmlToText(post._embedded?.author?.[0]?.name ?? ''),
    excerpt: htmlToText(post.excerpt.rendered).replace(/\n/g, ' '),
    paragraphs: paragraphsOf(post.content.rendered),
    images: images.map(toImage).filter((image) => image.src !== ''),
    commentsOpen: post.comment_status !== 'closed',
    path: pathOf(post.link),
  };
}

const toComment = (comment: v.InferOutput<typeof commentSchema>): BlogComment => ({
  id: comment.id,
  postId: comment.post,
  parent: comment.parent ?? 0,
  author: htmlToText(comment.author_name),
  date: comment.date,
  paragraphs: paragraphsOf(comment.content.rendered),
});

/** The blog adapter. */
export function createBlogAdapter(http: HttpClient): BlogPort {
  const listPosts = async (query: { page: number; perPage: number }): Promise<Result<BlogPage<BlogPost>, PortFailure>> => {
    const reply = await http.rest({ path: 'wp/v2/posts', query: { page: query.page, per_page: query.perPage, _embed: 'author,wp:featuredmedia' }, schema: v.array(postSchema) });
    if (!reply.ok) return reply;
    const items = reply.value.data.map(toPost);
    return ok(wpPage(items, reply.value.headers, query.page));
  };

  const getPost = async (slug: string): Promise<Result<BlogPost, PortFailure>> => {
    const reply = await http.rest({ path: 'wp/v2/posts', query: { slug, _embed: 'author,wp:featuredmedia' }, schema: v.array(postSchema) });
    if (!reply.ok) return reply;
    const found = reply.value.data.find((post) => post.slug === slug);
    return found ? ok(toPost(found)) : err({ kind: 'not-found', message: 'No post has this address.' });
  };

  const listComments = async (postId: number, page: number): Promise<Result<BlogPage<BlogComment>, PortFailure>> => {
    const reply = await http.rest({ path: 'wp/v2/comments', query: { post: postId, page, per_page: 50, order: 'asc' }, schema: v.array(commentSchema) });
    if (!reply.ok) return reply;
    const items = reply.value.data.map(toComment);
    return ok(wpPage(items, reply.value.headers, page));
  };

  const createComment = async (input: CommentInput): Promise<Result<CommentReceipt, PortFailure>> => {
    const reply = await http.rest({
      path: 'wp/v2/comments',
      method: 'POST',
      json: { post: input.postId, author_name: input.author, author_email: input.email, content: input.content },
      schema: receiptSchema,
    });
    if (!reply.ok) return reply;
    return ok({ id: reply.value.data.id, status: reply.value.data.status === 'approved' ? 'approved' : 'hold' });
  };

  return { listPosts, getPost, listComments, createComment };
}
