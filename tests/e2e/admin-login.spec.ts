import { test, expect } from './fixtures';
import { signInAsAdmin } from './support/admin';
import { E2E_ADMIN_EMAIL, E2E_ADMIN_PASSWORD } from './support/constants';
import { holdRequests } from './support/page';

/** Spec §2: the admin guard, the login screen and the dashboard's frame. */

const SPEC_TABS = [
  'Workshops',
  'Strategy Notes',
  'Users',
  'Admin Users',
  'Bookings',
  'Discount Codes',
  'Workshop Assets',
  'Workshop Templates',
  'Testimonials',
  'Social Cards',
  'Announcements',
  'Blog',
  'Newsletter',
  'Settings',
  'Backup',
  'Messages',
];

test.describe('admin guard', () => {
  for (const path of ['/admin', '/email-debug']) {
    test(`${path} sends a visitor without a session to the login with 'Authentication required'`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByText('Authentication required').first()).toBeVisible();
      await expect(page).toHaveURL(/\/admin\/login2$/);
      await expect(page.getByText('Please contact the administrator if you need access.')).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toHaveCount(0);
    });
  }

  test("a failing check shows 'Authentication error' and goes to the login", async ({ page, consoleGuard }) => {
    consoleGuard.allow(/500|Failed to load resource/);
    await page.route('**/api/auth/user', (route) =>
      // Only the guard's first check fails; the login screen's own check then answers normally.
      page.url().includes('/admin/login2') ? route.continue() : route.fulfill({ status: 500, body: '{"message":"boom"}' }),
    );
    await page.goto('/admin');
    await expect(page.getByText('Authentication error').first()).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/login2$/);
  });

  test("shows 'Verifying access...' while it asks the server", async ({ page }) => {
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/auth/user', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/admin');
    await expect(page.getByText('Verifying access...')).toBeVisible();
    release();
    await expect(page).toHaveURL(/\/admin\/login2$/);
  });
});

test.describe('admin login', () => {
  test('asks for both fields before calling the server', async ({ page }) => {
    await page.goto('/admin/login2');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByText('Missing information').first()).toBeVisible();
    await expect(page.getByText('Please enter both email and password.').first()).toBeVisible();
  });

  test("a wrong password shows the 'Login failed' alert and stays on the login", async ({ page, consoleGuard }) => {
    consoleGuard.allow(/401|Failed to load resource/);
    await page.goto('/admin/login2');
    await page.getByLabel('Email').fill(E2E_ADMIN_EMAIL);
    await page.getByLabel('Password').fill('not the password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    const alert = page.getByRole('alert').filter({ hasText: 'Login failed' });
    await expect(alert).toBeVisible();
    await expect(alert).toContainText('Please check your credentials and try again.');
    await expect(page).toHaveURL(/\/admin\/login2$/);
  });

  test('signs in, lands on the dashboard and logs out again', async ({ page }) => {
    await page.goto('/admin/login2');
    await expect(page.getByRole('heading', { name: 'Admin Login' })).toBeVisible();
    await page.getByLabel('Email').fill(E2E_ADMIN_EMAIL);
    await page.getByLabel('Password').fill(E2E_ADMIN_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByText('Login successful!').first()).toBeVisible();
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByRole('heading', { name: 'Admin Dashboard', level: 1 })).toBeVisible();

    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page.getByText('You have been successfully logged out.').first()).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/login2$/);
    // The session is gone on the server too.
    await page.goto('/admin');
    await expect(page).toHaveURL(/\/admin\/login2$/);
  });

  test('logging out while the charts are still loading asks the server for nothing more', async ({ page }) => {
    // The charts' code arrives while the logout is on its way: were they to mount then, their read
    // would reach the server after the session ended.
    const releaseCharts = await holdRequests(page, /\/assets\/dashboard-charts-[\w-]+\.js$/);
    await signInAsAdmin(page);
    const readsAfterLogout: string[] = [];
    let sawRead = () => {};
    const aRead = new Promise<void>((resolve) => (sawRead = resolve));
    await page.route('**/api/auth/logout', async (route) => {
      page.on('request', (request) => {
        if (!new URL(request.url()).pathname.startsWith('/api/admin/')) return;
        readsAfterLogout.push(request.url());
        sawRead();
      });
      releaseCharts();
      await Promise.race([aRead, new Promise((resolve) => setTimeout(resolve, 2_000))]);
      await route.continue();
    });
    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/admin\/login2$/);
    await expect(page.getByText('You have been successfully logged out.').first()).toBeVisible();
    expect(readsAfterLogout).toEqual([]);
  });

  test("an admin who is already signed in sees 'Already logged in' and moves on to /admin", async ({ page }) => {
    await signInAsAdmin(page);
    // The notice stands for half a second: record it as it appears rather than poll for it.
    await page.addInitScript(() => {
      const seen = { notice: false };
      (window as unknown as { __seen: typeof seen }).__seen = seen;
      new MutationObserver(() => {
        if (document.body?.innerText.includes('Already logged in')) seen.notice = true;
      }).observe(document, { childList: true, subtree: true, characterData: true });
    });
    await page.goto('/admin/login2');
    await expect(page).toHaveURL(/\/admin$/);
    expect(await page.evaluate(() => (window as unknown as { __seen: { notice: boolean } }).__seen.notice)).toBe(true);
  });
});

