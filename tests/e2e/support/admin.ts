import { expect, type Page } from '@playwright/test';
import { CLIENT_HEADERS } from './api';
import { E2E_ADMIN_EMAIL, E2E_ADMIN_PASSWORD } from './constants';

/**
 * Signs the page's browser context in as the e2e admin through the login API (the login screen
 * itself is tested in admin-login.spec.ts) and opens the dashboard, ready to use.
 */
export async function signInAsAdmin(page: Page, path = '/admin'): Promise<void> {
  const response = await page.request.post('/api/auth/login2', {
    headers: CLIENT_HEADERS,
    data: { email: E2E_ADMIN_EMAIL, password: E2E_ADMIN_PASSWORD },
  });
  expect(response.status(), await response.text()).toBe(200);
  await page.goto(path);
  if (path.startsWith('/admin') && !path.startsWith('/admin/login2')) {
    // The first visit fetches and compiles the admin chunks: on a slow, busy machine (two browsers
    // and the server on two cores) that has taken over ten seconds.
    await expect(page.getByRole('heading', { name: 'Admin Dashboard', level: 1 })).toBeVisible({ timeout: 25_000 });
  }
}

/** Opens a dashboard tab by its label ('Bookings', 'Discount Codes', …) and waits for its panel. */
export async function openAdminTab(page: Page, label: string): Promise<void> {
  const tab = page.getByRole('tab', { name: new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\b`) });
  await tab.click();
  await expect(tab).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tabpanel').getByRole('heading', { name: label, level: 2 })).toBeVisible();
}
