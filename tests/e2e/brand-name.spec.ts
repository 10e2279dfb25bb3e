import { test, expect } from './fixtures';
import { signInToAdminTab } from './support/admin';
import { CLIENT_HEADERS } from './support/api';
import { expectNoViolations } from './support/axe';

/**
 * The brand name is set once in Settings › General and the public site shows it on the next page
 * load: header, footer and the document's title. Other tests run beside this one against the same
 * server, so the name is changed for as short a time as it takes and put back in a finally block
 * whatever happens; this test asserts only on the pages it opens itself.
 */

test('the organiser renames the business in Settings › General and the landing page shows the new name', async ({ page }) => {
  // As long as a name may be (60 characters), with characters HTML must escape.
  const brand = `Studio & Co ${Math.random().toString(36).slice(2, 7)} <Live Workshops for Product Teams and Founders>`.slice(0, 60).trimEnd();
  await signInToAdminTab(page, 'Settings');
  const field = page.getByLabel('Brand name');
  await expect(field).not.toHaveValue('');
  const original = await field.inputValue();
  try {
    await field.fill(brand);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByText('Settings Updated', { exact: true })).toBeVisible();
    // The admin bar follows at once.
    await expect(page.getByRole('banner')).toContainText(brand);

    await page.goto('/');
    await expect(page).toHaveTitle(`Introduction to Vibe Coding — ${brand}`);
    await expect(page.getByRole('banner').getByRole('link', { name: `${brand}, home` })).toBeVisible();
    const footer = page.getByRole('contentinfo');
    await expect(footer.getByRole('link', { name: brand, exact: true })).toBeVisible();
    await expect(footer.getByText(`${brand}. All rights reserved.`)).toBeVisible();
    await expectNoViolations(page, `/ at 1280 px named ${brand}`);
    // A long name is cut short; the menu beside it keeps each link on one line.
    const menuLink = page.getByRole('banner').getByRole('navigation', { name: 'Main' }).getByRole('link', { name: /my bookings/i });
    const lines = await menuLink.evaluate((link) => {
      const text = document.createRange();
      text.selectNodeContents(link);
      return new Set(Array.from(text.getClientRects(), (rect) => Math.round(rect.top))).size;
    });
    expect(lines, 'lines of the My Bookings link').toBe(1);

    // On a phone the name is in the header too, cut short rather than pushing the menu away.
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(page.getByRole('banner').getByRole('link', { name: `${brand}, home` })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Open menu' })).toBeInViewport();
    await expectNoViolations(page, `/ at 390 px named ${brand}`);
    await page.setViewportSize({ width: 1280, height: 800 });

    // A page reached by navigating in the app keeps the name in its title.
    await page.getByRole('banner').getByRole('link', { name: 'BLOG' }).first().click();
    await expect(page).toHaveTitle(`Blog — ${brand}`);
  } finally {
    const restored = await page.request.post('/api/admin/settings', { headers: CLIENT_HEADERS, data: { brandName: original } });
    expect(restored.ok(), await restored.text()).toBe(true);
  }
  await page.goto('/');
  await expect(page).toHaveTitle(`Introduction to Vibe Coding — ${original}`);
});
