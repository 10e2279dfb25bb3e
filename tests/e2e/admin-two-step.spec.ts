import QRCode from 'qrcode';
import { test, expect } from './fixtures';
import { signInToAdminTab } from './support/admin';
import { expectNoViolations } from './support/axe';

/** Setting up two-step sign-in shows a QR code of the otpauth link, and the key to type. */
test('two-step set-up shows a QR code of the otpauth link beside the key to type', async ({ page }) => {
  await signInToAdminTab(page, 'Admin Users');
  await page.getByRole('button', { name: 'Set up two-step sign-in' }).click();

  const qr = page.getByRole('img', { name: 'QR code for your authenticator app: scan it to add this account' });
  await expect(qr).toBeVisible();
  expect(await qr.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);

  // The code holds exactly the link shown for apps that take a link, which carries the key shown.
  const otpauthUrl = (await page.locator('code').filter({ hasText: 'otpauth://totp/' }).textContent())!;
  const secret = new URL(otpauthUrl).searchParams.get('secret')!;
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await expect(page.getByText(secret.match(/.{1,4}/g)!.join(' '), { exact: true })).toBeVisible();
  const expectedSvg = await QRCode.toString(otpauthUrl, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  expect(decodeURIComponent((await qr.getAttribute('src'))!.replace('data:image/svg+xml;charset=utf-8,', ''))).toBe(expectedSvg);
  await expectNoViolations(page, 'two-step set-up with its QR code');

  // Not finished: nothing changes until a code confirms it.
  await page.getByRole('button', { name: 'Cancel setup' }).click();
  await expect(page.getByRole('button', { name: 'Set up two-step sign-in' })).toBeVisible();
});
