/**
 * The shell and the catalogue pages in Filipino (issue 16): the listing's tiles and page chrome,
 * the search dialog, the slide-out cart with its lines and quantity steppers, the cart page, the
 * product page (gallery, quantity, tabs) and the journal, found by their Filipino names; axe clean
 * (with `label-content-name-mismatch` on) and no hydration error.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from './fixtures.js';
import { hydrated, hydrationErrors, watchErrors } from './helpers.js';

const axeProblems = async (page: Page): Promise<string[]> =>
  new AxeBuilder({ page })
    .options({ rules: { 'label-content-name-mismatch': { enabled: true } } })
    .analyze()
    .then((r) => r.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`));

test('the shop in Filipino: search dialog, add to cart, the slide-out cart and the cart page', async ({ page }) => {
  test.slow();
  const errors = watchErrors(page);
  await page.goto('/shop/?lang=fil');
  await hydrated(page);
  await expect(page.locator('html')).toHaveAttribute('lang', 'fil-PH');
  await page.getByRole('region', { name: 'Pahintulot sa cookies' }).getByRole('button', { name: 'Tanggapin' }).click();
  await expect(page.getByRole('button', { name: 'Cart (0 item)' })).toBeVisible();
  expect(await axeProblems(page)).toEqual([]);

  // The search dialog.
  const open = page.getByRole('button', { name: 'Hanapin', exact: true });
  await open.click();
  const dialog = page.getByRole('dialog', { name: 'Maghanap sa tindahan' });
  const box = dialog.getByRole('searchbox', { name: 'Maghanap ng produkto' });
  await expect(box).toBeFocused();
  await box.pressSequentially('barong');
  await expect(dialog.getByRole('status')).toContainText(/produkto ang tugma sa “barong”/);
  await expect(dialog.getByRole('list', { name: 'Mga mungkahi' }).getByRole('link').first()).toBeVisible();
  expect(await axeProblems(page)).toEqual([]);
  await dialog.getByRole('button', { name: 'Isara ang paghahanap' }).click();
  await expect(dialog).toBeHidden();

  // Add to cart: announced in Filipino; the header button counts it.
  const add = page.getByRole('button', { name: /^Idagdag sa cart: “.+”$/ }).first();
  const name = ((await add.getAttribute('aria-label')) ?? '').replace(/^Idagdag sa cart: “/, '').replace(/”$/, '');
  await add.click();
  await expect(page.getByTestId('announcer')).toHaveText(`Naidagdag sa cart mo ang “${name}”`);
  const cartButton = page.getByRole('button', { name: 'Cart (1 item)' });
  await cartButton.click();
  const panel = page.getByRole('dialog', { name: 'Cart', exact: true });
  await expect(panel.getByRole('heading', { name: 'Ang cart mo' })).toBeVisible();
  await expect(panel.getByRole('list', { name: 'Mga item sa cart' })).toBeVisible();
  await expect(panel.getByRole('spinbutton', { name: `Dami ng “${name}”` })).toHaveValue('1');
  await panel.getByRole('button', { name: `Dagdagan ang dami ng “${name}”` }).click();
  await expect(page.getByTestId('announcer')).toHaveText(`Ginawang 2 ang dami ng “${name}”`);
  await expect(panel.getByRole('link', { name: 'Tingnan ang cart' })).toBeVisible();
  await expect(panel.getByText('Kabuuan', { exact: true })).toBeVisible();
  expect(await axeProblems(page)).toEqual([]);
  await panel.getByRole('button', { name: 'Isara ang cart' }).click();
  await expect(panel).toBeHidden();

  // The cart page stays in Filipino (the cookie).
  await page.goto('/cart/');
  await hydrated(page);
  await expect(page.getByRole('heading', { level: 2, name: 'Kabuuan ng cart' })).toBeVisible();
  await expect(page.getByRole('button', { name: `Alisin ang “${name}” sa cart` })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Mag-checkout' }).first()).toBeVisible();
  expect(await axeProblems(page)).toEqual([]);
  expect(hydrationErrors(errors)).toEqual([]);
});

test('a product page in Filipino: gallery, lightbox, quantity and tabs', async ({ page }) => {
  const errors = watchErrors(page);
  await page.goto('/product/hand-woven-table-runner/?lang=fil');
  await hydrated(page);
  await expect(page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Home', exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Ipakita ang larawan 2 ng 32' })).toBeVisible();
  // A variable product: its form, then the quantity once an option is chosen.
  const form = page.getByRole('form', { name: 'Mga opsyon para sa “Hand-Woven Table Runner”' });
  await expect(form.getByText('Pumili ng opsyon sa bawat katangian para maidagdag ang produktong ito sa cart mo.')).toBeVisible();
  await form.getByRole('radio', { name: 'Indigo' }).click();
  await expect(page.getByRole('spinbutton', { name: 'Dami' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Dagdagan ang dami' })).toBeVisible();
  await expect(page.getByRole('tablist', { name: 'Mga detalye ng produkto' }).getByRole('tab', { name: 'Paglalarawan' })).toBeVisible();
  await expect(page.getByText('May stock', { exact: true }).or(page.getByText(/na lang ang natitira$/))).toBeVisible();
  expect(await axeProblems(page)).toEqual([]);
  await page.getByRole('button', { name: /^Palakihin ang larawan 1 ng 32/ }).click();
  const lightbox = page.getByRole('dialog', { name: /^Mga larawan ng / });
  await expect(lightbox.getByRole('button', { name: 'Susunod na larawan' })).toBeVisible();
  await expect(lightbox.getByRole('button', { name: 'I-play ang slideshow' })).toBeVisible();
  await lightbox.getByRole('button', { name: 'Isara' }).click();
  await expect(lightbox).toBeHidden();
  expect(hydrationErrors(errors)).toEqual([]);
});

test('the journal in Filipino', async ({ page }) => {
  const errors = watchErrors(page);
  await page.goto('/blog/?lang=fil');
  await hydrated(page);
  await expect(page.getByRole('navigation', { name: 'Ayos ng blog' }).getByRole('link', { name: 'Karaniwan' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Mga post' })).toBeVisible();
  expect(await axeProblems(page)).toEqual([]);
  expect(hydrationErrors(errors)).toEqual([]);
});
