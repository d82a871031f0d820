/**
 * Generated pictures, cached for a year: products at `/wp-content/uploads/suki/<slug>-<position>.svg`,
 * blog posts at `/wp-content/uploads/suki/blog/<post-slug>-<position>.svg`.
 */
import { Hono, type Context } from 'hono';
import { findPostImage } from '../services/blog.js';
import { findImageSubject } from '../services/catalog.js';
import { blogImageSvg } from '../media/blog-image.js';
import { productImageSvg } from '../media/product-image.js';
import type { ShopDeps } from './shared.js';

const FILE = /^([a-z0-9-]{1,200})-([1-9][0-9]?)\.svg$/;

/** Rendered pictures kept in memory; the catalogue is small, the bound is a safety net. */
const CACHE_LIMIT = 1000;

/** Sends an SVG with the long cache and a policy that lets it run nothing. */
function sendSvg(c: Context, svg: string): Response {
  c.header('Content-Type', 'image/svg+xml');
  c.header('Cache-Control', 'public, max-age=31536000, immutable');
  // An SVG opened on its own must not run anything.
  c.header('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'");
  return c.body(svg);
}

/** The media router, mounted at `/wp-content/uploads/suki`. */
export function mediaRoutes(deps: ShopDeps): Hono {
  const media = new Hono();
  const cache = new Map<string, string>();
  const remember = (key: string, svg: string) => {
    if (cache.size >= CACHE_LIMIT) cache.clear();
    cache.set(key, svg);
  };

  media.get('/blog/:file', async (c) => {
    const match = FILE.exec(c.req.param('file'));
    if (!match) return c.text('Not Found', 404);
    const key = `blog/${match[0]}`;
    let svg = cache.get(key);
    if (svg === undefined) {
      const slug = match[1] ?? '';
      const position = Number(match[2]);
      const image = await findPostImage(deps.db, slug, position);
      if (!image) return c.text('Not Found', 404);
      svg = blogImageSvg({ slug, title: image.title, alt: image.alt }, position);
      remember(key, svg);
    }
    return sendSvg(c, svg);
  });

  media.get('/:file', async (c) => {
    const match = FILE.exec(c.req.param('file'));
    if (!match) return c.text('Not Found', 404);
    const file = match[0];
    let svg = cache.get(file);
    if (svg === undefined) {
      const subject = await findImageSubject(deps.db, match[1] ?? '');
      const position = Number(match[2]);
      if (!subject || !subject.positions.includes(position)) return c.text('Not Found', 404);
      svg = productImageSvg(subject, position);
      remember(file, svg);
    }
    return sendSvg(c, svg);
  });

  return media;
}
