import type { Page } from '@playwright/test';

/** Calls made to `gtag` and `fbq` in the page, recorded by a stub installed before any script. */
export interface TrackedCall {
  readonly fn: 'gtag' | 'fbq';
  readonly args: unknown[];
}

/** Installs recording stubs for `gtag` and `fbq` and accepts or preset consent as asked. */
export async function recordTracking(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as { __calls: Array<{ fn: string; args: unknown[] }>; gtag: (...a: unknown[]) => void; fbq: (...a: unknown[]) => void };
    w.__calls = [];
    w.gtag = (...args: unknown[]) => void w.__calls.push({ fn: 'gtag', args: JSON.parse(JSON.stringify(args)) as unknown[] });
    w.fbq = (...args: unknown[]) => void w.__calls.push({ fn: 'fbq', args: JSON.parse(JSON.stringify(args)) as unknown[] });
  });
}

/** The calls recorded so far. */
export async function trackedCalls(page: Page): Promise<TrackedCall[]> {
  return page.evaluate(() => (window as unknown as { __calls: TrackedCall[] }).__calls);
}

/** Names of gtag events recorded so far. */
export async function gtagEvents(page: Page): Promise<string[]> {
  const calls = await trackedCalls(page);
  return calls.filter((c) => c.fn === 'gtag' && c.args[0] === 'event').map((c) => String(c.args[1]));
}

/**
 * Waits until no animation or transition on the page is running, so axe judges it at rest: a
 * control caught halfway through a fade (the go-to-top link appearing as the page scrolls) has the
 * contrast of neither end.
 */
export async function atRest(page: Page): Promise<void> {
  await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running'));
}

/** Waits until the browser has hydrated the server HTML. */
export async function hydrated(page: Page): Promise<void> {
  await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' });
}

/** Waits until the page has settled and fetched what it fetches then (the catalogue code), so a test counting requests sees only the shopper's. */
export async function settled(page: Page): Promise<void> {
  await page.locator('html[data-settled="true"]').waitFor({ state: 'attached', timeout: 15_000 });
}

/**
 * Waits until the listing sections' controls (filter lists, price filter, load-more) are live: like
 * the wishlist's, their code comes on the shopper's first sign of life (here a pointer move) or once
 * the page has settled; a press before that is the plain link or form (a navigation).
 */
export async function filtersReady(page: Page): Promise<void> {
  await hydrated(page);
  await page.mouse.move(1, 1);
  await page.locator('html[data-filters="ready"]').waitFor({ state: 'attached', timeout: 15_000 });
}

/**
 * Waits until the wishlist's buttons are live: their code comes on the shopper's first sign of life
 * (here a pointer move) or once the page has settled; a press before that is the no-script form post.
 */
export async function wishlistReady(page: Page): Promise<void> {
  await hydrated(page);
  await page.mouse.move(1, 1);
  await page.locator('html[data-wishlist="ready"]').waitFor({ state: 'attached', timeout: 15_000 });
}

/** Collects what the page reports as errors (console errors and uncaught exceptions), each with the page's address. */
export function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`${page.url()} ${message.text()}`);
  });
  page.on('pageerror', (error) => errors.push(`${page.url()} ${error.message}`));
  return errors;
}

/** Of those, the hydration errors (a text the server and the browser rendered differently). */
export const hydrationErrors = (errors: readonly string[]): string[] => errors.filter((e) => /hydrat|did not match|Minified React error/i.test(e));
