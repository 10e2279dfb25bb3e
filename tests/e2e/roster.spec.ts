import fs from 'node:fs';
import type { APIRequestContext, Page } from '@playwright/test';
import { test, expect } from './fixtures';
import { signInAsAdmin } from './support/admin';
import { adminRequest, CLIENT_HEADERS } from './support/api';
import { expectNoViolations } from './support/axe';

/*
 * A date's roster (docs/decisions/020-roster-and-join-links.md) at 1280×800 and 390×844: opened
 * from the date's row in Workshops, searched, checked in from the keyboard, exported, its
 * addresses copied, and axe finds nothing. Screenshots go to ROSTER_SHOTS_DIR when set.
 */

const shots = process.env.ROSTER_SHOTS_DIR;
async function shoot(page: Page, name: string): Promise<void> {
  if (!shots) return;
  fs.mkdirSync(shots, { recursive: true });
  await page.screenshot({ path: `${shots}/${name}.png`, fullPage: true });
}

type Person = { firstName: string; lastName: string; email: string; company: string };

/** A seat bought through the checkout with the demo card, as a visitor would. */
async function bookSeat(request: APIRequestContext, workshopDateId: number, person: Person): Promise<void> {
  const intent = await request.post('/api/create-payment-intent', { headers: CLIENT_HEADERS, data: { workshopDateId, customerInfo: person } });
  expect(intent.status(), await intent.text()).toBe(200);
  const { paymentIntentId } = (await intent.json()) as { paymentIntentId: string };
  const paid = await request.post('/api/payments/demo/confirm', { headers: CLIENT_HEADERS, data: { paymentIntentId, cardNumber: '4242 4242 4242 4242' } });
  expect(paid.status(), await paid.text()).toBe(200);
}

