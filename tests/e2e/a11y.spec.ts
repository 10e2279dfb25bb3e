import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { test, expect } from './fixtures';
import { getBlogPosts, getTestimonials, getAnnouncements } from './support/api';
import { adminSection, signInAsAdmin } from './support/admin';
import { continueToPayment, dateRadios, fillBookingForm } from './support/booking';

/*
 * axe-core on every public page once its content has loaded; any violation of impact 'serious'
 * or 'critical' fails. Reduced motion keeps fading/sliding content from being measured mid-way.
 */
test.use({ reducedMotion: 'reduce' });

async function expectNoSeriousViolations(page: Page, label: string): Promise<void> {
  const results = await new AxeBuilder({ page }).analyze();
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
    // About twenty full axe scans in one test: on a slow, shared machine that takes over a minute.
    test.setTimeout(240_000);
    await signInAsAdmin(page);
    await expectNoSeriousViolations(page, '/admin');
    const links = page.getByRole('navigation', { name: 'Admin sections' }).getByRole('link');
    for (let i = 0; i < (await links.count()); i++) {
      const link = links.nth(i);
      const name = (await link.innerText()).trim();
      await link.click();
      await expect(link).toHaveAttribute('aria-current', 'page');
      const panel = adminSection(page);
      if (name === 'Overview') await expect(page.getByRole('region', { name: 'Seats filled' }).locator('svg')).toBeVisible();
      // Each tab settles: its loading spinner and skeletons give way to content.
      await expect(panel.getByRole('status').filter({ hasText: /^Loading/ })).toHaveCount(0);
      await expect(panel.locator('[aria-busy="true"]')).toHaveCount(0);
      await page.waitForLoadState('networkidle');
      await expectNoSeriousViolations(page, `/admin, tab ${name}`);
    }
  });
});
