/**
 * The WordPress REST subset the blog uses, under `/wp-json/wp/v2`: posts (list, one), comments
 * (list, create). Answers and errors match stock WordPress 6: `rest_invalid_param` with a message
 * per argument, `X-WP-Total` / `X-WP-TotalPages` / `Link` paging, and the comment rules of
 * `WP_REST_Comments_Controller` with anonymous comments allowed (held for moderation).
 */
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { isBlankText } from '../../src/core/rules/text.js';
import { MAX_ID, queryInt } from '../lib/params.js';
import { commentDedupeKey } from '../lib/comment-key.js';
import { ApiError, fromZodError, invalidParams } from '../lib/errors.js';
import type { ShopDatabase } from '../db/query.js';
import { clientAddress } from '../lib/address.js';
import { mediaType } from '../lib/request.js';
import {
  commentExists,
  findCommentablePost,
  insertHeldComment,
  isApprovedCommentOf,
  listComments,
  listPosts,
  loadApprovedComment,
  loadPost,
  POST_ORDER_BY,
  type PostListQuery,
} from '../services/blog.js';
import { dbRateLimit, type RateLimit } from '../services/rate-limit.js';
import { wpComment, wpPost, type EmbedChoice } from '../views/wp-post.js';
import { cachedApiReads } from '../services/render-cache.js';
import { pagingHeaders, rawBody, sendJson, shopUrls, type ShopDeps } from './shared.js';


// ---------------------------------------------------------------- query parameters



/** Characters PostgreSQL text cannot hold or that mean nothing in a query: dropped. */
// eslint-disable-next-line no-control-regex -- removing the control characters is the point
const CONTROL = /[\u0000-\u001f\u007f]/g;

/** Number of Unicode code points (what WordPress's mb_strlen counts). */
const codePoints = (text: string): number => [...text].length;

/** Repeated `name[]` values or one comma-separated value, as WordPress reads list arguments. */
const listOf = (params: URLSearchParams, name: string): string[] | undefined => {
  const values = [...params.getAll(name), ...params.getAll(`${name}[]`)];
  return values.length > 0 ? values : undefined;
};

/** A list of ids (`include`, `post`, `parent`); `min` is 0 for `parent`. */
const idList = (name: string, min = 1) =>
  z
    .array(z.string())
    .max(100, `${name} takes at most 100 ids.`)
    .transform((values) => values.flatMap((v) => v.split(',')).map((v) => v.trim()).filter((v) => v !== ''))
    .refine((ids) => ids.length <= 100 && ids.every((id) => /^\d{1,10}$/.test(id) && Number(id) >= min && Number(id) <= MAX_ID), `${name}[0] is not of type integer.`)
    .transform((ids) => ids.map(Number));

const postQuerySchema = z.object({
  page: queryInt('page', 1, MAX_ID).optional(),
  per_page: queryInt('per_page', 1, 100).optional(),
  search: z
    .string()
    .refine((s) => codePoints(s) <= 200, 'search must be at most 200 characters long.')
    .transform((s) => s.replace(CONTROL, ' '))
    .optional(),
  slug: z
    .array(z.string())
    .max(100, 'slug takes at most 100 slugs.')
    .transform((values) => values.flatMap((v) => v.split(',')).map((v) => v.replace(CONTROL, '').trim().toLowerCase()).filter((v) => v !== ''))
    .refine((slugs) => slugs.length <= 100 && slugs.every((s) => s.length <= 200), 'slug must be a post slug or a comma-separated list of them.')
    .optional(),
  include: idList('include').optional(),
  orderby: z.enum(POST_ORDER_BY, { error: `orderby is not one of ${POST_ORDER_BY.join(', ')}.` }).optional(),
  order: z.enum(['asc', 'desc'], { error: 'order is not one of asc, desc.' }).optional(),
});

