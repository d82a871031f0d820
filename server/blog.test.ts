/**
 * The blog over real HTTP: `wp/v2` posts and comments as stock WordPress answers them, the blog
 * pictures, and the blog seed (also into a shop seeded before the blog existed).
 */
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildBlog } from './db/blog-seed.js';
import { SEED_POSTS } from './db/blog-seed-data.js';
import * as schema from './db/schema.js';
import { seedCatalogue } from './db/seed.js';
import { SEED_PRODUCTS } from './db/seed-data.js';
import { dbRateLimit } from './services/rate-limit.js';
import { openTestDatabase, Shopper, startShop, type TestShop } from './test/harness.js';

const WP = '/wp-json/wp/v2';

interface WpImage {
  id: number;
  source_url: string;
  alt_text: string;
  media_details: { width: number; height: number };
}
interface WpPostJson {
  id: number;
  date: string;
  date_gmt: string;
  modified: string;
  modified_gmt: string;
  slug: string;
  status: string;
  type: string;
  link: string;
  title: { rendered: string };
  content: { rendered: string; protected: boolean };
  excerpt: { rendered: string; protected: boolean };
  author: number;
  featured_media: number;
  comment_status: string;
  ping_status: string;
  sticky: boolean;
  format: string;
  categories: number[];
  tags: number[];
  suki_feature_images: WpImage[];
  _embedded?: { author?: Array<{ id: number; name: string; slug: string }>; 'wp:featuredmedia'?: WpImage[] };
}
interface WpCommentJson {
  id: number;
  post: number;
  parent: number;
  author: number;
  author_name: string;
  author_url: string;
  date: string;
  date_gmt: string;
  content: { rendered: string };
  link: string;
  status: string;
  type: string;
  author_avatar_urls: Record<string, string>;
}
interface WpError {
  code: string;
  message: string;
  data: { status: number; params?: Record<string, string> | string[] };
}

let shop: TestShop;
let shopper: Shopper;

beforeAll(async () => {
  shop = await startShop({ trustProxy: ['127.0.0.1', '::1'] });
  shopper = new Shopper(shop.url);
});
afterAll(async () => {
  expect(shop.logger.errors).toEqual([]);
  await shop.close();
});

const newest = [...SEED_POSTS].reverse();
const postId = (slug: string): number => 9001 + SEED_POSTS.findIndex((p) => p.slug === slug);
const listPosts = (query: string) => shopper.getJson<WpPostJson[]>(`${WP}/posts${query}`);

// Every comment write comes from its own address (through a local proxy's X-Forwarded-For), so the
// flood guard counts only what a test means it to.
let nextAddress = 1;
const freshAddress = () => `198.51.100.${nextAddress++}`;
const postComment = (body: unknown, headers: Record<string, string> = {}) =>
  shopper.postJson<WpCommentJson & WpError>(`${WP}/comments`, body, { 'x-forwarded-for': freshAddress(), ...headers });

