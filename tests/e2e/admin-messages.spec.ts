import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { test, expect } from './fixtures';
import { adminSectionLink, openAdminTab, signInAsAdmin } from './support/admin';
import { CLIENT_HEADERS } from './support/api';
import { expectNoViolations } from './support/axe';

/** The admin Messages tab (contact messages) and the Strategy Notes tab. */

// The tests here add, read and delete messages, which moves the unread badge: one at a time, so
// the badge test sees only its own change (plus, at most, a message another spec file sends).
test.describe.configure({ mode: 'default' });

type Message = { id: number; subject: string; isRead: boolean; createdAt: string };

const uniqueTag = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const toast = (page: Page, text: string) => page.getByText(text, { exact: true }).first();

/** A visitor's message through the public contact form's call. */
async function sendContactMessage(request: APIRequestContext, subject: string, message: string): Promise<number> {
  const response = await request.post('/api/contact', {
    headers: CLIENT_HEADERS,
    data: { name: 'Katherine Johnson', email: 'katherine.johnson@example.com', subject, message },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { id: number }).id;
}

/** The admin's list, read with the page's (signed-in) session. */
async function listMessages(page: Page): Promise<Message[]> {
  const response = await page.request.get('/api/admin/contact-messages', { headers: CLIENT_HEADERS });
  expect(response.ok(), await response.text()).toBe(true);
  return (await response.json()) as Message[];
}

/** The number on the Messages tab's badge; 0 when the badge is not shown. */
async function badgeCount(tab: Locator): Promise<number> {
  const match = /(\d+)\s*unread/.exec((await tab.textContent()) ?? '');
  return match ? Number(match[1]) : 0;
}

/** Closes the visible toast, which would otherwise cover part of the page for 5 s. */
async function closeToast(page: Page) {
  await page.getByRole('region', { name: /^Notifications/ }).getByRole('button', { name: 'Close' }).first().click();
}

test.describe('admin Messages tab', () => {
  test('a contact message shows unread with the badge; opening it shows the text, marks it read and lowers the badge', async ({ page }) => {
    const subject = `Group booking ${uniqueTag()}`;
    const text = 'Hello there,\nwe are five people from one team.\nIs there a group price?';
    const id = await sendContactMessage(page.request, subject, text);

    const loadedAt = Date.now();
    await signInAsAdmin(page, '/admin?tab=messages');
    await openAdminTab(page, 'Messages');
    const tab = adminSectionLink(page, 'Messages');
    // The badge counts every unread message, ours included.
    await expect.poll(() => badgeCount(tab)).toBeGreaterThanOrEqual(1);
    const before = await badgeCount(tab);

    const table = page.getByRole('region', { name: 'Contact Messages', exact: true });
    const headers = await table.getByRole('columnheader').allInnerTexts();
    expect(headers.map((h) => h.trim())).toEqual(['From', 'Subject', 'Date', 'Status', 'Action']);
    const row = table.getByRole('row').filter({ hasText: subject });
    await expect(row).toHaveCount(1);
    await expect(row.getByText('Katherine Johnson')).toBeVisible();
    await expect(row.getByText('katherine.johnson@example.com')).toBeVisible();
    await expect(row.getByText('Unread', { exact: true })).toBeVisible();

    // Opening marks the message read, then the dashboard reads its summary (and badge) again.
    const summaryAfter = page.waitForResponse(
      (r) => new URL(r.url()).pathname === '/api/admin/summary' && r.request().method() === 'GET',
    );
    await row.getByRole('button', { name: /^View/ }).click();
    const viewer = page.getByRole('dialog', { name: 'Message from Katherine Johnson' });
    await expect(viewer).toBeVisible();
    const body = viewer.getByRole('region', { name: 'Message text' });
    // Line breaks are kept as written.
    expect(await body.innerText()).toBe(text);
    await expect(viewer.getByRole('link', { name: 'katherine.johnson@example.com' })).toHaveAttribute('href', 'mailto:katherine.johnson@example.com');
    // The reply is written in the viewer (admin-message-reply.spec.ts), its subject ready.
    await expect(viewer.getByRole('form', { name: 'Reply to Katherine Johnson' }).getByLabel('Subject', { exact: true })).toHaveValue(`Re: ${subject}`);
    await expect(viewer.getByText('Read', { exact: true })).toBeVisible();

    // Stored as read on the server.
    await expect.poll(async () => (await listMessages(page)).find((m) => m.id === id)?.isRead).toBe(true);

    await viewer.getByRole('button', { name: 'Close', exact: true }).first().click();
    await expect(viewer).toBeHidden();
    await expect(row.getByText('Read', { exact: true })).toBeVisible();

    // The badge follows the server's new count, which is one lower (messages another spec file
    // sent meanwhile count on top).
    const after = ((await (await summaryAfter).json()) as { unreadMessages: number }).unreadMessages;
    await expect.poll(() => badgeCount(tab)).toBe(after);
    const others = (await listMessages(page)).filter((m) => m.id !== id && !m.isRead && Date.parse(m.createdAt) >= loadedAt - 1000).length;
    expect(after).toBeGreaterThanOrEqual(before - 1);
    expect(after).toBeLessThanOrEqual(before - 1 + others);

    // Still read after a reload.
    await page.reload();
    await openAdminTab(page, 'Messages');
    const reloaded = page.getByRole('region', { name: 'Contact Messages', exact: true }).getByRole('row').filter({ hasText: subject });
    await expect(reloaded.getByText('Read', { exact: true })).toBeVisible();
  });

  test('deletes a message after confirmation', async ({ page }) => {
    const subject = `Cheap watches ${uniqueTag()}`;
    const id = await sendContactMessage(page.request, subject, 'Buy our watches, best prices anywhere.');
    await signInAsAdmin(page, '/admin?tab=messages');
    await openAdminTab(page, 'Messages');
    const row = page.getByRole('region', { name: 'Contact Messages', exact: true }).getByRole('row').filter({ hasText: subject });
    await row.getByRole('button', { name: /^Delete message/ }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete this message?' });
    await confirm.getByRole('button', { name: 'Delete message' }).click();
    await expect(toast(page, 'Message Deleted')).toBeVisible();
    await expect(row).toHaveCount(0);
    expect((await listMessages(page)).some((m) => m.id === id)).toBe(false);
  });
});

test.describe('admin Strategy Notes tab', () => {
  test('creates a note whose markdown is rendered, archives, restores and deletes it', async ({ page }) => {
    const title = `Icebreaker ${uniqueTag()}`;
    await signInAsAdmin(page, '/admin?tab=strategy-notes');
    await openAdminTab(page, 'Strategy Notes');

    await page.getByRole('button', { name: 'Add Note' }).click();
    const form = page.getByRole('dialog', { name: 'Add Strategy Note' });
    // The schema's messages show for an empty form.
    await form.getByRole('button', { name: 'Create Note' }).click();
    await expect(form.getByText('Title is required')).toBeVisible();
    await expect(form.getByText('Content is required')).toBeVisible();

    await form.getByLabel('Title', { exact: true }).fill(title);
    await form.getByLabel('Category').selectOption('activities');
    await form.getByLabel('Content', { exact: true }).fill('Start with **bold** energy.\n\n- one <em>raw</em> idea\n- [docs](https://example.com/guide)');
    await form.getByRole('button', { name: 'Preview' }).click();
    const preview = form.getByRole('region', { name: 'Preview' });
    await expect(preview.locator('strong')).toHaveText('bold');
    await form.getByRole('button', { name: 'Write' }).click();
    await form.getByRole('button', { name: 'Create Note' }).click();
    await expect(toast(page, 'Strategy Note Created')).toBeVisible();
    await expect(form).toBeHidden();
    await closeToast(page);

    const card = page.getByRole('article', { name: title });
    await expect(card.locator('strong')).toHaveText('bold');
    await expect(card.getByText('Activities', { exact: true })).toBeVisible();
    // Raw HTML shows as the text typed, never as markup.
    await expect(card.getByText('one <em>raw</em> idea')).toBeVisible();
    await expect(card.locator('em')).toHaveCount(0);
    await expect(card.getByRole('link', { name: 'docs' })).toHaveAttribute('href', 'https://example.com/guide');

    // Archive: the note moves to the Archived Notes section.
    await card.getByRole('button', { name: `Archive ${title}` }).click();
    await expect(toast(page, 'Strategy Note Archived')).toBeVisible();
    await expect(card).toHaveCount(0);
    const archivedSection = page.getByRole('region', { name: 'Archived Notes' });
    await expect(archivedSection.getByText(title)).toBeVisible();
    await closeToast(page);

    // Restore opens the edit form with Archived unchecked; saving brings the note back.
    await archivedSection.getByRole('button', { name: `Restore ${title}` }).click();
    const restore = page.getByRole('dialog', { name: 'Restore Strategy Note' });
    await expect(restore.getByLabel('Title')).toHaveValue(title);
    await expect(restore.getByRole('checkbox', { name: 'Archived' })).not.toBeChecked();
    await restore.getByLabel('Title').fill(`${title} v2`);
    await restore.getByRole('button', { name: 'Save and Restore' }).click();
    await expect(toast(page, 'Strategy Note Updated')).toBeVisible();
    const restored = page.getByRole('article', { name: `${title} v2` });
    await expect(restored.locator('strong')).toHaveText('bold');
    await expect(archivedSection.getByText(title)).toHaveCount(0);
    await closeToast(page);

    // The category filter hides notes of other categories.
    await page.getByLabel('Category', { exact: true }).selectOption('feedback');
    await expect(restored).toHaveCount(0);
    await page.getByLabel('Category', { exact: true }).selectOption('activities');
    await expect(restored).toBeVisible();

    await restored.getByRole('button', { name: `Delete ${title} v2` }).click();
    await page.getByRole('dialog', { name: 'Delete this strategy note?' }).getByRole('button', { name: 'Delete note' }).click();
    await expect(toast(page, 'Strategy Note Deleted')).toBeVisible();
    await expect(restored).toHaveCount(0);
  });
});

test.describe('admin Messages and Strategy Notes tabs, accessibility', () => {
  test.use({ reducedMotion: 'reduce' });

  test('both tabs and the message viewer pass axe and fit a 360 px screen', async ({ page }) => {
    // Several full axe scans: on a slow, shared machine they take longer than the default 30 s.
    test.setTimeout(90_000);
    const subject = `Accessibility ${uniqueTag()}`;
    await sendContactMessage(page.request, subject, 'Is the room wheelchair accessible?');
    await page.setViewportSize({ width: 360, height: 740 });

    await signInAsAdmin(page, '/admin?tab=messages');
    await openAdminTab(page, 'Messages');
    await expect(page.getByRole('region', { name: 'Contact Messages', exact: true }).getByText(subject)).toBeVisible();
    await expectNoViolations(page, 'Messages tab');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

    await page
      .getByRole('region', { name: 'Contact Messages', exact: true })
      .getByRole('row')
      .filter({ hasText: subject })
      .getByRole('button', { name: /^View/ })
      .click();
    await expect(page.getByRole('dialog', { name: 'Message from Katherine Johnson' }).getByText('Read', { exact: true })).toBeVisible();
    await expectNoViolations(page, 'message viewer');

    await page.goto('/admin?tab=strategy-notes');
    await openAdminTab(page, 'Strategy Notes');
    // The demo seed has a note.
    await expect(page.getByRole('article').first()).toBeVisible();
    await expectNoViolations(page, 'Strategy Notes tab');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  });
});