/** A date with three paid seats; answers its id, title and people. */
async function bookedDate(request: APIRequestContext, tag: string) {
  const title = `Roster Workshop ${tag}`;
  const admin = await adminRequest('the roster date');
  const created = await admin.post('/api/admin/workshop-dates', {
    data: { title, date: 'September 3, 2031', time: '10:00 AM - 12:00 PM', timezone: 'PST', seatsTotal: 10, price: 499, zoomLink: 'https://zoom.us/j/4242' },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: number };
  const people: Person[] = [
    { firstName: 'Grace', lastName: 'Hopper', email: `grace.${tag}@example.com`, company: 'Navy Labs' },
    { firstName: 'Alan', lastName: 'Turing', email: `alan.${tag}@example.com`, company: 'Bletchley' },
    { firstName: 'Ada', lastName: 'Lovelace', email: `ada.${tag}@example.com`, company: '=Analytical, "Engines"' },
  ];
  for (const person of people) await bookSeat(request, id, person);
  return { id, title, people };
}

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
]) {
  test.describe(`roster at ${viewport.width} px`, () => {
    test.use({ viewport });

    test('search, check-in by keyboard, mark all, export and copy', async ({ page, request, context }) => {
      test.setTimeout(120_000);
      const tag = `${viewport.width}-${Date.now().toString(36)}`;
      const { id, title, people } = await bookedDate(request, tag);
      await context.grantPermissions(['clipboard-read', 'clipboard-write']);

      // From the date's row in Workshops.
      await signInAsAdmin(page, '/admin?tab=workshops');
      await page.getByRole('link', { name: `Roster of ${title}` }).click();
      await expect(page).toHaveURL(new RegExp(`/admin/workshops/${id}/roster$`));
      await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
      const roster = page.getByRole(viewport.width >= 768 ? 'region' : 'list', { name: 'Roster' });
      await expect(roster.getByRole('checkbox')).toHaveCount(3);
      await expect(page.getByText('September 3, 2031 · 10:00 AM - 12:00 PM PST')).toBeVisible();
      await expect(roster.getByText('Paid')).toHaveCount(3);
      // Nothing scrolls sideways at this width.
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await expectNoViolations(page, `roster at ${viewport.width}`);
      await shoot(page, `roster-${viewport.width}`);

      // Search by company.
      await page.getByRole('searchbox', { name: 'Search the roster' }).fill('bletchley');
      await expect(roster.getByRole('checkbox')).toHaveCount(1);
      await expect(roster.getByText('Alan Turing')).toBeVisible();
      await page.getByRole('searchbox', { name: 'Search the roster' }).fill('nobody-here');
      await expect(page.getByText('No one on this roster matches your search')).toBeVisible();
      await page.getByRole('searchbox', { name: 'Search the roster' }).fill('');
      await expect(roster.getByRole('checkbox')).toHaveCount(3);

      // Check-in from the keyboard: focus the first box, j moves down, Space ticks.
      const boxes = roster.getByRole('checkbox');
      await boxes.first().focus();
      await page.keyboard.press('j');
      await expect(boxes.nth(1)).toBeFocused();
      await page.keyboard.press('Space');
      await expect(boxes.nth(1)).toBeChecked();
      await page.keyboard.press('ArrowDown');
      await expect(boxes.nth(2)).toBeFocused();
      await page.keyboard.press('k');
      await expect(boxes.nth(1)).toBeFocused();
      // Sorted by last name: Hopper, Lovelace, Turing — Ada is the second.
      await expect(page.getByRole('checkbox', { name: 'Present: Ada Lovelace' })).toBeChecked();
      await expect(page.getByText('1 / 3')).toBeVisible();
      const admin = await adminRequest('the roster check');
      await expect
        .poll(async () => ((await (await admin.get(`/api/admin/workshop-dates/${id}/roster`)).json()) as { attendees: { email: string; hasAttended: boolean }[] }).attendees.filter((a) => a.hasAttended).map((a) => a.email))
        .toEqual([people[2]!.email]);

      // Export: the download is the same rows, hostile text guarded.
      const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Export CSV' }).click()]);
      expect(download.suggestedFilename()).toBe(`roster-${id}.csv`);
      const csv = fs.readFileSync((await download.path())!, 'utf8');
      expect(csv.split('\r\n')[0]).toBe('\uFEFFBooking,Order,First name,Last name,E-mail,Company,Payment,Status,Attended,Joined at');
      expect(csv).toContain(`,Ada,Lovelace,${people[2]!.email},"'=Analytical, ""Engines""",paid,confirmed,yes,`);
      expect(csv.trimEnd().split('\r\n')).toHaveLength(4);

      // Copy all e-mails.
      await page.getByRole('button', { name: 'Copy all e-mails' }).click();
      await expect(page.getByText('3 addresses copied to the clipboard.', { exact: true })).toBeVisible();
      const copied = await page.evaluate(() => navigator.clipboard.readText());
      expect(copied.split(', ').sort()).toEqual(people.map((p) => p.email).sort());

      // Mark all present.
      await page.getByRole('button', { name: 'Mark all present' }).click();
      await expect(page.getByText('3 seats marked present.', { exact: true })).toBeVisible();
      await expect(page.getByText('3 / 3')).toBeVisible();
      for (let index = 0; index < 3; index++) await expect(boxes.nth(index)).toBeChecked();
      await expect(page.getByRole('button', { name: 'Mark all present' })).toBeDisabled();
      await shoot(page, `roster-${viewport.width}-all-present`);
      await expectNoViolations(page, `roster at ${viewport.width}, all present`);
    });
  });
}

test('a date with no seats says so', async ({ page }) => {
  const admin = await adminRequest('an empty date');
  const created = await admin.post('/api/admin/workshop-dates', {
    data: { title: `Empty Roster ${Date.now().toString(36)}`, date: 'October 1, 2031', time: '10:00 AM - 11:00 AM', timezone: 'PST', seatsTotal: 5, price: 99 },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: number };
  await signInAsAdmin(page);
  await page.goto(`/admin/workshops/${id}/roster`);
  await expect(page.getByText('No one is booked on this date yet')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Mark all present' })).toBeDisabled();
  await expectNoViolations(page, 'empty roster');
  await shoot(page, 'roster-empty');
});
