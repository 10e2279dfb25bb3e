import type { Locator, Page } from '@playwright/test';
import { test, expect } from './fixtures';
import { axeOn } from './support/axe';
import { signInAsAdmin, signInToAdminTab } from './support/admin';
import { CLIENT_HEADERS, type Announcement } from './support/api';
import { E2E_ADMIN_EMAIL } from './support/constants';

/*
 * The one rich-text editor for everything an admin writes: a Rich text / HTML switch, the
 * headings each place allows (an e-mail may have an h1, a page has its own), nothing lost unseen
 * when HTML holds more than rich text keeps, and a template's {{placeholders}} kept as written.
 */

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** The two-state switch above an editor: which view is on, and a way to change it. */
const viewButton = (scope: Locator, name: 'Rich text' | 'HTML') => scope.getByRole('button', { name, exact: true });

/**
 * Every axe finding, of any impact, inside the open dialog (polled: text fading in with the dialog
 * reads as low contrast for a moment). Its sandboxed preview frame is left out: it runs no scripts.
 */
async function dialogViolations(page: Page): Promise<string[]> {
  const results = await axeOn(page).include('[role="dialog"]').exclude('iframe[sandbox]').analyze();
  return results.violations.map((v) => `[${v.impact}] ${v.id}: ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** The same scan on a phone (390 px), then back to the laptop's width the test runs at. */
async function expectNothingAtPhoneWidth(page: Page, view: string): Promise<void> {
  const laptop = page.viewportSize()!;
  await page.setViewportSize({ width: 390, height: 844 });
  await expect.poll(() => dialogViolations(page), { message: `${view} at 390 px` }).toEqual([]);
  await page.setViewportSize(laptop);
}

test('newsletter: an h1 written in the HTML view reaches the preview, and a test goes to the admin', async ({ page }) => {
  test.setTimeout(60_000);
  const subject = `Rich ${unique()}`;
  await signInToAdminTab(page, 'Newsletter');
  await page.getByRole('button', { name: 'Write Newsletter' }).click();
  const dialog = page.getByRole('dialog', { name: 'Write Newsletter' });
  await dialog.getByLabel('Subject').fill(subject);

  // Rich text first: an e-mail may start at level 1.
  await expect(viewButton(dialog, 'Rich text')).toHaveAttribute('aria-pressed', 'true');
  await expect(viewButton(dialog, 'HTML')).toHaveAttribute('aria-pressed', 'false');
  await expect(dialog.getByRole('toolbar', { name: 'Content formatting' }).getByRole('button', { name: 'Heading 1', exact: true })).toBeVisible();
  await expect.poll(() => dialogViolations(page), { message: 'rich text view' }).toEqual([]);
  await expectNothingAtPhoneWidth(page, 'rich text view');

  // The HTML view: reached from the keyboard, same label.
  await viewButton(dialog, 'HTML').focus();
  await page.keyboard.press('Enter');
  await expect(viewButton(dialog, 'HTML')).toHaveAttribute('aria-pressed', 'true');
  const html = dialog.getByLabel('Content', { exact: true });
  await html.fill('<h1>Big news</h1><p>Hello</p>');
  await expect.poll(() => dialogViolations(page), { message: 'HTML view' }).toEqual([]);
  await expectNothingAtPhoneWidth(page, 'HTML view');

  await dialog.getByRole('button', { name: 'Preview', exact: true }).click();
  const preview = dialog.frameLocator('iframe[title="Newsletter preview"]');
  await expect(preview.getByRole('heading', { level: 1, name: 'Big news' })).toBeVisible();
  await expect(preview.getByText('Hello', { exact: true })).toBeVisible();

  // 'Send a test to me' comes before 'Send to …' in the footer.
  const names = (await dialog.getByRole('button').allTextContents()).map((text) => text.trim());
  const testAt = names.indexOf('Send a test to me');
  const sendAt = names.findIndex((name) => /^Send to [\d,]+ subscribers?$/.test(name));
  expect(testAt).toBeGreaterThanOrEqual(0);
  expect(sendAt).toBeGreaterThan(testAt);

  await dialog.getByRole('button', { name: 'Send a test to me' }).click();
  // By its text: an open dialog hides the rest of the page, the toasts' region too, from roles.
  await expect(page.getByText(`Test sent to ${E2E_ADMIN_EMAIL}`, { exact: true })).toBeVisible();

  // Back to rich text: nothing to drop, so no question; the heading is a level 1 there too.
  await viewButton(dialog, 'Rich text').click();
  const rich = dialog.getByRole('textbox', { name: 'Content', exact: true });
  await expect(rich.locator('h1')).toHaveText('Big news');
  await rich.locator('h1').click();
  await expect(dialog.getByRole('button', { name: 'Heading 1', exact: true })).toHaveAttribute('aria-pressed', 'true');

  // HTML the editor cannot keep: it says what would go, and staying in HTML keeps it all.
  await viewButton(dialog, 'HTML').click();
  await html.fill('<p>Hi</p><table><tr><td>Seat</td></tr></table><img src="https://example.com/a.png" alt="">');
  await viewButton(dialog, 'Rich text').click();
  const question = dialog.getByRole('alertdialog', { name: 'Switch to rich text?' });
  await expect(question).toContainText('Rich text keeps headings, paragraphs, lists, quotes, links and emphasis. Switching would drop: table, tbody, tr, td, img.');
  await question.getByRole('button', { name: 'Keep HTML' }).click();
  await expect(question).toBeHidden();
  await expect(viewButton(dialog, 'HTML')).toHaveAttribute('aria-pressed', 'true');
  await expect(html).toHaveValue(/<table>/);
});

test('announcement: a heading and bold text made with the toolbar reach the landing page', async ({ page }) => {
  test.setTimeout(60_000);
  const id = unique();
  const title = `Rich announcement ${id}`;
  await signInToAdminTab(page, 'Announcements');
  await page.getByRole('button', { name: 'Add Announcement' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Add Announcement' });
  await dialog.getByLabel('Title').fill(title);
  await dialog.getByLabel('Sort order').fill('-999999');

  // The landing page has its own h1: the toolbar starts at level 2.
  const toolbar = dialog.getByRole('toolbar', { name: 'Content formatting' });
  await expect(toolbar.getByRole('button', { name: 'Heading 1', exact: true })).toHaveCount(0);
  const content = dialog.getByRole('textbox', { name: 'Content', exact: true });
  await content.click();
  await toolbar.getByRole('button', { name: 'Heading', exact: true }).click();
  await page.keyboard.type(`Autumn news ${id}`);
  await page.keyboard.press('Enter');
  await page.keyboard.type('Seats are ');
  await toolbar.getByRole('button', { name: 'Bold', exact: true }).click();
  await page.keyboard.type('open now');
  await toolbar.getByRole('button', { name: 'Bold', exact: true }).click();
  await page.keyboard.type('.');
  await expect(content.locator('h2')).toHaveText(`Autumn news ${id}`);
  await expect(content.locator('strong')).toHaveText('open now');

  await dialog.getByRole('button', { name: 'Create Announcement' }).click();
  await expect(page.getByText('Announcement Created', { exact: true }).first()).toBeVisible();

  const stored = ((await (await page.request.get('/api/admin/announcements', { headers: CLIENT_HEADERS })).json()) as Announcement[]).find((a) => a.title === title);
  expect(stored?.content).toBe(`<h2>Autumn news ${id}</h2><p>Seats are <strong>open now</strong>.</p>`);

  await page.goto('/');
  const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: title }) });
  await expect(card.getByRole('heading', { level: 2, name: `Autumn news ${id}` })).toBeVisible();
  await expect(card.locator('strong', { hasText: 'open now' })).toBeVisible();

  // The landing page is shared by every test: the announcement goes again.
  const removed = await page.request.delete(`/api/admin/announcements/${stored!.id}`, { headers: CLIENT_HEADERS });
  expect(removed.ok(), await removed.text()).toBe(true);
});

test('e-mail templates: a {{placeholder}} in the text and in a link survives a switch to rich text and back', async ({ page }) => {
  await signInAsAdmin(page, '/email-debug');
  const form = page.getByRole('form', { name: 'Edit template' });
  await form.getByLabel('Template Type').selectOption('participant-access');

  // All in paragraphs: it opens in rich text, its link's address a placeholder.
  await expect(viewButton(form, 'Rich text')).toHaveAttribute('aria-pressed', 'true');
  const rich = form.getByRole('textbox', { name: 'Content', exact: true });
  await expect(rich.locator('a[href="{{participantLink}}"]')).toHaveText('Open my bookings');

  await viewButton(form, 'HTML').click();
  const html = form.getByLabel('Content', { exact: true });
  await expect(html).toHaveValue(/<a [^>]*href="\{\{participantLink\}\}"[^>]*>Open my bookings<\/a>/);
  // Not saved: other tests read this template's default.
  await html.fill('<p>Hi {{email}}, here is <a href="{{participantLink}}">your link</a>.</p>');

  await viewButton(form, 'Rich text').click();
  await expect(form.getByRole('alertdialog')).toHaveCount(0);
  await expect(rich).toContainText('Hi {{email}}, here is your link.');
  await expect(rich.locator('a[href="{{participantLink}}"]')).toHaveText('your link');

  await viewButton(form, 'HTML').click();
  await expect(html).toHaveValue(/Hi \{\{email\}\}, here is <a [^>]*href="\{\{participantLink\}\}"[^>]*>your link<\/a>\./);
});
