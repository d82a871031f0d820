/**
 * robots.txt and the sitemap over real HTTP: in the embedded shop (from its database) and in upstream
 * mode (from the upstream's Store API and wp/v2 API through the forwarder), with small child
 * sitemaps so the paging shows, plus the documents' escaping and the API source's paging.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { createShopApp } from './app.js';
import { listen, type RunningServer } from './listen.js';
import { apiSitemapSource, escapeXml, robotsTxt, sitemapIndexXml, urlSetXml, w3cDate } from './routes/seo.js';
import { memoryLogger, openTestDatabase, STORE, type TestDatabase } from './test/harness.js';
import { createUpstreamApp } from './upstream/app.js';

const PAGE_SIZE = 7;

let db: TestDatabase;
let shop: RunningServer;
let front: RunningServer;
let downFront: RunningServer;
beforeAll(async () => {
  db = await openTestDatabase();
  shop = await listen(createShopApp({ database: db.database, logger: memoryLogger(), sitemapPageSize: PAGE_SIZE, trustProxy: ['127.0.0.1', '::1'] }), { port: 0 });
  front = await listen(createUpstreamApp({ upstream: new URL(shop.url), sitemapPageSize: PAGE_SIZE }), { port: 0 });
  // An upstream that is not there: a port that was just free.
  const gone = await listen(createShopApp({ database: db.database, logger: memoryLogger() }), { port: 0 });
  await gone.close();
  downFront = await listen(createUpstreamApp({ upstream: new URL(gone.url), timeoutMs: 2000 }), { port: 0 });
});
afterAll(async () => {
  await downFront?.close();
  await front?.close();
  await shop?.close();
  await db?.dispose();
});

// The documents' exact shape: a strict reading of well-formed XML for what we write.
const TEXT = '(?:[^<>&]|&(?:amp|lt|gt|quot|apos);)+';
const INDEX = new RegExp(`^<\\?xml version="1\\.0" encoding="UTF-8"\\?>\\n<sitemapindex xmlns="http://www\\.sitemaps\\.org/schemas/sitemap/0\\.9">\\n(?:<sitemap><loc>${TEXT}</loc></sitemap>\\n)*</sitemapindex>\\n$`);
const URLSET = new RegExp(
  `^<\\?xml version="1\\.0" encoding="UTF-8"\\?>\\n<urlset xmlns="http://www\\.sitemaps\\.org/schemas/sitemap/0\\.9">\\n(?:<url><loc>${TEXT}</loc>(?:<lastmod>\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}Z</lastmod>)?</url>\\n)*</urlset>\\n$`,
);

const unescape = (text: string): string => text.replace(/&(amp|lt|gt|quot|apos);/g, (_, name: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" })[name] ?? '');
const locs = (xml: string): string[] => [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => unescape(m[1]!));

/** Reads the whole sitemap of a server: child addresses, and every address with its lastmod. */
async function readSitemap(base: string): Promise<{ children: string[]; urls: Map<string, string | null> }> {
  const index = await fetch(`${base}/sitemap.xml`);
  expect(index.status).toBe(200);
  expect(index.headers.get('content-type')).toBe('application/xml; charset=utf-8');
  const indexXml = await index.text();
  expect(indexXml).toMatch(INDEX);
  const children = locs(indexXml);
  const urls = new Map<string, string | null>();
  for (const child of children) {
    expect(child.startsWith(`${base}/sitemap-`)).toBe(true);
    const res = await fetch(child);
    expect(res.status).toBe(200);
    const xml = await res.text();
    expect(xml).toMatch(URLSET);
    const entries = [...xml.matchAll(/<url><loc>([^<]*)<\/loc>(?:<lastmod>([^<]*)<\/lastmod>)?<\/url>/g)];
    expect(entries.length).toBeGreaterThan(0);
    expect(entries.length).toBeLessThanOrEqual(PAGE_SIZE);
    for (const [, loc, lastmod] of entries) {
      expect(urls.has(unescape(loc!))).toBe(false);
      urls.set(unescape(loc!), lastmod ?? null);
    }
  }
  return { children, urls };
}

