import type { Page, Request } from '@playwright/test';
import { axeOn } from './support/axe';
import { test, expect } from './fixtures';
import { getBlogPosts, getTestimonials, getAnnouncements } from './support/api';
import { adminSection, signInAsAdmin } from './support/admin';
import { continueToPayment, dateRadios, fillBookingForm } from './support/booking';
import { dataRead, holdRequests, loadingStates, scanWhileLoadingThenSettled } from './support/loading';

/*
 * axe-core on every public page once its content has loaded, and on the admin sections and the
 * parts the app loads in the browser also while they load (their data held, see support/loading);
 * any violation of impact 'serious' or 'critical' fails. Reduced motion keeps fading/sliding
 * content from being measured mid-way.
 */
test.use({ reducedMotion: 'reduce' });

/** Every data read but the session check, which the admin shell waits for before it shows a section. */
const adminSectionReads = (request: Request) => dataRead('/api/')(request) && new URL(request.url()).pathname !== '/api/auth/user';

async function expectNoSeriousViolations(page: Page, label: string): Promise<void> {
  const results = await axeOn(page).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const report = serious.map((v) => {
    const nodes = v.nodes
      .slice(0, 5)
      .map((n) => `    - ${n.target.join(' ')}\n      ${(n.failureSummary ?? '').replace(/\n/g, '\n      ')}`)
      .join('\n');
    const more = v.nodes.length > 5 ? `\n    … and ${v.nodes.length - 5} more` : '';
    return `[${v.impact}] ${v.id}: ${v.help} (${v.nodes.length} node(s))\n  ${v.helpUrl}\n${nodes}${more}`;
  });
  expect(report.length, `${label}: serious or critical accessibility violations\n${report.join('\n\n')}`).toBe(0);
}

