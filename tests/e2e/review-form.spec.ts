/**
 * The review form in the browser against our own server (issue 15, shopper's path 4), by role and
 * accessible name: the star radio group by keyboard and hover, errors linked to their fields,
 * a review with a photo (its progress bar, submit refused while it uploads), refusals before any
 * upload (too many, type, size), removing a file, a server error on upload shown as text, the
 * success's `Continue` and the flood's `Try again`, the standalone form (`?review=1`), the shop
 * review on `/reviews/`, the form's chunk fetched only when asked for, and axe on the open form.
 *
 * Uploads go to the real media route (merged from `issue15-rmedia`); only the 5xx failure and the
 * held upload use `page.route` (one answers as the route documents a storage failure, the other
 * holds a real request until the test lets it go). Every review comes from 127.0.0.1, so the
 * server's flood guard (3 reviews a minute) is shared: the flood test runs last and counts on it.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Locator, type Page, type Route } from './fixtures.js';
import type { ProductReviewsView } from '../../src/core/domain/reviews.js';
import { hydrated } from './helpers.js';

const SLUG = 'embroidered-house-slippers';
// The HTTP client adds `?_locale=user` to every address.
const MEDIA_ROUTE = /\/wp-json\/suki\/v1\/reviews\/media(?:\?|$)/;
const isSubmit = (r: { method(): string; url(): string }) => r.method() === 'POST' && new URL(r.url()).pathname === '/wp-json/suki/v1/reviews';

// A 2×2 PNG (checked by content on the server, so it must be a real picture).
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGP8z8DAwMDAxMDAwMDAAAANHQEDasKb6QAAAABJRU5ErkJggg==', 'base64');
const png = (name: string) => ({ name, mimeType: 'image/png', buffer: PNG });

async function formSettings(page: Page): Promise<ProductReviewsView> {
  const products = (await (await page.request.get(`/wp-json/wc/store/v1/products?slug=${SLUG}`)).json()) as Array<{ id: number }>;
  return (await (await page.request.get(`/wp-json/suki/v1/reviews/block?product=${products[0]!.id}`)).json()) as ProductReviewsView;
}

/** Opens the product page's Reviews tab once its code is live, then the form. */
async function openForm(page: Page, view: ProductReviewsView): Promise<Locator> {
  await page.goto(`/product/${SLUG}/`);
  await hydrated(page);
  await page.mouse.move(1, 1);
  await page.locator('html[data-reviews="ready"]').waitFor({ state: 'attached', timeout: 15_000 });
  await page.getByRole('tab', { name: `Reviews (${view.summary.count})` }).click();
  await page.getByRole('tabpanel').getByRole('button', { name: 'Write a review' }).click();
  const form = page.getByRole('form', { name: 'Write a review' });
  await expect(form).toBeVisible();
  return form;
}

let serial = 0;
/** Fills every required field (a new text each time: the same review twice is a duplicate). */
async function fill(form: Locator, stars = 4): Promise<string> {
  serial += 1;
  const text = `Soft and warm, review ${Date.now()}-${serial}`;
  await form.getByRole('radio', { name: stars === 1 ? '1 star' : `${stars} stars`, exact: true }).check({ force: true });
  await form.getByRole('textbox', { name: 'Your review' }).fill(text);
  await form.getByRole('textbox', { name: 'Name' }).fill('Ana Reyes');
  await form.getByRole('textbox', { name: 'Email' }).fill('ana.reyes@example.ph');
  return text;
}

const status = (form: Locator, page: Page) => page.locator('.review-form').filter({ has: form }).getByRole('status');

