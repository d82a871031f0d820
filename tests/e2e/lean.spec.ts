import { expect, test, type Page } from '@playwright/test';
import { hydrated } from './helpers.js';

/**
 * Records, from before any script runs, every change made to the page's DOM up to the moment the
 * client marks itself hydrated, and every console error and uncaught exception.
 */
async function watchHydration(page: Page): Promise<{ errors: string[] }> {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') errors.push(`${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
  await page.addInitScript(() => {
    const w = window as unknown as { __changes: string[] };
    w.__changes = [];
    let done = false;
    const describe = (node: Node): string => (node instanceof Element ? `<${node.localName}${node.id ? `#${node.id}` : ''} class="${node.getAttribute('class') ?? ''}">` : `${node.nodeName} "${(node.textContent ?? '').slice(0, 40)}"`);
    const observer = new MutationObserver((records) => {
      for (const r of records) {
        if (done) return;
        if (r.type === 'attributes' && r.target === document.documentElement && r.attributeName === 'data-hydrated') {
          done = true;
          return;
        }
        const app = document.getElementById('app');
        if (!app || !app.contains(r.target)) continue;
        if (r.type === 'attributes') {
          const now = (r.target as Element).getAttribute(r.attributeName ?? '');
          if (now !== r.oldValue) w.__changes.push(`attribute ${r.attributeName} of ${describe(r.target)}: ${r.oldValue} → ${now}`);
        } else if (r.type === 'characterData') {
          if (r.target.textContent !== r.oldValue) w.__changes.push(`text ${r.oldValue} → ${r.target.textContent}`);
        } else {
          // React's empty separator comments between text nodes may go; nothing else should.
          for (const n of r.removedNodes) if (n.nodeType !== Node.COMMENT_NODE) w.__changes.push(`removed ${describe(n)} from ${describe(r.target)}`);
          for (const n of r.addedNodes) w.__changes.push(`added ${describe(n)} to ${describe(r.target)}`);
        }
      }
    });
    // From the end of parsing (before the page's module scripts run): the parser's own insertions are not changes.
    document.addEventListener('readystatechange', () => {
      if (document.readyState !== 'interactive') return;
      observer.observe(document, { subtree: true, childList: true, attributes: true, attributeOldValue: true, characterData: true, characterDataOldValue: true });
    });
  });
  return { errors };
}

const PAGES = ['/', '/shop/', '/product-category/tees/', '/product/suki-logo-tee/', '/?s=tee&post_type=product', '/cart/', '/blog/'];

test.describe('lean pages', () => {
  for (const path of PAGES) {
    test(`hydrating ${path} keeps the server's HTML as it is and logs no error`, async ({ page }) => {
      const { errors } = await watchHydration(page);
      await page.goto(path);
      await hydrated(page);
      await page.waitForLoadState('networkidle');
      expect(await page.evaluate(() => (window as unknown as { __changes: string[] }).__changes)).toEqual([]);
      expect(errors).toEqual([]);
    });
  }

  test('the page state carries no product descriptions', async ({ page }) => {
    for (const path of ['/', '/shop/', '/product/suki-logo-tee/']) {
      await page.goto(path);
      const state = JSON.parse((await page.locator('#suki-state').textContent()) ?? '{}') as { page: { sections?: Array<{ products: unknown[] }>; related?: { products: unknown[] } | null } };
      const lists = [...(state.page.sections ?? []), ...(state.page.related ? [state.page.related] : [])];
      expect(lists.length).toBeGreaterThan(0);
      for (const list of lists) {
        expect(list.products.length).toBeGreaterThan(0);
        expect(JSON.stringify(list.products)).not.toMatch(/"(description|shortDescription|attributes|identifiers)":/);
      }
    }
  });

  test('home loads Swiper only when the shopper reaches for the carousel or it is on screen and the browser idle', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/');
    await hydrated(page);
    const carousel = page.getByRole('region', { name: 'New arrivals' });
    await expect(carousel.getByRole('article').first()).toBeVisible();
    // On screen at once: Swiper arrives once the page has loaded and the browser is idle.
    await expect(carousel.getByRole('button', { name: 'Next products in New arrivals' })).toBeVisible();
    const timing = await page.evaluate(() => {
      const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
      const chunk = performance.getEntriesByType('resource').find((r) => r.name.includes('/CarouselEnhancer-'));
      return { load: nav.loadEventStart, chunk: chunk?.startTime ?? -1 };
    });
    expect(timing.load).toBeGreaterThan(0);
    expect(timing.chunk).toBeGreaterThanOrEqual(timing.load);
  });

  test('below the fold, Swiper waits for the shopper: hovering the strip brings it in', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    const scripts: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
    });
    await page.goto('/product/suki-logo-tee/');
    await hydrated(page);
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(1500);
    expect(scripts.some((s) => s.includes('CarouselEnhancer'))).toBe(false);
    const related = page.getByRole('region', { name: 'Related products' });
    await related.getByRole('article').first().hover();
    await expect(related.getByRole('button', { name: 'Next products in Related products' })).toBeVisible();
  });
});
