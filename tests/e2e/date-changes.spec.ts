import type { APIRequestContext, Page } from '@playwright/test';
import { test, expect } from './fixtures';
import { signInToAdminTab } from './support/admin';
import { adminRequest, CLIENT_HEADERS } from './support/api';
import { expectNoViolations } from './support/axe';
import { linkIn, waitForMail } from './support/mail';

/*
 * A date that changes tells its people (docs/decisions/022-dates-that-change.md), as an organiser
 * does it: editing a booked date's time offers "Notify 1 participant" with what changed, and the
 * participant's e-mail arrives with the updated calendar event; "Call off this date…" says what it
 * will refund and whom it will tell, then does it. At a laptop's width and a phone's, with axe.
 */

const shots = process.env.DATE_CHANGES_SHOTS_DIR ?? '/tmp/shots-datechanges';

/** A seat on the date, paid with the demo card: its person. */
async function paidSeat(request: APIRequestContext, workshopDateId: number, who: { firstName: string; lastName: string; email: string }) {
  const customerInfo = { ...who, company: '' };
  const intent = await request.post('/api/create-payment-intent', { headers: CLIENT_HEADERS, data: { workshopDateId, customerInfo } });
  expect(intent.status(), await intent.text()).toBe(200);
  const { paymentIntentId } = (await intent.json()) as { paymentIntentId: string };
  const paid = await request.post('/api/payments/demo/confirm', { headers: CLIENT_HEADERS, data: { paymentIntentId, cardNumber: '4242 4242 4242 4242' } });
  expect(paid.status(), await paid.text()).toBe(200);
  return customerInfo;
}

/**
 * A date of its own for a participant to move to: the demo dates' seats are other tests' (the
 * reservations spec needs one that still takes reservations).
 */