describe('GET wp/v2/posts', () => {
  it('pages ten published posts, newest first, with WordPress paging headers', async () => {
    const { status, body, headers } = await listPosts('');
    expect(status).toBe(200);
    expect(headers.get('content-type')).toBe('application/json; charset=UTF-8');
    expect(headers.get('x-wp-total')).toBe(String(SEED_POSTS.length));
    expect(headers.get('x-wp-totalpages')).toBe(String(Math.ceil(SEED_POSTS.length / 10)));
    const link = headers.get('link') ?? '';
    expect(link).toContain(`<${shop.url}${WP}/posts?page=2>; rel="next"`);
    expect(link).not.toContain('rel="prev"');
    expect(body.map((p) => p.slug)).toEqual(newest.slice(0, 10).map((p) => p.slug));
    for (let i = 1; i < body.length; i++) expect(body[i]!.date_gmt < body[i - 1]!.date_gmt).toBe(true);
  });

  it('answers stock post objects, with rendered HTML escaped and the feature images', async () => {
    const { body } = await listPosts('?per_page=100');
    expect(body).toHaveLength(SEED_POSTS.length);
    for (const post of body) {
      const seed = SEED_POSTS.find((p) => p.slug === post.slug)!;
      expect(post).toMatchObject({
        id: postId(seed.slug),
        status: 'publish',
        type: 'post',
        link: `${shop.url}/blog/${seed.slug}/`,
        ping_status: 'closed',
        sticky: false,
        format: 'standard',
        categories: [],
        tags: [],
        content: { protected: false },
        excerpt: { protected: false },
        comment_status: seed.closed ? 'closed' : 'open',
        author: seed.author.id,
      });
      expect(post.date).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d$/);
      // The shop is in Manila: local time is eight hours ahead of GMT.
      expect(Date.parse(`${post.date}Z`) - Date.parse(`${post.date_gmt}Z`)).toBe(8 * 3_600_000);
      expect(post.modified_gmt).toBe(post.date_gmt);
      expect(post.content.rendered.match(/<p>/g)).toHaveLength(seed.paragraphs.length);
      expect(post.content.rendered).not.toMatch(/<(?!\/?p>)/);
      expect(post.excerpt.rendered.startsWith('<p>')).toBe(true);
      expect(post.suki_feature_images).toHaveLength(seed.images.length);
      expect(post.featured_media).toBe(post.suki_feature_images[0]?.id);
      post.suki_feature_images.forEach((image, i) => {
        expect(image.source_url).toBe(`${shop.url}/wp-content/uploads/suki/blog/${seed.slug}-${i + 1}.svg`);
        expect(image.alt_text.length).toBeGreaterThan(20);
        expect(image.media_details).toEqual({ width: 1200, height: 675 });
      });
    }
    const tablea = body.find((p) => p.slug === 'tablea-and-sikwate-cebus-morning-chocolate');
    expect(tablea?.title.rendered).toBe('Tablea &amp; Sikwate: Cebu’s Morning Chocolate');
  });

  it('shows a post with several feature images in order', async () => {
    const { body } = await listPosts('?slug=how-a-barong-tagalog-is-made');
    expect(body).toHaveLength(1);
    const images = body[0]!.suki_feature_images;
    expect(images).toHaveLength(4);
    expect(images.map((i) => i.id)).toEqual([...images.map((i) => i.id)].sort((a, b) => a - b));
    expect(images[0]?.alt_text).toContain('barong');
    expect(SEED_POSTS.filter((p) => p.images.length >= 2 && p.images.length <= 4).length).toBeGreaterThanOrEqual(6);
  });

  it('links prev and next on a middle page, keeping the other parameters', async () => {
    const middle = await listPosts('?per_page=5&orderby=id&order=asc&page=2');
    expect(middle.body.map((p) => p.id)).toEqual([9006, 9007, 9008, 9009, 9010]);
    const link = middle.headers.get('link') ?? '';
    expect(link).toContain(`<${shop.url}${WP}/posts?per_page=5&orderby=id&order=asc&page=1>; rel="prev"`);
    expect(link).toContain(`<${shop.url}${WP}/posts?per_page=5&orderby=id&order=asc&page=3>; rel="next"`);
    const last = await listPosts('?per_page=5&page=5');
    expect(last.body).toHaveLength(SEED_POSTS.length - 20);
    expect(last.headers.get('link')).toContain('rel="prev"');
    expect(last.headers.get('link')).not.toContain('rel="next"');
  });

  it('sorts by title and id in both directions', async () => {
    const titles = (await listPosts('?per_page=100&orderby=title&order=asc')).body.map((p) => p.title.rendered);
    expect(titles[0]).toBe('A Weekend at the Salcedo Market');
    expect((await listPosts('?orderby=id&order=desc&per_page=1')).body[0]?.id).toBe(9000 + SEED_POSTS.length);
    expect((await listPosts('?orderby=date&order=asc&per_page=1')).body[0]?.slug).toBe(SEED_POSTS[0]?.slug);
  });

  it('embeds the author and the featured image with _embed', async () => {
    const { body } = await listPosts('?_embed&per_page=3');
    for (const post of body) {
      expect(post._embedded?.author?.[0]).toMatchObject({ id: post.author, name: expect.any(String), slug: expect.stringMatching(/^[a-z-]+$/) });
      const media = post._embedded?.['wp:featuredmedia']?.[0];
      expect(media).toMatchObject({ id: post.featured_media, source_url: post.suki_feature_images[0]?.source_url, alt_text: post.suki_feature_images[0]?.alt_text });
      expect(media?.media_details).toMatchObject({ width: 1200, height: 675 });
    }
    const only = (await listPosts('?_embed=author&per_page=1')).body[0];
    expect(only?._embedded?.author).toHaveLength(1);
    expect(only?._embedded?.['wp:featuredmedia']).toBeUndefined();
    expect((await listPosts('?per_page=1')).body[0]?._embedded).toBeUndefined();
  });

  it('finds posts by slug and by id', async () => {
    const { body } = await listPosts('?slug=coffee-from-the-benguet-highlands,burnay-jars-of-vigan');
    expect(body.map((p) => p.slug).sort()).toEqual(['burnay-jars-of-vigan', 'coffee-from-the-benguet-highlands']);
    const none = await listPosts('?slug=no-such-post');
    expect(none.status).toBe(200);
    expect(none.body).toEqual([]);
    expect(none.headers.get('x-wp-total')).toBe('0');
    expect(none.headers.get('x-wp-totalpages')).toBe('0');
    expect((await listPosts('?slug=,,')).body).toEqual([]);
    const included = await listPosts('?include=9001,9003&orderby=id&order=asc');
    expect(included.body.map((p) => p.id)).toEqual([9001, 9003]);
    const one = await shopper.getJson<WpPostJson>(`${WP}/posts/9002?_embed`);
    expect(one.status).toBe(200);
    expect(one.body).toMatchObject({ id: 9002, slug: 'how-a-barong-tagalog-is-made' });
    expect(one.body._embedded?.['wp:featuredmedia']).toHaveLength(1);
  });

  it('answers 404 rest_post_invalid_id for an unknown post', async () => {
    for (const id of ['1', '9999', '99999999999']) {
      const { status, body } = await shopper.getJson<WpError>(`${WP}/posts/${id}`);
      expect(status).toBe(404);
      expect(body).toEqual({ code: 'rest_post_invalid_id', message: 'Invalid post ID.', data: { status: 404 } });
    }
    const { status, body } = await shopper.getJson<WpError>(`${WP}/posts/abc`);
    expect(status).toBe(404);
    expect(body.code).toBe('rest_no_route');
  });

  it('searches with LIKE, taking % and _ literally, case-insensitively', async () => {
    const percent = await listPosts('?search=100%25');
    expect(percent.body.map((p) => p.slug)).toEqual(['abaca-the-fibre-that-ties-the-islands']);
    expect((await listPosts('?search=%25')).body.map((p) => p.slug)).toEqual(['abaca-the-fibre-that-ties-the-islands']);
    const underscore = await listPosts('?search=_');
    expect(underscore.status).toBe(200);
    expect(underscore.body).toEqual([]);
    expect((await listPosts('?search=%5C')).body).toEqual([]);
    const bayong = await listPosts('?search=BAYONG&per_page=100');
    expect(bayong.body.map((p) => p.slug)).toContain('the-bayong-from-lucban-to-your-shoulder');
    expect(bayong.body.every((p) => /bayong/i.test(`${p.title.rendered} ${p.excerpt.rendered} ${p.content.rendered}`))).toBe(true);
    expect((await listPosts(`?search=${'a'.repeat(200)}`)).status).toBe(200);
    const long = await shopper.getJson<WpError>(`${WP}/posts?search=${'a'.repeat(201)}`);
    expect(long.status).toBe(400);
    expect(long.body).toMatchObject({ code: 'rest_invalid_param', data: { status: 400, params: { search: expect.any(String) } } });
  });

  it.each([
    ['per_page=0', 'per_page'],
    ['per_page=101', 'per_page'],
    ['per_page=ten', 'per_page'],
    ['page=abc', 'page'],
    ['page=0', 'page'],
    ['page=-1', 'page'],
    ['orderby=nope', 'orderby'],
    ['order=up', 'order'],
    ['include=1,x', 'include'],
  ])('refuses %s with rest_invalid_param naming %s', async (query, param) => {
    const { status, body } = await shopper.getJson<WpError>(`${WP}/posts?${query}`);
    expect(status).toBe(400);
    expect(body).toMatchObject({ code: 'rest_invalid_param', message: `Invalid parameter(s): ${param}`, data: { status: 400, params: { [param]: expect.any(String) } } });
  });

  it('answers 400 past the last page, as WordPress does', async () => {
    const { status, body } = await shopper.getJson<WpError>(`${WP}/posts?page=4`);
    expect(status).toBe(400);
    expect(body).toEqual({
      code: 'rest_post_invalid_page_number',
      message: 'The page number requested is larger than the number of pages available.',
      data: { status: 400 },
    });
  });

  it('never fails on odd query strings', async () => {
    const queries = [
      'search=%00',
      'search=%FF%FE',
      'slug=%00',
      'slug[]=a&slug[]=b',
      'include[]=9001&include[]=9002',
      'include=99999999999',
      'page=99999999999',
      'per_page=1&page=2147483647',
      'orderby=title&order=asc&_fields=id,title',
      '_embed=%00',
      'search=%25%25%5F%5C%27%22',
      `slug=${'x,'.repeat(150)}`,
    ];
    for (const query of queries) {
      const response = await shopper.fetch(`${WP}/posts?${query}`);
      expect(response.status, query).toBeLessThan(500);
      await response.arrayBuffer();
    }
  });

  it('is reachable through ?rest_route= too', async () => {
    const { status, body, headers } = await shopper.getJson<WpPostJson[]>('/?rest_route=/wp/v2/posts&per_page=2');
    expect(status).toBe(200);
    expect(body).toHaveLength(2);
    expect(headers.get('x-wp-total')).toBe(String(SEED_POSTS.length));
  });
});

