import { expect, type Locator, type Page } from '@playwright/test';

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