/** The posts query, validated; unknown parameters (`_fields`, `context`, `_locale`...) are ignored. */
export function parsePostQuery(params: URLSearchParams): PostListQuery & { readonly embed?: EmbedChoice } {
  const pick = (name: string) => params.get(name) ?? undefined;
  const parsed = postQuerySchema.safeParse({
    page: pick('page'),
    per_page: pick('per_page'),
    search: pick('search'),
    slug: listOf(params, 'slug'),
    include: listOf(params, 'include'),
    orderby: pick('orderby'),
    order: pick('order'),
  });
  if (!parsed.success) throw fromZodError(parsed.error);
  const q = parsed.data;
  const embed = parseEmbed(params);
  return {
    page: q.page ?? 1,
    perPage: q.per_page ?? 10,
    orderby: q.orderby ?? 'date',
    order: q.order ?? 'desc',
    ...(q.search === undefined ? {} : { search: q.search }),
    // A slug list given but empty after cleaning matches no post (never every post).
    ...(q.slug === undefined ? {} : { slugs: q.slug.length > 0 ? q.slug : [''] }),
    ...(q.include === undefined || q.include.length === 0 ? {} : { include: q.include }),
    ...(embed ? { embed } : {}),
  };
}

/** `_embed` (everything) or `_embed=author,wp:featuredmedia` (only those links). */
function parseEmbed(params: URLSearchParams): EmbedChoice | undefined {
  const values = listOf(params, '_embed');
  if (values === undefined) return undefined;
  const rels = values.flatMap((v) => v.split(',')).map((v) => v.trim()).filter((v) => v !== '' && v !== '1' && v !== 'true');
  if (rels.length === 0) return { author: true, featuredMedia: true };
  return { author: rels.includes('author'), featuredMedia: rels.includes('wp:featuredmedia') };
}

const commentQuerySchema = z.object({
  post: idList('post').optional(),
  parent: idList('parent', 0).optional(),
  page: queryInt('page', 1, MAX_ID).optional(),
  per_page: queryInt('per_page', 1, 100).optional(),
  order: z.enum(['asc', 'desc'], { error: 'order is not one of asc, desc.' }).optional(),
});

// ---------------------------------------------------------------- comment body

/** Longest values WordPress's comment columns take (`wp_get_comment_fields_max_lengths`). */
const NAME_MAX = 245;
const EMAIL_MAX = 100;
const CONTENT_MAX = 65_525;
const NAME_MIN = 2;
const CONTENT_MIN = 10;

/** A reasonable address: local part, @, a domain with at least one dot; no spaces or brackets. */
const EMAIL = /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]{1,64}@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/;

/** A new comment's fields, cleaned (trimmed, control characters dropped). */
interface CommentInput {
  readonly post: number;
  readonly parent: number;
  readonly authorName: string;
  readonly authorEmail: string;
  readonly content: string;
}

/** Reads the body as WordPress does: JSON or a form, with query-string arguments underneath. */
function commentFields(c: Context, raw: string): Record<string, unknown> {
  const fields: Record<string, unknown> = Object.fromEntries(new URL(c.req.url).searchParams);
  if (raw.trim() === '') return fields;
  const type = mediaType(c);
  if (type === 'application/x-www-form-urlencoded') return { ...fields, ...Object.fromEntries(new URLSearchParams(raw)) };
  if (type === 'application/json' || type.endsWith('+json')) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(raw);
    } catch {
      throw new ApiError(400, 'rest_invalid_json', 'Invalid JSON body passed.', { json_error_code: 4, json_error_message: 'Syntax error' });
    }
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw invalidParams({ body: 'The request body must be a JSON object.' });
    return { ...fields, ...(parsed as Record<string, unknown>) };
  }
  throw new ApiError(415, 'rest_invalid_content_type', 'Send the comment as JSON (application/json) or as a form (application/x-www-form-urlencoded).');
}

/**
 * Checks types, lengths and formats, reporting every bad field at once (`rest_invalid_param`).
 * Empty name, email or content pass here: WordPress answers those with their own codes later.
 */
