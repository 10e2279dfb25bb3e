import { test, expect } from './fixtures';

test('an unknown route shows the not-found screen with status 404', async ({ page, consoleGuard }) => {
  // Chromium reports the 404 document itself as a failed resource.
  consoleGuard.allow(/status of 404/, /\/no-such-page$/);
  const response = await page.goto('/no-such-page');
  expect(response?.status(), 'HTTP status of the document').toBe(404);
  await expect(page.getByText('404 Page Not Found')).toBeVisible();
  await expect(page.getByText('Did you forget to add the page to the router?')).toBeVisible();
});
