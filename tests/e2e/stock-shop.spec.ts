import { expect, test, type Page, type Route } from './fixtures.js';
import { filtersReady } from './helpers.js';

const shop = (page: Page) => page.getByRole('region', { name: 'Shop' });
const filters = (page: Page) => page.getByRole('group', { name: 'Filter Shop' });

/** `category=` as a stock WooCommerce 9.1 shop reads it (`wp_parse_id_list`): ids only, a slug is 0. */
const stockIds = (value: string): string =>
  [...new Set(value.split(/[\s,]+/).filter((part) => part !== '').map((part) => Math.abs(Number.parseInt(part, 10)) || 0))].join(',');

/**
 * Makes the browser's Store API product and facet calls behave as against a stock shop, keeping
 * the `category` values the page sent.
 */
async function stockCategories(page: Page): Promise<string[]> {
  const sent: string[] = [];
  await page.route(/\/wp-json\/wc\/store\/v1\/products(\/collection-data)?\?/, async (route: Route) => {
    const url = new URL(route.request().url());
    const category = url.searchParams.get('category');
    if (category !== null) {
      sent.push(category);
      url.searchParams.set('category', stockIds(category));
    }
    await route.continue({ url: url.toString() });
  });
  return sent;
}

test.describe('a shop whose Store API takes category ids only, as stock WooCommerce 9.1', () => {
  test('choosing a category in the filter list shows its products, asked for by id', async ({ page }) => {
    const sent = await stockCategories(page);
    await page.goto('/shop/');
    await filtersReady(page);
    const expected = await page.evaluate(async () => {
      const categories = (await (await fetch('/wp-json/wc/store/v1/products/categories')).json()) as Array<{ id: number; slug: string }>;
      const id = categories.find((c) => c.slug === 'tees')?.id;
      const products = (await (await fetch(`/wp-json/wc/store/v1/products?category=${id}&per_page=100`)).json()) as Array<{ name: string }>;
      return { id: String(id), names: products.map((p) => new DOMParser().parseFromString(p.name, 'text/html').documentElement.textContent ?? '') };
    });
    expect(expected.names.length).toBeGreaterThan(2);
    expect(expected.names.length).toBeLessThanOrEqual(12);
    sent.length = 0;

    const tees = filters(page).getByRole('link', { name: /^Tees \(\d+ products?\)$/ });
    await expect(tees).toHaveAccessibleName(`Tees (${expected.names.length} products)`);
    await tees.click();
    await expect(page).toHaveURL(/\/shop\/\?product_cat=tees$/);
    await expect(tees).toHaveAttribute('aria-current', 'true');
    for (const name of expected.names) await expect(shop(page).getByRole('heading', { level: 3, name, exact: true })).toBeVisible();
    await expect(shop(page).getByText('No Data for this Combination.')).toHaveCount(0);
    expect(sent.length).toBeGreaterThan(0);
    expect(sent.every((value) => value === expected.id)).toBe(true);
  });
});
