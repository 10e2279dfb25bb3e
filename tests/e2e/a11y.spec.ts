import type { Page, Request } from '@playwright/test';
import { expectNoViolations, expectNoViolationsOnceSettled } from './support/axe';
import { test, expect } from './fixtures';
import { getBlogPosts, getAnnouncements } from './support/api';
import { adminSection, signInAsAdmin } from './support/admin';
import { continueToPayment, dateRadios, fillBookingForm } from './support/booking';
import { dataRead, holdRequests, loadingStates, scanWhileLoadingThenSettled } from './support/loading';
import { waitForAppTakeover } from './support/page';

/*
 * axe-core finds nothing, at any impact (minor and moderate too), on every page at a laptop's width
 * (1280) and a phone's (390) once it has settled, and on the parts the app loads in the browser
 * also while they load (their data held, see support/loading). Reduced motion keeps fading or
 * sliding content from being measured mid-way. Pages with screens of their own (the participant
 * page, the confirmation page, a claim, the roster, the calls card…) are scanned at both widths in
 * their own specs, with the data those screens need.
 */
test.use({ reducedMotion: 'reduce' });

/** Every data read but the session check, which the admin shell waits for before it shows a section. */
const adminSectionReads = (request: Request) => dataRead('/api/')(request) && new URL(request.url()).pathname !== '/api/auth/user';

const WIDTHS = [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
] as const;

/** The public pages a visitor can open by address, each with what shows once it has its content. */
async function publicPages(page: Page): Promise<{ path: string; ready: () => Promise<void> }[]> {
  const [post] = await getBlogPosts(page.request);
  const heading = (name: string | RegExp) => () => expect(page.getByRole('heading', { level: 1, name }).first()).toBeVisible();
  return [
    { path: '/', ready: () => expect(dateRadios(page).first()).toBeVisible() },
    { path: '/intro', ready: () => expect(dateRadios(page).first()).toBeVisible() },
    { path: '/blog', ready: () => expect(page.getByRole('link', { name: post!.title }).first()).toBeVisible() },
    { path: `/blog/${post!.slug}`, ready: heading(post!.title) },
    { path: '/privacy', ready: heading('Privacy Policy') },
    { path: '/terms', ready: heading('Terms of Service') },
    { path: '/cookies', ready: heading('Cookie Policy') },
    { path: '/participant', ready: () => expect(page.getByRole('textbox', { name: /e-?mail/i }).first()).toBeVisible() },
    { path: '/claim/not.a-real-token', ready: heading(/./) },
    { path: '/waitlist/not.a-real-token', ready: heading(/./) },
    { path: '/no-such-page', ready: () => expect(page.getByText('404 Page Not Found')).toBeVisible() },
    { path: '/admin/login2', ready: () => expect(page.getByRole('form', { name: 'Admin login' })).toBeVisible() },
  ];
}

test.describe('accessibility (axe-core)', () => {
  for (const viewport of WIDTHS) {
    test.describe(`at ${viewport.width} px`, () => {
      test.use({ viewport });

      test('every public page once settled', async ({ page, consoleGuard }) => {
        // The unknown page and the refused tokens answer with errors the browser logs.
        consoleGuard.allow(/status of (400|403|404|410)/);
        for (const { path, ready } of await publicPages(page)) {
          await page.goto(path);
          await ready();
          await waitForAppTakeover(page);
          await expectNoViolationsOnceSettled(page, `${path} at ${viewport.width} px`);
        }
      });

      // The admin sections are scanned at every width in admin-workspace.spec.ts; the e-mail
      // debugging page at 1280 in email-debug.spec.ts.
      if (viewport.width < 1280) {
        test('the e-mail debugging page once settled', async ({ page }) => {
          await signInAsAdmin(page, '/email-debug');
          await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
          await expectNoViolationsOnceSettled(page, `/email-debug at ${viewport.width} px`);
        });
      }
    });
  }

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
        scan: expectNoViolations,
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
        scan: expectNoViolations,
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
        scan: expectNoViolations,
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
        scan: expectNoViolations,
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
    await expectNoViolations(page, '/checkout at 1280 px');
    await page.setViewportSize({ width: 390, height: 844 });
    await expectNoViolations(page, '/checkout at 390 px');
  });



  test('every admin section while it loads and once loaded', async ({ page }) => {
    // About forty full axe scans and twenty page loads in one test: on a slow, shared machine that
    // takes minutes.
    test.setTimeout(420_000);
    await signInAsAdmin(page);
    await expectNoViolations(page, '/admin');
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
        scan: expectNoViolations,
        settled: async () => {
          if (name === 'Overview') await expect(page.getByRole('region', { name: 'Seats filled' }).locator('svg')).toBeVisible();
          await page.waitForLoadState('networkidle');
        },
      });
    }
  });
});
