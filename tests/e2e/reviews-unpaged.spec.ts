/**
 * `/reviews/` without pagination: a second shop of ours started with `SUKI_REVIEWS_PAGINATION=off`
 * (its own fresh database). No page links; `Show more reviews ({n})` appends the next page in place
 * (the address stays) and the count follows, said politely.
 */
import { expect, test } from './fixtures.js';
import type { ReviewPage } from '../../src/core/domain/reviews.js';
import { hydrated } from './helpers.js';
import { startSuki, type StockFront } from './stock-front.js';

const ROUTE = '/wp-json/suki/v1/reviews';
let shop: StockFront;

test.beforeAll(async () => {
  test.setTimeout(150_000);
  shop = await startSuki({ SUKI_REVIEWS_PAGINATION: 'off' }, 'unpaged');
});
test.afterAll(async () => shop?.close());

test('/reviews/ without pagination: Show more reviews appends in place; no page links; the address stays', async ({ page }) => {
  const all = (await (await page.request.get(`${shop.url}${ROUTE}?product=all&page=1&per_page=10&sort=recent`)).json()) as ReviewPage;
  expect(all.total).toBeGreaterThan(20);
  await page.goto(`${shop.url}/reviews/`);
  await hydrated(page);
  await expect(page.getByRole('heading', { name: 'Reviews', level: 1 })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Review pages' })).toHaveCount(0);
  const status = page.getByRole('status').filter({ hasText: ' reviews' });
  await expect(status).toHaveText(`1–10 of ${all.total} reviews`);
  const articles = page.getByRole('main').getByRole('article');
  await expect(articles).toHaveCount(10);
  await page.mouse.move(1, 1);
  await page.getByRole('button', { name: `Show more reviews (${all.total - 10})` }).click();
  await expect(articles).toHaveCount(20);
  await expect(status).toHaveText(`1–20 of ${all.total} reviews`);
  await expect(page.getByRole('button', { name: `Show more reviews (${all.total - 20})` })).toBeVisible();
  await expect(page).toHaveURL(`${shop.url}/reviews/`);
  // Appended, not replaced: the first review is still the newest one.
  await expect(articles.first()).toContainText(all.items[0]!.text.slice(0, 30));
});
