/**
 * The contact forms against the real server (and, at the end, through the upstream-mode front,
 * whose stock shop is the embedded one): the happy path, every error a shopper can see (rules on
 * change, the server's invalid fields, a missing acceptance, spam, offline, an answer that is not
 * JSON, an unknown failure), the form without scripts, and axe on both pages.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page, type Route } from './fixtures.js';
import { frontOf } from './servers.js';
import { atRest, hydrated, hydrationErrors, watchErrors } from './helpers.js';

const SENT = 'Thank you for your message. It has been sent.';
const INVALID = 'One or more fields have an error. Please check and try again.';
const STOCK_ERROR = 'There was an error trying to send your message. Please try again later.';

async function seriousViolations(page: Page): Promise<string[]> {
  // At rest: a form scrolled to its first error brings in the go-to-top link, which fades.
  await atRest(page);
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`);
}

const form = (page: Page) => page.getByRole('form', { name: /Contact us|Wholesale enquiries/ });
const status = (page: Page) => form(page).getByRole('status');

async function fillContact(page: Page, over: { message?: string; email?: string } = {}): Promise<void> {
  await page.getByRole('textbox', { name: 'Your name' }).fill('Ana Reyes');
  await page.getByRole('textbox', { name: 'Your email' }).fill(over.email ?? 'ana@example.ph');
  await page.getByRole('textbox', { name: 'Subject' }).fill('Delivery to Cebu');
  await page.getByRole('textbox', { name: 'Your message' }).fill(over.message ?? 'Do you deliver to Cebu City? Thank you.');
}

/** A weekday from three days ahead (Manila), as the wholesale form's date rules want. */
function weekdayAhead(): string {
  const manila = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Manila', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
  const date = new Date(`${manila}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + 3);
  while (date.getUTCDay() === 0 || date.getUTCDay() === 6) date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
}

/** The next Saturday at least three days ahead. */
function saturdayAhead(): string {
  const date = new Date(`${weekdayAhead()}T00:00:00Z`);
  while (date.getUTCDay() !== 6) date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
}

test.describe('the contact form', () => {
  test('a shopper finds it in the footer and sends a message: Send waits for the box, then the form resets', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('contentinfo').getByRole('link', { name: 'Contact us' }).click();
    await expect(page).toHaveURL(/\/contact\/$/);
    await hydrated(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Contact us' })).toBeVisible();
    await fillContact(page);
    const send = page.getByRole('button', { name: 'Send' });
    await expect(send).toBeDisabled();
    await page.getByRole('checkbox', { name: 'I agree to the privacy policy' }).check();
    await expect(send).toBeEnabled();
    const refill = page.waitForRequest((r) => r.method() === 'GET' && r.url().includes('/wp-json/contact-form-7/v1/contact-forms/101/refill'));
    await send.click();
    await refill;
    await expect(status(page)).toHaveText(SENT);
    await expect(form(page)).toHaveAttribute('data-status', 'sent');
    await expect(page.getByRole('textbox', { name: 'Your name' })).toHaveValue('');
    await expect(page.getByRole('checkbox', { name: 'I agree to the privacy policy' })).not.toBeChecked();
    await expect(send).toBeDisabled();
  });

  test('the rules run on change: a tip names the field’s error and goes once it is right', async ({ page }) => {
    await page.goto('/contact/');
    await hydrated(page);
    await page.getByRole('textbox', { name: 'Your name' }).fill('Ana');
    const email = page.getByRole('textbox', { name: 'Your email' });
    await email.fill('ana@');
    await email.press('Tab');
    await expect(email).toHaveAttribute('aria-invalid', 'true');
    await expect(email).toHaveAccessibleDescription('Please enter an email address.');
    await expect(form(page).getByText('Please enter an email address.')).toBeVisible();
    // Later fields are left alone until reached.
    await expect(page.getByRole('textbox', { name: 'Subject' })).not.toHaveAttribute('aria-invalid', 'true');
    await email.fill('ana@example.ph');
    await email.press('Tab');
    await expect(email).not.toHaveAttribute('aria-invalid', 'true');
    await expect(form(page).getByText('Please enter an email address.')).toHaveCount(0);
  });

  test('the server’s invalid fields show as tips, the status as invalid', async ({ page }) => {
    await page.goto('/contact/');
    await hydrated(page);
    await fillContact(page, { message: 'Too short' });
    // Leaving the field checks it in the browser already; the box is ticked once the tip is in place.
    await page.getByRole('textbox', { name: 'Your message' }).press('Tab');
    await expect(page.getByRole('textbox', { name: 'Your message' })).toHaveAccessibleDescription('This field has a too short input.');
    await page.getByRole('checkbox', { name: 'I agree to the privacy policy' }).check();
    const answer = page.waitForResponse((r) => r.url().includes('/contact-forms/101/feedback'));
    await page.getByRole('button', { name: 'Send' }).click();
    expect(((await (await answer).json()) as { status: string }).status).toBe('validation_failed');
    await expect(status(page)).toHaveText(INVALID);
    await expect(form(page)).toHaveAttribute('data-status', 'invalid');
    await expect(page.getByRole('textbox', { name: 'Your message' })).toHaveAccessibleDescription('This field has a too short input.');
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('in Filipino (?lang=fil): the field’s tip and the live region’s message are Filipino, axe clean, no hydration error', async ({ page }) => {
    const errors = watchErrors(page);
    await page.goto('/contact/?lang=fil');
    await hydrated(page);
    await expect(page.locator('html')).toHaveAttribute('lang', 'fil-PH');
    // The form's name is the page title (its language is the page's); there is one form with a name.
    const filipinoForm = page.getByRole('form');
    await page.getByRole('textbox', { name: 'Iyong pangalan' }).fill('Ana Reyes');
    const email = page.getByRole('textbox', { name: 'Iyong email' });
    await email.fill('ana@');
    await email.press('Tab');
    await expect(email).toHaveAttribute('aria-invalid', 'true');
    await expect(email).toHaveAccessibleDescription('Pakilagay ang email address.');
    await page.getByRole('textbox', { name: 'Paksa' }).fill('Padala sa Cebu');
    await page.getByRole('textbox', { name: 'Iyong mensahe' }).fill('Nagde-deliver ba kayo sa Cebu City? Salamat.');
    await page.getByRole('checkbox', { name: 'Sumasang-ayon ako sa privacy policy' }).check();
    const answer = page.waitForResponse((r) => r.url().includes('/contact-forms/101/feedback'));
    await page.getByRole('button', { name: 'Ipadala' }).click();
    const body = (await (await answer).json()) as { status: string; invalid_fields: Array<{ message: string }> };
    expect(body.status).toBe('validation_failed');
    expect(body.invalid_fields.map((f) => f.message)).toEqual(['Pakilagay ang email address.']);
    await expect(filipinoForm.getByRole('status')).toHaveText('May mali sa isa o higit pang field. Pakitingnan at subukang muli.');
    await expect(filipinoForm).toHaveAttribute('data-status', 'invalid');
    await expect(email).toHaveAccessibleDescription('Pakilagay ang email address.');
    const axe = await new AxeBuilder({ page }).options({ rules: { 'label-content-name-mismatch': { enabled: true } } }).analyze();
    expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
    expect(hydrationErrors(errors)).toEqual([]);
  });

  test('a filled honeypot is spam: the stock message, no tips', async ({ page }) => {
    await page.goto('/contact/');
    await hydrated(page);
    await fillContact(page);
    await page.locator('input[name="your-website-hp"]').fill('http://spam.example', { force: true });
    await page.getByRole('checkbox', { name: 'I agree to the privacy policy' }).check();
    await page.getByRole('button', { name: 'Send' }).click();
    await expect(status(page)).toHaveText(STOCK_ERROR);
    await expect(form(page)).toHaveAttribute('data-status', 'spam');
  });

  for (const [name, handle, text] of [
    ['offline', (route) => route.abort('internetdisconnected'), 'You are probably offline.'],
    ['an answer that is not JSON', (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<html>Cached page</html>' }), 'The response is not a valid JSON response.'],
    ['a server error', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{"code":"internal","message":"Boom"}' }), 'An unknown error occurred.'],
  ] as const satisfies ReadonlyArray<readonly [string, (route: Route) => Promise<void>, string]>) {
    test(`a submission that fails (${name}) says so and the form can be sent again`, async ({ page }) => {
      await page.goto('/contact/');
      await hydrated(page);
      await page.route('**/contact-form-7/v1/contact-forms/*/feedback*', handle);
      await fillContact(page);
      await page.getByRole('checkbox', { name: 'I agree to the privacy policy' }).check();
      await page.getByRole('button', { name: 'Send' }).click();
      await expect(status(page)).toHaveText(text);
      await expect(form(page)).toHaveAttribute('data-status', 'failed');
      await expect(page.getByRole('textbox', { name: 'Your name' })).toHaveValue('Ana Reyes');
      await expect(page.getByRole('button', { name: 'Send' })).toBeEnabled();
    });
  }

  for (const [api, shown, message] of [
    ['payment_required', 'payment-required', 'Payment is required. Please pay by bank transfer.'],
    ['aborted', 'aborted', 'Sending mail has been aborted.'],
  ] as const) {
    test(`a stock shop’s ${api} answer shows as ${shown}`, async ({ page }) => {
      await page.goto('/contact/');
      await hydrated(page);
      await page.route('**/contact-form-7/v1/contact-forms/*/feedback*', (route) =>
        route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ contact_form_id: 101, status: api, message, posted_data_hash: '', into: '#wpcf7-f101-o1' }) }),
      );
      await fillContact(page);
      await page.getByRole('checkbox', { name: 'I agree to the privacy policy' }).check();
      await page.getByRole('button', { name: 'Send' }).click();
      await expect(status(page)).toHaveText(message);
      await expect(form(page)).toHaveAttribute('data-status', shown);
    });
  }

  test('the page is clean for axe', async ({ page }) => {
    await page.goto('/contact/');
    await hydrated(page);
    expect(await seriousViolations(page)).toEqual([]);
    await page.goto('/contact/wholesale/');
    await hydrated(page);
    expect(await seriousViolations(page)).toEqual([]);
  });
});

test.describe('the wholesale form', () => {
  test('checks its rules on change and sends an enquiry with an order sheet', async ({ page }) => {
    await page.goto('/contact/wholesale/');
    await hydrated(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Wholesale enquiries' })).toBeVisible();
    await page.getByRole('textbox', { name: 'Your name' }).fill('Ben Cruz');
    await page.getByRole('textbox', { name: 'Your email' }).fill('ben@cafe.example.ph');
    await page.getByRole('textbox', { name: 'Company' }).fill('Kapihan sa Kanto');
    await page.getByRole('textbox', { name: 'Website' }).fill('kapihan');
    await page.getByRole('textbox', { name: 'Website' }).press('Tab');
    await expect(page.getByRole('textbox', { name: 'Website' })).toHaveAccessibleDescription('Please enter a URL.');
    await page.getByRole('textbox', { name: 'Website' }).fill('https://kapihan.example.ph');
    await page.getByRole('textbox', { name: 'Phone' }).fill('+63 917 123 4567');
    await page.getByRole('combobox', { name: 'Type of business' }).selectOption('Café or restaurant');
    await page.getByRole('checkbox', { name: 'Tea' }).check();
    await page.getByRole('checkbox', { name: 'Snacks' }).check();
    const quantity = page.getByRole('spinbutton', { name: 'Pieces per order' });
    await quantity.fill('5');
    await quantity.press('Tab');
    await expect(quantity).toHaveAccessibleDescription(/This field has a too small number\./);
    await quantity.fill('120');
    const date = page.getByLabel('Preferred date for a call');
    await date.fill(saturdayAhead());
    await date.press('Tab');
    await expect(date).toHaveAccessibleDescription(/Please choose a weekday \(Monday to Friday\)\./);
    await date.fill(weekdayAhead());
    await date.press('Tab');
    await expect(date).not.toHaveAttribute('aria-invalid', 'true');
    await page.getByLabel('Order sheet').setInputFiles({ name: 'order.csv', mimeType: 'text/csv', buffer: Buffer.from('item,qty\nTea,40\n') });
    await page.getByRole('checkbox', { name: 'I agree to the privacy policy' }).check();
    await page.getByRole('button', { name: 'Send' }).click();
    await expect(status(page)).toHaveText(SENT);
    await expect(form(page)).toHaveAttribute('data-status', 'sent');
  });
});

test.describe('without scripts', () => {
  test('the form posts to its page and the page shows the answer: errors first, then sent', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    try {
      await page.goto('/contact/');
      await fillContact(page, { email: 'not-an-email' });
      await page.getByRole('button', { name: 'Send' }).click();
      await expect(page).toHaveURL(/\/contact\/$/);
      await expect(status(page)).toHaveText(INVALID);
      await expect(form(page)).toHaveAttribute('data-status', 'invalid');
      const email = page.getByRole('textbox', { name: 'Your email' });
      await expect(email).toHaveAccessibleDescription('Please enter an email address.');
      await expect(page.getByRole('textbox', { name: 'Your name' })).toHaveValue('Ana Reyes');
      await email.fill('ana@example.ph');
      await page.getByRole('button', { name: 'Send' }).click();
      await expect(status(page)).toHaveText('You must accept the terms and conditions before sending your message.');
      await expect(form(page)).toHaveAttribute('data-status', 'unaccepted');
      await page.getByRole('checkbox', { name: 'I agree to the privacy policy' }).check();
      await page.getByRole('button', { name: 'Send' }).click();
      await expect(status(page)).toHaveText(SENT);
      await expect(page.getByRole('textbox', { name: 'Your name' })).toHaveValue('');
    } finally {
      await context.close();
    }
  });
});

test.describe('upstream mode', () => {
  test('the same page and client send through the front to the stock shop’s Contact Form 7 routes', async ({ page, baseURL }) => {
    const front = frontOf(baseURL ?? '');
    await page.goto(`${front}/contact/`);
    await hydrated(page);
    await fillContact(page);
    await page.getByRole('checkbox', { name: 'I agree to the privacy policy' }).check();
    const answer = page.waitForResponse((r) => r.url().includes('/wp-json/contact-form-7/v1/contact-forms/101/feedback'));
    await page.getByRole('button', { name: 'Send' }).click();
    expect((await answer).url().startsWith(front)).toBe(true);
    await expect(status(page)).toHaveText(SENT);
  });
});
