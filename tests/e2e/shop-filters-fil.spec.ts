/**
 * The shop's filter bar and load-more in Filipino (`?lang=fil`): the server renders them in
 * Filipino, the controls' chunk hydrates them without a mismatch, a choice still loads in place,
 * and the names still start with the visible text.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { filtersReady, hydrationErrors, watchErrors } from './helpers.js';

test('the filter bar and load-more speak Filipino, work in place and hydrate cleanly', async ({ page }) => {
  const errors = watchErrors(page);
  await page.goto('/shop/?lang=fil');
  await filtersReady(page);
  await expect(page.locator('html')).toHaveAttribute('lang', 'fil-PH');
  const shop = page.getByRole('region', { name: 'Shop' });
  const filters = shop.getByRole('group', { name: 'Filter Shop' });
  await expect(filters.getByRole('list', { name: 'Kategorya' })).toBeVisible();
  await expect(filters.getByRole('link', { name: /^Lahat ng kategorya \(\d+ produkto\)$/ })).toHaveAttribute('aria-current', 'true');
  await expect(filters.getByRole('link', { name: 'Default na ayos' })).toHaveAttribute('aria-current', 'true');
  await expect(filters.getByRole('spinbutton', { name: 'Pinakamababang presyo' })).toBeVisible();
  await expect(filters.getByRole('spinbutton', { name: 'Pinakamataas na presyo' })).toBeVisible();
  await expect(filters.getByRole('slider', { name: 'Slider ng pinakamababang presyo' })).toBeAttached();
  await expect(filters.getByRole('button', { name: 'I-filter' })).toBeVisible();
  await expect(shop.getByRole('link', { name: 'Mag-load pa ng shop' })).toBeVisible();

  const axe = await new AxeBuilder({ page }).include('main').options({ rules: { 'label-content-name-mismatch': { enabled: true } } }).analyze();
  expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);

  // A choice loads in place and the page keeps its language.
  await filters.getByRole('link', { name: 'Ayusin ayon sa presyo: mataas hanggang mababa' }).click();
  await expect(page).toHaveURL(/orderby=price-desc/);
  await expect(filters.getByRole('link', { name: 'Ayusin ayon sa presyo: mataas hanggang mababa' })).toHaveAttribute('aria-current', 'true');
  expect(hydrationErrors(errors)).toEqual([]);
});