const total = async (path: string): Promise<number> => Number((await fetch(`${shop.url}${path}`)).headers.get('x-wp-total'));

describe('robots.txt', () => {
  it('opens the shop, closes cart, checkout, account, APIs and search, and names the absolute sitemap', async () => {
    for (const base of [shop.url, front.url, downFront.url]) {
      const res = await fetch(`${base}/robots.txt`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('text/plain; charset=utf-8');
      const lines = (await res.text()).split('\n');
      expect(lines[0]).toBe('User-agent: *');
      for (const rule of ['Allow: /', 'Disallow: /cart/', 'Disallow: /checkout/', 'Disallow: /my-account/', 'Disallow: /wp-json/', 'Disallow: /?s=']) expect(lines).toContain(rule);
      expect(lines.filter((l) => /^Disallow: \/(shop|product|product-category|blog)\b/.test(l))).toEqual([]);
      expect(lines).toContain(`Sitemap: ${base}/sitemap.xml`);
    }
  });

  it('takes the origin from a trusted proxy that says https, and never an odd Host header', async () => {
    const text = await (await fetch(`${shop.url}/robots.txt`, { headers: { 'x-forwarded-proto': 'https' } })).text();
    expect(text).toContain(`Sitemap: ${shop.url.replace('http:', 'https:')}/sitemap.xml`);
    expect(robotsTxt('https://shop.example')).toMatch(/\nSitemap: https:\/\/shop\.example\/sitemap\.xml\n$/);
  });
});

describe('sitemap.xml, embedded', () => {
  it('lists every product, category with products, post and the main pages once, in paged child sitemaps', async () => {
    const { children, urls } = await readSitemap(shop.url);
    const products = await total(`${STORE}/products?per_page=1`);
    const posts = await total('/wp-json/wp/v2/posts?per_page=1');
    const categories = ((await (await fetch(`${shop.url}${STORE}/products/categories`)).json()) as Array<{ slug: string; count: number }>).filter((c) => c.count > 0);
    expect(products).toBeGreaterThan(PAGE_SIZE);
    expect(children).toEqual([
      `${shop.url}/sitemap-pages-1.xml`,
      ...Array.from({ length: Math.ceil(products / PAGE_SIZE) }, (_, i) => `${shop.url}/sitemap-products-${i + 1}.xml`),
      ...Array.from({ length: Math.ceil(categories.length / PAGE_SIZE) }, (_, i) => `${shop.url}/sitemap-categories-${i + 1}.xml`),
      ...Array.from({ length: Math.ceil(posts / PAGE_SIZE) }, (_, i) => `${shop.url}/sitemap-posts-${i + 1}.xml`),
    ]);
    const all = [...urls.keys()];
    expect(all.filter((u) => u.startsWith(`${shop.url}/product/`))).toHaveLength(products);
    expect(all.filter((u) => u.startsWith(`${shop.url}/blog/`) && u !== `${shop.url}/blog/`)).toHaveLength(posts);
    expect(all.filter((u) => u.startsWith(`${shop.url}/product-category/`)).sort()).toEqual(categories.map((c) => `${shop.url}/product-category/${c.slug}/`).sort());
    expect(all).toEqual(expect.arrayContaining([`${shop.url}/`, `${shop.url}/shop/`, `${shop.url}/blog/`]));
    // Posts carry their date; products keep no modification time.
    for (const [url, lastmod] of urls) expect(lastmod === null).toBe(!(url.startsWith(`${shop.url}/blog/`) && url !== `${shop.url}/blog/`));
  });

  it('answers 404 past the last page and for names it does not know; the answers are cacheable', async () => {
    const products = await total(`${STORE}/products?per_page=1`);
    expect((await fetch(`${shop.url}/sitemap-products-${Math.ceil(products / PAGE_SIZE) + 1}.xml`)).status).toBe(404);
    expect((await fetch(`${shop.url}/sitemap-widgets-1.xml`)).status).toBe(404);
    expect((await fetch(`${shop.url}/sitemap-products-0.xml`)).status).toBe(404);
    const res = await fetch(`${shop.url}/sitemap-pages-1.xml`);
    expect(res.headers.get('cache-control')).toBe('public, max-age=3600');
    expect(res.headers.get('x-robots-tag')).toBe('noindex');
  });
});

describe('sitemap.xml, upstream mode', () => {
  it('lists the same addresses as the upstream, on our host, with the same dates', async () => {
    const own = await readSitemap(shop.url);
    const through = await readSitemap(front.url);
    expect(through.children).toEqual(own.children.map((u) => u.replace(shop.url, front.url)));
    expect([...through.urls]).toEqual([...own.urls].map(([url, lastmod]) => [url.replace(shop.url, front.url), lastmod]));
  });

  it('says the sitemap is unavailable, and to come back, when the upstream is down', async () => {
    for (const path of ['/sitemap.xml', '/sitemap-products-1.xml']) {
      const res = await fetch(`${downFront.url}${path}`);
      expect(res.status).toBeGreaterThanOrEqual(502);
      expect(res.status).toBeLessThanOrEqual(504);
      expect(res.headers.get('retry-after')).toBe('300');
      expect(res.headers.get('cache-control')).toBe('no-store');
    }
  });
});

describe('the sitemap documents', () => {
  it('escape every address and keep it absolute (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.string({ maxLength: 20 }), { maxLength: 5 }), (slugs) => {
        const xml = urlSetXml(
          'https://shop.example',
          slugs.map((slug) => ({ path: `/product/${slug}/`, modifiedMs: 0 })),
        );
        expect(xml).toMatch(URLSET);
        for (const loc of locs(xml)) expect(loc.startsWith('https://shop.example/')).toBe(true);
        expect(sitemapIndexXml(slugs)).toMatch(slugs.every((s) => s !== '') ? INDEX : /^<\?xml/);
      }),
    );
    expect(escapeXml(`a&b<c>"d"'e'`)).toBe('a&amp;b&lt;c&gt;&quot;d&quot;&apos;e&apos;');
    expect(urlSetXml('https://shop.example', [{ path: '/product/a&b/', modifiedMs: Date.UTC(2024, 4, 1, 8) }])).toContain(
      '<url><loc>https://shop.example/product/a&amp;b/</loc><lastmod>2024-05-01T08:00:00Z</lastmod></url>',
    );
    expect(w3cDate(null)).toBeNull();
    expect(w3cDate(Number.NaN)).toBeNull();
  });

  it('reads any slice of a collection through pages of 100 (property)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 0, max: 450 }), fc.integer({ min: 0, max: 460 }), fc.integer({ min: 1, max: 250 }), async (size, offset, limit) => {
        const requested: string[] = [];
        const source = apiSitemapSource(async (path) => {
          requested.push(path);
          const url = new URL(path, 'http://upstream.test');
          const page = Number(url.searchParams.get('page') ?? '1');
          const perPage = Number(url.searchParams.get('per_page'));
          const items = Array.from({ length: Math.max(0, Math.min(perPage, size - (page - 1) * perPage)) }, (_, i) => ({ slug: `p-${(page - 1) * perPage + i}` }));
          return Response.json(items, { headers: { 'x-wp-total': String(size) } });
        });
        const entries = await source.entries('products', offset, limit);
        const expected = Array.from({ length: Math.max(0, Math.min(limit, size - offset)) }, (_, i) => `/product/p-${offset + i}/`);
        expect(entries.map((e) => e.path)).toEqual(expected);
        expect(requested.length).toBeLessThanOrEqual(Math.ceil(limit / 100) + 1);
        expect(await source.count('products')).toBe(size);
      }),
      { numRuns: 60 },
    );
  });
});
