/**
 * The wishlist in the browser against our own server (issue 14, shopper's path 1–6), by role and
 * accessible name: the add buttons and their notices, the header's count, the list page (table,
 * quantity, add to cart, remove, bulk, mobile cards), several lists (create, rename, privacy, move,
 * reorder, delete), sharing (copy link, the visitor's read-only view, a private list's 404), the
 * estimate, the guest's list kept through registration and seen from a second browser, and the
 * alert when cookies are off.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type BrowserContext, type Locator, type Page } from './fixtures.js';
import { filtersReady, hydrated, hydrationErrors, watchErrors, wishlistReady } from './helpers.js';

const STRONG = 'Tr0ub4dor&3-horse';
const stamp = Date.now().toString(36);

interface StoreProduct {
  readonly id: number;
  readonly name: string;
  readonly type: string;
  readonly is_in_stock: boolean;
  readonly is_purchasable: boolean;
}

/** In-stock simple products of the shop (the first few). */
async function simpleProducts(page: Page): Promise<StoreProduct[]> {
  const list = (await (await page.request.get('/wp-json/wc/store/v1/products?per_page=30&type=simple')).json()) as StoreProduct[];
  return list.filter((p) => p.is_in_stock && p.is_purchasable);
}

const addButton = (page: Page, name: string) => page.getByRole('button', { name: `Add “${name}” to wishlist`, exact: true });
const header = (page: Page) => page.getByRole('banner');
const wishlistLink = (page: Page) => header(page).getByRole('link', { name: /^Wishlist/ });
const announcer = (page: Page) => page.getByTestId('announcer');

/** Presses a tile's wishlist button: pressed, with Browse wishlist beside it and the shop's `added` notice. Returns the button and the notice. */
async function addFromTile(page: Page, tile: Locator): Promise<{ button: Locator; notice: Locator; name: string }> {
  const name = (await tile.getByRole('heading').innerText()).trim();
  const button = addButton(page, name);
  await expect(button).toHaveAttribute('aria-pressed', 'false');
  await button.click();
  await expect(button).toHaveAttribute('aria-pressed', 'true');
  await expect(tile.getByRole('link', { name: 'Browse wishlist' })).toBeVisible();
  const notice = tile.getByTestId('wishlist-notice');
  // The shop's words (stock: `Product added!`).
  await expect(notice).toContainText(/added/i);
  return { button, notice, name };
}


/** Opens a product's page and waits until its wishlist button is live. */
async function openProduct(page: Page, product: StoreProduct): Promise<void> {
  const found = (await (await page.request.get(`/wp-json/wc/store/v1/products/${product.id}`)).json()) as { permalink: string };
  await page.goto(new URL(found.permalink).pathname);
  await wishlistReady(page);
}

/** Adds a product to the wishlist from its page (default list). */
async function addFromProductPage(page: Page, product: StoreProduct): Promise<void> {
  await openProduct(page, product);
  const button = addButton(page, product.name);
  await button.click();
  await expect(button).toHaveAttribute('aria-pressed', 'true');
  // Painted at once; the notice shows once the shop has answered.
  await expect(page.getByTestId('wishlist-notice')).toContainText(/added|already/i);
}

async function openWishlist(page: Page, address = '/wishlist/'): Promise<void> {
  await page.goto(address);
  await wishlistReady(page);
}

async function register(page: Page, email: string): Promise<void> {
  await page.goto('/my-account/');
  await hydrated(page);
  await page.getByRole('button', { name: 'Register' }).click();
  const form = page.getByRole('form', { name: 'Register' });
  await form.getByRole('textbox', { name: 'Email address' }).fill(email);
  await form.getByLabel('Password', { exact: true }).fill(STRONG);
  await form.getByRole('button', { name: 'Register' }).click();
  await expect(page.getByRole('navigation', { name: 'Account' })).toBeVisible();
}

async function logIn(page: Page, email: string): Promise<void> {
  await page.goto('/my-account/');
  await hydrated(page);
  const form = page.getByRole('form', { name: 'Login' });
  await form.getByRole('textbox', { name: 'Username or email address' }).fill(email);
  await form.getByLabel('Password', { exact: true }).fill(STRONG);
  await form.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('navigation', { name: 'Account' })).toBeVisible();
}

test.describe.configure({ mode: 'serial' });

