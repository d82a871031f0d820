import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from './fixtures.js';
import { atRest, hydrated } from './helpers.js';

// Label in name (WCAG 2.5.3). axe ships `label-content-name-mismatch` tagged experimental, so its
// default run skips it: it is switched on here, and each check proves it ran.
const LABEL_IN_NAME = 'label-content-name-mismatch';

/** axe with its default rules plus label-in-name: the serious and critical violations, readable. */
async function seriousViolations(page: Page): Promise<string[]> {
  // Judged at rest (the go-to-top link leaving as a form scrolls to its first error).
  await atRest(page);
  const results = await new AxeBuilder({ page }).options({ rules: { [LABEL_IN_NAME]: { enabled: true } } }).analyze();
  const ran = [...results.passes, ...results.violations, ...results.incomplete, ...results.inapplicable].some((rule) => rule.id === LABEL_IN_NAME);
  expect(ran, `${LABEL_IN_NAME} ran`).toBe(true);
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => `${n.target.join(' ')} ${n.html.slice(0, 160)}`).join(' | ')}`);
}

/**
 * The house rule, stricter than axe (which only asks that the visible text appear somewhere in the
 * name): every shown control named apart from its text has a name that starts with that text,
 * compared as axe does (case, punctuation and symbols aside). A control showing only a symbol
 * (×, +, ‹) has no words to start with and is left out.
 */
async function nameDoesNotStartWithText(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const words = (text: string) =>
      text
        .toLowerCase()
        .replace(/[^\p{L}\p{N}]+/gu, ' ')
        .trim();
    const controls = 'a[href], button, input, select, textarea, summary, [role=button], [role=link], [role=tab], [role=radio], [role=checkbox], [role=switch], [role=option], [role=menuitem]';
    const wrong: string[] = [];
    for (const el of document.querySelectorAll<HTMLElement>(controls)) {
      if (el.closest('[aria-hidden="true"]') || el.getClientRects().length === 0) continue;
      const labelledBy = el.getAttribute('aria-labelledby');
      const name = labelledBy
        ? labelledBy
            .split(/\s+/)
            .map((id) => document.getElementById(id)?.textContent ?? '')
            .join(' ')
        : el.getAttribute('aria-label');
      if (name === null) continue;
      const shown = words(el.innerText ?? '');
      if (shown !== '' && !words(name).startsWith(shown)) wrong.push(`${el.tagName.toLowerCase()} shows “${el.innerText.trim()}” but is named “${name}”`);
    }
    return [...new Set(wrong)];
  });
}

async function expectAccessible(page: Page): Promise<void> {
  expect(await seriousViolations(page)).toEqual([]);
  expect(await nameDoesNotStartWithText(page)).toEqual([]);
}

async function addFirstSimpleProduct(page: Page): Promise<string> {
  await page.goto('/shop/');
  await hydrated(page);
  const add = page.getByRole('button', { name: /^Add to cart: “.+”$/ }).first();
  const name = ((await add.getAttribute('aria-label')) ?? '').replace(/^Add to cart: “/, '').replace(/”$/, '');
  await add.click();
  await expect(page.getByRole('button', { name: `Added to cart: “${name}”` })).toBeVisible();
  return name;
}

test.describe('accessibility on every page type (axe, label in name)', () => {
  const pages: Array<[string, string]> = [
    ['home', '/'],
    ['shop', '/shop/'],
    ['category', '/product-category/tees/'],
    ['filtered shop', '/shop/?product_cat=tees&filter_colour=white'],
    ['simple product', '/product/capiz-shell-pendant-lamp/'],
    ['variable product', '/product/suki-logo-tee/'],
    ['empty cart', '/cart/'],
    ['empty checkout', '/checkout/'],
    ['search results', '/?s=tee&post_type=product'],
    ['blog list', '/blog/'],
    ['order tracking', '/order-tracking/'],
    ['My Account guest panel', '/my-account/'],
    ['lost password', '/my-account/lost-password/'],
  ];
  for (const [what, path] of pages) {
    test(`${what}: ${path}`, async ({ page }) => {
      await page.goto(path);
      await hydrated(page);
      await expectAccessible(page);
    });
  }

  test('a blog post', async ({ page }) => {
    await page.goto('/blog/');
    await hydrated(page);
    await page.getByRole('region', { name: 'Posts' }).getByRole('article').first().getByRole('heading').getByRole('link').click();
    await hydrated(page);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectAccessible(page);
  });

  test('a page that does not exist', async ({ page }) => {
    const response = await page.goto('/no-such-page/');
    expect(response?.status()).toBe(404);
    await hydrated(page);
    await expectAccessible(page);
  });

  test('tiles after an add: the added button and its View cart link', async ({ page }) => {
    await addFirstSimpleProduct(page);
    await expectAccessible(page);
  });

  test('the cart with a line, on its page and in the open cart panel', async ({ page }) => {
    const name = await addFirstSimpleProduct(page);
    await page.getByRole('button', { name: 'Cart (1 item)' }).click();
    const panel = page.getByRole('dialog', { name: 'Cart' });
    await expect(panel.getByRole('link', { name })).toBeVisible();
    await expectAccessible(page);

    await page.goto('/cart/');
    await hydrated(page);
    await expect(page.getByRole('spinbutton', { name: `Quantity of “${name}”` })).toHaveValue('1');
    await expectAccessible(page);
  });

  test('the checkout with a line: its errors shown, shipping elsewhere and the coupon box open', async ({ page }) => {
    await addFirstSimpleProduct(page);
    await page.goto('/checkout/');
    await hydrated(page);
    await page.getByRole('button', { name: 'Place order' }).click();
    await expect(page.getByRole('group', { name: 'Billing details' }).getByLabel('Email address')).toBeFocused();
    await page.getByRole('checkbox', { name: 'Ship to a different address?' }).check();
    await page.getByRole('button', { name: 'Add a coupon' }).click();
    await expectAccessible(page);
  });

  test('My Account: the registration form with its errors, the strength meter and a shown password; a refused login', async ({ page }) => {
    await page.goto('/my-account/');
    await hydrated(page);
    await page.getByRole('button', { name: 'Register' }).click();
    const form = page.getByRole('form', { name: 'Register' });
    await form.getByRole('textbox', { name: 'Email address' }).fill('not-an-address');
    await form.getByLabel('Password', { exact: true }).fill('abc');
    await form.getByRole('button', { name: 'Show password' }).click();
    await form.getByRole('button', { name: 'Register' }).click();
    await expect(form.getByRole('textbox', { name: 'Email address' })).toBeFocused();
    await expect(form.getByRole('meter', { name: 'Password strength' })).toBeVisible();
    await expectAccessible(page);

    await page.getByRole('button', { name: 'Log in' }).click();
    const login = page.getByRole('form', { name: 'Login' });
    await login.getByRole('textbox', { name: 'Username or email address' }).fill('nobody.here');
    await login.getByLabel('Password', { exact: true }).fill('wrong password');
    await login.getByRole('button', { name: 'Log in' }).click();
    await expect(page.getByRole('alert')).toBeVisible();
    await hydrated(page);
    await expectAccessible(page);
  });

  test('My Account signed in: the dashboard, the account details form with errors, a billing address form', async ({ page }) => {
    await page.goto('/my-account/');
    await hydrated(page);
    await page.getByRole('button', { name: 'Register' }).click();
    const form = page.getByRole('form', { name: 'Register' });
    await form.getByRole('textbox', { name: 'Email address' }).fill(`a11y.${Date.now().toString(36)}@example.ph`);
    await form.getByLabel('Password', { exact: true }).fill('Tr0ub4dor&3-horse');
    await form.getByRole('button', { name: 'Register' }).click();
    await expect(page.getByRole('navigation', { name: 'Account' })).toBeVisible();
    await hydrated(page);
    await expectAccessible(page);

    await page.goto('/my-account/edit-account/');
    await hydrated(page);
    const details = page.getByRole('form', { name: 'Account details' });
    await details.getByRole('textbox', { name: 'First name' }).fill('');
    await details.getByLabel('New password (leave blank to leave unchanged)').fill('Another-Pass-42');
    await details.getByRole('button', { name: 'Save changes' }).click();
    await expect(details.getByRole('textbox', { name: 'First name' })).toBeFocused();
    await expectAccessible(page);

    await page.goto('/my-account/edit-address/billing/');
    await hydrated(page);
    await expectAccessible(page);
  });

  test('the search dialog, open with suggestions', async ({ page }) => {
    await page.goto('/shop/');
    await hydrated(page);
    await page.getByRole('button', { name: 'Search' }).click();
    const dialog = page.getByRole('dialog', { name: 'Search the shop' });
    await dialog.getByRole('searchbox', { name: 'Search products' }).fill('tee');
    await expect(dialog.getByRole('list', { name: 'Search suggestions' }).getByRole('link').first()).toBeVisible();
    await expectAccessible(page);
  });

  test('the product gallery’s lightbox, open', async ({ page }) => {
    await page.goto('/product/suki-logo-tee/');
    await hydrated(page);
    await page.getByRole('button', { name: /^Enlarge image 1 of \d+/ }).click();
    await expect(page.getByRole('dialog', { name: /^Images of / })).toBeVisible();
    await expectAccessible(page);
  });

  test('the wishlist: a tile after an add (pressed, its notice, Browse wishlist), the list page and its dialogs, an empty list, a visitor’s view', async ({ page, browser }) => {
    // Eight axe runs over four pages: more than the default 30 s when the machine is busy.
    test.slow();
    await page.goto('/wishlist/');
    await hydrated(page);
    await expect(page.getByText('Your wishlist is empty.')).toBeVisible();
    await expectAccessible(page);

    await page.goto('/shop/');
    await hydrated(page);
    // The wishlist's buttons come live on the first sign of life.
    await page.mouse.move(1, 1);
    await page.locator('html[data-wishlist="ready"]').waitFor({ state: 'attached' });
    const tile = page.getByRole('article').first();
    const name = (await tile.getByRole('heading').innerText()).trim();
    await page.getByRole('button', { name: `Add “${name}” to wishlist` }).click();
    await expect(tile.getByTestId('wishlist-notice')).toBeVisible();
    await expect(tile.getByRole('link', { name: 'Browse wishlist' })).toBeVisible();
    await expectAccessible(page);

    await page.goto('/wishlist/');
    await hydrated(page);
    await expect(page.getByRole('table')).toBeVisible();
    await expectAccessible(page);

    await page.getByRole('button', { name: 'Create a new wishlist' }).click();
    const create = page.getByRole('dialog', { name: 'Create a new wishlist' });
    await create.getByRole('button', { name: 'Create' }).click();
    await expect(create.getByRole('textbox', { name: 'Wishlist name' })).toBeFocused();
    await expectAccessible(page);
    await page.keyboard.press('Escape');
    await expect(create).toBeHidden();

    await page.getByRole('button', { name: `Move “${name}” to another wishlist` }).click();
    await expect(page.getByRole('dialog', { name: `Move “${name}” to another wishlist` })).toBeVisible();
    await expectAccessible(page);
    await page.keyboard.press('Escape');

    await page.getByRole('button', { name: 'Ask for an estimate' }).click();
    await expect(page.getByRole('dialog', { name: 'Ask for an estimate' })).toBeVisible();
    await expectAccessible(page);
    await page.keyboard.press('Escape');

    await page.getByRole('button', { name: 'Edit title' }).click();
    await expect(page.getByRole('textbox', { name: 'Wishlist title' })).toBeFocused();
    await expectAccessible(page);

    const link = await page.getByRole('textbox', { name: 'Wishlist link' }).inputValue();
    const visitor = await browser.newContext();
    try {
      const other = await visitor.newPage();
      await other.goto(link);
      await hydrated(other);
      await expect(other.getByRole('table')).toBeVisible();
      await expectAccessible(other);
    } finally {
      await visitor.close();
    }
  });
});
