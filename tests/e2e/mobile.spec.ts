import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Locator, type Page } from './fixtures.js';
import { filtersReady, hydrated } from './helpers.js';

// A phone: 390 px wide.
test.use({ viewport: { width: 390, height: 844 } });

const header = (page: Page) => page.getByRole('banner');
const menuButton = (page: Page) => header(page).getByRole('button', { name: 'Menu', exact: true });
const filtersButton = (page: Page) => page.getByRole('main').getByRole('button', { name: 'Filters', exact: true });
const filterGroup = (page: Page) => page.getByRole('group', { name: /^Filter / }).first();

/** True when the element holding focus is inside `scope`. */
const holdsFocus = (scope: Locator): Promise<boolean> => scope.evaluate((node) => node.contains(document.activeElement));

/** Serious or critical axe findings on the page, with WCAG 2.5.3 (label in name) also checked on `ours`. */
async function axeFindings(page: Page, ours: string[]): Promise<string[]> {
  const describe = (results: Awaited<ReturnType<AxeBuilder['analyze']>>) =>
    results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  const all = describe(await new AxeBuilder({ page }).analyze());
  let labelInName = new AxeBuilder({ page }).withRules(['label-content-name-mismatch']).options({ rules: { 'label-content-name-mismatch': { enabled: true } } });
  for (const selector of ours) labelInName = labelInName.include(selector);
  return [...all, ...describe(await labelInName.analyze())];
}

