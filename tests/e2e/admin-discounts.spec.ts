import { test, expect } from './fixtures';
import { expectNoViolations } from './support/axe';
import { openAdminTab, signInToAdminTab } from './support/admin';
import { CLIENT_HEADERS } from './support/api';
import { E2E_ADMIN_EMAIL } from './support/constants';

/** The Discount Codes tab; CONTRACT §6: the Admin Users tab. */

const unique = () => Math.random().toString(36).slice(2, 7).toUpperCase();

test.describe('Discount Codes tab', () => {
  test.beforeEach(async ({ page }) => {
    await signInToAdminTab(page, 'Discount Codes');
  });

  test('shows the table with the spec columns', async ({ page }) => {
    const table = page.getByRole('region', { name: 'Discount codes' });
    await expect(table).toBeVisible();
    const headers = await table.getByRole('columnheader').allTextContents();
    expect(headers).toEqual(['Code', 'Description', 'Discount', 'Usage', 'Expiration', 'Status', 'Actions']);
  });

  test('an expired code is saved as active only after a warning, and activating one asks first', async ({ page }) => {
    const code = `LATE${unique()}`;
    await page.getByRole('button', { name: 'Add Discount Code' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Discount Code' });
    await dialog.getByLabel('Code', { exact: true }).fill(code);
    await dialog.getByLabel('Description').fill('Last year');
    await dialog.getByLabel('Expiration date').fill('2020-01-01');
    await dialog.getByRole('button', { name: 'Create Discount Code' }).click();
    // Nothing is saved yet: the dialog says why the code would not work, and asks again.
    await expect(dialog.getByRole('alert')).toHaveText(/^This code expired on Jan 1, 2020: saved as active, it still will not work at checkout/);
    await expect(page.getByText('Discount Code Created', { exact: true })).toHaveCount(0);
    const listed = async () => {
      const list = await page.request.get('/api/admin/discount-codes', { headers: CLIENT_HEADERS });
      return ((await list.json()) as { code: string; isActive: boolean }[]).find((c) => c.code === code);
    };
    expect(await listed()).toBeUndefined();
    // Unticking Active removes the warning; the inactive code saves at once.
    await dialog.getByLabel('Active').uncheck();
    await expect(dialog.getByRole('alert')).toHaveCount(0);
    await dialog.getByRole('button', { name: 'Create Discount Code' }).click();
    await expect(page.getByText('Discount Code Created', { exact: true })).toBeVisible();
    expect(await listed()).toMatchObject({ isActive: false });

    // Activating it from the table asks first, and only 'Activate anyway' activates it.
    await page.getByRole('button', { name: `Activate ${code}` }).click();
    const confirm = page.getByRole('dialog', { name: `Activate ${code}? It has expired` });
    await expect(confirm).toContainText('expired on Jan 1, 2020');
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    expect(await listed()).toMatchObject({ isActive: false });
    await page.getByRole('button', { name: `Activate ${code}` }).click();
    await confirm.getByRole('button', { name: 'Activate anyway' }).click();
    await expect(page.getByRole('button', { name: `Deactivate ${code}` })).toBeVisible();
    expect(await listed()).toMatchObject({ isActive: true });

    // Editing it, still expired and active, warns again before saving.
    await page.getByRole('button', { name: `Edit ${code}` }).click();
    const edit = page.getByRole('dialog', { name: `Edit ${code}` });
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await expect(edit.getByRole('alert')).toBeVisible();
    await edit.getByRole('button', { name: 'Save anyway' }).click();
    await expect(page.getByText('Discount Code Updated', { exact: true }).first()).toBeVisible();
    await expect(edit).toBeHidden();
  });

  test('creates a code through the dialog: toast, then the row in capitals', async ({ page }) => {
    const code = `spring-${unique()}`;
    await page.getByRole('button', { name: 'Add Discount Code' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Discount Code' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel('Discount (%)')).toHaveValue('10');
    await dialog.getByLabel('Code', { exact: true }).fill(code);
    await dialog.getByLabel('Description').fill('Spring sale');
    await dialog.getByLabel('Discount (%)').fill('25');
    await dialog.getByLabel('Max uses').fill('5');
    await dialog.getByRole('button', { name: 'Create Discount Code' }).click();

    await expect(page.getByText('Discount Code Created', { exact: true })).toBeVisible();
    await expect(dialog).toBeHidden();
    const row = page.getByRole('row').filter({ hasText: code.toUpperCase() });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('Spring sale');
    await expect(row).toContainText('25%');
    await expect(row).toContainText('0 / 5');
    await expect(row).toContainText('Never');
    await expect(row).toContainText('Active');

    // What the server stored, not only what the page shows.
    const list = await page.request.get('/api/admin/discount-codes', { headers: CLIENT_HEADERS });
    const stored = ((await list.json()) as { code: string; discountPercent: number; maxUses: number | null }[]).find(
      (c) => c.code === code.toUpperCase(),
    );
    expect(stored).toMatchObject({ discountPercent: 25, maxUses: 5 });
  });

  test("an empty submit shows 'Code is required' and 'Description is required'", async ({ page }) => {
    await page.getByRole('button', { name: 'Add Discount Code' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Discount Code' });
    await dialog.getByRole('button', { name: 'Create Discount Code' }).click();
    await expect(dialog.getByText('Code is required')).toBeVisible();
    await expect(dialog.getByText('Description is required')).toBeVisible();
    await expect(dialog.getByLabel('Code', { exact: true })).toHaveAttribute('aria-invalid', 'true');
    await dialog.getByLabel('Discount (%)').fill('150');
    await dialog.getByRole('button', { name: 'Create Discount Code' }).click();
    await expect(dialog.getByText('Discount must be between 1 and 100 percent')).toBeVisible();
  });

  test('a duplicate code is refused with the server message', async ({ page, consoleGuard }) => {
    // The browser logs the 409 answer as a failed resource; that refusal is what is tested here.
    consoleGuard.allow(/status of 409/);
    await page.getByRole('button', { name: 'Add Discount Code' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Discount Code' });
    // WELCOME10 is in the demo content; any letter case is the same code.
    await dialog.getByLabel('Code', { exact: true }).fill('welcome10');
    await dialog.getByLabel('Description').fill('Again');
    await dialog.getByRole('button', { name: 'Create Discount Code' }).click();
    await expect(page.getByText('Failed to create discount code', { exact: true })).toBeVisible();
    await expect(dialog.getByText('A discount code with this code already exists')).toBeVisible();
  });

  test('deactivates, reactivates and deletes a code', async ({ page }) => {
    const code = `TOGGLE-${unique()}`;
    const created = await page.request.post('/api/admin/discount-codes', { headers: CLIENT_HEADERS, data: { code, description: 'Toggle me' } });
    expect(created.status()).toBe(201);
    await page.reload();
    await openAdminTab(page, 'Discount Codes');
    const row = page.getByRole('row').filter({ hasText: code });

    await row.getByRole('button', { name: `Deactivate ${code}` }).click();
    await expect(page.getByText('Discount Code Updated', { exact: true })).toBeVisible();
    await expect(row).toContainText('Inactive');
    await row.getByRole('button', { name: `Activate ${code}` }).click();
    await expect(row.getByRole('button', { name: `Deactivate ${code}` })).toBeVisible();

    await row.getByRole('button', { name: `Delete ${code}` }).click();
    await page.getByRole('dialog', { name: `Delete ${code}?` }).getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('Discount Code Deleted', { exact: true })).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: code })).toHaveCount(0);
  });
});

test.describe('Admin Users tab', () => {
  test('lists the signed-in admin as You, validates and adds an admin', async ({ page }) => {
    await signInToAdminTab(page, 'Admin Users');
    const me = page.getByRole('row').filter({ hasText: E2E_ADMIN_EMAIL });
    await expect(me).toContainText('You');
    await expect(page.getByRole('heading', { name: 'Two-step sign-in', level: 3 })).toBeVisible();

    await page.getByRole('button', { name: 'Add Admin' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Admin' });
    await dialog.getByLabel('Email').fill('not-an-email');
    await dialog.getByLabel('Password').fill('short');
    await dialog.getByRole('button', { name: 'Add Admin' }).click();
    await expect(dialog.getByText('Please enter a valid email address')).toBeVisible();
    await expect(dialog.getByText('Password must be at least 12 characters')).toBeVisible();

    const email = `helper-${unique().toLowerCase()}@example.com`;
    await dialog.getByLabel('Email').fill(email);
    await dialog.getByLabel('Password').fill('a long enough password');
    await dialog.getByRole('button', { name: 'Add Admin' }).click();
    await expect(page.getByText('Admin Added', { exact: true })).toBeVisible();
    const added = page.getByRole('row').filter({ hasText: email });
    await expect(added).toBeVisible();

    // With two admins the new one can be removed again.
    await added.getByRole('button', { name: `Remove ${email}` }).click();
    await page.getByRole('dialog', { name: `Remove ${email}?` }).getByRole('button', { name: 'Remove' }).click();
    await expect(page.getByText('Admin Removed', { exact: true })).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: email })).toHaveCount(0);
  });
});

test.describe('accessibility', () => {
  test.use({ reducedMotion: 'reduce' });

  test('the Discount Codes tab, its dialog and the Admin Users tab pass axe-core', async ({ page }) => {
    // Several full axe scans: on a slow, shared machine they take longer than the default 30 s.
    test.setTimeout(90_000);
    await signInToAdminTab(page, 'Discount Codes');
    await expect(page.getByRole('region', { name: 'Discount codes' })).toBeVisible();
    await expectNoViolations(page, 'Discount Codes tab');
    await page.getByRole('button', { name: 'Add Discount Code' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Discount Code' });
    await dialog.getByRole('button', { name: 'Create Discount Code' }).click();
    await expect(dialog.getByText('Code is required')).toBeVisible();
    await expectNoViolations(page, 'Add Discount Code dialog');
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    await openAdminTab(page, 'Admin Users');
    await expect(page.getByRole('region', { name: 'Admins' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Set up two-step sign-in' })).toBeVisible();
    await expectNoViolations(page, 'Admin Users tab');
  });
});
