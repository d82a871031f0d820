import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from './fixtures.js';
import { atRest, gtagEvents, hydrated, hydrationErrors, recordTracking, trackedCalls, watchErrors } from './helpers.js';

interface StoreProduct {
  readonly id: number;
  readonly name: string;
  readonly type: string;
  readonly is_in_stock: boolean;
  readonly prices: { readonly price: string };
}

/** Puts an in-stock simple product (under ₱1,500 unless told) in this page's cart through the Store API; answers its name. */
async function addProduct(page: Page, options: { readonly minPrice?: number; readonly maxPrice?: number; readonly quantity?: number } = {}): Promise<string> {
  const list = (await (await page.request.get('/wp-json/wc/store/v1/products?per_page=50&type=simple')).json()) as StoreProduct[];
  const min = options.minPrice ?? 0;
  const max = options.maxPrice ?? 149_900;
  const product = list.find((p) => p.is_in_stock && Number(p.prices.price) >= min && Number(p.prices.price) <= max);
  if (!product) throw new Error('No product fits.');
  const cart = await page.request.get('/wp-json/wc/store/v1/cart');
  const nonce = cart.headers()['nonce'] ?? '';
  const added = await page.request.post('/wp-json/wc/store/v1/cart/add-item', { headers: { Nonce: nonce }, data: { id: product.id, quantity: options.quantity ?? 1 } });
  expect(added.status()).toBe(201);
  return product.name;
}

/** Puts `quantity` of the product found by `search` in this page's cart; answers its name. */
async function addNamed(page: Page, search: string, quantity = 1): Promise<string> {
  const list = (await (await page.request.get(`/wp-json/wc/store/v1/products?search=${encodeURIComponent(search)}`)).json()) as StoreProduct[];
  const product = list.find((p) => p.name === search);
  if (!product) throw new Error(`No product ${search}.`);
  const cart = await page.request.get('/wp-json/wc/store/v1/cart');
  const added = await page.request.post('/wp-json/wc/store/v1/cart/add-item', { headers: { Nonce: cart.headers()['nonce'] ?? '' }, data: { id: product.id, quantity } });
  expect(added.status()).toBe(201);
  return product.name;
}

/** Fills the billing details with a valid Metro Manila address. */
async function fillBilling(page: Page, overrides: Partial<Record<string, string>> = {}): Promise<void> {
  const billing = page.getByRole('group', { name: 'Billing details' });
  const values: Record<string, string> = {
    'Email address': 'juan.delacruz@example.com',
    'First name': 'Juan',
    'Last name': 'Dela Cruz',
    'Street address': '123 Rizal Avenue',
    Barangay: 'Barangay 659',
    'City / Municipality': 'Manila',
    Postcode: '1000',
    Phone: '0917 123 4567',
    ...overrides,
  };
  for (const [label, value] of Object.entries(values)) if (label !== 'Province') await billing.getByLabel(label).fill(value);
  // An empty province leaves it unchosen.
  if (overrides['Province'] === '') return;
  await billing.getByLabel('Province').selectOption({ label: overrides['Province'] ?? 'Metro Manila' });
  // A new province is priced by the shop (the summary is busy from the change on) and its answer
  // brings the shipping methods in above the payment methods. Tests go on with them in place.
  await expect(page.getByRole('region', { name: 'Your order' })).not.toHaveAttribute('aria-busy', 'true');
}

