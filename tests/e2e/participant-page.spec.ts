import type { Page } from '@playwright/test';
import { BOOKING_REFUNDED_NOTE, VERIFY_FAILED } from '../../src/features/participant/participant.schema';
import { test, expect } from './fixtures';
import { signInAsAdmin } from './support/admin';
import { expectNoViolationsOnceSettled, axeOn } from './support/axe';
import { adminRequest, getWorkshopDates, isTbc, usdPattern } from './support/api';
import { bookPaid, roomyDate } from './support/booking';
import { accessLinkFor } from './support/links';

/*
 * Issue 18 point 5: the participant page off its first screen. A cancelled booking stays on the
 * page below the list with what came back; an error toast goes once a retry works; the slides open
 * as a page of their own with a way back and on; an admin sees whose page they are on.
 */

test.use({ reducedMotion: 'reduce' });

const toasts = (page: Page) => page.getByRole('region', { name: /notifications/i });

function visitor(tag: string) {
  const id = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  return { firstName: 'Noor', lastName: `${tag}${id}`, email: `page-${tag.toLowerCase()}-${id}@example.com` };
}

const accessLink = accessLinkFor;

test('a cancelled booking stays below the list, saying what was refunded, with a way to book another date', async ({ page }) => {
  const who = visitor('Cancel');
  const { date } = await bookPaid(page.request, who, await roomyDate(page.request));
  await page.goto(accessLink(who.email));
  const card = page.getByRole('article').filter({ has: page.getByRole('heading', { name: date.title }) });
  await card.getByRole('button', { name: 'Cancel Booking' }).click();
  await page.getByRole('dialog', { name: 'Cancel or ask for a refund' }).getByRole('button', { name: /^Cancel and get \$[\d,.]+ back$/ }).click();

  // The spec's toast, and the booking leaves the list of bookings…
  await expect(toasts(page).getByText('Booking Cancelled', { exact: true })).toBeVisible();
  await expect(card).toHaveCount(0);
  // …to stand below it as cancelled, with the refund the policy gave (two weeks ahead: in full).
  const cancelled = page.getByRole('region', { name: 'Cancelled bookings' });
  const item = cancelled.getByRole('listitem').filter({ has: page.getByRole('heading', { name: date.title }) });
  await expect(item).toHaveCount(1);
  await expect(item.getByText('Cancelled', { exact: true })).toBeVisible();
  await expect(item.getByText(new RegExp(`^Refund of ${usdPattern(date.price ?? 499).source} (sent to|on its way to) your card\\.$`))).toBeVisible();
  // Where the money stands, in the words the organiser reads for it too.
  await expect(item.getByText(/^(Refunded in full|Refund being sent)$/)).toBeVisible();
  await expectNoViolationsOnceSettled(page, '/participant with a cancelled booking');

  await item.getByRole('link', { name: 'Book another date' }).click();
  await expect(page).toHaveURL(/\/#booking$/);
  await expect(page.getByRole('heading', { name: /book/i, level: 2 }).first()).toBeInViewport();
});

test('an error toast goes away once the bookings load on a retry', async ({ page, consoleGuard }) => {
  consoleGuard.allow(/status of 500/, /\/api\/participant\/bookings$/);
  const who = visitor('Retry');
  const { date } = await bookPaid(page.request, who, await roomyDate(page.request));
  // The first read of the list fails; the retry goes through.
  let failures = 1;
  await page.route('**/api/participant/bookings', async (route) => {
    if (failures-- > 0) return route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ message: 'Database is away' }) });
    return route.continue();
  });
  await page.goto(accessLink(who.email));
  const alert = page.getByRole('alert').filter({ hasText: VERIFY_FAILED });
  await expect(alert).toBeVisible();
  await expect(toasts(page).getByText(VERIFY_FAILED)).toBeVisible();

  await alert.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByRole('article').filter({ has: page.getByRole('heading', { name: date.title }) })).toHaveCount(1);
  await expect(toasts(page).getByText(VERIFY_FAILED)).toHaveCount(0);
});

