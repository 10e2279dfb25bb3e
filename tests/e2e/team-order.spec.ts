import { test, expect } from './fixtures';
import { shootAtTwoWidths as shoot } from './support/page';
import { bookingForm, continueToPayment, fillBookingForm } from './support/booking';
import { linkIn, waitForMail } from './support/mail';

/*
 * A team lead books three seats in one order through the booking form: their own, a colleague's
 * by name, and one left unnamed for a colleague to claim. The checkout charges three seats once,
 * the confirmation page shows the order, and the e-mails go out: the colleague's own confirmation,
 * the buyer's own, and the buyer's order confirmation with the claim link, which a colleague then
 * opens in their own browser to put their name on the seat.
 */


test('a team lead books three seats with one payment, one seat named, one left to claim, and a colleague claims it', async ({ page, browser }) => {
  const tag = `${Date.now().toString(36)}-${process.pid}`;
  const lead = { firstName: 'Tessa', lastName: 'Lead', email: `tessa.${tag}@example.com` };
  const colleague = { firstName: 'Carl', lastName: 'Colleague', email: `carl.${tag}@example.com` };

  await page.goto('/');
  await fillBookingForm(page, lead);
  const form = bookingForm(page);
  await form.getByLabel('Seats', { exact: true }).selectOption('3');
  await expect(form.getByRole('checkbox', { name: /I’m attending/ })).toBeChecked();
  const seat2 = form.getByRole('group', { name: 'Seat 2' });
  const seat3 = form.getByRole('group', { name: 'Seat 3' });
  await expect(seat3).toBeVisible();
  await seat2.getByLabel('First name', { exact: true }).fill(colleague.firstName);
  await seat2.getByLabel('Last name', { exact: true }).fill(colleague.lastName);
  await seat2.getByLabel('Email', { exact: true }).fill(colleague.email);
  await expect(form.getByTestId('booking-total')).toContainText('3 seats × $499.00');
  await expect(form.getByTestId('booking-total')).toContainText('$1,497.00');
  await shoot(page, 'booking-form-3-seats', page.locator('#booking'));

  // Half a seat's row is a mistake the form points at, and goes nowhere.
  await seat3.getByLabel('First name', { exact: true }).fill('Half');
  await continueToPayment(page).click();
  await expect(seat3.getByLabel('Last name', { exact: true })).toBeFocused();
  await seat3.getByLabel('First name', { exact: true }).fill('');

  await continueToPayment(page).click();
  await expect(page).toHaveURL(/\/checkout$/);
  const summary = page.getByRole('region', { name: 'Booking summary' });
  await expect(summary.getByText('Seat 1: Tessa Lead (you)')).toBeVisible();
  await expect(summary.getByText('Seat 2: Carl Colleague')).toBeVisible();
  await expect(summary.getByText(/Seat 3: unnamed/)).toBeVisible();
  const price = page.getByRole('region', { name: 'Price', exact: true });
  await expect(price.getByText('Workshop Fee (3 seats × $499.00)')).toBeVisible();
  await expect(price.getByTestId('checkout-total')).toHaveText('$1,497.00');
  await shoot(page, 'checkout-3-seats');

  const payment = page.getByRole('region', { name: 'Payment Information' });
  await payment.getByLabel('Card number', { exact: true }).fill('4242 4242 4242 4242');
  await payment.getByLabel('Expiry (MM/YY)', { exact: true }).fill('12/34');
  await payment.getByLabel('CVC', { exact: true }).fill('123');
  await payment.getByLabel('Name on card', { exact: true }).fill('Tessa Lead');
  await page.getByRole('button', { name: 'COMPLETE PAYMENT' }).click();

  await expect(page).toHaveURL(/\/booking\/confirmed\?booking=\d+&token=/);
  await expect(page.getByRole('heading', { level: 1, name: "You're booked!" })).toBeVisible();
  await expect(page.getByText('Thanks, Tessa. All 3 seats are confirmed.')).toBeVisible();
  await expect(page.getByText(/^Order [A-HJ-NP-Z2-9]{3}-[A-HJ-NP-Z2-9]{3}$/)).toBeVisible();
  const order = page.getByRole('region', { name: 'Who is coming' });
  await expect(order.getByText('Carl Colleague')).toBeVisible();
  await expect(order.getByText(/Unnamed/)).toBeVisible();
  await expect(page.getByText('Paid $1,497.00')).toBeVisible();
  await shoot(page, 'confirmation-3-seats');

  // The three e-mails as delivered: the colleague's own confirmation (no price: the lead paid), the
  // lead's own seat, and the lead's order confirmation with the unnamed seat's claim link.
  const colleagueMail = await waitForMail(colleague.email, /^Your seat is booked: /);
  expect(colleagueMail.text).toContain('Tessa Lead booked this seat for you');
  expect(colleagueMail.text).not.toContain('$499.00');
  expect(linkIn(colleagueMail, /\/participant\?token=/)).toBeTruthy();
  const leadSeatMail = await waitForMail(lead.email, /^Your seat is booked: /);
  expect(leadSeatMail.text).toContain('$499.00');
  const orderMail = await waitForMail(lead.email, /^Your order [A-HJ-NP-Z2-9]{3}-[A-HJ-NP-Z2-9]{3}: 3 seats for /);
  expect(orderMail.text).toContain('$1,497.00');
  expect(orderMail.text).toContain('Carl Colleague');
  const claimLink = linkIn(orderMail, /\/claim\//);

  // A colleague, in their own browser, opens the forwarded link and puts their name on the seat.
  const newcomer = { firstName: 'Nora', lastName: 'Newcomer', email: `nora.${tag}@example.com` };
  const elsewhere = await browser.newContext({ locale: 'en-US' });
  const claimPage = await elsewhere.newPage();
  await claimPage.goto(new URL(claimLink).pathname);
  await expect(claimPage.getByRole('heading', { level: 1 })).toHaveText('Tessa booked a seat for you');
  await claimPage.getByLabel('First name').fill(newcomer.firstName);
  await claimPage.getByLabel('Last name').fill(newcomer.lastName);
  await claimPage.getByLabel('Email').fill(newcomer.email);
  await claimPage.getByRole('button', { name: 'Claim my seat' }).click();
  await expect(claimPage.getByRole('heading', { level: 1 })).toHaveText(`The seat is yours, ${newcomer.firstName}!`);
  await elsewhere.close();
  const newcomerMail = await waitForMail(newcomer.email, /^Your seat is booked: /);
  expect(newcomerMail.text).toContain('Tessa Lead booked this seat for you');
});
