/**
 * Shopper accounts in the browser (issue 13), by role and accessible name: the guest panel and its
 * fade, password toggles and the strength meter, registration, log in and out, remember me, lost
 * and reset password (the link read from the mail the e2e server writes as `.eml`), the account
 * pages, orders, addresses into the checkout, account details, and the cart that follows the
 * shopper. The tests run in order and share two accounts (the shop limits registrations per
 * client, so the file makes only the accounts it needs).
 */
import AxeBuilder from '@axe-core/playwright';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, test, type BrowserContext, type Locator, type Page } from './fixtures.js';
import { pairDataDir, workerPair } from './servers.js';
import { hydrated, hydrationErrors, watchErrors } from './helpers.js';

/** Where the e2e server writes its mail (`scripts/e2e-server.mjs`'s data folder). */
const MAIL_DIR = path.join(pairDataDir(workerPair()), 'mail');
const STRONG = 'Tr0ub4dor&3-horse';
const NEWER = 'Correct-Horse-Battery-9';
const stamp = Date.now().toString(36);

/** The two accounts of this file: A registers in the browser, B for what A must not see. */
const a = { email: `ana.buyer.${stamp}@example.ph`, username: `ana.buyer.${stamp}`, password: STRONG, order: '' };
const b = { email: `rico.reyes.${stamp}@example.ph`, password: STRONG };

interface StoreProduct {
  readonly id: number;
  readonly name: string;
  readonly type: string;
  readonly is_in_stock: boolean;
  readonly prices: { readonly price: string };
  readonly add_to_cart: { readonly maximum: number };
}

interface StoreCart {
  readonly items: ReadonlyArray<{ readonly id: number; readonly name: string; readonly quantity: number }>;
}

const cartOf = async (page: Page): Promise<StoreCart> => (await (await page.request.get('/wp-json/wc/store/v1/cart')).json()) as StoreCart;

/** Puts `quantity` of a product in this page's cart through the Store API. */
async function addToCart(page: Page, product: StoreProduct, quantity: number): Promise<void> {
  const cart = await page.request.get('/wp-json/wc/store/v1/cart');
  const added = await page.request.post('/wp-json/wc/store/v1/cart/add-item', { headers: { Nonce: cart.headers()['nonce'] ?? '' }, data: { id: product.id, quantity } });
  expect(added.status()).toBe(201);
}

/** In-stock simple products under ₱1,500, the ones with the lowest purchase limit first. */
async function simpleProducts(page: Page): Promise<StoreProduct[]> {
  const list = (await (await page.request.get('/wp-json/wc/store/v1/products?per_page=50&type=simple')).json()) as StoreProduct[];
  return list.filter((p) => p.is_in_stock && Number(p.prices.price) <= 149_900).sort((x, y) => x.add_to_cart.maximum - y.add_to_cart.maximum);
}

const loginForm = (page: Page) => page.getByRole('form', { name: 'Login' });
const registerForm = (page: Page) => page.getByRole('form', { name: 'Register' });
const accountNav = (page: Page) => page.getByRole('navigation', { name: 'Account' });

async function openAccount(page: Page): Promise<void> {
  await page.goto('/my-account/');
  await hydrated(page);
}

/** Logs in through the form, by username or email. */
async function logIn(page: Page, login: string, password: string, remember = false): Promise<void> {
  await openAccount(page);
  const form = loginForm(page);
  await form.getByRole('textbox', { name: 'Username or email address' }).fill(login);
  await form.getByLabel('Password', { exact: true }).fill(password);
  if (remember) await form.getByRole('checkbox', { name: 'Remember me' }).check();
  await form.getByRole('button', { name: 'Log in' }).click();
}

async function logOut(page: Page): Promise<void> {
  await accountNav(page).getByRole('link', { name: 'Log out' }).click();
  await expect(page.getByRole('main').getByText('You have been logged out.')).toBeVisible();
}