describe('blog pictures', () => {
  it('serves every feature image as a cached, script-free SVG with its alt text', async () => {
    const { body } = await listPosts('?per_page=100');
    for (const image of body.flatMap((p) => p.suki_feature_images)) {
      const response = await shopper.fetch(image.source_url);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('image/svg+xml');
      expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(response.headers.get('content-security-policy')).toBe("default-src 'none'; style-src 'unsafe-inline'");
      const svg = await response.text();
      expect(svg.startsWith('<svg')).toBe(true);
      expect(svg).toContain(`aria-label="${image.alt_text}"`);
    }
  });

  it('answers 404 for unknown posts and positions', async () => {
    for (const path of [
      'blog/no-such-post-1.svg',
      'blog/how-a-barong-tagalog-is-made-5.svg',
      'blog/burnay-jars-of-vigan-2.svg',
      'blog/burnay-jars-of-vigan-0.svg',
      'blog/burnay-jars-of-vigan.svg',
      'blog/../burnay-jars-of-vigan-1.svg',
      'blog/BURNAY-1.svg',
    ]) {
      const response = await shopper.fetch(`/wp-content/uploads/suki/${path}`);
      expect(response.status, path).toBe(404);
      await response.arrayBuffer();
    }
  });
});

describe('GET wp/v2/comments', () => {
  const listComments = (query: string) => shopper.getJson<WpCommentJson[]>(`${WP}/comments${query}`);

  it('lists the approved comments of a post, oldest first, as stock comment objects', async () => {
    const post = postId('coffee-from-the-benguet-highlands');
    const { status, body, headers } = await listComments(`?post=${post}`);
    expect(status).toBe(200);
    expect(body).toHaveLength(4);
    expect(headers.get('x-wp-total')).toBe('4');
    expect(headers.get('x-wp-totalpages')).toBe('1');
    for (let i = 1; i < body.length; i++) expect(body[i]!.date_gmt >= body[i - 1]!.date_gmt).toBe(true);
    for (const comment of body) {
      expect(comment).toMatchObject({ post, author: 0, author_url: '', status: 'approved', type: 'comment', author_avatar_urls: {} });
      expect(comment.link).toBe(`${shop.url}/blog/coffee-from-the-benguet-highlands/#comment-${comment.id}`);
      expect(comment.content.rendered).toMatch(/^<p>.+<\/p>\n$/s);
    }
    expect(body.filter((c) => c.parent !== 0)).toHaveLength(1);
    const desc = await listComments(`?post=${post}&order=desc`);
    expect(desc.body.map((c) => c.id)).toEqual(body.map((c) => c.id).reverse());
    const paged = await listComments(`?post=${post}&per_page=3&page=1`);
    expect(paged.body).toHaveLength(3);
    expect(paged.headers.get('link')).toContain(`<${shop.url}${WP}/comments?post=${post}&per_page=3&page=2>; rel="next"`);
    const topLevel = await listComments(`?post=${post}&parent=0`);
    expect(topLevel.body).toHaveLength(3);
  });

  it('leaves held comments out', async () => {
    const { body } = await listComments(`?post=${postId('tsinelas-from-liliw-laguna')}`);
    expect(body).toHaveLength(1);
    expect(body.every((c) => c.status === 'approved')).toBe(true);
  });

  it('needs a post, and an unknown post has no comments', async () => {
    const missing = await shopper.getJson<WpError>(`${WP}/comments`);
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({ code: 'rest_missing_callback_param', data: { status: 400, params: ['post'] } });
    const unknown = await listComments('?post=424242');
    expect(unknown.status).toBe(200);
    expect(unknown.body).toEqual([]);
    for (const query of ['?post=abc', '?post=9001&per_page=0', '?post=9001&order=sideways', '?post=9001&page=x']) {
      const { status, body } = await shopper.getJson<WpError>(`${WP}/comments${query}`);
      expect(status, query).toBe(400);
      expect(body.code).toBe('rest_invalid_param');
    }
  });
});