async function moveTarget(title: string): Promise<number> {
  const admin = await adminRequest('a date to move to');
  const created = await admin.post('/api/admin/workshop-dates', { data: { title, date: 'November 5, 2031', time: '10:00 AM - 12:00 PM', timezone: 'PST', seatsTotal: 3, price: 499 } });
  expect(created.status(), await created.text()).toBe(201);
  return ((await created.json()) as { id: number }).id;
}

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
]) {
  test.describe(`at ${viewport.width}px`, () => {
    test.use({ viewport });

    const shoot = (page: Page, name: string) => page.screenshot({ path: `${shots}/${name}-${viewport.width}x${viewport.height}.png` });

    test('editing a booked date’s time notifies its participant; calling it off refunds and tells them', async ({ page, request }) => {
      test.setTimeout(120_000);
      const tag = `${Date.now().toString(36)}-${viewport.width}`;
      const title = `Changing Workshop ${tag}`;
      const admin = await adminRequest('the changing date');
      const created = await admin.post('/api/admin/workshop-dates', {
        data: { title, date: 'September 3, 2031', time: '10:00 AM - 12:00 PM', timezone: 'PST', seatsTotal: 5, price: 499, zoomLink: 'https://zoom.example/j/1' },
      });
      expect(created.status(), await created.text()).toBe(201);
      const { id: dateId } = (await created.json()) as { id: number };

      // A participant pays for a seat with the demo card.
      const participant = await paidSeat(request, dateId, { firstName: 'Pat', lastName: 'Moved', email: `pat.${tag}@example.com` });

      await signInToAdminTab(page, 'Workshops');
      const row = page.getByRole('region', { name: 'Workshop dates' }).getByRole('row').filter({ hasText: title });
      await row.getByRole('button', { name: 'Edit', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Edit Workshop' });
      await dialog.getByLabel('Start time', { exact: true }).fill('11:00');
      await dialog.getByLabel('End time', { exact: true }).fill('13:00');
      const notify = dialog.getByLabel('Notify 1 participant');
      await expect(notify).toBeVisible();
      await expect(notify).toBeChecked();
      await expect(dialog.getByTestId('notify-participants')).toContainText('10:00 AM - 12:00 PM → 11:00 AM - 1:00 PM');
      await notify.scrollIntoViewIfNeeded();
      await shoot(page, 'notify');
      await expectNoViolations(page, 'the workshop form offering to notify');
      await dialog.getByRole('button', { name: 'Save Changes' }).click();
      await expect(page.getByText('1 participant was e-mailed what changed.', { exact: false }).first()).toBeVisible();
      const changed = await waitForMail(participant.email, /Your workshop has changed/);
      expect(changed.html).toContain('11:00 AM – 1:00 PM PDT');

      await row.getByRole('button', { name: `Call off ${title}` }).click();
      const callOff = page.getByRole('dialog', { name: 'Call off this date?' });
      await expect(callOff.getByRole('list', { name: 'What will happen' })).toContainText('1 seat paid by card refunded in full: $499.00');
      await expect(callOff.getByRole('list', { name: 'What will happen' })).toContainText('1 person e-mailed');
      await callOff.getByLabel('Message to participants').fill('Our speaker is ill. We are sorry.');
      await shoot(page, 'call-off');
      await expectNoViolations(page, 'the call-off dialog');
      await callOff.getByRole('button', { name: 'Call off date' }).click();
      await expect(page.getByText('Date called off', { exact: true }).first()).toBeVisible();
      await expect(callOff).toBeHidden();
      const cancelled = await waitForMail(participant.email, /Cancelled:/);
      expect(cancelled.html).toContain('Our speaker is ill. We are sorry.');
      await expect(row.getByText('Inactive')).toBeVisible();
      await shoot(page, 'called-off-row');
    });

    test('calling a date off with a move offered: the participant moves their seat from their page', async ({ page, request, browser }) => {
      test.setTimeout(120_000);
      const tag = `${Date.now().toString(36)}-${viewport.width}`;
      const title = `Moving Workshop ${tag}`;
      const admin = await adminRequest('the date called off with moves');
      const created = await admin.post('/api/admin/workshop-dates', { data: { title, date: 'September 10, 2031', time: '10:00 AM - 12:00 PM', timezone: 'PST', seatsTotal: 5, price: 499 } });
      expect(created.status(), await created.text()).toBe(201);
      const { id: dateId } = (await created.json()) as { id: number };
      const participant = await paidSeat(request, dateId, { firstName: 'Mia', lastName: 'Offered', email: `mia.${tag}@example.com` });
      const targetTitle = `Where Mia goes ${tag}`;
      const targetId = await moveTarget(targetTitle);

      await signInToAdminTab(page, 'Workshops');
      const row = page.getByRole('region', { name: 'Workshop dates' }).getByRole('row').filter({ hasText: title });
      await row.getByRole('button', { name: `Call off ${title}` }).click();
      const callOff = page.getByRole('dialog', { name: 'Call off this date?' });
      await callOff.getByLabel('Offer each a move to another date, or a refund if they prefer').check();
      await expect(callOff.getByRole('list', { name: 'What will happen' })).toContainText('Each confirmed seat chooses another date or a full refund within 7 days');
      await shoot(page, 'call-off-offer-move');
      await expectNoViolations(page, 'the call-off dialog offering moves');
      await callOff.getByRole('button', { name: 'Call off date' }).click();
      await expect(page.getByText('Date called off', { exact: true }).first()).toBeVisible();

      const told = await waitForMail(participant.email, /Cancelled:/);
      expect(told.html).toContain('Your seat is kept for you to choose');
      const context = await browser.newContext({ viewport });
      const own = await context.newPage();
      await own.goto(linkIn(told, /\/participant\?token=/));
      const moveCard = own.getByRole('form', { name: 'This date was called off' });
      await expect(moveCard).toBeVisible();
      await moveCard.scrollIntoViewIfNeeded();
      await shoot(own, 'called-off-move');
      await expectNoViolations(own, 'the participant page offering a move after a call-off');
      await moveCard.getByLabel('Move to').selectOption(String(targetId));
      await moveCard.getByRole('button', { name: 'Move my seat' }).click();
      await expect(own.getByText('Seat moved', { exact: true }).first()).toBeVisible();
      await expect(own.getByRole('main')).toContainText(targetTitle);
      await expect(own.getByRole('main')).not.toContainText(title);
      await context.close();
    });

    test('a TBC date’s poll: the organiser proposes dates, the participant ticks one on their page, the organiser chooses it', async ({ page, request, browser }) => {
      test.setTimeout(120_000);
      const tag = `${Date.now().toString(36)}-${viewport.width}`;
      const title = `Polled Workshop ${tag}`;
      const admin = await adminRequest('the TBC date');
      const created = await admin.post('/api/admin/workshop-dates', { data: { title, isTBC: true, timezone: 'PST', seatsTotal: 5, price: 499 } });
      expect(created.status(), await created.text()).toBe(201);
      const { id: dateId } = (await created.json()) as { id: number };
      const participant = await paidSeat(request, dateId, { firstName: 'Polly', lastName: 'Voter', email: `polly.${tag}@example.com` });
      const absent = await paidSeat(request, dateId, { firstName: 'Rex', lastName: 'Away', email: `rex.${tag}@example.com` });
      const targetTitle = `Where Rex goes ${tag}`;
      const targetId = await moveTarget(targetTitle);

      await signInToAdminTab(page, 'Workshops');
      const row = page.getByRole('region', { name: 'Workshop dates' }).getByRole('row').filter({ hasText: title });
      await row.getByRole('button', { name: `Poll for the date of ${title}` }).click();
      const dialog = page.getByRole('dialog', { name: 'Poll for the date' });
      await dialog.getByLabel('Date 1', { exact: true }).fill('2031-10-02');
      await dialog.getByLabel('Date 2', { exact: true }).fill('2031-10-09');
      await shoot(page, 'poll-propose');
      await expectNoViolations(page, 'the poll dialog');
      await dialog.getByRole('button', { name: 'Send poll' }).click();
      await expect(page.getByText('Poll sent', { exact: true }).first()).toBeVisible();
      await expect(dialog.getByText('October 2, 2031, 10:00 AM - 12:00 PM')).toBeVisible();
      await dialog.getByRole('button', { name: 'Close' }).click();

      // The participant opens the e-mailed link and ticks the first date.
      const invitation = await waitForMail(participant.email, /Which dates suit you\?/);
      const context = await browser.newContext({ viewport });
      const own = await context.newPage();
      await own.goto(linkIn(invitation, /\/participant\?token=/));
      const card = own.getByRole('group', { name: 'Which dates suit you?' });
      await card.getByLabel('October 2, 2031, 10:00 AM - 12:00 PM').check();
      await own.getByRole('button', { name: 'Save', exact: true }).click();
      await expect(own.getByText('Saved. The organiser will e-mail you the chosen date.')).toBeVisible();
      await shoot(own, 'poll-participant');
      await expectNoViolations(own, 'the participant page with its poll');
      await context.close();

      await row.getByRole('button', { name: `Poll for the date of ${title}` }).click();
      await expect(dialog.getByText('1 vote')).toBeVisible();
      await dialog.getByRole('button', { name: 'Choose October 2, 2031, 10:00 AM - 12:00 PM' }).click();
      await expect(page.getByText('Date set', { exact: true }).first()).toBeVisible();
      const told = await waitForMail(participant.email, /The date is set/);
      expect(told.html).toContain('October 2, 2031');
      await expect(page.getByRole('region', { name: 'Workshop dates' }).getByRole('row').filter({ hasText: title })).toContainText('October 2, 2031');

      // Rex marked nothing: his page offers to move his seat to another date, or cancel with a full refund.
      const rexInvitation = await waitForMail(absent.email, /Which dates suit you\?/);
      const rexContext = await browser.newContext({ viewport });
      const rex = await rexContext.newPage();
      await rex.goto(linkIn(rexInvitation, /\/participant\?token=/));
      const moveCard = rex.getByRole('form', { name: 'Can’t make the chosen date?' });
      await expect(moveCard).toBeVisible();
      await moveCard.getByLabel('Move to').selectOption(String(targetId));
      await moveCard.scrollIntoViewIfNeeded();
      await shoot(rex, 'poll-move');
      await expectNoViolations(rex, 'the participant page offering a move');
      await moveCard.getByRole('button', { name: 'Move my seat' }).click();
      await expect(rex.getByText('Seat moved', { exact: true }).first()).toBeVisible();
      await expect(moveCard).toHaveCount(0);
      await expect(rex.getByRole('main')).toContainText(targetTitle);
      await expect(rex.getByRole('main')).not.toContainText(title);
      await rexContext.close();
    });
  });
}
