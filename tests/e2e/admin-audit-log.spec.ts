import type { Page, Route } from '@playwright/test';
import { test, expect } from './fixtures';
import { signInToAdminTab } from './support/admin';

/**
 * Issue 17: the Audit Log section tells each entry as a sentence with its time, and pages back on
 * request. The real log holds whatever other tests did, so the pages here are served by hand.
 */
const AUDIT_LOG = /\/api\/admin\/audit-log(\?|$)/;

const entry = (id: number, fields: Record<string, unknown> = {}) => ({
  id,
  actor: 'jane@example.com',
  action: 'booking_attendance_updated',
  entity: 'booking',
  entityId: String(id),
  details: { hasAttended: true },
  createdAt: new Date(Date.now() - 3 * 60_000).toISOString(),
  ...fields,
});

async function serveAuditLog(page: Page, answer: (before: string | null) => { status?: number; body: unknown }) {
  await page.route(AUDIT_LOG, (route: Route) => {
    const { status = 200, body } = answer(new URL(route.request().url()).searchParams.get('before'));
    return route.fulfill({ status, json: body });
  });
}

const entries = (page: Page) => page.getByRole('list', { name: 'Audit log entries' }).getByRole('listitem');

test('shows entries as sentences with their time, and loads older ones on request', async ({ page }) => {
  // A full first page (50: the page size) means there may be more.
  const first = Array.from({ length: 50 }, (_, i) => entry(200 - i));
  first[0] = entry(200, {
    action: 'booking_cancelled',
    entityId: '12',
    details: { by: 'admin', refundCents: 4000 },
    createdAt: new Date(Date.now() - 5 * 60_000 - 10_000).toISOString(),
  });
  await serveAuditLog(page, (before) =>
    before === null
      ? { body: first }
      : { body: before === '151' ? [entry(150, { actor: 'system', action: 'reservation_expired', entityId: '31', details: null })] : [] },
  );
  await signInToAdminTab(page, 'Audit Log');

  await expect(entries(page)).toHaveCount(50);
  await expect(entries(page).first()).toContainText('jane@example.com (admin) cancelled booking #12 — refunded $40.00');
  await expect(entries(page).first().locator('time')).toHaveText('5 min ago');
  await expect(entries(page).nth(1)).toContainText('jane@example.com (admin) marked booking #199 as attended');

  await page.getByRole('button', { name: 'Load older' }).click();
  await expect(entries(page)).toHaveCount(51);
  await expect(entries(page).last()).toContainText('The system let the unpaid reservation booking #31 expire');
  // A short page is the last: nothing older to ask for.
  await expect(page.getByRole('button', { name: 'Load older' })).toHaveCount(0);
  await expect(page.getByText('That is the oldest entry.', { exact: true })).toBeVisible();
});

test('says so when nothing is recorded yet', async ({ page }) => {
  await serveAuditLog(page, () => ({ body: [] }));
  await signInToAdminTab(page, 'Audit Log');
  await expect(page.getByText('Nothing recorded yet', { exact: true })).toBeVisible();
});

test('says when the log cannot be loaded, and tries again', async ({ page, consoleGuard }) => {
  consoleGuard.allow(/status of 500/);
  let failing = true;
  await serveAuditLog(page, () => (failing ? { status: 500, body: { message: 'Something went wrong. Please try again later.' } } : { body: [entry(7)] }));
  await signInToAdminTab(page, 'Audit Log');
  await expect(page.getByRole('alert').filter({ hasText: 'Failed to load the audit log.' })).toBeVisible();
  failing = false;
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(entries(page)).toHaveText([/jane@example\.com \(admin\) marked booking #7 as attended/]);
});
