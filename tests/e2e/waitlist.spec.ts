import type { Page } from '@playwright/test';
import { test, expect } from './fixtures';
import { adminRequest, CLIENT_HEADERS, getJson } from './support/api';
import { linkIn, waitForMail } from './support/mail';

/*
 * The waiting list from the visitor's side (docs/decisions/019-waiting-list.md), on a phone: a
 * date with one seat is booked out; a visitor joins its waiting list from the booking section;
 * the admin cancels the booking, the freed seat is offered to the visitor by e-mail, and its link
 * books it through the checkout with the demo card. The date ends full again, with one seat sold.
 */
// WL_SHOTS_WIDE=1 runs it at 1280×800 instead, to look at the screens wide (with WL_SHOTS_DIR).
const viewport = process.env.WL_SHOTS_WIDE ? { width: 1280, height: 800 } : { width: 390, height: 844 };
test.use({ viewport });

type PublicDate = { id: number; seatsRemaining: number; waitlistOpen: boolean };

const shots = process.env.WL_SHOTS_DIR;
async function shoot(page: Page, name: string): Promise<void> {
  if (shots) await page.screenshot({ path: `${shots}/${name}-${viewport.width}.png`, fullPage: false });
}

test('a visitor joins the waiting list of a full date, is offered the freed seat and books it', async ({ page, request }) => {
  test.setTimeout(120_000);
  const tag = `${Date.now().toString(36)}-${process.pid}`;
  const title = `Waiting List Workshop ${tag}`;
  const admin = await adminRequest('the booked-out date');
  const created = await admin.post('/api/admin/workshop-dates', {
    data: { title, date: 'August 7, 2031', time: '10:00 AM - 12:00 PM', timezone: 'PST', seatsTotal: 1, price: 499 },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id: dateId } = (await created.json()) as { id: number };

  // Someone books the only seat.
  const first = { firstName: 'Fern', lastName: 'First', email: `fern.${tag}@example.com`, company: '' };
  const intent = await request.post('/api/create-payment-intent', { headers: CLIENT_HEADERS, data: { workshopDateId: dateId, customerInfo: first } });
  expect(intent.status(), await intent.text()).toBe(200);
  const paid = await request.post('/api/payments/demo/confirm', {
    headers: CLIENT_HEADERS,
    data: { paymentIntentId: ((await intent.json()) as { paymentIntentId: string }).paymentIntentId, cardNumber: '4242 4242 4242 4242' },
  });
  expect(paid.status(), await paid.text()).toBe(200);
  const { bookingId } = (await paid.json()) as { bookingId: number };
  await expect.poll(async () => (await getJson<PublicDate>(request, `/api/workshop-dates/${dateId}`)).waitlistOpen).toBe(true);

  // The visitor finds the date booked out and joins its waiting list.
  const visitor = { firstName: 'Wanda', lastName: 'Waiter', email: `wanda.${tag}@example.com` };
  await page.goto('/#booking');
  const card = page.locator('#booking div.relative').filter({ has: page.locator('label', { hasText: title }) });
  await expect(card.getByText('BOOKED OUT!')).toBeVisible();
  const join = card.getByRole('button', { name: 'Join the waiting list' });
  await expect.poll(() => join.evaluate((element) => Object.keys(element).some((key) => key.startsWith('__reactProps')))).toBe(true);
  await join.click();
  const form = card.getByRole('group', { name: 'Join the waiting list' });
  await expect(form.getByLabel('First name', { exact: true })).toBeFocused();
  // The shared schema's messages show under the fields, and nothing is sent.
  await form.getByRole('button', { name: 'Join the waiting list' }).click();
  await expect(form.getByText('First name must be at least 2 characters')).toBeVisible();
  await form.getByLabel('First name', { exact: true }).fill(visitor.firstName);
  await form.getByLabel('Last name', { exact: true }).fill(visitor.lastName);
  await form.getByLabel('Email', { exact: true }).fill(visitor.email);
  await shoot(page, 'join-form');
  // Enter in a field sends the waiting-list form, not the booking form around it.
  await form.getByLabel('Email', { exact: true }).press('Enter');
  const joined = card.getByRole('status');
  await expect(joined).toContainText(`You are number 1 on the waiting list. We sent a confirmation to ${visitor.email}`);
  await expect(page).toHaveURL(/\/(#booking)?$/);
  await shoot(page, 'join-success');

  // The joined e-mail's link shows the place in line.
  const joinedMail = await waitForMail(visitor.email, /You are on the waiting list/);
  await page.goto(linkIn(joinedMail, /\/waitlist\//));
  await expect(page.getByRole('heading', { level: 1, name: 'You are number 1 in line' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Leave the waiting list' })).toBeVisible();
  await shoot(page, 'waitlist-waiting');

  // The admin cancels the booking: the seat goes to the waiting list, not back on sale.
  const cancelled = await admin.post(`/api/admin/bookings/${bookingId}/cancel`, { data: { notify: false } });
  expect(cancelled.status(), await cancelled.text()).toBe(200);
  expect((await getJson<PublicDate>(request, `/api/workshop-dates/${dateId}`)).seatsRemaining).toBe(0);

  const offerMail = await waitForMail(visitor.email, /Seats are free for you/, 30_000);
  await page.goto(linkIn(offerMail, /\/waitlist\//));
  await expect(page.getByRole('heading', { level: 1, name: `Good news, ${visitor.firstName}: seats are free for you` })).toBeVisible();
  await expect(page.getByText(/^1 seat held for you until /)).toBeVisible();
  await expect(page.getByText('$499.00 a seat')).toBeVisible();
  await shoot(page, 'waitlist-offered');

  // The offer's own link opens the checkout with the seat held until the deadline.
  await page.goto(linkIn(offerMail, /\/checkout\?offer=/));
  await expect(page.getByRole('heading', { level: 1, name: 'Complete Your Booking' })).toBeVisible();
  const summary = page.getByRole('region', { name: 'Booking summary' });
  await expect(summary).toContainText(`${visitor.firstName} ${visitor.lastName}`);
  await expect(summary).toContainText(visitor.email);
  await expect(page.getByTestId('seat-hold')).toContainText('Your seat is held for you until');
  await shoot(page, 'offer-checkout');
  const payment = page.getByRole('region', { name: 'Payment Information' });
  await payment.getByLabel('Card number', { exact: true }).fill('4242 4242 4242 4242');
  await payment.getByLabel('Expiry (MM/YY)', { exact: true }).fill('12/34');
  await payment.getByLabel('CVC', { exact: true }).fill('123');
  await payment.getByLabel('Name on card', { exact: true }).fill('Wanda Waiter');
  await page.getByRole('button', { name: 'COMPLETE PAYMENT' }).click();

  await expect(page).toHaveURL(/\/booking\/confirmed\?booking=\d+&token=[\w.-]+$/);
  await expect(page.getByRole('heading', { level: 1, name: "You're booked!" })).toBeVisible();

  // One seat, sold once: the date is full again and the entry is booked.
  const after = await getJson<PublicDate>(request, `/api/workshop-dates/${dateId}`);
  expect(after.seatsRemaining).toBe(0);
  const list = (await (await admin.get(`/api/admin/waitlist?workshopDateId=${dateId}`)).json()) as { entries: { email: string; status: string }[] };
  expect(list.entries.map((entry) => [entry.email, entry.status])).toEqual([[visitor.email, 'booked']]);
  const bookings = (await (await admin.get('/api/admin/bookings')).json()) as { workshopDateId?: number; email: string; status: string }[];
  const onDate = bookings.filter((row) => row.email === visitor.email || row.email === first.email);
  expect(onDate.filter((row) => row.status === 'confirmed').map((row) => row.email)).toEqual([visitor.email]);

  // The used link now says the seats are booked.
  await page.goto(linkIn(offerMail, /\/checkout\?offer=/));
  await expect(page.getByRole('heading', { level: 1, name: 'These seats are already booked' })).toBeVisible();
  await admin.dispose();
});
