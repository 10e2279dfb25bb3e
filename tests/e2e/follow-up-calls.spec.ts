import { mkdirSync } from 'node:fs';
import { request as playwrightRequest, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { test, expect } from './fixtures';
import { signInAsAdmin } from './support/admin';
import { adminRequest, CLIENT_HEADERS } from './support/api';
import { axeOn, expectNoViolations } from './support/axe';
import { E2E_BASE_URL } from './support/constants';
import { accessLinkFor } from './support/links';
import { waitForMail } from './support/mail';

/*
 * Follow-up calls (docs/decisions/023-follow-up-calls.md), as people use them: a participant whose
 * workshop has ended books a call from the card on their page, moves it, then cancels it, on a
 * phone, in a zone other than the organiser's; the organiser sets their availability and cancels
 * a participant's call with a note. Screenshots of each screen at a phone's and a laptop's width.
 */

const shots = process.env.CALLS_SHOTS_DIR ?? '/tmp/shots-calls';
mkdirSync(shots, { recursive: true });

const PHONE = { width: 390, height: 844 };
const LAPTOP = { width: 1280, height: 800 };

/** The organiser's hours: every day, so a slot is a few hours away whenever the test runs. */
const SETTINGS = {
  callMinutes: 30,
  callsPerBooking: 2,
  timeZone: 'Europe/Berlin',
  weeklyHours: [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, start: '09:00', end: '17:00' })),
  minNoticeHours: 2,
  bookingWindowDays: 30,
  bufferMinutes: 0,
  blockedDates: [],
  meetingLink: 'https://meet.example/organiser-room',
};

/** 'November 5, 2031' for a day `days` from today (the admin's date format). */
const dayFromToday = (days: number) =>
  new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' }).format(new Date(Date.now() + days * 86_400_000));

async function setAvailability(admin: APIRequestContext): Promise<void> {
  const saved = await admin.put('/api/admin/call-settings', { data: SETTINGS });
  expect(saved.status(), await saved.text()).toBe(200);
}

/**
 * A confirmed, paid seat on a date that has already happened: the date is created ahead (a past
 * date is not for sale), the seat paid with the demo card, then the date moved two days back.
 */
async function seatAfterTheWorkshop(tag: string): Promise<{ bookingId: number; email: string; title: string }> {
  const admin = await adminRequest('a workshop that has ended');
  await setAvailability(admin);
  const title = `Calls Workshop ${tag}`;
  const created = await admin.post('/api/admin/workshop-dates', { data: { title, date: dayFromToday(5), time: '10:00 AM - 12:00 PM', timezone: 'PST', seatsTotal: 3, price: 299 } });
  expect(created.status(), await created.text()).toBe(201);
  const { id: dateId } = (await created.json()) as { id: number };

  const email = `calls.${tag}@example.com`;
  const visitor = await playwrightRequest.newContext({ baseURL: E2E_BASE_URL, extraHTTPHeaders: CLIENT_HEADERS });
  const intent = await visitor.post('/api/create-payment-intent', { data: { workshopDateId: dateId, customerInfo: { firstName: 'Cleo', lastName: `Caller ${tag}`, email, company: '' } } });
  expect(intent.status(), await intent.text()).toBe(200);
  const { paymentIntentId } = (await intent.json()) as { paymentIntentId: string };
  const paid = await visitor.post('/api/payments/demo/confirm', { data: { paymentIntentId, cardNumber: '4242 4242 4242 4242' } });
  expect(paid.status(), await paid.text()).toBe(200);
  const { bookingId } = (await paid.json()) as { bookingId: number };
  await visitor.dispose();

  const moved = await admin.put(`/api/admin/workshop-dates/${dateId}`, { data: { title, date: dayFromToday(-2), time: '10:00 AM - 12:00 PM', timezone: 'PST', seatsTotal: 3, price: 299 } });
  expect(moved.status(), await moved.text()).toBe(200);
  await admin.dispose();
  return { bookingId, email, title };
}

