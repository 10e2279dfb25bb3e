import type { APIRequestContext, Page } from '@playwright/test';
import { test, expect } from './fixtures';
import { adminRequest, CLIENT_HEADERS } from './support/api';
import { expectNoViolations } from './support/axe';
import { letReservationsFillDates, reservationConfirmPath } from './support/links';

/*
 * A reservation holds its seat only briefly until its address is confirmed by the link it was
 * e-mailed. The confirmation page shows what to do meanwhile; the link, opened in a browser,
 * confirms it and shows the reservation in its place.
 */

test.beforeAll(letReservationsFillDates);

function visitor(tag: string) {
  const id = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  return { firstName: 'Rosa', lastName: `${tag}${id}`, email: `confirm-${tag.toLowerCase()}-${id}@example.com`, company: '' };
}

/**
 * Reserves, as the pay-later path does, on a date of this test's own that takes reservations: the
 * answer. The demo dates are everyone's: other tests running at once book and reserve their seats,
 * and their reservation share can be used up by the time this runs.
 */
async function reserve(request: APIRequestContext, who: ReturnType<typeof visitor>) {
  const admin = await adminRequest('a date that takes reservations');
  const created = await admin.post('/api/admin/workshop-dates', {
    data: { title: `Reservable ${who.lastName}`, date: 'December 3, 2031', time: '10:00 AM - 12:00 PM', timezone: 'PST', seatsTotal: 4, price: 499, requiresImmediatePayment: false },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id: workshopDateId } = (await created.json()) as { id: number };
  await admin.dispose();
  const response = await request.post('/api/bookings/reserve', { headers: CLIENT_HEADERS, data: { workshopDateId, ...who, discountCode: '' } });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as { id: number; confirmationToken: string };
}

const heading = (page: Page) => page.getByRole('heading', { level: 1 });

test('a new reservation asks for its address to be confirmed; the e-mailed link confirms it and shows the reservation', async ({ page, request }) => {
  const who = visitor('Link');
  const reserved = await reserve(request, who);

  await page.goto(`/booking/confirmed?booking=${reserved.id}&token=${encodeURIComponent(reserved.confirmationToken)}`);
  await expect(heading(page)).toHaveText('Confirm your e-mail to keep your seat');
  await expect(page.getByText('We sent a link to confirm your reservation to')).toBeVisible();
  await expect(page.getByText(/Open the link we e-mailed you before .+ to keep your seat/)).toBeVisible();
  await expectNoViolations(page, 'an unconfirmed reservation');

  await page.goto(reservationConfirmPath(reserved.id));
  await expect(page.getByText('Reservation confirmed', { exact: true }).first()).toBeVisible();
  await expect(page).toHaveURL(/\/booking\/confirmed\?booking=\d+&token=/);
  await expect(heading(page)).toHaveText('Your seat is reserved');
  await expect(page.getByText('We sent the link to pay to')).toBeVisible();
  await expectNoViolations(page, 'a confirmed reservation');

  // The page's address is safe to reload; the link opened again changes nothing.
  await page.reload();
  await expect(heading(page)).toHaveText('Your seat is reserved');
  await page.goto(reservationConfirmPath(reserved.id));
  await expect(heading(page)).toHaveText('Your seat is reserved');
});

test('a confirm link that is not genuine says so, and where to go from there', async ({ page, request, consoleGuard }) => {
  consoleGuard.allow(/status of 403/, /\/confirm-reservation$/);
  const reserved = await reserve(request, visitor('Forged'));
  await page.goto(`/booking/confirmed?booking=${reserved.id}&confirm=forged.token`);
  await expect(heading(page)).toHaveText('This confirmation link is invalid or has expired.');
  await expect(page.getByRole('alert').getByRole('link', { name: 'My bookings' })).toBeVisible();
  await expectNoViolations(page, 'a forged confirm link');
});
