import { test, expect } from './fixtures';
import { layoutShiftTotal, recordLayoutShifts } from './support/page';

/*
 * Issue 7 (Lighthouse on '/'): the landing page's HTML already holds its first screen, so it
 * paints before any script runs; the app then takes over the same markup without moving it.
 */
test('the landing page shows its first screen without JavaScript', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  try {
    const page = await context.newPage();
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Turn your idea into a working prototype in two hours.' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'BOOK NOW' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(1);
  } finally {
    await context.close();
  }
});

test('the app takes over the prerendered page without a layout shift or a second copy', async ({ page }) => {
  await recordLayoutShifts(page);
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
  await page.waitForLoadState('networkidle');
  await expect(page.locator('#hero')).toHaveCount(1);
  expect(await layoutShiftTotal(page)).toBeLessThan(0.01);
});