test.describe('mobile (390 px)', () => {
  test('the Menu button opens the categories as a modal dialog: focus stays inside, Escape closes and focus returns', async ({ page }) => {
    await page.goto('/shop/');
    await hydrated(page);
    // The header's own category strip is folded away behind the button.
    await expect(header(page).getByRole('navigation', { name: 'Categories' })).toBeHidden();
    await expect(menuButton(page)).toBeInViewport();
    await expect(menuButton(page)).toHaveAttribute('aria-expanded', 'false');

    await menuButton(page).click();
    const dialog = page.getByRole('dialog', { name: 'Menu' });
    await expect(dialog).toBeVisible();
    await expect(menuButton(page)).toHaveAttribute('aria-expanded', 'true');
    const categories = dialog.getByRole('navigation', { name: 'Categories' });
    await expect(categories.getByRole('link', { name: 'Shop all' })).toHaveAttribute('aria-current', 'page');
    await expect(categories.getByRole('link', { name: 'Tees' })).toBeVisible();
    expect(await holdsFocus(dialog)).toBe(true);

    // Tab and Shift+Tab go round inside the dialog, past both ends.
    const stops = (await categories.getByRole('link').count()) + 1;
    for (let i = 0; i < stops + 2; i += 1) {
      await page.keyboard.press('Tab');
      expect(await holdsFocus(dialog)).toBe(true);
    }
    for (let i = 0; i < stops + 2; i += 1) {
      await page.keyboard.press('Shift+Tab');
      expect(await holdsFocus(dialog)).toBe(true);
    }

    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(menuButton(page)).toBeFocused();
    await expect(menuButton(page)).toHaveAttribute('aria-expanded', 'false');

    // Close does the same; a link goes to its category.
    await menuButton(page).click();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();
    await expect(menuButton(page)).toBeFocused();
    await menuButton(page).click();
    await dialog.getByRole('link', { name: 'Tees' }).click();
    await expect(page).toHaveURL(/\/product-category\/tees\/$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Tees');
  });

  test('the filter lists sit behind a Filters button, so the first products show on load; opened, they still filter', async ({ page }) => {
    await page.goto('/shop/');
    await filtersReady(page);
    const firstTile = page.getByRole('region', { name: 'Shop' }).getByRole('article').first();
    await expect(firstTile.getByRole('heading', { level: 3 })).toBeInViewport({ ratio: 1 });
    await expect(firstTile).toBeInViewport({ ratio: 0.5 });
    await expect(filterGroup(page)).toBeHidden();
    await expect(filtersButton(page)).toHaveAttribute('aria-expanded', 'false');

    await filtersButton(page).click();
    await expect(filtersButton(page)).toHaveAttribute('aria-expanded', 'true');
    await expect(filterGroup(page)).toBeVisible();
    await filterGroup(page).getByRole('link', { name: /^Tees \(\d+ products?\)$/ }).click();
    await expect(page).toHaveURL(/\/shop\/\?product_cat=tees$/);
    // Still open after a choice, so another can follow; the button folds it away again.
    await expect(filterGroup(page).getByRole('link', { name: /^Tees / })).toHaveAttribute('aria-current', 'true');
    await filtersButton(page).click();
    await expect(filterGroup(page)).toBeHidden();
    await expect(filtersButton(page)).toHaveAttribute('aria-expanded', 'false');
  });

  test('the header search and cart stay visible and work; nothing overflows sideways', async ({ page }) => {
    for (const path of ['/', '/shop/', '/product-category/tees/', '/product/suki-logo-tee/']) {
      await page.goto(path);
      await hydrated(page);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      for (const control of [menuButton(page), header(page).getByRole('button', { name: 'Search' }), header(page).getByRole('button', { name: /^Cart\b/ })]) {
        await expect(control).toBeInViewport({ ratio: 1 });
      }
    }
    await header(page).getByRole('button', { name: 'Search' }).click();
    const search = page.getByRole('dialog', { name: 'Search the shop' });
    await expect(search.getByRole('searchbox', { name: 'Search products' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(search).toBeHidden();
    await header(page).getByRole('button', { name: /^Cart\b/ }).click();
    await expect(page.getByRole('dialog', { name: 'Cart' })).toBeVisible();
  });

  test('without scripts the categories and the filter lists are in the page, with no dead buttons', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await page.goto('/shop/');
    await expect(header(page).getByRole('navigation', { name: 'Categories' }).getByRole('link', { name: 'Tees' })).toBeAttached();
    await expect(header(page).getByRole('navigation', { name: 'Categories' })).toBeVisible();
    await expect(menuButton(page)).toBeHidden();
    await expect(filtersButton(page)).toBeHidden();
    await expect(filterGroup(page)).toBeVisible();
    await filterGroup(page).getByRole('link', { name: /^Tees \(\d+ products?\)$/ }).click();
    await expect(page).toHaveURL(/\/shop\/\?product_cat=tees$/);
    await context.close();
  });

  test('the wide layout is unchanged: categories in the header, filter lists open, no Menu or Filters button', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/shop/');
    await hydrated(page);
    await expect(header(page).getByRole('navigation', { name: 'Categories' }).getByRole('link', { name: 'Tees' })).toBeVisible();
    await expect(menuButton(page)).toBeHidden();
    await expect(filtersButton(page)).toBeHidden();
    await expect(filterGroup(page)).toBeVisible();
  });

  // One test per page: axe runs twice per state, which takes a while on a busy machine.
  for (const path of ['/', '/shop/', '/product-category/tees/', 'a product', '/cart/', '/blog/']) {
    test(`axe finds nothing serious on ${path} with the menu open${path.includes('/shop/') || path.includes('/product-category/') ? ' and with the filters open' : ''}`, async ({ page }) => {
      test.setTimeout(90_000);
      let address = path;
      if (path === 'a product') {
        const products = await page.request.get('/wp-json/wc/store/v1/products?per_page=1').then((r) => r.json() as Promise<Array<{ permalink: string }>>);
        address = new URL(products[0]?.permalink ?? '/', 'http://x').pathname;
      }
      await page.goto(address);
      await hydrated(page);
      await menuButton(page).click();
      await expect(page.getByRole('dialog', { name: 'Menu' })).toBeVisible();
      expect(await axeFindings(page, ['[role="dialog"]']), 'menu open').toEqual([]);
      await page.keyboard.press('Escape');
      if (address === '/shop/' || address.startsWith('/product-category/')) {
        await filtersButton(page).click();
        await expect(filterGroup(page)).toBeVisible();
        expect(await axeFindings(page, ['[aria-controls$="-filters"]', '[role="group"]']), 'filters open').toEqual([]);
      }
    });
  }
});
