import { mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { test, expect } from './fixtures';
import { CLIENT_HEADERS } from './support/api';
import { expectNoViolations } from './support/axe';
import { roomyDate } from './support/booking';
import { accessLinkFor } from './support/links';
import { linkIn, waitForMail } from './support/mail';

/*
 * A buyer orders three seats and names one person; the two unnamed seats each get a claim link on
 * the buyer's bookings page. A colleague opens one link in their own browser, puts their name on
 * the seat and gets their confirmation; the buyer's page then shows the seat claimed, with them on it.
 */
test.use({ reducedMotion: 'reduce' });

const SHOTS = '/tmp/shots';
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

/** The page at both sizes, whole, for a person to look at. */
async function shoot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  for (const [size, viewport] of [['1280', DESKTOP], ['390', PHONE]] as const) {
    await page.setViewportSize(viewport);
    await page.screenshot({ path: `${SHOTS}/${name}-${size}.png`, fullPage: true });
  }
  await page.setViewportSize(DESKTOP);
}

test('a colleague claims an unnamed seat through its link, and the buyer sees it claimed', async ({ page, browser }) => {
  test.setTimeout(90_000);
  const id = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const buyer = { firstName: 'Bea', lastName: `Buyer${id}`, email: `seat-buyer-${id}@example.com`, company: '' };
  const named = { firstName: 'Nico', lastName: `Named${id}`, email: `seat-named-${id}@example.com` };
  const colleague = { firstName: 'Cleo', lastName: `Colleague${id}`, email: `seat-colleague-${id}@example.com` };

  // The order, through the calls the checkout makes, paid with the demo card.
  const date = await roomyDate(page.request);
  const intent = await page.request.post('/api/create-payment-intent', {
    headers: CLIENT_HEADERS,
    data: { workshopDateId: date.id, customerInfo: buyer, seats: 3, attendees: [named] },
  });
  expect(intent.status(), await intent.text()).toBe(200);
  const paid = await page.request.post('/api/payments/demo/confirm', {
    headers: CLIENT_HEADERS,
    data: { paymentIntentId: (await intent.json()).paymentIntentId, cardNumber: '4242 4242 4242 4242' },
  });
  expect(paid.status(), await paid.text()).toBe(200);

  // The buyer's page: the order, seat by seat, with the two unnamed seats' links.
  await page.setViewportSize(DESKTOP);
  await page.goto(accessLinkFor(buyer.email));
  await expect(page).toHaveURL(/\/participant$/);
  await expect(page.getByRole('heading', { name: 'Seats you bought' })).toBeVisible();
  const order = page.getByRole('article').filter({ has: page.getByRole('heading', { name: date.title }) }).filter({ hasText: 'Order ' });
  await expect(order).toHaveCount(1);
  await expect(order.getByText('Unnamed seat')).toHaveCount(2);
  await expect(order.getByText(`${named.firstName} ${named.lastName}`)).toBeVisible();
  const links = order.getByRole('textbox', { name: 'Claim link' });
  await expect(links).toHaveCount(2);
  const link = await links.first().inputValue();
  expect(link).toMatch(/\/claim\/[\w-]+\.[\w-]+$/);
  await expectNoViolations(page, "the buyer's seats");
  await shoot(page, 'buyer-seats');

  // The colleague, in their own browser: the invitation, the form, the seat is theirs.
  const elsewhere = await browser.newContext({ locale: 'en-US', timezoneId: 'Europe/Berlin' });
  const claimPage = await elsewhere.newPage();
  await claimPage.setViewportSize(DESKTOP);
  await claimPage.goto(new URL(link).pathname);
  await expect(claimPage.getByRole('heading', { level: 1 })).toHaveText('Bea booked a seat for you');
  await expect(claimPage.getByRole('heading', { name: date.title })).toBeVisible();
  await expect(claimPage).toHaveTitle(/Claim Your Seat/);
  await expectNoViolations(claimPage, 'the claim page');
  await shoot(claimPage, 'claim-page');

  // Sent empty first: the form says what is missing, and nothing is claimed.
  await claimPage.getByRole('button', { name: 'Claim my seat' }).click();
  await expect(claimPage.getByText('First name must be at least 2 characters')).toBeVisible();
  await claimPage.getByLabel('First name').fill(colleague.firstName);
  await claimPage.getByLabel('Last name').fill(colleague.lastName);
  await claimPage.getByLabel('Email').fill(colleague.email);
  await claimPage.getByRole('button', { name: 'Claim my seat' }).click();
  await expect(claimPage.getByRole('heading', { level: 1 })).toHaveText(`The seat is yours, ${colleague.firstName}!`);
  await expect(claimPage.getByText('Your confirmation e-mail is on its way to')).toBeVisible();
  await expect(claimPage.getByRole('heading', { level: 1 })).toBeFocused();
  await expectNoViolations(claimPage, 'a claimed seat');
  await shoot(claimPage, 'claim-done');

  // The same link again: already claimed.
  await claimPage.reload();
  await expect(claimPage.getByRole('heading', { level: 1 })).toHaveText('This seat has already been claimed');
  await shoot(claimPage, 'claim-already');
  await elsewhere.close();

  // Their confirmation, with their own way in.
  const confirmation = await waitForMail(colleague.email, /Your seat is booked/);
  expect(linkIn(confirmation, /\/participant\?token=/)).toBeTruthy();

  // The buyer's page shows the seat claimed, with the colleague on it, and one link left.
  await page.reload();
  await expect(order.getByText(`${colleague.firstName} ${colleague.lastName}`)).toBeVisible();
  await expect(order.getByText('Claimed', { exact: true })).toBeVisible();
  await expect(order.getByText('Unnamed seat')).toHaveCount(1);
  await expect(order.getByRole('textbox', { name: 'Claim link' })).toHaveCount(1);
  await shoot(page, 'buyer-seats-claimed');

  // The last unnamed seat: its link sent to a colleague by e-mail, then revoked for a new one.
  const lastSeat = order.getByRole('listitem').filter({ hasText: 'Unnamed seat' });
  const lastLink = await lastSeat.getByRole('textbox', { name: 'Claim link' }).inputValue();
  await lastSeat.getByRole('button', { name: 'Send link' }).click();
  const invitee = `seat-invitee-${id}@example.com`;
  await expect(lastSeat.getByRole('textbox', { name: "Colleague's e-mail" })).toBeFocused();
  await lastSeat.getByRole('textbox', { name: "Colleague's e-mail" }).fill(invitee);
  await shoot(page, 'buyer-send-link');
  await lastSeat.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(page.getByText('Link sent', { exact: true })).toBeVisible();
  const invitation = await waitForMail(invitee, /Bea Buyer\w+ booked you a seat/);
  const claimState = async (link: string) => (await (await page.request.get(`/api/claims/${new URL(link).pathname.split('/').pop()}`)).json()).state;
  const mailed = linkIn(invitation, /\/claim\//);
  expect(await claimState(mailed)).toBe('open');

  await lastSeat.getByRole('button', { name: 'Revoke link' }).click();
  const dialog = page.getByRole('dialog', { name: 'Revoke this link?' });
  await expect(dialog).toBeVisible();
  await shoot(page, 'buyer-revoke');
  await dialog.getByRole('button', { name: 'Revoke link' }).click();
  await expect(page.getByText('Link revoked', { exact: true })).toBeVisible();
  await expect(lastSeat.getByRole('textbox', { name: 'Claim link' })).not.toHaveValue(lastLink);
  // Every copy of the old link stops working: the one on the page and the one e-mailed.
  expect(await claimState(lastLink)).toBe('revoked');
  expect(await claimState(mailed)).toBe('revoked');
  expect(await claimState(await lastSeat.getByRole('textbox', { name: 'Claim link' }).inputValue())).toBe('open');
});

test('a link that is not genuine says so, and where to go from there', async ({ page, consoleGuard }) => {
  consoleGuard.allow(/status of 403/);
  await page.goto('/claim/not.a-real-token');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('This link is not valid');
  await expect(page.getByRole('alert').getByRole('link', { name: 'My bookings' })).toBeVisible();
  await expectNoViolations(page, 'a claim link that is not genuine');
});
