/**
 * The e-mails the organiser gets: a new booking or reservation, a contact message, a
 * refund request and a participant's cancellation, each queued in the transaction of the change
 * it reports and each switched off in Settings → E-mail. They go to the saved Reply-To (where the
 * organiser reads mail), else the organiser's address, in the shared layout; they are not
 * admin-editable templates, because only the organiser reads them.
 */
import type { Database } from '../../../server/db/client';
import { enqueueEmail } from '../../../server/email/outbox';
import { htmlToText } from '../../../server/email/html-to-text';
import { emailLayout, escapeHtml } from '../../../server/email/templates';
import type { OrganiserNotification } from '../settings.schema';
import { readBrandName } from './brand-name';
import { organiserAddress } from './sender';
import { getNotificationTarget } from './settings.service';

export type OrganiserNotice = {
  /** Which switch in the settings governs it. */
  about: OrganiserNotification;
  subject: string;
  /** One sentence saying what happened. */
  summary: string;
  /** The details, label and value, as plain text (escaped here). */
  details: readonly (readonly [string, string])[];
  /** Where in the admin to act on it. */
  link?: { href: string; label: string };
};

/** The admin section a notice points at, on the public site's address. */
export const adminSectionUrl = (publicUrl: string, tab: string) => `${publicUrl.replace(/\/+$/, '')}/admin?tab=${tab}`;

function noticeHtml(notice: OrganiserNotice): string {
  const rows = notice.details
    .map(([label, value]) => `<tr><td style="padding:4px 12px 4px 0;vertical-align:top;"><strong>${escapeHtml(label)}</strong></td><td style="padding:4px 0;white-space:pre-wrap;">${escapeHtml(value)}</td></tr>`)
    .join('');
  const link = notice.link ? `<p><a href="${escapeHtml(notice.link.href)}">${escapeHtml(notice.link.label)}</a></p>` : '';
  return `<p>${escapeHtml(notice.summary)}</p><table role="presentation" cellpadding="0" cellspacing="0" border="0">${rows}</table>${link}`;
}

/** Where the organiser reads mail: the saved Reply-To, else the organiser's address; null when neither is known. */
export async function organiserInbox(tx: Database): Promise<string | null> {
  const { replyTo } = await getNotificationTarget(tx);
  return replyTo ?? (await organiserAddress(tx));
}

/** Queues the notice unless its switch is off or no organiser address is known; answers whether it did. */
export async function notifyOrganiser(tx: Database, notice: OrganiserNotice): Promise<boolean> {
  const { switches, replyTo } = await getNotificationTarget(tx);
  if (!switches[notice.about]) return false;
  const to = replyTo ?? (await organiserAddress(tx));
  if (!to) return false;
  const bodyHtml = noticeHtml(notice);
  await enqueueEmail(tx, {
    to,
    subject: notice.subject,
    html: emailLayout({ title: notice.subject, bodyHtml, brandName: await readBrandName(tx) }),
    text: htmlToText(bodyHtml),
    kind: `organiser-${notice.about}`,
  });
  return true;
}
