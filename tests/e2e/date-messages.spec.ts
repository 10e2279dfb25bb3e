import { mkdirSync } from 'node:fs';
import type { APIRequestContext, Page } from '@playwright/test';
import { test, expect } from './fixtures';
import { openAdminTab, signInAsAdmin } from './support/admin';
import { adminRequest, CLIENT_HEADERS } from './support/api';
import { expectNoViolations } from './support/axe';
import { E2E_ADMIN_EMAIL } from './support/constants';
import { waitForMail } from './support/mail';

/*
 * Messages to everyone on a date (docs/decisions/021-messages-to-a-date.md), from the date's row
 * in Workshops: compose with a placeholder, preview it with the first attendee's real name, send a
 * test to yourself, send to everyone, and find it in the log; at a laptop's and a phone's width.
 */
const SHOTS = '/tmp/shots-messages';

/** A paid seat on the date, through the demo payment, as a visitor books it. */
async function bookSeat(request: APIRequestContext, workshopDateId: number, person: { firstName: string; lastName: string; email: string }) {
  const intent = await request.post('/api/create-payment-intent', { headers: CLIENT_HEADERS, data: { workshopDateId, customerInfo: { ...person, company: '' } } });
  expect(intent.status(), await intent.text()).toBe(200);
  const { paymentIntentId } = (await intent.json()) as { paymentIntentId: string };
  const paid = await request.post('/api/payments/demo/confirm', { headers: CLIENT_HEADERS, data: { paymentIntentId, cardNumber: '4242 4242 4242 4242' } });
  expect(paid.status(), await paid.text()).toBe(200);
}

async function shoot(page: Page, name: string, width: number): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}-${width}.png` });
}

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
]) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport });

    test('the organiser messages everyone on a date: preview, test, send, log', async ({ page, request }) => {
      test.setTimeout(120_000);
      const tag = `${Date.now().toString(36)}-${viewport.width}`;
      const title = `Message Workshop ${tag}`;
      const admin = await adminRequest('the date to message');
      const created = await admin.post('/api/admin/workshop-dates', {
        data: { title, date: 'January 9, 2031', time: '10:00 AM - 12:00 PM', timezone: 'PST', seatsTotal: 5, price: 499 },
      });
      expect(created.status(), await created.text()).toBe(201);
      const { id: dateId } = (await created.json()) as { id: number };
      const first = { firstName: 'Marigold', lastName: 'Quill', email: `marigold.${tag}@example.com` };
      const second = { firstName: 'Basil', lastName: 'Fern', email: `basil.${tag}@example.com` };
      await bookSeat(request, dateId, first);
      await bookSeat(request, dateId, second);

      await signInAsAdmin(page);
      await openAdminTab(page, 'Workshops');
      const row = page.getByRole('region', { name: 'Workshop dates' }).getByRole('row').filter({ hasText: title });
      await row.getByRole('button', { name: `Message everyone on ${title}` }).click();
      const dialog = page.getByRole('dialog', { name: 'Message: January 9, 2031' });
      await expect(dialog).toBeVisible();
      await expect(dialog.getByText(`${title} · 2 people on it`)).toBeVisible();

      // Compose: the placeholder goes in where the caret is, from its chip.
      await dialog.getByLabel('Subject', { exact: true }).fill(`Tomorrow, ${tag}`);
      await dialog.getByRole('button', { name: 'HTML', exact: true }).click();
      const body = dialog.getByLabel('Message', { exact: true });
      await body.fill('<p>Hi , see you at {{workshopDate}}.</p>');
      await body.evaluate((element: HTMLTextAreaElement) => {
        element.focus();
        element.setSelectionRange(6, 6);
      });
      await dialog.getByRole('button', { name: '{{firstName}}' }).click();
      await expect(body).toHaveValue('<p>Hi {{firstName}}, see you at {{workshopDate}}.</p>');

      // Preview: the first attendee's real values, in the date's own zone.
      await dialog.getByRole('button', { name: 'Preview', exact: true }).click();
      const preview = dialog.getByRole('region', { name: 'Message preview' });
      await expect(preview.getByText(`As Marigold Quill (${first.email}) will get it`)).toBeVisible();
      await expect(dialog.frameLocator('iframe[title="Message preview"]').getByText('Hi Marigold, see you at Thu, January 9, 2031, 10:00 AM – 12:00 PM PST.')).toBeVisible();
      await shoot(page, 'compose-preview', viewport.width);
      await expectNoViolations(page, 'the message dialog with a preview');

      // A test copy goes to the admin only.
      await dialog.getByRole('button', { name: 'Send a test to me' }).click();
      await expect(page.getByText(`A test copy is on its way to ${E2E_ADMIN_EMAIL}.`).first()).toBeVisible();
      const testMail = await waitForMail(E2E_ADMIN_EMAIL, new RegExp(`^\\[Test\\] Tomorrow, ${tag}$`));
      expect(testMail.html).toContain('Hi Marigold');

      // Send to everyone, after saying yes.
      await dialog.getByRole('button', { name: 'Send to 2 people' }).click();
      await expect(dialog.getByText('Send this message to 2 people now? This cannot be undone.')).toBeVisible();
      await dialog.getByRole('button', { name: 'Yes, send it' }).click();
      await expect(page.getByText('Your message is on its way to 2 people.').first()).toBeVisible();
      const toFirst = await waitForMail(first.email, new RegExp(`^Tomorrow, ${tag}$`));
      expect(toFirst.html).toContain('Hi Marigold, see you at Thu, January 9, 2031, 10:00 AM – 12:00 PM PST.');
      const toSecond = await waitForMail(second.email, new RegExp(`^Tomorrow, ${tag}$`));
      expect(toSecond.html).toContain('Hi Basil,');

      // The log shows it, with its delivery (the worker sends within seconds).
      await expect(dialog.getByRole('tab', { name: 'Log (1)' })).toHaveAttribute('aria-selected', 'true');
      const log = dialog.getByRole('list', { name: 'Messages sent' });
      await expect(log.getByText(`Tomorrow, ${tag}`)).toBeVisible();
      await expect(log.getByText('to 2 addresses')).toBeVisible();
      await expect(log.getByText('2 delivered')).toBeVisible({ timeout: 15_000 });
      await shoot(page, 'log', viewport.width);
      await expectNoViolations(page, 'the message log');

      // The schedule: empty, by keyboard to a new message's form.
      await dialog.getByRole('tab', { name: 'Scheduled (0)' }).click();
      await expect(dialog.getByText('No scheduled messages')).toBeVisible();
      await dialog.getByRole('button', { name: 'Add a scheduled message' }).focus();
      await page.keyboard.press('Enter');
      await expect(dialog.getByLabel('How long')).toHaveValue('1');
      await shoot(page, 'scheduled', viewport.width);
      await expectNoViolations(page, 'the schedule');

      await dialog.getByRole('button', { name: 'Done' }).click();
      await expect(dialog).toBeHidden();
    });
  });
}
