import type { APIRequestContext, Page } from '@playwright/test';
import { test, expect } from './fixtures';
import { openAdminTab, signInAsAdmin } from './support/admin';
import { CLIENT_HEADERS } from './support/api';
import { expectNoViolations } from './support/axe';
import { waitForMail } from './support/mail';
import { holdRequests } from './support/page';

/*
 * The organiser answers a contact message from Admin › Messages: the viewer's reply form (subject
 * prefilled with 'Re: '), a failure shown beside the form, then the reply sent through the outbox,
 * 'Replied' on the message, and the e-mail in the visitor's inbox; at a laptop's and a phone's width.
 */

type Listed = { id: number; isRead: boolean; repliedAt: string | null };

/** A visitor's message through the public contact form's call. */
async function sendContactMessage(request: APIRequestContext, visitor: { name: string; email: string }, subject: string, message: string): Promise<number> {
  const response = await request.post('/api/contact', { headers: CLIENT_HEADERS, data: { ...visitor, subject, message } });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { id: number }).id;
}

/** The message as the admin's list answers it, read with the page's (signed-in) session. */
async function listedMessage(page: Page, id: number): Promise<Listed | undefined> {
  const response = await page.request.get('/api/admin/contact-messages', { headers: CLIENT_HEADERS });
  expect(response.ok(), await response.text()).toBe(true);
  return ((await response.json()) as Listed[]).find((message) => message.id === id);
}

/** Nothing wider than the screen: no sideways scrolling on a phone. */
async function expectFitsWidth(page: Page, width: number) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
]) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport, reducedMotion: 'reduce' });

    test('the organiser replies to a contact message: Re: subject, an error beside the form, then sent, replied, and delivered', async ({ page, consoleGuard }) => {
      // Two full axe scans and a delivery through the outbox worker: more than the default 30 s on a busy machine.
      test.setTimeout(120_000);
      const tag = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}-${viewport.width}`;
      const visitor = { name: 'Dorothy Vaughan', email: `dorothy.${tag}@example.com` };
      const subject = `Laptop needed? ${tag}`;
      const id = await sendContactMessage(page.request, visitor, subject, 'Hello,\ndo I need to bring my own laptop?');

      await signInAsAdmin(page, '/admin?tab=messages');
      await openAdminTab(page, 'Messages');
      const row = page.getByRole('region', { name: 'Contact Messages', exact: true }).getByRole('row').filter({ hasText: subject });
      await expect(row).toHaveCount(1);
      await expect(row.getByText('Replied', { exact: true })).toHaveCount(0);
      await row.getByRole('button', { name: /^View/ }).click();

      const viewer = page.getByRole('dialog', { name: `Message from ${visitor.name}` });
      await expect(viewer).toBeVisible();
      const form = viewer.getByRole('form', { name: `Reply to ${visitor.name}` });
      const subjectField = form.getByLabel('Subject', { exact: true });
      const messageField = form.getByLabel('Message', { exact: true });
      const send = form.getByRole('button', { name: 'Send reply' });
      // The mailto link is gone: the reply is written here.
      await expect(viewer.getByRole('link', { name: 'Reply by email' })).toHaveCount(0);
      await expect(subjectField).toHaveValue(`Re: ${subject}`);
      await expect(messageField).toHaveValue('');
      await expectFitsWidth(page, viewport.width);
      await expectNoViolations(page, 'the message viewer with its reply form');

      // Nothing typed: the form says so under the field, and nothing is sent.
      await send.click();
      await expect(form.getByText('Message is required')).toBeVisible();
      await expect(messageField).toHaveAttribute('aria-invalid', 'true');

      // By keyboard: type the reply, Tab to the button, Enter. The first try fails (the server is
      // made to answer 503 once): the reason shows beside the form, and the words stay.
      consoleGuard.allow(/status of 503/);
      await page.route(`**/api/admin/contact-messages/${id}/reply`, (route) => route.fulfill({ status: 503, contentType: 'application/json', body: '{"message":"Service unavailable"}' }), { times: 1 });
      const words = 'Hi Dorothy,\nno need: we lend laptops. <b>Bring a charger</b> & a smile.';
      await messageField.focus();
      await page.keyboard.type(words);
      await page.keyboard.press('Tab');
      await expect(send).toBeFocused();
      await page.keyboard.press('Enter');
      await expect(form.getByRole('alert')).toHaveText('The reply could not be sent. Please try again.');
      await expect(messageField).toHaveValue(words);
      await expectNoViolations(page, 'the reply form showing a failure');

      // Again, for real: busy while it goes, then the toast, 'Replied' and an empty message field.
      const release = await holdRequests(page, new RegExp(`/api/admin/contact-messages/${id}/reply$`));
      await send.focus();
      await page.keyboard.press('Enter');
      const busy = form.getByRole('button', { name: 'Sending…' });
      await expect(busy).toBeDisabled();
      release();
      await expect(page.getByText('Reply sent', { exact: true }).first()).toBeVisible();
      await expect(form.getByRole('alert')).toHaveCount(0);
      await expect(messageField).toHaveValue('');
      await expect(send).toBeEnabled();
      await expect(viewer.getByText('Replied', { exact: true })).toBeVisible();
      await expect(viewer.getByText('Read', { exact: true })).toBeVisible();
      await expect.poll(async () => (await listedMessage(page, id))?.repliedAt ?? null).not.toBeNull();
      expect(await listedMessage(page, id)).toMatchObject({ isRead: true });

      // The list says so too, with the reply's date on hover.
      await viewer.getByRole('button', { name: 'Close', exact: true }).first().click();
      await expect(viewer).toBeHidden();
      await expect(row.getByText('Replied', { exact: true })).toBeVisible();
      await expect(row.getByTitle(/^Replied /)).toBeVisible();
      await expectFitsWidth(page, viewport.width);

      // The visitor's inbox: the subject, the organiser's words as text (never markup), their
      // message quoted, and the organiser's address to answer to.
      const mail = await waitForMail(visitor.email, new RegExp(`^Re: Laptop needed\\? ${tag}$`));
      expect(mail.recipients).toEqual([visitor.email.toLowerCase()]);
      expect(mail.text).toContain('no need: we lend laptops. <b>Bring a charger</b> & a smile.');
      expect(mail.text).toContain('> do I need to bring my own laptop?');
      expect(mail.html).toContain('Hi Dorothy,<br>no need: we lend laptops. &lt;b&gt;Bring a charger&lt;/b&gt; &amp; a smile.');
      expect(mail.html).not.toContain('<b>Bring a charger</b>');
      expect(mail.headers.get('reply-to') ?? '').toMatch(/@/);
    });
  });
}
