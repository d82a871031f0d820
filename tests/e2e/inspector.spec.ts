/**
 * The event inspector (issue 16 §3), on the embedded shop started with `SUKI_DEBUG=on-request`:
 * `?suki-debug=1` opens it for the tab, `?suki-debug=0` closes it, and without the flag neither
 * the region nor its code comes.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Locator, type Page } from './fixtures.js';
import { hydrated } from './helpers.js';

const INSPECTOR_CHUNK = /\/assets\/(debug|inspector-panel)-[^/]*\.(js|css)$/;

/** The inspector's region, once its panel has come. */
const inspector = (page: Page): Locator => page.getByRole('region', { name: 'Event inspector' });

/** The inspector's rows (events and commands) whose name is `name`. */
const rows = (page: Page, name: string): Locator =>
  inspector(page)
    .getByRole('list')
    .first()
    .getByRole('listitem')
    .filter({ has: page.getByRole('code').getByText(name, { exact: true }) });

/** Adds the first simple product on /shop/ and returns its name. */
async function addFirst(page: Page, index = 0): Promise<string> {
  const add = page.getByRole('button', { name: /^Add to cart: “.+”$/ }).nth(index);
  const name = ((await add.getAttribute('aria-label')) ?? '').replace(/^Add to cart: “/, '').replace(/”$/, '');
  await add.click();
  await expect(page.getByRole('button', { name: `Added to cart: “${name}”` })).toBeVisible();
  return name;
}