test.describe('accessibility (axe-core)', () => {
  test('landing page', async ({ page, request }) => {
    const [testimonials, announcements] = await Promise.all([getTestimonials(request), getAnnouncements(request)]);
    await page.goto('/');
    await expect(page.locator('#workshops').getByText(/seats left/i).first()).toBeVisible();
    await expect(dateRadios(page).first()).toBeVisible();
    if (testimonials.length) await expect(page.getByRole('heading', { name: 'What our participants say' })).toBeVisible();
    if (announcements.length) await expect(page.getByText(announcements[0]!.title).first()).toBeVisible();
    await expectNoSeriousViolations(page, '/');
  });

  test('intro page', async ({ page }) => {
    await page.goto('/intro');
    await expect(page.getByText(/seats left/i).first()).toBeVisible();
    await expect(dateRadios(page).first()).toBeVisible();
    await expectNoSeriousViolations(page, '/intro');
  });

  test('blog list', async ({ page, request }) => {
    const [post] = await getBlogPosts(request);
    await page.goto('/blog');
    await expect(page.getByRole('link', { name: post!.title }).first()).toBeVisible();
    await expectNoSeriousViolations(page, '/blog');
  });

  test('blog post', async ({ page, request }) => {
    const [post] = await getBlogPosts(request);
    await page.goto(`/blog/${post!.slug}`);
    await expect(page.getByRole('heading', { name: post!.title }).first()).toBeVisible();
    await expectNoSeriousViolations(page, `/blog/${post!.slug}`);
  });

  // The parts the app loads in the browser, scanned while they load and once loaded. The server
  // renders these pages with their data, so their loading states show only when the app opens
  // them itself: after a click on a page it has taken over (hydrated).
  test.describe('while loading', () => {
    async function hydrated(page: Page): Promise<void> {
      await page.waitForFunction(() => performance.getEntriesByName('hydration-start').length > 0);
    }

    test('blog list', async ({ page, request }) => {
      const [post] = await getBlogPosts(request);
      await page.goto(`/blog/${post!.slug}`);
      await hydrated(page);
      const held = await holdRequests(page, dataRead('/api/'));
      await page.getByRole('link', { name: 'Back to Blog' }).click();
      await scanWhileLoadingThenSettled(page, {
        label: '/blog',
        held,
        loading: page.getByRole('status').filter({ hasText: 'Loading blog posts' }),
        scan: expectNoSeriousViolations,
        settled: () => expect(page.getByRole('link', { name: post!.title }).first()).toBeVisible(),
      });
    });

    test('blog post', async ({ page, request }) => {
      const [post] = await getBlogPosts(request);
      await page.goto('/blog');
      await hydrated(page);
      const held = await holdRequests(page, dataRead('/api/'));
      await page.getByRole('link', { name: post!.title }).first().click();
      await scanWhileLoadingThenSettled(page, {
        label: `/blog/${post!.slug}`,
        held,
        loading: page.getByRole('status').filter({ hasText: 'Loading post' }),
        scan: expectNoSeriousViolations,
        settled: () => expect(page.getByRole('heading', { name: post!.title, level: 1 })).toBeVisible(),
      });
    });

    test('landing page, announcements and workshops', async ({ page, request }) => {
      const announcements = await getAnnouncements(request);
      await page.goto('/blog');
      await hydrated(page);
      const held = await holdRequests(page, dataRead('/api/'));
      await page.getByRole('link', { name: 'Back to Home' }).first().click();
      await scanWhileLoadingThenSettled(page, {
        label: '/',
        held,
        loading: page.getByRole('status').filter({ hasText: 'Loading announcements' }),
        scan: expectNoSeriousViolations,
        settled: async () => {
          await expect(dateRadios(page).first()).toBeVisible();
          if (announcements.length) await expect(page.getByText(announcements[0]!.title).first()).toBeVisible();
        },
      });
    });

    test('privacy policy', async ({ page }) => {
      const held = await holdRequests(page, dataRead('/api/'));
      await page.goto('/privacy');
      await scanWhileLoadingThenSettled(page, {
        label: '/privacy',
        held,
        loading: page.getByRole('status').filter({ hasText: /^Loading the privacy/i }),
        scan: expectNoSeriousViolations,
      });
    });
  });

  test('checkout with booking data', async ({ page }) => {
    await page.goto('/');
    await fillBookingForm(page, { firstName: 'Alan', lastName: 'Turing', email: 'alan.turing@example.com' });
    await continueToPayment(page).click();
    await expect(page).toHaveURL(/\/checkout$/);
    await expect(page.getByRole('heading', { name: /complete your booking/i })).toBeVisible();
    await expect(page.getByText('alan.turing@example.com').first()).toBeVisible();
    await expect(page.getByText('Total', { exact: true })).toBeVisible();
    // Whatever payment panel the checkout sets up (card form or free booking) is part of the check.
    await page.waitForLoadState('networkidle');
    await expectNoSeriousViolations(page, '/checkout');
  });

  test('not-found page', async ({ page, consoleGuard }) => {
    consoleGuard.allow(/status of 404/, /\/no-such-page$/);
    await page.goto('/no-such-page');
    await expect(page.getByText('404 Page Not Found')).toBeVisible();
    await expectNoSeriousViolations(page, '/no-such-page');
  });

  test('admin login', async ({ page }) => {
    await page.goto('/admin/login2');
    await expect(page.getByRole('form', { name: 'Admin login' })).toBeVisible();
    await expectNoSeriousViolations(page, '/admin/login2');
  });

  test('admin dashboard and every section', async ({ page }) => {
    // About forty full axe scans and twenty page loads in one test: on a slow, shared machine that
    // takes minutes.
    test.setTimeout(420_000);
    await signInAsAdmin(page);
    await expectNoSeriousViolations(page, '/admin');
    const links = page.getByRole('navigation', { name: 'Admin sections' }).getByRole('link');
    const hrefs = await links.evaluateAll((anchors) => anchors.map((anchor) => anchor.getAttribute('href')!));
    expect(hrefs.length).toBeGreaterThanOrEqual(20);
    for (const href of hrefs) {
      // Each section opens on a fresh page with its data held: nothing cached from the one before,
      // so it shows its own loading state. The session check is let through, so the shell shows.
      const held = await holdRequests(page, adminSectionReads);
      await page.goto(href);
      const panel = adminSection(page);
      const heading = panel.getByRole('heading', { level: 2 });
      await expect(heading).toBeVisible({ timeout: 25_000 });
      const name = (await heading.innerText()).trim();
      // The section's code is in (the spinner standing for it while it loads is gone); its data is not.
      const codeSpinner = panel.locator(':scope > [role="status"]').filter({ hasText: `Loading ${name.toLowerCase()}…` });
      await expect(codeSpinner).toHaveCount(0);
      await scanWhileLoadingThenSettled(page, {
        label: `/admin, section ${name}`,
        held,
        loading: loadingStates(panel),
        scan: expectNoSeriousViolations,
        settled: async () => {
          if (name === 'Overview') await expect(page.getByRole('region', { name: 'Seats filled' }).locator('svg')).toBeVisible();
          await page.waitForLoadState('networkidle');
        },
      });
    }
  });
});