test.describe('wishlist: add buttons, notices and the header (path 1)', () => {
  test('a tile’s button adds the product: pressed, Browse wishlist, a notice said in the live region that closes after 3 s, and the header’s count', async ({ page }) => {
    await page.goto('/shop/');
    await hydrated(page);
    await expect(wishlistLink(page)).toHaveText('Wishlist');
    await wishlistReady(page);
    const tile = page.getByRole('article').first();
    const { button, notice, name } = await addFromTile(page, tile);
    // Said in the live region too.
    await expect(announcer(page)).toContainText(/added/i);
    await expect(wishlistLink(page)).toHaveText('Wishlist (1 item)');
    // Closed after 3000 ms.
    await expect(notice).toBeHidden({ timeout: 5000 });

    // Again: `exists` keeps it pressed and says so.
    await button.click();
    await expect(tile.getByTestId('wishlist-notice')).toContainText(/already/i);
    // A notice under the pointer stays.
    await tile.getByTestId('wishlist-notice').hover();
    await page.waitForTimeout(3600);
    await expect(tile.getByTestId('wishlist-notice')).toBeVisible();
    await page.mouse.move(0, 0);
    await expect(tile.getByTestId('wishlist-notice')).toBeHidden({ timeout: 5000 });

    // The count survives a new page (the cookie), and the button's state comes back.
    await page.reload();
    await wishlistReady(page);
    await expect(wishlistLink(page)).toHaveText('Wishlist (1 item)');
    await expect(addButton(page, name)).toHaveAttribute('aria-pressed', 'true');
  });

  test('a tile of a list a filter made in the browser adds too, pressed, with its notice', async ({ page }) => {
    await page.goto('/shop/');
    await filtersReady(page);
    await wishlistReady(page);
    await page.getByRole('group', { name: 'Filter Shop' }).getByRole('link', { name: /^Tees \(\d+ products?\)$/ }).click();
    const section = page.getByRole('region', { name: 'Shop' });
    await expect(section).not.toHaveAttribute('class', /listing--loading/);
    const tile = section.getByRole('article').first();
    await expect(tile.getByText('Tees', { exact: true })).toBeVisible();
    await addFromTile(page, tile);
  });

  test('the heart: an outline in the button’s text colour, filled once pressed, and drawn in the system’s button text colour in forced colours', async ({ page }) => {
    await page.emulateMedia({ forcedColors: 'active' });
    await page.goto('/shop/');
    await wishlistReady(page);
    const tile = page.getByRole('article').first();
    const heart = () =>
      tile.getByRole('button', { name: /to wishlist/ }).evaluate((button) => {
        const mark = getComputedStyle(button, '::before');
        return { shape: mark.clipPath, image: mark.maskImage, fill: mark.backgroundColor, behind: getComputedStyle(button).backgroundColor, ink: getComputedStyle(button).color };
      });
    const outline = await heart();
    // Cut by a path, not drawn from an image (an SVG image is a document Chromium builds before the
    // first paint). The outline is a ring: the stroke's outer and inner edges, even-odd.
    expect(outline.image).toBe('none');
    expect(outline.shape).toMatch(/^path\(evenodd, "M[\d. L]+Z M[\d. L]+Z"\)$/);
    // Not the button's own background (the forced Canvas colour), which would hide it.
    expect(outline.fill).toBe(outline.ink);
    expect(outline.fill).not.toBe(outline.behind);
    await addFromTile(page, tile);
    const filled = await heart();
    // The whole heart: the ring's outer edge alone.
    expect(filled.shape).toBe(`path("${/M[\d. L]+Z/.exec(outline.shape)![0]}")`);
    expect(filled.fill).not.toBe(filled.behind);
  });

  test('on a variable product the button is disabled with its reason until a variation is chosen, then follows it', async ({ page }) => {
    await page.goto('/product/suki-logo-tee/');
    await wishlistReady(page);
    const name = (await page.getByRole('heading', { level: 1 }).innerText()).trim();
    const button = addButton(page, name);
    await expect(button).toHaveAttribute('aria-disabled', 'true');
    await expect(page.getByText('Choose the product’s options to add it to your wishlist.')).toBeVisible();
    await expect(button).toHaveAccessibleDescription('Choose the product’s options to add it to your wishlist.');
    // Choose every attribute (the first value of each radio group of swatches).
    for (const group of await page.getByRole('radiogroup').all()) {
      await group.getByRole('radio').first().click();
    }
    await expect(button).not.toHaveAttribute('aria-disabled', 'true');
    await expect(button).toHaveAttribute('aria-pressed', 'false');
    await button.click();
    await expect(button).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByRole('link', { name: 'Browse wishlist' })).toBeVisible();
  });
});