test.describe('event inspector', () => {
  test('without the flag: no region and none of its code', async ({ page }) => {
    const fetched: string[] = [];
    page.on('request', (r) => {
      if (INSPECTOR_CHUNK.test(new URL(r.url()).pathname)) fetched.push(r.url());
    });
    await page.goto('/shop/');
    await hydrated(page);
    await addFirst(page);
    await page.waitForLoadState('networkidle');
    await expect(inspector(page)).toHaveCount(0);
    expect(fetched).toEqual([]);
  });

  test('with ?suki-debug=1: add to cart shows cart.added with its source and payload, and the command that made it', async ({ page }) => {
    const fetched: string[] = [];
    page.on('request', (r) => {
      if (INSPECTOR_CHUNK.test(new URL(r.url()).pathname)) fetched.push(new URL(r.url()).pathname);
    });
    // The panel's code is held back until the page has hydrated and sent its first events.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/inspector-panel-[^/]*\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/shop/?suki-debug=1');
    await hydrated(page);
    await expect(inspector(page)).toHaveCount(0);
    release();
    await expect(inspector(page)).toBeVisible();
    expect(fetched.some((p) => p.includes('/debug-'))).toBe(true);
    // Events from before the panel came are listed too.
    await expect(rows(page, 'page.viewed')).toHaveCount(1);
    await expect(rows(page, 'catalog.listViewed').first()).toContainText('from ui');
    const product = await addFirst(page);

    const added = rows(page, 'cart.added');
    await expect(added).toHaveCount(1);
    await expect(added).toContainText('from cart');
    // The payload: collapsed, opened by its summary, shown as text.
    const payload = added.getByRole('group');
    const productLine = payload.getByText(`"name": "${product}"`);
    await expect(productLine).toBeHidden();
    await added.getByText('Payload of cart.added').click();
    await expect(productLine).toBeVisible();
    const command = rows(page, 'cart.add');
    await expect(command).toContainText('handled by cart');
    await expect(command).toContainText('Done');
  });

  test('filters by plugin and by event name, pauses, resumes and clears', async ({ page }) => {
    await page.goto('/shop/?suki-debug=1');
    await hydrated(page);
    await expect(inspector(page)).toBeVisible();
    await addFirst(page);
    const panel = inspector(page);

    await panel.getByRole('combobox', { name: 'Plugin' }).selectOption('cart');
    await expect(rows(page, 'cart.added')).toHaveCount(1);
    await expect(rows(page, 'page.viewed')).toHaveCount(0);
    await panel.getByRole('combobox', { name: 'Plugin' }).selectOption('');
    await panel.getByRole('searchbox', { name: 'Event name' }).fill('viewed');
    await expect(rows(page, 'page.viewed')).toHaveCount(1);
    await expect(rows(page, 'cart.added')).toHaveCount(0);
    await panel.getByRole('searchbox', { name: 'Event name' }).fill('');

    // Pause, by keyboard: what arrives meanwhile is counted, not listed.
    await panel.getByRole('button', { name: 'Pause' }).focus();
    await page.keyboard.press('Enter');
    await expect(panel.getByRole('status')).toHaveText('Paused. New entries are counted, not shown.');
    await addFirst(page, 1);
    await expect(rows(page, 'cart.added')).toHaveCount(1);
    await expect(panel).toContainText(/Paused: \d+ new entr(y|ies) not shown\./);
    await panel.getByRole('button', { name: 'Resume' }).click();
    await expect(rows(page, 'cart.added')).toHaveCount(2);
    await expect(panel.getByRole('status')).toContainText(/^Resumed: \d+ new entr(y|ies) shown\.$/);

    await panel.getByRole('button', { name: 'Clear' }).click();
    await expect(rows(page, 'cart.added')).toHaveCount(0);
    await expect(panel.getByRole('status')).toHaveText('Cleared the list.');
  });

  test('copies an event as JSON, and shows it to copy by hand when the clipboard refuses', async ({ page, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.goto('/shop/?suki-debug=1');
    await hydrated(page);
    await addFirst(page);
    const added = rows(page, 'cart.added');
    await added.getByRole('button', { name: /^Copy as JSON: cart\.added at / }).click();
    await expect(inspector(page).getByRole('status')).toHaveText('Copied cart.added as JSON.');
    const copied = JSON.parse(await page.evaluate(() => navigator.clipboard.readText())) as { name: string; source: string; payload: { quantity: number } };
    expect(copied).toMatchObject({ name: 'cart.added', source: 'cart', payload: { quantity: 1 } });

    // A browser whose clipboard refuses.
    await page.evaluate(() => {
      navigator.clipboard.writeText = () => Promise.reject(new Error('denied'));
    });
    await added.getByRole('button', { name: /^Copy as JSON: cart\.added at / }).click();
    await expect(inspector(page).getByRole('status')).toHaveText(/^Could not reach the clipboard\. The JSON of cart\.added is shown below it/);
    const json = added.getByRole('textbox', { name: 'cart.added as JSON' });
    await expect(json).toBeFocused();
    expect(JSON.parse(await json.inputValue())).toMatchObject({ name: 'cart.added' });
  });

  test('shows events held while consent is asked for, then delivered once granted, and the error a plugin isolated', async ({ page }) => {
    await page.goto('/?suki-debug=1');
    await hydrated(page);
    const viewed = rows(page, 'page.viewed');
    await expect(viewed).toContainText('Held (consent: ask)');
    const gtag = inspector(page).getByRole('listitem').filter({ has: page.getByText('analytics-gtag', { exact: true }) });
    await expect(gtag).toContainText('On, waiting for consent');

    await page.getByRole('region', { name: 'Cookie consent' }).getByRole('button', { name: 'Accept' }).click();
    // The grant itself waits with the rest until the tracking plugins' code has loaded.
    await expect(viewed).toContainText('Held, then delivered when consent was granted');
    await expect(rows(page, 'consent.changed')).toContainText('delivered');
    // This shop installs no Google tag, so the analytics plugin's handler throws on each event;
    // the runtime isolates it under the plugin's name.
    await expect(gtag).toContainText(/^analytics-gtag\s*On/);
    await expect(gtag).toContainText('Function gtag not implemented.');
    await expect(gtag).toContainText(/Isolated: \d+ errors? (or|and) warnings?/);

    // The next page starts with consent granted: its events pass the gate at once.
    await page.goto('/shop/');
    await hydrated(page);
    await expect(rows(page, 'page.viewed')).toContainText('Delivered (consent: granted)');
  });

  test('is remembered for the tab, closed by ?suki-debug=0, and passes axe', async ({ page }) => {
    await page.goto('/shop/?suki-debug=1');
    await hydrated(page);
    await expect(inspector(page)).toBeVisible();
    await page.goto('/cart/');
    await hydrated(page);
    await expect(inspector(page)).toBeVisible();
    const results = await new AxeBuilder({ page }).include('.suki-inspector').options({ rules: { 'label-content-name-mismatch': { enabled: true } } }).analyze();
    expect(results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.html.slice(0, 120)).join(' | ')}`)).toEqual([]);
    await page.goto('/cart/?suki-debug=0');
    await hydrated(page);
    await page.waitForLoadState('networkidle');
    await expect(inspector(page)).toHaveCount(0);
    await page.goto('/shop/');
    await hydrated(page);
    await page.waitForLoadState('networkidle');
    await expect(inspector(page)).toHaveCount(0);
  });
});
