import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { CLIENT_HEADERS, getWorkshopDates, isTbc, type WorkshopDate } from './api';

export type Visitor = { firstName: string; lastName: string; email: string; company?: string; discountCode?: string };

export const bookingForm = (page: Page): Locator => page.getByRole('form', { name: 'Booking form' });

/** The workshop-date radios of the booking section (the 'Pay now' card is not a date). */
export const dateRadios = (page: Page): Locator =>
  page.locator('#booking').getByRole('radio').filter({ hasNotText: /pay now|pay later/i });

export const continueToPayment = (page: Page): Locator =>
  page.locator('#booking').getByRole('button', { name: /continue to payment/i });

/** Picks the first date that can be booked and fills the information form. */
export async function fillBookingForm(page: Page, visitor: Visitor): Promise<void> {
  const radio = dateRadios(page).and(page.getByRole('radio', { disabled: false })).first();
  await expect(radio).toBeVisible();
  // The server's HTML shows the form at once; a tap lands only once the app has it (a tap made in
  // between is held and made again: server-rendering.spec.ts).
  await expect.poll(() => radio.evaluate((element) => Object.keys(element).some((key) => key.startsWith('__reactProps')))).toBe(true);
  // The whole card is the radio's label (a tap anywhere on it selects the date) and covers the
  // small circle, so click the card, where a visitor would.
  const id = await radio.getAttribute('id');
  await page.locator(`#booking label[for="${id}"]`).click();
  await expect(radio).toBeChecked();
  const form = bookingForm(page);
  await form.getByLabel('First name', { exact: true }).fill(visitor.firstName);
  await form.getByLabel('Last name', { exact: true }).fill(visitor.lastName);
  await form.getByLabel('Email', { exact: true }).fill(visitor.email);
  if (visitor.company !== undefined) await form.getByLabel('Company', { exact: true }).fill(visitor.company);
  if (visitor.discountCode !== undefined) await form.getByLabel('Discount code', { exact: true }).fill(visitor.discountCode);
}

/** The open, dated workshop with the most seats left (the seed's is two weeks away: a full refund). */
export async function roomyDate(request: APIRequestContext): Promise<WorkshopDate> {
  const dates = (await getWorkshopDates(request)).filter((d) => !isTbc(d) && d.seatsRemaining > 0);
  expect(dates.length, 'the demo seed has an open workshop date').toBeGreaterThan(0);
  return dates.sort((a, b) => b.seatsRemaining - a.seatsRemaining)[0]!;
}

/** A booking paid with the demo card, through the calls the checkout makes. */
export async function bookPaid(request: APIRequestContext, who: { firstName: string; lastName: string; email: string }, date: WorkshopDate): Promise<{ date: WorkshopDate; bookingId: number }> {
  const intent = await request.post('/api/create-payment-intent', {
    headers: CLIENT_HEADERS,
    data: { workshopDateId: date.id, customerInfo: { ...who, company: '' }, amount: date.price ?? 499 },
  });
  expect(intent.status(), await intent.text()).toBe(200);
  const { paymentIntentId } = (await intent.json()) as { paymentIntentId: string };
  const paid = await request.post('/api/payments/demo/confirm', { headers: CLIENT_HEADERS, data: { paymentIntentId, cardNumber: '4242 4242 4242 4242' } });
  expect(paid.status(), await paid.text()).toBe(200);
  const { bookingId } = (await paid.json()) as { bookingId: number };
  return { date, bookingId };
}