async function seriousViolations(page: Page): Promise<string[]> {
  // At rest: a field scrolled into view brings in the go-to-top link, which fades.
  await atRest(page);
  const results = await new AxeBuilder({ page }).options({ rules: { 'label-content-name-mismatch': { enabled: true } } }).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => `${n.target.join(' ')} ${n.html.slice(0, 160)}`).join(' | ')}`);
}

test.describe('checkout', () => {
  test('an empty cart’s checkout says so and links back to the shop', async ({ page }) => {
    await page.goto('/checkout/');
    await expect(page.getByRole('heading', { name: 'Checkout', level: 1 })).toBeVisible();
    await expect(page.getByText('Your cart is currently empty.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Return to shop' })).toHaveAttribute('href', '/shop/');
    await expect(page.getByRole('button', { name: 'Place order' })).toHaveCount(0);
  });

  test('the cart page and the cart panel lead to the checkout', async ({ page }) => {
    await page.goto('/');
    await addProduct(page);
    await page.goto('/cart/');
    await hydrated(page);
    await expect(page.getByRole('main').getByRole('link', { name: 'Proceed to checkout' })).toHaveAttribute('href', '/checkout/');
    await page.getByRole('button', { name: /^Cart \(1 item\)$/ }).click();
    const panel = page.getByRole('dialog', { name: 'Cart' });
    await expect(panel.getByRole('link', { name: 'Proceed to checkout' })).toHaveAttribute('href', '/checkout/');
    await panel.getByRole('link', { name: 'Proceed to checkout' }).click();
    await expect(page).toHaveURL(/\/checkout\/$/);
    await expect(page.getByRole('button', { name: 'Place order' })).toBeVisible();
  });

  test('before scripts run, the form is there with every labelled field', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/');
    const name = await addProduct(page);
    const response = await page.goto('/checkout/');
    expect(response?.status()).toBe(200);
    const billing = page.getByRole('group', { name: 'Billing details' });
    for (const label of ['Email address', 'First name', 'Last name', 'Phone', 'Street address', 'Barangay', 'City / Municipality', 'Postcode']) {
      await expect(billing.getByLabel(label)).toBeVisible();
    }
    const province = billing.getByLabel('Province');
    await expect(province.locator('option', { hasText: 'Metro Manila' })).toHaveAttribute('value', '00');
    await expect(province.locator('option', { hasText: 'Cebu' })).toHaveAttribute('value', 'CEB');
    await expect(page.getByRole('checkbox', { name: 'Ship to a different address?' })).not.toBeChecked();
    await expect(page.getByRole('textbox', { name: 'Order notes (optional)' })).toBeVisible();
    const payment = page.getByRole('radiogroup', { name: 'Payment method' });
    await expect(payment.getByRole('radio', { name: 'Cash on delivery' })).toBeChecked();
    await expect(page.getByRole('button', { name: 'Add a coupon' })).toBeVisible();
    const summary = page.getByRole('region', { name: 'Your order' });
    await expect(summary.getByRole('cell', { name: new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} × 1`) })).toBeVisible();
    await expect(summary.getByRole('rowheader', { name: 'Subtotal', exact: true })).toBeVisible();
    await expect(summary.getByRole('rowheader', { name: 'Total', exact: true })).toBeVisible();
    await expect(summary).toContainText(/includes ₱[\d,]+\.\d\d VAT 12%/);
    await expect(page.getByRole('button', { name: 'Place order' })).toBeVisible();
    await context.close();
  });

  test('errors show as the shopper types and on submit, the first invalid field gets focus, and the draft survives a reload', async ({ page }) => {
    await page.goto('/');
    await addProduct(page);
    await page.goto('/checkout/');
    await hydrated(page);
    const billing = page.getByRole('group', { name: 'Billing details' });

    await page.getByRole('button', { name: 'Place order' }).click();
    await expect(billing.getByLabel('Email address')).toBeFocused();
    await expect(billing.getByLabel('Email address')).toHaveAccessibleDescription('This field is required.');
    await expect(page.getByRole('status')).toContainText('Please correct');

    // As the shopper types: a bad email, then a good one; a phone that is not Philippine.
    await billing.getByLabel('Email address').fill('juan.delacruz-at-example.com');
    await expect(billing.getByLabel('Email address')).toHaveAccessibleDescription('Please enter a valid email address.');
    await billing.getByLabel('Email address').fill('juan@example.com');
    await expect(billing.getByLabel('Email address')).not.toHaveAttribute('aria-invalid', 'true');
    await billing.getByLabel('Phone').fill('12345');
    await billing.getByLabel('Phone').blur();
    await expect(billing.getByLabel('Phone')).toHaveAccessibleDescription(/Philippine mobile/);
    await billing.getByLabel('Postcode').fill('10000');
    await billing.getByLabel('Postcode').blur();
    await expect(billing.getByLabel('Postcode')).toHaveAccessibleDescription('Please enter a 4-digit postcode.');

    // Submitting now focuses the first field still wrong, in form order.
    await page.getByRole('button', { name: 'Place order' }).click();
    await expect(billing.getByLabel('First name')).toBeFocused();

    // Shipping elsewhere reveals the same fields for shipping.
    await page.getByRole('checkbox', { name: 'Ship to a different address?' }).check();
    const shipping = page.getByRole('group', { name: 'Shipping address' });
    await expect(shipping.getByLabel('Street address')).toBeVisible();
    await shipping.getByLabel('First name').fill('Ana');
    await page.getByRole('textbox', { name: 'Order notes (optional)' }).fill('Please call before delivery.');
    // The draft follows the form; the reload comes once the last field has reached it (a reload in
    // the same instant can lose a keystroke's write between the page and the browser's storage).
    await expect.poll(() => page.evaluate(() => localStorage.getItem('suki-checkout-draft') ?? '')).toContain('Please call before delivery.');

    await page.reload();
    await hydrated(page);
    await expect(billing.getByLabel('Email address')).toHaveValue('juan@example.com');
    await expect(billing.getByLabel('Phone')).toHaveValue('12345');
    await expect(page.getByRole('checkbox', { name: 'Ship to a different address?' })).toBeChecked();
    await expect(page.getByRole('group', { name: 'Shipping address' }).getByLabel('First name')).toHaveValue('Ana');
    await expect(page.getByRole('textbox', { name: 'Order notes (optional)' })).toHaveValue('Please call before delivery.');
    // The draft holds the form's fields and nothing else.
    const stored = await page.evaluate(() => JSON.parse(window.localStorage.getItem('suki-checkout-draft') ?? '{}') as Record<string, unknown>);
    expect(Object.keys(stored).sort()).toEqual(['paymentMethod', 'shipElsewhere', 'values']);
    expect(Object.keys(stored['values'] as object).every((k) => /^(billing|shipping)_[a-z_0-9]+$|^order_comments$/.test(k))).toBe(true);
  });

  test('Add a coupon reveals the code box; the page passes axe', async ({ page }) => {
    await page.goto('/');
    await addProduct(page);
    await page.goto('/checkout/');
    await hydrated(page);
    await expect(page.getByRole('textbox', { name: 'Coupon code' })).toBeHidden();
    await page.getByRole('button', { name: 'Add a coupon' }).click();
    await expect(page.getByRole('button', { name: 'Add a coupon' })).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByRole('textbox', { name: 'Coupon code' })).toBeFocused();
    await expect(page.getByRole('button', { name: 'Apply' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('an order-received address without the right key shows nothing of any order', async ({ page }) => {
    for (const address of ['/checkout/order-received/1/', '/checkout/order-received/1/?key=wc_order_nottheright1']) {
      const response = await page.goto(address);
      expect(response?.status()).toBe(404);
      await expect(page.getByText('We could not find that order.')).toBeVisible();
      await expect(page.getByText('Thank you. Your order has been received.')).toHaveCount(0);
      await expect(page.getByRole('table')).toHaveCount(0);
    }
    expect(await seriousViolations(page)).toEqual([]);
    // The email an old order's page asks for is posted to the page, never put in its address.
    const posted = await page.request.post('/checkout/order-received/1/?key=wc_order_nottheright1', { form: { email: 'juan@example.com' } });
    expect(posted.status()).toBe(404);
    expect(await posted.text()).toContain('We could not find that order.');
  });

  test('a shopper pays on delivery: shipping follows the province, a coupon applies, the order is received', async ({ page }) => {
    await page.goto('/');
    // A product with plenty of stock, so other tests keep theirs.
    const name = await addNamed(page, 'Kapeng Barako Ground Coffee', 2);
    await page.goto('/checkout/');
    await hydrated(page);
    const summary = page.getByRole('region', { name: 'Your order' });
    const shippingRow = summary.getByRole('row', { name: /^Shipping/ });
    await fillBilling(page);
    const methods = page.getByRole('radiogroup', { name: 'Shipping method' });
    await expect(methods.getByRole('radio', { name: 'Flat rate: ₱100.00' })).toBeChecked();
    await expect(shippingRow).toContainText('₱100.00');
    await expect(summary.getByRole('row', { name: /^Total/ })).toContainText('₱940.00');

    // Cebu is in the Visayas: ₱200.
    await page.getByRole('group', { name: 'Billing details' }).getByLabel('Province').selectOption({ label: 'Cebu' });
    await expect(methods.getByRole('radio', { name: 'Flat rate: ₱200.00' })).toBeChecked();
    await expect(summary.getByRole('row', { name: /^Total/ })).toContainText('₱1,040.00');
    await methods.getByRole('radio', { name: 'Local pickup: Free' }).check();
    await expect(summary.getByRole('row', { name: /^Total/ })).toContainText('₱840.00');
    await methods.getByRole('radio', { name: 'Flat rate: ₱200.00' }).check();
    await expect(summary.getByRole('row', { name: /^Total/ })).toContainText('₱1,040.00');

    // Coupons: an expired one is refused with the shop's message; SALAMAT10 takes 10 % off.
    await page.getByRole('button', { name: 'Add a coupon' }).click();
    await page.getByRole('textbox', { name: 'Coupon code' }).fill('PASKO2023');
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(page.getByRole('textbox', { name: 'Coupon code' })).toHaveAccessibleDescription(/expired/);
    await expect(page.getByRole('status')).toContainText(/expired/);
    await page.getByRole('textbox', { name: 'Coupon code' }).fill('SALAMAT10');
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(summary.getByRole('row', { name: /^Discount/ })).toContainText('₱84.00');
    await expect(summary.getByRole('row', { name: /^Total/ })).toContainText('₱956.00');
    await expect(page.getByRole('button', { name: 'Remove coupon salamat10' })).toBeVisible();

    await page.getByRole('textbox', { name: 'Order notes (optional)' }).fill('Please call before delivery.');
    await expect(page.getByRole('radiogroup', { name: 'Payment method' }).getByRole('radio', { name: 'Cash on delivery' })).toBeChecked();
    await page.getByRole('button', { name: 'Place order' }).click();
    await expect(page).toHaveURL(/\/checkout\/order-received\/\d+\/\?key=wc_order_[A-Za-z0-9]+$/);
    await expect(page.getByText('Thank you. Your order has been received.')).toBeVisible();
    const overview = page.getByRole('definition');
    await expect(overview.filter({ hasText: 'juan.delacruz@example.com' })).toBeVisible();
    await expect(overview.filter({ hasText: '₱956.00' })).toBeVisible();
    await expect(overview.filter({ hasText: 'Cash on delivery' })).toBeVisible();
    await expect(overview.filter({ hasText: /^\d+$/ })).toBeVisible();
    await expect(overview.filter({ hasText: /\d{4}$/ }).first()).toBeVisible();
    await expect(page.getByRole('cell', { name: `${name} × 2` })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Billing address' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Shipping address' })).toBeVisible();
    await expect(page.getByText('Cebu, 1000').first()).toBeVisible();
    // The draft is gone with the order, and the cart is empty.
    expect(await page.evaluate(() => window.localStorage.getItem('suki-checkout-draft'))).toBeNull();
    await page.goto('/checkout/');
    await expect(page.getByText('Your cart is currently empty.')).toBeVisible();
  });

  test('bank transfer: on hold, with the shop’s bank details', async ({ page }) => {
    await page.goto('/');
    await addNamed(page, 'Kapeng Barako Ground Coffee');
    await page.goto('/checkout/');
    await hydrated(page);
    await fillBilling(page);
    await page.getByRole('radiogroup', { name: 'Payment method' }).getByRole('radio', { name: 'Direct bank transfer' }).check();
    await page.getByRole('button', { name: 'Place order' }).click();
    await expect(page.getByText('Thank you. Your order has been received.')).toBeVisible();
    await expect(page.getByRole('definition').filter({ hasText: 'Direct bank transfer' })).toBeVisible();
    const bank = page.getByRole('region', { name: 'Our bank details' });
    await expect(bank).toContainText('0012-3456-7890');
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('a lost answer keeps everything typed, and the retry (and a double click) makes one order with one key', async ({ page }) => {
    await page.goto('/');
    await addNamed(page, 'Kapeng Barako Ground Coffee');
    await page.goto('/checkout/');
    await hydrated(page);
    await fillBilling(page);
    const keys: string[] = [];
    let cut = true;
    await page.route('**/wp-json/wc/store/v1/checkout*', async (route) => {
      keys.push(route.request().headers()['idempotency-key'] ?? '');
      if (cut) {
        cut = false;
        // The order is made, but its answer never arrives.
        await route.fetch();
        await route.abort('connectionreset');
        return;
      }
      await route.continue();
    });
    await page.getByRole('button', { name: 'Place order' }).click();
    await expect(page.getByRole('status')).toContainText('cannot be reached');
    await expect(page.getByRole('group', { name: 'Billing details' }).getByLabel('Email address')).toHaveValue('juan.delacruz@example.com');
    await page.getByRole('button', { name: 'Place order' }).dblclick();
    await expect(page.getByText('Thank you. Your order has been received.')).toBeVisible();
    expect(keys).toHaveLength(2);
    expect(keys[0]).not.toBe('');
    expect(keys[1]).toBe(keys[0]);
  });

  // @once: it sells the last jars, so it runs in one project only.
  test('a line sold out while the shopper checks out is marked, with a clear error @once', async ({ browser }) => {
    const buyer = await browser.newContext();
    const late = await browser.newContext();
    const first = await buyer.newPage();
    const second = await late.newPage();
    await first.goto('/');
    await second.goto('/');
    await addNamed(first, 'Ube Halaya Jar', 3);
    const name = await addNamed(second, 'Ube Halaya Jar', 3);
    await second.goto('/checkout/');
    await hydrated(second);
    await fillBilling(second);
    // The other shopper buys the last three first.
    await first.goto('/checkout/');
    await hydrated(first);
    await fillBilling(first);
    await first.getByRole('button', { name: 'Place order' }).click();
    await expect(first.getByText('Thank you. Your order has been received.')).toBeVisible();

    await second.getByRole('button', { name: 'Place order' }).click();
    const line = second.getByRole('region', { name: 'Your order' }).getByRole('row', { name: new RegExp(`^${name}`) });
    await expect(line.getByRole('note')).toContainText('not enough stock');
    await expect(second.getByRole('status')).toContainText('not enough stock');
    await expect(second).toHaveURL(/\/checkout\/$/);
    await expect(second.getByRole('group', { name: 'Billing details' }).getByLabel('Email address')).toHaveValue('juan.delacruz@example.com');
    // On a fresh load the line is still flagged (the cart reports it).
    await second.reload();
    await expect(second.getByRole('region', { name: 'Your order' }).getByRole('row', { name: new RegExp(`^${name}`) }).getByRole('note')).toBeVisible();
    // And the cart page flags it too.
    await second.goto('/cart/');
    await expect(second.getByRole('list', { name: 'Cart items' }).getByRole('listitem').filter({ hasText: name }).getByRole('note')).toContainText('out of stock');
    await buyer.close();
    await late.close();
  });

  test('without scripts, Place order posts the form: a mistake comes back with everything typed, then the order is placed', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/');
    await addNamed(page, 'Kapeng Barako Ground Coffee');
    await page.goto('/checkout/');
    await fillBilling(page, { 'Email address': 'juan.delacruz-at-example.com' });
    await page.getByRole('checkbox', { name: 'Ship to a different address?' }).check();
    const shipping = page.getByRole('group', { name: 'Shipping address' });
    await expect(shipping.getByLabel('Street address')).toBeVisible();
    await page.getByRole('checkbox', { name: 'Ship to a different address?' }).uncheck();
    await expect(page.getByRole('group', { name: 'Shipping address' })).toBeHidden();
    await page.getByRole('textbox', { name: 'Order notes (optional)' }).fill('Gate code 1234.');
    await page.getByRole('radio', { name: 'Direct bank transfer' }).check();
    await page.getByRole('button', { name: 'Place order' }).click();

    await expect(page).toHaveURL(/\/checkout\/$/);
    await expect(page.getByText('Please correct the fields marked below.')).toBeVisible();
    const billing = page.getByRole('group', { name: 'Billing details' });
    await expect(billing.getByLabel('Email address')).toHaveValue('juan.delacruz-at-example.com');
    await expect(billing.getByLabel('Email address')).toHaveAccessibleDescription('Please enter a valid email address.');
    await expect(billing.getByLabel('Street address')).toHaveValue('123 Rizal Avenue');
    await expect(billing.getByLabel('Province')).toHaveValue('00');
    await expect(page.getByRole('textbox', { name: 'Order notes (optional)' })).toHaveValue('Gate code 1234.');
    await expect(page.getByRole('radio', { name: 'Direct bank transfer' })).toBeChecked();

    await billing.getByLabel('Email address').fill('juan.delacruz@example.com');
    await page.getByRole('button', { name: 'Place order' }).click();
    await expect(page).toHaveURL(/\/checkout\/order-received\/\d+\/\?key=wc_order_/);
    await expect(page.getByText('Thank you. Your order has been received.')).toBeVisible();
    await expect(page.getByRole('definition').filter({ hasText: 'Direct bank transfer' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Our bank details' })).toBeVisible();
    await context.close();
  });

  test('analytics: begin checkout, progress on change only, options, payment info and the purchase', async ({ page }) => {
    await recordTracking(page);
    await page.goto('/');
    await addNamed(page, 'Kapeng Barako Ground Coffee');
    await page.goto('/checkout/');
    await hydrated(page);
    await page.getByRole('region', { name: 'Cookie consent' }).getByRole('button', { name: 'Accept' }).click();
    await expect.poll(() => gtagEvents(page)).toContain('begin_checkout');
    const billing = page.getByRole('group', { name: 'Billing details' });
    await billing.getByLabel('Email address').fill('juan.delacruz@example.com');
    await billing.getByLabel('First name').focus();
    await billing.getByLabel('First name').fill('Juan');
    await billing.getByLabel('Last name').focus();
    await expect.poll(async () => (await gtagEvents(page)).filter((e) => e === 'checkout_progress').length).toBe(2);
    // Another billing field: the same step, nothing new.
    await billing.getByLabel('Last name').fill('Dela Cruz');
    await billing.getByLabel('Street address').focus();
    await fillBilling(page);
    await page.getByRole('radio', { name: 'Direct bank transfer' }).check();
    await expect.poll(() => gtagEvents(page)).toContain('set_checkout_option');
    // Stay on the page after placing, to read what was sent (a 204 leaves the page where it is).
    await page.route('**/checkout/order-received/**', (route) => route.fulfill({ status: 204 }));
    await page.getByRole('button', { name: 'Place order' }).click();
    await expect.poll(() => gtagEvents(page)).toContain('purchase');
    const events = await gtagEvents(page);
    expect(events.indexOf('add_payment_info')).toBeLessThan(events.indexOf('purchase'));
    const purchase = (await trackedCalls(page)).find((c) => c.fn === 'gtag' && c.args[1] === 'purchase')?.args[2] as Record<string, unknown>;
    expect(purchase).toMatchObject({ transaction_id: expect.stringMatching(/^\d+$/), value: '520.00', tax: '55.71', shipping: '100.00' });
  });
});

test.describe('checkout while the shop answers', () => {
  test('a tap on a payment method while another province is priced is not lost: the new shipping methods wait for the finger', async ({ page }) => {
    await page.goto('/');
    // Four bags pass Metro Manila's free-shipping minimum: three methods there, two in Cebu.
    await addNamed(page, 'Kapeng Barako Ground Coffee', 4);
    await page.goto('/checkout/');
    await hydrated(page);
    await fillBilling(page, { Province: 'Cebu' });
    const summary = page.getByRole('region', { name: 'Your order' });
    const rates = summary.getByRole('radiogroup', { name: 'Shipping method' }).getByRole('radio');
    await expect(rates).toHaveCount(2);
    // Another province brings another number of shipping methods. The shop's answer is held until
    // the finger is down on a payment method.
    let answer = (): void => undefined;
    const held = new Promise<void>((resolve) => (answer = resolve));
    await page.route('**/wc/store/v1/cart/update-customer**', async (route) => {
      await held;
      await route.continue();
    });
    await page.getByRole('group', { name: 'Billing details' }).getByLabel('Province').selectOption({ label: 'Metro Manila' });
    await expect(summary).toHaveAttribute('aria-busy', 'true');
    const transfer = page.getByRole('radio', { name: 'Direct bank transfer' });
    await transfer.scrollIntoViewIfNeeded();
    const box = await transfer.boundingBox();
    if (!box) throw new Error('the payment radio has no box');
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    // The answer lands during the tap.
    const landed = page.waitForResponse('**/wc/store/v1/cart/update-customer**');
    answer();
    await landed;
    // The finger stays down a while after the answer lands. Drawn at once, the answer would move the
    // radio 32 px down (a third method comes in above it) and the release would miss it.
    await page.waitForTimeout(300);
    await page.mouse.up();
    await expect(transfer).toBeChecked();
    await expect(page.getByRole('radio', { name: 'Cash on delivery' })).not.toBeChecked();
    // Then the answer shows: the shipping methods for Metro Manila, the summary no longer busy.
    await expect(rates).toHaveCount(3);
    await expect(summary).not.toHaveAttribute('aria-busy', 'true');
  });
});

test.describe('checkout in Filipino', () => {
  test('the form, its validation errors, the summary and the payment methods speak Filipino; axe clean; no hydration error', async ({ page }) => {
    const errors = watchErrors(page);
    await page.goto('/');
    await addProduct(page);
    await page.goto('/checkout/?lang=fil');
    await hydrated(page);
    await expect(page.locator('html')).toHaveAttribute('lang', 'fil-PH');
    await expect(page.getByRole('heading', { name: 'Checkout', level: 1 })).toBeVisible();
    const billing = page.getByRole('group', { name: 'Detalye ng billing' });
    await expect(billing.getByRole('textbox', { name: 'Email address' })).toBeVisible();
    await expect(billing.getByRole('combobox', { name: 'Probinsya' })).toBeVisible();
    await expect(billing.getByRole('textbox', { name: 'ZIP code' })).toBeVisible();
    await expect(page.getByRole('checkbox', { name: 'Ipadala sa ibang address?' })).not.toBeChecked();
    await expect(page.getByRole('radiogroup', { name: 'Paraan ng pagbabayad' }).getByRole('radio', { name: 'Cash on delivery (COD)' })).toBeChecked();
    const summary = page.getByRole('region', { name: 'Ang iyong order' });
    await expect(summary.getByRole('rowheader', { name: 'Kabuuan', exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Maglagay ng voucher' })).toBeVisible();

    // Placing the order with nothing filled in: the first field is focused and its error is in Filipino.
    await page.getByRole('button', { name: 'Ilagay ang order' }).click();
    const email = billing.getByRole('textbox', { name: 'Email address' });
    await expect(email).toBeFocused();
    await expect(email).toHaveAccessibleDescription('Kailangan ang field na ito.');
    await expect(page.getByRole('status')).toContainText('Pakiayos');
    await email.fill('juan-at-example.com');
    await expect(email).toHaveAccessibleDescription('Maglagay ng tamang email address.');
    const phone = billing.getByRole('textbox', { name: 'Numero ng mobile' });
    await phone.fill('12345');
    await phone.blur();
    await expect(phone).toHaveAccessibleDescription(/^Maglagay ng numero ng mobile sa Pilipinas/);
    expect(await seriousViolations(page)).toEqual([]);
    expect(hydrationErrors(errors)).toEqual([]);
  });

  test('without scripts, a refused post comes back with its errors in Filipino', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/');
    await addProduct(page);
    await page.goto('/checkout/?lang=fil');
    await page.getByRole('button', { name: 'Ilagay ang order' }).click();
    await expect(page.getByTestId('checkout-error')).toHaveText('Pakiayos ang mga field na may marka sa ibaba.');
    await expect(page.getByRole('group', { name: 'Detalye ng billing' }).getByRole('textbox', { name: 'Email address' })).toHaveAccessibleDescription('Kailangan ang field na ito.');
    await context.close();
  });
});
