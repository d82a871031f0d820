import { expect, test, type Browser, type Page } from './fixtures.js';
import { onPair } from './servers.js';
import { stockWishlistShop, type StockWishlistControls, type StoreProductFacts } from '../../server/test/fake-stock-wishlist.js';
import { wishlistReady } from './helpers.js';
import { startStockFront, type StockFront } from './stock-front.js';

/**
 * The wishlist in upstream mode, in the browser: a Suki in upstream mode (started here) in front of
 * a stand-in stock shop whose YITH WooCommerce Wishlist 3.35.0 (free) answers are the recorded ones
 * (`server/test/fake-stock-wishlist.ts`) and whose catalogue, cart and everything else are the
 * embedded e2e shop's (passed through). Runs in the `embedded` project, whose server built the
 * client and the server this front runs from.
 */

let front: StockFront | null = null;
let frontUrl = '';
let controls: StockWishlistControls;

// Playwright hands the test info second; this hook needs no fixture.
// eslint-disable-next-line no-empty-pattern
test.beforeAll(async ({}, info) => {
  test.setTimeout(90_000);
  const embedded = onPair(info.project.use.baseURL ?? '', info.parallelIndex);
  front = await startStockFront(
    embedded,
    (app, { here, standUrl }) => {
      const shop = stockWishlistShop({
        origin: standUrl,
        // The rows of the embedded shop's products, as the stock template prints them.
        product: async (id) => {
          const answer = await fetch(`${embedded}/wp-json/wc/store/v1/products/${id}`);
          return answer.ok ? (JSON.parse(here(await answer.text())) as StoreProductFacts) : null;
        },
      });
      controls = shop.controls;
      app.route('/', shop.app);
    },
    'stock-wishlist',
  );
  frontUrl = front.url;
});

test.afterAll(async () => {
  await front?.close();
});

/** A simple product of the shop that is in stock, with its page. */
async function simpleProduct(page: Page): Promise<{ id: number; name: string; path: string }> {
  const products = (await (await page.request.get(`${frontUrl}/wp-json/wc/store/v1/products?per_page=20&type=simple`)).json()) as Array<{ id: number; name: string; permalink: string; is_in_stock: boolean }>;
  const product = products.find((p) => p.is_in_stock);
  if (!product) throw new Error('no simple product in stock');
  return { id: product.id, name: product.name, path: new URL(product.permalink).pathname };
}

const newShopper = async (browser: Browser) => (await browser.newContext({ baseURL: frontUrl })).newPage();

