import type { Page } from '@playwright/test';
import { test, expect } from './fixtures';
import { adminGetJson, adminRequest, exactText } from './support/api';

const contactForm = (page: Page) => page.getByRole('form', { name: 'Contact form' });
const sendButton = (page: Page) => contactForm(page).getByRole('button', { name: /send/i });

test.describe('contact form', () => {
  test('shows the contact section and validates every field', async ({ page }) => {
    await page.goto('/');
    const contact = page.locator('#contact');
    await expect(contact.getByText(/send us a message/i).first()).toBeVisible();
    await expect(contact.getByText(/@/).first()).toBeVisible();
    const form = contactForm(page);
    await sendButton(page).click();
    await expect(form.getByText('Name must be at least 2 characters')).toBeVisible();
    await expect(form.getByText('Please enter a valid email address')).toBeVisible();
    await expect(form.getByText('Subject must be at least 2 characters')).toBeVisible();
    await expect(form.getByText('Message must be at least 10 characters')).toBeVisible();

    // Too short is still wrong; fixing a field removes its message only.
    await form.getByLabel('Name', { exact: true }).fill('Al');
    await form.getByLabel('Message', { exact: true }).fill('too short');
    await sendButton(page).click();
    await expect(form.getByText('Name must be at least 2 characters')).toHaveCount(0);
    await expect(form.getByText('Message must be at least 10 characters')).toBeVisible();
  });

  test('a valid message is sent, confirmed and the form reset', async ({ page }) => {
    await page.goto('/');
    const form = contactForm(page);
    const subject = `E2E question ${Date.now()}`;
    await form.getByLabel('Name', { exact: true }).fill('Grace Hopper');
    await form.getByLabel('Email', { exact: true }).fill('grace.hopper@example.com');
    await form.getByLabel('Subject', { exact: true }).fill(subject);
    await form.getByLabel('Message', { exact: true }).fill('Is the workshop suitable for a team of five?');

    // Hold the request a moment so the sending state can be seen.
    await page.route(/\/api\/contact$/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 800));
      await route.continue();
    });
    const [response] = await Promise.all([
      page.waitForResponse((r) => new URL(r.url()).pathname === '/api/contact' && r.request().method() === 'POST'),
      (async () => {
        await sendButton(page).click();
        await expect(form.getByRole('button', { name: /^\s*sending\.\.\.\s*$/i })).toBeVisible();
      })(),
    ]);
    expect(response.status(), 'POST /api/contact').toBeGreaterThanOrEqual(200);
    expect(response.status(), 'POST /api/contact').toBeLessThan(300);

    await expect(page.getByText('Message sent!').first()).toBeVisible();
    await expect(page.getByText(exactText("We'll get back to you as soon as possible.")).first()).toBeVisible();
    for (const label of ['Name', 'Email', 'Subject', 'Message']) {
      await expect(form.getByLabel(label, { exact: true })).toHaveValue('');
    }

    // Server side: the admin sees the message.
    const admin = await adminRequest('message stored (GET /api/admin/contact-messages)');
    try {
      const messages = await adminGetJson<{ subject: string; email: string; name: string }[]>(admin, '/api/admin/contact-messages', 'message stored');
      const stored = messages.find((m) => m.subject === subject);
      expect(stored, 'the message is stored').toBeTruthy();
      expect(stored).toMatchObject({ name: 'Grace Hopper', email: 'grace.hopper@example.com' });
    } finally {
      await admin.dispose();
    }
  });

  test('the newsletter is opt-in: ticking the box subscribes the sender', async ({ page }) => {
    await page.goto('/');
    const form = contactForm(page);
    const email = `contact-news-${Date.now().toString(36)}@example.com`;
    const newsletter = form.getByLabel('Send me news about upcoming workshops');
    await expect(newsletter).not.toBeChecked();
    await form.getByLabel('Name', { exact: true }).fill('Nora News');
    await form.getByLabel('Email', { exact: true }).fill(email);
    await form.getByLabel('Subject', { exact: true }).fill('Future dates');
    await form.getByLabel('Message', { exact: true }).fill('Please tell me when new dates open.');
    await newsletter.check();
    await sendButton(page).click();
    await expect(page.getByText('Message sent!').first()).toBeVisible();
    await expect(newsletter).not.toBeChecked();

    const admin = await adminRequest('subscriber stored (GET /api/admin/newsletter-subscribers)');
    try {
      const subscribers = await adminGetJson<{ email: string; source: string; unsubscribedAt: string | null }[]>(admin, '/api/admin/newsletter-subscribers', 'subscriber stored');
      expect(subscribers.find((s) => s.email === email)).toMatchObject({ source: 'contact', unsubscribedAt: null });
    } finally {
      await admin.dispose();
    }
  });
});
