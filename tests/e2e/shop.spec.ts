import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Locator, type Page } from './fixtures.js';
import { filtersReady, gtagEvents, hydrated, recordTracking, settled, trackedCalls } from './helpers.js';

const shop = (page: Page) => page.getByRole('region', { name: 'Shop' });
const filters = (page: Page) => page.getByRole('group', { name: 'Filter Shop' });
const countIn = (name: string | null): number => Number(/ \((\d+) products?\)$/.exec(name ?? '')?.[1] ?? NaN);
const colours = (page: Page) => filters(page).getByRole('list', { name: 'Colour' });

async function productNames(section: Locator): Promise<string[]> {
  return section.locator('.listing__grid').getByRole('heading', { level: 3 }).allTextContents();
}

test.describe('shop filters', () => {
  test('filter by category then colour; counts and results change; deselect colour; reset by category; price by number inputs; Back restores', async ({ page }) => {
    await recordTracking(page);
    await page.goto('/shop/');
    await filtersReady(page);
    await page.getByRole('region', { name: 'Cookie consent' }).getByRole('button', { name: 'Accept' }).click();

    // Category: Tees. The list is replaced in place and the address carries product_cat.
    const tees = filters(page).getByRole('link', { name: /^Tees \(\d+ products?\)$/ });
    const teesCount = countIn(await tees.getAttribute('aria-label'));
    await tees.click();
    await expect(page).toHaveURL(/\/shop\/\?product_cat=tees$/);
    await expect(tees).toHaveAttribute('aria-current', 'true');
    await expect(shop(page).locator('.listing__grid > li')).toHaveCount(Math.min(teesCount, 12));
    // Clicking the active category again does nothing (no request).
    let requests = 0;
    page.on('request', (r) => {
      if (r.url().includes('/wc/store/v1/products')) requests += 1;
    });
    await tees.click();
    await page.waitForTimeout(300);
    expect(requests).toBe(0);

    // Colour: White, with counts computed for Tees.
    const white = colours(page).getByRole('link', { name: /^White \(\d+ products?\)$/ });
    const whiteCount = countIn(await white.getAttribute('aria-label'));
    expect(whiteCount).toBeGreaterThan(0);
    expect(whiteCount).toBeLessThanOrEqual(teesCount);
    await white.click();
    await expect(page).toHaveURL(/product_cat=tees&filter_colour=white/);
    await expect(shop(page).locator('.listing__grid > li')).toHaveCount(whiteCount);
    for (const name of await productNames(shop(page))) expect(name.length).toBeGreaterThan(0);
    expect(await gtagEvents(page)).toContain('view_item_list');
    const lists = (await trackedCalls(page)).filter((c) => c.fn === 'gtag' && c.args[1] === 'view_item_list');
    const last = lists.at(-1)?.args[2] as { items: Array<{ list_name: string; list_position: number }> };
    expect(last.items[0]).toMatchObject({ list_name: 'Shop', list_position: 1 });

    // Clicking the active colour deselects it.
    await colours(page).getByRole('link', { name: /^White / }).click();
    await expect(page).toHaveURL(/\/shop\/\?product_cat=tees$/);
    await expect(shop(page).locator('.listing__grid > li')).toHaveCount(Math.min(teesCount, 12));

    // Choose a colour and a sort, then another category: everything else resets.
    await colours(page).getByRole('link', { name: /^Black / }).click();
    await expect(page).toHaveURL(/filter_colour=black/);
    await filters(page).getByRole('link', { name: 'Sort by price: high to low' }).click();
    await expect(page).toHaveURL(/orderby=price-desc/);
    await filters(page).getByRole('link', { name: /^Footwear \(\d+ products?\)$/ }).click();
    await expect(page).toHaveURL(/\/shop\/\?product_cat=footwear$/);
    await expect(filters(page).getByRole('link', { name: 'Default sorting' })).toHaveAttribute('aria-current', 'true');

    // Price through the number inputs (keyboard, no dragging).
    const min = filters(page).getByRole('spinbutton', { name: 'Minimum price' });
    const max = filters(page).getByRole('spinbutton', { name: 'Maximum price' });
    await min.fill('2000');
    await max.fill('3000');
    await max.press('Enter');
    await expect(page).toHaveURL(/min_price=2000&max_price=3000/);
    // The same products the Store API gives for that range (prices in centavos there).
    const expected = await page.evaluate(() =>
      fetch('/wp-json/wc/store/v1/products?category=footwear&min_price=200000&max_price=300000&per_page=100').then((r) => r.json() as Promise<Array<{ name: string }>>),
    );
    expect(expected.length).toBeGreaterThan(0);
    await expect(shop(page).locator('.listing__grid > li')).toHaveCount(expected.length);

    // Back: the previous filters come back, without a reload.
    await page.goBack();
    await expect(page).toHaveURL(/\/shop\/\?product_cat=footwear$/);
    await expect(min).toHaveValue(/^\d+$/);
    await expect(filters(page).getByRole('link', { name: /^Footwear/ })).toHaveAttribute('aria-current', 'true');
    await page.goBack();
    await expect(page).toHaveURL(/orderby=price-desc/);
    await expect(filters(page).getByRole('link', { name: 'Sort by price: high to low' })).toHaveAttribute('aria-current', 'true');
  });

  test('a combination with no products says so and hides load-more; a filtered address renders on the server', async ({ page }) => {
    const response = await page.goto('/shop/?product_cat=footwear&filter_colour=ube');
    expect(response?.status()).toBe(200);
    await expect(shop(page).getByText('No Data for this Combination.')).toBeVisible();
    await expect(shop(page).getByRole('link', { name: /^Load more/ })).toHaveCount(0);
    // Items that would leave nothing are disabled.
    await hydrated(page);
    await expect(colours(page).getByRole('link', { name: 'Ube (0 products)' })).toHaveAttribute('aria-current', 'true');
  });

  test('malformed filter addresses render with the bad values dropped; a page past the end is a 404', async ({ page }) => {
    const odd = await page.goto('/shop/?min_price=abc&max_price=-1&orderby=%3Cx%3E&filter_colour%5B%5D=x&product_cat=no-such-category');
    expect(odd?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1, name: 'Shop' })).toBeVisible();
    expect((await page.goto('/shop/?paged=9999'))?.status()).toBe(404);
    expect((await page.goto('/?popular-paged=9999&rated-orderby=zz'))?.status()).toBe(200);
  });

  test('a failed filter request keeps the list, clears the loading state and offers Retry', async ({ page }) => {
    await page.goto('/shop/');
    await filtersReady(page);
    const before = await productNames(shop(page));
    // Every read fails: the one the pointer started on its way, and the click's own after it.
    const failing = '**/wc/store/v1/products?*';
    await page.route(failing, (route) => route.abort('failed'));
    await filters(page).getByRole('link', { name: /^Bags/ }).click();
    await expect(shop(page).getByRole('alert')).toContainText('The list could not be updated.');
    expect(await productNames(shop(page))).toEqual(before);
    await expect(shop(page).locator('.listing__grid')).not.toHaveAttribute('aria-busy', 'true');
    await page.unroute(failing);
    await shop(page).getByRole('button', { name: 'Retry' }).click();
    await expect(page).toHaveURL(/product_cat=bags/);
    await expect(shop(page).getByRole('alert')).toHaveCount(0);
  });

  test('a new list still out after a tenth of a second fades the shown one and marks it busy, never sooner, until it lands', async ({ page }) => {
    await page.goto('/shop/');
    await filtersReady(page);
    await settled(page);
    // The list's read is held until released (the one the pointer starts on its way, or the click's).
    let release = (): void => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    const products = '**/wc/store/v1/products?page=*';
    await page.route(products, async (route) => {
      await held;
      await route.continue();
    });
    await page.evaluate(() => {
      const w = window as unknown as { clickAt: number; fadedAfter: number | null };
      const section = document.querySelector('[aria-labelledby="section-shop"]')!;
      w.fadedAfter = null;
      document.addEventListener('click', (event) => (w.clickAt = event.timeStamp), { capture: true, once: true });
      new MutationObserver(() => {
        if (w.fadedAfter === null && section.classList.contains('listing--loading')) w.fadedAfter = performance.now() - w.clickAt;
      }).observe(section, { attributes: true, attributeFilter: ['class'] });
    });
    const grid = shop(page).locator('.listing__grid');
    await filters(page).getByRole('link', { name: /^Footwear \(\d+ products?\)$/ }).click();
    await expect(grid).toHaveAttribute('aria-busy', 'true');
    const fadedAfter = await page.evaluate(() => (window as unknown as { fadedAfter: number | null }).fadedAfter);
    expect(fadedAfter).toBeGreaterThanOrEqual(100);
    release();
    await expect(filters(page).getByRole('link', { name: /^Footwear/ })).toHaveAttribute('aria-current', 'true');
    await expect(grid).not.toHaveAttribute('aria-busy', 'true');
    await expect(shop(page)).not.toHaveClass(/listing--loading/);
    await page.unroute(products);
  });

  test('the pointer reaching a filter item starts its read; the click that follows sends nothing more and shows it', async ({ page }) => {
    await page.goto('/shop/');
    await filtersReady(page);
    await settled(page);
    const reads: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/wc/store/v1/products')) reads.push(new URL(request.url()).pathname);
    });
    const footwear = filters(page).getByRole('link', { name: /^Footwear \(\d+ products?\)$/ });
    await footwear.hover();
    await expect.poll(() => reads.length).toBe(2);
    // Hovering again, or moving within the link, asks nothing more.
    await footwear.locator('span').first().hover();
    await footwear.hover();
    // Nothing on screen changed yet.
    await expect(footwear).not.toHaveAttribute('aria-current', 'true');
    await expect(page).toHaveURL(/\/shop\/$/);
    await footwear.click();
    await expect(page).toHaveURL(/product_cat=footwear/);
    await expect(footwear).toHaveAttribute('aria-current', 'true');
    await expect(shop(page).locator('.listing__grid')).not.toHaveAttribute('aria-busy', 'true');
    const names = await productNames(shop(page));
    expect(names.length).toBeGreaterThan(0);
    expect(reads.sort()).toEqual(['/wp-json/wc/store/v1/products', '/wp-json/wc/store/v1/products/collection-data']);
  });

  test('a new list paints first; the filter counts and the new address follow in a later frame', async ({ page }) => {
    await page.goto('/shop/');
    await filtersReady(page);
    await settled(page);
    await page.evaluate(() => {
      const w = window as unknown as { frame: number; seen: Array<[string, number]> };
      w.frame = 0;
      w.seen = [];
      const tick = () => {
        w.frame += 1;
        requestAnimationFrame(tick);
      };
      requestAnimationFrame(tick);
      const section = document.querySelector('[aria-labelledby="section-shop"]');
      const bar = document.getElementById('shop-filters');
      // The address as the frame that paints the new list starts (its animation-frame callbacks).
      // A new list comes as a new grid (the section's child) or as new tiles in the grid.
      new MutationObserver((records) => {
        const isGrid = (node: Node) => node instanceof Element && node.classList.contains('listing__grid');
        if (!records.some((r) => isGrid(r.target) || [...r.addedNodes].some(isGrid))) return;
        if (!w.seen.some(([kind]) => kind === 'list')) requestAnimationFrame(() => w.seen.push([`address ${location.search}`, w.frame]));
        w.seen.push(['list', w.frame]);
      }).observe(section!, { childList: true, subtree: true });
      new MutationObserver((records) => {
        if (records.some((r) => (r.target.parentElement ?? (r.target as Element)).closest?.('.filters__count'))) w.seen.push(['counts', w.frame]);
      }).observe(bar!, { subtree: true, characterData: true, childList: true });
    });
    await filters(page).getByRole('link', { name: /^Footwear \(\d+ products?\)$/ }).click();
    await expect(filters(page).getByRole('link', { name: /^Footwear/ })).toHaveAttribute('aria-current', 'true');
    await expect.poll(() => page.evaluate(() => (window as unknown as { seen: Array<[string, number]> }).seen.some(([kind]) => kind === 'counts'))).toBe(true);
    const seen = await page.evaluate(() => (window as unknown as { seen: Array<[string, number]> }).seen);
    const list = seen.find(([kind]) => kind === 'list')![1];
    const counts = seen.find(([kind]) => kind === 'counts')![1];
    expect(counts).toBeGreaterThan(list);
    // The history entry is written after that frame, not in the task that rendered the list.
    expect(seen.find(([kind]) => kind.startsWith('address'))?.[0]).toBe('address ');
    await expect(page).toHaveURL(/[?&]product_cat=footwear\b/);
  });

  test('the served grid skips laying out tiles far below the fold; a list a filter built lays out all of its tiles at once', async ({ page }) => {
    await page.goto('/shop/');
    await filtersReady(page);
    await settled(page);
    const looks = () =>
      page.evaluate(() => [...document.querySelectorAll('[aria-labelledby="section-shop"] .tile')].map((tile) => getComputedStyle(tile).contentVisibility));
    const served = await looks();
    const servedFirst = await page.evaluate(() => document.querySelector('[aria-labelledby="section-shop"] .tile__name')?.textContent ?? '');
    expect(served.slice(0, 3)).toEqual(['visible', 'visible', 'visible']);
    expect(served.slice(3)).toContain('auto');
    await filters(page).getByRole('link', { name: /^Footwear \(\d+ products?\)$/ }).click();
    await expect(filters(page).getByRole('link', { name: /^Footwear/ })).toHaveAttribute('aria-current', 'true');
    // The new list is in once the first tile is no longer the served one.
    const firstName = () => page.evaluate(() => document.querySelector('[aria-labelledby="section-shop"] .tile__name')?.textContent ?? '');
    await expect.poll(firstName).not.toBe(servedFirst);
    const built = await looks();
    expect(built.length).toBeGreaterThan(3);
    expect(new Set(built)).toEqual(new Set(['visible']));
  });

  test('a page that never falls quiet still brings the filters’ code once the shopper has first acted', async ({ page }) => {
    await page.goto('/shop/');
    await hydrated(page);
    // Something on the page fetches every 400 ms, so it never has the quiet that counts as settled.
    await page.evaluate(() => {
      setInterval(() => void fetch('/wp-json/wc/store/v1/products?per_page=1').then((r) => r.text()), 400);
    });
    await page.waitForTimeout(2500);
    await expect(page.locator('html')).not.toHaveAttribute('data-settled', 'true');
    await expect(page.locator('html')).not.toHaveAttribute('data-filters', 'ready');
    // A tap on add to cart (not on the filters): the page is in use, and what it defers comes once idle.
    await shop(page).getByRole('button', { name: /^Add to cart: “.+”$/ }).first().click();
    await expect(page.getByRole('status')).toHaveText(/added to your cart/);
    await expect(page.locator('html')).toHaveAttribute('data-settled', 'true');
    await expect(page.locator('html')).toHaveAttribute('data-filters', 'ready');
  });

  test('load-more appends pages until “All loaded”, never twice', async ({ page }) => {
    await page.goto('/shop/');
    await filtersReady(page);
    const more = shop(page).getByRole('link', { name: 'Load more shop' });
    let shown = await shop(page).locator('.listing__grid > li').count();
    expect(shown).toBe(12);
    while (await more.count()) {
      await more.click();
      await expect.poll(() => shop(page).locator('.listing__grid > li').count()).toBeGreaterThan(shown);
      shown = await shop(page).locator('.listing__grid > li').count();
    }
    await expect(shop(page).getByRole('status').filter({ hasText: 'All loaded' })).toBeVisible();
    const names = await productNames(shop(page));
    expect(new Set(names).size).toBe(names.length);
    const total = Number(await page.evaluate(() => fetch('/wp-json/wc/store/v1/products?per_page=1').then((r) => r.headers.get('x-wp-total'))));
    expect(shown).toBe(total);
  });

  test('two sections on one page stay independent; a no-ajax section navigates', async ({ page }) => {
    await page.goto('/');
    await filtersReady(page);
    const popular = page.getByRole('region', { name: 'Best sellers' });
    const rated = page.getByRole('region', { name: 'Top rated' });
    const ratedBefore = await productNames(rated);
    await popular.getByRole('link', { name: /^Tees \(\d+ products?\)$/ }).click();
    await expect(page).toHaveURL(/\?popular-product_cat=tees$/);
    await expect(popular.getByRole('link', { name: /^Tees/ })).toHaveAttribute('aria-current', 'true');
    expect(await productNames(rated)).toEqual(ratedBefore);
    await expect(rated.getByRole('link', { name: /^All categories/ })).toHaveAttribute('aria-current', 'true');
    // The no-ajax section goes to its filtered address; the other section keeps its filter.
    await Promise.all([page.waitForURL(/rated-product_cat=footwear/), rated.getByRole('link', { name: /^Footwear \(\d+ products?\)$/ }).click()]);
    await hydrated(page);
    await expect(page).toHaveURL(/popular-product_cat=tees/);
    await expect(page.getByRole('region', { name: 'Best sellers' }).getByRole('link', { name: /^Tees/ })).toHaveAttribute('aria-current', 'true');
    await expect(page.getByRole('region', { name: 'Top rated' }).getByRole('link', { name: /^Footwear/ })).toHaveAttribute('aria-current', 'true');
  });

  test('axe finds no serious or critical violations on the filtered shop', async ({ page }) => {
    await page.goto('/shop/?product_cat=tees&filter_colour=white');
    await hydrated(page);
    const results = await new AxeBuilder({ page }).analyze();
    const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  });
});

