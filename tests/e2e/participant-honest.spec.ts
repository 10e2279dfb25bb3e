import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { NO_BOOKINGS_TITLE } from '../../src/features/participant/participant.schema';
import { UNPAID_CANCEL_TERMS } from '../../src/features/refunds/refunds.schema';
import { test, expect } from './fixtures';
import { adminRequest, CLIENT_HEADERS, type WorkshopDate } from './support/api';
import { expectNoViolationsOnceSettled } from './support/axe';
import { bookPaid } from './support/booking';
import { accessLinkFor } from './support/links';

/*
 * The participant page says only what is true: 'No Bookings Found' only for an address without
 * any booking (one whose bookings have passed or were cancelled still sees them); every card names
 * its order; 'Sign out' ends the session; the cancel dialog's 'Cancel' (and Escape) changes
 * nothing; a seat nothing was paid for is cancelled without a word of refunds; and two seats on
 * one date have cards and landmarks of their own names (axe: landmark-unique). At a laptop's and
 * a phone's size. Each test makes its own date, so it takes no seat of the seed's.
 */

test.use({ reducedMotion: 'reduce' });

const LAPTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

type Person = { firstName: string; lastName: string; email: string };
type Listed = { id: number; orderReference: string; status: string };

function person(tag: string): Person {
  const id = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  return { firstName: 'Hana', lastName: `${tag}${id}`, email: `honest-${tag.toLowerCase()}-${id}@example.com` };
}

/** 'November 5, 2031' for a day `days` from today (the admin's date format). */
const dayFromToday = (days: number) =>
  new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' }).format(new Date(Date.now() + days * 86_400_000));

const ORDER_REFERENCE = /^Order [A-Z0-9]{3}-[A-Z0-9]{3}$/;
const toasts = (page: Page): Locator => page.getByRole('region', { name: /notifications/i });
const cardsOf = (page: Page, date: WorkshopDate): Locator => page.getByRole('article').filter({ has: page.getByRole('heading', { name: date.title }) });

/** A date of this test's own, a few seats, `days` from today. */
async function ownDate(admin: APIRequestContext, tag: string, days = 20): Promise<WorkshopDate> {
  const body = { title: `Honest Page ${tag} ${Date.now().toString(36)}`, date: dayFromToday(days), time: '10:00 AM - 12:00 PM', timezone: 'UTC', seatsTotal: 4, price: 299 };
  const created = await admin.post('/api/admin/workshop-dates', { data: body });
  expect(created.status(), await created.text()).toBe(201);
  return (await created.json()) as WorkshopDate;
}

/** What the page reads: the session's bookings, with each one's order reference. */
async function listed(page: Page): Promise<Listed[]> {
  const response = await page.request.get('/api/participant/bookings', { headers: CLIENT_HEADERS });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as Listed[];
}

/** Signed in by the e-mailed link, the page settled (nothing still loading). */
async function openPage(page: Page, who: Person): Promise<void> {
  await page.goto(accessLinkFor(who.email));
  await expect(page).toHaveURL(/\/participant$/);
  await expect(page.getByRole('heading', { level: 1, name: 'My Bookings' })).toBeVisible();
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
}

async function expectNoNoBookingsFound(page: Page): Promise<void> {
  await expect(page.getByRole('heading', { name: NO_BOOKINGS_TITLE })).toHaveCount(0);
  await expect(toasts(page).getByText(NO_BOOKINGS_TITLE, { exact: true })).toHaveCount(0);
}