test.describe('wishlist: without scripts', () => {
  test('the add button is a form: the shop adds the product and shows the list, which works before scripts', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    try {
      const page = await context.newPage();
      await page.goto('/shop/');
      const tile = page.getByRole('article').first();
      const name = (await tile.getByRole('heading').innerText()).trim();
      await addButton(page, name).click();
      await expect(page).toHaveURL(/\/wishlist\//);
      await expect(page.getByRole('table').getByRole('link', { name, exact: true })).toBeVisible();
      // Remove is the stock link: the shop removes the line and comes back to the list with its notice.
      await page.getByRole('button', { name: `Remove “${name}” from wishlist` }).click();
      await expect(page.getByText('Product successfully removed.')).toBeVisible();
      await expect(page.getByRole('link', { name, exact: true })).toHaveCount(0);
      await expect(page).not.toHaveURL(/remove_from_wishlist/);
    } finally {
      await context.close();
    }
  });
});

test.describe('wishlist: the list page (path 2)', () => {
  test('a table of the items: picture, name, price, stock, date; quantity sent 1 s after the last change, Enter ignored; add to cart removes the line; remove; bulk', async ({ page }) => {
    const products = (await simpleProducts(page)).slice(0, 4);
    for (const product of products) await addFromProductPage(page, product);
    await openWishlist(page);
    const table = page.getByRole('table');
    for (const product of products) await expect(table.getByRole('link', { name: product.name, exact: true })).toBeVisible();
    await expect(table.getByRole('columnheader', { name: 'Price' })).toBeVisible();
    await expect(table.getByRole('columnheader', { name: 'Stock' })).toBeVisible();
    await expect(table.getByRole('columnheader', { name: 'Added' })).toBeVisible();
    await expect(table.getByText('₱').first()).toBeVisible();

    // Quantity: one request, 1000 ms after the last change; Enter does not submit anything.
    const [first, second, third, fourth] = products as [StoreProduct, StoreProduct, StoreProduct, StoreProduct];
    const quantity = page.getByRole('spinbutton', { name: `Quantity of “${first.name}”` });
    const patches: number[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/suki/v1/wishlist/items/') && r.headers()['x-http-method-override'] === 'PATCH') patches.push(Date.now());
    });
    await quantity.fill('2');
    const lastChange = Date.now();
    await quantity.fill('3');
    await quantity.press('Enter');
    await expect.poll(() => patches.length, { timeout: 4000 }).toBe(1);
    expect(patches[0]! - lastChange).toBeGreaterThanOrEqual(900);
    await expect(page).toHaveURL(/\/wishlist\/$/);
    await page.reload();
    await hydrated(page);
    await expect(page.getByRole('spinbutton', { name: `Quantity of “${first.name}”` })).toHaveValue('3');

    // Add to cart: the cart follows, and the line leaves the owner's list.
    await page.getByRole('button', { name: `Add to cart: “${second.name}”` }).click();
    await expect(page.getByRole('table').getByRole('link', { name: second.name, exact: true })).toBeHidden();
    await expect(page.getByRole('button', { name: /cart/i }).first()).toBeVisible();
    const cart = (await (await page.request.get('/wp-json/wc/store/v1/cart')).json()) as { items: Array<{ name: string }> };
    expect(cart.items.map((i) => i.name)).toContain(second.name);

    // Remove.
    await page.getByRole('button', { name: `Remove “${third.name}” from wishlist` }).click();
    await expect(page.getByRole('table').getByRole('link', { name: third.name, exact: true })).toBeHidden();
    await expect(announcer(page)).toContainText(`“${third.name}” removed`);

    // Bulk: select all, add selected to cart.
    await page.getByRole('checkbox', { name: 'Select all' }).check();
    await expect(page.getByRole('checkbox', { name: `Select “${fourth.name}”` })).toBeChecked();
    await page.getByRole('button', { name: 'Add selected to cart' }).click();
    await expect(page.getByRole('table')).toBeHidden();
    const after = (await (await page.request.get('/wp-json/wc/store/v1/cart')).json()) as { items: Array<{ name: string }> };
    expect(after.items.map((i) => i.name)).toEqual(expect.arrayContaining([first.name, fourth.name]));
  });

  test('at 768 px and below, one card per item', async ({ page }) => {
    const [product] = await simpleProducts(page);
    await addFromProductPage(page, product!);
    await page.setViewportSize({ width: 390, height: 800 });
    await openWishlist(page);
    const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: product!.name, exact: true }) });
    const box = await row.boundingBox();
    const cell = await row.getByRole('cell').nth(2).boundingBox();
    // A card: the row spans the width and its cells stack.
    expect(box && box.width > 300).toBe(true);
    expect(cell && box && cell.width > box.width * 0.6).toBe(true);
  });
});

