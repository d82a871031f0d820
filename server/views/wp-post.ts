/**
 * WordPress REST (`wp/v2`) JSON for posts, their feature pictures and comments, field for field as
 * WordPress writes them, plus `suki_feature_images` on posts. Text is stored plain; HTML is made
 * here: `rendered` fields are escaped paragraphs, titles, names and alt texts are HTML-escaped.
 */
import { escapeHtml, paragraphs } from '../lib/escape.js';
import type { CommentRow, PostImageRow, PostRecord } from '../services/blog.js';
import type { ShopUrls } from './store-product.js';

/** The shop's timezone (Asia/Manila, UTC+8 all year): WordPress's `date` fields are local time. */
const SITE_OFFSET_MS = 8 * 3_600_000;

/** Size of the generated blog pictures. */
export const BLOG_IMAGE_WIDTH = 1200;
export const BLOG_IMAGE_HEIGHT = 675;

/** WordPress's date format (`2026-03-02T09:30:00`, no zone): site time, or GMT. */
function wpDate(ms: number, gmt: boolean): string {
  return new Date(ms + (gmt ? 0 : SITE_OFFSET_MS)).toISOString().slice(0, 19);
}

/** The post's page on the shop: `/blog/<slug>/`. */
export function postPermalink(urls: ShopUrls, slug: string): string {
  return `${urls.origin}/blog/${encodeURIComponent(slug)}/`;
}

/** Address of a generated blog picture. */
export function blogImageUrl(urls: ShopUrls, slug: string, position: number): string {
  return `${urls.origin}/wp-content/uploads/suki/blog/${encodeURIComponent(slug)}-${position}.svg`;
}

/** URL slug of an author's name. */
export function authorSlug(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** A feature picture as `suki_feature_images` and `_embedded['wp:featuredmedia']` show it. */
export function wpMedia(urls: ShopUrls, record: PostRecord, image: PostImageRow) {
  const source = blogImageUrl(urls, record.row.slug, image.position);
  return {
    id: image.id,
    date: wpDate(record.row.dateMs, false),
    slug: `${record.row.slug}-${image.position}`,
    type: 'attachment',
    title: { rendered: escapeHtml(`${record.row.title} ${image.position}`) },
    author: record.row.authorId,
    caption: { rendered: '' },
    alt_text: escapeHtml(image.alt),
    media_type: 'image',
    mime_type: 'image/svg+xml',
    media_details: { width: BLOG_IMAGE_WIDTH, height: BLOG_IMAGE_HEIGHT, file: `suki/blog/${record.row.slug}-${image.position}.svg`, sizes: {} },
    source_url: source,
  };
}

/** What `_embed` may embed; `undefined` embeds nothing. */
export interface EmbedChoice {
  readonly author: boolean;
  readonly featuredMedia: boolean;
}

/** A `wp/v2/posts` object. */
export function wpPost(urls: ShopUrls, record: PostRecord, embed?: EmbedChoice) {
  const { row, images } = record;
  const featured = images.find((image) => image.position === 1) ?? images[0];
  const collection = `${urls.origin}/wp-json/wp/v2/posts`;
  const post: Record<string, unknown> = {
    id: row.id,
    date: wpDate(row.dateMs, false),
    date_gmt: wpDate(row.dateMs, true),
    guid: { rendered: `${urls.origin}/?p=${row.id}` },
    modified: wpDate(row.dateMs, false),
    modified_gmt: wpDate(row.dateMs, true),
    slug: row.slug,
    status: 'publish',
    type: 'post',
    link: postPermalink(urls, row.slug),
    title: { rendered: escapeHtml(row.title) },
    content: { rendered: `${paragraphs(row.content)}\n`, protected: false },
    excerpt: { rendered: `${paragraphs(row.excerpt)}\n`, protected: false },
    author: row.authorId,
    featured_media: featured?.id ?? 0,
    comment_status: row.commentStatus,
    ping_status: 'closed',
    sticky: false,
    template: '',
    format: 'standard',
    meta: [],
    categories: [],
    tags: [],
    suki_feature_images: images.map((image) => {
      const media = wpMedia(urls, record, image);
      return { id: media.id, source_url: media.source_url, alt_text: media.alt_text, media_details: { width: BLOG_IMAGE_WIDTH, height: BLOG_IMAGE_HEIGHT } };
    }),
    _links: {
      self: [{ href: `${collection}/${row.id}` }],
      collection: [{ href: collection }],
      replies: [{ embeddable: false, href: `${urls.origin}/wp-json/wp/v2/comments?post=${row.id}` }],
    },
  };
  if (embed && (embed.author || embed.featuredMedia)) {
    const embedded: Record<string, unknown> = {};
    if (embed.author) embedded['author'] = [{ id: row.authorId, name: escapeHtml(row.authorName), slug: authorSlug(row.authorName) }];
    if (embed.featuredMedia && featured) embedded['wp:featuredmedia'] = [wpMedia(urls, record, featured)];
    post['_embedded'] = embedded;
  }
  return post;
}

/** A `wp/v2/comments` object. */
export function wpComment(urls: ShopUrls, comment: CommentRow) {
  return {
    id: comment.id,
    post: comment.postId,
    parent: comment.parent,
    author: 0,
    author_name: escapeHtml(comment.authorName),
    author_url: '',
    date: wpDate(comment.dateMs, false),
    date_gmt: wpDate(comment.dateMs, true),
    content: { rendered: `${paragraphs(comment.content)}\n` },
    link: `${postPermalink(urls, comment.postSlug)}#comment-${comment.id}`,
    status: comment.status,
    type: 'comment',
    author_avatar_urls: {},
    meta: [],
    _links: {
      self: [{ href: `${urls.origin}/wp-json/wp/v2/comments/${comment.id}` }],
      collection: [{ href: `${urls.origin}/wp-json/wp/v2/comments` }],
      up: [{ embeddable: true, post_type: 'post', href: `${urls.origin}/wp-json/wp/v2/posts/${comment.postId}` }],
    },
  };
}
