import { test, expect } from './fixtures';
import { expectNoViolations } from './support/axe';
import { signInToAdminTab } from './support/admin';
import { CLIENT_HEADERS } from './support/api';

/** Writing and publishing a blog post in the admin area; workshop assets. */

const unique = () => Math.random().toString(36).slice(2, 7);

test('writes a post in the rich-text editor, publishes it, and visitors read it with the bold word', async ({ page }) => {
  const id = unique();
  const title = `Facilitation Notes ${id}`;
  await signInToAdminTab(page, 'Blog');
  await page.getByRole('button', { name: 'New Post' }).click();

  const editor = page.getByRole('form', { name: 'New blog post' });
  await editor.getByLabel('Title').fill(title);
  // The slug follows the title until it is edited.
  await expect(editor.getByLabel('Slug')).toHaveValue(`facilitation-notes-${id}`);
  await editor.getByLabel('Excerpt').fill('What we learned this spring.');

  const content = editor.getByRole('textbox', { name: 'Content' });
  await content.click();
  await page.keyboard.type('Workshops need ');
  await editor.getByRole('button', { name: 'Bold' }).click();
  await page.keyboard.type('energy');
  await page.keyboard.press('ControlOrMeta+b');
  await page.keyboard.type(' and a plan.');
  await expect(content.locator('strong')).toHaveText('energy');
  await expect(editor.getByRole('button', { name: 'Bold' })).toHaveAttribute('aria-pressed', 'false');

  await editor.getByRole('switch', { name: 'Published' }).click();
  await expect(editor.getByRole('switch', { name: 'Published' })).toHaveAttribute('aria-checked', 'true');
  await expectNoViolations(page, 'blog editor');

  // Preview: the server-cleaned post in a sandboxed frame.
  await page.getByRole('button', { name: 'Preview' }).click();
  const preview = page.getByRole('dialog', { name: 'Preview' });
  await expect(preview).toBeVisible();
  const frame = page.frameLocator('iframe[title^="Preview:"]');
  await expect(frame.getByRole('heading', { level: 1 })).toHaveText(title);
  await expect(frame.locator('strong')).toHaveText('energy');
  await page.keyboard.press('Escape');
  await expect(preview).toBeHidden();

  await page.getByRole('button', { name: 'Create Post' }).click();
  await expect(page.getByText('Blog Post Created', { exact: true })).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: title });
  await expect(row).toContainText('Published');

  // What the server stored.
  const stored = ((await (await page.request.get('/api/admin/blog-posts', { headers: CLIENT_HEADERS })).json()) as { title: string; content: string; isPublished: boolean }[]).find(
    (post) => post.title === title,
  );
  expect(stored?.isPublished).toBe(true);
  expect(stored?.content).toBe('<p>Workshops need <strong>energy</strong> and a plan.</p>');

  // Visitors: the blog list, then the post with the bold word.
  await page.goto('/blog');
  const link = page.getByRole('link', { name: new RegExp(title) }).first();
  await expect(link).toBeVisible();
  await link.click();
  await expect(page).toHaveURL(new RegExp(`/blog/facilitation-notes-${id}$`));
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.locator('article strong', { hasText: 'energy' })).toBeVisible();
  await expect(page).toHaveTitle(new RegExp(title));
});

test('adds a workshop asset, previews it, reorders and deletes it', async ({ page }) => {
  const id = unique();
  await signInToAdminTab(page, 'Workshop Assets');
  const titles = [`Tips ${id} A`, `Tips ${id} B`];
  for (const title of titles) {
    await page.getByRole('button', { name: 'Add Asset' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Workshop Asset' });
    await dialog.getByLabel('Title').fill(title);
    await dialog.getByLabel('Type').selectOption('tips');
    await dialog.getByRole('button', { name: 'HTML', exact: true }).click();
    await dialog.getByLabel('Content', { exact: true }).fill(`<p>Hello <em>${title}</em></p><script>alert(1)</script>`);
    await dialog.getByRole('button', { name: 'Preview' }).click();
    await expect(page.frameLocator(`iframe[title="Preview: ${title}"]`).locator('em')).toHaveText(title);
    await dialog.getByRole('button', { name: 'Create Asset' }).click();
    await expect(page.getByText('Workshop Asset Created', { exact: true }).first()).toBeVisible();
    await expect(dialog).toBeHidden();
  }
  const table = page.getByRole('region', { name: 'Workshop assets' });
  const order = async () => (await table.getByRole('row').allTextContents()).filter((text) => text.includes(`Tips ${id}`)).map((text) => (text.includes(`${id} A`) ? 'A' : 'B'));
  await expect.poll(order).toEqual(['A', 'B']);
  await page.getByRole('button', { name: `Move Tips ${id} B up` }).click();
  await expect.poll(order).toEqual(['B', 'A']);

  await page.getByRole('button', { name: `Delete Tips ${id} A` }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Workshop Asset Deleted', { exact: true })).toBeVisible();
  await expect(table.getByText(`Tips ${id} A`)).toHaveCount(0);
});
