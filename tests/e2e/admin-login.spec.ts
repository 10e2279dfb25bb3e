import { test, expect } from './fixtures';
import { adminSection, adminSectionLink, openAdminTab, signInAsAdmin } from './support/admin';
import { E2E_ADMIN_EMAIL, E2E_ADMIN_PASSWORD } from './support/constants';
import { holdRequests } from './support/page';

/** The admin guard, the login screen and the dashboard's frame. */

/** The workspace's sections: the spec's sixteen tabs plus Overview, Refunds, Email and Audit Log, grouped. */
const SECTIONS_BY_GROUP: Record<string, string[]> = {
  Sales: ['Workshops', 'Bookings', 'Booked Calls', 'Discount Codes', 'Refunds'],
  Audience: ['Users', 'Messages', 'Newsletter'],
  Content: ['Testimonials', 'Announcements', 'Blog', 'Workshop Assets', 'Social Cards', 'Strategy Notes', 'Promo & Pages'],
  Setup: ['Workshop Templates', 'Admin Users', 'Settings', 'Calls', 'Scheduled Messages', 'Email', 'Backup', 'Audit Log'],
};
const SPEC_TABS = ['Workshops', 'Strategy Notes', 'Users', 'Admin Users', 'Bookings', 'Discount Codes', 'Workshop Assets', 'Workshop Templates', 'Testimonials', 'Social Cards', 'Announcements', 'Blog', 'Newsletter', 'Settings', 'Backup', 'Messages'];

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
  test('has the three summary cards and every section of the spec in the grouped sidebar, Workshops open first', async ({ page }) => {
    await signInAsAdmin(page);
    for (const card of ['Workshops summary', 'Bookings summary', 'Revenue summary']) {
      await expect(page.getByRole('region', { name: card })).toBeVisible();
    }
    await expect(page.getByRole('region', { name: 'Revenue summary' })).toContainText('$');
    const nav = page.getByRole('navigation', { name: 'Admin sections' });
    await expect(nav.getByRole('link', { name: 'Overview', exact: true })).toBeVisible();
    for (const [group, sections] of Object.entries(SECTIONS_BY_GROUP)) {
      const links = nav.getByRole('list', { name: group }).getByRole('link');
      const names = (await links.allInnerTexts()).map((text) => text.replace(/\s*\d+\s*(unread)?\s*$/, '').trim());
      expect(names, group).toEqual(sections);
    }
    const all = Object.values(SECTIONS_BY_GROUP).flat();
    for (const tab of SPEC_TABS) expect(all).toContain(tab);
    await expect(nav.getByRole('link', { name: 'Workshops', exact: true })).toHaveAttribute('aria-current', 'page');
    await expect(adminSection(page).getByRole('heading', { name: 'Workshops', level: 2 })).toBeVisible();
    // The open section starts on the first screen of a 1280×800 laptop.
    const top = await adminSection(page).getByRole('heading', { level: 2 }).evaluate((heading) => heading.getBoundingClientRect().top);
    expect(top).toBeLessThan(400);
  });

  test('the Messages link carries the unread count, and a section opened by address stays open on reload and Back', async ({ page, request }) => {
    const sent = await request.post('/api/contact', {
      headers: { 'X-Client-Source': 'web', 'X-Request-Time': '0' },
      data: { name: 'Badge Tester', email: 'badge@example.com', subject: 'Badge', message: 'Counting unread messages here.' },
    });
    expect(sent.ok(), await sent.text()).toBe(true);
    await signInAsAdmin(page);
    const summary = await page.request.get('/api/admin/summary', { headers: { 'X-Client-Source': 'web' } });
    const { unreadMessages } = (await summary.json()) as { unreadMessages: number };
    expect(unreadMessages).toBeGreaterThan(0);
    await expect(adminSectionLink(page, 'Messages')).toHaveAccessibleName(new RegExp(`^Messages\\s*${unreadMessages} unread$`));

    await page.goto('/admin?tab=discount-codes');
    await expect(adminSectionLink(page, 'Discount Codes')).toHaveAttribute('aria-current', 'page');
    await openAdminTab(page, 'Users');
    await expect(page).toHaveURL(/\?tab=users$/);
    // Moving to a section puts focus on its heading, as a new page would.
    await expect(adminSection(page).getByRole('heading', { name: 'Users', level: 2 })).toBeFocused();
    await page.reload();
    await expect(adminSectionLink(page, 'Users')).toHaveAttribute('aria-current', 'page');
    await page.goBack();
    await expect(page).toHaveURL(/\?tab=discount-codes$/);
    await expect(adminSection(page).getByRole('heading', { name: 'Discount Codes', level: 2 })).toBeVisible();
    await page.goBack();
    await expect(page).toHaveURL(/\/admin$/);
    await expect(adminSection(page).getByRole('heading', { name: 'Workshops', level: 2 })).toBeVisible();
  });

  test('reads a tab’s data only when the tab is first opened, and not again while it is fresh', async ({ page }) => {
    const reads: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'GET' && request.url().includes('/api/')) reads.push(new URL(request.url()).pathname);
    });
    const lazyReads = ['/api/admin/bookings', '/api/admin/contact-messages', '/api/admin/discount-codes', '/api/strategy-notes', '/api/workshop-templates'];
    await signInAsAdmin(page);
    await expect(adminSection(page).getByRole('columnheader', { name: 'Date' })).toBeVisible();
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
      await openAdminTab(page, tab);
      await expect.poll(() => reads.filter((read) => read === path).length).toBe(1);
    }
    // Back and forth within the fresh times (1 to 10 minutes): nothing is read again.
    for (const [tab] of opens) {
      await openAdminTab(page, 'Users');
      await openAdminTab(page, tab);
    }
    await page.waitForLoadState('networkidle');
    for (const [, path] of opens) expect(reads.filter((read) => read === path), path).toHaveLength(1);
  });

  test('draws the bookings, revenue and seats charts in the Overview', async ({ page }) => {
    await signInAsAdmin(page, '/admin?tab=overview');
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
    await signInAsAdmin(page, '/admin?tab=overview');
    await expect(page.getByRole('region', { name: 'Bookings per week' }).locator('svg')).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});