async function register(page: Page, email: string, password: string): Promise<void> {
  await openAccount(page);
  await page.getByRole('button', { name: 'Register' }).click();
  const form = registerForm(page);
  await form.getByRole('textbox', { name: 'Email address' }).fill(email);
  await form.getByLabel('Password', { exact: true }).fill(password);
  await form.getByRole('button', { name: 'Register' }).click();
  await expect(accountNav(page)).toBeVisible();
}

/** Quoted-printable decoded (nodemailer's encoding of the text part). */
const unquote = (text: string): string => text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));

/** The reset link of the newest password mail to `to`, from the e2e server's `.eml` files. */
async function resetLinkFor(to: string): Promise<string> {
  let found: string | null = null;
  await expect
    .poll(
      async () => {
        const files = (await readdir(MAIL_DIR).catch(() => [] as string[])).filter((f) => f.endsWith('.eml')).sort();
        for (const file of files.reverse()) {
          const mail = unquote(await readFile(path.join(MAIL_DIR, file), 'utf8'));
          if (!mail.includes(`To: ${to}`) || !/Subject: Password Reset/i.test(mail)) continue;
          const link = /https?:\/\/[^\s"<>]+\/my-account\/lost-password\/\?key=[A-Za-z0-9_-]+&(?:amp;)?id=\d+/.exec(mail);
          if (link) {
            found = link[0].replace('&amp;', '&');
            return true;
          }
        }
        return false;
      },
      { timeout: 10_000 },
    )
    .toBe(true);
  return found ?? '';
}

/** Styles of the section that holds a form (the part that fades). */
const sectionStyle = (form: Locator) =>
  form.evaluate((el) => {
    const style = getComputedStyle(el.closest('section') ?? el);
    return { transition: style.transitionDuration, animation: style.animationName };
  });

test.describe.serial('My Account', () => {
  test('a guest sees the login form, and Register fades to the registration form and back, focus following', async ({ page }) => {
    await openAccount(page);
    await expect(page.getByRole('heading', { name: 'My account', level: 1 })).toBeVisible();
    const login = loginForm(page);
    await expect(login.getByRole('textbox', { name: 'Username or email address' })).toBeVisible();
    await expect(login.getByLabel('Password', { exact: true })).toBeVisible();
    await expect(login.getByRole('checkbox', { name: 'Remember me' })).not.toBeChecked();
    await expect(login.getByRole('button', { name: 'Log in' })).toBeVisible();
    await expect(login.getByRole('link', { name: 'Lost your password?' })).toHaveAttribute('href', '/my-account/lost-password/');
    await expect(registerForm(page)).toBeHidden();
    expect(await sectionStyle(login)).toEqual({ transition: '0.25s', animation: 'none' });

    await page.getByRole('button', { name: 'Register' }).click();
    // The login form fades out first, then the registration form fades in with focus on its first field.
    await expect(registerForm(page).getByRole('textbox', { name: 'Email address' })).toBeFocused();
    await expect(login).toBeHidden();
    await expect(registerForm(page).getByLabel('Password', { exact: true })).toBeVisible();
    await expect(registerForm(page).getByRole('button', { name: 'Register' })).toBeVisible();
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(loginForm(page).getByRole('textbox', { name: 'Username or email address' })).toBeFocused();
    await expect(registerForm(page)).toBeHidden();
  });

  test('with reduced motion the switch does not fade', async ({ browser }) => {
    const context = await browser.newContext({ reducedMotion: 'reduce' });
    const page = await context.newPage();
    await openAccount(page);
    expect(await sectionStyle(loginForm(page))).toEqual({ transition: '0s', animation: 'none' });
    await page.getByRole('button', { name: 'Register' }).click();
    await expect(registerForm(page).getByRole('textbox', { name: 'Email address' })).toBeFocused();
    await expect(loginForm(page)).toBeHidden();
    expect(await sectionStyle(registerForm(page))).toEqual({ transition: '0s', animation: 'none' });
    await context.close();
  });

  test('without scripts both forms show side by side, and no button that needs scripts', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/my-account/');
    await expect(loginForm(page).getByRole('textbox', { name: 'Username or email address' })).toBeVisible();
    await expect(registerForm(page).getByRole('textbox', { name: 'Email address' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Show password' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Register' })).toHaveCount(1);
    const [loginBox, registerBox] = [await loginForm(page).boundingBox(), await registerForm(page).boundingBox()];
    expect(loginBox && registerBox && Math.abs(loginBox.y - registerBox.y) < 5 && registerBox.x > loginBox.x).toBe(true);
    await context.close();
  });

  test('every password field has a Show password toggle (aria-pressed)', async ({ page }) => {
    await openAccount(page);
    const login = loginForm(page);
    const password = login.getByLabel('Password', { exact: true });
    await password.fill('secret words');
    const toggle = login.getByRole('button', { name: 'Show password' });
    await expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await expect(password).toHaveAttribute('type', 'password');
    await toggle.click();
    const hide = login.getByRole('button', { name: 'Hide password' });
    await expect(hide).toHaveAttribute('aria-pressed', 'true');
    await expect(password).toHaveAttribute('type', 'text');
    await expect(password).toHaveValue('secret words');
    await hide.click();
    await expect(password).toHaveAttribute('type', 'password');
    await page.getByRole('button', { name: 'Register' }).click();
    await expect(registerForm(page).getByRole('button', { name: 'Show password' })).toHaveAttribute('aria-pressed', 'false');
  });

  test('the forms check themselves before posting: errors described on their fields, focus on the first', async ({ page }) => {
    await openAccount(page);
    await loginForm(page).getByRole('button', { name: 'Log in' }).click();
    const username = loginForm(page).getByRole('textbox', { name: 'Username or email address' });
    await expect(username).toBeFocused();
    await expect(username).toHaveAccessibleDescription('This field is required.');
    await expect(page).toHaveURL(/\/my-account\/$/);
    await page.getByRole('button', { name: 'Register' }).click();
    const form = registerForm(page);
    await form.getByRole('textbox', { name: 'Email address' }).fill('ana@');
    await form.getByLabel('Password', { exact: true }).fill('short');
    await form.getByRole('button', { name: 'Register' }).click();
    await expect(form.getByRole('textbox', { name: 'Email address' })).toHaveAccessibleDescription('Please provide a valid email address.');
    await expect(form.getByLabel('Password', { exact: true })).toHaveAccessibleDescription(/^Passwords must be at least \d+ characters long\./);
    await expect(page.getByTestId('announcer')).toHaveText('Please correct the 2 fields marked in the form.');
  });

  test('register: the strength meter, the account made, the newsletter capture, and a duplicate email gets the stock message', async ({ page }) => {
    const captured: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname === '/wp-admin/admin-ajax.php' && url.searchParams.get('action') === 'mailchimp_set_user_by_email') captured.push(request.postData() ?? '');
    });
    await openAccount(page);
    await page.getByRole('region', { name: 'Cookie consent' }).getByRole('button', { name: 'Accept' }).click();
    await page.getByRole('button', { name: 'Register' }).click();
    const form = registerForm(page);
    await expect(form.getByText(/^At least \d+ characters\./)).toBeVisible();
    const password = form.getByLabel('Password', { exact: true });
    await password.fill('abc');
    const meter = form.getByRole('meter', { name: 'Password strength' });
    await expect(meter).toBeVisible();
    await expect(form.getByText('Strength: Very weak')).toBeVisible();
    await password.fill(STRONG);
    await expect(meter).toHaveAttribute('aria-valuetext', /^(Strong|Very strong)$/);
    await expect(form.getByText(/^Strength: (Strong|Very strong)$/)).toBeVisible();
    await form.getByRole('textbox', { name: 'Email address' }).fill(a.email);
    await form.getByRole('button', { name: 'Register' }).click();
    await expect(accountNav(page)).toBeVisible();
    await expect(page.getByRole('main').getByText(`Your username is ${a.username}.`)).toBeVisible();
    await expect(page.getByRole('link', { name: /^My account: / })).toBeVisible();
    // The address went to the newsletter provider once (on leaving the field, or as the form was sent).
    await expect.poll(() => captured.filter((body) => body.includes(encodeURIComponent(a.email))).length).toBe(1);

    await logOut(page);
    await expect(page.getByRole('link', { name: 'My account', exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'Register' }).click();
    await registerForm(page).getByRole('textbox', { name: 'Email address' }).fill(a.email);
    await registerForm(page).getByLabel('Password', { exact: true }).fill(STRONG);
    await registerForm(page).getByRole('button', { name: 'Register' }).click();
    await expect(page.getByRole('alert')).toContainText('An account is already registered with your email address. Please log in.');
    // The registration form shows first, with the address kept.
    await expect(registerForm(page).getByRole('textbox', { name: 'Email address' })).toHaveValue(a.email);
    await expect(loginForm(page)).toBeHidden();
  });

  test('log in: wrong credentials get one message; by username for the browser session, by email remembered', async ({ page, context }) => {
    await logIn(page, a.username, 'not-the-password');
    await expect(page.getByRole('alert')).toContainText('The username or email address and password you entered do not match an account.');
    await expect(loginForm(page).getByRole('textbox', { name: 'Username or email address' })).toHaveValue(a.username);

    await logIn(page, a.username, a.password);
    await expect(page.getByRole('main').getByText(/^Hello /)).toBeVisible();
    const session = (await context.cookies()).find((c) => c.name === 'suki_session');
    expect(session?.expires).toBe(-1);
    expect(session?.httpOnly).toBe(true);
    await logOut(page);

    await logIn(page, a.email, a.password, true);
    await expect(accountNav(page)).toBeVisible();
    const remembered = (await context.cookies()).find((c) => c.name === 'suki_session');
    expect((remembered?.expires ?? 0) * 1000).toBeGreaterThan(Date.now() + 7 * 24 * 3600 * 1000);
  });

  test('the account navigation, addresses saved and prefilled at checkout, an order placed and viewed', async ({ page }) => {
    await logIn(page, a.email, a.password);
    const nav = accountNav(page);
    for (const name of ['Dashboard', 'Orders', 'Addresses', 'Account details', 'Log out']) await expect(nav.getByRole('link', { name })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');

    await nav.getByRole('link', { name: 'Orders' }).click();
    await expect(nav.getByRole('link', { name: 'Orders' })).toHaveAttribute('aria-current', 'page');
    await expect(page.getByRole('main').getByText('No order has been made yet.')).toBeVisible();

    await nav.getByRole('link', { name: 'Addresses' }).click();
    await page.getByRole('link', { name: 'Edit billing address' }).click();
    const form = page.getByRole('form', { name: 'Billing address' });
    await hydrated(page);
    const values: Record<string, string> = {
      'First name': 'Ana',
      'Last name': 'Buyer',
      'Street address': '12 Mabini Street',
      Barangay: 'San Roque',
      'City / Municipality': 'Marikina',
      Postcode: '1800',
      Phone: '0917 123 4567',
    };
    for (const [label, value] of Object.entries(values)) await form.getByRole('textbox', { name: label }).fill(value);
    await form.getByRole('combobox', { name: 'Province' }).selectOption({ label: 'Metro Manila' });
    await form.getByRole('textbox', { name: 'Postcode' }).fill('18');
    await form.getByRole('button', { name: 'Save address' }).click();
    await expect(form.getByRole('textbox', { name: 'Postcode' })).toBeFocused();
    await expect(form.getByRole('textbox', { name: 'Postcode' })).toHaveAccessibleDescription(/postcode/i);
    await form.getByRole('textbox', { name: 'Postcode' }).fill('1800');
    await form.getByRole('button', { name: 'Save address' }).click();
    await expect(page.getByRole('main').getByText('Address changed successfully.')).toBeVisible();
    await expect(page.getByRole('region', { name: 'Billing address' })).toContainText('12 Mabini Street');

    const [product] = await simpleProducts(page);
    if (!product) throw new Error('No product in stock.');
    await addToCart(page, product, 1);
    await page.goto('/checkout/');
    await hydrated(page);
    const billing = page.getByRole('group', { name: 'Billing details' });
    await expect(billing.getByLabel('First name')).toHaveValue('Ana');
    await expect(billing.getByLabel('Street address')).toHaveValue('12 Mabini Street');
    await expect(billing.getByLabel('Email address')).toHaveValue(a.email);
    await page.getByRole('button', { name: 'Place order' }).click();
    await expect(page.getByRole('heading', { name: 'Order received' })).toBeVisible();
    const orderId = /\/checkout\/order-received\/(\d+)\//.exec(page.url())?.[1] ?? '';
    expect(orderId).toMatch(/^\d+$/);
    a.order = orderId;

    await page.goto('/my-account/orders/');
    const row = page.getByRole('row', { name: new RegExp(`#${orderId}`) });
    await expect(row.getByRole('cell', { name: 'Processing' })).toBeVisible();
    await row.getByRole('link', { name: `View order #${orderId}` }).click();
    await expect(page).toHaveURL(new RegExp(`/my-account/view-order/${orderId}/$`));
    await expect(page.getByRole('main').getByText(new RegExp(`^Order #${orderId} was placed on .+ and is currently Processing\\.$`))).toBeVisible();
    await expect(page.getByRole('table').getByText(product.name)).toBeVisible();
    await expect(accountNav(page).getByRole('link', { name: 'Orders' })).toHaveAttribute('aria-current', 'true');
  });

  test('another account cannot see that order; its details change only with the current password', async ({ page }) => {
    await register(page, b.email, b.password);
    const response = await page.goto(`/my-account/view-order/${a.order}/`);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('alert')).toContainText('Invalid order.');
    await expect(page.getByRole('table')).toHaveCount(0);

    await accountNav(page).getByRole('link', { name: 'Account details' }).click();
    await hydrated(page);
    const form = page.getByRole('form', { name: 'Account details' });
    await form.getByRole('textbox', { name: 'First name' }).fill('Rico');
    await form.getByRole('textbox', { name: 'Last name' }).fill('Reyes');
    await form.getByRole('textbox', { name: 'Display name' }).fill('Rico R');
    await expect(form.getByRole('group', { name: 'Password change' })).toBeVisible();
    await form.getByLabel('New password (leave blank to leave unchanged)').fill(NEWER);
    await form.getByLabel('Confirm new password').fill(NEWER);
    await form.getByRole('button', { name: 'Save changes' }).click();
    const current = form.getByLabel('Current password (leave blank to leave unchanged)');
    await expect(current).toBeFocused();
    await expect(current).toHaveAccessibleDescription('This field is required.');
    await current.fill('not-my-password');
    await form.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByRole('alert')).toContainText('Your current password is incorrect.');
    await page.getByRole('form', { name: 'Account details' }).getByLabel('Current password (leave blank to leave unchanged)').fill(b.password);
    await page.getByRole('form', { name: 'Account details' }).getByLabel('New password (leave blank to leave unchanged)').fill(NEWER);
    await page.getByRole('form', { name: 'Account details' }).getByLabel('Confirm new password').fill(NEWER);
    await page.getByRole('form', { name: 'Account details' }).getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByRole('main').getByText('Account details changed successfully.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'My account: Rico R' })).toBeVisible();
    b.password = NEWER;
    await logOut(page);
    await logIn(page, b.email, STRONG);
    await expect(page.getByRole('alert')).toContainText('do not match an account');
    await logIn(page, b.email, NEWER);
    await expect(accountNav(page)).toBeVisible();
  });

  test('without scripts: log in, a refused address with its errors on the fields, saved, log out', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/my-account/');
    await loginForm(page).getByRole('textbox', { name: 'Username or email address' }).fill(b.email);
    await loginForm(page).getByLabel('Password', { exact: true }).fill(b.password);
    await loginForm(page).getByRole('button', { name: 'Log in' }).click();
    await expect(accountNav(page)).toBeVisible();
    await accountNav(page).getByRole('link', { name: 'Addresses' }).click();
    await page.getByRole('link', { name: 'Edit shipping address' }).click();
    const form = page.getByRole('form', { name: 'Shipping address' });
    await form.getByRole('textbox', { name: 'First name' }).fill('Rico');
    await form.getByRole('button', { name: 'Save address' }).click();
    // The server's answer: the form again, what was typed kept, each error tied to its field.
    await expect(page.getByRole('alert')).toBeVisible();
    const refused = page.getByRole('form', { name: 'Shipping address' });
    await expect(refused.getByRole('textbox', { name: 'First name' })).toHaveValue('Rico');
    await expect(refused.getByRole('textbox', { name: 'Last name' })).toHaveAttribute('aria-invalid', 'true');
    await expect(refused.getByRole('textbox', { name: 'Last name' })).not.toHaveAccessibleDescription('');
    const values: Record<string, string> = { 'Last name': 'Reyes', 'Street address': '4 Luna Street', 'City / Municipality': 'Cebu City', Postcode: '6000' };
    for (const [label, value] of Object.entries(values)) await refused.getByRole('textbox', { name: label }).fill(value);
    await refused.getByRole('combobox', { name: 'Province' }).selectOption({ label: 'Cebu' });
    await refused.getByRole('button', { name: 'Save address' }).click();
    await expect(page.getByRole('main').getByText('Address changed successfully.')).toBeVisible();
    await expect(page.getByRole('region', { name: 'Shipping address' })).toContainText('4 Luna Street');
    await accountNav(page).getByRole('link', { name: 'Log out' }).click();
    await expect(page.getByRole('main').getByText('You have been logged out.')).toBeVisible();
    await context.close();
  });

  test('lost password: the mailed link resets it once; the old password is refused after', async ({ page }) => {
    await openAccount(page);
    await loginForm(page).getByRole('link', { name: 'Lost your password?' }).click();
    await hydrated(page);
    const form = page.getByRole('form', { name: 'Lost password' });
    await form.getByRole('textbox', { name: 'Username or email' }).fill(a.email);
    await form.getByRole('button', { name: 'Reset password' }).click();
    await expect(page.getByRole('main').getByText('Password reset email has been sent.')).toBeVisible();

    const link = await resetLinkFor(a.email);
    await page.goto(link);
    await hydrated(page);
    const reset = page.getByRole('form', { name: 'New password' });
    await reset.getByLabel('New password', { exact: true }).fill(NEWER);
    await expect(reset.getByRole('meter', { name: 'Password strength' })).toBeVisible();
    await reset.getByLabel('Re-enter new password').fill(`${NEWER}x`);
    await reset.getByRole('button', { name: 'Save' }).click();
    await expect(reset.getByLabel('Re-enter new password')).toHaveAccessibleDescription('Passwords do not match.');
    await reset.getByLabel('Re-enter new password').fill(NEWER);
    await expect(reset.getByRole('button', { name: 'Show password' })).toHaveCount(2);
    await reset.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('main').getByText('Your password has been reset successfully.')).toBeVisible();

    await page.goto(link);
    await expect(page.getByRole('main').getByText('This key is invalid or has already been used.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Get a new reset link' })).toHaveAttribute('href', '/my-account/lost-password/');

    await logIn(page, a.email, a.password);
    await expect(page.getByRole('alert')).toContainText('do not match an account');
    a.password = NEWER;
    await logIn(page, a.email, a.password);
    await expect(accountNav(page)).toBeVisible();
  });

  test('the cart follows the shopper: merged at login (a message when capped), shared by a second browser, empty after logging out', async ({ browser }) => {
    const first: BrowserContext = await browser.newContext();
    const page = await first.newPage();
    await logIn(page, a.email, a.password);
    const products = await simpleProducts(page);
    const limited = products[0];
    const plain = products.find((p) => p.add_to_cart.maximum >= 10 && p.id !== limited?.id);
    if (!limited || !plain) throw new Error('The catalogue has no products to merge.');
    // The account's cart: one of the plain product and all that may be bought of the limited one.
    await addToCart(page, plain, 1);
    await addToCart(page, limited, limited.add_to_cart.maximum);
    await logOut(page);
    expect((await cartOf(page)).items).toEqual([]);
    await page.goto('/');
    await hydrated(page);
    await expect(page.getByRole('button', { name: /^Cart \(0 items\)$/ })).toBeVisible();

    // As a guest: two more of each.
    await addToCart(page, plain, 2);
    await addToCart(page, limited, 1);
    await logIn(page, a.email, a.password);
    await expect(page.getByRole('main').getByText(new RegExp(`Your account’s cart now has ${limited.add_to_cart.maximum} of “${limited.name}”`))).toBeVisible();
    const merged = await cartOf(page);
    expect(merged.items.find((i) => i.id === plain.id)?.quantity).toBe(3);
    expect(merged.items.find((i) => i.id === limited.id)?.quantity).toBe(limited.add_to_cart.maximum);
    expect(merged.items).toHaveLength(2);

    const second = await browser.newContext();
    const other = await second.newPage();
    await logIn(other, a.email, a.password);
    await expect(accountNav(other)).toBeVisible();
    const shared = await cartOf(other);
    expect(shared.items.map((i) => [i.id, i.quantity]).sort()).toEqual(merged.items.map((i) => [i.id, i.quantity]).sort());

    await logOut(other);
    expect((await cartOf(other)).items).toEqual([]);
    await first.close();
    await second.close();
  });
});