describe('POST wp/v2/comments', () => {
  const valid = (extra: Record<string, unknown> = {}) => ({
    post: postId('kapeng-barako-a-strong-cup-from-batangas'),
    author_name: 'Lito Manalo',
    author_email: 'lito.manalo@example.com',
    content: `Salamat for this story! <script>alert(1)</script> ${Math.random()}`,
    ...extra,
  });

  it('holds a new anonymous comment for moderation (201) and does not list it', async () => {
    const body = valid();
    const created = await postComment(body);
    expect(created.status).toBe(201);
    expect(created.headers.get('location')).toBe(`${shop.url}${WP}/comments/${created.body.id}`);
    expect(created.body).toMatchObject({ post: body.post, parent: 0, author: 0, author_name: 'Lito Manalo', status: 'hold', type: 'comment' });
    expect(created.body.content.rendered).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(created.body.content.rendered).not.toContain('<script');
    const listed = await shopper.getJson<WpCommentJson[]>(`${WP}/comments?post=${body.post}&per_page=100`);
    expect(listed.body.map((c) => c.id)).not.toContain(created.body.id);
    const one = await shopper.getJson<WpError>(`${WP}/comments/${created.body.id}`);
    expect(one.status).toBe(404);
  });

  it('accepts a form-encoded comment through ?rest_route=, and a reply to an approved comment', async () => {
    const post = postId('the-bayong-from-lucban-to-your-shoulder');
    const response = await shopper.fetch('/?rest_route=/wp/v2/comments', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded; charset=UTF-8', 'x-forwarded-for': freshAddress() },
      body: new URLSearchParams({ post: String(post), author_name: 'Nena & Co', author_email: 'nena@example.org', content: 'Our bayong is twenty years old and still going.' }).toString(),
    });
    expect(response.status).toBe(201);
    const created = (await response.json()) as WpCommentJson;
    expect(created.author_name).toBe('Nena &amp; Co');
    const approved = (await shopper.getJson<WpCommentJson[]>(`${WP}/comments?post=${post}`)).body;
    const reply = await postComment({ post, parent: approved[0]!.id, author_name: 'Rico', author_email: 'rico@example.com', content: 'Same here, ours is from Lucban too.' });
    expect(reply.status).toBe(201);
    expect(reply.body.parent).toBe(approved[0]!.id);
    for (const parent of [created.id, 999_999, (await shopper.getJson<WpCommentJson[]>(`${WP}/comments?post=9004`)).body[0]!.id]) {
      const refused = await postComment({ post, parent, author_name: 'Rico', author_email: 'rico@example.com', content: `A reply to comment ${parent}, refused.` });
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({ code: 'rest_invalid_param', data: { params: { parent: expect.any(String) } } });
    }
  });

  it('accepts a name of two code points (an emoji flag) and refuses one of a single emoji', async () => {
    const flag = await postComment(valid({ author_name: '🇵🇭' }));
    expect(flag.status).toBe(201);
    expect(flag.body.author_name).toBe('🇵🇭');
    const fish = await postComment(valid({ author_name: ' 🐟 ' }));
    expect(fish.status).toBe(400);
    expect(fish.body).toMatchObject({ code: 'rest_invalid_param', data: { params: { author_name: 'author_name must be at least 2 characters long.' } } });
  });

  it('asks for a name and an email', async () => {
    const authorRequired = { code: 'rest_comment_author_data_required', message: 'Creating a comment requires valid author name and email values.', data: { status: 400 } };
    for (const missing of [{ author_name: undefined }, { author_email: undefined }, { author_name: '   ' }, { author_email: '' }]) {
      const { status, body } = await postComment(valid(missing));
      expect(status).toBe(400);
      expect(body).toEqual(authorRequired);
    }
  });

  it('reports every malformed field at once with rest_invalid_param', async () => {
    const { status, body } = await postComment(valid({ author_name: 'A', author_email: 'not-an-email', content: 'too short' }));
    expect(status).toBe(400);
    expect(body.code).toBe('rest_invalid_param');
    expect(body.message).toBe('Invalid parameter(s): author_name, author_email, content');
    expect(Object.keys(body.data.params as Record<string, string>).sort()).toEqual(['author_email', 'author_name', 'content']);
    const long = await postComment(valid({ author_name: 'n'.repeat(246), author_email: `${'e'.repeat(95)}@example.com` }));
    expect(long.status).toBe(400);
    expect(long.body.data.params).toEqual({ author_name: 'author_name must be at most 245 characters long.', author_email: 'author_email must be at most 100 characters long.' });
    expect((await postComment(valid({ author_name: 'n'.repeat(245) }))).status).toBe(201);
    for (const email of ['a@b', 'a b@example.com', 'a@example..com', '<a>@example.com', '@example.com']) {
      const bad = await postComment(valid({ author_email: email }));
      expect(bad.status, email).toBe(400);
      expect(bad.body.data.params).toEqual({ author_email: 'Invalid email address.' });
    }
    const types = await postComment(valid({ post: 'nine', author_name: ['x'] }));
    expect(types.body.data.params).toEqual({ post: 'post is not of type integer.', author_name: 'author_name is not of type string.' });
  });

  it('refuses empty or whitespace-only content', async () => {
    for (const content of [undefined, '', ' \n\t  \r\n ']) {
      const { status, body } = await postComment(valid({ content }));
      expect(status).toBe(400);
      expect(body).toEqual({ code: 'rest_comment_content_invalid', message: 'Invalid comment content.', data: { status: 400 } });
    }
  });

  it('refuses comments without a known post (403) and on closed posts (403)', async () => {
    for (const post of [undefined, 0, 424_242]) {
      const { status, body } = await postComment(valid({ post }));
      expect(status).toBe(403);
      expect(body).toEqual({ code: 'rest_comment_invalid_post_id', message: 'Sorry, you are not allowed to create this comment without a post.', data: { status: 403 } });
    }
    const closed = await postComment(valid({ post: postId('capiz-shell-windows-and-lanterns') }));
    expect(closed.status).toBe(403);
    expect(closed.body).toEqual({ code: 'rest_comment_closed', message: 'Sorry, comments are closed for this item.', data: { status: 403 } });
  });

  it('refuses the same comment twice with 409 comment_duplicate', async () => {
    const body = valid({ content: 'The barako here is the real thing, strong and sweet.' });
    expect((await postComment(body)).status).toBe(201);
    const again = await postComment({ ...body, author_email: 'LITO.MANALO@example.com', content: `  ${body.content}  ` });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ code: 'comment_duplicate', message: 'Duplicate comment detected; it looks as though you’ve already said that!', data: { status: 409 } });
    const seeded = SEED_POSTS.find((p) => p.slug === 'coffee-from-the-benguet-highlands')!.comments![0]!;
    const replay = await postComment({ post: postId('coffee-from-the-benguet-highlands'), author_name: seeded.name, author_email: seeded.email, content: seeded.content });
    expect(replay.status).toBe(409);
  });

  it('slows down a client posting more than five comments a minute', async () => {
    const address = '203.0.113.77';
    for (let i = 0; i < 5; i++) expect((await postComment(valid({ content: `Flood test comment number ${i}` }), { 'x-forwarded-for': address })).status).toBe(201);
    const sixth = await postComment(valid({ content: 'Flood test comment number 6' }), { 'x-forwarded-for': address });
    expect(sixth.status).toBe(400);
    expect(sixth.body).toEqual({ code: 'comment_flood', message: 'You are posting comments too quickly. Slow down.', data: { status: 400 } });
    expect((await postComment(valid({ content: 'Another reader, another address' }))).status).toBe(201);
  });

  it('forgets old comments after the window, and gives back a released one', async () => {
    const guard = dbRateLimit(shop.db.database.db, { name: 'flood-window-test', max: 5, windowMs: 1000 });
    for (let i = 0; i < 5; i++) expect(await guard.take('a')).toBe(true);
    expect(await guard.take('a')).toBe(false);
    expect(await guard.take('b')).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect(await guard.take('a')).toBe(true);
    for (let i = 0; i < 4; i++) expect(await guard.take('a')).toBe(true);
    await guard.release('a');
    expect(await guard.take('a')).toBe(true);
    expect(await guard.take('a')).toBe(false);
  });

  it('keeps the shop’s write rules: foreign origins, media types, bad JSON and large bodies', async () => {
    const foreign = await postComment(valid(), { origin: 'https://evil.example' });
    expect(foreign.status).toBe(403);
    expect(foreign.body.code).toBe('suki_forbidden_origin');
    const sameOrigin = await postComment(valid(), { origin: shop.url });
    expect(sameOrigin.status).toBe(201);
    const text = await shopper.fetch(`${WP}/comments`, { method: 'POST', headers: { 'content-type': 'text/plain' }, body: 'hello' });
    expect(text.status).toBe(415);
    await text.arrayBuffer();
    const json = await shopper.fetch(`${WP}/comments`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"post":' });
    expect(json.status).toBe(400);
    expect(((await json.json()) as WpError).code).toBe('rest_invalid_json');
    const huge = await postComment(valid({ content: 'x'.repeat(70_000) }));
    expect(huge.status).toBe(413);
  });
});

