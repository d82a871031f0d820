import { expect, test, type Page } from './fixtures.js';

// A variable product of the seed with colours and sizes.
const TEE = '/product/suki-logo-tee/';

/** What the document head tells crawlers and link previews. */
interface Head {
  readonly title: string;
  readonly canonicals: string[];
  readonly robots: string[];
  readonly og: Record<string, string[]>;
}

const head = (page: Page): Promise<Head> =>
  page.evaluate(() => {
    const og: Record<string, string[]> = {};
    for (const meta of document.head.querySelectorAll('meta[property]')) {
      const property = meta.getAttribute('property') ?? '';
      (og[property] ??= []).push(meta.getAttribute('content') ?? '');
    }
    return {
      title: document.title,
      canonicals: [...document.head.querySelectorAll('link[rel="canonical"]')].map((link) => link.getAttribute('href') ?? ''),
      robots: [...document.head.querySelectorAll('meta[name="robots"]')].map((meta) => meta.getAttribute('content') ?? ''),
      og,
    };
  });

/** Opens `path` and checks the answer's status. */
async function open(page: Page, path: string, status = 200): Promise<string> {
  // The head is all these tests read: no need to wait for pictures.
  const response = await page.goto(path, { waitUntil: 'domcontentloaded' });
  expect(response?.status()).toBe(status);
  return new URL(page.url()).origin;
}

/** One canonical link, the absolute address given, and og:url the same; og:title and og:site_name present. */
async function expectCanonical(page: Page, canonical: string): Promise<Head> {
  const seen = await head(page);
  expect(seen.canonicals).toEqual([canonical]);
  expect(seen.robots).toEqual([]);
  expect(seen.og['og:url']).toEqual([canonical]);
  expect(seen.og['og:site_name']).toEqual(['Suki']);
  expect(seen.og['og:title']?.[0]).toBeTruthy();
  return seen;
}

const occurrences = (text: string, part: string): number => text.split(part).length - 1;

