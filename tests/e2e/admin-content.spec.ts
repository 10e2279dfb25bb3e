import { test, expect } from './fixtures';
import { expectNoViolations } from './support/axe';
import { openAdminTab, signInAsAdmin, signInToAdminTab } from './support/admin';
import { CLIENT_HEADERS, type Announcement, type Testimonial } from './support/api';

/** Issue 6 point 1: the Testimonials and Announcements tabs, with an uploaded avatar. */

/** A real 1×1 PNG, so the browser can draw it. */
const TINY_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

const unique = () => Math.random().toString(36).slice(2, 8);

test('a testimonial with an uploaded avatar appears on the landing page at once', async ({ page }) => {
  // A whole journey from the admin to a visitor: 20–24 s on a slow CI machine, where one run of
  // the announcement journey went past the default 30 s.
  test.setTimeout(60_000);
  const name = `Ada Avatar ${unique()}`;
  const text = `The best workshop I have attended (${unique()}).`;
  await signInToAdminTab(page, 'Testimonials');
  await expect(page.getByRole('region', { name: 'Testimonials' })).toBeVisible();

  await page.getByRole('button', { name: 'Add Testimonial' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Testimonial' });
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByLabel('Role').fill('Founder');
  await dialog.getByLabel('Organization').fill('Engines Ltd');
  await dialog.getByLabel('Testimonial', { exact: true }).fill(text);
  // First on the landing page, whatever else the demo data holds.
  await dialog.getByLabel('Sort order').fill('-999999');

  await dialog.getByLabel('Upload image').setInputFiles({ name: 'avatar.png', mimeType: 'image/png', buffer: TINY_PNG });
  const urlField = dialog.getByLabel('or paste an image URL');
  await expect(urlField).toHaveValue(/^\/uploads\/[a-f0-9]{32}\.png$/);
  const avatarUrl = await urlField.inputValue();
  const preview = dialog.getByRole('img', { name: 'Profile image preview' });
  await expect(preview).toHaveAttribute('src', avatarUrl);
  await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1);
  await expectNoViolations(page, 'testimonial dialog');

  await dialog.getByRole('button', { name: 'Create Testimonial' }).click();
  await expect(page.getByText('Testimonial Created', { exact: true })).toBeVisible();
  await expect(dialog).toBeHidden();
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toContainText('Founder, Engines Ltd');
  await expect(row.getByRole('img', { name: `Photo of ${name}` })).toHaveAttribute('src', avatarUrl);
  await expect(row.getByRole('switch', { name: `Published: ${name}` })).toBeChecked();
  await expectNoViolations(page, 'Testimonials tab');

  // The file is served back as an image.
  const served = await page.request.get(avatarUrl);
  expect(served.status()).toBe(200);
  expect(served.headers()['content-type']).toBe('image/png');
  expect(Buffer.from(await served.body()).equals(TINY_PNG)).toBe(true);

  // The public list answers it straight away (the read cache was cleared by the write).
  const publicList = (await (await page.request.get('/api/testimonials')).json()) as Testimonial[];
  expect(publicList[0]).toMatchObject({ name, text, profileImageUrl: avatarUrl, role: 'Founder', organization: 'Engines Ltd' });

  await page.goto('/');
  const section = page.locator('#testimonials');
  const card = section.getByRole('listitem').filter({ hasText: name });
  await expect(card).toContainText(text);
  // Hovering pauses the carousel, so the card stays while it is checked.
  await card.hover();
  const avatar = card.locator(`img[src="${avatarUrl}"]`);
  await avatar.scrollIntoViewIfNeeded();
  await expect.poll(() => avatar.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1);

  // Hiding it removes it from the landing page.
  await page.goto('/admin');
  await openAdminTab(page, 'Testimonials');
  await page.getByRole('switch', { name: `Published: ${name}` }).click();
  await expect(page.getByText('Testimonial Updated', { exact: true })).toBeVisible();
  await expect(page.getByRole('switch', { name: `Published: ${name}` })).not.toBeChecked();
  const afterHide = (await (await page.request.get('/api/testimonials')).json()) as Testimonial[];
  expect(afterHide.some((t) => t.name === name)).toBe(false);
});

test('switching on an announcement interest form shows it to visitors and collects their e-mails', async ({ page, browser }) => {
  // A whole journey from the admin to a visitor: 20–24 s on a slow CI machine, where one run of
  // the announcement journey went past the default 30 s.
  test.setTimeout(60_000);
  const title = `Autumn cohort ${unique()}`;
  await signInAsAdmin(page);
  const created = await page.request.post('/api/admin/announcements', {
    headers: CLIENT_HEADERS,
    data: { title, content: '<p>Seats <strong>open</strong> soon.</p><script>alert(1)</script>', sortOrder: -999999 },
  });
  expect(created.status(), await created.text()).toBe(201);

  await openAdminTab(page, 'Announcements');
  const row = page.getByRole('row').filter({ hasText: title });
  const formSwitch = row.getByRole('switch', { name: `Interest form: ${title}` });
  await expect(formSwitch).not.toBeChecked();
  await expect(row.getByRole('switch', { name: `Published: ${title}` })).toBeChecked();
  await formSwitch.click();
  await expect(page.getByText('Announcement Updated', { exact: true })).toBeVisible();
  await expect(formSwitch).toBeChecked();
  await expectNoViolations(page, 'Announcements tab');

  const publicList = (await (await page.request.get('/api/announcements')).json()) as Announcement[];
  const published = publicList.find((a) => a.title === title);
  expect(published).toMatchObject({ emailFormEnabled: true, content: '<p>Seats <strong>open</strong> soon.</p>' });

  // A visitor (no admin session) sees the form and registers.
  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  const email = `fan-${unique()}@example.com`;
  await visitor.goto('/');
  const form = visitor.getByRole('form', { name: `Register interest: ${title}` });
  await form.getByLabel('Interested? Let us know:').fill(email);
  await form.getByRole('button', { name: 'Submit' }).click();
  await expect(form.getByRole('status')).toHaveText("Thank you for your interest! We'll be in touch soon.");
  await visitorContext.close();

  // The admin sees the address in the interest list.
  await page.reload();
  await openAdminTab(page, 'Announcements');
  await page.getByRole('button', { name: `1 interested in ${title}: show e-mails` }).click();
  const dialog = page.getByRole('dialog', { name: `Interest in ${title}` });
  await expect(dialog.getByRole('list', { name: 'Interested e-mail addresses' })).toContainText(email);
  await expect(dialog.getByRole('button', { name: 'Copy all' })).toBeEnabled();
  await dialog.getByRole('button', { name: 'Close' }).first().click();

  // Edit: the preview shows the server's sanitised HTML.
  await page.getByRole('button', { name: `Edit ${title}` }).click();
  const editor = page.getByRole('dialog', { name: `Edit ${title}` });
  await editor.getByRole('button', { name: 'HTML', exact: true }).click();
  await editor.getByLabel('Content', { exact: true }).fill('<p>Now <em>booking</em></p><svg onload="alert(1)"><circle r="5"/></svg><script>alert(2)</script>');
  const preview = editor.getByRole('region', { name: 'Preview' });
  await expect(preview.locator('em')).toHaveText('booking');
  await expect(preview.locator('svg, script')).toHaveCount(0);
  await editor.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Announcement Updated', { exact: true })).toBeVisible();
  const stored = ((await (await page.request.get('/api/admin/announcements', { headers: CLIENT_HEADERS })).json()) as Announcement[]).find(
    (a) => a.title === title,
  );
  expect(stored?.content).toBe('<p>Now <em>booking</em></p>');
});
