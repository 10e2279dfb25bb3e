import type { Locator, Page } from '@playwright/test';
import { axeOn } from './support/axe';
import { test, expect } from './fixtures';
import { signInToAdminTab } from './support/admin';
import { adminRequest, CLIENT_HEADERS, getWorkshopDates, isTbc, type WorkshopDate } from './support/api';
import { bookPaid, roomyDate } from './support/booking';
import { accessLinkFor } from './support/links';

/*
 * Refunds and cancellation in the browser, on the demo seed with the demo payment provider. Both
 * of a card's buttons ('Request Refund', 'Cancel Booking') open one dialog that says what the
 * cancellation policy gives now, with the one-step cancel as its primary action and asking the
 * organiser to review as the other; an admin approves a request under the policy.
 */

type Person = { firstName: string; lastName: string; email: string };

function person(tag: string): Person {
  const id = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  return { firstName: 'Grace', lastName: `${tag}${id}`, email: `refunds-${tag.toLowerCase()}-${id}@example.com` };
}

const fullName = (who: Person) => `${who.firstName} ${who.lastName}`;

const participantLink = accessLinkFor;

/** Toasts live in Radix's region; scoping to it skips the screen-reader copy Radix announces elsewhere. */
const toasts = (page: Page): Locator => page.getByRole('region', { name: /notifications/i });

async function openParticipantBooking(page: Page, who: Person, date: WorkshopDate): Promise<Locator> {
  await page.goto(participantLink(who.email));
  await expect(page).toHaveURL(/\/participant$/);
  const card = page.getByRole('article').filter({ has: page.getByRole('heading', { name: date.title }) });
  await expect(card).toHaveCount(1);
  return card;
}

