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
