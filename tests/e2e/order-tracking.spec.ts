import AxeBuilder from '@axe-core/playwright';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from './fixtures.js';
import { pairDataDir, workerPair } from './servers.js';
import { atRest, hydrated, hydrationErrors, watchErrors } from './helpers.js';

/** The order `scripts/e2e-seed-orders.ts` placed before the server started. */
interface SeededOrder {
  readonly id: number;
  readonly email: string;
  readonly product: string;
  readonly quantity: number;
}
const seeded = (): SeededOrder =>
  (JSON.parse(readFileSync(path.join(pairDataDir(workerPair()), 'e2e-orders.json'), 'utf8')) as { tracked: SeededOrder }).tracked;

const NOT_FOUND = 'Sorry, the order could not be found. Please contact us if you are having difficulty finding your order details.';

async function seriousViolations(page: Page): Promise<string[]> {
  // At rest: the go-to-top link may be fading in or out.
  await atRest(page);
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`);
}

async function track(page: Page, orderId: string, email: string): Promise<void> {
  await page.getByRole('textbox', { name: 'Order ID' }).fill(orderId);
  await page.getByRole('textbox', { name: 'Billing email' }).fill(email);
  await page.getByRole('button', { name: 'Track' }).click();
}

// Few posts on purpose: attempts are limited per client and per order (10 each), retries included.
test.describe('order tracking', () => {
  test('a shopper tracks an order by its number and billing email: status, date and lines', async ({ page }) => {
    const order = seeded();
    await page.goto('/order-tracking/');
    await hydrated(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Order tracking' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await track(page, String(order.id), order.email.toUpperCase());
    const main = page.getByRole('main');
    await expect(main).toContainText(new RegExp(`Order #${order.id} was placed on \\w+ \\d{1,2}, \\d{4} and is currently Processing\\.`));
    const details = page.getByRole('region', { name: 'Order details' });
    await expect(details.getByRole('cell', { name: `${order.product} × ${order.quantity}` })).toBeVisible();
    await expect(details.getByRole('rowheader', { name: 'Payment method:' })).toBeVisible();
    await expect(details.getByRole('cell', { name: 'Cash on delivery' })).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Order ID' })).toHaveCount(0);
    expect(await seriousViolations(page)).toEqual([]);
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
  });

  test('a wrong billing email answers exactly like a missing order, and keeps what was typed', async ({ page }) => {
    const order = seeded();
    await page.goto('/order-tracking/');
    await track(page, String(order.id), 'someone.else@example.com');
    const alert = page.getByRole('alert').filter({ hasText: NOT_FOUND });
    await expect(alert).toBeVisible();
    const wrongEmail = await page.getByRole('main').innerText();
    await expect(page.getByRole('textbox', { name: 'Billing email' })).toHaveValue('someone.else@example.com');
    await track(page, String(order.id + 100_000), 'someone.else@example.com');
    await expect(alert).toBeVisible();
    expect(await page.getByRole('main').innerText()).toBe(wrongEmail);
    expect(await seriousViolations(page)).toEqual([]);
  });

  test.describe('without scripts', () => {
    test.use({ javaScriptEnabled: false });
    test('the form posts to the page and shows the order', async ({ page }) => {
      const order = seeded();
      await page.goto('/order-tracking/');
      await track(page, `#${order.id}`, order.email);
      await expect(page).toHaveURL(/\/order-tracking\/$/);
      await expect(page.getByRole('main')).toContainText(`Order #${order.id} was placed on`);
      await expect(page.getByRole('region', { name: 'Order details' }).getByRole('cell', { name: `${order.product} × ${order.quantity}` })).toBeVisible();
    });
  });

  test('in Filipino: the form and a refusal speak Filipino, axe clean, no hydration error', async ({ page }) => {
    const errors = watchErrors(page);
    await page.goto('/order-tracking/?lang=fil');
    await hydrated(page);
    await expect(page.locator('html')).toHaveAttribute('lang', 'fil-PH');
    await expect(page.getByRole('heading', { level: 1, name: 'I-track ang order' })).toBeVisible();
    const form = page.getByRole('form', { name: 'I-track ang iyong order' });
    await expect(form.getByRole('textbox', { name: 'Order ID' })).toBeVisible();
    await expect(form.getByRole('textbox', { name: 'Billing email' })).toBeVisible();
    expect(await new AxeBuilder({ page }).options({ rules: { 'label-content-name-mismatch': { enabled: true } } }).analyze().then((r) => r.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id))).toEqual([]);
    // A bad order number is refused in Filipino (the server's check; the value stays).
    await form.getByRole('textbox', { name: 'Order ID' }).fill('abc');
    await form.getByRole('textbox', { name: 'Billing email' }).fill('juan@example.com');
    await form.getByRole('button', { name: 'I-track' }).click();
    await expect(page.getByRole('alert')).toHaveText('Maglagay ng tamang order ID');
    await expect(page.getByRole('textbox', { name: 'Billing email' })).toHaveValue('juan@example.com');
    expect(hydrationErrors(errors)).toEqual([]);
  });
});
