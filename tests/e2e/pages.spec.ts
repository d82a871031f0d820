import { expect, test } from './fixtures.js';
import { gtagEvents, hydrated, recordTracking, trackedCalls } from './helpers.js';

test.describe('server-rendered pages', () => {
  test('hydration reuses the server state: no API call before the shopper acts', async ({ page }) => {
    const api: string[] = [];
    page.on('request', (r) => {
      const url = new URL(r.url());
      if (url.pathname.startsWith('/wp-json/') || url.searchParams.has('wc-ajax')) api.push(url.href);
    });
    await page.goto('/shop/');
    await hydrated(page);
    await page.waitForLoadState('networkidle');
    expect(api).toEqual([]);
  });

  test('images below the fold load only when they come within 200 px of the viewport', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 700 });
    await page.goto('/shop/');
    await hydrated(page);
    const last = page.locator('.tile__img:not(.tile__img--hover)').last();
    await expect(last).not.toHaveAttribute('src', /.+/);
    await last.scrollIntoViewIfNeeded();
    await expect(last).toHaveAttribute('src', /\/wp-content\/uploads\//);
  });

  test('Swiper is downloaded only on pages with a carousel', async ({ page }) => {
    const scripts: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
    });
    await page.goto('/shop/');
    await hydrated(page);
    await page.waitForLoadState('networkidle');
    expect(scripts.some((s) => s.includes('CarouselEnhancer'))).toBe(false);
    await page.goto('/');
    await hydrated(page);
    await expect(page.getByRole('button', { name: 'Next products in New arrivals' })).toBeVisible();
    expect(scripts.some((s) => s.includes('CarouselEnhancer'))).toBe(true);
    await page.getByRole('button', { name: 'Next products in New arrivals' }).click();
  });

  test('the four listing layouts render: grid, masonry, carousel and full width', async ({ page }) => {
    for (const layout of ['grid', 'masonry', 'carousel', 'full']) {
      await page.goto(`/shop/?layout=${layout}`);
      await expect(page.locator(`section[data-layout="${layout}"]`)).toHaveCount(1);
      expect(await page.getByRole('article').count()).toBeGreaterThan(4);
    }
  });

  test('unknown pages answer 404 with a page, and bad query values fall back', async ({ page }) => {
    const missing = await page.goto('/product/does-not-exist/');
    expect(missing?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    const odd = await page.goto('/shop/?orderby=%3Cscript%3E&paged=-4&layout=zzz');
    expect(odd?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1, name: 'Shop' })).toBeVisible();
  });

  test('a product name with markup stays text', async ({ page }) => {
    await page.goto('/shop/');
    const html = await page.content();
    expect(html).not.toMatch(/<script>alert/);
  });
});

test.describe('cart failures', () => {
  test('a refused add is rolled back with a visible error, announced, and reported as an exception', async ({ page }) => {
    await recordTracking(page);
    await page.goto('/shop/');
    await hydrated(page);
    await page.getByRole('region', { name: 'Cookie consent' }).getByRole('button', { name: 'Accept' }).click();
    await page.route('**/wp-json/wc/store/v1/cart/add-item?*', (route) =>
      route.fulfill({ status: 503, contentType: 'text/html', body: '<html><body>Maintenance</body></html>' }),
    );
    await page.getByRole('button', { name: /^Add to cart: “.+”$/ }).first().click();
    await expect(page.getByTestId('cart-error').first()).toBeVisible();
    await expect(page.getByRole('button', { name: 'Cart (0 items)' })).toBeVisible();
    await expect(page.getByRole('status')).not.toHaveText('');
    await expect.poll(() => gtagEvents(page)).toContain('exception');
    const exception = (await trackedCalls(page)).find((c) => c.args[1] === 'exception');
    expect((exception?.args[2] as { fatal: boolean }).fatal).toBe(false);
  });

  test('a failed mini-cart remove follows the remove link, which still removes the line', async ({ page }) => {
    await page.goto('/shop/');
    await hydrated(page);
    const add = page.getByRole('button', { name: /^Add to cart: “.+”$/ }).first();
    const name = ((await add.getAttribute('aria-label')) ?? '').replace(/^Add to cart: “/, '').replace(/”$/, '');
    await add.click();
    await expect(page.getByRole('button', { name: 'Cart (1 item)' })).toBeVisible();
    await page.route('**/wp-json/wc/store/v1/cart/remove-item?*', (route) => route.abort());
    await page.getByRole('button', { name: 'Cart (1 item)' }).click();
    await page.getByRole('dialog', { name: 'Cart' }).getByRole('button', { name: `Remove “${name}” from cart` }).click();
    await page.waitForURL(/\/cart\/$/);
    await expect(page.getByText('Your cart is currently empty.')).toBeVisible();
  });

  test('double-clicking add sends one add at a time and shows pending', async ({ page }) => {
    await page.goto('/shop/');
    await hydrated(page);
    let inFlight = 0;
    let maxInFlight = 0;
    // The first add's answer is held until the test has seen the pending state (no timing guess).
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/wp-json/wc/store/v1/cart/add-item?*', async (route) => {
      inFlight += 1;
      maxInFlight = Math.max(maxInFlight, inFlight);
      await held;
      await route.continue();
      inFlight -= 1;
    });
    const first = page.getByRole('button', { name: /^Add to cart: “.+”$/ }).first();
    const name = ((await first.getAttribute('aria-label')) ?? '').replace(/^Add to cart: “/, '').replace(/”$/, '');
    await first.click();
    // While its add is queued the button reads “Adding…” and is busy.
    await expect(page.getByRole('button', { name: `Adding: “${name}”` })).toHaveAttribute('aria-busy', 'true');
    await page.getByRole('button', { name: /^Add to cart: “.+”$/ }).first().click();
    release();
    await expect(page.getByRole('button', { name: 'Cart (2 items)' })).toBeVisible();
    expect(maxInFlight).toBe(1);
  });
});
