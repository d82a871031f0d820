import { expect, test, type Page } from './fixtures.js';
import { filtersReady } from './helpers.js';

const filters = (page: Page) => page.getByRole('group', { name: 'Filter Shop' });

/** Types a price range into the number inputs and applies it with Enter. */
async function typePrices(page: Page, min: string, max: string): Promise<void> {
  await filters(page).getByRole('spinbutton', { name: 'Minimum price' }).fill(min);
  await filters(page).getByRole('spinbutton', { name: 'Maximum price' }).fill(max);
  await filters(page).getByRole('spinbutton', { name: 'Maximum price' }).press('Enter');
}

test.describe('price filter with the minimum above the maximum', () => {
  // From no price filter, from a maximum already set to one of the typed ends, and from the
  // very range the swap gives (so the filter itself does not change).
  for (const start of ['/shop/', '/shop/?max_price=2000', '/shop/?min_price=500&max_price=2000']) {
    test(`2000 and 500 are swapped, shown, applied and announced (from ${start})`, async ({ page }) => {
      await page.goto(start);
      await filtersReady(page);
      await typePrices(page, '2000', '500');

      await expect(page.getByRole('status').filter({ hasText: 'swapped' })).toHaveText(/^Minimum and maximum price swapped: ₱500 – ₱2,000\./);
      await expect(page).toHaveURL(/\/shop\/\?min_price=500&max_price=2000$/);
      await expect(filters(page).getByRole('spinbutton', { name: 'Minimum price' })).toHaveValue('500');
      await expect(filters(page).getByRole('spinbutton', { name: 'Maximum price' })).toHaveValue('2000');
      await expect(filters(page).getByRole('slider', { name: 'Minimum price slider' })).toHaveValue('500');
      await expect(filters(page).getByRole('slider', { name: 'Maximum price slider' })).toHaveValue('2000');
      await expect(filters(page).getByRole('slider', { name: 'Maximum price slider' })).toHaveAttribute('aria-valuetext', '₱2,000');

      // The list is the one the Store API gives for 500–2000 (centavos there).
      const expected = await page.evaluate(() =>
        fetch('/wp-json/wc/store/v1/products?min_price=50000&max_price=200000&per_page=1').then((r) => Number(r.headers.get('x-wp-total'))),
      );
      expect(expected).toBeGreaterThan(0);
      await expect(page.getByRole('status').filter({ hasText: 'swapped' })).toHaveText(new RegExp(`${expected} products? match(es)? these filters\\.$`));
    });
  }

  test('an ordered range is applied without a swap notice', async ({ page }) => {
    await page.goto('/shop/');
    await filtersReady(page);
    await typePrices(page, '500', '2000');
    await expect(page).toHaveURL(/\/shop\/\?min_price=500&max_price=2000$/);
    await expect(page.getByRole('status').filter({ hasText: /products? match/ })).toBeAttached();
    await expect(page.getByRole('status').filter({ hasText: 'swapped' })).toHaveCount(0);
  });
});
