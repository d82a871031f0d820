import { expect, test, type Page } from './fixtures.js';
import { hydrated } from './helpers.js';

/**
 * Every page runs under its Content-Security-Policy without a single violation, with analytics
 * consent accepted, while the shopper uses it (cart, carousels, gallery, lightbox, filters, blog).
 */

/** Collects `securitypolicyviolation` events and CSP console errors from before the first script. */
async function watchViolations(page: Page): Promise<() => Promise<string[]>> {
  const consoleErrors: string[] = [];
  page.on('console', (message) => {
    if (/Content[- ]Security[- ]Policy/i.test(message.text())) consoleErrors.push(message.text());
  });
  await page.addInitScript(() => {
    const w = window as unknown as { __violations: string[] };
    w.__violations = [];
    document.addEventListener('securitypolicyviolation', (event) => {
      w.__violations.push(`${event.violatedDirective} blocked ${event.blockedURI || 'inline'} (${event.sourceFile}:${event.lineNumber})`);
    });
  });
  return async () => [...(await page.evaluate(() => (window as unknown as { __violations: string[] }).__violations)), ...consoleErrors];
}

test('pages run under their Content-Security-Policy with no violation, analytics consent accepted', async ({ page }) => {
  const violations = await watchViolations(page);
  const response = await page.goto('/');
  const policy = response?.headers()['content-security-policy'] ?? '';
  expect(policy).toContain("object-src 'none'");
  expect(policy).toContain("frame-ancestors 'self'");
  expect(response?.headers()['permissions-policy']).toContain('camera=()');
  await hydrated(page);
  await page.getByRole('region', { name: 'Cookie consent' }).getByRole('button', { name: 'Accept' }).click();
  // Home: carousels load Swiper on interaction.
  await page.mouse.wheel(0, 1500);
  await page.waitForLoadState('networkidle');

  await page.goto('/shop/');
  await hydrated(page);
  await page.getByRole('button', { name: /^Add to cart: “.+”$/ }).first().click();
  await expect(page.getByRole('button', { name: /^Cart \(1 item\)$/ })).toBeVisible();

  await page.goto('/product/kapeng-barako-ground-coffee/');
  await hydrated(page);
  await page.waitForLoadState('networkidle');
  const zoom = page.getByRole('button', { name: /zoom|enlarge|view larger/i }).first();
  if (await zoom.isVisible()) {
    await zoom.click();
    await page.keyboard.press('Escape');
  }

  await page.goto('/blog/');
  await hydrated(page);
  await page.goto('/cart/');
  await hydrated(page);
  await page.waitForLoadState('networkidle');

  expect(await violations()).toEqual([]);
});
