/**
 * `/robots.txt` and the sitemap: `/sitemap.xml` is a sitemap index naming paged child sitemaps
 * (`/sitemap-pages-1.xml`, `/sitemap-products-1.xml`, `/sitemap-categories-1.xml`,
 * `/sitemap-posts-1.xml`...), each with at most `pageSize` addresses. The addresses are the pages
 * this server renders (`/product/<slug>/`, `/product-category/<slug>/`, `/blog/<slug>/`), absolute
 * on the request's origin. The embedded shop reads them from its database; upstream mode asks the
 * upstream's Store API and `wp/v2` API through the forwarder (see {@link apiSitemapSource}).
 */
import { Hono, type Context } from 'hono';
import type { ShopDatabase } from '../db/query.js';
import { requestOrigin } from '../lib/request.js';
import { countSitemapPosts, countSitemapProducts, sitemapCategories, sitemapPosts, sitemapProducts } from '../services/sitemap.js';

/** Addresses per child sitemap (the protocol allows 50,000; smaller pages stay quick to build upstream). */
export const SITEMAP_PAGE_SIZE = 1000;

/** What a child sitemap lists. */
export type SitemapKind = 'pages' | 'products' | 'categories' | 'posts';

const KINDS: readonly SitemapKind[] = ['pages', 'products', 'categories', 'posts'];

/** One address of a sitemap: a path on this site and when it last changed, if known (ms since the epoch). */
export interface SitemapEntry {
  readonly path: string;
  readonly modifiedMs: number | null;
}

/** Where the sitemap's addresses come from. Kinds other than `pages` are counted and listed in a stable order. */
export interface SitemapSource {
  count(kind: Exclude<SitemapKind, 'pages'>): Promise<number>;
  entries(kind: Exclude<SitemapKind, 'pages'>, offset: number, limit: number): Promise<readonly SitemapEntry[]>;
}

/** The addresses could not be read (the upstream is down, slow or answered something else). */
export class SitemapUnavailable extends Error {
  constructor(
    readonly status: 502 | 503 | 504,
    message: string,
  ) {
    super(message);
  }
}

// ------------------------------------------------------------------ the documents

/** Escapes text for XML element content. */
export const escapeXml = (text: string): string =>
  text.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[ch] ?? ch);

/** A W3C datetime (`2024-05-01T08:00:00Z`) of an instant, or null for none or an invalid one. */
export const w3cDate = (ms: number | null): string | null => {
  if (ms === null || !Number.isFinite(ms)) return null;
  const date = new Date(ms);
  return Number.isNaN(date.getTime()) ? null : date.toISOString().replace(/\.\d{3}Z$/, 'Z');
};

/** An absolute address on `origin` for a path, percent-encoded as URLs require. */
const absolute = (origin: string, path: string): string => new URL(`${origin}${path}`).href;

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>';
const NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';

/** A sitemap index naming child sitemaps by absolute address. */
export const sitemapIndexXml = (locations: readonly string[]): string =>
  [XML_HEAD, `<sitemapindex xmlns="${NS}">`, ...locations.map((loc) => `<sitemap><loc>${escapeXml(loc)}</loc></sitemap>`), '</sitemapindex>', ''].join('\n');

/** A child sitemap (`urlset`) of absolute addresses on `origin`. */
export const urlSetXml = (origin: string, entries: readonly SitemapEntry[]): string =>
  [
    XML_HEAD,
    `<urlset xmlns="${NS}">`,
    ...entries.map((entry) => {
      const lastmod = w3cDate(entry.modifiedMs);
      return `<url><loc>${escapeXml(absolute(origin, entry.path))}</loc>${lastmod ? `<lastmod>${lastmod}</lastmod>` : ''}</url>`;
    }),
    '</urlset>',
    '',
  ].join('\n');

/**
 * The robots rules: the shop is open to crawlers; the cart, checkout and account pages, the APIs and
 * search results are not (WooCommerce marks those `noindex` too). Filtered and sorted listings stay
 * crawlable: their canonical link tells a crawler which address to index, which it could not read
 * on a disallowed page.
 */
export const robotsTxt = (origin: string): string =>
  [
    'User-agent: *',
    'Allow: /',
    'Disallow: /cart/',
    'Disallow: /checkout/',
    'Disallow: /my-account/',
    'Disallow: /wp-json/',
    'Disallow: /wp-admin/',
    'Allow: /wp-admin/admin-ajax.php',
    'Disallow: /?s=',
    'Disallow: /*?s=',
    'Disallow: /*&s=',
    'Disallow: /*?wc-ajax=',
    'Disallow: /*add-to-cart=',
    '',
    `Sitemap: ${origin}/sitemap.xml`,
    '',
  ].join('\n');