test.describe('tile pictures', () => {
  test('a tile far below the fold loads its picture only when scrolled near; a second picture loads on hover or focus, never before', async ({ page }) => {
    const requested: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'image') requested.push(new URL(request.url()).pathname);
    });
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/shop/');
    await hydrated(page);
    const tiles = shop(page).locator('.listing__grid').getByRole('article');
    // The first row's pictures come at once, without a scroll, the first of them preloaded.
    const firstRow = shop(page).locator('.listing__grid picture img');
    expect(await firstRow.count()).toBe(4);
    expect(await firstRow.evaluateAll((imgs) => imgs.map((img) => img.getAttribute('loading') ?? 'eager'))).toEqual(['eager', 'eager', 'eager', 'eager']);
    await expect.poll(() => firstRow.evaluateAll((imgs) => imgs.every((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0))).toBe(true);
    const last = tiles.last();
    const [lastMain, lastHover] = [last.locator('img').nth(0), last.locator('img').nth(1)];
    const lastMainPicture = await lastMain.getAttribute('data-src');
    expect(lastMainPicture).toMatch(/\.webp$/);
    // Far below: not fetched, not even after the page has been idle for a while.
    await page.waitForTimeout(500);
    expect(await lastMain.getAttribute('src')).toBeNull();
    expect(requested.some((path) => lastMainPicture!.endsWith(path.replace(/-\d+x\d+(?=\.webp$)/, '')))).toBe(false);

    // The first tile's second picture waits for the pointer.
    const first = tiles.first();
    const firstHover = first.locator('img').nth(1);
    expect(await firstHover.getAttribute('src')).toBeNull();
    await first.getByRole('heading', { level: 3 }).hover();
    await expect(firstHover).toHaveAttribute('src', /\.webp$/);
    await expect(firstHover).toHaveAttribute('srcset', /300w/);
    await expect(firstHover).not.toHaveAttribute('data-src', /./);

    // Scrolled near, the last tile's picture loads with its sources; its second picture still waits.
    await last.scrollIntoViewIfNeeded();
    await expect(lastMain).toHaveAttribute('src', lastMainPicture!);
    await expect(lastMain).toHaveAttribute('srcset', /300w/);
    await expect.poll(() => lastMain.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    expect(await lastHover.getAttribute('src')).toBeNull();

    // Keyboard focus into the tile shows the second picture, so it loads then.
    await last.getByRole('link', { name: await last.getByRole('heading', { level: 3 }).innerText(), exact: true }).focus();
    await expect(lastHover).toHaveAttribute('src', /\.webp$/);
  });
});

