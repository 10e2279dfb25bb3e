import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { test, expect } from './fixtures';
import { getWorkshopDates, isTbc } from './support/api';
import { expectNoViolationsOnceSettled } from './support/axe';
import { bookPaid, roomyDate } from './support/booking';
import { linkIn, waitForMail } from './support/mail';

/*
 * Issue 5 point 8, the whole path as a participant lives it, with real e-mail: the app delivers
 * to the e2e SMTP sink and the test follows the links it received. Ask for the link, open it,
 * see the bookings, download the calendar file, ask for a refund on one booking, cancel the other.
 */
test.use({ reducedMotion: 'reduce' });

const toasts = (page: Page) => page.getByRole('region', { name: /notifications/i });

test('a participant gets in through the e-mailed link and manages their bookings', async ({ page }) => {
  test.setTimeout(90_000);
  const id = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const who = { firstName: 'Ada', lastName: `Journey${id}`, email: `journey-${id}@example.com` };
  const dated = await roomyDate(page.request);
  const tbc = (await getWorkshopDates(page.request)).find((d) => isTbc(d) && d.seatsRemaining > 0);
  expect(tbc, 'the demo seed has an open TBC workshop').toBeDefined();
  const { bookingId } = await bookPaid(page.request, who, dated);
  await bookPaid(page.request, who, tbc!);

  // The confirmation already carries the calendar file and the way in.
  const confirmation = await waitForMail(who.email, /Your seat is booked/);
  expect(confirmation.attachments.map((a) => a.filename)).toContain('workshop.ics');
  expect(linkIn(confirmation, /\/participant\?token=/)).toBeTruthy();

  // Ask for the link like a returning visitor would.
  await page.goto('/participant');
  await expect(page.getByRole('heading', { name: 'Access Your Bookings' })).toBeVisible();
  await page.getByLabel('Email').fill(who.email);
  await page.getByRole('button', { name: 'Send my link' }).click();
  await expect(page.getByRole('heading', { name: 'Check your inbox' })).toBeVisible();
  const access = await waitForMail(who.email, /Your workshop bookings/);
  const link = linkIn(access, /\/participant\?token=/);

  await page.goto(link);
  await expect(page).toHaveURL(/\/participant$/);
  const datedCard = page.getByRole('article').filter({ has: page.getByRole('heading', { name: dated.title }) }).filter({ hasText: dated.date });
  const tbcCard = page.getByRole('article').filter({ hasText: /TBC|to be/i }).filter({ has: page.getByRole('heading', { name: tbc!.title }) });
  await expect(datedCard).toHaveCount(1);
  await expect(tbcCard).toHaveCount(1);
  await expectNoViolationsOnceSettled(page, '/participant after booking');

  // The calendar file of the dated booking.
  const [download] = await Promise.all([page.waitForEvent('download'), datedCard.getByRole('link', { name: 'Download calendar file' }).click()]);
  expect(download.suggestedFilename()).toBe(`workshop-${bookingId}.ics`);
  const ics = readFileSync((await download.path())!, 'utf8');
  expect(ics).toContain('BEGIN:VCALENDAR');
  expect(ics).toContain(`SUMMARY:${dated.title}`);

  // A refund request on the TBC booking.
  await tbcCard.getByRole('button', { name: 'Request Refund' }).click();
  const refund = page.getByRole('dialog', { name: 'Cancel or ask for a refund' });
  await refund.getByRole('button', { name: 'Ask the organiser to review instead' }).click();
  await refund.getByRole('textbox', { name: 'Reason for the refund' }).fill('My plans changed and I cannot attend this one.');
  await refund.getByRole('button', { name: 'Submit Request' }).click();
  await expect(toasts(page).getByText('Refund Requested', { exact: true })).toBeVisible();
  await expect(tbcCard.getByText('Refund requested', { exact: true })).toBeVisible();

  // Cancelling the dated booking: the terms first, then it leaves the list.
  await datedCard.getByRole('button', { name: 'Cancel Booking' }).click();
  const cancel = page.getByRole('dialog', { name: 'Cancel or ask for a refund' });
  await expect(cancel.getByText(/full refund/).first()).toBeVisible();
  await cancel.getByRole('button', { name: /^Cancel and get \$[\d,.]+ back$/ }).click();
  await expect(toasts(page).getByText('Booking Cancelled', { exact: true })).toBeVisible();
  await expect(datedCard).toHaveCount(0);
  await expect(tbcCard).toHaveCount(1);
  const cancellation = await waitForMail(who.email, /cancel/i);
  expect(cancellation.text ?? cancellation.html ?? '').toMatch(/refund/i);
});
