import type { Page } from '@playwright/test';
import { expectNoViolations } from './support/axe';
import { test, expect } from './fixtures';
import { signInAsAdmin } from './support/admin';
import { waitForMail } from './support/mail';

/** Spec §2 'Email debugging tool', §8 test e-mail texts; issue 6 point 9: a test e-mail from /email-debug arrives. */

const toasts = (page: Page) => page.getByRole('region', { name: /notifications/i });
const unique = () => Math.random().toString(36).slice(2, 8);

test.describe('/email-debug', () => {
  test.beforeEach(async ({ page }) => {
    await signInAsAdmin(page, '/email-debug');
    await expect(page.getByRole('heading', { name: 'Email Debugging', level: 1 })).toBeVisible();
  });

  test('shows the configuration status and the templates table', async ({ page }) => {
    const card = page.getByRole('region', { name: 'Email Configuration Status' });
    await expect(card.getByRole('button', { name: 'Refresh' })).toBeVisible();
    // The e2e server sends through its SMTP sink (SMTP_URL), with no admin settings saved.
    await expect(card.getByText('Configured', { exact: true }).last()).toBeVisible();
    await expect(card.getByText('smtp', { exact: true })).toBeVisible();
    await expect(card.getByText('127.0.0.1', { exact: true })).toBeVisible();

    const table = page.getByRole('region', { name: 'Email Templates', exact: true });
    await expect(table).toBeVisible();
    expect(await table.getByRole('columnheader').allTextContents()).toEqual(['Type', 'Exists', 'Subject', 'Active', 'Copies admin', 'Actions']);
    await expect(table.getByRole('row').filter({ hasText: 'booking-confirmation' })).toBeVisible();
    await expect(table.getByRole('row').filter({ hasText: 'booking-cancellation' })).toBeVisible();
    // A type nobody saved sends its built-in default: it exists, with the default's subject.
    const unsaved = table.getByRole('row').filter({ hasText: 'call-reminder' });
    await expect(unsaved.getByRole('cell').nth(1)).toHaveText(/^Yes\s*Built-in default$/);
    await expect(unsaved.getByRole('cell').nth(2)).toHaveText('Tomorrow: your follow-up call, {{when}}');

    await card.getByRole('button', { name: 'Refresh' }).click();
    await expect(card.getByText('127.0.0.1', { exact: true })).toBeVisible();

    await expectNoViolations(page, '/email-debug');
  });

  test('sends a test e-mail with a replacement, and it arrives', async ({ page }) => {
    const tag = unique();
    const recipient = `debug-${tag}@example.com`;
    await page.getByRole('tab', { name: 'Send Test Email' }).click();
    const form = page.getByRole('form', { name: 'Send test email' });
    await form.getByLabel('Template Type').selectOption('booking-confirmation');

    const send = form.getByRole('button', { name: 'Send Test Email' });
    await expect(send).toBeDisabled();
    await expect(form.getByText('No replacements added yet')).toBeVisible();
    const add = form.getByRole('button', { name: 'Add' });
    await expect(add).toBeDisabled();

    await form.getByLabel('Key', { exact: true }).fill('firstName');
    await form.getByLabel('Value', { exact: true }).fill(`Tester${tag}`);
    await add.click();
    await expect(form.getByText('No replacements added yet')).toHaveCount(0);
    await expect(form.getByRole('button', { name: 'Remove firstName' })).toBeVisible();

    const recipientInput = form.getByLabel('Recipient Email');
    await expect(recipientInput).toHaveAttribute('type', 'email');
    await recipientInput.fill(recipient);
    await expect(send).toBeEnabled();
    await send.click();

    await expect(toasts(page).getByText('Email sent', { exact: true })).toBeVisible();
    await expect(toasts(page).getByText(`Email sent to ${recipient}`, { exact: true })).toBeVisible();

    const mail = await waitForMail(recipient, /^Your seat is booked: /);
    expect(mail.html).toContain(`Hi Tester${tag},`);
  });

  test('edits a template: starts from the default, saves it, and the table shows it saved', async ({ page }) => {
    const form = page.getByRole('form', { name: 'Edit template' });
    await form.getByLabel('Template Type').selectOption('booking-cancellation');
    const subject = form.getByLabel('Subject');
    await expect(subject).toHaveValue('Your booking is cancelled: {{workshopTitle}}');
    // Text beside the paragraphs ({{refundDetails}}) is more than rich text keeps: it opens as HTML.
    await expect(form.getByRole('button', { name: 'HTML', exact: true })).toHaveAttribute('aria-pressed', 'true');
    const content = form.getByLabel('Content', { exact: true });
    await expect(content).toHaveValue(/Your booking #\{\{bookingId\}\}/);
    expect((await content.boundingBox())!.height).toBeGreaterThanOrEqual(300);
    await expect(form.getByRole('switch', { name: /Active/ })).toBeChecked();
    await expect(form.getByText('will send emails')).toBeVisible();
    await expect(form.getByRole('switch', { name: /BCC Admin/ })).not.toBeChecked();
    await expect(form.getByText('copy admin on all emails')).toBeVisible();

    const save = form.getByRole('button', { name: 'Save Template' });
    await subject.fill('');
    await expect(save).toBeDisabled();
    // Saved as the default text, so other tests' cancellation e-mails read the same.
    await subject.fill('Your booking is cancelled: {{workshopTitle}}');
    await expect(save).toBeEnabled();
    await save.click();
    await expect(toasts(page).getByText('Template saved', { exact: true })).toBeVisible();

    const row = page.getByRole('region', { name: 'Email Templates', exact: true }).getByRole('row').filter({ hasText: 'booking-cancellation' });
    await expect(row.getByRole('cell').nth(1)).toHaveText(/^Yes\s*Saved$/);
    await expect(row.getByRole('cell').nth(2)).toHaveText('Your booking is cancelled: {{workshopTitle}}');
  });
});
