import type { Page } from '@playwright/test';
import { expectNoViolations } from './support/axe';
import { test, expect } from './fixtures';
import { adminSection, adminSectionLink, openAdminTab, signInAsAdmin } from './support/admin';

/*
 * The admin as one workspace. Every section, at a laptop, tablet and phone width: nothing widens
 * the page, every table scrolls inside its own frame with its Actions column in view, and axe finds
 * nothing at any impact at the laptop's and the phone's width.
 */
test.use({ reducedMotion: 'reduce' });

const WIDTHS = [
  { name: 'laptop', width: 1280, height: 800 },
  { name: 'tablet', width: 768, height: 1024 },
  { name: 'phone', width: 390, height: 844 },
] as const;

/** The section's labels, read from the menu itself, so a section added later is covered too. */
async function sectionLabels(page: Page): Promise<string[]> {
  const drawerButton = page.getByRole('button', { name: 'Sections' });
  const drawn = await drawerButton.isVisible();
  if (drawn) await drawerButton.click();
  const names = await page.getByRole('navigation', { name: 'Admin sections' }).getByRole('link').allInnerTexts();
  if (drawn) await page.keyboard.press('Escape');
  return names.map((name) => name.replace(/\s*\d+\s*(unread)?\s*$/, '').trim());
}

async function settle(page: Page): Promise<void> {
  const section = adminSection(page);
  await expect(section.getByRole('status').filter({ hasText: /^Loading/ })).toHaveCount(0);
  await expect(section.locator('[aria-busy="true"]')).toHaveCount(0);
  await page.waitForLoadState('networkidle');
}

for (const { name, width, height } of WIDTHS) {
  test(`every section fits a ${name} (${width} px): no page-wide scrolling, row actions in view`, async ({ page }) => {
    test.setTimeout(240_000);
    await page.setViewportSize({ width, height });
    await signInAsAdmin(page);
    const labels = await sectionLabels(page);
    expect(labels.length).toBeGreaterThanOrEqual(20);
    for (const label of labels) {
      await openAdminTab(page, label);
      await settle(page);
      const layout = await page.evaluate(() => {
        const root = document.documentElement;
        const frames = [...document.querySelectorAll<HTMLElement>('#admin-section [role="region"]:has(> table)')];
        const actions = frames
          .map((frame) => ({ frame, header: frame.querySelector('thead tr > th:last-child') }))
          .filter(({ header }) => header?.textContent?.trim() === 'Actions')
          .map(({ frame, header }) => {
            const box = frame.getBoundingClientRect();
            const cell = header!.getBoundingClientRect();
            const scrolls = getComputedStyle(frame).overflowX === 'auto';
            return { label: frame.getAttribute('aria-label'), frameRight: box.right, cellLeft: cell.left, cellRight: cell.right, frameLeft: box.left, scrolls };
          });
        return { scrollWidth: root.scrollWidth, clientWidth: root.clientWidth, actions };
      });
      expect(layout.scrollWidth, `${label} at ${width} px widens the page`).toBeLessThanOrEqual(layout.clientWidth);
      for (const table of layout.actions) {
        expect(table.frameRight, `${label}: the ${table.label} frame ends inside the window`).toBeLessThanOrEqual(width);
        expect(table.scrolls, `${label}: the ${table.label} frame scrolls sideways`).toBe(true);
        // From tablet width up the Actions column is pinned in view; on a phone the frame scrolls to it.
        if (width >= 640) {
          expect(table.cellRight, `${label}: the ${table.label} Actions column is in view`).toBeLessThanOrEqual(table.frameRight + 1);
          expect(table.cellLeft, `${label}: the ${table.label} Actions column is in view`).toBeGreaterThanOrEqual(table.frameLeft - 1);
        }
      }
      if (name !== 'tablet') {
        await expectNoViolations(page, `${label} at ${width} px`);
      }
    }
  });
}

test('on a phone the sections open from a drawer that closes on Escape and after a choice', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInAsAdmin(page);
  // No sidebar on a phone: the menu is behind the Sections button.
  await expect(page.getByRole('navigation', { name: 'Admin sections' })).toHaveCount(0);
  const button = page.getByRole('button', { name: 'Sections' });
  await button.click();
  const drawer = page.getByRole('dialog', { name: 'Sections' });
  await expect(drawer).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
  await expect(button).toBeFocused();

  await button.click();
  await drawer.getByRole('link', { name: 'Bookings', exact: true }).click();
  await expect(drawer).toBeHidden();
  await expect(page).toHaveURL(/\?tab=bookings$/);
  await expect(adminSection(page).getByRole('heading', { name: 'Bookings', level: 2 })).toBeFocused();
  await button.click();
  await expect(adminSectionLink(page, 'Bookings')).toHaveAttribute('aria-current', 'page');
});

test('on a laptop every section starts within the first screen, under the summary', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signInAsAdmin(page, '/admin?tab=bookings');
  const heading = adminSection(page).getByRole('heading', { name: 'Bookings', level: 2 });
  await expect(heading).toBeVisible();
  const top = await heading.evaluate((element) => element.getBoundingClientRect().top);
  expect(top).toBeLessThan(320);
  // The sidebar stays beside the section as the page scrolls, scrolling in its own box.
  await page.mouse.wheel(0, 5000);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
  await expect(adminSectionLink(page, 'Workshops')).toBeInViewport();
  const backup = adminSectionLink(page, 'Backup');
  await backup.scrollIntoViewIfNeeded();
  await expect(backup).toBeInViewport();
  await expect(adminSectionLink(page, 'Bookings')).toHaveAttribute('aria-current', 'page');
});
