import { expect, test, type Locator, type Page } from './fixtures.js';
import { hydrated } from './helpers.js';

// A simple product the shop sells at most 2 of per order.
const LAMP = { name: 'Capiz Shell Pendant Lamp', path: '/product/capiz-shell-pendant-lamp/', max: 2 };

/** Pesos shown as `₱1,234.50`, as a number. */
const pesos = async (locator: Locator): Promise<number> => Number((await locator.innerText()).replace(/[^\d.]/g, ''));

/** The subtotal in a totals list (the cart page's or the panel's). */
const subtotalOf = (scope: Locator): Locator => scope.getByRole('definition').first();

/** The name of the first tile with an add to cart button, and that button. */
async function firstAddable(page: Page): Promise<{ name: string; button: Locator }> {
  const button = page.getByRole('button', { name: /^Add to cart: “.+”$/ }).first();
  const name = ((await button.getAttribute('aria-label')) ?? '').replace(/^Add to cart: “/, '').replace(/”$/, '');
  return { name, button: page.getByRole('button', { name: `Add to cart: “${name}”` }) };
}

/** Adds the lamp from its product page and waits for the cart to have it. */
async function addLamp(page: Page): Promise<void> {
  await page.goto(LAMP.path);
  await hydrated(page);
  await page.getByRole('button', { name: `Add to cart: “${LAMP.name}”` }).click();
  // Confirmed by the shop (not only shown): going to the cart page while the add is in flight would cancel it.
  await expect(page.getByRole('button', { name: `Added to cart: “${LAMP.name}”` })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Cart (1 item)' })).toBeVisible();
}

test.describe('cart defects found by a new shopper', () => {
  test('the header cart button says 0 items, 1 item, 2 items, in its name and its text', async ({ page }) => {
    await page.goto('/shop/');
    await hydrated(page);
    const cart = page.getByRole('banner').getByRole('button', { name: /^Cart \(/ });
    await expect(cart).toHaveAccessibleName('Cart (0 items)');
    await expect(cart).toHaveText('Cart (0 items)');
    const first = await firstAddable(page);
    await first.button.click();
    await expect(cart).toHaveAccessibleName('Cart (1 item)');
    await expect(cart).toHaveText('Cart (1 item)');
    const second = await firstAddable(page);
    await second.button.click();
    await expect(cart).toHaveAccessibleName('Cart (2 items)');
    await expect(cart).toHaveText('Cart (2 items)');
  });

  test('a quantity typed on the cart page and left with Tab updates the cart and the totals', async ({ page }) => {
    await addLamp(page);
    await page.goto('/cart/');
    await hydrated(page);
    const totals = page.getByRole('region', { name: 'Cart totals' });
    const one = await pesos(subtotalOf(totals));
    const field = page.getByRole('spinbutton', { name: `Quantity of “${LAMP.name}”` });
    await field.fill('2');
    await field.press('Tab');
    // Focus moved on to the next control, as Tab does, and stayed on the page.
    await expect(page.getByRole('button', { name: `Increase quantity of “${LAMP.name}”` })).toBeFocused();
    await expect(page.getByRole('button', { name: 'Cart (2 items)' })).toBeVisible();
    await expect.poll(() => pesos(subtotalOf(totals))).toBe(one * 2);
    await expect(page.getByRole('status')).toHaveText(`Quantity of “${LAMP.name}” changed to 2`);
    // The server has it too.
    await page.reload();
    await expect(page.getByRole('spinbutton', { name: `Quantity of “${LAMP.name}”` })).toHaveValue('2');
  });

  test('a quantity typed in the cart panel and left with Enter updates the cart and the totals, keeping focus', async ({ page }) => {
    await page.goto('/shop/');
    await hydrated(page);
    const { name, button } = await firstAddable(page);
    await button.click();
    await page.getByRole('button', { name: 'Cart (1 item)' }).click();
    const panel = page.getByRole('dialog', { name: 'Cart' });
    const one = await pesos(subtotalOf(panel));
    const field = panel.getByRole('spinbutton', { name: `Quantity of “${name}”` });
    await field.fill('3');
    await field.press('Enter');
    await expect(page.getByRole('button', { name: 'Cart (3 items)' })).toBeAttached();
    await expect.poll(() => pesos(subtotalOf(panel))).toBe(one * 3);
    await expect(field).toHaveValue('3');
    await expect(field).toBeFocused();
  });

  test('an emptied quantity goes back to the last confirmed one, with a message', async ({ page }) => {
    await addLamp(page);
    await page.goto('/cart/');
    await hydrated(page);
    const writes: string[] = [];
    page.on('request', (r) => {
      if (r.method() !== 'GET' && r.url().includes('/cart/')) writes.push(r.url());
    });
    const field = page.getByRole('spinbutton', { name: `Quantity of “${LAMP.name}”` });
    await field.fill('');
    await field.press('Tab');
    await expect(field).toHaveValue('1');
    const message = `The quantity of “${LAMP.name}” needs a number, so it stays at 1.`;
    await expect(page.getByRole('status')).toHaveText(message);
    await expect(field).toHaveAccessibleDescription(message);
    await expect(page.getByRole('button', { name: 'Cart (1 item)' })).toBeVisible();
    expect(writes).toEqual([]);
  });

  test('a quantity above the line’s maximum is clamped to it, with a message', async ({ page }) => {
    await addLamp(page);
    await page.goto('/cart/');
    await hydrated(page);
    const field = page.getByRole('spinbutton', { name: `Quantity of “${LAMP.name}”` });
    await field.fill('5');
    await field.press('Enter');
    await expect(field).toHaveValue(String(LAMP.max));
    const message = `The most you can buy of “${LAMP.name}” is ${LAMP.max}, so the quantity is now ${LAMP.max}.`;
    await expect(page.getByRole('status')).toHaveText(message);
    await expect(page.getByText(message, { exact: true }).first()).toBeVisible();
    await expect(page.getByRole('button', { name: `Cart (${LAMP.max} items)` })).toBeVisible();
  });

  test('adding from a tile with the keyboard keeps focus on the button, which says it was added; View cart is next', async ({ page }) => {
    await page.goto('/shop/');
    await hydrated(page);
    const { name, button } = await firstAddable(page);
    const tile = page.getByRole('article', { name, exact: true });
    await button.focus();
    await page.keyboard.press('Enter');
    const added = tile.getByRole('button', { name: `Added to cart: “${name}”` });
    await expect(added).toHaveText('Added to cart');
    await expect(added).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(tile.getByRole('link', { name: 'View cart' })).toBeFocused();
  });

  test('adding from the product page with the keyboard keeps focus too', async ({ page }) => {
    await page.goto(LAMP.path);
    await hydrated(page);
    await page.getByRole('button', { name: `Add to cart: “${LAMP.name}”` }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('button', { name: `Added to cart: “${LAMP.name}”` })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(page.getByRole('main').getByRole('link', { name: 'View cart' })).toBeFocused();
  });
});
