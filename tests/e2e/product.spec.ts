import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from './fixtures.js';
import { gtagEvents, hydrated, hydrationErrors, recordTracking, watchErrors } from './helpers.js';

// A variable product of the seed with colours and sizes.
const TEE = '/product/suki-logo-tee/';

const mainImage = (page: Page) => page.locator('[data-main-image]');
const colours = (page: Page) => page.getByRole('radiogroup', { name: /^Colour/ });
const sizes = (page: Page) => page.getByRole('radiogroup', { name: /^Size/ });

// Tagged: the embedded shop runs with swatches on, the upstream-mode front with them off.
test.describe('product page with swatches @swatches', () => {
  test('choose colour and size, see the image swap and the stock, add the variation, see it in the cart; reset restores the image', async ({ page }) => {
    await recordTracking(page);
    await page.goto(TEE);
    await hydrated(page);
    const original = await mainImage(page).getAttribute('src');

    await colours(page).getByRole('radio', { name: 'White' }).click();
    await expect(colours(page).getByRole('radio', { name: 'White' })).toHaveAttribute('aria-checked', 'true');
    await expect(page.getByText('Colour: White', { exact: true })).toBeVisible();
    await expect(page).toHaveURL(/attribute_pa_colour=white/);

    await sizes(page).getByRole('radio', { name: 'M', exact: true }).click();
    await expect(page).toHaveURL(/attribute_pa_size=m/);
    await expect.poll(() => mainImage(page).getAttribute('src')).not.toBe(original);
    await expect(page.getByText(/^(In stock|Only \d+ left in stock)$/)).toBeVisible();

    const add = page.getByRole('button', { name: 'Add to cart: “Suki Logo Tee”' });
    await add.click();
    await expect(page.getByRole('button', { name: 'Cart (1 item)' })).toBeVisible();
    await page.getByRole('button', { name: 'Cart (1 item)' }).click();
    await expect(page.getByRole('dialog', { name: 'Cart' }).getByText(/Colour: White, Size: M/)).toBeVisible();
    await page.keyboard.press('Escape');

    // Clicking the chosen colour again clears it (clear on reselect) and the original image returns.
    await colours(page).getByRole('radio', { name: 'White' }).click();
    await expect(colours(page).getByRole('radio', { name: 'White' })).toHaveAttribute('aria-checked', 'false');
    await expect.poll(() => mainImage(page).getAttribute('src')).toBe(original);
    await expect(page).not.toHaveURL(/attribute_pa_colour/);
  });

  test('a shared address renders the chosen variation on the server, before any script', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${TEE}?attribute_pa_colour=white&attribute_pa_size=m`);
    await expect(colours(page).getByRole('radio', { name: 'White' })).toHaveAttribute('aria-checked', 'true');
    await expect(sizes(page).getByRole('radio', { name: 'M', exact: true })).toHaveAttribute('aria-checked', 'true');
    const html = await page.content();
    const data = JSON.parse(/<script type="application\/ld\+json">([^<]*)<\/script>/.exec(html)?.[1] ?? '{}') as { '@graph': Array<Record<string, unknown>> };
    const product = data['@graph'].find((node) => node['@type'] === 'Product');
    expect(product).toMatchObject({ name: 'Suki Logo Tee', offers: { '@type': 'AggregateOffer', priceCurrency: 'PHP' } });
    expect(data['@graph'].some((node) => node['@type'] === 'BreadcrumbList')).toBe(true);
    await context.close();
  });

  test('keyboard only: Tab to the colours, arrows move, Space chooses', async ({ page }) => {
    await page.goto(TEE);
    await hydrated(page);
    const first = colours(page).getByRole('radio').first();
    await first.focus();
    await expect(first).toBeFocused();
    await page.keyboard.press('ArrowRight');
    const second = colours(page).getByRole('radio').nth(1);
    await expect(second).toBeFocused();
    await page.keyboard.press('Space');
    await expect(second).toHaveAttribute('aria-checked', 'true');
    await page.keyboard.press('Enter');
    await expect(second).toHaveAttribute('aria-checked', 'false');
  });

  test('lightbox: open, next, Escape returns focus to the image that opened it', async ({ page }) => {
    await page.goto(TEE);
    await hydrated(page);
    const opener = page.getByRole('button', { name: /^Enlarge image 1 of \d+/ });
    await opener.click();
    const dialog = page.getByRole('dialog', { name: 'Images of Suki Logo Tee' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText(/^Image 1 of \d+/)).toBeVisible();
    await dialog.getByRole('button', { name: 'Next image' }).click();
    await expect(dialog.getByText(/^Image 2 of \d+/)).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(opener).toBeFocused();
  });

  test('tabs follow the WAI-ARIA pattern; analytics gets view_item', async ({ page }) => {
    await recordTracking(page);
    await page.goto(TEE);
    await hydrated(page);
    await page.getByRole('region', { name: 'Cookie consent' }).getByRole('button', { name: 'Accept' }).click();
    await expect.poll(() => gtagEvents(page)).toContain('view_item');
    const description = page.getByRole('tab', { name: 'Description' });
    await description.focus();
    await page.keyboard.press('ArrowRight');
    const additional = page.getByRole('tab', { name: 'Additional information' });
    await expect(additional).toBeFocused();
    await expect(additional).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('tabpanel', { name: 'Additional information' }).getByRole('rowheader', { name: 'Colour' })).toBeVisible();
  });

  test('over 30 variations: the browser loads them, and impossible or sold-out values are disabled with the reason', async ({ page }) => {
    const loaded = page.waitForResponse((res) => res.url().includes('type=variation') && res.url().includes('parent='));
    await page.goto('/product/canvas-street-sneakers/');
    await hydrated(page);
    expect((await loaded).status()).toBe(200);
    await colours(page).getByRole('radio', { name: 'White' }).click();
    const size43 = sizes(page).getByRole('radio', { name: '43' });
    // Sizes show five at first; "More" shows the rest.
    await page.getByRole('button', { name: /^More: all \d+ Size options$/ }).click();
    await expect(size43).toHaveAttribute('aria-disabled', 'true');
    await expect(page.getByRole('tooltip').filter({ hasText: 'Unavailable with the options you chose.' }).first()).toBeAttached();
    await size43.click({ force: true });
    await expect(size43).toHaveAttribute('aria-checked', 'false');
    await sizes(page).getByRole('radio', { name: '40' }).click();
    await expect(page.getByRole('button', { name: 'Add to cart: “Canvas Street Sneakers”' }).or(page.getByText('This option is out of stock.'))).toBeVisible();
  });

  test('gallery: an image chosen before the slider’s code arrives stays shown when it takes over', async ({ page }) => {
    // The slider's code is held until the shopper has moved to image 3 without it.
    let deliver = (): void => undefined;
    const held = new Promise<void>((resolve) => (deliver = resolve));
    await page.route('**/assets/GalleryEnhancer-*.js', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/product/hand-woven-table-runner/');
    await hydrated(page);
    await page.getByRole('button', { name: /^Enlarge image 1 of 32/ }).focus();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await expect(page.getByRole('button', { name: 'Show image 3 of 32' })).toHaveAttribute('aria-current', 'true');
    deliver();
    // Swiper names the slides `n / 32` once it has taken over.
    await expect(page.getByRole('listitem', { name: '3 / 32', exact: true })).toBeAttached();
    await expect(page.getByRole('button', { name: 'Show image 3 of 32' })).toHaveAttribute('aria-current', 'true');
    // Image 3 is the one on top: its zoom button takes the click (image 1 would intercept it).
    await page.getByRole('button', { name: /^Enlarge image 3 of 32/ }).click({ timeout: 5_000 });
    await expect(page.getByRole('dialog', { name: 'Images of Hand-Woven Table Runner' })).toContainText('3 of 32');
  });

  test('gallery: a thumbnail moves the main image; the lightbox of a 32-image product has no overlay gallery; a broken image alerts and closes', async ({ page }) => {
    // Image 4 is missing from the start, so no cached copy can hide the failure.
    await page.route('**/hand-woven-table-runner-4*.webp', (route) => route.fulfill({ status: 404, body: 'missing' }));
    await page.goto('/product/hand-woven-table-runner/');
    await hydrated(page);
    // Arrow keys move the main slider; a thumbnail moves it too.
    await page.getByRole('button', { name: /^Enlarge image 1 of 32/ }).focus();
    await page.keyboard.press('ArrowRight');
    await expect(page.getByRole('button', { name: 'Show image 2 of 32' })).toHaveAttribute('aria-current', 'true');
    const third = page.getByRole('button', { name: 'Show image 3 of 32' });
    // A click during the 300 ms slide is ignored by design, so click until it takes.
    await expect(async () => {
      await third.click();
      await expect(third).toHaveAttribute('aria-current', 'true', { timeout: 500 });
    }).toPass();
    await page.getByRole('button', { name: /^Enlarge image 3 of 32/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Images of Hand-Woven Table Runner' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('list', { name: 'All images' })).toHaveCount(0);
    await page.keyboard.press('Escape');

    // Each alert is accepted in the listener as it opens, so no test step waits on a page an alert blocks.
    const alerts: string[] = [];
    page.on('dialog', (alert) => {
      alerts.push(alert.message());
      void alert.accept();
    });
    await page.getByRole('button', { name: /^Enlarge image 3 of 32/ }).click();
    await dialog.getByRole('button', { name: 'Next image' }).click();
    await expect.poll(() => alerts).toEqual(['Image cannot be loaded. Make sure the path is correct and image exist.']);
    await expect(dialog).toBeHidden();
  });

  test('related products: a carousel with previous/next buttons; choosing one sends select_content', async ({ page }) => {
    await recordTracking(page);
    await page.goto(TEE);
    await hydrated(page);
    await page.getByRole('region', { name: 'Cookie consent' }).getByRole('button', { name: 'Accept' }).click();
    const related = page.getByRole('region', { name: 'Related products' });
    await related.scrollIntoViewIfNeeded();
    await expect(related.getByRole('button', { name: 'Next products in Related products' })).toBeVisible();
    // Ctrl-click opens it in a new tab, so this page (and its recorded calls) stays.
    await related.getByRole('article').first().getByRole('heading').getByRole('link').click({ modifiers: ['Control'] });
    await expect.poll(() => gtagEvents(page)).toContain('select_content');
  });

  test('axe finds no serious or critical violations on a variable product page', async ({ page }) => {
    await page.goto(TEE);
    await hydrated(page);
    const results = await new AxeBuilder({ page }).analyze();
    const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  });
});

test.describe('product page with swatches in Filipino @swatches', () => {
  test('the swatches’ More, stock reasons and names are Filipino; axe clean; no hydration error', async ({ page }) => {
    const errors = watchErrors(page);
    await page.goto('/product/canvas-street-sneakers/?lang=fil');
    await hydrated(page);
    await expect(page.locator('html')).toHaveAttribute('lang', 'fil-PH');
    await colours(page).getByRole('radio', { name: 'White' }).click();
    const more = page.getByRole('button', { name: /^Iba pa: lahat ng \d+ opsyon ng Size$/ });
    await expect(more).toHaveText('Iba pa');
    await more.click();
    await expect(sizes(page).getByRole('radio', { name: '43' })).toHaveAttribute('aria-disabled', 'true');
    await expect(page.getByRole('tooltip').filter({ hasText: 'Hindi available sa mga opsyong pinili mo.' }).first()).toBeAttached();
    const results = await new AxeBuilder({ page }).options({ rules: { 'label-content-name-mismatch': { enabled: true } } }).analyze();
    const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
    expect(hydrationErrors(errors)).toEqual([]);
  });
});

test.describe('product page without the swatches plugin @plain-selects', () => {
  test('plain selects choose the variation, and it is added to the cart', async ({ page }) => {
    await page.goto(TEE);
    await hydrated(page);
    await expect(page.getByRole('radiogroup')).toHaveCount(0);
    await page.getByRole('combobox', { name: 'Colour' }).selectOption('white');
    await page.getByRole('combobox', { name: 'Size' }).selectOption('m');
    await expect(page).toHaveURL(/attribute_pa_colour=white.*attribute_pa_size=m|attribute_pa_size=m.*attribute_pa_colour=white/);
    await page.getByRole('button', { name: 'Add to cart: “Suki Logo Tee”' }).click();
    await expect(page.getByRole('button', { name: 'Cart (1 item)' })).toBeVisible();
  });
});