test.describe('review form', () => {
  test('its code is fetched only when the shopper reaches for Write a review', async ({ page }) => {
    const view = await formSettings(page);
    const chunks: string[] = [];
    page.on('request', (r) => {
      if (/\/assets\/ReviewForm-/.test(r.url())) chunks.push(r.url());
    });
    await page.goto(`/product/${SLUG}/`);
    await hydrated(page);
    await page.mouse.move(1, 1);
    await page.locator('html[data-reviews="ready"]').waitFor({ state: 'attached', timeout: 15_000 });
    await page.locator('html[data-settled="true"]').waitFor({ state: 'attached', timeout: 15_000 });
    expect(chunks).toEqual([]);
    await page.getByRole('tab', { name: `Reviews (${view.summary.count})` }).click();
    const write = page.getByRole('tabpanel').getByRole('button', { name: 'Write a review' });
    await write.focus();
    await expect.poll(() => chunks.length).toBe(1);
    await write.click();
    await expect(page.getByRole('form', { name: 'Write a review' })).toBeVisible();
    expect(chunks).toHaveLength(1);
  });

  test('rating by keyboard and hover; errors linked to their fields; the first one focused', async ({ page }) => {
    const view = await formSettings(page);
    const form = await openForm(page, view);
    const submits: string[] = [];
    page.on('request', (r) => {
      if (isSubmit(r)) submits.push(r.url());
    });
    const group = form.getByRole('radiogroup', { name: 'Rating' });
    await expect(group).toBeVisible();
    await expect(group.getByRole('radio')).toHaveCount(5);
    await expect(form.getByText('0/5')).toBeVisible();

    // Nothing filled: nothing is sent; every field says why, and the rating takes focus.
    await form.getByRole('button', { name: 'Submit review' }).click();
    expect(submits).toEqual([]);
    await expect(group).toHaveAttribute('aria-invalid', 'true');
    await expect(group).toHaveAccessibleDescription('Please choose a rating.');
    await expect(form.getByRole('textbox', { name: 'Your review' })).toHaveAccessibleDescription('Please write your review.');
    await expect(form.getByRole('textbox', { name: 'Name' })).toHaveAccessibleDescription('Please enter your name.');
    await expect(form.getByRole('textbox', { name: 'Email' })).toHaveAccessibleDescription('Please enter a valid email address.');
    await expect(group).toBeFocused();
    await expect(status(form, page)).toHaveText('Please correct the 4 fields in error.');

    // Keyboard: Space chooses the focused star, arrows move it.
    await group.getByRole('radio', { name: '1 star', exact: true }).focus();
    await page.keyboard.press('Space');
    await expect(group.getByRole('radio', { name: '1 star', exact: true })).toBeChecked();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await expect(group.getByRole('radio', { name: '3 stars' })).toBeChecked();
    await expect(form.getByText('3/5')).toBeVisible();
    await expect(group).not.toHaveAttribute('aria-invalid', 'true');
    // Hover previews up to the star, never below the chosen one.
    await group.locator('label').nth(4).hover();
    await expect(form.getByText('5/5')).toBeVisible();
    await group.locator('label').nth(0).hover();
    await expect(form.getByText('3/5')).toBeVisible();

    // A typo in the email is said when the field is left; fixed, the error goes.
    const email = form.getByRole('textbox', { name: 'Email' });
    await email.fill('ana@example');
    await email.blur();
    await expect(email).toHaveAccessibleDescription('Please enter a valid email address.');
    await email.fill('ana@example.ph');
    await expect(email).not.toHaveAttribute('aria-invalid', 'true');

    // Cancel clears the form and closes it; opened again it starts empty at 0/5.
    await form.getByRole('button', { name: 'Cancel' }).click();
    await expect(form).toBeHidden();
    await page.getByRole('tabpanel').getByRole('button', { name: 'Write a review' }).click();
    const again = page.getByRole('form', { name: 'Write a review' });
    await expect(again.getByText('0/5')).toBeVisible();
    await expect(again.getByRole('textbox', { name: 'Email' })).toHaveValue('');
  });

  test('axe finds nothing on the open form, with errors and a file', async ({ page }) => {
    const view = await formSettings(page);
    const form = await openForm(page, view);
    await form.getByRole('button', { name: 'Submit review' }).click();
    await form.getByLabel('Add photos or videos').setInputFiles([png('porch.png')]);
    await expect(form.getByText('Uploaded')).toBeVisible();
    const results = await new AxeBuilder({ page }).include('.review-form').analyze();
    expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  });

  test('refusals before any upload: too many, a file type, a file too large; a refused batch adds nothing', async ({ page }) => {
    const view = await formSettings(page);
    const { media } = view.form;
    test.skip(!media.enabled, 'the shop takes no photos');
    const form = await openForm(page, view);
    const uploads: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/reviews/media')) uploads.push(r.url());
    });
    const input = form.getByLabel('Add photos or videos');
    await input.setInputFiles(Array.from({ length: media.limit + 1 }, (_, i) => png(`p${i}.png`)));
    await expect(form.getByText(media.messages.tooMany)).toBeVisible();
    await expect(input).toHaveAccessibleDescription(new RegExp(media.messages.tooMany.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
    await input.setInputFiles([png('ok.png'), { name: 'terms.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4') }]);
    await expect(form.getByText(media.messages.fileType)).toBeVisible();
    await input.setInputFiles([{ name: 'huge.png', mimeType: 'image/png', buffer: Buffer.alloc(media.maxBytes + 1) }]);
    await expect(form.getByText(media.messages.fileSize)).toBeVisible();
    await expect(form.getByRole('progressbar')).toHaveCount(0);
    expect(uploads).toEqual([]);
  });

  test('a server error on upload is shown as text and its file removed; a removed file is deleted', async ({ page }) => {
    const view = await formSettings(page);
    test.skip(!view.form.media.enabled, 'the shop takes no photos');
    const form = await openForm(page, view);
    const input = form.getByLabel('Add photos or videos');
    const message = 'The file could not be stored. Please try again in a moment.';
    await page.route(MEDIA_ROUTE, (route) =>
      route.request().method() === 'POST' ? route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ code: 'suki_media_failed', message, data: { status: 503 } }) }) : route.continue(),
    );
    await input.setInputFiles([png('broken.png')]);
    await expect(form.getByText(message, { exact: true })).toBeVisible();
    await expect(form.getByRole('progressbar', { name: 'broken.png' })).toHaveCount(0);
    await page.unroute(MEDIA_ROUTE);

    // A real upload, then removed: its delete goes to the server and the file leaves the form.
    await input.setInputFiles([png('keep.png'), png('drop.png')]);
    await expect(form.getByText('Uploaded')).toHaveCount(2);
    // DELETE, sent as POST with a method override by the HTTP client.
    const deleted = page.waitForRequest((r) => /\/reviews\/media\/\d+$/.test(new URL(r.url()).pathname) && r.method() !== 'GET');
    await form.getByRole('button', { name: 'Remove: “drop.png”' }).click();
    const request = await deleted;
    expect(request.method() === 'DELETE' || (await request.allHeaders())['x-http-method-override'] === 'DELETE').toBe(true);
    expect(request.postDataJSON()).toMatchObject({ key: expect.stringMatching(/^[0-9a-f]{20}$/) });
    expect((await request.response())?.status()).toBe(204);
    await expect(form.getByRole('progressbar', { name: 'drop.png' })).toHaveCount(0);
    await expect(form.getByRole('progressbar', { name: 'keep.png' })).toHaveAttribute('value', '100');
  });

  test('a review with a photo: progress bar per file, submit refused while it uploads, then sent; Continue returns to the list', async ({ page }) => {
    const view = await formSettings(page);
    test.skip(!view.form.media.enabled, 'the shop takes no photos');
    const form = await openForm(page, view);
    await fill(form, 5);
    // The upload is held until the test lets it go.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(MEDIA_ROUTE, async (route: Route) => {
      if (route.request().method() === 'POST') await held;
      await route.continue();
    });
    await form.getByLabel('Add photos or videos').setInputFiles([png('slippers.png')]);
    const bar = form.getByRole('progressbar', { name: 'slippers.png' });
    await expect(bar).toBeVisible();
    const submit = form.getByRole('button', { name: 'Submit review' });
    await expect(submit).toBeDisabled();
    await expect(submit).toHaveAccessibleDescription('Please wait: a file is still uploading.');
    // Pressed from the keyboard (a click at its place could land on the floating trust badge).
    await submit.focus();
    await page.keyboard.press('Enter');
    await expect(status(form, page)).toHaveText('Please wait: a file is still uploading.');

    release();
    await expect(bar).toHaveAttribute('value', '100');
    await expect(form.getByText('Uploaded')).toBeVisible();
    await expect(submit).toBeEnabled();
    const sent = page.waitForRequest(isSubmit);
    await submit.click();
    const body = (await sent).postDataJSON() as { media: Array<{ id: number; key: string }>; rating: number };
    expect(body.rating).toBe(5);
    expect(body.media).toHaveLength(1);
    const region = page.locator('.review-form');
    await expect(region.getByRole('paragraph').filter({ hasText: 'Your review has been successfully added' })).toBeVisible();
    const cont = region.getByRole('button', { name: 'Continue' });
    await expect(cont).toBeFocused();
    await cont.click();
    await expect(page.locator('.review-form')).toHaveCount(0);
    await expect(page.getByRole('tabpanel').getByRole('button', { name: 'Write a review' })).toBeVisible();
    await expect(page.getByRole('tabpanel').getByRole('article').first()).toBeVisible();
  });

  test('the standalone form: ?review=1 opens it under the product; done, the address forgets it', async ({ page }) => {
    await page.goto(`/product/${SLUG}/?review=1`);
    await hydrated(page);
    // The form's chunk comes before hydration on such an address: no tap or scroll is needed first.
    const heading = page.getByRole('heading', { name: /^Review “.+”$/ });
    await expect(heading).toBeVisible();
    const form = page.getByRole('form', { name: /^Review “/ });
    await expect(form.getByRole('radiogroup', { name: 'Rating' })).toBeVisible();
    await form.getByRole('button', { name: 'Cancel' }).click();
    await expect(form).toBeHidden();
    expect(new URL(page.url()).searchParams.has('review')).toBe(false);
  });

  test('a shop review on /reviews/ is sent without a product', async ({ page }) => {
    await page.goto('/reviews/');
    await hydrated(page);
    await page.mouse.move(1, 1);
    await page.locator('html[data-reviews="ready"]').waitFor({ state: 'attached', timeout: 15_000 });
    await page.getByRole('button', { name: 'Write a review' }).click();
    const form = page.getByRole('form', { name: 'Write a review' });
    await fill(form, 3);
    const sent = page.waitForRequest(isSubmit);
    await form.getByRole('button', { name: 'Submit review' }).click();
    expect((await sent).postDataJSON()).toMatchObject({ productId: null, rating: 3 });
    await expect(page.locator('.review-form').getByRole('button', { name: /Continue|Try again/ })).toBeVisible();
  });

  test('the flood guard: its text and Try again, which returns to the filled form', async ({ page }) => {
    const view = await formSettings(page);
    const form = await openForm(page, view);
    const region = page.locator('.review-form');
    // Earlier tests sent reviews from this address too; at most three a minute go through.
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const text = await fill(form, 2);
      await form.getByRole('button', { name: 'Submit review' }).click();
      const button = region.getByRole('button', { name: /^(Continue|Try again)$/ });
      await expect(button).toBeVisible();
      if ((await button.textContent()) === 'Try again') {
        await expect(region.getByRole('paragraph').filter({ hasText: 'You are posting comments too quickly. Slow down.' })).toBeVisible();
        await button.click();
        await expect(form.getByRole('textbox', { name: 'Your review' })).toHaveValue(text);
        await expect(form.getByRole('radio', { name: '2 stars' })).toBeChecked();
        return;
      }
      await button.click();
      await page.getByRole('tabpanel').getByRole('button', { name: 'Write a review' }).click();
    }
    throw new Error('the flood guard never answered');
  });
});