test.describe('wishlist: several lists (path 3)', () => {
  test('create a list (name required, privacy), rename in place (empty refused), change privacy, move an item, reorder by buttons and by dragging, delete with confirmation', async ({ page }) => {
    const products = (await simpleProducts(page)).slice(0, 3);
    for (const product of products) await addFromProductPage(page, product);
    const [first, second, third] = products as [StoreProduct, StoreProduct, StoreProduct];
    await openWishlist(page);

    // Create: an empty name is marked invalid and focused.
    await page.getByRole('button', { name: 'Create a new wishlist' }).click();
    const create = page.getByRole('dialog', { name: 'Create a new wishlist' });
    await create.getByRole('button', { name: 'Create' }).click();
    const nameBox = create.getByRole('textbox', { name: 'Wishlist name' });
    await expect(nameBox).toBeFocused();
    await expect(nameBox).toHaveAttribute('aria-invalid', 'true');
    const privacy = create.getByRole('radiogroup', { name: 'Privacy' });
    await expect(privacy.getByRole('radio', { name: 'Public' })).toBeChecked();
    await expect(privacy.getByRole('radio', { name: 'Private' })).toBeVisible();
    await nameBox.fill('Pasalubong');
    await privacy.getByRole('radio', { name: 'Shared' }).check();
    await create.getByRole('button', { name: 'Create' }).click();
    await expect(create).toBeHidden();
    const lists = page.getByRole('navigation', { name: 'Your wishlists' });
    await expect(lists.getByRole('link', { name: 'Pasalubong' })).toBeVisible();

    // Reorder with the buttons (announced) and by dragging; the order is saved.
    const rowNames = async () => (await page.getByRole('table').getByRole('row').all()).length;
    expect(await rowNames()).toBe(4);
    const order = async () => (await page.getByRole('table').locator('tbody tr td:nth-child(3) > a').allInnerTexts()).map((t) => t.trim());
    const before = await order();
    const lastName = before[2]!;
    await page.getByRole('button', { name: `Move “${lastName}” up` }).click();
    await expect(announcer(page)).toContainText(`“${lastName}” moved to position 2 of 3`);
    await expect.poll(order).toEqual([before[0], lastName, before[1]]);
    const rows = page.getByRole('table').locator('tbody tr');
    const afterUp = await order();
    // Drag the last row onto the first (the drag events, as the browser sends them).
    await expect(rows.nth(2)).toHaveAttribute('draggable', 'true');
    const transfer = await page.evaluateHandle(() => new DataTransfer());
    await rows.nth(2).dispatchEvent('dragstart', { dataTransfer: transfer });
    await rows.nth(0).dispatchEvent('dragenter', { dataTransfer: transfer });
    await rows.nth(0).dispatchEvent('dragover', { dataTransfer: transfer });
    await rows.nth(0).dispatchEvent('drop', { dataTransfer: transfer });
    await rows.nth(2).dispatchEvent('dragend', { dataTransfer: transfer });
    await expect.poll(order).toEqual([afterUp[2], afterUp[0], afterUp[1]]);
    await expect(announcer(page)).toContainText(`“${afterUp[2]}” moved to position 1 of 3`);
    await page.waitForTimeout(500);
    await page.reload();
    await hydrated(page);
    await expect.poll(order).toEqual([before[1], before[0], lastName]);

    // Rename in place: empty refused (invalid, focused), then a new title.
    await page.getByRole('button', { name: 'Edit title' }).click();
    const title = page.getByRole('textbox', { name: 'Wishlist title' });
    await title.fill('   ');
    await page.getByRole('button', { name: 'Save title' }).click();
    await expect(title).toBeFocused();
    await expect(title).toHaveAttribute('aria-invalid', 'true');
    await title.fill('Para kay Lola');
    await page.getByRole('button', { name: 'Save title' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Para kay Lola' })).toBeVisible();

    // Privacy.
    await page.getByRole('combobox', { name: 'Privacy' }).selectOption({ label: 'Private' });
    await expect(announcer(page)).toContainText('Privacy changed to Private');
    await expect(page.getByRole('button', { name: 'Copy link' })).toBeHidden();

    // Move an item to the other list.
    await page.getByRole('button', { name: `Move “${first.name}” to another wishlist` }).click();
    const move = page.getByRole('dialog', { name: `Move “${first.name}” to another wishlist` });
    await move.getByRole('radiogroup', { name: 'Wishlist' }).getByRole('radio', { name: 'Pasalubong' }).check();
    await move.getByRole('button', { name: 'Move' }).click();
    await expect(move).toBeHidden();
    await expect(page.getByRole('table').getByRole('link', { name: first.name, exact: true })).toBeHidden();
    await lists.getByRole('link', { name: 'Pasalubong' }).click();
    await hydrated(page);
    await expect(page.getByRole('table').getByRole('link', { name: first.name, exact: true })).toBeVisible();

    // With several lists, the add button asks which one.
    await openProduct(page, second);
    // Pressed at once after hydration: the lists are read first, then the shopper is asked.
    await addButton(page, second.name).click();
    const choose = page.getByRole('dialog', { name: `Add “${second.name}” to a wishlist` });
    await choose.getByRole('radio', { name: 'Pasalubong' }).check();
    await choose.getByRole('button', { name: 'Add to wishlist' }).click();
    await expect(choose).toBeHidden();
    await expect(page.getByTestId('wishlist-notice')).toBeVisible();

    // Delete the list, confirmed.
    await openWishlist(page);
    await page.getByRole('navigation', { name: 'Your wishlists' }).getByRole('link', { name: 'Pasalubong' }).click();
    await hydrated(page);
    await page.getByRole('button', { name: 'Delete wishlist' }).click();
    const confirm = page.getByRole('alertdialog', { name: /Delete “Pasalubong”/ });
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(page).toHaveURL(/\/wishlist\/$/);
    await hydrated(page);
    await expect(page.getByRole('navigation', { name: 'Your wishlists' }).getByRole('link', { name: 'Pasalubong' })).toBeHidden();
    void third;
  });
});

test.describe('wishlist: sharing (path 4)', () => {
  test('a public list has its address and Copy link (announced); a visitor sees it read-only and can add to the cart; a private list is 404 to others', async ({ page, browser }) => {
    const [product] = await simpleProducts(page);
    await addFromProductPage(page, product!);
    await openWishlist(page);
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.getByRole('button', { name: 'Copy link' }).click();
    await expect(announcer(page)).toContainText('Link copied');
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toMatch(/\/wishlist\/view\/[^/]+\/$/);

    const visitor = await browser.newContext();
    try {
      const other = await visitor.newPage();
      await other.goto(copied);
      await hydrated(other);
      await expect(other.getByRole('table').getByRole('link', { name: product!.name, exact: true })).toBeVisible();
      await expect(other.getByRole('button', { name: `Remove “${product!.name}” from wishlist` })).toHaveCount(0);
      await expect(other.getByRole('spinbutton')).toHaveCount(0);
      await other.getByRole('button', { name: `Add to cart: “${product!.name}”` }).click();
      await expect
        .poll(async () => ((await (await other.request.get('/wp-json/wc/store/v1/cart')).json()) as { items: Array<{ name: string }> }).items.map((i) => i.name))
        .toContain(product!.name);
      // Still in the owner's list: a visitor's add to cart removes nothing.
      await expect(other.getByRole('table').getByRole('link', { name: product!.name, exact: true })).toBeVisible();

      // Private: not found for the visitor.
      await page.getByRole('combobox', { name: 'Privacy' }).selectOption({ label: 'Private' });
      await expect(announcer(page)).toContainText('Privacy changed to Private');
      const response = await other.goto(copied);
      expect(response?.status()).toBe(404);
    } finally {
      await visitor.close();
    }
  });
});

test.describe('wishlist: ask for an estimate (path 5)', () => {
  test('email required; success replaces the form and closes after 3 s; a failure shows its message in an error box in the form', async ({ page }) => {
    const [product] = await simpleProducts(page);
    await addFromProductPage(page, product!);
    await openWishlist(page);
    await page.getByRole('button', { name: 'Ask for an estimate' }).click();
    const dialog = page.getByRole('dialog', { name: 'Ask for an estimate' });
    await dialog.getByRole('button', { name: 'Send the request' }).click();
    await expect(dialog.getByRole('textbox', { name: 'Email' })).toBeFocused();
    await expect(dialog.getByRole('textbox', { name: 'Email' })).toHaveAttribute('aria-invalid', 'true');

    // A failure (the shop refuses): its words as text in an error box, the form kept.
    await page.route('**/suki/v1/wishlist/lists/*/estimate*', (route) =>
      route.fulfill({ status: 400, contentType: 'application/json', body: JSON.stringify({ code: 'suki_wishlist_invalid', message: 'The <b>estimate</b> could not be sent.', data: { status: 400 } }) }),
    );
    await dialog.getByRole('textbox', { name: 'Email' }).fill('lola@example.ph');
    await dialog.getByRole('textbox', { name: 'Message' }).fill('Two of each, please.');
    await dialog.getByRole('button', { name: 'Send the request' }).click();
    await expect(dialog.getByRole('alert')).toHaveText(/The estimate could not be sent\./);
    await expect(dialog.getByRole('textbox', { name: 'Email' })).toHaveValue('lola@example.ph');
    await page.unroute('**/suki/v1/wishlist/lists/*/estimate*');

    await dialog.getByRole('button', { name: 'Send the request' }).click();
    await expect(dialog.getByRole('textbox', { name: 'Email' })).toBeHidden();
    await expect(dialog.getByText(/./).first()).toBeVisible();
    await expect(dialog).toBeHidden({ timeout: 5000 });
  });
});

test.describe('wishlist: guest lists survive (path 6)', () => {
  test('a guest’s list merges into the account at registration, and a second browser signed in sees it', async ({ page, browser }) => {
    const [product] = await simpleProducts(page);
    await addFromProductPage(page, product!);
    const email = `wish.list.${stamp}@example.ph`;
    await register(page, email);
    await openWishlist(page);
    await expect(page.getByRole('table').getByRole('link', { name: product!.name, exact: true })).toBeVisible();
    await expect(wishlistLink(page)).toHaveText('Wishlist (1 item)');

    const second: BrowserContext = await browser.newContext();
    try {
      const other = await second.newPage();
      await logIn(other, email);
      await openWishlist(other);
      await expect(other.getByRole('table').getByRole('link', { name: product!.name, exact: true })).toBeVisible();
    } finally {
      await second.close();
    }
  });

  test('with cookies off, the add shows the spec’s alert text and sends nothing', async ({ page }) => {
    await page.addInitScript(() => {
      Object.defineProperty(Navigator.prototype, 'cookieEnabled', { get: () => false });
      const real = Object.getOwnPropertyDescriptor(Document.prototype, 'cookie')!;
      Object.defineProperty(Document.prototype, 'cookie', { get: () => '', set: () => undefined, configurable: true });
      void real;
    });
    const sent: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/suki/v1/wishlist') && r.method() !== 'GET') sent.push(r.url());
    });
    await page.goto('/shop/');
    await wishlistReady(page);
    const tile = page.getByRole('article').first();
    const name = (await tile.getByRole('heading').innerText()).trim();
    await addButton(page, name).click();
    await expect(tile.getByTestId('wishlist-notice')).toHaveText(/We are sorry, but this feature is available only if cookies on your browser are enabled\./);
    await expect(announcer(page)).toContainText('We are sorry, but this feature is available only if cookies on your browser are enabled.');
    await expect(addButton(page, name)).toHaveAttribute('aria-pressed', 'false');
    expect(sent).toEqual([]);
  });
});

