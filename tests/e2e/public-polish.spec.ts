import type { Page, Route } from '@playwright/test';
import { test, expect } from './fixtures';
import { expectNoViolations } from './support/axe';
import { dateRadios } from './support/booking';
import { waitForAppTakeover } from './support/page';

/** Issue 18 point 6: the logo, the blog byline, the blog retry and the date radios' arrow keys. */

const blogListCall = /\/api\/blog-posts$/;

/** A published post whose byline is long enough to wrap on a 390 px phone. */
const longBylinePost = {
  id: 9101,
  slug: 'a-post-with-a-long-byline',
  title: 'A post with a long byline',
  excerpt: 'The byline wraps on a phone.',
  content: '<p>Some words to read.</p>',
  featuredImageUrl: null,
  authorName: 'Maximiliana Bartholomew-Featherstonehaugh',
  publishedAt: '2025-06-05T12:00:00.000Z',
  isPublished: true,
};

/**
 * For every byline on the page, the parts laid out line by line: whether each line's first part
 * shows its '·' (it must be clipped away) and whether each line ends with a '·' (it never may).
 */
async function bylineLines(page: Page) {
  return page.locator('[data-byline]').evaluateAll((bylines) =>
    bylines.map((byline) => {
      const clip = byline.getBoundingClientRect();
      const parts = [...byline.querySelectorAll('[data-byline-part]')].map((part) => {
        const separator = part.querySelector('[data-byline-separator]')!.getBoundingClientRect();
        return {
          top: Math.round(part.getBoundingClientRect().top),
          separatorShown: separator.right > clip.left + 0.5,
          text: (part.textContent ?? '').replace(/^·/, '').trim(),
          endsWithDot: (part.textContent ?? '').trim().endsWith('·'),
        };
      });
      const tops = [...new Set(parts.map((part) => part.top))];
      return tops.map((top) => {
        const line = parts.filter((part) => part.top === top);
        return {
          texts: line.map((part) => part.text),
          startsWithDot: line[0]!.separatorShown,
          endsWithDot: line[line.length - 1]!.endsWithDot,
          innerDotsShown: line.slice(1).every((part) => part.separatorShown),
        };
      });
    }),
  );
}

