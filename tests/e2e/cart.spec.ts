import { expect, test } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { gtagEvents, hydrated, recordTracking, trackedCalls } from './helpers.js';

test.describe('catalog → cart → analytics', () => {
  test('the server HTML already shows products with images before any script runs', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    const response = await page.goto('/shop/');
    expect(response?.status()).toBe(200);
    const tiles = page.getByRole('article');
    expect(await tiles.count()).toBeGreaterThanOrEqual(8);
    const firstImage = page.locator('.tile__img').first();
    await expect(firstImage).toHaveAttribute('src', /\/wp-content\/uploads\//);
    const html = await response!.text();
    expect(html).toContain('rel="preload" as="image"');
    expect(html).toMatch(/Add to cart: “[^”]+”/);
    await context.close();
  });

  test('a shopper adds, changes and removes a product while analytics and the pixel observe', async ({ page }) => {
    await recordTracking(page);
    await page.goto('/shop/');
    await hydrated(page);

    // Consent is asked first; nothing tracked is sent before Accept, then held events replay in order.
    const banner = page.getByRole('region', { name: 'Cookie consent' });
    await expect(banner).toBeVisible();
    expect(await gtagEvents(page)).toEqual([]);
    await banner.getByRole('button', { name: 'Accept' }).click();
    await expect(banner).toBeHidden();
    await expect.poll(() => gtagEvents(page)).toContain('view_item_list');
    const pixel = (await trackedCalls(page)).filter((c) => c.fn === 'fbq');
    expect(pixel.map((c) => c.args)).toContainEqual(['track', 'PageView']);

    const addButton = page.getByRole('button', { name: /^Add to cart: “.+”$/ }).first();
    const label = (await addButton.getAttribute('aria-label')) ?? '';
    const name = label.replace(/^Add to cart: “/, '').replace(/”$/, '');
    await addButton.click();
    await expect(page.getByRole('link', { name: 'View cart' }).first()).toBeVisible();
    await expect(page.getByRole('status')).toHaveText(`“${name}” added to your cart`);
    await expect(page.getByRole('button', { name: 'Cart (1 item)' })).toBeVisible();
    await expect.poll(() => gtagEvents(page)).toContain('add_to_cart');
    const addCall = (await trackedCalls(page)).find((c) => c.fn === 'gtag' && c.args[1] === 'add_to_cart');
    const params = addCall?.args[2] as { items: Array<{ name: string; quantity: number; price: string }> };
    expect(params.items[0]?.name).toBe(name);
    expect(params.items[0]?.quantity).toBe(1);
    expect(params.items[0]?.price).toMatch(/^\d+(\.\d{2})?$/);

    // The slide-out cart.
    await page.getByRole('button', { name: 'Cart (1 item)' }).click();
    const panel = page.getByRole('dialog', { name: 'Cart' });
    await expect(panel).toBeVisible();
    await expect(panel.getByRole('link', { name })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(panel).toBeHidden();

    // The cart page: change the quantity, then remove the line.
    await page.goto('/cart/');
    await hydrated(page);
    const line = page.getByRole('listitem').filter({ has: page.getByRole('link', { name }) });
    await expect(line.getByRole('spinbutton', { name: 'Quantity' })).toHaveValue('1');
    // Each line's controls say which product they change.
    await line.getByRole('button', { name: `Increase quantity of “${name}”`, exact: true }).click();
    await expect(line.getByRole('spinbutton', { name: 'Quantity' })).toHaveValue('2');
    await expect(page.getByRole('button', { name: 'Cart (2 items)' })).toBeVisible();
    await expect.poll(() => gtagEvents(page)).toContain('change_cart_quantity');
    await expect(page.getByText(/₱[\d,]+\.\d{2}/).first()).toBeVisible();

    await page.getByRole('button', { name: `Remove “${name}” from cart` }).click();
    await expect(page.getByText('Your cart is currently empty.')).toBeVisible();
    await expect(page.getByRole('status')).toHaveText(`“${name}” removed from your cart`);
    await expect.poll(() => gtagEvents(page)).toContain('remove_from_cart');
  });

  test('Reject keeps analytics silent and is remembered', async ({ page }) => {
    await recordTracking(page);
    await page.goto('/');
    await hydrated(page);
    await page.getByRole('region', { name: 'Cookie consent' }).getByRole('button', { name: 'Reject' }).click();
    await page.getByRole('button', { name: /^Add to cart: “.+”$/ }).first().click();
    await expect(page.getByRole('link', { name: 'View cart' }).first()).toBeVisible();
    expect(await trackedCalls(page)).toEqual([]);
    await page.reload();
    await hydrated(page);
    await expect(page.getByRole('region', { name: 'Cookie consent' })).toHaveCount(0);
  });

  test('a refused add with a product_url sends the shopper to the product page', async ({ page }) => {
    await page.goto('/shop/?orderby=title');
    await hydrated(page);
    // Stock answers an add beyond stock with {error, product_url}; force one by asking for a huge quantity.
    await page.route('**/?wc-ajax=add_to_cart', async (route) => {
      const body = new URLSearchParams(route.request().postData() ?? '');
      body.set('quantity', '999');
      await route.continue({ postData: body.toString() });
    });
    const tile = page.getByRole('article').filter({ has: page.getByRole('button', { name: /^Add to cart: “.+”$/ }) }).first();
    const href = await tile.getByRole('heading').getByRole('link').getAttribute('href');
    await tile.getByRole('button', { name: /^Add to cart: “.+”$/ }).click();
    await page.waitForURL((url) => href !== null && url.href === new URL(href, url).href);
  });

  test('the store notice dismisses and stays dismissed; the header takes its scrolling state', async ({ page }) => {
    await page.goto('/shop/');
    await hydrated(page);
    const notice = page.getByRole('region', { name: 'Store notice' });
    await expect(notice).toBeVisible();
    await notice.getByRole('link', { name: 'Dismiss' }).click();
    await expect(notice).toHaveCount(0);
    await page.reload();
    await expect(page.getByRole('region', { name: 'Store notice' })).toHaveCount(0);

    const header = page.getByRole('banner');
    await expect(header).toHaveAttribute('data-scrolling', 'false');
    await page.mouse.wheel(0, 400);
    await expect(header).toHaveAttribute('data-scrolling', 'true');
    await expect(page.getByRole('link', { name: 'Go to top' })).toBeVisible();
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect(page.getByRole('link', { name: 'Go to top' })).toBeHidden();
  });

  test('the product page adds the chosen quantity', async ({ page }) => {
    await page.goto('/shop/');
    await hydrated(page);
    const simple = page.getByRole('article').filter({ has: page.getByRole('button', { name: /^Add to cart: “.+”$/ }) }).first();
    await simple.getByRole('heading').getByRole('link').click();
    await hydrated(page);
    const quantity = page.getByRole('spinbutton', { name: 'Quantity' });
    await page.getByRole('button', { name: 'Increase quantity' }).click();
    await expect(quantity).toHaveValue('2');
    // A number field holds '' for anything non-numeric; the stepper counts that as 0.
    await quantity.fill('');
    await page.getByRole('button', { name: 'Increase quantity' }).click();
    await expect(quantity).toHaveValue('1');
    await page.getByRole('button', { name: 'Decrease quantity' }).click();
    await expect(quantity).toHaveValue('1');
    await page.getByRole('button', { name: 'Increase quantity' }).click();
    await quantity.press('Enter');
    const name = await page.getByRole('heading', { level: 1 }).innerText();
    await page.getByRole('button', { name: `Add to cart: “${name}”` }).first().click();
    await expect(page.getByRole('button', { name: 'Cart (2 items)' })).toBeVisible();
  });

  for (const path of ['/', '/shop/', '/cart/']) {
    test(`axe finds no serious or critical violations on ${path}`, async ({ page }) => {
      await page.goto(path);
      await hydrated(page);
      const results = await new AxeBuilder({ page }).analyze();
      const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
      expect(bad.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
    });
  }

  test('axe finds no serious or critical violations on a product page', async ({ page }) => {
    await page.goto('/shop/');
    await page.getByRole('article').first().getByRole('heading').getByRole('link').click();
    await hydrated(page);
    const results = await new AxeBuilder({ page }).analyze();
    const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(bad.map((v) => v.id)).toEqual([]);
  });
});
