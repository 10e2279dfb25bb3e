import { test, expect } from './fixtures';
import { openAdminTab, signInAsAdmin } from './support/admin';
import { CLIENT_HEADERS, adminRequest, getJson } from './support/api';
import { expectNoViolations } from './support/axe';

/*
 * Issue 18 point 6: the footer's privacy, terms and cookie pages are real pages with the admin's
 * words, and the promo sticker is the admin's text with a last day.
 */

const LEGAL = [
  ['Privacy Policy', '/privacy', /your name, e-mail address/],
  ['Terms of Service', '/terms', /A booking is a seat/],
  ['Cookie Policy', '/cookies', /one cookie/],
] as const;

const day = (offsetDays: number) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);

test('the footer links to the privacy, terms and cookie pages, each readable and accessible', async ({ page }) => {
  await page.goto('/');
  for (const [title, path, text] of LEGAL) {
    const footer = page.getByRole('contentinfo');
    await footer.getByRole('link', { name: title }).click();
    await expect(page).toHaveURL(new RegExp(`${path}$`));
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    // The admin's text (or the plain default) stands under the title.
    await expect(page.getByRole('main').getByText(text).first()).toBeVisible();
    await expect(page).toHaveTitle(new RegExp(`^${title} — `));
    await expectNoViolations(page, path);
    await page.getByRole('link', { name: 'Back to Home' }).click();
    await expect(page).toHaveURL(/\/$/);
  }
});

test('a legal page opened directly answers 200 with its title in the HTML', async ({ request }) => {
  const response = await request.get('/terms', { headers: { accept: 'text/html' } });
  expect(response.status()).toBe(200);
  expect(await response.text()).toContain('<title>Terms of Service — ');
});

test('the admin writes the cookie policy in Promo & Pages, and visitors read it', async ({ page }) => {
  const admin = await adminRequest('restore the cookie policy');
  const before = await (await admin.get('/api/admin/settings')).json();
  try {
    await signInAsAdmin(page);
    await openAdminTab(page, 'Promo & Pages');
    const form = page.getByRole('form', { name: 'Promo and pages' });
    await form.getByLabel('Cookie Policy').fill('# The one cookie\n\nIt keeps you **signed in**. Nothing else.');
    await form.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByRole('region', { name: /notifications/i }).getByText('Settings Updated', { exact: true })).toBeVisible();
    await expectNoViolations(page, 'Promo & Pages');

    await page.goto('/cookies');
    await expect(page.getByRole('heading', { level: 2, name: 'The one cookie' })).toBeVisible();
    await expect(page.getByRole('main').locator('strong', { hasText: 'signed in' })).toBeVisible();
  } finally {
    const restored = await admin.post('/api/admin/settings', { data: { cookiePolicy: before.cookiePolicy } });
    expect(restored.ok(), await restored.text()).toBe(true);
    await admin.dispose();
  }
});

test("the promo sticker is the admin's text through its last day, and gone after it", async ({ page }) => {
  const admin = await adminRequest('restore the promo');
  const before = await (await admin.get('/api/admin/settings')).json();
  const text = `Early bird ${Date.now().toString(36)}`;
  try {
    await signInAsAdmin(page);
    await openAdminTab(page, 'Promo & Pages');
    const form = page.getByRole('form', { name: 'Promo and pages' });
    await form.getByLabel('Text').fill(text);
    await form.getByLabel('Last day').fill(day(0));
    await form.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByRole('region', { name: /notifications/i }).getByText('Settings Updated', { exact: true })).toBeVisible();

    await page.goto('/');
    await expect(page.locator('#workshops').getByText(text)).toBeVisible();

    // The last day was yesterday: the sticker is gone.
    const ended = await admin.post('/api/admin/settings', { data: { promoEndsOn: day(-1) } });
    expect(ended.ok(), await ended.text()).toBe(true);
    expect(await getJson<{ promo: string | null }>(page.request, '/api/site-content')).toEqual({ promo: null });
    await page.reload();
    await expect(page.locator('#workshops').getByRole('heading', { level: 3 })).toBeVisible();
    await expect(page.locator('#workshops').getByText(text)).toHaveCount(0);
  } finally {
    const restored = await admin.post('/api/admin/settings', { headers: CLIENT_HEADERS, data: { promoText: before.promoText, promoEndsOn: before.promoEndsOn ?? '' } });
    expect(restored.ok(), await restored.text()).toBe(true);
    await admin.dispose();
  }
});