test('slides open full screen as a readable page with a way back and on to the next slides', async ({ page, context, browser }) => {
  const who = visitor('Slides');
  const { date } = await bookPaid(page.request, who, await roomyDate(page.request));
  const admin = await adminRequest('slides for the workshop');
  const tag = who.lastName;
  const created: number[] = [];
  try {
    for (const [index, title] of [`Deck one ${tag}`, `Deck two ${tag}`].entries()) {
      const response = await admin.post('/api/admin/workshop-assets', {
        data: { title, type: 'slides', content: `<h2>Part ${index + 1}</h2><p>${'Readable text. '.repeat(20)}</p>`, sortOrder: 900 + index, workshopDateId: date.id },
      });
      expect(response.status(), await response.text()).toBe(201);
      created.push(((await response.json()) as { id: number }).id);
    }

    await page.goto(accessLink(who.email));
    const card = page.getByRole('article').filter({ has: page.getByRole('heading', { name: date.title }) });
    const opened = context.waitForEvent('page');
    await card.getByRole('button', { name: `Full screen: Deck one ${tag}` }).click();
    const slides = await opened;
    await slides.waitForLoadState();

    await expect(slides).toHaveTitle(`Deck one ${tag}`);
    await expect(slides.getByRole('heading', { level: 1, name: `Deck one ${tag}` })).toBeVisible();
    await expect(slides.getByRole('heading', { name: 'Part 1' })).toBeVisible();
    // The text is set for reading: a column of at most about 75 characters in a large size, not
    // the window's whole width.
    const measure = await slides.locator('main p').last().evaluate((p) => ({ width: p.getBoundingClientRect().width, size: parseFloat(getComputedStyle(p).fontSize) }));
    expect(measure.size).toBeGreaterThanOrEqual(17);
    expect(measure.width / measure.size).toBeLessThanOrEqual(75 * 0.65);
    // The page's policy runs no script at all, axe's included: axe reads the same page in a
    // context that ignores the policy, with the participant's session.
    const axeContext = await browser.newContext({ bypassCSP: true, storageState: await context.storageState() });
    try {
      const axePage = await axeContext.newPage();
      await axePage.goto(slides.url());
      const axe = await axeOn(axePage).analyze();
      expect(axe.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
    } finally {
      await axeContext.close();
    }

    await slides.getByRole('link', { name: `Next: Deck two ${tag} →` }).click();
    await expect(slides.getByRole('heading', { level: 1, name: `Deck two ${tag}` })).toBeVisible();
    await expect(slides.getByRole('link', { name: /^Next:/ })).toHaveCount(0);
    await slides.getByRole('link', { name: `← Previous: Deck one ${tag}` }).click();
    await expect(slides.getByRole('heading', { level: 1, name: `Deck one ${tag}` })).toBeVisible();

    await slides.getByRole('link', { name: '← My Bookings' }).click();
    await expect(slides.getByRole('heading', { level: 1, name: 'My Bookings' })).toBeVisible();
  } finally {
    for (const id of created) await admin.delete(`/api/admin/workshop-assets/${id}`);
    await admin.dispose();
  }
});

test('an admin looking at a participant’s bookings is told whose they are', async ({ page }) => {
  const who = visitor('Admin');
  const { date, bookingId } = await bookPaid(page.request, who, await roomyDate(page.request));
  const admin = await adminRequest('a refunded booking');
  try {
    const ask = await admin.post(`/api/admin/bookings/${bookingId}/cancel`, { data: { refundAmount: date.price ?? 499, notify: false } });
    expect(ask.status(), await ask.text()).toBe(200);
  } finally {
    await admin.dispose();
  }
  // A second seat on another date (the seed's TBC workshop) stays listed.
  const tbc = (await getWorkshopDates(page.request)).find((d) => isTbc(d) && d.seatsRemaining > 0);
  await bookPaid(page.request, who, tbc!);

  await signInAsAdmin(page, `/participant?email=${encodeURIComponent(who.email)}`);
  const banner = page.getByRole('complementary', { name: 'Viewing as admin' });
  await expect(banner).toBeVisible();
  await expect(banner).toContainText(`Viewing as admin: these are ${who.email}'s bookings`);
  await expect(banner.getByRole('link', { name: 'Back to Bookings' })).toHaveAttribute('href', '/admin?tab=bookings');
  await expect(page.getByRole('article')).toHaveCount(1);
  await expect(page.getByRole('region', { name: 'Cancelled bookings' }).getByRole('listitem')).toHaveCount(1);
  await expectNoViolationsOnceSettled(page, '/participant as an admin');
});

test('a refunded booking keeps its card, says so, and no longer shows its materials or profile', async ({ page }) => {
  const who = visitor('Refunded');
  const { date, bookingId } = await bookPaid(page.request, who, await roomyDate(page.request));
  // The refund an admin approves on the participant's request turns the booking to 'refunded'.
  await page.goto(accessLink(who.email));
  const card = page.getByRole('article').filter({ has: page.getByRole('heading', { name: date.title }) });
  await card.getByRole('button', { name: 'Request Refund' }).click();
  const dialog = page.getByRole('dialog', { name: 'Cancel or ask for a refund' });
  await dialog.getByRole('button', { name: 'Ask the organiser to review instead' }).click();
  await dialog.getByRole('textbox', { name: 'Reason for the refund' }).fill('Plans changed for that week, sorry.');
  await dialog.getByRole('button', { name: 'Submit Request' }).click();
  await expect(toasts(page).getByText('Refund Requested', { exact: true })).toBeVisible();

  const admin = await adminRequest('approve the refund');
  try {
    const requests = (await (await admin.get('/api/admin/refund-requests')).json()) as { id: number; bookingId: number }[];
    const request = requests.find((r) => r.bookingId === bookingId)!;
    const approved = await admin.put(`/api/admin/refund-requests/${request.id}`, { data: { status: 'APPROVED', notes: 'Refunded in full.' } });
    expect(approved.status(), await approved.text()).toBe(200);
  } finally {
    await admin.dispose();
  }

  await page.reload();
  await expect(card.getByText('Refunded', { exact: true })).toBeVisible();
  await expect(card.getByText(BOOKING_REFUNDED_NOTE)).toBeVisible();
  await expect(card.getByRole('heading', { name: 'Workshop materials' })).toHaveCount(0);
  await expect(card.getByRole('heading', { name: 'Your profile' })).toHaveCount(0);
  await expect(card.getByRole('link', { name: /calendar/i })).toHaveCount(0);
  await expectNoViolationsOnceSettled(page, '/participant with a refunded booking');
});
