import { expect, test, type Locator, type Page, type Route } from './fixtures.js';
import { gtagEvents, hydrated, recordTracking, trackedCalls } from './helpers.js';

interface StoreCart {
  readonly items: ReadonlyArray<{ readonly id: number; readonly name: string; readonly quantity: number }>;
}

interface StoreProduct {
  readonly id: number;
  readonly name: string;
  readonly type: string;
  readonly permalink: string;
  readonly is_purchasable: boolean;
  readonly is_in_stock: boolean;
  readonly categories: ReadonlyArray<{ readonly name: string }>;
}

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The add button of a product, named `Add to cart: “X”` (or, before the rename, `Add “X” to your cart`). */
const addButton = (scope: Page | Locator, name: string): Locator =>
  scope.getByRole('button', { name: new RegExp(`^Add (to cart: )?“${escapeRegExp(name)}”( to your cart)?$`) });

/** The header's cart button showing `count` items. */
const cartButton = (page: Page, count: number): Locator => page.getByRole('button', { name: new RegExp(`^Cart \\(${count} items?\\)$`) });

/** The first tile of the page with an add button, and its product's name. */
const firstAddableTile = async (page: Page): Promise<{ tile: Locator; name: string }> => {
  const tile = page.getByRole('article').filter({ has: page.getByRole('button', { name: /^Add (to cart: )?“.+”( to your cart)?$/ }) }).first();
  const name = (await tile.getByRole('heading').innerText()).trim();
  return { tile, name };
};

const serverCart = async (page: Page): Promise<StoreCart> => (await (await page.request.get('/wp-json/wc/store/v1/cart')).json()) as StoreCart;

/** Fails on any sign of a module-loading error shown to the shopper. */
const expectNoLoadingError = async (page: Page): Promise<void> => {
  await expect(page.getByText(/dynamically imported module|Failed to fetch|Importing a module script failed/i)).toHaveCount(0);
};

test.describe('the first tap while the shop cannot be reached', () => {
  test('offline: the add is kept, announced and shown, then sent once when the connection is back', async ({ page, context }) => {
    await page.goto('/shop/');
    await hydrated(page);
    const { tile, name } = await firstAddableTile(page);
    // The first press cannot reach the shop.
    await context.setOffline(true);
    await addButton(tile, name).click();

    await expect(page.getByRole('status')).toHaveText(new RegExp(`“${escapeRegExp(name)}” is kept and will be sent`));
    await expect(page.getByRole('main').getByText(new RegExp(`“${escapeRegExp(name)}” is kept and will be sent`))).toBeVisible();
    await expect(cartButton(page, 1)).toBeVisible();
    await expectNoLoadingError(page);

    await context.setOffline(false);
    await expect(page.getByRole('status')).toHaveText(`“${name}” added to your cart`);
    await expect(cartButton(page, 1)).toBeVisible();
    await expect(page.getByRole('main').getByText(/is kept and will be sent/)).toBeHidden();
    await expectNoLoadingError(page);
    const cart = await serverCart(page);
    expect(cart.items.map((item) => [item.name, item.quantity])).toEqual([[name, 1]]);
  });

  test('the cart’s code comes with the page: the first add needs no script fetched after it, even with every later one failing', async ({ page }) => {
    await page.goto('/shop/');
    await hydrated(page);
    const { tile, name } = await firstAddableTile(page);
    // Every script fetched from now on fails, as on a connection that just dropped for scripts.
    const refused: string[] = [];
    const refuse = async (route: Route) => {
      refused.push(new URL(route.request().url()).pathname);
      await route.abort('internetdisconnected');
    };
    await page.route(/\/assets\/[\w-]+\.js$/, refuse);
    await addButton(tile, name).click();
    // Painted at once, and sent at once: the cart's path is in the page's first script.
    await expect(cartButton(page, 1)).toBeVisible();
    await expect(page.getByRole('status')).toHaveText(`“${name}” added to your cart`);
    await expectNoLoadingError(page);
    const cart = await serverCart(page);
    expect(cart.items.map((item) => [item.name, item.quantity])).toEqual([[name, 1]]);
    // Whatever the pointer woke (the catalogue's code, a plugin's views) may have been refused; none of it was the cart's.
    // The slide-out panel's lines (`CartLines`) are not the add's code: the page fetches them once it
    // settles, which on a busy machine can come after the route above, and the panel fetches them
    // again when it opens.
    expect(refused.filter((path) => /cart/i.test(path) && !/\/CartLines-[\w-]+\.js$/.test(path))).toEqual([]);
    await page.unroute(/\/assets\/[\w-]+\.js$/, refuse);
  });
});

