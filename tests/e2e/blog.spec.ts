import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from './fixtures.js';
import { atRest, hydrated } from './helpers.js';

interface PostJson {
  slug: string;
  title: { rendered: string };
  comment_status: string;
  suki_feature_images?: unknown[];
}

const posts = (page: Page): Promise<{ list: PostJson[]; total: number }> =>
  page.evaluate(async () => {
    const response = await fetch('/wp-json/wp/v2/posts?per_page=100');
    return { list: (await response.json()) as PostJson[], total: Number(response.headers.get('x-wp-total')) };
  });

async function seriousViolations(page: Page): Promise<string[]> {
  // At rest: a carousel's scroll brings in the go-to-top link, which fades.
  await atRest(page);
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

test.describe('blog', () => {
  test('the list loads more posts until “All loaded”, never twice', async ({ page }) => {
    await page.goto('/blog/');
    await hydrated(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Journal' })).toBeVisible();
    const list = page.getByRole('region', { name: 'Posts' });
    const { total } = await posts(page);
    expect(total).toBeGreaterThanOrEqual(20);
    const more = list.getByRole('link', { name: 'Load more posts' });
    let shown = await list.getByRole('article').count();
    while (await more.count()) {
      await more.click();
      await expect.poll(() => list.getByRole('article').count()).toBeGreaterThan(shown);
      shown = await list.getByRole('article').count();
    }
    await expect(list.getByRole('status').filter({ hasText: 'All loaded' })).toBeVisible();
    const titles = await list.getByRole('article').getByRole('heading', { level: 2 }).allTextContents();
    expect(titles).toHaveLength(total);
    expect(new Set(titles).size).toBe(total);
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('masonry lays the cards out and again after a resize', async ({ page }) => {
    await page.setViewportSize({ width: 1200, height: 900 });
    await page.goto('/blog/?layout=masonry');
    await hydrated(page);
    const grid = page.getByRole('region', { name: 'Posts' }).getByRole('list');
    await expect(grid).toHaveAttribute('data-masonry', 'ready');
    const spans = () => grid.locator(':scope > li').evaluateAll((items) => items.map((li) => (li as HTMLElement).style.gridRowEnd));
    const wide = await spans();
    expect(wide.every((s) => /^span \d+$/.test(s))).toBe(true);
    await page.setViewportSize({ width: 420, height: 900 });
    // Re-laid 100 ms after the last resize: narrower cards are taller.
    await expect.poll(async () => (await spans()).join()).not.toBe(wide.join());
  });

  test('a post with several feature images shows them in a carousel', async ({ page }) => {
    await page.goto('/blog/');
    const { list } = await posts(page);
    const post = list.find((p) => (p.suki_feature_images?.length ?? 0) > 1);
    expect(post).toBeDefined();
    await page.goto(`/blog/${post?.slug}/`);
    await hydrated(page);
    const carousel = page.getByRole('region', { name: /^Pictures of / });
    await expect(carousel.getByRole('listitem')).toHaveCount(post?.suki_feature_images?.length ?? 0);
    await carousel.getByRole('button', { name: /^Next picture of / }).click();
    await expect(carousel.getByRole('listitem').nth(1)).toBeInViewport();
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('a comment with validation errors, then a failed send that keeps the text, then success held for moderation', async ({ page }) => {
    await page.goto('/blog/');
    const { list } = await posts(page);
    const post = list.find((p) => p.comment_status === 'open');
    await page.goto(`/blog/${post?.slug}/`);
    await hydrated(page);
    const form = page.getByRole('form', { name: 'Leave a comment' });
    const name = form.getByRole('textbox', { name: 'Name' });
    const email = form.getByRole('textbox', { name: 'Email' });
    const comment = form.getByRole('textbox', { name: 'Comment' });
    const send = form.getByRole('button', { name: 'Post comment' });

    // Submit empty: every field says why, and the first gets focus.
    await send.click();
    await expect(name).toBeFocused();
    await expect(name).toHaveAccessibleDescription('This field is required.');
    await expect(email).toHaveAccessibleDescription('This field is required.');
    await expect(comment).toHaveAccessibleDescription('This field is required.');
    await expect(name).toHaveAttribute('aria-invalid', 'true');

    // Key-up on a touched field: the message follows what is typed.
    await name.fill('J');
    await expect(name).toHaveAccessibleDescription('Please enter at least 2 characters.');
    await name.fill('Juan 🌺');
    await expect(name).not.toHaveAttribute('aria-invalid', 'true');
    await email.fill('juan@');
    await email.blur();
    await expect(email).toHaveAccessibleDescription('Please enter a valid email address.');
    await email.fill('juan@example.ph');
    await comment.fill('Too short');
    await expect(comment).toHaveAccessibleDescription('Please enter at least 10 characters.');
    // Each project posts its own text: the same comment twice is refused as a duplicate.
    const text = `Salamat sa kwento! My lola had a bayong just like this (${test.info().project.name}).`;
    await comment.fill(text);

    // The shop cannot be reached: nothing typed is lost.
    await page.route((url) => url.href.includes('wp/v2/comments'), (route) => (route.request().method() === 'POST' ? route.abort('failed') : route.continue()), { times: 1 });
    await send.click();
    await expect(form.getByRole('alert')).toContainText('Nothing you typed is lost');
    await expect(name).toHaveValue('Juan 🌺');
    await expect(comment).toHaveValue(text);

    await send.click();
    await expect(form.getByRole('status')).toContainText('Your comment is awaiting moderation');
    await expect(name).toHaveValue('');
    // Held for moderation: not listed yet.
    await page.reload();
    await expect(page.getByText(text)).toHaveCount(0);
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('a post with comments closed says so and has no form', async ({ page }) => {
    await page.goto('/blog/');
    const { list } = await posts(page);
    const closed = list.find((p) => p.comment_status === 'closed');
    await page.goto(`/blog/${closed?.slug}/`);
    await expect(page.getByText('Comments are closed.')).toBeVisible();
    await expect(page.getByRole('form', { name: 'Leave a comment' })).toHaveCount(0);
  });
});
