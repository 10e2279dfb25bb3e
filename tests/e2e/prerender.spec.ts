import { test, expect } from './fixtures';

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
  await page.addInitScript(() => {
    const shifts: number[] = [];
    new PerformanceObserver((list) => list.getEntries().forEach((entry) => shifts.push((entry as PerformanceEntry & { value: number }).value))).observe({
      type: 'layout-shift',
      buffered: true,
    });
    (window as unknown as { __shifts: number[] }).__shifts = shifts;
  });
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
  await page.waitForLoadState('networkidle');
  await expect(page.locator('#hero')).toHaveCount(1);
  const total = await page.evaluate(() => (window as unknown as { __shifts: number[] }).__shifts.reduce((sum, value) => sum + value, 0));
  expect(total).toBeLessThan(0.01);
});