test.describe('refunds and cancellation', () => {
  test('a participant requests a refund and an admin approves it in the Bookings tab', async ({ page }) => {
    const who = person('Refund');
    const { date, bookingId } = await bookPaid(page.request, who, await roomyDate(page.request));

    const card = await openParticipantBooking(page, who, date);
    await card.getByRole('button', { name: 'Request Refund' }).click();
    const dialog = page.getByRole('dialog', { name: 'Cancel or ask for a refund' });
    // First what the policy gives now (two weeks ahead: all of it), as the one-step action.
    await expect(dialog.getByText(/so cancelling now gives you a full refund of \$\d/)).toBeVisible();
    await expect(dialog.getByRole('button', { name: /^Cancel and get \$[\d,.]+ back$/ })).toBeVisible();
    await dialog.getByRole('button', { name: 'Ask the organiser to review instead' }).click();
    await expect(dialog.getByText(/Your seat stays booked until the organiser decides\. Refund reviews take 2-3 business days\./).first()).toBeVisible();
    const reason = dialog.getByRole('textbox', { name: 'Reason for the refund' });
    await expect(reason).toBeFocused();

    await reason.fill('Too short');
    await dialog.getByRole('button', { name: 'Submit Request' }).click();
    await expect(dialog.getByText('Reason must be at least 10 characters')).toBeVisible();

    await reason.fill('A family event moved to that week, sorry.');
    await expect(dialog.getByText('41/500 characters')).toBeVisible();
    const axe = await axeOn(page).include('[role="dialog"]').analyze();
    expect(axe.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
    await dialog.getByRole('button', { name: 'Submit Request' }).click();

    await expect(toasts(page).getByText('Refund Requested', { exact: true })).toBeVisible();
    await expect(toasts(page).getByText('Your refund request has been submitted and is pending review', { exact: true })).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(card.getByText('Refund requested', { exact: true })).toBeVisible();
    await expect(card.getByRole('button', { name: 'Request Refund' })).toHaveCount(0);

    // The admin reviews it in the Refunds section.
    await signInToAdminTab(page, 'Refunds');
    const panel = page.getByRole('region', { name: /^Refund requests/ });
    const pending = panel.getByRole('list', { name: 'Pending refund requests' }).getByRole('listitem').filter({ hasText: who.email });
    await expect(pending).toHaveCount(1);
    await expect(pending.getByText('A family event moved to that week, sorry.')).toBeVisible();
    await expect(pending.getByText(/the policy gives a full refund of \$[\d,.]+\.$/)).toBeVisible();
    await pending.getByRole('button', { name: `Approve refund: ${fullName(who)}` }).click();

    const review = page.getByRole('dialog', { name: 'Approve refund' });
    await expect(review.getByRole('radio', { name: /^As the policy gives: refund \$[\d,.]+$/ })).toBeChecked();
    await review.getByRole('textbox', { name: 'Notes for the participant' }).fill('Refunded in full. Hope to see you next time.');
    await review.getByRole('button', { name: 'Approve and Refund' }).click();
    await expect(toasts(page).getByText('Refund Approved', { exact: true })).toBeVisible();
    await expect(review).toBeHidden();
    await expect(pending).toHaveCount(0);

    const check = await page.request.get('/api/admin/refund-requests', { headers: CLIENT_HEADERS });
    const requests = (await check.json()) as { bookingId: number; status: string; notes: string | null; booking: { status: string } }[];
    expect(requests.find((r) => r.bookingId === bookingId)).toMatchObject({
      status: 'APPROVED',
      notes: 'Refunded in full. Hope to see you next time.',
      booking: { status: 'refunded' },
    });

    // The participant's view (opened by the admin) shows the decision.
    await page.goto(`/participant?email=${encodeURIComponent(who.email)}`);
    const refunded = page.getByRole('article').filter({ has: page.getByRole('heading', { name: date.title }) });
    await expect(refunded.getByText('Refunded in full', { exact: true })).toBeVisible();
    await expect(refunded.getByText('Refunded in full. Hope to see you next time.')).toBeVisible();
  });

  test('a participant sees the cancellation terms, cancels, and the booking leaves the list', async ({ page }) => {
    const who = person('Cancel');
    const { date } = await bookPaid(page.request, who, await roomyDate(page.request));
    // A second booking (the seed's TBC workshop) stays in the list. With none left, the page's
    // 'No Bookings Found' toast would replace 'Booking Cancelled' (one toast at a time).
    const tbc = (await getWorkshopDates(page.request)).find((d) => isTbc(d) && d.seatsRemaining > 0);
    expect(tbc, 'the demo seed has an open TBC workshop').toBeDefined();
    await bookPaid(page.request, who, tbc!);

    const card = await openParticipantBooking(page, who, date);
    await card.getByRole('button', { name: 'Cancel Booking' }).click();
    const dialog = page.getByRole('dialog', { name: 'Cancel or ask for a refund' });
    // The seed's open date is two weeks away: the policy gives a full refund.
    await expect(dialog.getByText(/so cancelling now gives you a full refund of \$\d/)).toBeVisible();
    // Said once: neither the policy's general text nor the option restates it.
    await expect(dialog.getByText(/full refund/)).toHaveCount(1);
    const axe = await axeOn(page).include('[role="dialog"]').analyze();
    expect(axe.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);

    await dialog.getByRole('button', { name: /^Cancel and get \$[\d,.]+ back$/ }).click();
    await expect(toasts(page).getByText('Booking Cancelled', { exact: true })).toBeVisible();
    await expect(toasts(page).getByText(/full refund of \$[\d,.]+ is on its way to your card\. You will receive a confirmation email\.$/)).toBeVisible();
    await expect(card).toHaveCount(0);
    await expect(page.getByRole('article').filter({ has: page.getByRole('heading', { name: tbc!.title }) })).toHaveCount(1);
  });

  test('within 7 days: the choice of a credit or 50 %, by keyboard; a request approved under the policy sends half', async ({ page }) => {
    // A workshop three days from now: the policy's late terms.
    const soon = new Date(Date.now() + 3 * 86_400_000);
    const title = `Refunds Late Workshop ${Date.now().toString(36)}`;
    const admin = await adminRequest('a workshop within 7 days');
    let date: WorkshopDate;
    try {
      const created = await admin.post('/api/admin/workshop-dates', {
        data: { title, date: new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' }).format(soon), time: '10:00 AM - 12:00 PM', timezone: 'UTC', seatsTotal: 5, price: 499 },
      });
      expect(created.status(), await created.text()).toBe(201);
      date = (await created.json()) as WorkshopDate;
    } finally {
      await admin.dispose();
    }
    const who = person('Late');
    const { bookingId } = await bookPaid(page.request, who, date);

    const card = await openParticipantBooking(page, who, date);
    await card.getByRole('button', { name: 'Cancel Booking' }).focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Cancel or ask for a refund' });
    await expect(dialog.getByText('The workshop is less than 7 days away, so you can choose a credit toward a future workshop or a 50% refund.')).toBeVisible();
    const credit = dialog.getByRole('radio', { name: /Credit toward a future workshop/ });
    const half = dialog.getByRole('radio', { name: /50% refund/ });
    await expect(credit).toBeChecked();
    await expect(dialog.getByRole('button', { name: 'Cancel and get a credit' })).toBeVisible();
    // The radios move with the arrow keys, and the primary action says what it now gives.
    await credit.focus();
    await page.keyboard.press('ArrowDown');
    await expect(half).toBeChecked();
    await expect(dialog.getByRole('button', { name: 'Cancel and get $249.50 back' })).toBeVisible();
    const axe = await axeOn(page).include('[role="dialog"]').analyze();
    expect(axe.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);

    // Asking the organiser instead, by keyboard; the seat stays booked.
    await dialog.getByRole('button', { name: 'Ask the organiser to review instead' }).focus();
    await page.keyboard.press('Enter');
    await page.keyboard.type('A late change at work, sorry about this.');
    await dialog.getByRole('button', { name: 'Submit Request' }).focus();
    await page.keyboard.press('Enter');
    await expect(toasts(page).getByText('Your refund request has been submitted and is pending review', { exact: true })).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(card.getByText('Refund requested', { exact: true })).toBeVisible();
    await expect(card.getByRole('button', { name: 'Cancel Booking' })).toBeVisible();

    // The admin sees what the policy gave when it was asked, and approves it as it is.
    await signInToAdminTab(page, 'Refunds');
    const panel = page.getByRole('region', { name: /^Refund requests/ });
    const pending = panel.getByRole('list', { name: 'Pending refund requests' }).getByRole('listitem').filter({ hasText: who.email });
    await expect(pending.getByText(/the policy gives a credit toward a future workshop or a 50% refund of \$249\.50\.$/)).toBeVisible();
    await pending.getByRole('button', { name: `Approve refund: ${fullName(who)}` }).click();
    const review = page.getByRole('dialog', { name: 'Approve refund' });
    await expect(review.getByRole('radio', { name: 'As the policy gives: refund $249.50' })).toBeChecked();
    await expect(review.getByRole('radio', { name: /^A credit code/ })).toBeVisible();
    await review.getByRole('button', { name: 'Approve and Refund' }).click();
    await expect(toasts(page).getByText(`$249.50 was refunded to ${fullName(who)}.`, { exact: true })).toBeVisible();

    await page.goto(`/participant?email=${encodeURIComponent(who.email)}`);
    const refunded = page.getByRole('article').filter({ has: page.getByRole('heading', { name: date.title }) });
    await expect(refunded.getByText('Partly refunded ($249.50 of $499.00)', { exact: true })).toBeVisible();
    const check = await page.request.get('/api/admin/refund-requests', { headers: CLIENT_HEADERS });
    const requests = (await check.json()) as { bookingId: number; status: string; refundAmount: number }[];
    expect(requests.find((r) => r.bookingId === bookingId)).toMatchObject({ status: 'APPROVED', refundAmount: 249.5 });
  });
});