test.describe('the cart panel’s lines', () => {
  test('come as their own script; when it cannot be fetched the panel says so and keeps View cart, and they show once it can', async ({ page }) => {
    // Every script fetched after the page fails, so the panel's lines cannot come in when it opens.
    let blocked = 0;
    const refuse = async (route: Route) => {
      blocked += 1;
      await route.abort('internetdisconnected');
    };
    await page.goto('/shop/');
    await hydrated(page);
    const { tile, name } = await firstAddableTile(page);
    await addButton(tile, name).click();
    await expect(page.getByRole('status')).toHaveText(`“${name}” added to your cart`, { timeout: 15_000 });
    await page.route(/\/assets\/CartLines-[\w-]+\.js$/, refuse);
    await page.reload();
    await hydrated(page);
    await cartButton(page, 1).click();
    const panel = page.getByRole('dialog', { name: 'Cart' });
    await expect(panel.getByRole('status')).toHaveText('Your cart’s lines could not be shown. Please use View cart.');
    await expect(panel.getByRole('link', { name: 'View cart' })).toBeVisible();
    expect(blocked).toBeGreaterThan(0);
    await expectNoLoadingError(page);
    // The script can be fetched again: the next opening shows the lines.
    await page.unroute(/\/assets\/CartLines-[\w-]+\.js$/, refuse);
    await panel.getByRole('button', { name: 'Close cart' }).click();
    await cartButton(page, 1).click();
    await expect(panel.getByText(name)).toBeVisible();
  });
});

test.describe('cart page analytics', () => {
  test('a removal on the cart page names the product’s category, not ""', async ({ page }) => {
    const products = (await (await page.request.get('/wp-json/wc/store/v1/products?per_page=20&type=simple&orderby=title&order=asc')).json()) as StoreProduct[];
    const product = products.find((p) => p.is_purchasable && p.is_in_stock && p.categories.length > 0);
    if (!product) throw new Error('the demo shop has no simple product in a category');
    const category = product.categories[0]!.name;

    await recordTracking(page);
    await page.goto(new URL(product.permalink).pathname);
    await hydrated(page);
    await page.getByRole('region', { name: 'Cookie consent' }).getByRole('button', { name: 'Accept' }).click();
    await addButton(page.getByRole('main'), product.name).first().click();
    await expect(cartButton(page, 1)).toBeVisible();
    await expect(page.getByRole('status')).toHaveText(`“${product.name}” added to your cart`);

    // A new page: nothing on it listed the product, and the Store API's cart items carry no category.
    await page.goto('/cart/');
    await hydrated(page);
    await page.getByRole('button', { name: new RegExp(`^Remove “${escapeRegExp(product.name)}”`) }).click();
    await expect(page.getByRole('status')).toHaveText(`“${product.name}” removed from your cart`);
    await expect.poll(() => gtagEvents(page)).toContain('remove_from_cart');
    const removal = (await trackedCalls(page)).find((c) => c.fn === 'gtag' && c.args[0] === 'event' && c.args[1] === 'remove_from_cart');
    const items = (removal?.args[2] as { items: Array<Record<string, unknown>> }).items;
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ name: product.name, category: category });
  });
});
