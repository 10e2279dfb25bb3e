import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { test, expect } from './fixtures';
import { adminSection, signInToAdminTab } from './support/admin';

/** Spec §7, §8: 'Download CSV' and 'Import CSV' in the admin tabs (here: Discount Codes). */

const HEADER = 'id,code,description,discountPercent,isActive,expiresAt,maxUses,currentUses';

function uniqueCode(tag: string) {
  return `${tag}${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`.toUpperCase();
}

async function chooseFile(page: Page, content: string) {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Import CSV for discount codes' }).click();
  await (await chooser).setFiles({ name: 'discount-codes.csv', mimeType: 'text/csv', buffer: Buffer.from(content, 'utf8') });
}

test.beforeEach(async ({ page }) => {
  await signInToAdminTab(page, 'Discount Codes');
});

test('Download CSV saves the discount codes as a dated CSV file', async ({ page }) => {
  const link = page.getByRole('link', { name: 'Download CSV of discount codes' });
  await expect(link).toBeVisible();
  const downloading = page.waitForEvent('download');
  await link.click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^discountCodes-\d{4}-\d{2}-\d{2}\.csv$/);
  const content = await readFile((await download.path())!, 'utf8');
  expect(content.startsWith(`\uFEFF${HEADER}\r\n`)).toBe(true);
  expect(content).toContain(',WELCOME10,Welcome discount,10,true,,,');
});

const exportedCodes = async (page: Page) => (await page.request.get('/api/admin/export/discountCodes.csv')).text();

test('Import CSV shows the file first and adds its rows only after Import, then says how many', async ({ page }) => {
  const code = uniqueCode('CSV');
  await chooseFile(page, `${HEADER}\r\n,${code},"Imported, from a file",25,true,,5,\r\n`);

  // A preview, and nothing written yet.
  const dialog = page.getByRole('dialog', { name: 'Import discount codes' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText('discount-codes.csv holds 1 row. Check them before they are written.')).toBeVisible();
  const table = dialog.getByRole('region', { name: 'Preview of discount-codes.csv' });
  await expect(table.getByRole('columnheader')).toHaveText(['Row', ...HEADER.split(',')]);
  await expect(table.getByRole('row').nth(1).getByRole('cell')).toHaveText(['1', '', code, 'Imported, from a file', '25', 'true', '', '5', '']);
  expect(await exportedCodes(page)).not.toContain(code);

  await dialog.getByRole('button', { name: 'Import 1 row' }).click();
  await expect(page.getByText('Import Complete', { exact: true })).toBeVisible();
  await expect(page.getByText('Imported 1 rows', { exact: true })).toBeVisible();
  await expect(dialog).toBeHidden();
  // The tab's list reloads with the new code.
  await expect(adminSection(page).getByText(code, { exact: true }).first()).toBeVisible();
  expect(await exportedCodes(page)).toContain(`,${code},"Imported, from a file",25,true,,5,0\r\n`);
});

test('the preview shows the first five rows of a longer file in a frame that scrolls, and Cancel writes nothing', async ({ page }) => {
  const codes = Array.from({ length: 7 }, (_, i) => uniqueCode(`MANY${i}`));
  await chooseFile(page, `${HEADER}\n${codes.map((code) => `,${code},Row of a long file,10,true,,,`).join('\n')}\n`);
  const dialog = page.getByRole('dialog', { name: 'Import discount codes' });
  await expect(dialog.getByText('discount-codes.csv holds 7 rows. Check them before they are written.')).toBeVisible();
  await expect(dialog.getByText('The first 5 of 7 rows', { exact: true })).toBeVisible();
  const table = dialog.getByRole('region', { name: 'Preview of discount-codes.csv' });
  // A header row and five rows of the file.
  await expect(table.getByRole('row')).toHaveCount(6);
  await expect(table.getByText(codes[4]!, { exact: true })).toBeVisible();
  await expect(table.getByText(codes[5]!, { exact: true })).toHaveCount(0);
  expect(await table.evaluate((frame) => getComputedStyle(frame).overflowX)).toBe('auto');
  await expect(dialog.getByRole('button', { name: 'Import 7 rows' })).toBeEnabled();

  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  const file = await exportedCodes(page);
  for (const code of codes) expect(file).not.toContain(code);
});

test('the preview names the rows that fail validation and will not import the file', async ({ page }) => {
  const good = uniqueCode('OK');
  await chooseFile(page, `${HEADER}\n,${good},Fine,10,true,,,\n,${uniqueCode('BAD')},Too much,500,true,,,\n`);
  const dialog = page.getByRole('dialog', { name: 'Import discount codes' });
  const problems = dialog.getByRole('alert', { name: 'Rows that cannot be imported' });
  await expect(problems).toContainText('1 row cannot be imported.');
  await expect(problems.getByRole('listitem')).toHaveText(['Row 2: Discount must be between 1 and 100 percent']);
  await expect(dialog.getByRole('button', { name: 'Import 2 rows' })).toBeDisabled();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  expect(await exportedCodes(page)).not.toContain(good);
});

test('Import CSV refuses a file the server will not take and names the row', async ({ page, consoleGuard }) => {
  // The browser logs the refused request (400) itself.
  consoleGuard.allow(/status of 400/);
  // Each row is fine on its own, so the preview passes it; the same code twice is the server's to find.
  const twice = uniqueCode('TWICE');
  await chooseFile(page, `${HEADER}\n,${twice},First,10,true,,,\n,${twice},Second,20,true,,,\n`);
  const dialog = page.getByRole('dialog', { name: 'Import discount codes' });
  await expect(dialog.getByRole('alert')).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Import 2 rows' }).click();
  await expect(page.getByText('Import Failed', { exact: true })).toBeVisible();
  await expect(page.getByText(`Row 2: Code ${twice} appears twice in the file (also on row 1)`, { exact: true })).toBeVisible();
  expect(await exportedCodes(page)).not.toContain(twice);
});
