import type { Locator, Page, Route } from '@playwright/test';
import { expectNoViolations } from './support/axe';
import { test, expect } from './fixtures';
import { continueToPayment, fillBookingForm, type Visitor } from './support/booking';

/*
 * Issue 18 point 3, the card form with the demo provider: a decline stays under the card fields
 * as well as the toast, the number and the expiry format as one types, and the seat hold counts
 * down, ends, and can be held again.
 */

let visitorCount = 0;

function visitor(): Visitor {
  visitorCount += 1;
  const tag = `${Date.now().toString(36)}-${process.pid}-${visitorCount}`;
  return { firstName: 'Ada', lastName: 'Lovelace', email: `ada.card.${tag}@example.com` };
}

const toasts = (page: Page): Locator => page.getByRole('region', { name: /notifications/i });
const payment = (page: Page): Locator => page.getByRole('region', { name: 'Payment Information' });
const holdLine = (page: Page): Locator => page.getByTestId('seat-hold');

async function openCheckout(page: Page): Promise<void> {
  await page.goto('/');
  await fillBookingForm(page, visitor());
  await continueToPayment(page).click();
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(payment(page)).toBeVisible();
}

test('a declined card stays explained under the card fields until the card is edited; axe passes with it showing', async ({ page, consoleGuard }) => {
  consoleGuard.allow(/status of 402/);
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await openCheckout(page);
  const form = payment(page);
  await form.getByLabel('Card number', { exact: true }).fill('4000 0000 0000 0002');
  await form.getByLabel('Expiry (MM/YY)', { exact: true }).fill('12/34');
  await form.getByLabel('CVC', { exact: true }).fill('123');

  const confirm = page.waitForRequest((request) => new URL(request.url()).pathname === '/api/payments/demo/confirm');
  await page.getByRole('button', { name: 'COMPLETE PAYMENT' }).click();
  // The provider gets the digits, as the fields show them grouped.
  expect((await confirm).postDataJSON()).toMatchObject({ cardNumber: '4000000000000002' });

  await expect(toasts(page).getByText('Payment Failed', { exact: true })).toBeVisible();
  const alert = form.getByRole('alert');
  await expect(alert).toHaveText('Payment Failed: Your card was declined.');
  await expect(form.getByLabel('Card number', { exact: true })).toHaveAttribute('aria-describedby', 'demo-card-decline');
  await expect(form.getByLabel('Card number', { exact: true })).toHaveAccessibleDescription('Payment Failed: Your card was declined.');
  await expect(holdLine(page)).toHaveText(/^Your seat is held for 1[45]:\d\d$/);

  // Still there once the toast has gone.
  await toasts(page).getByRole('button', { name: /close/i }).first().click();
  await expect(toasts(page).getByText('Payment Failed', { exact: true })).toBeHidden();
  await expect(alert).toHaveText('Payment Failed: Your card was declined.');

  await expectNoViolations(page, 'the card form with a decline', 'main');

  if (process.env.CARD_SHOTS) {
    for (const [width, height] of [
      [1280, 800],
      [390, 844],
    ] as const) {
      await page.setViewportSize({ width, height });
      // The panel's top just under the sticky header.
      await form.evaluate((element) => window.scrollTo(0, element.getBoundingClientRect().top + window.scrollY - 80));
      await page.screenshot({ path: `${process.env.CARD_SHOTS}/card-form-decline-${width}x${height}.png` });
    }
  }

  // Editing the card takes the error away.
  await form.getByLabel('Card number', { exact: true }).press('End');
  await form.getByLabel('Card number', { exact: true }).press('Backspace');
  await expect(alert).toBeHidden();
  await expect(form.getByLabel('Card number', { exact: true })).not.toHaveAttribute('aria-describedby', /demo-card-decline/);
});

test('the number groups by four and the expiry reads MM / YY as one types; the CVC keeps digits', async ({ page }) => {
  await openCheckout(page);
  const form = payment(page);
  const number = form.getByLabel('Card number', { exact: true });
  await expect(number).toHaveAttribute('autocomplete', 'off');
  await expect(number).toHaveAttribute('inputmode', 'numeric');
  await number.fill('');
  await number.pressSequentially('4242424242424242');
  await expect(number).toHaveValue('4242 4242 4242 4242');

  // A digit typed in the middle stays where it was typed, the caret right after it.
  await number.press('Home');
  for (let i = 0; i < 6; i += 1) await number.press('ArrowRight');
  await number.press('Backspace');
  await expect(number).toHaveValue('4242 2424 2424 242');
  await number.pressSequentially('4');
  await expect(number).toHaveValue('4242 4242 4242 4242');
  expect(await number.evaluate((input: HTMLInputElement) => input.selectionStart)).toBe(6);

  const expiry = form.getByLabel('Expiry (MM/YY)', { exact: true });
  await expect(expiry).toHaveAttribute('autocomplete', 'off');
  await expiry.fill('');
  await expiry.pressSequentially('1230');
  await expect(expiry).toHaveValue('12 / 30');
  await expiry.fill('');
  await expiry.pressSequentially('13');
  await expect(expiry).toHaveValue('1');
  await expiry.fill('');
  await expiry.pressSequentially('4');
  await expect(expiry).toHaveValue('04 / ');
  await expiry.press('Backspace');
  await expect(expiry).toHaveValue('04');

  const cvc = form.getByLabel('CVC', { exact: true });
  await expect(cvc).toHaveAttribute('autocomplete', 'off');
  await cvc.fill('');
  await cvc.pressSequentially('1a2b3');
  await expect(cvc).toHaveValue('123');
});

