import { expect, test, type Page } from './fixtures.js';

/**
 * Listing pages inline `first-paint.css` and link `styles.css` at the end of the body, where it
 * holds no paint (src/ui/document.ts). That is only right while `styles.css` styles nothing the
 * server drew: any rule of it that matches the page before scripts run would change the page
 * when it arrives, after the first paint (a flash, or a layout shift). Scripts run only once it
 * has loaded (a module script waits for the style sheets before it), so what they draw may use it.
 *
 * The check: load each listing page with its scripts held back, so the page stays as the server
 * drew it, and ask Chromium which rules of each linked style sheet matched anything.
 */
const LISTINGS = ['/shop/', '/product-category/tees/', '/shop/?product_cat=tees&orderby=price', '/?s=barong&post_type=product', '/shop/?paged=2'];

async function usedRules(page: Page, address: string): Promise<{ inline: boolean; used: string[] }> {
  await page.route(/\.js(\?|$)/, (route) => route.abort());
  await page.coverage.startCSSCoverage({ resetOnNavigation: false });
  const response = await page.goto(address, { waitUntil: 'load' });
  expect(response?.status()).toBe(200);
  const html = await response!.text();
  const coverage = await page.coverage.stopCSSCoverage();
  const used = coverage
    .filter((entry) => /\/assets\/main-[^/]+\.css$/.test(entry.url))
    .flatMap((entry) => entry.ranges.map((range) => (entry.text ?? '').slice(range.start, range.end)));
  return { inline: /<head>[\s\S]*<style>[\s\S]*<\/head>/.test(html), used };
}

for (const viewport of [
  { width: 1280, height: 900 },
  { width: 390, height: 844 },
]) {
  test(`the listings' first paint uses no rule of the stylesheet linked after it (${viewport.width}px)`, async ({ browser }) => {
    const context = await browser.newContext({ viewport });
    const page = await context.newPage();
    for (const address of LISTINGS) {
      const { inline, used } = await usedRules(page, address);
      expect(inline, `${address} inlines its first-paint styles`).toBe(true);
      expect(used, `rules of styles.css matching ${address} as the server drew it`).toEqual([]);
    }
    await context.close();
  });
}

test('the rest of the styles still arrive on a listing page, and the page is styled by both', async ({ page }) => {
  await page.goto('/shop/');
  const sheets = await page.evaluate(() => [...document.styleSheets].map((sheet) => (sheet.href === null ? 'inline' : new URL(sheet.href).pathname.replace(/-[\w-]{8}\.css$/, '.css'))));
  expect(sheets).toEqual(['inline', '/assets/main.css']);
  // A rule of each: the header from the inline part, the search dialog's panel from the linked part.
  await expect(page.getByRole('banner')).toHaveCSS('position', 'sticky');
  await page.getByRole('button', { name: /^Search/ }).first().click();
  await expect(page.getByRole('dialog', { name: 'Search the shop' })).toHaveCSS('background-color', 'rgb(255, 255, 255)');
});

test('other pages link both style sheets in the head, first-paint styles first', async ({ request }) => {
  for (const address of ['/', '/product/suki-logo-tee/', '/cart/', '/checkout/']) {
    const html = await (await request.get(address)).text();
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head, address).not.toContain('<style>');
    const links = [...head.matchAll(/<link rel="stylesheet" href="([^"]+)">/g)].map((m) => m[1]!.replace(/-[\w-]{8}\.css$/, '.css'));
    expect(links.slice(0, 2), address).toEqual(['/assets/first-paint.css', '/assets/main.css']);
  }
});
