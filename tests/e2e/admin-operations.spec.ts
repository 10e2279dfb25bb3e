import { readFile } from 'node:fs/promises';
import { test, expect } from './fixtures';
import { expectNoViolations } from './support/axe';
import { adminSection, signInToAdminTab } from './support/admin';

/**
 * Issue 6 points 3 and 7 in the browser: the Backup tab downloads a backup file of every table,
 * and the Social Cards tab shows each page's share image, drawn by the server.
 * (Restoring replaces the shared e2e database under the other tests, so it is tested in the API
 * suite, tests/api/operations-backup.test.ts.)
 */

test('Backup tab: downloads a backup that parses as a backup of every table', async ({ page }) => {
  await signInToAdminTab(page, 'Backup');
  const panel = adminSection(page);
  await expect(panel.getByRole('button', { name: 'Restore from file' })).toBeVisible();
  await expect(panel.getByRole('heading', { name: 'Scheduled backups', level: 3 })).toBeVisible();

  const [download] = await Promise.all([page.waitForEvent('download'), panel.getByRole('link', { name: 'Download backup', exact: true }).click()]);
  expect(download.suggestedFilename()).toMatch(/^workshop-seats-backup-.+\.json$/);
  const path = await download.path();
  const backup = JSON.parse(await readFile(path, 'utf8')) as { format: string; schemaVersion: string; tables: Record<string, unknown[]> };
  expect(backup.format).toBe('workshop-seats-backup');
  expect(backup.schemaVersion).toMatch(/^\d{4}_/);
  for (const table of ['workshop_dates', 'bookings', 'admin_users', 'blog_posts', 'audit_log']) {
    expect(Array.isArray(backup.tables[table]), table).toBe(true);
  }
  expect(backup.tables.workshop_dates!.length).toBeGreaterThan(0);
  await expectNoViolations(page, 'Backup tab', '#admin-section');
});

test('Social Cards tab: every card image loads', async ({ page }) => {
  await signInToAdminTab(page, 'Social Cards');
  const list = page.getByRole('list', { name: 'Social cards' });
  await expect(list).toBeVisible();
  const images = list.getByRole('img');
  // The pages' cards at least (home, intro, blog, checkout, participant, admin, default), plus the seeded posts'.
  expect(await images.count()).toBeGreaterThanOrEqual(7);
  await expect(list.getByRole('img', { name: /^Share card: Introduction to Vibe Coding — / })).toBeVisible();

  const count = await images.count();
  for (let i = 0; i < count; i++) {
    const image = images.nth(i);
    await image.scrollIntoViewIfNeeded();
    await expect
      .poll(() => image.evaluate((element) => (element as HTMLImageElement).complete && (element as HTMLImageElement).naturalWidth), {
        message: `card ${i} loads`,
        timeout: 15_000,
      })
      .toBe(1200);
  }
  await expect(list.getByRole('button', { name: /^Copy image URL of / }).first()).toBeVisible();
  await expectNoViolations(page, 'Social Cards tab', '#admin-section');
});
