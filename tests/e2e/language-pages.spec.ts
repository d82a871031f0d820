/**
 * The texts the server writes into pages, in Filipino: the home page's title and section headings
 * (hydrated without a mismatch, axe clean), a missing page, and a wrong login answered by the server
 * without scripts, with its notice and the page's title in Filipino.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from './fixtures.js';
import { hydrated, hydrationErrors, watchErrors } from './helpers.js';

test('the home page’s title and headings are Filipino, and it hydrates cleanly', async ({ page }) => {
  const errors = watchErrors(page);
  await page.goto('/?lang=fil');
  await hydrated(page);
  await expect(page).toHaveTitle('Suki — tangkilikin ang lokal');
  await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', 'Mga damit, bag, gamit sa bahay at pagkaing gawang Pilipino.');
  const main = page.getByRole('main');
  for (const name of ['Mga bagong dating', 'Pinakamabenta', 'Pinakamataas ang rating', 'Mga paborito sa shop']) await expect(main.getByRole('heading', { level: 2, name })).toBeVisible();
  await expect(main.getByRole('region', { name: 'Sabi ng mga mamimili' })).toBeVisible();
  const axe = await new AxeBuilder({ page }).options({ rules: { 'label-content-name-mismatch': { enabled: true } } }).analyze();
  expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
  expect(hydrationErrors(errors)).toEqual([]);
});

test('without scripts: a missing page and a refused login speak Filipino', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  const missing = await page.goto('/no-such-page/?lang=fil');
  expect(missing?.status()).toBe(404);
  await expect(page).toHaveTitle('Hindi nahanap ang pahina — Suki');
  await expect(page.getByRole('heading', { level: 1, name: 'Hindi nahanap ang pahina' })).toBeVisible();

  await page.goto('/my-account/');
  await expect(page).toHaveTitle('Aking account — Suki');
  const login = page.getByRole('form', { name: 'Mag-log in' });
  await login.getByRole('textbox', { name: 'Username o email address' }).fill('nobody@example.com');
  await login.getByLabel('Password', { exact: true }).fill('not-the-password');
  await login.getByRole('button', { name: 'Mag-log in' }).click();
  await expect(page.getByText('Hindi tugma sa anumang account ang username o email address at password na inilagay mo. Pakisubukang muli.')).toBeVisible();
  await expect(page).toHaveTitle('Aking account — Suki');
  await context.close();
});
