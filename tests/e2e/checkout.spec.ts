import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { hydrated } from './helpers.js';

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
  for (const [label, value] of Object.entries(values)) await billing.getByLabel(label).fill(value);
  await billing.getByLabel('Province').selectOption({ label: overrides['Province'] ?? 'Metro Manila' });
}

async function seriousViolations(page: Page): Promise<string[]> {
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
  });
});
