import { test, expect } from './fixtures';
import { openAdminTab, signInToAdminTab } from './support/admin';
import { CLIENT_HEADERS } from './support/api';
import { expectNoViolations } from './support/axe';
import { E2E_ADMIN_EMAIL, E2E_SMTP_PORT } from './support/constants';
import { waitForMail } from './support/mail';

/** Spec §2, §8, §9 and issue 6 point 4: the Settings tab's general, payment and email sub-tabs. */

const unique = () => Math.random().toString(36).slice(2, 8);

test.describe('Settings tab', () => {
  // One after another: they save the same settings (the mail server, its sender) and read them back.
  test.describe.configure({ mode: 'serial' });
  test.beforeEach(async ({ page }) => {
    await signInToAdminTab(page, 'Settings');
  });

  test('shows the four sub-tabs, two under Settings and two under Email, and saves the default timezone', async ({ page }) => {
    await expect(page.getByRole('tablist', { name: 'Settings sections' }).getByRole('tab')).toHaveText(['General', 'Payment']);
    await openAdminTab(page, 'Email');
    await expect(page.getByRole('tablist', { name: 'Email sections' }).getByRole('tab')).toHaveText(['Email', 'Email templates']);
    // The same word for a template nobody saved as /email-debug uses.
    await page.getByRole('tablist', { name: 'Email sections' }).getByRole('tab', { name: 'Email templates' }).click();
    await expect(page.getByRole('row').filter({ hasText: 'call-reminder' }).getByText('Built-in default', { exact: true })).toBeVisible();
    await openAdminTab(page, 'Settings');

    const timezone = page.getByLabel('Default timezone');
    await expect(timezone).toHaveValue(/^(PST|EST|CST|MST|UTC)$/);
    const next = (await timezone.inputValue()) === 'EST' ? 'MST' : 'EST';
    await timezone.selectOption(next);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByText('Settings Updated', { exact: true })).toBeVisible();

    await page.reload();
    await openAdminTab(page, 'Settings');
    await expect(page.getByLabel('Default timezone')).toHaveValue(next);

    // A new workshop starts in the saved default timezone.
    await openAdminTab(page, 'Workshops');
    await page.getByRole('button', { name: 'Add Workshop' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Workshop' });
    await expect(dialog.getByLabel('Timezone', { exact: true })).toHaveValue(next);
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    // Back to the spec's default, which other tests expect.
    const restored = await page.request.post('/api/admin/settings', { headers: CLIENT_HEADERS, data: { timezone: 'PST' } });
    expect(restored.ok(), await restored.text()).toBe(true);
  });

  test('shows the demo payment status and passes the connection test', async ({ page }) => {
    await page.getByRole('tab', { name: 'Payment', exact: true }).click();
    await expect(page.getByText('Demo payments (no Stripe key)')).toBeVisible();
    await page.getByRole('button', { name: 'Test connection' }).click();
    await expect(page.getByText(/^Demo payments are active/)).toBeVisible();
  });

  test('keeps the reservation hours typed at 390 px wide after a reload', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('tab', { name: 'Payment', exact: true }).click();
    const hours = page.getByRole('spinbutton', { name: 'Reservation hours' });
    await expect(hours).toHaveAccessibleDescription(/^Unpaid reservations are released this many hours after the participant confirms their e-mail address/);
    // The share of a date reservations may hold sits beside it; an impossible share is refused in its words.
    const share = page.getByRole('spinbutton', { name: 'Seats reservations may hold (%)' });
    await expect(share).toHaveAccessibleDescription(/^The unpaid reservations of a date never hold more than this share of its seats/);
    const shareBefore = await share.inputValue();
    await share.fill('101');
    await share.press('Enter');
    await expect(page.getByText('The reservation share must be a whole number of percent from 0 to 100')).toBeVisible();
    await share.fill(shareBefore);
    const next = (await hours.inputValue()) === '72' ? '96' : '72';

    // Keyboard only: type, then Enter submits; a value out of range is refused with its message.
    await hours.fill('0');
    await hours.press('Enter');
    await expect(page.getByText('Reservation hours must be a whole number from 1 to 720')).toBeVisible();
    await hours.fill(next);
    await hours.press('Enter');
    await expect(page.getByText('Settings Updated', { exact: true })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth), 'no sideways scrolling').toBeLessThanOrEqual(390);

    await page.reload();
    await openAdminTab(page, 'Settings');
    await page.getByRole('tab', { name: 'Payment', exact: true }).click();
    await expect(page.getByRole('spinbutton', { name: 'Reservation hours' })).toHaveValue(next);

    // Back to the default, which other tests (reservations) expect.
    const restored = await page.request.post('/api/admin/settings', { headers: CLIENT_HEADERS, data: { reservationHours: 48 } });
    expect(restored.ok(), await restored.text()).toBe(true);
  });

  test('saves SMTP settings, sends a test email and a sample confirmation that arrive, and runs diagnostics', async ({ page }) => {
    await openAdminTab(page, 'Email');
    await page.getByRole('tab', { name: 'Email', exact: true }).click();
    await expect(page.getByLabel('Port', { exact: true })).toBeVisible();
    await page.getByLabel('Email service').selectOption('smtp');
    await page.getByLabel('SMTP host').fill('127.0.0.1');
    await page.getByLabel('Port', { exact: true }).fill(String(E2E_SMTP_PORT));
    await page.getByLabel('From address').fill('Settings Studio <studio@example.com>');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByText('Settings Updated', { exact: true })).toBeVisible();
    await expect(page.getByText('E-mail is sent with the settings saved below.')).toBeVisible();
    // A new mail server is saved only after a test message went through it, to the organiser.
    await expect(page.getByRole('region', { name: /notifications/i }).getByText(`A test message went through to ${E2E_ADMIN_EMAIL}, and the settings are saved.`)).toBeVisible();
    await waitForMail(E2E_ADMIN_EMAIL, /^Test email from your workshop site$/);

    const to = `settings-${unique()}@example.com`;
    await page.getByLabel('Send test email to').fill(to);
    await page.getByRole('button', { name: 'Send test email' }).click();
    await expect(page.getByRole('form', { name: 'Send a test email' }).getByText(`Email sent to ${to}`)).toBeVisible();

    const mail = await waitForMail(to, /^Test email from your workshop site$/);
    expect(mail.from).toContain('studio@example.com');

    const tester = page.getByRole('form', { name: 'Booking confirmation tester' });
    const sampleTo = `sample-${unique()}@example.com`;
    await tester.getByLabel('Send a sample confirmation to').fill(sampleTo);
    await tester.getByRole('button', { name: 'Send sample confirmation' }).click();
    await expect(page.getByText('Test email queued', { exact: true })).toBeVisible();
    await waitForMail(sampleTo, /^Your seat is booked: /);

    await page.getByRole('button', { name: 'Run diagnostics' }).click();
    const results = page.getByRole('list', { name: 'Diagnostic results' });
    await expect(results.getByRole('listitem')).toHaveCount(4);
    await expect(results).toContainText('TCP connection:');
  });

  test('refuses a mail server a test message cannot go through, and saves nothing', async ({ page, consoleGuard }) => {
    consoleGuard.allow(/status of 502/, /\/api\/admin\/settings\/test-email$/);
    await openAdminTab(page, 'Email');
    await page.getByRole('tab', { name: 'Email', exact: true }).click();
    const before = await (await page.request.get('/api/admin/settings', { headers: CLIENT_HEADERS })).json();
    await page.getByLabel('Email service').selectOption('smtp');
    await page.getByLabel('SMTP host').fill('127.0.0.1');
    await page.getByLabel('Port', { exact: true }).fill('1');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    const failure = page.getByRole('alert').filter({ hasText: 'The test message did not go through, so nothing was saved' });
    await expect(failure).toBeVisible();
    await expect(failure).toContainText(/unable to connect/i);
    const after = await (await page.request.get('/api/admin/settings', { headers: CLIENT_HEADERS })).json();
    expect(after.emailPort).toBe(before.emailPort);
    expect(after.emailHost).toBe(before.emailHost);
    await expectNoViolations(page, 'Email settings with a failed test');
  });

  test('names the sender and Reply-To, warns about a no-reply sender, and switches an organiser e-mail off and on', async ({ page }) => {
    const before = await (await page.request.get('/api/admin/settings', { headers: CLIENT_HEADERS })).json();
    const saved = await page.request.post('/api/admin/settings', { headers: CLIENT_HEADERS, data: { emailFrom: 'Workshops <no-reply@vibecoding.example>', emailReplyTo: 'desk@vibecoding.example' } });
    expect(saved.ok(), await saved.text()).toBe(true);
    try {
      await openAdminTab(page, 'Email');
      await page.getByRole('tab', { name: 'Email', exact: true }).click();
      await expect(page.getByText('E-mails go out as Workshops <no-reply@vibecoding.example>; replies reach desk@vibecoding.example.')).toBeVisible();
      await expect(page.getByRole('status').filter({ hasText: 'no-reply@vibecoding.example, an address nobody reads' })).toBeVisible();
      await expect(page.getByLabel('Reply-To')).toHaveValue('desk@vibecoding.example');

      const notices = page.getByRole('group', { name: 'E-mails to you' });
      const bookings = notices.getByRole('switch', { name: 'A new booking or reservation' });
      await expect(bookings).toBeChecked();
      await bookings.click();
      await expect(page.getByRole('region', { name: /notifications/i }).getByText('A new booking or reservation: no e-mail.')).toBeVisible();
      await expect(bookings).not.toBeChecked();
      expect((await (await page.request.get('/api/admin/settings', { headers: CLIENT_HEADERS })).json()).notifyNewBooking).toBe(false);
      await bookings.click();
      await expect(bookings).toBeChecked();
      await expectNoViolations(page, 'Email settings');
    } finally {
      const restored = await page.request.post('/api/admin/settings', {
        headers: CLIENT_HEADERS,
        data: { emailFrom: before.emailFrom ?? '', emailReplyTo: before.emailReplyTo ?? '', notifyNewBooking: true },
      });
      expect(restored.ok(), await restored.text()).toBe(true);
    }
  });
});