// ------------------------------------------------------------------ sources

/** The embedded shop's addresses, read from its database. */
export const dbSitemapSource = (db: ShopDatabase): SitemapSource => ({
  count: async (kind) => (kind === 'products' ? countSitemapProducts(db) : kind === 'posts' ? countSitemapPosts(db) : (await sitemapCategories(db)).length),
  entries: async (kind, offset, limit) => {
    if (kind === 'categories') return (await sitemapCategories(db)).slice(offset, offset + limit).map((row) => ({ path: `/product-category/${row.slug}/`, modifiedMs: null }));
    const rows = kind === 'products' ? await sitemapProducts(db, offset, limit) : await sitemapPosts(db, offset, limit);
    return rows.map((row) => ({ path: kind === 'products' ? `/product/${row.slug}/` : `/blog/${row.slug}/`, modifiedMs: row.modifiedMs }));
  },
});

/** Most items the Store API and `wp/v2` give per page. */
const API_PAGE = 100;

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/**
 * A WordPress GMT date (`2024-05-01T08:00:00`, no zone) in ms, or null. Only used for `lastmod`,
 * so a value that does not parse is left out rather than refused.
 */
const gmtMs = (value: unknown): number | null => {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/.test(value)) return null;
  const ms = Date.parse(`${value}Z`);
  return Number.isNaN(ms) ? null : ms;
};

