/**
 * The shop's filter bar and load-more in Filipino (`?lang=fil`): the server renders them in
 * Filipino, the controls' chunk hydrates them without a mismatch, a choice still loads in place,
 * and the names still start with the visible text.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from './fixtures.js';
import { filtersReady, hydrated, hydrationErrors, watchErrors } from './helpers.js';

test('the filter bar and load-more speak Filipino, work in place and hydrate cleanly', async ({ page }) => {
  const errors = watchErrors(page);
  await page.goto('/shop/?lang=fil');
  await filtersReady(page);
  await expect(page.locator('html')).toHaveAttribute('lang', 'fil-PH');
  await expect(page).toHaveTitle('Mga produkto — Suki');
  const shop = page.getByRole('region', { name: 'Mga produkto' });
  const filters = shop.getByRole('group', { name: 'I-filter ang Mga produkto' });
  await expect(filters.getByRole('list', { name: 'Kategorya' })).toBeVisible();
  await expect(filters.getByRole('link', { name: /^Lahat ng kategorya \(\d+ produkto\)$/ })).toHaveAttribute('aria-current', 'true');
  await expect(filters.getByRole('link', { name: 'Default na ayos' })).toHaveAttribute('aria-current', 'true');
  await expect(filters.getByRole('spinbutton', { name: 'Pinakamababang presyo' })).toBeVisible();
  await expect(filters.getByRole('spinbutton', { name: 'Pinakamataas na presyo' })).toBeVisible();
  await expect(filters.getByRole('slider', { name: 'Slider ng pinakamababang presyo' })).toBeAttached();
  await expect(filters.getByRole('button', { name: 'I-filter' })).toBeVisible();
  await expect(shop.getByRole('link', { name: 'Mag-load pa ng Mga produkto' })).toBeVisible();

  const axe = await new AxeBuilder({ page }).include('main').options({ rules: { 'label-content-name-mismatch': { enabled: true } } }).analyze();
  expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);

  // A choice loads in place and the page keeps its language.
  await filters.getByRole('link', { name: 'Ayusin ayon sa presyo: mataas hanggang mababa' }).click();
  await expect(page).toHaveURL(/orderby=price-desc/);
  await expect(filters.getByRole('link', { name: 'Ayusin ayon sa presyo: mataas hanggang mababa' })).toHaveAttribute('aria-current', 'true');
  expect(hydrationErrors(errors)).toEqual([]);
});

test('on a narrow screen the filters toggle has its Filipino name, and the title is Filipino', async ({ page }) => {
  const errors = watchErrors(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/shop/?lang=fil');
  await hydrated(page);
  await expect(page).toHaveTitle('Mga produkto — Suki');
  await expect(page.getByRole('heading', { level: 1, name: 'Mga produkto' })).toBeVisible();
  const toggle = page.getByRole('main').getByRole('button', { name: 'Mga filter', exact: true });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  const filters = page.getByRole('group', { name: 'I-filter ang Mga produkto' });
  await expect(filters).toBeVisible();
  await expect(filters.getByRole('list', { name: 'Kategorya' })).toBeVisible();
  const axe = await new AxeBuilder({ page }).options({ rules: { 'label-content-name-mismatch': { enabled: true } } }).analyze();
  expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  await toggle.click();
  await expect(filters).toBeHidden();
  expect(hydrationErrors(errors)).toEqual([]);
});
