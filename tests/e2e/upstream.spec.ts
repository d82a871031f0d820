import { readdirSync } from 'node:fs';
import { expect, test, type Page, type Route } from './fixtures.js';
import { onPair, pairFrontDir } from './servers.js';
import { hydrated } from './helpers.js';

// Runs in the `upstream` project only: the browser talks to a Suki in upstream mode, whose upstream
// is the embedded Suki (standing in for a stock WooCommerce shop).
const upstreamOf = (info: { project: { metadata: Record<string, unknown> }; parallelIndex: number }): string => onPair(String(info.project.metadata['upstream']), info.parallelIndex);

interface StoreCart {
  readonly items: ReadonlyArray<{ readonly name: string; readonly quantity: number }>;
}

/** Adds the first product of the shop page and returns its name. */
async function addFirstProduct(page: Page): Promise<string> {
  const add = page.getByRole('button', { name: /^Add to cart: “.+”$/ }).first();
  const name = ((await add.getAttribute('aria-label')) ?? '').replace(/^Add to cart: “/, '').replace(/”$/, '');
  await add.click();
  return name;
}

/** Sends the add on to the shop as a stock WooCommerce would take it: without our idempotency key. */
async function sendAsStock(route: Route) {
  const headers = { ...route.request().headers() };
  delete headers['idempotency-key'];
  return route.fetch({ headers });
}

test.describe('Suki in front of a shop (upstream mode)', () => {
  test('pages, media and the cart go through our host, and the shop’s own cart page shows the same cart', async ({ page }, info) => {
    const upstream = upstreamOf(info);
    const front = onPair(info.project.use.baseURL ?? '', info.parallelIndex);
    await page.goto('/shop/');
    await hydrated(page);
    // Product images come from the shop's media, served through our host, and load in the browser.
    const image = page.getByRole('article').first().locator('img').first();
    await expect(image).toHaveAttribute('src', new RegExp(`^(${front.replace(/[.:/]/g, '\\$&')})?/wp-content/uploads/`));
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    expect(await page.content()).not.toContain(upstream);

    const name = await addFirstProduct(page);
    await expect(page.getByRole('button', { name: 'Cart (1 item)' })).toBeVisible();
    await expect(page.getByRole('status')).toHaveText(`“${name}” added to your cart`);

    // The quantity changes through the Store API (with its Nonce) on the cart page.
    await page.goto('/cart/');
    await hydrated(page);
    const line = page.getByRole('listitem').filter({ has: page.getByRole('link', { name }) });
    await line.getByRole('button', { name: 'Increase quantity' }).click();
    await expect(line.getByRole('spinbutton', { name: 'Quantity' })).toHaveValue('2');
    await expect(page.getByRole('button', { name: 'Cart (2 items)' })).toBeVisible();

    // The shop itself, with the same browser cookies, holds that cart.
    const own = (await (await page.request.get(`${upstream}/wp-json/wc/store/v1/cart`)).json()) as StoreCart;
    expect(own.items.map((item) => [item.name, item.quantity])).toEqual([[name, 2]]);
    await page.goto(`${upstream}/cart/`);
    await expect(page.getByRole('link', { name }).first()).toBeVisible();
  });

  test('an add whose answer is lost on the way back is made once, not twice, on a shop that ignores idempotency keys', async ({ page }, info) => {
    await page.goto('/shop/');
    await hydrated(page);
    let sent = 0;
    await page.route('**/wp-json/wc/store/v1/cart/add-item?*', async (route) => {
      sent += 1;
      const response = await sendAsStock(route);
      if (sent === 1) {
        // The shop made the change, but the answer never reached the shopper.
        await route.fulfill({ status: 504, json: { code: 'suki_upstream_timeout', message: 'The shop did not answer within 8 s. Please try again.', data: { status: 504 } } });
      } else await route.fulfill({ response });
    });
    const name = await addFirstProduct(page);
    await expect(page.getByRole('main').getByText(/is kept and will be sent again/)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Cart (1 item)' })).toBeVisible();
    await expect(page.getByRole('main').getByText(/is kept and will be sent again/)).toBeHidden();
    expect(sent).toBe(1);
    const own = (await (await page.request.get(`${upstreamOf(info)}/wp-json/wc/store/v1/cart`)).json()) as StoreCart;
    expect(own.items.map((item) => [item.name, item.quantity])).toEqual([[name, 1]]);
  });

  test('while the shop cannot be reached, the add stays on screen, is announced as kept, and is sent again', async ({ page }, info) => {
    await page.goto('/shop/');
    await hydrated(page);
    let tries = 0;
    await page.route('**/wp-json/wc/store/v1/cart/add-item?*', async (route) => {
      tries += 1;
      if (tries <= 2) {
        await route.fulfill({ status: 502, json: { code: 'suki_upstream_unavailable', message: 'The shop cannot be reached right now. Please try again in a moment.', data: { status: 502 } } });
      } else await route.fulfill({ response: await sendAsStock(route) });
    });
    const name = await addFirstProduct(page);
    await expect(page.getByRole('status')).toHaveText(`The shop cannot be reached. “${name}” is kept and will be sent again.`);
    await expect(page.getByRole('button', { name: 'Cart (1 item)' })).toBeVisible();
    await expect(page.getByRole('status')).toHaveText(`“${name}” added to your cart`, { timeout: 15_000 });
    expect(tries).toBe(3);
    const own = (await (await page.request.get(`${upstreamOf(info)}/wp-json/wc/store/v1/cart`)).json()) as StoreCart;
    expect(own.items.map((item) => [item.name, item.quantity])).toEqual([[name, 1]]);
  });

  // Playwright hands the test info second; this test needs no fixture.
  // eslint-disable-next-line no-empty-pattern
  test('upstream mode opened no database and wrote nothing to disk', ({}, info) => {
    expect(readdirSync(pairFrontDir(info.parallelIndex))).toEqual([]);
  });
});