const callsCard = (page: Page) => page.getByRole('group', { name: /^(Book your follow-up calls \(\d+ left\)|Your follow-up calls)$/ });
const toasts = (page: Page) => page.getByRole('region', { name: /notifications/i });

/** The card at both widths (the page is left at the phone's). */
async function shootCard(page: Page, card: Locator, name: string): Promise<void> {
  for (const viewport of [LAPTOP, PHONE]) {
    await page.setViewportSize(viewport);
    await card.scrollIntoViewIfNeeded();
    await card.screenshot({ path: `${shots}/${name}-${viewport.width}x${viewport.height}.png` });
  }
}

test.describe('a participant after the workshop', () => {
  // The participant is in New York, the organiser in Berlin: each slot shows both clocks.
  test.use({ viewport: PHONE, timezoneId: 'America/New_York', reducedMotion: 'reduce' });

  test('books a follow-up call, reschedules it and cancels it from their page', async ({ page }) => {
    test.setTimeout(150_000);
    const tag = `${Date.now().toString(36)}p`;
    const seat = await seatAfterTheWorkshop(tag);
    await page.goto(accessLinkFor(seat.email));

    const card = callsCard(page);
    await expect(card.getByRole('heading', { name: 'Book your follow-up calls (2 left)' })).toBeVisible({ timeout: 20_000 });
    const times = card.getByRole('group', { name: /^Time on / });
    await expect(times.getByRole('radio').first()).toBeVisible();
    // Each time reads on the participant's clock (EST/EDT) with the organiser's (CET/CEST) beside.
    await expect(times.getByText(/^\d{1,2}:\d{2} (AM|PM) E[SD]T$/).first()).toBeVisible();
    await expect(times.getByText(/^Organiser: \d{1,2}:\d{2} (AM|PM) CES?T$/).first()).toBeVisible();
    await expect(card.getByRole('button', { name: 'Book this call' })).toBeDisabled();

    // Keyboard: the first time is chosen with the space bar, then the button books it.
    await times.getByRole('radio').first().focus();
    await page.keyboard.press('Space');
    await expect(times.getByRole('radio').first()).toBeChecked();
    const chosen = (await times.getByRole('radio').first().getAttribute('value'))!;
    await shootCard(page, card, 'participant-pick');
    const scan = await axeOn(page).include(`[aria-labelledby="calls-${seat.bookingId}-title"]`).analyze();
    expect(scan.violations.map((v) => `[${v.impact}] ${v.id}: ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`), 'axe on the calls card').toEqual([]);

    await card.getByRole('button', { name: 'Book this call' }).click();
    await expect(toasts(page).getByText('Call booked', { exact: true })).toBeVisible();
    await expect(card.getByRole('heading', { name: 'Book your follow-up calls (1 left)' })).toBeVisible();
    const upcoming = card.getByRole('list', { name: 'Upcoming' });
    await expect(upcoming.getByRole('listitem')).toHaveCount(1);
    await expect(upcoming.locator('time')).toHaveAttribute('dateTime', new Date(chosen).toISOString());
    await expect(upcoming.getByRole('link', { name: 'https://meet.example/organiser-room' })).toBeVisible();
    await expect(upcoming.getByRole('link', { name: /^Add to calendar/ })).toHaveAttribute('href', /\/api\/participant\/calls\/\d+\/calendar\.ics$/);
    const booked = await waitForMail(seat.email, /^Your follow-up call: /);
    expect(booked.subject).toContain('Your follow-up call');
    await shootCard(page, card, 'participant-booked');
    const settled = await axeOn(page).include(`[aria-labelledby="calls-${seat.bookingId}-title"]`).analyze();
    expect(settled.violations.map((v) => `[${v.impact}] ${v.id}: ${v.help}`), 'axe on the calls card with a booked call').toEqual([]);

    // Reschedule: the same picker in a dialog, to another free time.
    await upcoming.getByRole('button', { name: /^Reschedule/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Reschedule your call' });
    const newTimes = dialog.getByRole('group', { name: /^Time on / });
    // A tap on the time's tile, as on a phone.
    await newTimes.locator('label').nth(1).click();
    await expect(newTimes.getByRole('radio').nth(1)).toBeChecked();
    const movedTo = (await newTimes.getByRole('radio').nth(1).getAttribute('value'))!;
    expect(movedTo).not.toBe(chosen);
    await dialog.screenshot({ path: `${shots}/participant-reschedule-${PHONE.width}x${PHONE.height}.png` });
    await expectNoViolations(page, 'the reschedule dialog');
    await dialog.getByRole('button', { name: 'Move call here' }).click();
    await expect(toasts(page).getByText('Call moved', { exact: true })).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(upcoming.locator('time')).toHaveAttribute('dateTime', new Date(movedTo).toISOString());
    await waitForMail(seat.email, /^Your follow-up call moved to /);

    // Cancel, after saying yes: the seat has both its calls again.
    await upcoming.getByRole('button', { name: /^Cancel call/ }).click();
    const confirm = page.getByRole('dialog', { name: 'Cancel this call?' });
    await expect(confirm).toBeVisible();
    await confirm.getByRole('button', { name: 'Cancel call' }).click();
    await expect(toasts(page).getByText('Call cancelled', { exact: true })).toBeVisible();
    await expect(card.getByRole('heading', { name: 'Book your follow-up calls (2 left)' })).toBeVisible();
    await expect(card.getByRole('list', { name: 'Upcoming' })).toHaveCount(0);
    await waitForMail(seat.email, /^Follow-up call cancelled: /);
  });
});

test.describe('the organiser', () => {
  test.use({ reducedMotion: 'reduce' });

  test('sets their availability and cancels a booked call with a note', async ({ page }) => {
    test.setTimeout(150_000);
    const tag = `${Date.now().toString(36)}a`;
    const seat = await seatAfterTheWorkshop(tag);

    // The participant books the last free time of the first two weeks (the other test takes the first).
    const participant = await playwrightRequest.newContext({ baseURL: E2E_BASE_URL, extraHTTPHeaders: CLIENT_HEADERS });
    const signedIn = await participant.get(accessLinkFor(seat.email));
    expect(signedIn.ok(), `the sign-in link answered ${signedIn.status()}`).toBe(true);
    const info = await participant.get(`/api/participant/bookings/${seat.bookingId}/calls`);
    const { firstDay } = (await info.json()) as { firstDay: string };
    const slotsAnswer = await participant.get(`/api/participant/bookings/${seat.bookingId}/call-slots?from=${firstDay}`);
    const slots = (await slotsAnswer.json()) as { startsAt: string }[];
    expect(slots.length, 'free slots').toBeGreaterThan(0);
    const bookedCall = await participant.post(`/api/participant/bookings/${seat.bookingId}/calls`, { data: { startsAt: slots.at(-1)!.startsAt } });
    expect(bookedCall.status(), await bookedCall.text()).toBe(201);
    await participant.dispose();

    await page.setViewportSize(LAPTOP);
    await signInAsAdmin(page, '/admin?tab=call-settings');
    const section = page.locator('#admin-section');
    await expect(section.getByRole('heading', { name: 'Calls', exact: true, level: 2 })).toBeVisible();
    const form = section.getByRole('form', { name: 'Call availability' });
    await expect(form.getByLabel('Call length (minutes)')).toHaveValue('30');
    await expect(section.getByText('Changes apply to new bookings; calls already booked stay as they are.')).toBeVisible();

    // A length the schema refuses is named beside its field, and nothing is saved.
    await form.getByLabel('Call length (minutes)').fill('5');
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(form.getByText('Call length must be between 10 and 240 minutes')).toBeVisible();
    // A period shorter than one call is refused with the rule's own words.
    await form.getByLabel('Call length (minutes)').fill('30');
    await form.getByRole('button', { name: 'Add hours on Saturday' }).click();
    await form.getByLabel('Saturday, period 2: to').fill('17:15');
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(form.getByText('Saturday 17:00–17:15 is shorter than one 30-minute call').first()).toBeVisible();
    await form.getByRole('button', { name: 'Remove Saturday, period 2' }).click();
    await form.getByLabel('Day to block').fill('2031-12-25');
    await form.getByRole('button', { name: 'Block day' }).click();
    await expect(form.getByRole('list', { name: 'Blocked days' })).toContainText('Thursday, December 25, 2031');
    for (const viewport of [LAPTOP, PHONE]) {
      await page.setViewportSize(viewport);
      await section.screenshot({ path: `${shots}/admin-call-settings-${viewport.width}x${viewport.height}.png` });
    }
    await page.setViewportSize(LAPTOP);
    await expectNoViolations(page, 'the call settings');
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(toasts(page).getByText('Call settings saved', { exact: true })).toBeVisible();

    // The feed's address renews only after saying so.
    const feed = section.getByLabel('Feed address');
    const before = await feed.inputValue();
    expect(before).toMatch(/\/api\/calendar\/organiser\.ics\?token=/);
    await section.getByRole('button', { name: 'Renew address' }).click();
    const renew = page.getByRole('dialog', { name: 'Renew the feed address?' });
    await expect(renew).toContainText('The old address stops working at once.');
    await renew.getByRole('button', { name: 'Renew address' }).click();
    await expect(toasts(page).getByText('Feed address renewed', { exact: true })).toBeVisible();
    await expect(feed).not.toHaveValue(before);

    // Leave the hours as the other test expects them.
    const admin = await adminRequest('the availability back');
    await setAvailability(admin);
    await admin.dispose();

    // The Overview shows the call among the next ones; the Calls section lists it.
    await page.goto('/admin?tab=overview');
    const upcomingCard = page.getByRole('region', { name: 'Upcoming calls' });
    await expect(upcomingCard).toBeVisible({ timeout: 25_000 });
    await expect(upcomingCard.getByRole('link', { name: 'All calls' })).toHaveAttribute('href', '/admin?tab=calls');
    await expect(upcomingCard).toContainText(seat.title);
    for (const viewport of [LAPTOP, PHONE]) {
      await page.setViewportSize(viewport);
      await upcomingCard.screenshot({ path: `${shots}/admin-overview-calls-${viewport.width}x${viewport.height}.png` });
    }
    await page.setViewportSize(LAPTOP);

    await upcomingCard.getByRole('link', { name: 'All calls' }).click();
    await expect(section.getByRole('heading', { name: 'Booked Calls', exact: true, level: 2 })).toBeVisible();
    const row = section.getByRole('listitem').filter({ hasText: seat.email });
    await expect(row).toBeVisible();
    await expect(row).toContainText(seat.title);
    for (const viewport of [LAPTOP, PHONE]) {
      await page.setViewportSize(viewport);
      await section.screenshot({ path: `${shots}/admin-calls-${viewport.width}x${viewport.height}.png` });
    }
    await page.setViewportSize(LAPTOP);
    await expectNoViolations(page, 'the Calls section');
    await row.getByRole('button', { name: /^Cancel call/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Cancel this call?' });
    await dialog.getByLabel(/^Message to /).fill('Sorry, I am travelling that day. Please pick another time.');
    await dialog.screenshot({ path: `${shots}/admin-cancel-call-${LAPTOP.width}x${LAPTOP.height}.png` });
    await dialog.getByRole('button', { name: 'Cancel call' }).click();
    await expect(toasts(page).getByText('Call cancelled', { exact: true })).toBeVisible();
    await expect(row).toHaveCount(0);
    const told = await waitForMail(seat.email, /^Follow-up call cancelled: /);
    expect(told.html).toContain('Sorry, I am travelling that day.');
  });
});
