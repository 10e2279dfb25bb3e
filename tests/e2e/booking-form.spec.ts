import type { Page } from '@playwright/test';
import { test, expect } from './fixtures';
import { getWorkshopDates } from './support/api';
import { bookingForm, continueToPayment, dateRadios, fillBookingForm } from './support/booking';

test.describe('booking form', () => {
  test('an empty form shows every validation message and stays on the page', async ({ page }) => {
    await page.goto('/');
    await expect(dateRadios(page).first()).toBeVisible();
    await continueToPayment(page).click();
    const booking = page.locator('#booking');
    await expect(booking.getByText('Please select a workshop date')).toBeVisible();
    await expect(booking.getByText('First name must be at least 2 characters')).toBeVisible();
    await expect(booking.getByText('Last name must be at least 2 characters')).toBeVisible();
    await expect(booking.getByText('Please enter a valid email address')).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
  });

  test('fixing the fields clears their messages; a bad e-mail alone still blocks', async ({ page }) => {
    await page.goto('/');
    await fillBookingForm(page, { firstName: 'Ada', lastName: 'Lovelace', email: 'not-an-email' });
    await continueToPayment(page).click();
    const booking = page.locator('#booking');
    await expect(booking.getByText('Please enter a valid email address')).toBeVisible();
    await expect(booking.getByText('Please select a workshop date')).toHaveCount(0);
    await expect(booking.getByText('First name must be at least 2 characters')).toHaveCount(0);
    await expect(booking.getByText('Last name must be at least 2 characters')).toHaveCount(0);
    await expect(page).toHaveURL(/\/$/);
  });

  test('a booked-out date cannot be chosen', async ({ page, request }) => {
    const dates = await getWorkshopDates(request);
    const bookedOut = dates.filter((d) => d.seatsRemaining === 0);
    expect(bookedOut.length, 'the demo seed has a booked-out date').toBeGreaterThanOrEqual(1);
    await page.goto('/');
    const disabled = page.locator('#booking').getByRole('radio', { disabled: true });
    await expect(disabled).toHaveCount(bookedOut.length);
    await expect(disabled.first()).toBeDisabled();
    await page.locator('#booking').getByText(/^\s*booked out!\s*$/i).first().click({ force: true });
    await expect(disabled.first()).not.toBeChecked();
    await expect(page.locator('#booking').getByRole('radio', { checked: true })).toHaveCount(0);
  });

  test('a valid form goes to checkout and keeps the booking data', async ({ page }) => {
    await page.goto('/');
    const form = bookingForm(page);
    await expect(form).toBeVisible();
    await fillBookingForm(page, {
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: 'ada.lovelace@example.com',
      company: 'Analytical Engines',
    });
    await continueToPayment(page).click();
    await expect(page).toHaveURL(/\/checkout$/);
    await expect(page.getByRole('heading', { name: /complete your booking/i })).toBeVisible();
    const main = page.getByRole('main');
    await expect(main.getByText(/Ada\s+Lovelace/).first()).toBeVisible();
    await expect(main.getByText('ada.lovelace@example.com').first()).toBeVisible();
    await expect(main.getByText('Analytical Engines').first()).toBeVisible();
    // The price box of the chosen date.
    await expect(main.getByText('Workshop Fee')).toBeVisible();
    await expect(main.getByText('Total', { exact: true })).toBeVisible();
  });

  test('checkout without booking data sends the visitor back to the form', async ({ page }) => {
    await page.goto('/checkout');
    await expect(page.getByText('Please complete the booking form first').first()).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.locator('#booking')).toBeVisible();
  });
});

/*
 * The newsletter box starts ticked, as the product asks, except where the visitor's browser points
 * to the EU, the EEA or the UK, whose law wants an empty box to tick
 * (docs/decisions/024-newsletter-consent.md). The app sets it once it runs: fillBookingForm waits for that.
 */
const newsletterBox = (page: Page) => bookingForm(page).getByRole('checkbox', { name: /send me the newsletter/i });
const visitor = { firstName: 'Ada', lastName: 'Lovelace', email: 'ada.consent@example.com' };

test.describe('the newsletter box, for a visitor in the US', () => {
  test.use({ locale: 'en-US', timezoneId: 'America/Chicago' });
  test('starts ticked', async ({ page }) => {
    await page.goto('/');
    await fillBookingForm(page, visitor);
    await expect(newsletterBox(page)).toBeChecked();
  });
});

for (const [where, locale, timezoneId] of [
  ['in Germany', 'de-DE', 'Europe/Berlin'],
  ['in the US with an English (UK) browser', 'en-GB', 'America/New_York'],
  ['in Ireland with a US English browser', 'en-US', 'Europe/Dublin'],
] as const) {
  test.describe(`the newsletter box, for a visitor ${where}`, () => {
    test.use({ locale, timezoneId });
    test('starts empty, and ticking it is kept to the checkout', async ({ page }) => {
      await page.goto('/');
      await fillBookingForm(page, visitor);
      await expect(newsletterBox(page)).not.toBeChecked();
      await newsletterBox(page).check();
      await continueToPayment(page).click();
      await expect(page).toHaveURL(/\/checkout$/);
      const stored = await page.evaluate(() => JSON.parse(sessionStorage.getItem('booking-data') ?? '{}') as { subscribedToNewsletter?: boolean });
      expect(stored.subscribedToNewsletter).toBe(true);
    });
  });
}