test.describe('tile pictures on a touch screen', () => {
  test.use({ hasTouch: true });

  test('a finger on a tile loads no second picture (it has no hover); focus in the tile, which shows it, does', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/shop/');
    await hydrated(page);
    const name = await shop(page).locator('.listing__grid').getByRole('heading', { level: 3 }).first().innerText();
    const tile = shop(page).getByRole('article', { name });
    const hover = tile.locator('img').nth(1);
    expect(await hover.getAttribute('src')).toBeNull();
    // A touch on the tile's text (nothing there takes focus), as a scroll starting on it would be.
    await tile.locator('p').first().tap();
    await page.waitForTimeout(300);
    expect(await hover.getAttribute('src')).toBeNull();
    await tile.getByRole('link', { name, exact: true }).focus();
    await expect(hover).toHaveAttribute('src', /\.webp$/);
  });
});

test.describe('search', () => {
  test('the search dialog searches as you type; Enter opens the results page; Escape closes and returns focus; analytics gets search', async ({ page }) => {
    await recordTracking(page);
    await page.goto('/shop/');
    await hydrated(page);
    await page.getByRole('region', { name: 'Cookie consent' }).getByRole('button', { name: 'Accept' }).click();
    const open = page.getByRole('button', { name: 'Search' });
    await open.click();
    const dialog = page.getByRole('dialog', { name: 'Search the shop' });
    const box = dialog.getByRole('searchbox', { name: 'Search products' });
    await expect(box).toBeFocused();
    await box.pressSequentially('barong');
    await expect(dialog.getByRole('status')).toContainText(/products? match “barong”/);
    const suggestions = dialog.getByRole('list', { name: 'Search suggestions' }).getByRole('link');
    await expect(suggestions.first()).toContainText(/barong/i);
    // Focus stays inside the dialog.
    for (let i = 0; i < 12; i += 1) await page.keyboard.press('Tab');
    expect(await dialog.evaluate((node) => node.contains(document.activeElement))).toBe(true);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(open).toBeFocused();

    await open.click();
    await box.fill('jusi barong');
    await box.press('Enter');
    await page.waitForURL(/\/\?s=jusi\+barong&post_type=product$/);
    await hydrated(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Search results for “jusi barong”' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Search results for “jusi barong”' }).locator('.listing__grid > li').first()).toBeVisible();
    const searches = (await trackedCalls(page)).filter((c) => c.fn === 'gtag' && c.args[1] === 'search');
    expect(searches.at(-1)?.args[2]).toMatchObject({ search_term: 'jusi barong' });
  });

  test('a search with no match says so, and markup in the term stays text', async ({ page }) => {
    await page.goto('/?s=%3Cimg%20src%3Dx%20onerror%3Dalert(1)%3E&post_type=product');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Search results for “<img src=x onerror=alert(1)>”');
    await expect(page.getByText('No Data for this Combination.').or(page.getByText('No products were found.'))).toBeVisible();
  });
});
