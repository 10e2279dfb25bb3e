import type { Page } from '@playwright/test';
import { test, expect } from './fixtures';
import { expectNoViolations } from './support/axe';
import { signInToAdminTab } from './support/admin';
import { CLIENT_HEADERS } from './support/api';
import { linkIn, waitForMail } from './support/mail';

/*
 * Issue 6 point 2 in the browser: a visitor subscribes through the contact form, the admin sees
 * them in the Newsletter tab, previews and sends a newsletter, the outbox delivers it over SMTP,
 * and the unsubscribe link works without signing in.
 */

type Subscriber = { id: number; email: string; source: string; unsubscribedAt: string | null };

/** The table row whose e-mail cell is exactly this address. */
const subscriberRow = (page: Page, email: string) =>
  page
    .getByRole('region', { name: 'Newsletter subscribers' })
    .getByRole('row')
    .filter({ has: page.getByRole('cell', { name: email, exact: true }) });

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

test('an admin sends a newsletter and a subscriber unsubscribes from the e-mail', async ({ page }) => {
  test.setTimeout(60_000);
  const email = `newsletter-${unique()}@example.com`;
  const subject = `News ${unique()}`;

  const contact = await page.request.post('/api/contact', {
    headers: CLIENT_HEADERS,
    data: { name: 'Nora News', email, subject: 'Keep me posted', message: 'Please tell me about new workshops.', subscribeToNewsletter: true },
  });
  expect(contact.ok(), await contact.text()).toBe(true);

  await signInToAdminTab(page, 'Newsletter');
  await page.getByRole('searchbox', { name: 'Search subscribers' }).fill(email);
  const row = subscriberRow(page, email);
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Contact');
  await expect(row).toContainText('Active');
  await expect(page.getByText(/\d+ active · \d+ unsubscribed/)).toBeVisible();
  await expectNoViolations(page, 'Newsletter tab');

  const list = (await (await page.request.get('/api/admin/newsletter-subscribers', { headers: CLIENT_HEADERS })).json()) as Subscriber[];
  const active = list.filter((subscriber) => !subscriber.unsubscribedAt);
  // Sent oldest subscriber first: that one's e-mail is due at once.
  const first = active.reduce((oldest, subscriber) => (subscriber.id < oldest.id ? subscriber : oldest));

  await page.getByRole('button', { name: 'Write Newsletter' }).click();
  const dialog = page.getByRole('dialog', { name: 'Write Newsletter' });
  await dialog.getByLabel('Subject').fill(subject);
  // Raw HTML, hostile parts included, goes in through the editor's HTML view.
  await dialog.getByRole('button', { name: 'HTML', exact: true }).click();
  await dialog.getByLabel('Content', { exact: true }).fill('<p>Hello <strong>subscribers</strong></p><script>alert(1)</script><p onclick="alert(2)">New dates are out.</p>');
  // Checked before the preview: axe cannot run inside the sandboxed (script-less) preview frame.
  await expectNoViolations(page, 'Write Newsletter dialog');
  await dialog.getByRole('button', { name: 'Preview' }).click();
  const preview = dialog.frameLocator('iframe[title="Newsletter preview"]');
  await expect(preview.getByText('Hello subscribers')).toBeVisible();
  await expect(preview.getByText('New dates are out.')).toBeVisible();
  await expect(preview.locator('script')).toHaveCount(0);

  await dialog.getByRole('button', { name: /^Send to \d+ subscribers?$/ }).click();
  await expect(dialog.getByText(/Send this newsletter to [\d,]+ subscribers? now\?/)).toBeVisible();
  await dialog.getByRole('button', { name: 'Yes, send it' }).click();
  const toasts = page.getByRole('region', { name: /^Notifications/ });
  await expect(toasts.getByText('Newsletter Queued', { exact: true })).toBeVisible();
  await expect(toasts.getByText(/^\d+ e-mails? will go out over about \d+ minutes?$/)).toBeVisible();
  await expect(dialog).toBeHidden();

  const mail = await waitForMail(first.email, new RegExp(`^${subject}$`));
  expect(mail.html).toContain('Hello <strong>subscribers</strong>');
  expect(mail.html).not.toMatch(/<script|onclick/i);

  // Every e-mail the server sends carries its recipient's unsubscribe link, in the body and the header.
  expect(mail.headers.get('list-unsubscribe')).toMatch(/\/api\/newsletter\/unsubscribe\?token=/);
  const target = first.email;
  const link = linkIn(mail, /\/api\/newsletter\/unsubscribe\?token=/);

  await page.context().clearCookies();
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'You have been unsubscribed', level: 1 })).toBeVisible();

  await signInToAdminTab(page, 'Newsletter');
  await page.getByRole('searchbox', { name: 'Search subscribers' }).fill(target);
  const after = subscriberRow(page, target);
  await expect(after).toContainText('Unsubscribed');
});

test('a broken unsubscribe link explains itself', async ({ page, consoleGuard }) => {
  consoleGuard.allow(/status of 400/);
  const response = await page.goto('/api/newsletter/unsubscribe?token=not-a-real-token');
  expect(response?.status()).toBe(400);
  await expect(page.getByRole('heading', { name: 'This unsubscribe link is broken', level: 1 })).toBeVisible();
});
