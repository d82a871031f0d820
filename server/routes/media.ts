/**
 * Generated pictures, cached for a year: products at `/wp-content/uploads/suki/<slug>-<position>.svg`
 * and as WebP in WordPress's sizes (`<slug>-<position>.webp`, `…-300x300.webp`, `…-600x600.webp`:
 * see `media/raster.ts`), blog posts at `/wp-content/uploads/suki/blog/<post-slug>-<position>.svg`.
 */
import { Hono, type Context } from 'hono';
import { findPostImage } from '../services/blog.js';
import { findImageSubject } from '../services/catalog.js';
import { blogImageSvg } from '../media/blog-image.js';
import { productImageSvg } from '../media/product-image.js';
import { encodeWebp, RasterCache, rasterSide } from '../media/raster.js';
import type { ShopDeps } from './shared.js';

const FILE = /^([a-z0-9-]{1,200})-([1-9][0-9]?)\.svg$/;

/** A product picture as WebP: slug, position, and WordPress's size suffix (absent: full size). */
const RASTER_FILE = /^([a-z0-9-]{1,200})-([1-9][0-9]?)(-\d{3}x\d{3})?\.webp$/;

/** Bytes of encoded pictures kept in memory: the seed's main sizes fit several times over. */
const RASTER_CACHE_BYTES = 8 * 1024 * 1024;

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

  /** A product's picture as SVG, or null when the product has no such picture. */
  const productSvg = async (slug: string, position: number): Promise<string | null> => {
    const file = `${slug}-${position}.svg`;
    let svg = cache.get(file);
    if (svg === undefined) {
      const subject = await findImageSubject(deps.db, slug);
      if (!subject || !subject.positions.includes(position)) return null;
      svg = productImageSvg(subject, position);
      remember(file, svg);
    }
    return svg;
  };

  const rasters = new RasterCache(RASTER_CACHE_BYTES);
  media.get('/:file', async (c) => {
    const file = c.req.param('file');
    const raster = RASTER_FILE.exec(file);
    if (raster) {
      const side = rasterSide(raster[3]);
      const svg = side === null ? null : await productSvg(raster[1] ?? '', Number(raster[2]));
      if (svg === null || side === null) return c.text('Not Found', 404);
      const webp = await rasters.get(file, () => encodeWebp(svg, side));
      c.header('Content-Type', 'image/webp');
      c.header('Cache-Control', 'public, max-age=31536000, immutable');
      return c.body(webp);
    }
    const match = FILE.exec(file);
    if (!match) return c.text('Not Found', 404);
    const svg = await productSvg(match[1] ?? '', Number(match[2]));
    if (svg === null) return c.text('Not Found', 404);
    return sendSvg(c, svg);
  });

  return media;
}
