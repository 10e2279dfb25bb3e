import type { APIRequestContext, Page } from '@playwright/test';
import { test, expect } from './fixtures';
import { adminSection, openAdminTab, signInAsAdmin } from './support/admin';
import { adminGetJson, adminRequest, CLIENT_HEADERS, getWorkshopDates, isTbc } from './support/api';
import { bookPaid } from './support/booking';
import { expectNoViolations } from './support/axe';
import { confirmReservation, letReservationsFillDates } from './support/links';

/** The admin Bookings and Users tabs. Each test books its own seat first. */

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

/** A pay-later reservation (no discount code needed), its address confirmed through the e-mailed link. */
async function reserve(request: APIRequestContext, who: Person) {
  const date = await roomyDate(request);
  const response = await request.post('/api/bookings/reserve', {
    headers: CLIENT_HEADERS,
    data: { workshopDateId: date.id, ...who, paymentMode: 'pay_later' },
  });
  expect(response.status(), await response.text()).toBe(201);
  await confirmReservation(request, ((await response.json()) as { id: number }).id);
  return date;
}

test.beforeAll(letReservationsFillDates);

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
    await expect(table.getByRole('columnheader')).toHaveText(['', 'Name', 'Email', 'Payment', 'Order', 'Workshop', 'Company', 'Attended', 'Date Booked', 'Actions']);

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
    await expect(adminSection(page).getByRole('heading', { name: 'Bookings', level: 2, exact: true })).toBeVisible();
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
    // One word for the booking's state, with what it costs beside it.
    await expect(row.getByText('Reserved', { exact: true })).toBeVisible();
    await expect(row.getByText('Unpaid', { exact: true })).toHaveCount(0);
    await expect(row.getByText(/^\$\d[\d,]*\.\d\d$/)).toBeVisible();

    await row.getByRole('button', { name: `Delete booking: ${fullName(who)}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete this booking?' });
    await confirm.getByRole('button', { name: 'Delete booking' }).click();
    await expect(toast(page, 'Booking Deleted')).toBeVisible();
    await expect(confirm).toBeHidden();
    await expect(page.getByRole('region', { name: 'Bookings', exact: true })).toBeHidden();
    await expect(page.getByText('No bookings match your search')).toBeVisible();
  });
});

/** Signs in, opens the Bookings tab and answers the person's row. */
async function openBookingRow(page: Page, who: Person) {
  await signInAsAdmin(page, '/admin?tab=bookings');
  await openAdminTab(page, 'Bookings');
  return findBooking(page, who);
}

/** The e-mails queued to an address, from the admin's outbox view. */
async function outboxTo(email: string): Promise<{ to: string; subject: string }[]> {
  const admin = await adminRequest('the outbox');
  const list = await adminGetJson<{ to: string; subject: string }[]>(admin, '/api/admin/outbox?limit=500', 'the outbox');
  await admin.dispose();
  return list.filter((entry) => entry.to === email);
}

test.describe('admin booking actions', () => {
  test.use({ reducedMotion: 'reduce' });

  test('cancels a paid booking with a partial refund', async ({ page }) => {
    test.setTimeout(60_000);
    const who = person('Cancel');
    await bookPaid(page.request, who, await roomyDate(page.request));
    const row = await openBookingRow(page, who);
    await expect(row.getByText('Paid', { exact: true })).toBeVisible();

    await row.getByRole('button', { name: `Cancel booking: ${fullName(who)}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Cancel this booking?' });
    await expect(dialog.getByText('Can go back by card from here: $499.00')).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Cancel and refund $499.00' })).toBeVisible();
    await dialog.getByRole('radio', { name: 'Refund a chosen amount by card' }).check();
    const amount = dialog.getByRole('textbox', { name: 'Refund amount (USD)' });
    await amount.fill('600');
    await dialog.getByRole('button', { name: 'Cancel and refund $600.00' }).click();
    await expect(dialog.getByText('The refund can be at most $499.00, what was paid by card and not yet refunded.')).toBeVisible();
    await amount.fill('100');
    await expectNoViolations(page, 'Cancel dialog');
    await dialog.getByRole('button', { name: 'Cancel and refund $100.00' }).click();

    await expect(toast(page, 'Booking Cancelled')).toBeVisible();
    await expect(toast(page, 'The booking was cancelled and $100.00 was refunded. The participant has been e-mailed.')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(row.getByText('Cancelled', { exact: true })).toBeVisible();
    // A cancelled booking can only be deleted now.
    await expect(row.getByRole('button', { name: `Cancel booking: ${fullName(who)}` })).toHaveCount(0);
    await expect(row.getByRole('button', { name: `Delete booking: ${fullName(who)}` })).toBeVisible();
    await expect.poll(async () => (await outboxTo(who.email)).some((mail) => mail.subject.startsWith('Your booking is cancelled'))).toBe(true);
  });

  test('resends the confirmation of a reservation', async ({ page }) => {
    const who = person('Resend');
    await reserve(page.request, who);
    const row = await openBookingRow(page, who);
    const before = (await outboxTo(who.email)).length;

    await row.getByRole('button', { name: `Resend confirmation: ${fullName(who)}` }).click();
    await expect(toast(page, 'Confirmation Sent')).toBeVisible();
    await expect(toast(page, 'The confirmation e-mail was sent again.')).toBeVisible();
    expect((await outboxTo(who.email)).length).toBe(before + 1);
  });

  test('moves a reservation to another date', async ({ page }) => {
    test.setTimeout(60_000);
    const who = person('Move');
    const from = await reserve(page.request, who);
    const row = await openBookingRow(page, who);
    await expect(row.getByText(from.title)).toBeVisible();

    await row.getByRole('button', { name: `Move booking: ${fullName(who)}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Move this booking' });
    const select = dialog.getByRole('combobox', { name: 'New workshop date' });
    await expect(select).toBeVisible();
    const options = await select.locator('option:not([value=""])').allInnerTexts();
    expect(options.length, 'another open date to move to').toBeGreaterThan(0);
    await expectNoViolations(page, 'Move dialog');
    await dialog.getByRole('button', { name: 'Move booking' }).click();
    await expect(dialog.getByText('Choose the workshop date to move this booking to')).toBeVisible();
    await select.selectOption({ label: options[0]! });
    await dialog.getByRole('button', { name: 'Move booking' }).click();

    // 'Title — July 4, 2031 · 10:00 AM PST (12 seats left)': the row shows the new date's when.
    const when = /^.+ — (.+) \(\d+ seats? left\)$/.exec(options[0]!)![1]!;
    await expect(toast(page, 'Booking Moved')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(row.getByText(when, { exact: true })).toBeVisible();
  });

  test('marks a reservation as paid', async ({ page }) => {
    test.setTimeout(60_000);
    const who = person('MarkPaid');
    await reserve(page.request, who);
    const row = await openBookingRow(page, who);
    await expect(row.getByText('Reserved', { exact: true })).toBeVisible();

    await row.getByRole('button', { name: `Mark as paid: ${fullName(who)}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Mark this reservation as paid?' });
    await dialog.getByRole('textbox', { name: 'How was it paid?' }).fill('Bank transfer 4471');
    await expectNoViolations(page, 'Mark as paid dialog');
    await dialog.getByRole('button', { name: /^Mark \$[\d,.]+ as paid$/ }).click();

    await expect(toast(page, 'Marked as Paid')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(row.getByText('Paid', { exact: true })).toBeVisible();
    await expect(row.getByText('Reserved', { exact: true })).toHaveCount(0);
    await expect(row.getByRole('button', { name: `Mark as paid: ${fullName(who)}` })).toHaveCount(0);
  });

  test('deletes a paid booking and refunds it', async ({ page }) => {
    test.setTimeout(60_000);
    const who = person('DeletePaid');
    await bookPaid(page.request, who, await roomyDate(page.request));
    const row = await openBookingRow(page, who);

    await row.getByRole('button', { name: `Delete booking: ${fullName(who)}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete this paid booking?' });
    await expect(dialog.getByRole('button', { name: 'Keep booking' })).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Delete and keep the payment' })).toBeVisible();
    await expectNoViolations(page, 'Delete paid booking dialog');
    await dialog.getByRole('button', { name: 'Refund $499.00 and delete' }).click();

    await expect(toast(page, 'Booking Deleted')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(page.getByText('No bookings match your search')).toBeVisible();
    await expect.poll(async () => (await outboxTo(who.email)).some((mail) => /refund/i.test(mail.subject))).toBe(true);
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

  test('the tables, the export dialog and the e-mail dialog pass axe, and fit a 360 px screen', async ({ page }) => {
    // Several full axe scans: on a slow, shared machine they take longer than the default 30 s.
    test.setTimeout(90_000);
    const who = person('Axe');
    await reserve(page.request, who);
    await page.setViewportSize({ width: 360, height: 740 });
    await signInAsAdmin(page, '/admin?tab=bookings');
    await openAdminTab(page, 'Bookings');
    await findBooking(page, who);
    await expectNoViolations(page, 'Bookings tab');
    // The table scrolls inside its frame; the page itself does not scroll sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

    await page.getByRole('button', { name: 'Export All Emails' }).click();
    const exported = page.getByRole('dialog', { name: 'Exported Emails' });
    await expect(exported.getByRole('textbox', { name: 'Email addresses' })).toHaveValue(new RegExp(who.email.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
    await expectNoViolations(page, 'Exported Emails dialog');
    await exported.getByRole('button', { name: 'Done' }).click();
    await expect(exported).toBeHidden();

    await openAdminTab(page, 'Users');
    await page.getByRole('searchbox', { name: 'Search users' }).fill(who.email);
    await expect(page.getByRole('region', { name: 'Users', exact: true }).getByRole('row').filter({ hasText: who.email })).toHaveCount(1);
    await expectNoViolations(page, 'Users tab');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await page.getByRole('button', { name: /Send Email/ }).click();
    await expect(page.getByRole('dialog', { name: 'Send Email' })).toBeVisible();
    await expectNoViolations(page, 'Send Email dialog');
  });
});