test.describe('admin dashboard', () => {
  test('has the three summary cards and the sixteen tabs in the spec’s order, Workshops first', async ({ page }) => {
    await signInAsAdmin(page);
    for (const card of ['Workshops summary', 'Bookings summary', 'Revenue summary']) {
      await expect(page.getByRole('region', { name: card })).toBeVisible();
    }
    await expect(page.getByRole('region', { name: 'Revenue summary' })).toContainText('$');
    const tabs = page.getByRole('tablist', { name: 'Admin sections' }).getByRole('tab');
    await expect(tabs).toHaveCount(16);
    const names = (await tabs.allInnerTexts()).map((text) => text.replace(/\s*\d+\s*(unread)?\s*$/, '').trim());
    expect(names).toEqual(SPEC_TABS);
    await expect(page.getByRole('tab', { name: /^Workshops/ })).toHaveAttribute('aria-selected', 'true');
  });

  test('the Messages tab carries the unread count, and a tab opened by address stays open on reload', async ({ page, request }) => {
    const sent = await request.post('/api/contact', {
      headers: { 'X-Client-Source': 'web', 'X-Request-Time': '0' },
      data: { name: 'Badge Tester', email: 'badge@example.com', subject: 'Badge', message: 'Counting unread messages here.' },
    });
    expect(sent.ok(), await sent.text()).toBe(true);
    await signInAsAdmin(page);
    const summary = await page.request.get('/api/admin/summary', { headers: { 'X-Client-Source': 'web' } });
    const { unreadMessages } = (await summary.json()) as { unreadMessages: number };
    expect(unreadMessages).toBeGreaterThan(0);
    await expect(page.getByRole('tab', { name: new RegExp(`^Messages\\s*${unreadMessages} unread$`) })).toBeVisible();

    await page.goto('/admin?tab=discount-codes');
    await expect(page.getByRole('tab', { name: 'Discount Codes' })).toHaveAttribute('aria-selected', 'true');
    await page.getByRole('tab', { name: 'Users', exact: true }).click();
    await expect(page).toHaveURL(/\?tab=users$/);
    await page.reload();
    await expect(page.getByRole('tab', { name: 'Users', exact: true })).toHaveAttribute('aria-selected', 'true');
  });

  test('reads a tab’s data only when the tab is first opened, and not again while it is fresh', async ({ page }) => {
    const reads: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'GET' && request.url().includes('/api/')) reads.push(new URL(request.url()).pathname);
    });
    const lazyReads = ['/api/admin/bookings', '/api/admin/contact-messages', '/api/admin/discount-codes', '/api/strategy-notes', '/api/workshop-templates'];
    await signInAsAdmin(page);
    await expect(page.getByRole('tabpanel').getByRole('columnheader', { name: 'Date' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(reads.filter((path) => lazyReads.includes(path))).toEqual([]);

    const opens = [
      ['Bookings', '/api/admin/bookings'],
      ['Messages', '/api/admin/contact-messages'],
      ['Discount Codes', '/api/admin/discount-codes'],
      ['Strategy Notes', '/api/strategy-notes'],
      ['Workshop Templates', '/api/workshop-templates'],
    ] as const;
    for (const [tab, path] of opens) {
      await page.getByRole('tab', { name: new RegExp(`^${tab}`) }).click();
      await expect.poll(() => reads.filter((read) => read === path).length).toBe(1);
    }
    // Back and forth within the fresh times (1 to 10 minutes): nothing is read again.
    for (const [tab] of opens) {
      await page.getByRole('tab', { name: 'Users', exact: true }).click();
      await page.getByRole('tab', { name: new RegExp(`^${tab}`) }).click();
      await expect(page.getByRole('tabpanel').getByRole('heading', { name: tab, level: 2 })).toBeVisible();
    }
    await page.waitForLoadState('networkidle');
    for (const [, path] of opens) expect(reads.filter((read) => read === path), path).toHaveLength(1);
  });

  test('draws the bookings, revenue and seats charts', async ({ page }) => {
    await signInAsAdmin(page);
    for (const chart of ['Bookings per week', 'Revenue per week', 'Seats filled']) {
      const panel = page.getByRole('region', { name: chart });
      await expect(panel).toBeVisible();
      await expect(panel.locator('svg.ct-chart-bar, svg.ct-chart-line')).toHaveCount(1);
    }
    // The seeded open workshop has seats taken: its bar is drawn, and its numbers are in the table.
    const seats = page.getByRole('region', { name: 'Seats filled' });
    const drawnLengths = await seats
      .locator('.ct-series-a .ct-bar')
      .evaluateAll((bars) => bars.map((bar) => Number(bar.getAttribute('x2')) - Number(bar.getAttribute('x1'))));
    expect(drawnLengths.some((length) => length > 0)).toBe(true);
    const stats = await page.request.get('/api/admin/stats', { headers: { 'X-Client-Source': 'web' } });
    const { upcoming } = (await stats.json()) as { upcoming: { title: string; seatsTaken: number; seatsTotal: number }[] };
    await seats.getByText('Show numbers').click();
    const first = seats.getByRole('row').filter({ hasText: upcoming[0]!.title }).first();
    // Other tests may book seats meanwhile: the total is fixed, the taken count only a number.
    await expect(first).toContainText(new RegExp(`\\d+ / ${upcoming[0]!.seatsTotal}`));
  });

  test('fits a phone: no sideways scrolling of the page', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await signInAsAdmin(page);
    await expect(page.getByRole('region', { name: 'Bookings per week' }).locator('svg')).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});
