import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from '@playwright/test';
import { parseMail, type CaughtMail } from '../../helpers/smtp-catcher';

/** Mail the e2e server really sent, as its SMTP server received it (tests/e2e/support/mail-sink.mjs). */
function receivedMail(): CaughtMail[] {
  const dir = join(process.env.E2E_DATA_DIR ?? '', 'mail');
  let files: string[] = [];
  try {
    files = readdirSync(dir).filter((name) => name.endsWith('.eml')).sort();
  } catch {
    return [];
  }
  return files.map((name) => {
    const raw = readFileSync(join(dir, name), 'utf8');
    const [first, ...rest] = raw.split('\r\n');
    return parseMail(rest.join('\r\n'), (first ?? '').replace(/^X-Envelope-To: /, '').split(','));
  });
}

/** Waits for a message to `to` whose subject matches, as delivered by the outbox worker. */
export async function waitForMail(to: string, subject: RegExp, timeout = 20_000): Promise<CaughtMail> {
  let found: CaughtMail | undefined;
  await expect
    .poll(
      () => {
        found = receivedMail().find((mail) => mail.recipients.includes(to.toLowerCase()) && subject.test(mail.subject));
        return Boolean(found);
      },
      { timeout, message: `an e-mail to ${to} with subject ${subject}` },
    )
    .toBe(true);
  return found!;
}

/** The first link in the mail's HTML whose address matches. */
export function linkIn(mail: CaughtMail, pattern: RegExp): string {
  const hrefs = [...(mail.html ?? '').matchAll(/href="([^"]+)"/g)].map((match) => match[1]!.replace(/&amp;/g, '&'));
  const link = hrefs.find((href) => pattern.test(href));
  if (!link) throw new Error(`no link matching ${pattern} in "${mail.subject}"`);
  return link;
}
