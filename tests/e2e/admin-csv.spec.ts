import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { test, expect } from './fixtures';
import { openAdminTab, signInAsAdmin } from './support/admin';

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
  await signInAsAdmin(page);
  await openAdminTab(page, 'Discount Codes');
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

test('Import CSV adds the rows of a file and says how many', async ({ page }) => {
  const code = uniqueCode('CSV');
  await chooseFile(page, `${HEADER}\r\n,${code},"Imported, from a file",25,true,,5,\r\n`);
  await expect(page.getByText('Import Complete', { exact: true })).toBeVisible();
  await expect(page.getByText('Imported 1 rows', { exact: true })).toBeVisible();
  // The tab's list reloads with the new code.
  await expect(page.getByRole('tabpanel').getByText(code, { exact: true }).first()).toBeVisible();
  const file = await page.request.get('/api/admin/export/discountCodes.csv');
  expect(await file.text()).toContain(`,${code},"Imported, from a file",25,true,,5,0\r\n`);
});

test('Import CSV refuses a file with a bad row and names the row', async ({ page, consoleGuard }) => {
  // The browser logs the refused request (400) itself.
  consoleGuard.allow(/status of 400/);
  const good = uniqueCode('OK');
  await chooseFile(page, `${HEADER}\n,${good},Fine,10,true,,,\n,${uniqueCode('BAD')},Too much,500,true,,,\n`);
  await expect(page.getByText('Import Failed', { exact: true })).toBeVisible();
  await expect(page.getByText('Row 2: Discount must be between 1 and 100 percent', { exact: true })).toBeVisible();
  const file = await page.request.get('/api/admin/export/discountCodes.csv');
  expect(await file.text()).not.toContain(good);
});
