import { test, expect } from './fixtures';
import { expectCurrentPromo, getWorkshopDates, seatsLeft, usdPattern } from './support/api';
import { bookingForm, dateRadios } from './support/booking';
import { cta, expectScrolledTo, holdRequests, seatsBadge } from './support/page';

test.describe('intro page', () => {
  test('describes the workshop and shows the seats left', async ({ page, request }) => {
    await page.goto('/intro');
    const main = page.getByRole('main');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(main.getByText('2 hour workshop').first()).toBeVisible();
    await expect(main.getByText('1x 2 hour group session').first()).toBeVisible();
    await expect(main.getByText(/^\s*beginner\s*$/i).first()).toBeVisible();
    await expectCurrentPromo(main, request);
    const dates = await getWorkshopDates(request);
    await expect(main.getByText(usdPattern(dates[0]?.price ?? 499)).first()).toBeVisible();
    expect(await main.getByRole('listitem').count(), 'five learning outcomes').toBeGreaterThanOrEqual(5);

    await expect(async () => {
      const sum = seatsLeft(await getWorkshopDates(request));
      await page.reload();
      await expect(main.getByText(seatsBadge(sum)).first()).toBeVisible({ timeout: 5_000 });
    }).toPass({ timeout: 25_000 });
  });

  test('the description and the booking form (the server’s HTML) show without waiting for the form’s code', async ({ page }) => {
    const release = await holdRequests(page, /\/assets\/booking-section-[\w-]+\.js$/);
    await page.goto('/intro');
    await expect(page.getByText(/^In two focused hours you go from an idea to a working prototype/)).toBeVisible();
    await expect(bookingForm(page)).toBeVisible();
    const firstDate = dateRadios(page).first();
    await expect(firstDate).toBeVisible();
    const isReacts = () => firstDate.evaluate((radio) => Object.keys(radio).some((key) => key.startsWith('__reactProps')));
    expect(await isReacts()).toBe(false);
    release();
    await expect.poll(isReacts).toBe(true);
  });

  test('SIGN UP HERE jumps to the booking section', async ({ page }) => {
    await page.goto('/intro');
    const signUp = cta(page, /^\s*sign up here\s*$/i).first();
    await expect(signUp).toHaveAttribute('href', /#booking$/);
    await signUp.click();
    await expectScrolledTo(page, '#booking');
    await expect(bookingForm(page)).toBeVisible();
    await expect(dateRadios(page).first()).toBeVisible();
  });
});
