import { expect, test, type Page } from './fixtures.js';
import AxeBuilder from '@axe-core/playwright';
import { gtagEvents, hydrated, recordTracking, settled, trackedCalls, wishlistReady } from './helpers.js';

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
    // The Store API refuses an add beyond stock (400); force one by asking for a huge quantity.
    await page.route('**/wp-json/wc/store/v1/cart/add-item?*', async (route) => {
      const body = JSON.parse(route.request().postData() ?? '{}') as Record<string, unknown>;
      await route.continue({ postData: JSON.stringify({ ...body, quantity: 9999 }) });
    });
    const tile = page.getByRole('article').filter({ has: page.getByRole('button', { name: /^Add to cart: “.+”$/ }) }).first();
    const href = await tile.getByRole('heading').getByRole('link').getAttribute('href');
    await tile.getByRole('button', { name: /^Add to cart: “.+”$/ }).click();
    await page.waitForURL((url) => href !== null && url.href === new URL(href, url).href);
  });

  test('a refused add on the product page itself stays there, rolled back, with the shop’s reason announced', async ({ page }) => {
    await page.goto('/shop/');
    await hydrated(page);
    const simple = page.getByRole('article').filter({ has: page.getByRole('button', { name: /^Add to cart: “.+”$/ }) }).first();
    await simple.getByRole('heading').getByRole('link').click();
    await hydrated(page);
    const here = page.url();
    await page.route('**/wp-json/wc/store/v1/cart/add-item?*', async (route) => {
      const body = JSON.parse(route.request().postData() ?? '{}') as Record<string, unknown>;
      await route.continue({ postData: JSON.stringify({ ...body, quantity: 9999 }) });
    });
    const name = await page.getByRole('heading', { level: 1 }).innerText();
    await page.getByRole('button', { name: `Add to cart: “${name}”` }).first().click();
    await expect(page.getByRole('status')).toHaveText(/not enough stock|maximum quantity/i);
    await expect(page.getByRole('button', { name: 'Cart (0 items)' })).toBeVisible();
    expect(page.url()).toBe(here);
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
    const heightAtTop = (await header.boundingBox())?.height;
    // One scroll, one scroll event: taking the scrolling state does not set off a train of
    // scroll-anchoring adjustments (an animated header height did, one per frame for 0.4 s).
    const scrolls = await page.evaluate(
      () =>
        new Promise<number>((resolve) => {
          let seen = 0;
          addEventListener('scroll', () => (seen += 1), { passive: true });
          window.scrollTo(0, 400);
          setTimeout(() => resolve(seen), 700);
        }),
    );
    await expect(header).toHaveAttribute('data-scrolling', 'true');
    expect(scrolls).toBeLessThanOrEqual(2);
    // The scrolling state keeps the header's size: a sticky header is in the flow, so a change of
    // height would lay out and move the whole page in the frame of that scroll.
    expect((await header.boundingBox())?.height).toBe(heightAtTop);
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

/** Every request the page sends, and a way to wait until none has been in flight for a while. */
function trackRequests(page: Page) {
  const sent: string[] = [];
  let inFlight = 0;
  page.on('request', (request) => {
    inFlight += 1;
    const url = new URL(request.url());
    sent.push(`${request.method()} ${url.pathname}`);
  });
  const done = () => (inFlight -= 1);
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  return {
    /** Requests sent since `from` (an earlier `count()`). */
    since: (from: number) => sent.slice(from),
    count: () => sent.length,
    /** Waits until nothing has been in flight for 400 ms. */
    quiet: async () => {
      for (let calm = 0; calm < 8; ) {
        await page.waitForTimeout(50);
        calm = inFlight === 0 ? calm + 1 : 0;
      }
    },
  };
}

const STORE_CART = '/wp-json/wc/store/v1/cart';

test.describe('one request per cart change', () => {
  test('adds, a quantity change and a removal each send exactly one request, and nothing else', async ({ page }) => {
    const requests = trackRequests(page);
    await page.goto('/shop/');
    await hydrated(page);
    await settled(page);
    // The wishlist's buttons come on the first sign of life; they are not part of a cart change.
    await wishlistReady(page);
    const tiles = page.getByRole('article').filter({ has: page.getByRole('button', { name: /^Add to cart: “.+”$/ }) });
    const names: string[] = [];
    for (const index of [0, 1]) {
      const tile = tiles.nth(index);
      const button = tile.getByRole('button', { name: /^Add to cart: “.+”$/ });
      const name = ((await button.getAttribute('aria-label')) ?? '').replace(/^Add to cart: “/, '').replace(/”$/, '');
      names.push(name);
      // The pointer rests on the button first, as a shopper's does: the tile's second picture
      // loads on that hover, before the click this test counts.
      await button.hover();
      await requests.quiet();
      const from = requests.count();
      await button.click();
      await expect(page.getByRole('status')).toHaveText(`“${name}” added to your cart`);
      await expect(page.getByRole('button', { name: `Cart (${index + 1} item${index === 0 ? '' : 's'})` })).toBeVisible();
      await requests.quiet();
      // The first add too: the cart code is in the page already, and the Nonce came with it.
      expect(requests.since(from)).toEqual([`POST ${STORE_CART}/add-item`]);
    }

    await page.goto('/cart/');
    await hydrated(page);
    await settled(page);
    await wishlistReady(page);
    // The cart page learns its lines' categories while idle, before the shopper acts.
    await requests.quiet();
    const line = page.getByRole('listitem').filter({ has: page.getByRole('link', { name: names[0]! }) });
    let from = requests.count();
    await line.getByRole('button', { name: `Increase quantity of “${names[0]!}”`, exact: true }).click();
    await expect(line.getByRole('spinbutton', { name: 'Quantity' })).toHaveValue('2');
    await expect(page.getByRole('button', { name: 'Cart (3 items)' })).toBeVisible();
    await expect(line).not.toHaveAttribute('aria-busy', 'true');
    await requests.quiet();
    expect(requests.since(from)).toEqual([`POST ${STORE_CART}/update-item`]);

    from = requests.count();
    await page.getByRole('button', { name: `Remove “${names[1]!}” from cart` }).click();
    await expect(page.getByRole('status')).toHaveText(`“${names[1]!}” removed from your cart`);
    await requests.quiet();
    expect(requests.since(from)).toEqual([`POST ${STORE_CART}/remove-item`]);
  });

  test('a tap on add to cart before its tile is live is kept and sent once the tile hydrates, once', async ({ page }) => {
    const requests = trackRequests(page);
    // The page's code runs, but its hydration waits for a plugin's module, held here.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    let asked = false;
    await page.route(/\/assets\/shop-filters-[\w-]+\.js$/, async (route) => {
      asked = true;
      await held;
      await route.continue();
    });
    await page.goto('/shop/');
    await expect.poll(() => asked).toBe(true);
    const button = page.getByRole('button', { name: /^Add to cart: “.+”$/ }).first();
    const name = ((await button.getAttribute('aria-label')) ?? '').replace(/^Add to cart: “/, '').replace(/”$/, '');
    await button.click();
    expect(await page.evaluate(() => document.documentElement.dataset['hydrated'])).toBeUndefined();
    await expect(page.getByRole('button', { name: 'Cart (0 items)' })).toBeVisible();
    release();
    await expect(page.getByRole('status')).toHaveText(`“${name}” added to your cart`);
    await expect(page.getByRole('button', { name: 'Cart (1 item)' })).toBeVisible();
    await expect(page.getByRole('button', { name: `Added to cart: “${name}”` })).toBeVisible();
    await requests.quiet();
    expect(requests.since(0).filter((r) => r.startsWith('POST') && r.includes('/cart'))).toEqual([`POST ${STORE_CART}/add-item`]);
  });

  test('the changed state shows at once, before the answer, and the confirmed state when it comes', async ({ page }) => {
    await page.goto('/shop/');
    await hydrated(page);
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/wp-json/wc/store/v1/cart/add-item?*', async (route) => {
      await held;
      await route.continue();
    });
    const button = page.getByRole('button', { name: /^Add to cart: “.+”$/ }).first();
    const name = ((await button.getAttribute('aria-label')) ?? '').replace(/^Add to cart: “/, '').replace(/”$/, '');
    await button.click();
    // While the answer is held: the button is pending and the header already counts the item.
    await expect(page.getByRole('button', { name: `Adding: “${name}”` })).toHaveAttribute('aria-busy', 'true');
    await expect(page.getByRole('button', { name: 'Cart (1 item)' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'View cart' })).toHaveCount(0);
    release();
    await expect(page.getByRole('button', { name: `Added to cart: “${name}”` })).toBeVisible();
    await expect(page.getByRole('link', { name: 'View cart' }).first()).toBeVisible();
  });
});
