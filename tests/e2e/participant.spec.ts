import type { Locator, Page } from '@playwright/test';
import { ACCESS_LINK_INVALID, ACCESS_LINK_SENT, NO_BOOKINGS_TEXT, NO_BOOKINGS_TITLE, PROFILE_IMAGE_INVALID } from '../../src/features/participant/participant.schema';
import { test, expect } from './fixtures';
import { signInAsAdmin } from './support/admin';
import { expectNoViolations, expectNoViolationsOnceSettled, framesLoaded } from './support/axe';
import { adminGetJson, adminRequest, CLIENT_HEADERS } from './support/api';
import { E2E_BASE_URL } from './support/constants';
import { dataRead, holdRequests, scanWhileLoadingThenSettled } from './support/loading';
import { accessLinkFor } from './support/links';

/*
 * The participant area against the built app and the demo seed: maya@example.com has a paid seat
 * on the open 'Introduction to Vibe Coding' date, whose meeting id is '123 456 7890'. Each test
 * uses its own seeded participant, so the tests run in parallel without sharing a session.
 */

test.use({ permissions: ['clipboard-read', 'clipboard-write'], reducedMotion: 'reduce' });

const toasts = (page: Page): Locator => page.getByRole('region', { name: /notifications/i });
const bookingCard = (page: Page, title: string): Locator => page.getByRole('article', { name: title });

const accessLink = accessLinkFor;

// A 1×1 transparent PNG.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');

