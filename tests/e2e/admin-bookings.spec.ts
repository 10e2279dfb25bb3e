import type { APIRequestContext, Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { test, expect } from './fixtures';
import { openAdminTab, signInAsAdmin } from './support/admin';
import { adminGetJson, adminRequest, CLIENT_HEADERS, getWorkshopDates, isTbc } from './support/api';

/** Spec §2, §4, §8: the admin Bookings and Users tabs. Each test books its own seat first. */

type Person = { firstName: string; lastName: string; email: string };

function person(tag: string): Person {
  const id = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  return { firstName: 'Ada', lastName: `${tag}${id}`, email: `admin-bookings-${tag.toLowerCase()}-${id}@example.com` };
}

const fullName = (who: Person) => `${who.firstName} ${who.lastName}`;

/** The open date with the most seats left, so parallel tests do not run it out. */
async function roomyDate(request: APIRequestContext) {
  const dates = (await getWorkshopDates(request)).filter((d) => !isTbc(d) && d.seatsRemaining > 0);
  expect(dates.length, 'the demo seed has an open workshop date').toBeGreaterThan(0);
  return dates.sort((a, b) => b.seatsRemaining - a.seatsRemaining)[0]!;
}

/** A free booking with the seed's 100 % code, through the public API the checkout uses. */
async function bookFree(request: APIRequestContext, who: Person) {
  const date = await roomyDate(request);
  const response = await request.post('/api/bookings', {
    headers: CLIENT_HEADERS,
    data: { workshopDateId: date.id, ...who, company: 'Analytical Engines', discountCode: 'PILOT100', stripePaymentId: 'free-booking', isPaid: true },
  });
  expect(response.status(), await response.text()).toBe(201);
  return date;
}

/** A pay-later reservation (no discount code needed). */
async function reserve(request: APIRequestContext, who: Person) {
  const date = await roomyDate(request);
  const response = await request.post('/api/bookings/reserve', {
    headers: CLIENT_HEADERS,
    data: { workshopDateId: date.id, ...who, paymentMode: 'pay_later' },
  });
  expect(response.status(), await response.text()).toBe(201);
  return date;
}

const toast = (page: Page, text: string) => page.getByText(text, { exact: true }).first();

/** Closes the visible toast, which would otherwise cover the table's lower rows for 5 s. */
async function closeToast(page: Page) {
  await page.getByRole('region', { name: /^Notifications/ }).getByRole('button', { name: 'Close' }).first().click();
}

async function findBooking(page: Page, who: Person) {
  await page.getByRole('searchbox', { name: 'Search bookings' }).fill(who.email);
  const row = page.getByRole('region', { name: 'Bookings', exact: true }).getByRole('row').filter({ hasText: who.email });
  await expect(row).toHaveCount(1);
  return row;
}

test.describe('admin Bookings tab', () => {
  test('shows the columns, toggles attendance (kept after a reload) and exports the selected e-mail', async ({ page }) => {
    const who = person('Attend');
    const date = await bookFree(page.request, who);
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await signInAsAdmin(page, '/admin?tab=bookings');
    await openAdminTab(page, 'Bookings');

    const table = page.getByRole('region', { name: 'Bookings', exact: true });
    // Waits for the table: the list may still be loading when the tab opens.
    await expect(table.getByRole('columnheader')).toHaveText(['', 'Name', 'Email', 'Workshop', 'Company', 'Payment', 'Attended', 'Date Booked', 'Actions']);

    // Nothing selected yet.
    await page.getByRole('button', { name: 'Export Selected Emails' }).click();
    await expect(toast(page, 'No Bookings Selected')).toBeVisible();
    await expect(toast(page, 'Please select at least one booking to export emails.')).toBeVisible();
    await closeToast(page);

    const row = await findBooking(page, who);
    await expect(row.getByRole('cell', { name: fullName(who), exact: true })).toBeVisible();
    await expect(row.getByText(date.title)).toBeVisible();
    await expect(row.getByText('Analytical Engines')).toBeVisible();
    await expect(row.getByText('FREE', { exact: true })).toBeVisible();

    const attended = row.getByRole('checkbox', { name: `Attended: ${fullName(who)}` });
    await expect(attended).not.toBeChecked();
    await attended.check();
    await expect(toast(page, 'Attendance Updated')).toBeVisible();
    await expect(attended).toBeChecked();

    await page.reload();
    await expect(page.getByRole('tabpanel').getByRole('heading', { name: 'Bookings', level: 2, exact: true })).toBeVisible();
    const reloadedRow = await findBooking(page, who);
    await expect(reloadedRow.getByRole('checkbox', { name: `Attended: ${fullName(who)}` })).toBeChecked();

    await reloadedRow.getByRole('checkbox', { name: `Select booking: ${fullName(who)}` }).check();
    await page.getByRole('button', { name: 'Export Selected Emails' }).click();
    await expect(toast(page, 'Emails Exported')).toBeVisible();
    const dialog = page.getByRole('dialog', { name: 'Exported Emails' });
    await expect(dialog.getByRole('textbox', { name: 'Email addresses' })).toHaveValue(who.email.toLowerCase());

    await dialog.getByRole('button', { name: 'Copy to Clipboard' }).click();
    await expect(toast(page, 'Copied')).toBeVisible();
    await expect(toast(page, 'Email addresses copied to clipboard')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(who.email.toLowerCase());
  });

  test('deletes a booking after confirmation', async ({ page }) => {
    const who = person('Delete');
    await reserve(page.request, who);

    await signInAsAdmin(page, '/admin?tab=bookings');
    await openAdminTab(page, 'Bookings');
    const row = await findBooking(page, who);
    await expect(row.getByText('Unpaid', { exact: true })).toBeVisible();
    await expect(row.getByText('Reserved', { exact: true })).toBeVisible();

    await row.getByRole('button', { name: `Delete booking: ${fullName(who)}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete this booking?' });
    await confirm.getByRole('button', { name: 'Delete booking' }).click();
    await expect(toast(page, 'Booking Deleted')).toBeVisible();
    await expect(confirm).toBeHidden();
    await expect(page.getByRole('region', { name: 'Bookings', exact: true })).toBeHidden();
    await expect(page.getByText('No bookings match your search')).toBeVisible();
  });
});

test.describe('admin Users tab', () => {
  test('lists a person once with their bookings and sends them an e-mail', async ({ page }) => {
    const who = person('User');
    await reserve(page.request, who);
    await reserve(page.request, who);

    await signInAsAdmin(page, '/admin?tab=users');
    await openAdminTab(page, 'Users');
    await expect(page.getByText('Attendance rate:')).toBeVisible();
    await expect(page.getByTestId('attendance-rate')).toHaveText(/^\d{1,3}\.\d%$/);

    const table = page.getByRole('region', { name: 'Users', exact: true });
    const headers = await table.getByRole('columnheader').allInnerTexts();
    expect(headers.map((h) => h.trim())).toEqual(['Name', 'Email', 'Company', 'Workshops Booked', 'Attended', 'Actions']);

    await page.getByRole('searchbox', { name: 'Search users' }).fill(who.email);
    const row = table.getByRole('row').filter({ hasText: who.email });
    await expect(row).toHaveCount(1);
    await expect(row.getByRole('cell').nth(3)).toHaveText('2');
    await expect(row.getByRole('cell').nth(4)).toHaveText('0');
    await expect(row.getByRole('link', { name: /View bookings/ })).toHaveAttribute('href', `/participant?email=${encodeURIComponent(who.email)}`);

    await row.getByRole('button', { name: /Send Email/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Send Email' });
    const send = dialog.getByRole('button', { name: 'Send', exact: true });
    await expect(send).toBeDisabled();
    await dialog.getByLabel('Subject').fill('Your slides');
    await expect(send).toBeDisabled();
    await dialog.getByLabel('Message').fill('Hello <b>Ada</b>, the slides are attached.');
    await expect(send).toBeEnabled();
    await send.click();
    await expect(toast(page, 'Email Sent')).toBeVisible();
    await expect(toast(page, 'Your email has been sent successfully.')).toBeVisible();
    await expect(dialog).toBeHidden();

    const admin = await adminRequest('the admin outbox holds the e-mail');
    try {
      const outbox = await adminGetJson<{ to: string; subject: string }[]>(admin, '/api/admin/outbox', 'the e-mail in the outbox');
      expect(outbox.some((mail) => mail.to === who.email && mail.subject === 'Your slides')).toBe(true);
    } finally {
      await admin.dispose();
    }
  });
});

test.describe('admin Bookings and Users tabs, accessibility', () => {
  test.use({ reducedMotion: 'reduce' });

  async function expectNoSeriousViolations(page: Page, label: string) {
    const results = await new AxeBuilder({ page }).analyze();
    const serious = results.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.help} — ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(', ')}`);
    expect(serious, `${label}: serious or critical accessibility violations`).toEqual([]);
  }

  test('the tables, the export dialog and the e-mail dialog pass axe, and fit a 360 px screen', async ({ page }) => {
    // Several full axe scans: on a slow, shared machine they take longer than the default 30 s.
    test.setTimeout(90_000);
    const who = person('Axe');
    await reserve(page.request, who);
    await page.setViewportSize({ width: 360, height: 740 });
    await signInAsAdmin(page, '/admin?tab=bookings');
    await openAdminTab(page, 'Bookings');
    await findBooking(page, who);
    await expectNoSeriousViolations(page, 'Bookings tab');
    // The table scrolls inside its frame; the page itself does not scroll sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

    await page.getByRole('button', { name: 'Export All Emails' }).click();
    const exported = page.getByRole('dialog', { name: 'Exported Emails' });
    await expect(exported.getByRole('textbox', { name: 'Email addresses' })).toHaveValue(new RegExp(who.email.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
    await expectNoSeriousViolations(page, 'Exported Emails dialog');
    await exported.getByRole('button', { name: 'Done' }).click();
    await expect(exported).toBeHidden();

    await openAdminTab(page, 'Users');
    await page.getByRole('searchbox', { name: 'Search users' }).fill(who.email);
    await expect(page.getByRole('region', { name: 'Users', exact: true }).getByRole('row').filter({ hasText: who.email })).toHaveCount(1);
    await expectNoSeriousViolations(page, 'Users tab');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await page.getByRole('button', { name: /Send Email/ }).click();
    await expect(page.getByRole('dialog', { name: 'Send Email' })).toBeVisible();
    await expectNoSeriousViolations(page, 'Send Email dialog');
  });
});
