import { test, expect } from './fixtures';
import { bookPaid, roomyDate } from './support/booking';
import { linkIn, waitForMail } from './support/mail';

/*
 * Issue 18 point 4: the e-mails as a participant reads them on a phone. The confirmation the app
 * really sent (caught by the e2e SMTP sink) is opened in the browser at 320 px: it fits, shows no
 * raw address, its main link is a button, and it carries no newsletter unsubscribe.
 */

test.use({ viewport: { width: 320, height: 640 } });

test('a booking confirmation fits a 320 px phone, with a button and no raw URL or unsubscribe line', async ({ page }) => {
  const id = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const who = { firstName: 'Mina', lastName: `Phone${id}`, email: `phone-${id}@example.com` };
  await bookPaid(page.request, who, await roomyDate(page.request));
  const mail = await waitForMail(who.email, /^Your seat is booked: /);
  expect(mail.headers.get('list-unsubscribe')).toBeUndefined();
  expect(linkIn(mail, /\/participant\?token=/)).toBeTruthy();

  await page.setContent(mail.html ?? '', { waitUntil: 'load' });
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width, 'the e-mail is no wider than the phone').toBeLessThanOrEqual(320);

  const shown = await page.evaluate(() => document.body.innerText);
  // The layout's foot: the brand name (whatever it is while brand-name.spec.ts runs) and the tagline.
  expect(shown).toMatch(/\S · Live online workshops on building software prototypes with no-code tools\./);
  expect(shown).not.toMatch(/https?:\/\//);
  expect(shown).not.toMatch(/unsubscribe/i);

  const button = page.getByRole('link', { name: 'See your booking' });
  await expect(button).toBeVisible();
  const look = await button.evaluate((link) => {
    const style = getComputedStyle(link);
    return { background: style.backgroundColor, display: style.display, right: link.getBoundingClientRect().right };
  });
  expect(look.background).toBe('rgb(255, 122, 26)');
  expect(look.display).toBe('inline-block');
  expect(look.right).toBeLessThanOrEqual(320);
  if (process.env.E2E_SCREENSHOTS) await page.screenshot({ path: `${process.env.E2E_SCREENSHOTS}/confirmation-email-320.png`, fullPage: true });
});
