import { test, expect } from './fixtures';
import { openAdminTab, signInAsAdmin } from './support/admin';
import { CLIENT_HEADERS } from './support/api';

/*
 * Issue 4 point 9: the Bookings and Users tabs stay responsive with 5,000 bookings. They are
 * imported (CSV import, all in one go) into an inactive workshop of their own, so the public site
 * and the other tests do not see them; the tabs render one page of rows and page through the rest.
 */
const BOOKINGS = 5_000;

test('the Bookings and Users tabs page through 5,000 bookings', async ({ page }) => {
  test.setTimeout(180_000);
  await signInAsAdmin(page);
  const tag = Date.now().toString(36);
  const created = await page.request.post('/api/admin/workshop-dates', {
    headers: CLIENT_HEADERS,
    data: { title: `Scale test ${tag}`, date: 'March 3, 2031', time: '10:00 AM - 12:00 PM', timezone: 'UTC', seatsTotal: BOOKINGS, price: 100, isActive: false },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id: workshopDateId } = (await created.json()) as { id: number };
  const rows = Array.from({ length: BOOKINGS }, (_, i) => ({
    firstName: 'Scale',
    lastName: `Person ${i}`,
    email: `scale-${tag}-${i}@example.com`,
    company: '',
    workshopDateId: String(workshopDateId),
    isPaid: 'true',
    finalPrice: '100',
    originalPrice: '100',
    status: 'confirmed',
  }));
  const imported = await page.request.post('/api/admin/import/bookings', { headers: CLIENT_HEADERS, data: rows, timeout: 150_000 });
  expect(imported.status(), await imported.text()).toBe(200);
  expect(((await imported.json()) as { imported: number }).imported).toBe(BOOKINGS);

  await page.goto('/admin');
  await openAdminTab(page, 'Bookings');
  const table = page.getByRole('region', { name: 'Bookings', exact: true });
  const pages = page.getByRole('navigation', { name: 'bookings pages' });
  await expect(pages).toContainText(/Showing 1–50 of [\d,]+ bookings/);
  // One page of rows in the document, whatever the total.
  expect(await table.getByRole('row').count()).toBeLessThanOrEqual(51);

  await pages.getByRole('button', { name: 'Next' }).click();
  await expect(pages).toContainText(/Showing 51–100 of/);
  await page.getByRole('searchbox').first().fill(`scale-${tag}-4999@`);
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(table.getByRole('cell', { name: `scale-${tag}-4999@example.com` })).toBeVisible();

  await openAdminTab(page, 'Users');
  const users = page.getByRole('navigation', { name: 'users pages' });
  await expect(users).toContainText(/Showing 1–50 of [\d,]+ users/);
  expect(await page.getByRole('region', { name: 'Users', exact: true }).getByRole('row').count()).toBeLessThanOrEqual(51);
});
