import type { Page } from '@playwright/test';
import { expectNoViolations } from './support/axe';
import { test, expect } from './fixtures';
import { bookingForm, continueToPayment, fillBookingForm } from './support/booking';

/*
 * Issue 18 point 2: the booking form's Apply button prices the code on the server before the
 * visitor leaves the form; checkout's BACK returns to the form it came from, with the data kept.
 * The seed's first open date costs $499; WELCOME10 takes 10 %, PILOT100 all of it.
 */
test.use({ reducedMotion: 'reduce' });

const visitor = (discountCode: string) => ({ firstName: 'Ada', lastName: 'Lovelace', email: 'ada.apply@example.com', company: 'Analytical Engines', discountCode });
const codeField = (page: Page) => bookingForm(page).getByLabel('Discount code', { exact: true });
const applyButton = (page: Page) => bookingForm(page).getByRole('button', { name: 'Apply' });
// APPLY_SHOTS=390x844 (or 1280x800) also saves screenshots of the form at that size to /tmp/apply-shots.
const shotsWanted = Boolean(process.env.APPLY_SHOTS);
if (shotsWanted) {
  const [width, height] = process.env.APPLY_SHOTS!.split('x').map(Number);
  test.use({ viewport: { width: width!, height: height! } });
}

async function shoot(page: Page, name: string) {
  if (!shotsWanted) return;
  await codeField(page).evaluate((field) => field.scrollIntoView({ block: 'center', behavior: 'instant' }));
  await page.screenshot({ path: `/tmp/apply-shots/${name}.png` });
}

test.describe('discount code Apply in the booking form', () => {
  test('a valid code shows the server price; changing the code clears it', async ({ page }) => {
    await page.goto('/#booking');
    await fillBookingForm(page, visitor('welcome10'));
    const checked = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/discount-codes/check');
    await applyButton(page).click();
    expect((await checked).status()).toBe(200);
    const applied = bookingForm(page).getByRole('status').filter({ hasText: 'WELCOME10' });
    await expect(applied).toHaveText('$499.00 → $449.10 with WELCOME10');
    await expect(codeField(page)).not.toHaveAttribute('aria-invalid', 'true');
    await shoot(page, `applied-${page.viewportSize()!.width}`);
    await codeField(page).fill('WELCOME1');
    await expect(bookingForm(page).getByText('$499.00 → $449.10 with WELCOME10')).toHaveCount(0);
    await expect(page).toHaveURL(/\/#booking$/);
  });

  test('an invalid code is explained next to the field; Enter applies instead of submitting', async ({ page, consoleGuard }) => {
    consoleGuard.allow(/status of 400/);
    await page.goto('/#booking');
    await fillBookingForm(page, visitor('NOPE'));
    await codeField(page).press('Enter');
    const message = "This discount code isn't valid. Please check the spelling.";
    const error = bookingForm(page).locator('#booking-discount-code-error');
    await expect(error).toHaveText(message);
    await expect(codeField(page)).toHaveAttribute('aria-invalid', 'true');
    await expect(codeField(page)).toHaveAttribute('aria-describedby', /booking-discount-code-error/);
    await expect(page).toHaveURL(/\/#booking$/);

    await expectNoViolations(page, 'the booking form with a refused code', '#booking');
    await shoot(page, `error-${page.viewportSize()!.width}`);

    // Continuing with the refused code stays on the form, at the code.
    await continueToPayment(page).click();
    await expect(page).toHaveURL(/\/#booking$/);
    await expect(codeField(page)).toBeFocused();
    // A changed code clears the message.
    await codeField(page).fill('NOPE2');
    await expect(error).toHaveCount(0);
  });

  test('a free code says so, and checkout BACK returns to the intro page form with the data kept', async ({ page }) => {
    await page.goto('/intro');
    await fillBookingForm(page, visitor('pilot100'));
    await applyButton(page).click();
    await expect(bookingForm(page).getByText('$499.00 → $0.00 with PILOT100: your seat is free')).toBeVisible();
    await continueToPayment(page).click();
    await expect(page).toHaveURL(/\/checkout$/);
    await page.getByRole('region', { name: 'Free Booking' }).getByRole('button', { name: 'BACK' }).click();
    await expect(page).toHaveURL(/\/intro#booking$/);
    // Kept as codes are stored, in upper case, as the checkout and the e-mails show it.
    await expect(codeField(page)).toHaveValue('PILOT100');
    await expect(bookingForm(page).getByLabel('Email', { exact: true })).toHaveValue('ada.apply@example.com');
    await expect(bookingForm(page).getByLabel('Company', { exact: true })).toHaveValue('Analytical Engines');
    await expect(bookingForm(page).getByRole('radio', { checked: true })).toHaveCount(1);
    await expect(page.locator('#booking').first()).toBeInViewport();
  });

  test('checkout BACK from the landing page returns to /#booking, scrolled to the form', async ({ page }) => {
    await page.goto('/');
    await fillBookingForm(page, visitor('PILOT100'));
    await continueToPayment(page).click();
    await expect(page).toHaveURL(/\/checkout$/);
    await page.getByRole('region', { name: 'Free Booking' }).getByRole('button', { name: 'BACK' }).click();
    await expect(page).toHaveURL(/\/#booking$/);
    await expect(bookingForm(page).getByLabel('First name', { exact: true })).toHaveValue('Ada');
    await expect(codeField(page)).toHaveValue('PILOT100');
    await expect(page.locator('#booking')).toBeInViewport();
  });
});