describe('the blog seed', () => {
  it('is deterministic and has the mix the blog needs', () => {
    expect(buildBlog()).toEqual(buildBlog());
    expect(SEED_POSTS.length).toBeGreaterThanOrEqual(24);
    expect(new Set(SEED_POSTS.map((p) => p.slug)).size).toBe(SEED_POSTS.length);
    for (const post of SEED_POSTS) {
      expect(post.paragraphs.length, post.slug).toBeGreaterThanOrEqual(3);
      expect(post.paragraphs.length, post.slug).toBeLessThanOrEqual(6);
      expect(post.images.length, post.slug).toBeGreaterThanOrEqual(1);
      expect(post.images.length, post.slug).toBeLessThanOrEqual(4);
    }
    expect(SEED_POSTS.filter((p) => p.images.length > 1)).toHaveLength(6);
    expect(SEED_POSTS.filter((p) => p.closed).length).toBeGreaterThanOrEqual(2);
    expect(SEED_POSTS.flatMap((p) => p.comments ?? []).filter((c) => c.held)).toHaveLength(1);
    const dates = buildBlog().postRows.map((p) => Date.parse(p.date));
    expect(Math.max(...dates) - Math.min(...dates)).toBeGreaterThan(120 * 86_400_000);
  });

  it('adds the posts to a shop that has products but no posts, once', async () => {
    const test = await openTestDatabase();
    try {
      const { db } = test.database;
      const postCount = async () => (await db.select({ n: count() }).from(schema.posts))[0]?.n;
      expect(await postCount()).toBe(SEED_POSTS.length);
      // A database from before the blog: the catalogue is there, the blog tables are empty.
      await db.delete(schema.comments);
      await db.delete(schema.postImages);
      await db.delete(schema.posts);
      expect(await postCount()).toBe(0);
      expect(await seedCatalogue(db)).toBe(true);
      expect(await postCount()).toBe(SEED_POSTS.length);
      const images = await db.select({ n: count() }).from(schema.postImages);
      expect(images[0]?.n).toBe(SEED_POSTS.reduce((sum, p) => sum + p.images.length, 0));
      const held = await db.select({ n: count() }).from(schema.comments).where(eq(schema.comments.status, 'hold'));
      expect(held[0]?.n).toBe(1);
      const parents = await db.select({ n: count() }).from(schema.products).where(eq(schema.products.parentId, 0));
      expect(parents[0]?.n).toBe(SEED_PRODUCTS.length);
      expect(await seedCatalogue(db)).toBe(false);
      expect(await postCount()).toBe(SEED_POSTS.length);
    } finally {
      await test.dispose();
    }
  });
});