test('a participant asks for a link, opens it, sees the booking, copies the meeting id and saves the profile', async ({ page }) => {
  test.setTimeout(60_000);
  await page.goto('/participant');
  await expect(page.getByRole('heading', { level: 1, name: 'Access Your Bookings' })).toBeVisible();

  // An address without '@' is refused in the page.
  const email = page.getByLabel('Email', { exact: true });
  await email.fill('maya.example.com');
  await page.getByRole('button', { name: 'Send my link' }).click();
  await expect(toasts(page).getByText('Invalid Email', { exact: true })).toBeVisible();
  await expect(page.getByText('Please enter a valid email address').first()).toBeVisible();

  await email.fill('maya@example.com');
  const asked = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/participant/access');
  await page.getByRole('button', { name: 'Send my link' }).click();
  expect((await asked).status()).toBe(200);
  await expect(page.getByRole('status').getByText(ACCESS_LINK_SENT)).toBeVisible();

  // The e-mail is in the outbox (its body is not exposed over the API; the link is signed here like the server signs it).
  const admin = await adminRequest('access e-mail in the outbox');
  try {
    const outbox = await adminGetJson<{ to: string; subject: string }[]>(admin, '/api/admin/outbox?limit=100', 'access e-mail in the outbox');
    expect(outbox.some((row) => row.to === 'maya@example.com' && row.subject === 'Your workshop bookings')).toBe(true);
  } finally {
    await admin.dispose();
  }

  await page.goto(accessLink('maya@example.com'));
  await expect(page).toHaveURL(/\/participant$/);
  await expect(page.getByRole('heading', { level: 1, name: 'My Bookings' })).toBeVisible();
  await expect(page.getByText('maya@example.com', { exact: true })).toBeVisible();

  const card = bookingCard(page, 'Introduction to Vibe Coding');
  await expect(card).toBeVisible();
  await expect(card.getByText('Beginner', { exact: true })).toBeVisible();
  await expect(card.getByText('Paid', { exact: true })).toBeVisible();
  // The organiser's time (Pacific, daylight or standard by the season), and the participant's beside it (the browser runs in UTC).
  await expect(card.getByText(/, 10:00 AM – 12:00 PM P[SD]T · (5:00 PM – 7:00 PM|6:00 PM – 8:00 PM) UTC for you/)).toBeVisible();
  await expect(card.getByRole('link', { name: 'https://zoom.us/j/1234567890' })).toBeVisible();
  await expect(card.getByText('123 456 7890', { exact: true })).toBeVisible();
  await expect(card.getByText('vibes', { exact: true })).toBeVisible();
  await expect(card.getByRole('link', { name: 'https://example.com/prep-guide' })).toBeVisible();

  await card.getByRole('button', { name: 'Copy meeting id' }).click();
  await expect(toasts(page).getByText('Copied', { exact: true })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('123 456 7890');

  // The profile: the spec's limits, an uploaded image and a saved bio that survives a reload.
  const profile = card.getByRole('form', { name: /^Your profile for Introduction to Vibe Coding, / });
  await profile.getByLabel('Profile image URL').fill('ftp://example.com/me.png');
  await profile.getByRole('button', { name: 'Save Profile' }).click();
  await expect(profile.getByText(PROFILE_IMAGE_INVALID)).toBeVisible();
  await profile.getByLabel('Bio', { exact: true }).fill('x'.repeat(501));
  await expect(profile.getByText('Bio must be 500 characters or less')).toBeVisible();

  await profile.getByLabel('Bio', { exact: true }).fill('I design onboarding flows.');
  await profile.getByLabel('Preferences', { exact: true }).fill('Afternoon sessions');
  await profile.getByLabel('Upload image').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG });
  await expect(profile.getByRole('img', { name: 'Profile image preview' })).toBeVisible();
  await expect(profile.getByLabel('Profile image URL')).toHaveValue('');
  const saved = page.waitForResponse((response) => response.request().method() === 'PUT' && /\/api\/participant\/profile\/\d+$/.test(response.url()));
  await profile.getByRole('button', { name: 'Save Profile' }).click();
  expect((await saved).status()).toBe(200);
  await expect(toasts(page).getByText('Profile Saved', { exact: true })).toBeVisible();

  await page.reload();
  const reloaded = bookingCard(page, 'Introduction to Vibe Coding').getByRole('form', { name: /^Your profile for Introduction to Vibe Coding, / });
  await expect(reloaded.getByLabel('Bio', { exact: true })).toHaveValue('I design onboarding flows.');
  await expect(reloaded.getByLabel('Preferences', { exact: true })).toHaveValue('Afternoon sessions');
  await expect(reloaded.getByRole('img', { name: 'Profile image preview' })).toHaveAttribute('src', /^data:image\/png;base64,/);

  // 'Back to Home' goes to '/', and the session stays: /participant still shows the bookings.
  await page.getByRole('link', { name: 'Back to Home' }).click();
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/participant');
  await expect(page.getByRole('heading', { level: 1, name: 'My Bookings' })).toBeVisible();

  // 'Change Email' ends the session and returns to the entry screen.
  await page.getByRole('button', { name: 'Change Email' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Access Your Bookings' })).toBeVisible();
  const session = await page.request.get('/api/participant/session', { headers: CLIENT_HEADERS });
  expect(await session.json()).toEqual({ email: null, isAdmin: false });
});

test("a stranger's session is refused another participant's booking", async ({ page, browser }) => {
  const admin = await adminRequest('the booking id of a seeded participant');
  test.skip(!admin, 'needs the admin API');
  const mayas = (await (await admin!.get('/api/participant/bookings?email=maya%40example.com')).json()) as { id: number }[];
  await admin!.dispose();
  const mayaBooking = mayas[0]!.id;

  await page.goto(accessLink('omar@example.com'));
  await expect(page.getByRole('heading', { level: 1, name: 'My Bookings' })).toBeVisible();
  await expect(page.getByText('omar@example.com', { exact: true })).toBeVisible();
  await expect(bookingCard(page, 'Introduction to Vibe Coding')).toBeVisible();

  for (const url of [
    `/api/participant/booking/${mayaBooking}/workshop-details`,
    `/api/participant/profile/${mayaBooking}`,
    '/api/participant/bookings?email=maya%40example.com',
  ]) {
    const response = await page.request.get(url, { headers: CLIENT_HEADERS });
    expect(response.status(), url).toBe(403);
    expect(await response.text()).not.toContain('123 456 7890');
  }
  const write = await page.request.put(`/api/participant/profile/${mayaBooking}`, { headers: CLIENT_HEADERS, data: { bio: 'hijacked' } });
  expect(write.status()).toBe(403);

  // Without any session: 401.
  const anonymous = await browser.newContext({ baseURL: E2E_BASE_URL });
  const response = await anonymous.request.get(`/api/participant/booking/${mayaBooking}/workshop-details`, { headers: CLIENT_HEADERS });
  expect(response.status()).toBe(401);
  await anonymous.close();
});

test('an expired or forged link says so on the entry screen', async ({ page }) => {
  await page.goto('/participant?token=not-a-real-token');
  await expect(page).toHaveURL(/\/participant\?link=invalid$/);
  await expect(page.getByRole('alert').getByText(ACCESS_LINK_INVALID)).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Access Your Bookings' })).toBeVisible();
});

test('an address without bookings is told so', async ({ page }) => {
  await page.goto(accessLink('no.bookings.here@example.com'));
  await expect(page.getByRole('heading', { level: 2, name: NO_BOOKINGS_TITLE })).toBeVisible();
  await expect(page.getByRole('main').getByText(NO_BOOKINGS_TEXT)).toBeVisible();
  await expect(toasts(page).getByText(NO_BOOKINGS_TITLE, { exact: true })).toBeVisible();
});

test('an admin opens /participant?email=… directly', async ({ page }) => {
  await signInAsAdmin(page, '/participant?email=jonas%40example.com');
  await expect(page.getByRole('heading', { level: 1, name: 'My Bookings' })).toBeVisible();
  await expect(page.getByText('jonas@example.com', { exact: true })).toBeVisible();
  await expect(bookingCard(page, 'Introduction to Vibe Coding')).toBeVisible();
});

test.describe('accessibility (axe-core)', () => {
  test('the entry screen, with the invalid-link notice', async ({ page }) => {
    await page.goto('/participant?link=invalid');
    await expect(page.getByRole('heading', { level: 1, name: 'Access Your Bookings' })).toBeVisible();
    await expectNoViolationsOnceSettled(page, '/participant (entry)');
  });

  test('the bookings list while it loads, then with details, materials and profile loaded', async ({ page }) => {
    // The page's reads held in two stages, let through one after the other: the list of bookings,
    // then what each card reads for itself. Axe scans each loading state and the settled page.
    const list = await holdRequests(page, dataRead('/api/participant/bookings'));
    const cardParts = await holdRequests(page, dataRead('/api/participant/booking/', '/api/participant/profile/'));
    await page.goto(accessLink('priya@example.com'));
    await expect(page.getByRole('status').filter({ hasText: 'Loading your bookings' })).toBeVisible();
    expect(list.count()).toBeGreaterThan(0);
    // Axe-core clean, at every impact level.
    await expectNoViolations(page, '/participant (bookings loading)');
    await list.release();

    const card = bookingCard(page, 'Introduction to Vibe Coding');
    // The meeting details, the materials and the profile, each still loading.
    const cardLoading = card.locator('[aria-busy="true"]');
    await expect(cardLoading).toHaveCount(3);
    await scanWhileLoadingThenSettled(page, {
      label: '/participant (bookings)',
      held: cardParts,
      loading: cardLoading,
      scan: expectNoViolations,
      settled: async () => {
        await expect(card.getByText('123 456 7890', { exact: true })).toBeVisible();
        await expect(card.getByRole('form', { name: /^Your profile for Introduction to Vibe Coding, / })).toBeVisible();
        await framesLoaded(page);
      },
    });
  });
});