test.describe('SEO basics', () => {
  test('a blog post’s document title ends with “ — Suki” once', async ({ page }) => {
    await open(page, '/blog/');
    const first = page.getByRole('region', { name: 'Posts' }).getByRole('article').first().getByRole('link').first();
    await first.click();
    const heading = page.getByRole('heading', { level: 1 });
    await expect(heading).toBeVisible();
    const postTitle = (await heading.textContent()) ?? '';
    await expect(page).toHaveTitle(`${postTitle} — Suki`);
    const title = await page.title();
    expect(title.endsWith(' — Suki')).toBe(true);
    expect(occurrences(title, 'Suki')).toBe(occurrences(postTitle, 'Suki') + 1);
  });

  test('every other page has the suffix once too; the home page keeps its own title', async ({ page }) => {
    for (const [path, expected] of [
      ['/blog/', 'Journal — Suki'],
      ['/shop/', 'Shop — Suki'],
      ['/cart/', 'Cart — Suki'],
      ['/', 'Suki — shop local'],
    ] as const) {
      await open(page, path);
      await expect(page).toHaveTitle(expected);
    }
    await open(page, TEE);
    await expect(page).toHaveTitle(/^[^—]+ — Suki$/);
  });

  test('home, shop, a filtered and sorted shop, a paged listing and a category have their canonical address', async ({ page }) => {
    let origin = await open(page, '/?popular-orderby=price');
    await expectCanonical(page, `${origin}/`);
    expect((await head(page)).og['og:type']).toEqual(['website']);

    origin = await open(page, '/shop/');
    await expectCanonical(page, `${origin}/shop/`);

    await open(page, '/shop/?orderby=price-desc&min_price=100&max_price=5000&filter_colour=indigo&query_type_colour=or&product_cat=tees&layout=masonry');
    await expectCanonical(page, `${origin}/shop/`);

    await open(page, '/shop/?paged=2');
    await expect(page.getByRole('heading', { level: 1, name: 'Shop' })).toBeVisible();
    await expectCanonical(page, `${origin}/shop/?paged=2`);

    await open(page, '/shop/?orderby=price&paged=2');
    await expectCanonical(page, `${origin}/shop/?paged=2`);

    await open(page, '/product-category/tees/?orderby=popularity&filter_size=m');
    await expect(page.getByRole('heading', { level: 1, name: 'Tees' })).toBeVisible();
    await expectCanonical(page, `${origin}/product-category/tees/`);
  });

  test('a product chosen by attribute parameters canonicalises to the product, with its Open Graph product tags', async ({ page }) => {
    const origin = await open(page, `${TEE}?attribute_pa_colour=white&attribute_pa_size=m`);
    const seen = await expectCanonical(page, `${origin}${TEE}`);
    const name = (await page.getByRole('heading', { level: 1 }).textContent()) ?? '';
    expect(seen.og['og:type']).toEqual(['product']);
    expect(seen.og['og:title']).toEqual([name]);
    expect(seen.og['og:description']?.[0]).toBeTruthy();
    expect(seen.og['og:image']).toHaveLength(1);
    expect(seen.og['og:image']?.[0]?.startsWith(`${origin}/`)).toBe(true);
    expect(seen.og['product:price:amount']?.[0]).toMatch(/^\d+\.\d{2}$/);
    expect(seen.og['product:price:currency']).toEqual(['PHP']);
    const image = await page.request.get(seen.og['og:image']![0]!);
    expect(image.status()).toBe(200);
  });

  test('a blog post is an article at its own address', async ({ page }) => {
    const origin = await open(page, '/blog/');
    const link = page.getByRole('region', { name: 'Posts' }).getByRole('article').first().getByRole('link').first();
    const path = new URL((await link.getAttribute('href')) ?? '', origin).pathname;
    await open(page, `${path}?replytocom=3&utm_source=newsletter`);
    const seen = await expectCanonical(page, `${origin}${path}`);
    expect(seen.og['og:type']).toEqual(['article']);
  });

  test('search results are noindex without a canonical; a missing page has no canonical', async ({ page }) => {
    const origin = await open(page, '/?s=barong&post_type=product');
    let seen = await head(page);
    expect(seen.canonicals).toEqual([]);
    expect(seen.robots).toEqual(['noindex']);
    expect(seen.og['og:url']).toEqual([`${origin}/?s=barong&post_type=product`]);
    expect(seen.og['og:site_name']).toEqual(['Suki']);

    await open(page, '/product/does-not-exist/', 404);
    seen = await head(page);
    expect(seen.canonicals).toEqual([]);
    expect(seen.og['og:title']).toEqual(['Page not found']);
  });

  test('robots.txt names the sitemap; the sitemap is valid XML and its pages canonicalise to themselves', async ({ page }) => {
    // One page per child sitemap: more page loads than the others.
    test.slow();
    const origin = await open(page, '/');
    const robots = await page.request.get('/robots.txt');
    expect(robots.status()).toBe(200);
    expect(await robots.text()).toContain(`Sitemap: ${origin}/sitemap.xml`);

    // Parsed by the browser's XML parser: a document that is not well formed fails here.
    const read = (url: string) =>
      page.evaluate(async (address) => {
        const response = await fetch(address);
        const doc = new DOMParser().parseFromString(await response.text(), 'application/xml');
        return {
          status: response.status,
          error: doc.getElementsByTagName('parsererror').length > 0,
          root: doc.documentElement.localName,
          namespace: doc.documentElement.namespaceURI,
          locs: [...doc.getElementsByTagNameNS('http://www.sitemaps.org/schemas/sitemap/0.9', 'loc')].map((loc) => loc.textContent ?? ''),
        };
      }, url);
    const index = await read('/sitemap.xml');
    expect(index).toMatchObject({ status: 200, error: false, root: 'sitemapindex', namespace: 'http://www.sitemaps.org/schemas/sitemap/0.9' });
    const kinds = ['pages', 'products', 'categories', 'posts'];
    for (const kind of kinds) expect(index.locs).toContain(`${origin}/sitemap-${kind}-1.xml`);
    for (const child of index.locs) {
      const set = await read(child);
      expect(set).toMatchObject({ status: 200, error: false, root: 'urlset' });
      expect(set.locs.length).toBeGreaterThan(0);
      expect(set.locs.length).toBeLessThanOrEqual(1000);
      // The first address of each child sitemap is a page that names itself canonical.
      const first = set.locs[0]!;
      expect(first.startsWith(`${origin}/`)).toBe(true);
      await open(page, first);
      expect((await head(page)).canonicals).toEqual([first]);
    }
  });
});
