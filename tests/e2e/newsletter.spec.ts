import { createHash } from 'node:crypto';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from './fixtures.js';
import { hydrated, hydrationErrors, watchErrors } from './helpers.js';

interface StoreProduct {
  readonly id: number;
  readonly type: string;
  readonly is_in_stock: boolean;
}

/** Puts an in-stock simple product in this page's cart through the Store API. */
async function fillCart(page: Page): Promise<void> {
  const list = (await (await page.request.get('/wp-json/wc/store/v1/products?per_page=20&type=simple')).json()) as StoreProduct[];
  const product = list.find((p) => p.is_in_stock);
  if (!product) throw new Error('No product in stock.');
  const cart = await page.request.get('/wp-json/wc/store/v1/cart');
  const added = await page.request.post('/wp-json/wc/store/v1/cart/add-item', { headers: { Nonce: cart.headers()['nonce'] ?? '' }, data: { id: product.id, quantity: 1 } });
  expect(added.status()).toBe(201);
}

/** The newsletter provider's calls the page makes, as sent. */
function recordCaptures(page: Page): Array<{ readonly action: string; readonly body: string }> {
  const calls: Array<{ action: string; body: string }> = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname === '/wp-admin/admin-ajax.php' && url.searchParams.get('action')?.startsWith('mailchimp_')) {
      calls.push({ action: url.searchParams.get('action') ?? '', body: request.postData() ?? '' });
    }
  });
  return calls;
}

/** Opens the checkout with something in the cart, answering the consent banner as told. */
async function openCheckout(page: Page, consent: 'Accept' | 'Reject'): Promise<void> {
  await page.goto('/');
  await fillCart(page);
  await hydrated(page);
  await page.getByRole('region', { name: 'Cookie consent' }).getByRole('button', { name: consent }).click();
  await page.goto('/checkout/');
  await hydrated(page);
}

const lookUp = async (page: Page, email: string) =>
  (await (await page.request.post(`/wp-admin/admin-ajax.php?action=mailchimp_get_user_by_hash&hash=${createHash('md5').update(email).digest('hex')}`)).json()) as { email: string | false };

test.describe('newsletter capture at checkout', () => {
  test('a valid address is sent once when the shopper leaves the field; ticking the opt-in subscribes them', async ({ page }) => {
    const calls = recordCaptures(page);
    await openCheckout(page, 'Accept');
    const optIn = page.getByRole('checkbox', { name: 'Subscribe to our newsletter' });
    await expect(optIn).not.toBeChecked();
    const email = page.getByRole('group', { name: 'Billing details' }).getByLabel('Email address');
    await email.fill('maria.santos@example');
    await page.getByRole('group', { name: 'Billing details' }).getByLabel('First name').focus();
    await email.fill('maria.santos+suki@example.ph');
    await page.getByRole('group', { name: 'Billing details' }).getByLabel('First name').focus();
    await expect.poll(() => calls.length).toBe(1);
    expect(calls[0]).toEqual({ action: 'mailchimp_set_user_by_email', body: 'email=maria.santos%2Bsuki%40example.ph&mc_language=en&subscribed=0' });
    // In and out of the field again with the same address: nothing more is sent.
    await email.focus();
    await page.getByRole('group', { name: 'Billing details' }).getByLabel('First name').focus();
    expect((await lookUp(page, 'maria.santos+suki@example.ph')).email).toBe(false);
    await optIn.check();
    await expect.poll(() => calls.length).toBe(2);
    expect(calls[1]?.body).toBe('email=maria.santos%2Bsuki%40example.ph&mc_language=en&subscribed=1');
    // The server kept the opt-in: the provider's hash lookup now finds the subscriber.
    await expect.poll(async () => (await lookUp(page, 'maria.santos+suki@example.ph')).email).toBe('maria.santos+suki@example.ph');
  });

  test('nothing is sent when the shopper refused consent', async ({ page }) => {
    const calls = recordCaptures(page);
    await openCheckout(page, 'Reject');
    const email = page.getByRole('group', { name: 'Billing details' }).getByLabel('Email address');
    await email.fill('rico.reyes@example.ph');
    await page.getByRole('group', { name: 'Billing details' }).getByLabel('First name').focus();
    await page.getByRole('checkbox', { name: 'Subscribe to our newsletter' }).check();
    // Give a send every chance to leave, then check none did.
    await page.waitForLoadState('networkidle');
    expect(calls).toEqual([]);
  });
});

test.describe('newsletter in Filipino', () => {
  test('the opt-in at checkout is Filipino and still subscribes; no hydration error', async ({ page }) => {
    const errors = watchErrors(page);
    const calls = recordCaptures(page);
    await page.goto('/?lang=fil');
    await fillCart(page);
    await hydrated(page);
    await page.getByRole('region', { name: 'Pahintulot sa cookies' }).getByRole('button', { name: 'Tanggapin' }).click();
    await page.goto('/checkout/');
    await hydrated(page);
    await expect(page.locator('html')).toHaveAttribute('lang', 'fil-PH');
    const optIn = page.getByRole('checkbox', { name: 'Mag-subscribe sa aming newsletter' });
    await expect(optIn).not.toBeChecked();
    // The checkout's own labels are another area's: English or Filipino, the field's name starts with `Email`.
    const email = page.getByRole('textbox', { name: /^Email/ }).first();
    await email.fill('liza.cruz+fil@example.ph');
    await optIn.check();
    await expect.poll(() => calls.map((c) => c.body)).toContain('email=liza.cruz%2Bfil%40example.ph&mc_language=en&subscribed=1');
    const results = await new AxeBuilder({ page }).include('.newsletter-opt-in').options({ rules: { 'label-content-name-mismatch': { enabled: true } } }).analyze();
    expect(results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
    expect(hydrationErrors(errors)).toEqual([]);
  });
});
