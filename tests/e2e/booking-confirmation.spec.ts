import type { Page } from '@playwright/test';
import { expectNoViolations } from './support/axe';
import { test, expect } from './fixtures';
import { adminRequest } from './support/api';
import { bookingForm, continueToPayment } from './support/booking';

/*
 * Issue 18 point 1: after paying with the demo card the visitor lands on the
 * confirmation page, not on '/': reference, workshop, the organiser's time and theirs, what was
 * paid, 'check your inbox', the calendar buttons, the participant sign-in and what happens next.
 * It comes back on reload, from its address alone. The visitor's browser is in Berlin.
 */
test.use({ timezoneId: 'Europe/Berlin', reducedMotion: 'reduce' });

/** 10:00 AM - 12:00 PM PST on Friday, July 4, 2031: Pacific daylight time, 7-9 PM in Berlin. */
const WORKSHOP = { title: 'Confirmation Page Workshop', date: 'July 4, 2031', time: '10:00 AM - 12:00 PM', timezone: 'PST', seatsTotal: 20, price: 499 };

/** Everything the page shows for this paid booking; the same before and after a reload. */
async function expectConfirmation(page: Page, email: string): Promise<void> {
  await expect(page.getByRole('heading', { level: 1, name: "You're booked!" })).toBeVisible();
  await expect(page.getByText('Thanks, Ada. Your seat is confirmed.', { exact: true })).toBeVisible();
  const booking = page.getByRole('region', { name: 'Your booking' });
  // The order's random reference, never a sequential number.
  await expect(booking.getByText(/^[A-HJ-NP-Z2-9]{3}-[A-HJ-NP-Z2-9]{3}$/)).toBeVisible();
  await expect(booking.getByText('Confirmation Page Workshop', { exact: true })).toBeVisible();
  // The organiser's zone, and the visitor's beside it.
  await expect(booking.getByText('Fri, July 4, 2031, 10:00 AM – 12:00 PM PDT', { exact: false })).toBeVisible();
  await expect(booking.getByText('7:00 PM – 9:00 PM CEST for you', { exact: true })).toBeVisible();
  await expect(booking.getByText('Paid $499.00', { exact: true })).toBeVisible();

  const inbox = page.getByRole('region', { name: 'Check your inbox' });
  await expect(inbox).toContainText(`We sent your confirmation to ${email}, with the calendar file and a sign-in link to your bookings.`);

  const calendar = page.getByRole('group', { name: 'Add Confirmation Page Workshop to your calendar' });
  await expect(calendar.getByRole('link', { name: 'Download calendar file' })).toHaveAttribute('href', /^\/api\/bookings\/\d+\/confirmation\/calendar\.ics\?token=/);
  await expect(calendar.getByRole('link', { name: 'Add to Google Calendar' })).toHaveAttribute('href', /dates=20310704T170000Z%2F20310704T190000Z/);
  await expect(calendar.getByRole('link', { name: 'Add to Outlook' })).toHaveAttribute('href', /startdt=2031-07-04T17%3A00%3A00Z/);

  const next = page.getByRole('region', { name: 'What happens next' });
  await expect(next.getByText('Reminders arrive 24 hours and 1 hour before the workshop starts.', { exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Go to my bookings' })).toHaveAttribute('href', '/participant');
}

test('a demo card payment lands on the confirmation page, which survives a reload', async ({ page }) => {
  const admin = await adminRequest('create the workshop to book');
  const created = await admin.post('/api/admin/workshop-dates', { data: WORKSHOP });
  expect(created.status(), await created.text()).toBe(201);
  await admin.dispose();

  const email = `ada.confirmed.${Date.now().toString(36)}@example.com`;
  await page.goto('/');
  await page.locator('#booking label').filter({ hasText: 'Confirmation Page Workshop' }).first().click();
  const form = bookingForm(page);
  await form.getByLabel('First name', { exact: true }).fill('Ada');
  await form.getByLabel('Last name', { exact: true }).fill('Lovelace');
  await form.getByLabel('Email', { exact: true }).fill(email);
  await continueToPayment(page).click();

  const payment = page.getByRole('region', { name: 'Payment Information' });
  await payment.getByLabel('Card number', { exact: true }).fill('4242 4242 4242 4242');
  await payment.getByLabel('Expiry (MM/YY)', { exact: true }).fill('12/34');
  await payment.getByLabel('CVC', { exact: true }).fill('123');
  await payment.getByLabel('Name on card', { exact: true }).fill('Ada Lovelace');
  await page.getByRole('button', { name: 'COMPLETE PAYMENT' }).click();

  // The specification's toast, over the confirmation page.
  await expect(page.getByRole('region', { name: /notifications/i }).getByText('Payment Successful!', { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/booking\/confirmed\?booking=\d+&token=[\w.-]+$/);
  await expectConfirmation(page, email);
  // Keyboard users start at the news.
  await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
  await expectNoViolations(page, '/booking/confirmed');

  const confirmedAt = page.url();
  await page.reload();
  await expect(page).toHaveURL(confirmedAt);
  await expectConfirmation(page, email);

  // The calendar file opens with the page's token, without a participant session.
  const href = await page.getByRole('link', { name: 'Download calendar file' }).getAttribute('href');
  const file = await page.request.get(href!);
  expect(file.status()).toBe(200);
  expect(await file.text()).toContain('DTSTART:20310704T170000Z');

  // The checkout was replaced in the history: BACK does not return to a payment that is done.
  await page.goBack();
  await expect(page).toHaveURL(/\/$/);
});

/** A booking paid with the demo card through the calls the checkout makes; the page's address. */
async function paidBookingPage(page: Page, title: string): Promise<string> {
  const admin = await adminRequest('create the workshop to book');
  const created = await admin.post('/api/admin/workshop-dates', { data: { ...WORKSHOP, title } });
  expect(created.status(), await created.text()).toBe(201);
  const { id: workshopDateId } = (await created.json()) as { id: number };
  await admin.dispose();
  const who = { firstName: 'Ada', lastName: 'Lovelace', email: `ada.phone.${Date.now().toString(36)}@example.com`, company: '' };
  const headers = { 'X-Client-Source': 'web', 'X-Request-Time': '0' };
  const intent = await page.request.post('/api/create-payment-intent', { headers, data: { workshopDateId, customerInfo: who, timeZone: 'Europe/Berlin' } });
  const { paymentIntentId } = (await intent.json()) as { paymentIntentId: string };
  await page.request.post('/api/payments/demo/confirm', { headers, data: { paymentIntentId, cardNumber: '4242 4242 4242 4242' } });
  const booked = await page.request.post('/api/bookings', { headers, data: { workshopDateId, ...who, stripePaymentId: paymentIntentId, isPaid: true } });
  expect(booked.status(), await booked.text()).toBe(201);
  const { id, confirmationToken } = (await booked.json()) as { id: number; confirmationToken: string };
  return `/booking/confirmed?booking=${id}&token=${encodeURIComponent(confirmationToken)}`;
}

test('on a phone it reads in one column, without sideways scrolling, and works from the keyboard', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(await paidBookingPage(page, 'Phone Journey Workshop'));
  await expect(page.getByRole('heading', { level: 1, name: "You're booked!" })).toBeVisible();
  await expect(page.getByText('7:00 PM – 9:00 PM CEST for you', { exact: true })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  // From the heading, Tab reaches the calendar buttons and then the bookings page link.
  await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
  const reached: string[] = [];
  for (let step = 0; step < 12 && !reached.includes('Go to my bookings'); step += 1) {
    await page.keyboard.press('Tab');
    reached.push(((await page.evaluate(() => document.activeElement?.textContent)) ?? '').trim());
  }
  expect(reached.slice(0, 4)).toEqual(['Download calendar file', 'Add to Google Calendar', 'Add to Outlook', 'Go to my bookings']);
  await expectNoViolations(page, '/booking/confirmed');
  if (process.env.E2E_SCREENSHOTS) await page.screenshot({ path: `${process.env.E2E_SCREENSHOTS}/confirmation-page-390.png`, fullPage: true });
});

test('a link with a forged token says so, and points to the bookings page', async ({ page, consoleGuard }) => {
  consoleGuard.allow(/status of 403/);
  await page.goto('/booking/confirmed?booking=1&token=not-a-real-token');
  await expect(page.getByRole('heading', { level: 1, name: 'This confirmation link is invalid or has expired.' })).toBeVisible();
  await expect(page.getByRole('alert').getByRole('link', { name: 'My bookings' })).toHaveAttribute('href', '/participant');
  await expectNoViolations(page, '/booking/confirmed');
});
