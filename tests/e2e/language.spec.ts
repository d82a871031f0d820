/**
 * English and Filipino: the footer's `Language` switch keeps the shopper on the same page in the
 * other language (`?lang=`, then a cookie for the next pages), `<html lang>` and the `hreflang`
 * alternates follow, the page hydrates in Filipino without a mismatch and adds to the cart in
 * Filipino, and the switch works without scripts.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from './fixtures.js';
import { hydrated, hydrationErrors, watchErrors } from './helpers.js';

const languages = (page: Page) => page.getByRole('navigation', { name: /^(Language|Wika)$/ });

test('the switch keeps the page, the next pages stay in Filipino, and English comes back', async ({ page, baseURL }) => {
  const errors = watchErrors(page);
  await page.goto('/shop/');
  await hydrated(page);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-PH');
  await expect(languages(page).getByRole('link', { name: 'English' })).toHaveAttribute('aria-current', 'true');
  await languages(page).getByRole('link', { name: 'Filipino' }).click();
  await expect(page).toHaveURL(/\/shop\/\?lang=fil$/);
  await hydrated(page);
  await expect(page.locator('html')).toHaveAttribute('lang', 'fil-PH');
  await expect(page.getByRole('navigation', { name: 'Mga kategorya' }).first()).toBeVisible();
  await expect(page.getByRole('link', { name: 'Lahat ng produkto' }).first()).toBeVisible();
  await expect(languages(page).getByRole('link', { name: 'Filipino' })).toHaveAttribute('aria-current', 'true');
  // Its own address is canonical; the alternates name both languages.
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', `${baseURL}/shop/?lang=fil`);
  await expect(page.locator('link[rel="alternate"][hreflang="en-PH"]')).toHaveAttribute('href', `${baseURL}/shop/`);
  await expect(page.locator('link[rel="alternate"][hreflang="x-default"]')).toHaveAttribute('href', `${baseURL}/shop/`);
  // Hydrated in Filipino: the add button works and speaks Filipino.
  const add = page.getByRole('button', { name: /^Idagdag sa cart: “/ }).first();
  await page.mouse.move(1, 1);
  await add.click();
  await expect(page.getByRole('button', { name: /^Naidagdag na sa cart: “/ }).first()).toBeVisible();
  // The next page (a plain address) stays in Filipino.
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('lang', 'fil-PH');
  expect(await new AxeBuilder({ page }).options({ rules: { 'label-content-name-mismatch': { enabled: true } } }).analyze().then((r) => r.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id))).toEqual([]);
  await languages(page).getByRole('link', { name: 'English' }).click();
  await expect(page).toHaveURL(/\/\?lang=en$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-PH');
  await expect(page.getByRole('link', { name: 'Shop all' }).first()).toBeVisible();
  expect(hydrationErrors(errors)).toEqual([]);
});

test('without scripts the switch is a plain link', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/product-category/tees/');
  await languages(page).getByRole('link', { name: 'Filipino' }).click();
  await expect(page).toHaveURL(/\/product-category\/tees\/\?lang=fil$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'fil-PH');
  await expect(page.getByRole('link', { name: 'Aking account' })).toBeVisible();
  await context.close();
});