for (const viewport of [LAPTOP, PHONE]) {
  test.describe(`at ${viewport.width}×${viewport.height}`, () => {
    test.use({ viewport });

    test('a booking whose workshop has passed is listed, with its order, not "No Bookings Found"', async ({ page }) => {
      const admin = await adminRequest('a workshop that has passed');
      const who = person('Past');
      try {
        // A past date is not for sale: booked ahead, then the date moved two days back.
        const date = await ownDate(admin, 'past', 5);
        await bookPaid(page.request, who, date);
        const moved = await admin.put(`/api/admin/workshop-dates/${date.id}`, {
          data: { title: date.title, date: dayFromToday(-2), time: '10:00 AM - 12:00 PM', timezone: 'UTC', seatsTotal: 4, price: 299 },
        });
        expect(moved.status(), await moved.text()).toBe(200);

        await openPage(page, who);
        const card = cardsOf(page, date);
        await expect(card).toHaveCount(1);
        const [booking] = await listed(page);
        await expect(card.getByText(`Order ${booking!.orderReference}`, { exact: true })).toBeVisible();
        await expectNoNoBookingsFound(page);
      } finally {
        await admin.dispose();
      }
    });

    test('a participant whose only booking was cancelled sees it below, not "No Bookings Found"', async ({ page }) => {
      const admin = await adminRequest('a date for a cancelled booking');
      const date = await ownDate(admin, 'cancelled');
      await admin.dispose();
      const who = person('Cancelled');
      const { bookingId } = await bookPaid(page.request, who, date);
      await openPage(page, who);
      const [booking] = await listed(page);
      const cancelled = await page.request.post(`/api/participant/cancel-booking/${bookingId}`, { headers: CLIENT_HEADERS, data: { email: who.email } });
      expect(cancelled.status(), await cancelled.text()).toBe(200);

      await page.reload();
      const section = page.getByRole('region', { name: 'Cancelled bookings' });
      const item = section.getByRole('listitem').filter({ has: page.getByRole('heading', { name: date.title }) });
      await expect(item).toHaveCount(1);
      await expect(item.getByText(`Order ${booking!.orderReference}`, { exact: true })).toBeVisible();
      await expect(page.getByRole('article')).toHaveCount(0);
      await expectNoNoBookingsFound(page);
    });

    test('"Sign out" ends the session and shows the sign-in form again', async ({ page }) => {
      const admin = await adminRequest('a date to sign out from');
      const date = await ownDate(admin, 'signout');
      await admin.dispose();
      const who = person('SignOut');
      await bookPaid(page.request, who, date);
      await openPage(page, who);
      await expect(cardsOf(page, date)).toHaveCount(1);

      await page.getByRole('button', { name: 'Sign out', exact: true }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Access Your Bookings' })).toBeVisible();
      await expect(page.getByLabel('Email', { exact: true })).toBeVisible();
      await expect(page.getByRole('article')).toHaveCount(0);
      const session = await page.request.get('/api/participant/session', { headers: CLIENT_HEADERS });
      expect(await session.json()).toEqual({ email: null, isAdmin: false });
      // The session is gone on the server too: a reload still asks for an address.
      await page.reload();
      await expect(page.getByRole('heading', { level: 1, name: 'Access Your Bookings' })).toBeVisible();
      expect((await page.request.get('/api/participant/bookings', { headers: CLIENT_HEADERS })).status()).toBe(401);
    });

    test("the cancel dialog's Cancel, and Escape, close it and change nothing", async ({ page }) => {
      const admin = await adminRequest('a date for the cancel dialog');
      const date = await ownDate(admin, 'keep');
      await admin.dispose();
      const who = person('Keep');
      const { bookingId } = await bookPaid(page.request, who, date);
      await openPage(page, who);
      const card = cardsOf(page, date);
      const opener = card.getByRole('button', { name: 'Cancel Booking' });
      const dialog = page.getByRole('dialog', { name: 'Cancel or ask for a refund' });

      await opener.click();
      // The terms, said once: the policy's general text no longer repeats them.
      await expect(dialog.getByText(/so cancelling now gives you a full refund of \$299\.00\.$/)).toBeVisible();
      await expect(dialog.getByText(/full refund/)).toHaveCount(1);
      await dialog.getByRole('button', { name: 'Cancel', exact: true }).click();
      await expect(dialog).toBeHidden();
      await expect(opener).toBeFocused();

      await opener.click();
      await expect(dialog.getByRole('button', { name: /^Cancel and get \$299\.00 back$/ })).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();

      // Nothing changed: the booking is still on, on the page and on the server, and nothing was said.
      await expect(card).toHaveCount(1);
      await expect(toasts(page).getByText('Booking Cancelled', { exact: true })).toHaveCount(0);
      await expect(page.getByRole('region', { name: 'Cancelled bookings' })).toHaveCount(0);
      expect((await listed(page)).find((booking) => booking.id === bookingId)?.status).toBe('confirmed');
    });

    test('a free booking is cancelled without a word of refunds: its seat goes back on sale', async ({ page }) => {
      const admin = await adminRequest('a free seat');
      const date = await ownDate(admin, 'free');
      const code = `HONEST${Date.now().toString(36).toUpperCase()}${Math.random().toString(36).slice(2, 6).toUpperCase()}`;
      const made = await admin.post('/api/admin/discount-codes', { data: { code, description: 'Free seat for the honest page test', discountPercent: 100, maxUses: 1 } });
      expect(made.status(), await made.text()).toBe(201);
      await admin.dispose();
      const who = person('Free');
      const booked = await page.request.post('/api/bookings', {
        headers: CLIENT_HEADERS,
        data: { workshopDateId: date.id, ...who, company: '', discountCode: code, stripePaymentId: 'free-booking' },
      });
      expect(booked.status(), await booked.text()).toBe(201);

      await openPage(page, who);
      const card = cardsOf(page, date);
      await expect(card.getByText('Free', { exact: true })).toBeVisible();
      await expect(card.getByRole('button', { name: 'Request Refund' })).toHaveCount(0);
      const [booking] = await listed(page);
      await card.getByRole('button', { name: 'Cancel Booking' }).click();
      const dialog = page.getByRole('dialog', { name: 'Cancel booking', exact: true });
      await expect(dialog.getByText(UNPAID_CANCEL_TERMS, { exact: true })).toBeVisible();
      await expect(dialog).not.toContainText(/refund|policy/i);
      await expect(dialog).not.toContainText('$');
      await expectNoViolationsOnceSettled(page, 'the cancel dialog of a free booking');

      await dialog.getByRole('button', { name: 'Cancel booking', exact: true }).click();
      await expect(toasts(page).getByText('Booking Cancelled', { exact: true })).toBeVisible();
      await expect(toasts(page)).not.toContainText(/refund/i);
      await expect(card).toHaveCount(0);
      // Its only booking, now cancelled: listed below with its order, and still not 'No Bookings Found'.
      const item = page.getByRole('region', { name: 'Cancelled bookings' }).getByRole('listitem').filter({ has: page.getByRole('heading', { name: date.title }) });
      await expect(item.getByText(`Order ${booking!.orderReference}`, { exact: true })).toBeVisible();
      await expect(item.getByText('Nothing was paid for this booking.', { exact: true })).toBeVisible();
      await expectNoNoBookingsFound(page);
    });

    test('two seats on one date: every card names its order and seat, and axe finds nothing', async ({ page }) => {
      const admin = await adminRequest('a date for two seats');
      const date = await ownDate(admin, 'two');
      await admin.dispose();
      const who = person('Two');
      // One order of two seats, both in the participant's own name…
      const intent = await page.request.post('/api/create-payment-intent', {
        headers: CLIENT_HEADERS,
        data: {
          workshopDateId: date.id,
          customerInfo: { ...who, company: '' },
          seats: 2,
          attendees: [who, { firstName: 'Hana', lastName: `${who.lastName} Second`, email: who.email }],
        },
      });
      expect(intent.status(), await intent.text()).toBe(200);
      const paid = await page.request.post('/api/payments/demo/confirm', {
        headers: CLIENT_HEADERS,
        data: { paymentIntentId: ((await intent.json()) as { paymentIntentId: string }).paymentIntentId, cardNumber: '4242 4242 4242 4242' },
      });
      expect(paid.status(), await paid.text()).toBe(200);
      // …and a second order for the same date.
      await bookPaid(page.request, who, date);

      await openPage(page, who);
      const cards = cardsOf(page, date);
      await expect(cards).toHaveCount(3);
      const list = await listed(page);
      expect(new Set(list.map((booking) => booking.orderReference)).size).toBe(2);
      for (const booking of list) await expect(cards.getByText(`Order ${booking.orderReference}`, { exact: true }).first()).toBeVisible();
      for (const card of await cards.all()) await expect(card.getByText(ORDER_REFERENCE)).toHaveCount(1);
      // The two seats of one order say which is which.
      await expect(cards.getByText('Seat 1', { exact: true })).toHaveCount(1);
      await expect(cards.getByText('Seat 2', { exact: true })).toHaveCount(1);

      // Each card, and each profile form (a landmark), has a name of its own.
      const names = async (locator: Locator) => Promise.all((await locator.all()).map((item) => item.evaluate((element) => element.getAttribute('aria-label') ?? '')));
      const cardNames = await names(cards);
      expect(new Set(cardNames).size).toBe(3);
      const profileNames = await names(page.getByRole('form', { name: /^Your profile for / }));
      expect(profileNames).toHaveLength(3);
      expect(new Set(profileNames).size).toBe(3);
      await expectNoViolationsOnceSettled(page, '/participant with two seats on one date');
    });
  });
}