test.describe('My Account in Filipino', () => {
  test('the login and registration forms and their errors speak Filipino; axe clean; no hydration error', async ({ page }) => {
    const errors = watchErrors(page);
    await page.goto('/my-account/?lang=fil');
    await hydrated(page);
    await expect(page.locator('html')).toHaveAttribute('lang', 'fil-PH');
    const login = page.getByRole('form', { name: 'Mag-log in' });
    await expect(login.getByRole('textbox', { name: 'Username o email address' })).toBeVisible();
    await expect(login.getByLabel('Password', { exact: true })).toBeVisible();
    await expect(login.getByRole('button', { name: 'Ipakita ang password' })).toHaveAttribute('aria-pressed', 'false');
    await expect(login.getByRole('checkbox', { name: 'Tandaan ako' })).not.toBeChecked();
    await expect(login.getByRole('link', { name: 'Nakalimutan ang password?' })).toHaveAttribute('href', '/my-account/lost-password/');
    expect(
      await new AxeBuilder({ page })
        .options({ rules: { 'label-content-name-mismatch': { enabled: true } } })
        .analyze()
        .then((r) => r.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)),
    ).toEqual([]);
    await login.getByRole('button', { name: 'Mag-log in' }).click();
    const username = login.getByRole('textbox', { name: 'Username o email address' });
    await expect(username).toBeFocused();
    await expect(username).toHaveAccessibleDescription('Kailangan ang field na ito.');
    await page.getByRole('button', { name: 'Magparehistro' }).click();
    const register = page.getByRole('form', { name: 'Magparehistro' });
    await register.getByRole('textbox', { name: 'Email address' }).fill('ana@');
    await register.getByLabel('Password', { exact: true }).fill('short');
    await expect(register.getByRole('meter', { name: 'Lakas ng password' })).toBeVisible();
    await register.getByRole('button', { name: 'Magparehistro' }).click();
    await expect(register.getByRole('textbox', { name: 'Email address' })).toHaveAccessibleDescription('Maglagay ng tamang email address.');
    await expect(register.getByLabel('Password', { exact: true })).toHaveAccessibleDescription(/^Dapat hindi bababa sa \d+ na character ang password\./);
    await expect(page.getByTestId('announcer')).toHaveText('Pakiayos ang 2 field na may marka sa form.');
    expect(hydrationErrors(errors)).toEqual([]);
  });
});