/**
 * Makes the hold exactly 15 minutes on the page's clock: the server's hold is real; only its
 * millisecond is rounded so the countdown's first figure is a literal.
 */
async function exactHolds(route: Route): Promise<void> {
  const response = await route.fetch();
  const body = (await response.json()) as { holdExpiresAt: string | null };
  if (!body.holdExpiresAt) return route.fulfill({ response });
  const serverSecond = Math.floor((Date.parse(body.holdExpiresAt) - 15 * 60_000) / 1000) * 1000;
  await route.fulfill({
    response,
    headers: { ...response.headers(), date: new Date(serverSecond).toUTCString() },
    json: { ...body, holdExpiresAt: new Date(serverSecond + 15 * 60_000 + 999).toISOString() },
  });
}

test('the seat hold counts down, ends, and "Hold a new seat" starts it again', async ({ page }) => {
  await page.clock.install();
  // The first answer waits until the page's clock is paused, so the hold starts at a known time.
  let release!: () => void;
  const paused = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/create-payment-intent', async (route) => {
    await paused;
    await exactHolds(route);
  });
  await page.goto('/');
  await fillBookingForm(page, visitor());
  await continueToPayment(page).click();
  await expect(page.getByText('Setting up payment…')).toBeVisible();
  // From here the page's time moves only when the test says so.
  await page.clock.pauseAt(Date.now() + 60_000);
  release();
  await expect
    .poll(async () => {
      await page.clock.runFor(1);
      return (await holdLine(page).count()) > 0 ? holdLine(page).textContent() : null;
    })
    .toBe('Your seat is held for 15:00');

  await page.clock.runFor(28_000);
  await expect(holdLine(page)).toHaveText('Your seat is held for 14:32');
  const pay = page.getByRole('button', { name: 'COMPLETE PAYMENT' });
  await expect(pay).toBeEnabled();

  await page.clock.fastForward(14 * 60_000 + 32_000);
  await expect(holdLine(page)).toContainText('Your seat hold has ended.');
  await expect(pay).toBeDisabled();

  if (process.env.CARD_SHOTS) {
    await payment(page).evaluate((element) => window.scrollTo(0, element.getBoundingClientRect().top + window.scrollY + 200));
    await page.screenshot({ path: `${process.env.CARD_SHOTS}/card-form-hold-ended-1280x720.png` });
  }
  const again = page.getByRole('button', { name: 'Hold a new seat' });
  const answer = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/create-payment-intent');
  await again.click();
  expect((await answer).status()).toBe(200);
  await expect
    .poll(async () => {
      await page.clock.runFor(1);
      return holdLine(page).textContent();
    })
    .toBe('Your seat is held for 15:00');
  await expect(pay).toBeEnabled();
  await page.clock.runFor(1_000);
  await expect(holdLine(page)).toHaveText('Your seat is held for 14:59');
});

test('when the date sold out meanwhile, "Hold a new seat" shows the server\'s message', async ({ page, consoleGuard }) => {
  consoleGuard.allow(/status of 409/);
  await page.clock.install();
  await openCheckout(page);
  await expect(holdLine(page)).toHaveText(/^Your seat is held for/);
  await page.clock.fastForward(16 * 60_000);
  await expect(holdLine(page)).toContainText('Your seat hold has ended.');
  await page.route('**/api/create-payment-intent', (route) =>
    route.fulfill({ status: 409, json: { message: 'Sorry, this workshop is fully booked.', code: 'sold_out' } }),
  );
  await page.getByRole('button', { name: 'Hold a new seat' }).click();
  await expect(holdLine(page).getByRole('alert')).toHaveText('Sorry, this workshop is fully booked.');
  await expect(page).toHaveURL(/\/checkout$/);
});

test('a date that sold out before the checkout opened sends the visitor back to the dates, told its waiting list is open', async ({ page, consoleGuard }) => {
  consoleGuard.allow(/status of 409/);
  await page.route('**/api/create-payment-intent', (route) =>
    route.fulfill({ status: 409, json: { message: 'Sorry, this workshop is fully booked.', code: 'sold_out' } }),
  );
  await page.goto('/');
  await fillBookingForm(page, visitor());
  await continueToPayment(page).click();
  await expect(toasts(page).getByText('Sorry, this workshop is fully booked.')).toBeVisible();
  await expect(toasts(page).getByText(/Its waiting list is open/)).toBeVisible();
  // Back on the page the visitor booked from, at its dates, not on the checkout.
  await expect(page).not.toHaveURL(/\/checkout/);
  await expect(page.locator('#booking')).toBeInViewport();
});
