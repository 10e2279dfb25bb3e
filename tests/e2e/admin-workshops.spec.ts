import type { Page } from '@playwright/test';
import { test, expect } from './fixtures';
import { signInToAdminTab } from './support/admin';
import { adminRequest, getJson, getWorkshopDates } from './support/api';

/** The admin Workshops tab creates a date that visitors see at once. */

const COLUMNS = ['Date', 'Time', 'Timezone', 'Seats', 'Price ($)', 'Status', 'Featured', 'Actions'];

const toast = (page: Page, text: string) => page.getByText(text, { exact: true }).first();

/** A day about two years ahead (so it sorts after the demo dates), as the date input and the table write it. */
function futureDay(offsetDays: number) {
  const day = new Date(Date.now() + (730 + offsetDays) * 86_400_000);
  const iso = day.toISOString().slice(0, 10);
  const long = new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' }).format(day);
  return { iso, long };
}

async function openWorkshopsTab(page: Page) {
  await signInToAdminTab(page, 'Workshops');
  await expect(page.getByRole('region', { name: 'Workshop dates' })).toBeVisible();
}

test.describe('admin Workshops tab', () => {
  test('creates a workshop through the dialog; it shows in the table and on the landing page', async ({ page }) => {
    const title = `E2E Workshop ${Date.now().toString(36)}`;
    const day = futureDay(Math.floor(Math.random() * 300));
    let createdId: number | null = null;
    try {
      await openWorkshopsTab(page);
      const table = page.getByRole('region', { name: 'Workshop dates' });
      expect((await table.getByRole('columnheader').allInnerTexts()).map((t) => t.trim())).toEqual(COLUMNS);

      // The default timezone is Settings → General's (PST until one is saved; the settings test changes it).
      const { timezone: defaultTimezone } = await getJson<{ timezone: string }>(page.request, '/api/admin/settings');
      await page.getByRole('button', { name: 'Add Workshop' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add Workshop' });
      await expect(dialog).toBeVisible();
      // The defaults of a new workshop.
      await expect(dialog.getByLabel('Seats', { exact: true })).toHaveValue('10');
      await expect(dialog.getByLabel('Price ($)', { exact: true })).toHaveValue('499');
      await expect(dialog.getByLabel('Timezone', { exact: true })).toHaveValue(defaultTimezone);
      await expect(dialog.getByLabel('Active', { exact: true })).toBeChecked();
      await expect(dialog.getByLabel('Featured', { exact: true })).not.toBeChecked();
      await expect(dialog.getByLabel('TBC', { exact: true })).not.toBeChecked();

      await dialog.getByLabel('Title', { exact: true }).fill(title);
      await dialog.getByLabel('Expertise level', { exact: true }).selectOption('some_expertise');
      await dialog.getByLabel('Date', { exact: true }).fill(day.iso);
      await dialog.getByLabel('Start time', { exact: true }).fill('10:00');
      await dialog.getByLabel('End time', { exact: true }).fill('12:00');
      await dialog.getByLabel('Timezone', { exact: true }).selectOption('EST');
      await dialog.getByLabel('Seats', { exact: true }).fill('12');
      await dialog.getByLabel('Price ($)', { exact: true }).fill('399');
      await dialog.getByRole('button', { name: 'Create Workshop' }).click();
      // The footer's submit button sits outside the dialog body but inside the dialog.
      await expect(toast(page, 'Workshop Created')).toBeVisible();
      await expect(dialog).toBeHidden();

      const row = table.getByRole('row').filter({ hasText: title });
      await expect(row).toHaveCount(1);
      const cells = (await row.getByRole('cell').allTextContents()).map((t) => t.trim());
      expect(cells[0]).toContain(day.long);
      expect([cells[1], ...cells.slice(3, 6)]).toEqual(['10:00 AM - 12:00 PM', '0 / 12', '399', 'Active']);
      // The zone as typed, with the abbreviation in force that day when the day falls in daylight time.
      expect(cells[2]).toMatch(/^EST(EDT that day)?$/);
      await expect(row.getByRole('button', { name: 'Deactivate', exact: true })).toBeVisible();
      await expect(row.getByRole('button', { name: 'Feature', exact: true })).toBeVisible();

      const created = (await getWorkshopDates(page.request)).find((d) => d.title === title);
      expect(created, 'the public API lists the new workshop').toBeDefined();
      createdId = created!.id;
      expect(created).toMatchObject({ date: day.long, time: '10:00 AM - 12:00 PM', timezone: 'EST', price: 399, seatsRemaining: 12 });

      await page.goto('/');
      const option = page.locator('#booking').getByRole('radio').and(page.locator(`#workshop-date-${createdId}`));
      await expect(option).toBeVisible();
      await expect(page.locator(`#booking label[for="workshop-date-${createdId}"]`)).toContainText(title);
    } finally {
      if (createdId !== null) {
        const admin = await adminRequest('clean up the created workshop');
        await admin.delete(`/api/admin/workshop-dates/${createdId}`);
        await admin.dispose();
      }
    }
  });

  test('shows the validation messages under the fields and sends nothing', async ({ page }) => {
    await openWorkshopsTab(page);
    const posts: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().includes('/api/admin/workshop-dates')) posts.push(request.url());
    });
    await page.getByRole('button', { name: 'Add Workshop' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Workshop' });
    await dialog.getByLabel('Seats', { exact: true }).fill('0');
    await dialog.getByRole('button', { name: 'Create Workshop' }).click();

    await expect(dialog.getByText('Either select a template or provide a title', { exact: true })).toBeVisible();
    await expect(dialog.getByText('Either mark as TBC or provide both date and time', { exact: true })).toBeVisible();
    await expect(dialog.getByText('Must have at least one seat', { exact: true })).toBeVisible();

    // TBC lifts the date rule; a title lifts the template rule.
    await dialog.getByLabel('TBC', { exact: true }).check();
    await dialog.getByLabel('Title', { exact: true }).fill('Almost valid');
    await expect(dialog.getByText('Either mark as TBC or provide both date and time', { exact: true })).toHaveCount(0);
    await expect(dialog.getByText('Either select a template or provide a title', { exact: true })).toHaveCount(0);
    // Picking a date turns TBC off again.
    await dialog.getByLabel('Date', { exact: true }).fill(futureDay(1).iso);
    await expect(dialog.getByLabel('TBC', { exact: true })).not.toBeChecked();
    await expect(dialog.getByText('Either mark as TBC or provide both date and time', { exact: true })).toBeVisible();
    expect(posts).toEqual([]);
  });

  test('Deactivate hides a workshop from visitors; Delete of a booked-free date removes it', async ({ page }) => {
    const admin = await adminRequest('create a workshop to toggle');
    test.skip(!admin, 'no admin API');
    const title = `E2E Toggle ${Date.now().toString(36)}`;
    const response = await admin!.post('/api/admin/workshop-dates', {
      data: { title, date: futureDay(400).long, time: '9:00 AM - 11:00 AM', timezone: 'UTC' },
    });
    expect(response.status(), await response.text()).toBe(201);
    const { id } = (await response.json()) as { id: number };
    await admin!.dispose();

    await openWorkshopsTab(page);
    const row = page.getByRole('region', { name: 'Workshop dates' }).getByRole('row').filter({ hasText: title });
    await row.getByRole('button', { name: 'Deactivate', exact: true }).click();
    await expect(toast(page, 'Workshop Updated')).toBeVisible();
    await expect(row.getByText('Inactive', { exact: true })).toBeVisible();
    await expect(row.getByRole('button', { name: 'Activate', exact: true })).toBeVisible();
    expect((await getWorkshopDates(page.request)).map((d) => d.id)).not.toContain(id);

    await row.getByRole('button', { name: 'Delete', exact: true }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete this workshop?' });
    await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
    await expect(toast(page, 'Workshop Deleted')).toBeVisible();
    await expect(row).toHaveCount(0);
  });
});

test.describe('admin workshop times', () => {
  // The admin's own clock: the dialog shows the instant in this zone beside the organiser's.
  test.use({ timezoneId: 'Europe/Berlin' });

  test('names zones by region, refuses an end before the start unless it ends the next day, and shows the instant on the admin\'s clock', async ({ page }) => {
    const title = `E2E Night ${Date.now().toString(36)}`;
    await openWorkshopsTab(page);
    await page.getByRole('button', { name: 'Add Workshop' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Workshop' });
    const zone = dialog.getByLabel('Timezone', { exact: true });
    await expect(zone.locator('option[value="PST"]')).toHaveText('Pacific (Los Angeles) · PST');
    await expect(zone.locator('option[value="CET"]')).toHaveText('Central Europe (Berlin) · CET');

    await dialog.getByLabel('Title', { exact: true }).fill(title);
    await zone.selectOption('PST');
    await dialog.getByLabel('Date', { exact: true }).fill('2031-07-04');
    await dialog.getByLabel('Start time', { exact: true }).fill('22:00');
    await dialog.getByLabel('End time', { exact: true }).fill('01:00');
    await dialog.getByRole('button', { name: 'Create Workshop' }).click();
    await expect(dialog.getByText('End time must be after start time', { exact: true })).toBeVisible();

    await dialog.getByLabel('Ends the next day', { exact: true }).check();
    await expect(dialog.getByText('End time must be after start time', { exact: true })).toHaveCount(0);
    // July: Pacific daylight time; 10:00 PM PDT is 7:00 AM the next morning in Berlin.
    await expect(dialog.getByTestId('workshop-instant')).toHaveText(
      'Starts Fri, July 4, 2031, 10:00 PM PDT · Sat, July 5, 2031, 7:00 AM CEST for you; ends Sat, July 5, 2031, 1:00 AM PDT.',
    );
    const created = page.waitForResponse((response) => response.url().endsWith('/api/admin/workshop-dates') && response.request().method() === 'POST');
    await dialog.getByRole('button', { name: 'Create Workshop' }).click();
    const body = (await (await created).json()) as { id: number; endsNextDay: boolean; startsAt: string; endsAt: string; timeZoneAbbreviation: string };
    expect(body).toMatchObject({ endsNextDay: true, startsAt: '2031-07-05T05:00:00.000Z', endsAt: '2031-07-05T08:00:00.000Z', timeZoneAbbreviation: 'PDT' });
    await expect(toast(page, 'Workshop Created')).toBeVisible();

    const row = page.getByRole('region', { name: 'Workshop dates' }).getByRole('row').filter({ hasText: title });
    await expect(row.getByText('ends the next day', { exact: true })).toBeVisible();
    await expect(row.getByText('PDT that day', { exact: true })).toBeVisible();

    const admin = await adminRequest('clean up the night workshop');
    await admin.delete(`/api/admin/workshop-dates/${body.id}`);
    await admin.dispose();
  });
});