test.describe('the wishlist against a stock YITH WooCommerce Wishlist (free) shop, through upstream mode', () => {
  test('add from the product page and a tile, the list page, the token page read-only for another visitor, remove; premium controls absent', async ({ browser }) => {
    const page = await newShopper(browser);
    const product = await simpleProduct(page);
    await page.goto(product.path);
    await wishlistReady(page);

    // Add: the button shows it is in the list, the header counts it, the stock shop holds it.
    const add = page.getByRole('button', { name: `Add “${product.name}” to wishlist` }).first();
    await add.click();
    await expect(add).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByRole('link', { name: 'Browse wishlist' }).first()).toBeVisible();
    await expect(page.getByRole('link', { name: 'Wishlist (1 item)' })).toBeVisible();
    const list = [...controls.lists.values()].find((l) => l.items.includes(product.id));
    expect(list).toBeDefined();

    // And one from a tile of the shop page.
    await page.goto('/shop/');
    await wishlistReady(page);
    const tile = page.getByRole('button', { name: /^Add “.+” to wishlist$/, pressed: false }).first();
    const label = (await tile.getAttribute('aria-label')) ?? (await tile.textContent()) ?? '';
    const other = /^Add “(.+)” to wishlist$/.exec(label.trim())?.[1] ?? '';
    await tile.click();
    await expect(page.getByRole('button', { name: `Add “${other}” to wishlist` }).first()).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByRole('link', { name: /^Wishlist \(2 items\)$/ })).toBeVisible();
    expect(list?.items).toHaveLength(2);

    // The list page, drawn from the stock page: the item and its owner's controls, nothing premium.
    await page.goto('/wishlist/');
    await wishlistReady(page);
    const main = page.getByRole('main');
    await expect(main.getByRole('link', { name: product.name }).first()).toBeVisible();
    await expect(main.getByRole('link', { name: other }).first()).toBeVisible();
    await expect(main.getByRole('button', { name: `Remove “${product.name}” from wishlist` })).toBeVisible();
    await expect(main.getByRole('button', { name: `Add to cart: “${product.name}”` }).or(main.getByRole('link', { name: `Add to cart: “${product.name}”` }))).toBeVisible();
    await expect(main.getByRole('button', { name: 'Create a new wishlist' })).toHaveCount(0);
    await expect(main.getByRole('spinbutton', { name: `Quantity of “${product.name}”` })).toHaveCount(0);
    await expect(main.getByRole('button', { name: `Move “${product.name}” up` })).toHaveCount(0);
    await expect(main.getByRole('button', { name: `Move “${product.name}” to another wishlist` })).toHaveCount(0);
    await expect(main.getByRole('button', { name: 'Ask for an estimate' })).toHaveCount(0);
    await expect(main.getByRole('button', { name: 'Delete wishlist' })).toHaveCount(0);

    // Another visitor, by the list's token: read-only, add to cart still there.
    const visitor = await newShopper(browser);
    await visitor.goto(`/wishlist/view/${list?.token ?? ''}/`);
    await wishlistReady(visitor);
    const theirs = visitor.getByRole('main');
    await expect(theirs.getByRole('link', { name: product.name }).first()).toBeVisible();
    await expect(theirs.getByRole('button', { name: `Add to cart: “${product.name}”` }).or(theirs.getByRole('link', { name: `Add to cart: “${product.name}”` }))).toBeVisible();
    await expect(theirs.getByRole('button', { name: `Remove “${product.name}” from wishlist` })).toHaveCount(0);
    await expect(visitor.getByRole('link', { name: /^Wishlist \(\d+ items?\)$/ })).toHaveCount(0);

    // Remove: gone from the page and from the stock shop.
    await main.getByRole('button', { name: `Remove “${product.name}” from wishlist` }).click();
    await expect(main.getByRole('button', { name: `Remove “${product.name}” from wishlist` })).toHaveCount(0);
    await expect.poll(() => list?.items.includes(product.id)).toBe(false);
    await expect(page.getByRole('link', { name: 'Wishlist (1 item)' })).toBeVisible();
    await page.reload();
    await wishlistReady(page);
    await expect(page.getByRole('main').getByRole('link', { name: product.name })).toHaveCount(0);
    await expect(page.getByRole('main').getByRole('link', { name: other }).first()).toBeVisible();
  });

  test('without scripts: the plain add form and the stock remove link go to the stock shop', async ({ browser }) => {
    const context = await browser.newContext({ baseURL: frontUrl, javaScriptEnabled: false });
    const page = await context.newPage();
    const product = await simpleProduct(page);
    // The add button is a plain form posted to /wishlist/; the stock shop adds, and the list shows it.
    await page.goto(product.path);
    await page.getByRole('button', { name: `Add “${product.name}” to wishlist` }).first().click();
    await expect(page).toHaveURL(/\/wishlist\/$/);
    expect([...controls.lists.values()].some((l) => l.items.includes(product.id))).toBe(true);
    const main = page.getByRole('main');
    await expect(main.getByRole('link', { name: product.name }).first()).toBeVisible();
    // The stock no-script link (`?remove_from_wishlist=ID&_wpnonce=…`, the nonce the page carries).
    await page.goto(`/wishlist/?remove_from_wishlist=${product.id}&_wpnonce=${controls.nonces.remove}`);
    await expect(page).toHaveURL(/\/wishlist\/$/);
    await expect(main.getByRole('link', { name: product.name })).toHaveCount(0);
  });
});