test.describe('wishlist: in Filipino', () => {
  test('a tile’s button adds in Filipino with its notice and header count; the list page’s headings and controls are Filipino, axe clean, no hydration error', async ({ page }) => {
    const errors = watchErrors(page);
    const axe = async () =>
      (await new AxeBuilder({ page }).options({ rules: { 'label-content-name-mismatch': { enabled: true } } }).analyze()).violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id);

    // The empty list first.
    await page.goto('/wishlist/?lang=fil');
    await hydrated(page);
    await expect(page.locator('html')).toHaveAttribute('lang', 'fil-PH');
    await expect(page.getByRole('heading', { level: 1, name: 'Wishlist' })).toBeVisible();
    await expect(page.getByText('Wala pang laman ang wishlist mo.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Pumunta sa shop' })).toBeVisible();

    // A tile's heart on the shop page.
    await page.goto('/shop/');
    await hydrated(page);
    await wishlistReady(page);
    // A simple product's tile (its add to cart is a button), so the list page's row has one too.
    const tile = page.getByRole('article').filter({ has: page.getByRole('button', { name: /^Idagdag sa cart: “/ }) }).first();
    const name = (await tile.getByRole('heading').innerText()).trim();
    const button = page.getByRole('button', { name: `Idagdag sa wishlist ang “${name}”`, exact: true });
    await expect(button).toHaveAttribute('aria-pressed', 'false');
    await expect(button).toHaveAttribute('title', 'Idagdag sa wishlist');
    await button.click();
    await expect(button).toHaveAttribute('aria-pressed', 'true');
    await expect(tile.getByTestId('wishlist-notice')).toContainText(`Naidagdag na ang “${name}” sa wishlist mo.`);
    await expect(tile.getByTestId('wishlist-notice').getByRole('button', { name: 'Isara' })).toBeVisible();
    await expect(announcer(page)).toContainText(`Naidagdag na ang “${name}” sa wishlist mo.`);
    await expect(tile.getByRole('link', { name: 'Tingnan ang wishlist' })).toBeVisible();
    await expect(wishlistLink(page)).toHaveText('Wishlist (1 item)');
    // Again: already there.
    await button.click();
    await expect(tile.getByTestId('wishlist-notice')).toContainText(`Nasa wishlist mo na ang “${name}”.`);

    // The list page.
    await openWishlist(page);
    await expect(page.locator('html')).toHaveAttribute('lang', 'fil-PH');
    const table = page.getByRole('table');
    for (const column of ['Produkto', 'Presyo', 'Stock', 'Idinagdag noong', 'Dami']) await expect(table.getByRole('columnheader', { name: column, exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('checkbox', { name: 'Piliin lahat' })).toBeVisible();
    await expect(page.getByRole('button', { name: `Idagdag sa cart: “${name}”` })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Idagdag sa cart ang mga napili' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Humingi ng estimate' })).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Privacy' })).toBeVisible();
    // The date in the page's language (Filipino month names), money as ₱.
    const added = await table.locator('time').first().innerText();
    expect(added).toBe(await page.evaluate((iso) => new Date(iso).toLocaleDateString('fil-PH', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'Asia/Manila' }), (await table.locator('time').first().getAttribute('datetime')) ?? ''));
    await expect(table.getByText('₱').first()).toBeVisible();
    await expect(table.getByRole('cell', { name: /^(May stock|\d+ in stock)$/ })).toBeVisible();
    expect(await axe()).toEqual([]);

    // The list's dialogs speak Filipino too: the estimate's email check.
    await page.getByRole('button', { name: 'Humingi ng estimate' }).click();
    const dialog = page.getByRole('dialog', { name: 'Humingi ng estimate' });
    await dialog.getByRole('button', { name: 'Ipadala ang hiling' }).click();
    await expect(dialog.getByText('Pakilagay ang tamang email address.')).toBeVisible();
    await dialog.getByRole('button', { name: 'Kanselahin' }).click();

    // Remove, announced in Filipino.
    await page.getByRole('button', { name: `Alisin sa wishlist ang “${name}”` }).click();
    await expect(announcer(page)).toContainText(`Inalis na sa wishlist mo ang “${name}”.`);
    await expect(page.getByText('Wala pang produkto sa wishlist na ito.')).toBeVisible();
    expect(hydrationErrors(errors)).toEqual([]);
  });
});
