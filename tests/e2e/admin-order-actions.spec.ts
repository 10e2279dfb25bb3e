import type { Page } from '@playwright/test';
import { test, expect } from './fixtures';
import { shootAtTwoWidths as shoot } from './support/page';
import { openAdminTab, signInAsAdmin } from './support/admin';
import { adminGetJson, adminRequest, CLIENT_HEADERS } from './support/api';
import { expectNoViolations } from './support/axe';
import { roomyDate } from './support/booking';
import { confirmReservation, letReservationsFillDates } from './support/links';

/*
 * The admin opens an order of three seats paid with one card payment from its row in the Bookings
 * tab, and cancels the whole order with a refund: the dialog offers the order's actions, shows
 * what will go back before anything is sent, and afterwards every seat is cancelled, the money is
 * refunded and cancelling is no longer offered.
 */

test.beforeAll(letReservationsFillDates);

/** The admin signs in, finds the buyer's seats in Bookings and opens their order from a row: the dialog and its actions. */
async function openOrder(page: Page, buyerEmail: string, reference: string) {
  await signInAsAdmin(page);
  await openAdminTab(page, 'Bookings');
  await page.getByRole('searchbox', { name: 'Search bookings' }).fill(buyerEmail);
  await page.getByRole('button', { name: `Order ${reference}: show the order` }).first().click();
  const dialog = page.getByRole('dialog', { name: `Order ${reference}` });
  return { dialog, actions: dialog.getByRole('region', { name: 'Order actions' }) };
}

type Order = { id: number; reference: string; amountPaid: number; amountRefunded: number; seats: { status: string; refundedAmount: number }[] };

test('the admin cancels a whole order of three paid seats with a full refund', async ({ page, request }) => {
  const tag = `${Date.now().toString(36)}-${process.pid}`;
  const buyer = { firstName: 'Olga', lastName: 'Order', email: `olga.${tag}@example.com`, company: '' };
  const date = await roomyDate(request);
  const intent = await request.post('/api/create-payment-intent', {
    headers: CLIENT_HEADERS,
    data: { workshopDateId: date.id, customerInfo: buyer, seats: 3, attendees: [{ firstName: 'Ann', lastName: 'Seat', email: `ann.${tag}@example.com` }] },
  });
  expect(intent.status(), await intent.text()).toBe(200);
  const { paymentIntentId } = (await intent.json()) as { paymentIntentId: string };
  const paid = await request.post('/api/payments/demo/confirm', { headers: CLIENT_HEADERS, data: { paymentIntentId, cardNumber: '4242 4242 4242 4242' } });
  expect(paid.status(), await paid.text()).toBe(200);
  const { bookingId } = (await paid.json()) as { bookingId: number };
  const admin = await adminRequest('the order to cancel');
  const rows = await adminGetJson<{ id: number; orderId: number }[]>(admin, '/api/admin/bookings', 'the order of the seat');
  const orderId = rows.find((row) => row.id === bookingId)!.orderId;
  const before = await adminGetJson<Order>(admin, `/api/admin/orders/${orderId}`, 'the order before');
  const total = before.amountPaid;
  const usd = (amount: number) => `$${amount.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

  const { dialog, actions } = await openOrder(page, buyer.email, before.reference);
  await expect(actions.getByRole('button', { name: 'Cancel order…' })).toBeVisible();
  await expect(actions.getByRole('button', { name: 'Resend confirmation…' })).toBeVisible();
  // A paid order has no reservation to mark paid: not offered.
  await expect(actions.getByRole('button', { name: 'Mark order paid…' })).toHaveCount(0);
  await shoot(page, 'order-dialog-actions', dialog);

  await actions.getByRole('button', { name: 'Cancel order…' }).click();
  await expect(actions.getByRole('heading', { name: 'Cancel the whole order (3 seats)?' })).toBeFocused();
  await expect(actions.getByRole('radio', { name: `Refund everything left: ${usd(total)} by card` })).toBeChecked();
  await expect(actions.getByText(`${usd(total)} goes back to the card.`)).toBeVisible();
  await shoot(page, 'order-dialog-cancel', actions);
  await expectNoViolations(page, 'the order dialog with its cancel step', '[role="dialog"]');

  // A chosen amount above what the order paid is pointed out, and nothing is sent.
  await actions.getByRole('radio', { name: 'Refund a chosen amount by card' }).check();
  await actions.getByLabel('Refund amount (USD)').fill(String(total + 1));
  await actions.getByRole('button', { name: /^Cancel order and refund/ }).click();
  await expect(actions.getByText(`The refund can be at most $${total.toFixed(2)}`, { exact: false })).toBeVisible();

  await actions.getByRole('radio', { name: `Refund everything left: ${usd(total)} by card` }).check();
  await actions.getByRole('button', { name: `Cancel order and refund ${usd(total)}` }).click();
  await expect(page.getByText(`The order was cancelled: 3 seats released. ${usd(total)} was refunded.`).first()).toBeVisible();

  // The dialog reads the order again: every seat cancelled, the money back, nothing left to cancel.
  await expect(dialog.getByRole('region', { name: 'Seats (3)' }).getByText('Cancelled')).toHaveCount(3);
  await expect(actions.getByRole('button', { name: 'Cancel order…' })).toHaveCount(0);
  // The focus stays in the order's actions (its button is gone), not at the top of the page.
  await expect(actions.locator('[tabindex="-1"]')).toBeFocused();
  const after = await adminGetJson<Order>(admin, `/api/admin/orders/${orderId}`, 'the order after');
  expect(after.amountRefunded).toBe(total);
  expect(after.seats.map((seat) => seat.status)).toEqual(['cancelled', 'cancelled', 'cancelled']);
  await shoot(page, 'order-dialog-cancelled', dialog);
  await admin.dispose();
});

test('the admin marks a reservation order of two seats paid in one go', async ({ page, request }) => {
  const tag = `${Date.now().toString(36)}-${process.pid}`;
  const buyer = { firstName: 'Rhea', lastName: 'Later', email: `rhea.${tag}@example.com`, company: '' };
  const date = await roomyDate(request);
  const reserved = await request.post('/api/bookings/reserve', { headers: CLIENT_HEADERS, data: { workshopDateId: date.id, ...buyer, paymentMode: 'pay_later', seats: 2, attendees: [] } });
  expect(reserved.status(), await reserved.text()).toBe(201);
  const { id: bookingId, orderId } = (await reserved.json()) as { id: number; orderId: number };
  await confirmReservation(request, bookingId);
  const admin = await adminRequest('the reservation order');
  const before = await adminGetJson<Order>(admin, `/api/admin/orders/${orderId}`, 'the order before');

  const { actions } = await openOrder(page, buyer.email, before.reference);
  await actions.getByRole('button', { name: 'Mark order paid…' }).click();
  await expect(actions.getByRole('heading', { name: 'Mark 2 seats as paid?' })).toBeFocused();
  await actions.getByLabel('How was it paid?').fill('Bank transfer');
  await shoot(page, 'order-dialog-mark-paid', actions);
  await actions.getByRole('button', { name: /^Mark \$[\d,.]+ as paid$/ }).click();
  await expect(page.getByText(/^2 seats marked as paid/).first()).toBeVisible();
  // Paid now: nothing is left to mark paid.
  await expect(actions.getByRole('button', { name: 'Mark order paid…' })).toHaveCount(0);
  const after = await adminGetJson<Order>(admin, `/api/admin/orders/${orderId}`, 'the order after');
  expect(after.seats.map((seat) => seat.status)).toEqual(['confirmed', 'confirmed']);
  await admin.dispose();
});