const SLUG = /^[^/?#\s]{1,200}$/u;

/** A slug fit for an address: what WordPress gives, percent-encoded or not, without path characters. */
const slugOf = (value: unknown): string | null => (typeof value === 'string' && SLUG.test(value) ? value : null);

/**
 * Addresses read through a shop's own API (upstream mode, through the forwarder): product slugs
 * from the Store API's product list (oldest first, 100 per request; it keeps no modification time),
 * categories with products from its category list, posts from `wp/v2/posts` with `modified_gmt`.
 * A child sitemap of 1000 products costs 10 Store API requests, made one after the other so the
 * upstream never gets a burst from a crawler; `_fields` asks a stock shop for the slugs alone.
 */
export const apiSitemapSource = (get: (path: string) => Promise<Response>): SitemapSource => {
  const request = async (path: string): Promise<{ body: unknown; total: number | null }> => {
    let response: Response;
    try {
      response = await get(path);
    } catch (error) {
      throw new SitemapUnavailable(502, `The shop could not be reached: ${error instanceof Error ? error.message : String(error)}`);
    }
    if (!response.ok) {
      await response.body?.cancel();
      const status = response.status === 504 ? 504 : response.status === 503 ? 503 : 502;
      throw new SitemapUnavailable(status, `The shop answered ${response.status} to ${path}.`);
    }
    let body: unknown;
    try {
      body = await response.json();
    } catch {
      throw new SitemapUnavailable(502, `The shop's answer to ${path} is not JSON.`);
    }
    const header = response.headers.get('x-wp-total');
    return { body, total: header !== null && /^\d+$/.test(header) ? Number(header) : null };
  };

  const list = async (path: string): Promise<unknown[]> => {
    const { body } = await request(path);
    if (!Array.isArray(body)) throw new SitemapUnavailable(502, `The shop's answer to ${path} is not a list.`);
    return body;
  };

  const categories = async (): Promise<SitemapEntry[]> => {
    const body = await list('/wp-json/wc/store/v1/products/categories');
    return body.flatMap((item) => {
      const slug = isRecord(item) ? slugOf(item['slug']) : null;
      return slug !== null && isRecord(item) && typeof item['count'] === 'number' && item['count'] > 0 ? [{ path: `/product-category/${slug}/`, modifiedMs: null }] : [];
    });
  };

  const collections = {
    products: { path: '/wp-json/wc/store/v1/products', fields: 'slug', prefix: '/product/', modified: null },
    posts: { path: '/wp-json/wp/v2/posts', fields: 'slug,modified_gmt', prefix: '/blog/', modified: 'modified_gmt' },
  } as const;

  return {
    count: async (kind) => {
      if (kind === 'categories') return (await categories()).length;
      const { path } = collections[kind];
      const { total } = await request(`${path}?per_page=1&_fields=id`);
      if (total === null) throw new SitemapUnavailable(502, `The shop did not say how many ${kind} it has (X-WP-Total).`);
      return total;
    },
    entries: async (kind, offset, limit) => {
      if (kind === 'categories') return (await categories()).slice(offset, offset + limit);
      const { path, fields, prefix, modified } = collections[kind];
      const entries: SitemapEntry[] = [];
      const first = Math.floor(offset / API_PAGE) + 1;
      const last = Math.floor((offset + limit - 1) / API_PAGE) + 1;
      for (let page = first; page <= last; page += 1) {
        const items = await list(`${path}?per_page=${API_PAGE}&page=${page}&orderby=date&order=asc&_fields=${fields}`);
        for (const item of items) {
          const slug = isRecord(item) ? slugOf(item['slug']) : null;
          if (slug === null || !isRecord(item)) continue;
          entries.push({ path: `${prefix}${slug}/`, modifiedMs: modified ? gmtMs(item[modified]) : null });
        }
        if (items.length < API_PAGE) break;
      }
      const skip = offset - (first - 1) * API_PAGE;
      return entries.slice(skip, skip + limit);
    },
  };
};

// ------------------------------------------------------------------ routes

/** Options of {@link seoRoutes}. */
export interface SeoRoutesOptions {
  /** The addresses of this request's shop. */
  readonly source: (c: Context) => SitemapSource;
  /** Addresses per child sitemap. @default SITEMAP_PAGE_SIZE */
  readonly pageSize?: number;
  readonly logger?: Pick<Console, 'warn'>;
}

const xml = (c: Context, body: string): Response =>
  c.body(body, 200, {
    'Content-Type': 'application/xml; charset=utf-8',
    'Cache-Control': 'public, max-age=3600',
    // The sitemap is for crawlers to read, not a page to show in results.
    'X-Robots-Tag': 'noindex',
  });

const CHILD = /^sitemap-(pages|products|categories|posts)-([1-9]\d{0,5})\.xml$/;

/** `/robots.txt`, `/sitemap.xml` and the child sitemaps. */
export function seoRoutes(options: SeoRoutesOptions): Hono {
  const pageSize = options.pageSize ?? SITEMAP_PAGE_SIZE;
  const routes = new Hono();

  const unavailable = (c: Context, error: unknown): Response => {
    if (!(error instanceof SitemapUnavailable)) throw error;
    options.logger?.warn('sitemap unavailable', error.message);
    return c.body('The sitemap cannot be built right now. Please try again later.\n', error.status, {
      'Content-Type': 'text/plain; charset=utf-8',
      'Cache-Control': 'no-store',
      'Retry-After': '300',
    });
  };

  /** The static pages: home, shop, and the blog when it has posts. */
  const pages = (postCount: number): SitemapEntry[] => [
    { path: '/', modifiedMs: null },
    { path: '/shop/', modifiedMs: null },
    ...(postCount > 0 ? [{ path: '/blog/', modifiedMs: null }] : []),
  ];

  routes.get('/robots.txt', (c) =>
    c.body(robotsTxt(requestOrigin(c)), 200, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'public, max-age=3600' }),
  );

  routes.get('/sitemap.xml', async (c) => {
    const origin = requestOrigin(c);
    const source = options.source(c);
    try {
      const [products, categories, posts] = await Promise.all([source.count('products'), source.count('categories'), source.count('posts')]);
      const counts: Record<SitemapKind, number> = { pages: pages(posts).length, products, categories, posts };
      const locations = KINDS.flatMap((kind) =>
        Array.from({ length: Math.ceil(counts[kind] / pageSize) }, (_, i) => `${origin}/sitemap-${kind}-${i + 1}.xml`),
      );
      return xml(c, sitemapIndexXml(locations));
    } catch (error) {
      return unavailable(c, error);
    }
  });

  routes.get('/:file{sitemap-[a-z]+-[0-9]+\\.xml}', async (c) => {
    const match = CHILD.exec(c.req.param('file'));
    if (!match) return c.text('No such sitemap.\n', 404);
    const kind = match[1] as SitemapKind;
    const page = Number(match[2]);
    const offset = (page - 1) * pageSize;
    const source = options.source(c);
    try {
      let entries: readonly SitemapEntry[];
      if (kind === 'pages') {
        entries = pages(await source.count('posts')).slice(offset, offset + pageSize);
      } else {
        entries = await source.entries(kind, offset, pageSize);
      }
      // Past the last page there is no such sitemap (the first page of an empty kind is not in the index either).
      if (entries.length === 0) return c.text('No such sitemap.\n', 404);
      return xml(c, urlSetXml(requestOrigin(c), entries));
    } catch (error) {
      return unavailable(c, error);
    }
  });

  return routes;
}
