import { expect, type Locator, type Page } from '@playwright/test';
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

/** The open section of the admin workspace (its heading is its name). */
export function adminSection(page: Page): Locator {
  return page.locator('#admin-section');
}

/** A section's link in the workspace menu (the sidebar, or the drawer on a narrow screen). */
export function adminSectionLink(page: Page, label: string): Locator {
  const name = new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\b`);
  return page.getByRole('navigation', { name: 'Admin sections' }).getByRole('link', { name });
}

/**
 * Opens a workspace section by its label ('Bookings', 'Discount Codes', …) from the sidebar, or
 * from the Sections drawer where the screen is too narrow for a sidebar, and waits for it.
 */
export async function openAdminTab(page: Page, label: string): Promise<void> {
  // Which menu there is depends on the width, so wait for the dashboard before looking.
  await expect(page.getByRole('heading', { name: 'Admin Dashboard', level: 1 })).toBeVisible({ timeout: 25_000 });
  const drawerButton = page.getByRole('button', { name: 'Sections' });
  const inDrawer = await drawerButton.isVisible();
  if (inDrawer) await drawerButton.click();
  const link = adminSectionLink(page, label);
  await link.click();
  // The drawer closes after a choice, taking its links with it; the sidebar stays and marks it.
  if (inDrawer) await expect(page.getByRole('dialog', { name: 'Sections' })).toBeHidden();
  else await expect(link).toHaveAttribute('aria-current', 'page');
  await expect(adminSection(page).getByRole('heading', { name: label, level: 2, exact: true })).toBeVisible();
}

/** Signs in as the e2e admin (signInAsAdmin) and opens a workspace section by its label (openAdminTab). */
export async function signInToAdminTab(page: Page, label: string): Promise<void> {
  await signInAsAdmin(page);
  await openAdminTab(page, label);
}
