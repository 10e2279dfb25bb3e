import type { Page, Route } from '@playwright/test';
import { test, expect } from './fixtures';
import { adminSection, signInToAdminTab } from './support/admin';
import { axeOn } from './support/axe';

/**
 * The Audit Log section tells each entry as the server words it — a sentence naming things by
 * name, the fields an update changed beneath it — with its day and time, and pages back on
 * request. The real log holds whatever other tests did, so the pages here are served by hand.
 */
const AUDIT_LOG = /\/api\/admin\/audit-log(\?|$)/;

/** The browser runs in UTC (playwright.config.ts): 14:05 UTC reads as 2:05 PM UTC. */
const AT = '2026-11-22T14:05:00.000Z';

const entry = (id: number, fields: Record<string, unknown> = {}) => ({
  id,
  actor: 'jane@example.com',
  action: 'booking_attendance_updated',
  entity: 'booking',
  entityId: String(id),
  details: { hasAttended: true },
  createdAt: AT,
  summary: `jane@example.com marked the booking of Seat ${id} (order K7Q-2MX) on Prototype Lab, Fri, July 4, 2031 as present`,
  changes: [],
  ...fields,
});

const priceChange = entry(201, {
  action: 'workshop_date_updated',
  entity: 'workshop_date',
  entityId: '7',
  details: { fields: ['seatsTotal', 'priceCents', 'description'], changes: { seatsTotal: [10, 12], priceCents: [49900, 54900] } },
  summary: 'jane@example.com changed Prototype Lab, Fri, July 4, 2031',
  changes: [
    { label: 'Seats', from: '10 seats', to: '12 seats' },
    { label: 'Price', from: '$499.00', to: '$549.00' },
    { label: 'Description', from: null, to: null },
  ],
});

async function serveAuditLog(page: Page, answer: (before: string | null) => { status?: number; body: unknown }) {
  await page.route(AUDIT_LOG, (route: Route) => {
    const { status = 200, body } = answer(new URL(route.request().url()).searchParams.get('before'));
    return route.fulfill({ status, json: body });
  });
}

const entries = (page: Page) => page.getByRole('list', { name: 'Audit log entries' }).getByRole('listitem').filter({ has: page.locator('time') });

test('shows entries as sentences with what changed and their day and time, and loads older ones on request', async ({ page }) => {
  // A full first page (50: the page size) means there may be more.
  const first = [priceChange, ...Array.from({ length: 49 }, (_, i) => entry(200 - i))];
  first[1] = entry(200, {
    action: 'booking_cancelled',
    entityId: '12',
    details: { by: 'admin', refundCents: 4000 },
    summary: 'jane@example.com cancelled the booking of Ann Lee (order K7Q-2MX) on Prototype Lab, Fri, July 4, 2031 — refunded $40.00',
  });
  await serveAuditLog(page, (before) =>
    before === null
      ? { body: first }
      : {
          body:
            before === '152'
              ? [entry(150, { actor: 'system', action: 'reservation_expired', entityId: '31', details: null, summary: 'The system released a booking: the unpaid reservation ran out' })]
              : [],
        },
  );
  await signInToAdminTab(page, 'Audit Log');

  await expect(entries(page)).toHaveCount(50);
  const edit = entries(page).first();
  await expect(edit).toContainText('jane@example.com changed Prototype Lab, Fri, July 4, 2031');
  const changed = edit.getByRole('list', { name: 'What changed' }).getByRole('listitem');
  await expect(changed).toHaveCount(3);
  await expect(changed.nth(0)).toContainText('Seats: 10 seats');
  await expect(changed.nth(0)).toContainText('12 seats');
  await expect(changed.nth(1)).toContainText('Price: $499.00');
  await expect(changed.nth(1)).toContainText('$549.00');
  await expect(changed.nth(2)).toHaveText('Description changed');
  await expect(edit.locator('time')).toHaveAttribute('datetime', AT);
  await expect(edit.locator('time')).toContainText('Sun, November 22, 2026');
  await expect(edit.locator('time')).toContainText('2:05 PM UTC');

  await expect(entries(page).nth(1)).toContainText('jane@example.com cancelled the booking of Ann Lee (order K7Q-2MX) on Prototype Lab, Fri, July 4, 2031 — refunded $40.00');
  // An entry that changed no fields lists none.
  await expect(entries(page).nth(1).getByRole('list', { name: 'What changed' })).toHaveCount(0);

  await page.getByRole('button', { name: 'Load older' }).click();
  await expect(entries(page)).toHaveCount(51);
  await expect(entries(page).last()).toContainText('The system released a booking: the unpaid reservation ran out');
  // A short page is the last: nothing older to ask for.
  await expect(page.getByRole('button', { name: 'Load older' })).toHaveCount(0);
  await expect(page.getByText('That is the oldest entry.', { exact: true })).toBeVisible();
});

for (const [width, height] of [
  [1280, 800],
  [390, 844],
] as const) {
  test(`reads without overflow and with no accessibility violations at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height });
    await serveAuditLog(page, () => ({ body: [priceChange, entry(199), entry(198, { summary: 'Someone not signed in failed to sign in as someone@example.com', changes: [] })] }));
    await signInToAdminTab(page, 'Audit Log');
    await expect(entries(page)).toHaveCount(3);
    // Nothing wider than the screen: a long sentence wraps.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    const results = await axeOn(page).include('#admin-section').analyze();
    expect(results.violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
    await expect(adminSection(page)).toBeVisible();
  });
}

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
  await expect(entries(page)).toHaveText([/jane@example\.com marked the booking of Seat 7 \(order K7Q-2MX\) on Prototype Lab, Fri, July 4, 2031 as present/]);
});
