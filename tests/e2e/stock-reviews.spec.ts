import { expect, test, type Browser } from './fixtures.js';
import { onPair } from './servers.js';
import { stockReviewsShop, type StockReviewsControls } from '../../server/test/fake-stock-reviews.js';
import { hydrated } from './helpers.js';
import { startStockFront, type StockFront } from './stock-front.js';

/**
 * Reviews and questions in upstream mode, in the browser: a Suki in upstream mode in front of a
 * stand-in stock shop whose Customer Reviews for WooCommerce 5.110.1 answers are the recorded ones
 * (`server/test/fake-stock-reviews.ts`: every product page carries the recorded review block and
 * Q&A list) and whose catalogue and everything else are the embedded e2e shop's.
 */

const SLUG = 'suki-logo-tee';
let front: StockFront | null = null;
let controls: StockReviewsControls;

// Playwright hands the test info second; this hook needs no fixture.
// eslint-disable-next-line no-empty-pattern
test.beforeAll(async ({}, info) => {
  test.setTimeout(90_000);
  front = await startStockFront(
    onPair(info.project.use.baseURL ?? '', info.parallelIndex),
    (app, { standUrl }) => {
      const shop = stockReviewsShop({ origin: standUrl, reviewedPage: (slug) => slug === SLUG });
      controls = shop.controls;
      app.route('/', shop.app);
    },
    'stock-reviews',
  );
});

test.afterAll(async () => {
  await front?.close();
});

const shopper = async (browser: Browser) => (await browser.newContext({ baseURL: front?.url ?? '' })).newPage();
const sent = (action: string) => controls.seen.filter((s) => s.form['action'] === action).map((s) => s.form);

test.describe('reviews and questions against a stock Customer Reviews shop, through upstream mode', () => {
  test('the tab from the stock page, the histogram filter and a vote through the stock actions; photos hidden; no /reviews/ page', async ({ browser }) => {
    const page = await shopper(browser);
    await page.goto(`/product/${SLUG}/`);
    await hydrated(page);
    await page.mouse.move(1, 1);
    await page.locator('html[data-reviews="ready"]').waitFor({ state: 'attached', timeout: 15_000 });
    await page.getByRole('tab', { name: /^Reviews \(\d+\)$/ }).click();
    const tab = page.getByRole('tabpanel');
    // The recorded summary: 3.8 of 5 from 12 reviews, five of them with five stars.
    await expect(tab.getByText('3.8 out of 5', { exact: true })).toBeVisible();
    await expect(tab.getByText('Based on 12 reviews')).toBeVisible();
    await expect(tab.getByText('Average, the stitching could be better.')).toBeVisible();
    const five = tab.getByRole('button', { name: '5 stars, 5 reviews' });
    await five.click();
    await expect(five).toHaveAttribute('aria-pressed', 'true');
    await expect(tab.getByRole('status')).toHaveText('1–5 of 5 reviews');
    await expect(tab.getByRole('img', { name: 'Rated 5 out of 5' })).toHaveCount(5);
    expect(sent('cr_show_more_reviews').at(-1)).toMatchObject({ rating: '5', page: '0', security: 'c656ad54c3' });

    // A vote is the stock action; its answer's counts are shown.
    const helpful = tab.getByRole('article').first().getByRole('button', { name: /^Helpful \(/ });
    await helpful.click();
    await expect(helpful).toHaveText('Helpful (1)');
    await expect(helpful).toHaveAttribute('aria-pressed', 'true');
    // The button answers at once; the request reaches the stand-in a moment later.
    await expect.poll(() => sent('cr_vote_review').length).toBe(1);

    // The stock shop takes no uploads Suki could trust: the form has no file input.
    await tab.getByRole('button', { name: 'See all reviews' }).click();
    await tab.getByRole('button', { name: 'Write a review' }).first().click();
    await expect(page.getByRole('radiogroup', { name: 'Rating' })).toBeVisible();
    await expect(page.getByLabel('Add photos or videos')).toHaveCount(0);

    // What the stock shop cannot give is not a broken page.
    expect((await page.goto('/reviews/'))?.status()).toBe(404);
  });

  test('the Questions & answers tab: the stock page’s question with the shop’s answer; asking goes through cr_new_qna', async ({ browser }) => {
    const page = await shopper(browser);
    await page.goto(`/product/${SLUG}/#tab-questions`);
    await hydrated(page);
    const panel = page.getByRole('tabpanel', { name: 'Questions & answers' });
    await expect(panel.getByText('Do you ship to Cebu?')).toBeVisible();
    await expect(panel.getByText('Yes, we ship everywhere in the Philippines.')).toBeVisible();
    await page.locator('html[data-questions="ready"]').waitFor({ state: 'attached', timeout: 15_000 });
    await panel.getByRole('button', { name: 'Ask a question' }).click();
    const dialog = page.getByRole('dialog', { name: /^Ask a question about / });
    await dialog.getByRole('textbox', { name: 'Question' }).fill('Is there a size chart?');
    await dialog.getByRole('textbox', { name: 'Name' }).fill('Guest');
    await dialog.getByRole('textbox', { name: 'Email' }).fill('guest@example.ph');
    await dialog.getByRole('button', { name: 'Submit question' }).click();
    await expect(dialog.getByText('The question was successfully added.')).toBeVisible();
    expect(sent('cr_new_qna').at(-1)).toMatchObject({ crNonce: '02eb641270', text: 'Is there a size chart?', name: 'Guest', email: 'guest@example.ph' });
  });
});
