/**
 * The floating trust badge, the product's structured data and the listing tiles' stars in the
 * browser against our own server (issue 15, shopper's path 7 and 8), by role and accessible name:
 * compact → expanded → compact → hidden, hidden after a reload (the cookie) also when the page comes
 * from the render cache, JSON-LD `AggregateRating` (and `Review` items with the reviews tab), tiles
 * with `{avg} out of 5`, the rating sort by the real average, and axe on the badge.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from './fixtures.js';
import { hydrated, hydrationErrors, watchErrors } from './helpers.js';

const BADGE_NAME = /^Verified reviews: \d\.\d\/5 from \d+ reviews?$/;
const badgeButton = (page: Page) => page.getByRole('button', { name: BADGE_NAME });
const seriousViolations = async (page: Page, selector: string) =>
  (await new AxeBuilder({ page }).include(selector).analyze()).violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);

interface StoreProduct {
  readonly id: number;
  readonly name: string;
  readonly permalink: string;
  readonly average_rating: string;
  readonly review_count: number;
}

test.describe('trust badge', () => {
  test('compact, expanded, compact again, then hidden for 24 hours, also through the render cache', async ({ page, browser }) => {
    // A first visitor fills the render cache with the badge.
    const first = await browser.newPage();
    await first.goto('/shop/');
    const again = await first.goto('/shop/');
    expect(again?.headers()['x-suki-cache']).toBe('hit');
    await expect(badgeButton(first)).toBeVisible();
    await first.close();

    const answer = await page.goto('/shop/');
    expect(answer?.headers()['x-suki-cache']).toBe('hit');
    await hydrated(page);
    const open = badgeButton(page);
    await expect(open).toBeVisible();
    const label = (await open.textContent()) ?? '';
    const [, average, count] = /(\d\.\d)\/5 from (\d+)/.exec(label) ?? [];
    const badge = (await (await page.request.get('/wp-json/suki/v1/reviews/badge')).json()) as { averageHundredths: number; count: number; latest: Array<{ author: string }> };
    expect(Number(count)).toBe(badge.count);
    expect(Math.abs(Number(average) - badge.averageHundredths / 100)).toBeLessThanOrEqual(0.05);
    expect(await seriousViolations(page, '#trust-badge')).toEqual([]);

    // The badge's code comes when the shopper reaches for it.
    await open.hover();
    await page.locator('html[data-trust-badge="ready"]').waitFor({ state: 'attached', timeout: 15_000 });
    await open.click();
    const region = page.getByRole('region', { name: 'Verified reviews' });
    await expect(region).toBeVisible();
    await expect(region.getByRole('listitem')).toHaveCount(badge.latest.length);
    await expect(region).toContainText(badge.latest[0]!.author);
    expect(await seriousViolations(page, '#trust-badge')).toEqual([]);
    await region.getByRole('button', { name: 'Close' }).click();
    await expect(region).toBeHidden();
    await expect(badgeButton(page)).toBeFocused();

    // Close on the compact badge hides it and remembers it.
    await page.getByRole('complementary', { name: 'Trust badge' }).getByRole('button', { name: 'Close', exact: true }).click();
    await expect(badgeButton(page)).toHaveCount(0);
    const cookie = (await page.context().cookies()).find((c) => c.name === 'cr_hide_trustbadge');
    expect(cookie?.value).toBe('true');
    expect(cookie?.path).toBe('/');
    expect(cookie!.expires - Date.now() / 1000).toBeGreaterThan(86_400 - 120);
    expect(cookie!.expires - Date.now() / 1000).toBeLessThanOrEqual(86_400 + 5);

    // After a reload, and on another page, it stays hidden: the cached page without a badge is another variant.
    for (const address of ['/shop/', '/shop/', '/']) {
      const reply = await page.goto(address);
      expect(await reply!.text()).not.toContain('Verified reviews:');
      await hydrated(page);
      await expect(badgeButton(page)).toHaveCount(0);
    }
    // Someone without the cookie still gets it from the cache.
    const other = await browser.newPage();
    const cached = await other.goto('/shop/');
    expect(cached?.headers()['x-suki-cache']).toBe('hit');
    await expect(badgeButton(other)).toBeVisible();
    await other.close();
  });
});

test.describe('structured data and tile stars', () => {
  test('a reviewed product’s JSON-LD has its AggregateRating (and the first reviews as Review items with the reviews tab)', async ({ page }) => {
    const products = (await (await page.request.get('/wp-json/wc/store/v1/products?per_page=100')).json()) as StoreProduct[];
    const reviewed = products.find((p) => p.review_count > 3);
    expect(reviewed).toBeDefined();
    await page.goto(new URL(reviewed!.permalink).pathname);
    const text = await page.locator('script[type="application/ld+json"]').first().textContent();
    const product = (JSON.parse(text ?? '{}') as { '@graph': Array<Record<string, unknown>> })['@graph'].find((node) => node['@type'] === 'Product')!;
    expect(product['aggregateRating']).toEqual({ '@type': 'AggregateRating', ratingValue: expect.any(Number), reviewCount: reviewed!.review_count, bestRating: 5, worstRating: 1 });
    expect(Math.abs((product['aggregateRating'] as { ratingValue: number }).ratingValue - Number(reviewed!.average_rating))).toBeLessThan(0.01);
    const state = JSON.parse((await page.locator('#suki-state').textContent()) ?? '{}') as { page: { reviews?: { first: { items: Array<{ author: string }> } } } };
    if (state.page.reviews) {
      const reviews = product['review'] as Array<{ '@type': string; author: { name: string }; reviewRating: { ratingValue: number } }>;
      expect(reviews.map((r) => r.author.name)).toEqual(state.page.reviews.first.items.map((r) => r.author));
      for (const r of reviews) expect(r['@type']).toBe('Review');
    } else {
      expect(product['review']).toBeUndefined();
    }
    const none = products.find((p) => p.review_count === 0);
    if (none) {
      await page.goto(new URL(none.permalink).pathname);
      expect(await page.locator('script[type="application/ld+json"]').first().textContent()).not.toContain('AggregateRating');
    }
  });

  test('tiles show stars named “{avg} out of 5” for reviewed products only, and the rating sort orders by the average', async ({ page }) => {
    await page.goto('/shop/?orderby=rating');
    await hydrated(page);
    const tiles = page.getByRole('main').getByRole('article');
    const names = await tiles.evaluateAll((nodes) => nodes.map((n) => n.querySelector('.tile__name')?.textContent?.trim() ?? ''));
    const products = (await (await page.request.get('/wp-json/wc/store/v1/products?per_page=100')).json()) as StoreProduct[];
    const byName = new Map(products.map((p) => [p.name, p]));
    const averages: number[] = [];
    for (const [index, name] of names.entries()) {
      const product = byName.get(name);
      if (!product) continue;
      const stars = tiles.nth(index).getByRole('img', { name: /out of 5$/ });
      if (product.review_count > 0) {
        await expect(stars).toHaveAccessibleName(`${Number(product.average_rating).toFixed(1)} out of 5`);
        averages.push(Number(product.average_rating));
      } else {
        await expect(stars).toHaveCount(0);
        averages.push(0);
      }
    }
    expect(averages.length).toBeGreaterThan(4);
    expect(averages).toEqual([...averages].sort((a, b) => b - a));
  });
  test('in Filipino (?lang=fil): the badge’s button, region and Close by their Filipino names; axe clean; no hydration error', async ({ page }) => {
    const errors = watchErrors(page);
    await page.goto('/shop/?lang=fil');
    await hydrated(page);
    const open = page.getByRole('button', { name: /^Mga beripikadong review: \d\.\d\/5 mula sa \d+ review$/ });
    await expect(open).toBeVisible();
    await open.hover();
    await page.locator('html[data-trust-badge="ready"]').waitFor({ state: 'attached', timeout: 15_000 });
    await open.click();
    const region = page.getByRole('region', { name: 'Mga beripikadong review' });
    await expect(region).toBeVisible();
    await expect(region.getByRole('img', { name: /^Rating na [1-5] sa 5$/ }).first()).toBeVisible();
    const axe = await new AxeBuilder({ page }).options({ rules: { 'label-content-name-mismatch': { enabled: true } } }).include('#trust-badge').analyze();
    expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
    await region.getByRole('button', { name: 'Isara' }).click();
    await expect(open).toBeFocused();
    expect(hydrationErrors(errors)).toEqual([]);
  });
});