function parseComment(fields: Record<string, unknown>): CommentInput {
  const problems: Record<string, string> = {};
  const text = (name: string, keepNewlines: boolean): string => {
    let value = fields[name];
    // `content` may come as WordPress's object form `{raw: "..."}`.
    if (name === 'content' && typeof value === 'object' && value !== null && !Array.isArray(value)) value = (value as Record<string, unknown>)['raw'];
    if (value === undefined || value === null) return '';
    if (typeof value !== 'string' && typeof value !== 'number') {
      problems[name] = `${name} is not of type string.`;
      return '';
    }
    const cleaned = String(value)
      .replace(/\r\n?/g, '\n')
      // eslint-disable-next-line no-control-regex -- control characters are never part of a comment
      .replace(keepNewlines ? /[\u0000-\u0008\u000b-\u001f\u007f]/g : /[\u0000-\u001f\u007f]/g, keepNewlines ? '' : ' ');
    // Only invisible characters (zero-width, bidi controls, fillers...) count as empty, like spaces.
    return isBlankText(cleaned) ? '' : cleaned.normalize('NFC').trim();
  };
  const id = (name: string, min: number): number => {
    const value = fields[name];
    if (value === undefined || value === null || value === '') return 0;
    const number = typeof value === 'number' ? value : typeof value === 'string' && /^\s*\d{1,10}\s*$/.test(value) ? Number(value) : Number.NaN;
    if (!Number.isSafeInteger(number) || number < min || number > MAX_ID) {
      problems[name] = `${name} is not of type integer.`;
      return 0;
    }
    return number;
  };
  const post = id('post', 0);
  const parent = id('parent', 0);
  const authorName = text('author_name', false);
  const authorEmail = text('author_email', false);
  const content = text('content', true);
  if (authorName !== '' && problems['author_name'] === undefined) {
    const length = codePoints(authorName);
    if (length < NAME_MIN) problems['author_name'] = `author_name must be at least ${NAME_MIN} characters long.`;
    else if (length > NAME_MAX) problems['author_name'] = `author_name must be at most ${NAME_MAX} characters long.`;
  }
  if (authorEmail !== '' && problems['author_email'] === undefined) {
    if (codePoints(authorEmail) > EMAIL_MAX) problems['author_email'] = `author_email must be at most ${EMAIL_MAX} characters long.`;
    else if (!EMAIL.test(authorEmail)) problems['author_email'] = 'Invalid email address.';
  }
  if (content !== '' && problems['content'] === undefined) {
    const length = codePoints(content);
    if (length < CONTENT_MIN) problems['content'] = `content must be at least ${CONTENT_MIN} characters long.`;
    else if (length > CONTENT_MAX) problems['content'] = `content must be at most ${CONTENT_MAX} characters long.`;
  }
  if (Object.keys(problems).length > 0) throw invalidParams(problems);
  return { post, parent, authorName, authorEmail, content };
}

// ---------------------------------------------------------------- comment flood

/** Most comments one client may leave in {@link FLOOD_WINDOW_MS}. */
export const FLOOD_MAX = 5;
export const FLOOD_WINDOW_MS = 60_000;

/** The comment flood guard: per client, counted in the database so every instance shares it. */
export const commentFloodGuard = (db: ShopDatabase): RateLimit => dbRateLimit(db, { name: 'comment-flood', max: FLOOD_MAX, windowMs: FLOOD_WINDOW_MS });

// ---------------------------------------------------------------- routes