test.describe('public polish', () => {
  test('the logo scrolls the landing page back to the top', async ({ page }) => {
    await page.goto('/');
    await waitForAppTakeover(page);
    await page.evaluate(() => window.scrollTo({ top: 2500, behavior: 'instant' }));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(1000);

    await page.getByRole('banner').getByRole('link', { name: /, home$/ }).click();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await expect(page).toHaveURL(/\/$/);
  });

  test('with reduced motion the logo jumps to the top at once', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto('/#booking');
    await waitForAppTakeover(page);
    // The app's own scroll to #booking has happened (on a loaded machine it can come late and
    // would otherwise land after the click below).
    await expect.poll(() => page.evaluate(() => Math.abs(document.getElementById('booking')?.getBoundingClientRect().top ?? 999))).toBeLessThan(120);
    await page.evaluate(() => window.scrollTo({ top: 2500, behavior: 'instant' }));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(1000);

    await page.getByRole('banner').getByRole('link', { name: /, home$/ }).click();
    // No polling: an instant scroll has happened by the time the click returns.
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    // The section anchor is dropped, so a reload opens at the top as well.
    expect(new URL(page.url()).hash).toBe('');
  });

  test('the logo leads from another page to the top of the landing page', async ({ page }) => {
    await page.goto('/blog');
    await waitForAppTakeover(page);
    await page.getByRole('banner').getByRole('link', { name: /, home$/ }).click();
    await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });

  test('blog bylines at 390 px never start or end a line with a separator', async ({ page, consoleGuard }) => {
    // The post exists only in the mocked API, so the server answers the page's own address 404.
    consoleGuard.allow(/status of 404/, /\/blog\/a-post-with-a-long-byline$/);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.route(blogListCall, (route) => route.fulfill({ json: [longBylinePost] }));
    await page.route(/\/api\/blog-posts\/a-post-with-a-long-byline$/, (route) => route.fulfill({ json: longBylinePost }));

    await page.goto('/blog');
    await expect(page.getByRole('link', { name: 'A post with a long byline' }).first()).toBeVisible();
    const listLines = await bylineLines(page);
    expect(listLines).toEqual([
      [
        { texts: ['Maximiliana Bartholomew-Featherstonehaugh'], startsWithDot: false, endsWithDot: false, innerDotsShown: true },
        { texts: ['Jun 5, 2025', '1 min read'], startsWithDot: false, endsWithDot: false, innerDotsShown: true },
      ],
    ]);

    await page.goto('/blog/a-post-with-a-long-byline');
    await expect(page.getByRole('heading', { level: 1, name: 'A post with a long byline' })).toBeVisible();
    const postLines = await bylineLines(page);
    expect(postLines).toEqual([
      [
        { texts: ['Maximiliana Bartholomew-Featherstonehaugh'], startsWithDot: false, endsWithDot: false, innerDotsShown: true },
        { texts: ['June 5, 2025', '1 min read'], startsWithDot: false, endsWithDot: false, innerDotsShown: true },
      ],
    ]);
  });

  test('a byline that fits on one line shows its separators between the parts', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.route(blogListCall, (route) => route.fulfill({ json: [{ ...longBylinePost, authorName: 'Ada' }] }));
    await page.goto('/blog');
    await expect(page.getByRole('link', { name: 'A post with a long byline' }).first()).toBeVisible();
    expect(await bylineLines(page)).toEqual([
      [{ texts: ['Ada', 'Jun 5, 2025', '1 min read'], startsWithDot: false, endsWithDot: false, innerDotsShown: true }],
    ]);
  });

  test('the blog list error offers Try again, which loads the posts', async ({ page, consoleGuard }) => {
    consoleGuard.allow(/Failed to load resource: the server responded with a status of 500/);
    let failing = true;
    await page.route(blogListCall, (route: Route) =>
      failing
        ? route.fulfill({ status: 500, json: { message: 'Internal Server Error' } })
        : route.fulfill({ json: [{ ...longBylinePost, authorName: 'Ada' }] }),
    );
    await page.goto('/blog');
    const alert = page.getByRole('alert').filter({ hasText: 'Failed to load blog posts. Please try again later.' });
    await expect(alert).toBeVisible();
    await expectNoViolations(page, 'blog list error state');

    failing = false;
    await alert.getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByRole('link', { name: 'A post with a long byline' }).first()).toBeVisible();
    await expect(page.getByText('Failed to load blog posts. Please try again later.')).toHaveCount(0);
  });

  test('the blog post error offers Try again, which loads the post', async ({ page, consoleGuard }) => {
    consoleGuard.allow(/Failed to load resource: the server responded with a status of 500/);
    consoleGuard.allow(/status of 404/, /\/blog\/a-post-with-a-long-byline$/);
    let failing = true;
    await page.route(/\/api\/blog-posts\/a-post-with-a-long-byline$/, (route: Route) =>
      failing ? route.fulfill({ status: 500, json: { message: 'Internal Server Error' } }) : route.fulfill({ json: longBylinePost }),
    );
    await page.goto('/blog/a-post-with-a-long-byline');
    const alert = page.getByRole('alert').filter({ hasText: 'Failed to load this post. Please try again later.' });
    await expect(alert).toBeVisible();

    failing = false;
    await alert.getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'A post with a long byline' })).toBeVisible();
  });

  test('arrow keys move the selected date and skip a booked-out one', async ({ page }) => {
    await page.route(/\/api\/workshop-dates$/, async (route) => {
      const response = await route.fetch();
      const dates = (await response.json()) as { id: number; title: string; seatsRemaining: number }[];
      expect(dates.length, 'the demo seed has at least three dates').toBeGreaterThanOrEqual(3);
      const [first, second, third] = dates;
      await route.fulfill({
        response,
        json: [
          { ...first, title: 'Arrow date one', seatsRemaining: 5 },
          { ...second, title: 'Arrow date two', seatsRemaining: 0 },
          { ...third, title: 'Arrow date three', seatsRemaining: 7 },
        ],
      });
    });
    await page.goto('/#booking');
    await waitForAppTakeover(page);
    const radios = dateRadios(page);
    await expect(radios).toHaveCount(3);
    const one = radios.and(page.getByRole('radio', { name: /Arrow date one/ }));
    const two = radios.and(page.getByRole('radio', { name: /Arrow date two/ }));
    const three = radios.and(page.getByRole('radio', { name: /Arrow date three/ }));
    await expect(two).toBeDisabled();

    // Nothing chosen yet: only the first enabled date is in the tab order.
    expect(await radios.evaluateAll((els) => els.map((el) => el.getAttribute('tabindex')))).toEqual(['0', '-1', '-1']);

    await one.focus();
    await page.keyboard.press('ArrowDown');
    await expect(three).toBeChecked();
    await expect(three).toBeFocused();
    await expect(one).not.toBeChecked();
    expect(await radios.evaluateAll((els) => els.map((el) => el.getAttribute('tabindex')))).toEqual(['-1', '-1', '0']);

    await page.keyboard.press('ArrowUp');
    await expect(one).toBeChecked();
    await expect(one).toBeFocused();

    await page.keyboard.press('ArrowRight');
    await expect(three).toBeChecked();
    await page.keyboard.press('ArrowLeft');
    await expect(one).toBeChecked();
    await expect(two).not.toBeChecked();

    // Like native radios, the choice wraps round at either end (still skipping the booked-out date).
    await page.keyboard.press('ArrowUp');
    await expect(three).toBeChecked();
    await expect(three).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(one).toBeChecked();
    await expect(one).toBeFocused();

    await expectNoViolations(page, 'booking section');
  });
});