/** The `wp/v2` router, to mount at `/wp-json/wp/v2`. */
export function wpV2Routes(deps: ShopDeps, flood: RateLimit = commentFloodGuard(deps.db)): Hono {
  const api = new Hono();

  api.use('*', async (c, next) => {
    await next();
    c.header('Cache-Control', 'no-store');
    c.header('X-Robots-Tag', 'noindex');
    c.header('Link', `<${shopUrls(c).origin}/wp-json/>; rel="https://api.w.org/"`, { append: true });
  });

  // Posts and approved comments are the same for every reader: answered from the render cache
  // until a post or an approved comment changes.
  if (deps.cache) {
    const reads = cachedApiReads(deps.cache, (c) => shopUrls(c).origin);
    api.use('/posts/*', reads);
    api.use('/comments/*', reads);
  }

  api.get('/posts', async (c) => {
    const query = parsePostQuery(new URL(c.req.url).searchParams);
    const { records, total } = await listPosts(deps.db, query);
    pagingHeaders(c, query.page, query.perPage, total, true);
    const urls = shopUrls(c);
    return sendJson(
      c,
      records.map((record) => wpPost(urls, record, query.embed)),
    );
  });

  api.get('/posts/:id{[0-9]+}', async (c) => {
    const raw = c.req.param('id');
    const id = raw.length <= 10 ? Number(raw) : Number.NaN;
    const record = Number.isSafeInteger(id) && id >= 1 && id <= MAX_ID ? await loadPost(deps.db, id) : null;
    if (!record) throw new ApiError(404, 'rest_post_invalid_id', 'Invalid post ID.');
    return sendJson(c, wpPost(shopUrls(c), record, parseEmbed(new URL(c.req.url).searchParams)));
  });

  api.get('/comments', async (c) => {
    const params = new URL(c.req.url).searchParams;
    const pick = (name: string) => params.get(name) ?? undefined;
    const parsed = commentQuerySchema.safeParse({
      post: listOf(params, 'post'),
      parent: listOf(params, 'parent'),
      page: pick('page'),
      per_page: pick('per_page'),
      order: pick('order'),
    });
    if (!parsed.success) throw fromZodError(parsed.error);
    const q = parsed.data;
    if (q.post === undefined || q.post.length === 0) {
      throw new ApiError(400, 'rest_missing_callback_param', 'Missing parameter(s): post', { params: ['post'] });
    }
    const page = q.page ?? 1;
    const perPage = q.per_page ?? 10;
    const { rows, total } = await listComments(deps.db, { postIds: q.post, ...(q.parent ? { parents: q.parent } : {}), page, perPage, order: q.order ?? 'asc' });
    pagingHeaders(c, page, perPage, total, false);
    const urls = shopUrls(c);
    return sendJson(
      c,
      rows.map((row) => wpComment(urls, row)),
    );
  });

  api.get('/comments/:id{[0-9]+}', async (c) => {
    const raw = c.req.param('id');
    const id = raw.length <= 10 ? Number(raw) : Number.NaN;
    const row = Number.isSafeInteger(id) && id >= 1 && id <= MAX_ID ? await loadApprovedComment(deps.db, id) : null;
    if (!row) throw new ApiError(404, 'rest_comment_invalid_id', 'Invalid comment ID.');
    return sendJson(c, wpComment(shopUrls(c), row));
  });

  api.post('/comments', async (c) => {
    const input = parseComment(commentFields(c, await rawBody(c)));
    // Permission checks, as WordPress runs them before the handler.
    const post = input.post > 0 ? await findCommentablePost(deps.db, input.post) : null;
    if (!post) throw new ApiError(403, 'rest_comment_invalid_post_id', 'Sorry, you are not allowed to create this comment without a post.');
    if (post.commentStatus !== 'open') throw new ApiError(403, 'rest_comment_closed', 'Sorry, comments are closed for this item.');
    if (input.content === '') throw new ApiError(400, 'rest_comment_content_invalid', 'Invalid comment content.');
    if (input.authorName === '' || input.authorEmail === '') {
      throw new ApiError(400, 'rest_comment_author_data_required', 'Creating a comment requires valid author name and email values.');
    }
    if (input.parent > 0 && !(await isApprovedCommentOf(deps.db, input.parent, post.id))) {
      throw invalidParams({ parent: 'parent must be an approved comment on the same post.' });
    }
    const dedupeKey = commentDedupeKey(post.id, input.authorEmail, input.content);
    const duplicate = new ApiError(409, 'comment_duplicate', 'Duplicate comment detected; it looks as though you’ve already said that!');
    if (await commentExists(deps.db, dedupeKey)) throw duplicate;
    const client = clientAddress(c);
    if (!(await flood.take(client))) throw new ApiError(400, 'comment_flood', 'You are posting comments too quickly. Slow down.');
    const stored = await insertHeldComment(
      deps.db,
      { postId: post.id, parent: input.parent, authorName: input.authorName, authorEmail: input.authorEmail, content: input.content, dedupeKey },
      post.slug,
    );
    if (!stored) {
      await flood.release(client);
      throw duplicate;
    }
    const urls = shopUrls(c);
    c.header('Location', `${urls.origin}/wp-json/wp/v2/comments/${stored.id}`);
    return sendJson(c, wpComment(urls, stored), 201);
  });

  return api;
}
