import { asc, desc, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../../server/db/client';
import { newsletterSubscribers } from '../../../server/db/schema';
import { enqueueEmails, NEWSLETTER_KIND, NEWSLETTER_PER_MINUTE } from '../../../server/email/outbox';
import { auditOf, type Actor } from '../../../server/lib/audit';
import { deleteRowOr404, listRows } from '../../../server/lib/rows';
import { sanitizeEmailHtml } from '../../../server/lib/sanitize-html';
import { HttpError } from '../../../server/plugins/error-handler';
import { formatCsv } from '../../../common/csv';
import { renderEmail, type RenderedEmail } from '../../email-templates/server';
import {
  CONTENT_EMPTY_AFTER_CLEANING,
  NEWSLETTER_TEMPLATE_OFF,
  NO_ACTIVE_SUBSCRIBERS,
  SUBSCRIBER_NOT_FOUND,
  type NewsletterInput,
  type NewsletterQueued,
  type Subscriber,
} from '../newsletter.schema';
import { htmlToText } from '../../../server/email/html-to-text';
import { addUnsubscribeLink, UNSUBSCRIBE_PATH } from './unsubscribe';

const auditSubscriber = auditOf('newsletter_subscriber');
const auditNewsletter = auditOf('newsletter');

/** Newest first. */
export function listSubscribers(db: Database): Promise<Subscriber[]> {
  return listRows(db, newsletterSubscribers, desc(newsletterSubscribers.createdAt), desc(newsletterSubscribers.id));
}

/**
 * Removes the address from the list altogether (e.g. a request to erase it). To keep someone from
 * ever being added back by a later booking, unsubscribing (which keeps the row) is the better tool.
 */
export async function deleteSubscriber(db: Database, actor: Actor, id: number): Promise<void> {
  await deleteRowOr404(db, newsletterSubscribers, id, SUBSCRIBER_NOT_FOUND, (tx, row) =>
    auditSubscriber(tx, actor, 'newsletter_subscriber_deleted', id, { email: row.email, source: row.source }),
  );
}

export const SUBSCRIBERS_CSV_HEADER = ['email', 'source', 'subscribed', 'unsubscribedAt'] as const;

export async function subscribersCsv(db: Database): Promise<string> {
  const rows = await db.select().from(newsletterSubscribers).orderBy(desc(newsletterSubscribers.createdAt), desc(newsletterSubscribers.id));
  return formatCsv(
    SUBSCRIBERS_CSV_HEADER,
    rows.map((row) => [row.email, row.source, row.createdAt, row.unsubscribedAt]),
  );
}

/**
 * Takes the address off the list for good: idempotent (the first unsubscribe time stays), and an
 * address that was never on the list is added as unsubscribed, so a later booking's checkbox
 * (which never overwrites a row) cannot subscribe it again. One statement: safe under concurrency.
 */
export async function unsubscribe(db: Database, email: string): Promise<void> {
  const address = email.trim().toLowerCase();
  await db
    .insert(newsletterSubscribers)
    .values({ email: address, source: 'admin', unsubscribedAt: sql`now()` })
    .onConflictDoUpdate({
      target: newsletterSubscribers.email,
      set: { unsubscribedAt: sql`coalesce(${newsletterSubscribers.unsubscribedAt}, now())` },
    });
}

/**
 * The e-mail as every subscriber gets it, before the worker adds their own unsubscribe link: the
 * admin's 'newsletter' template (subject, frame, Active, BCC admin) around the sanitised content.
 * A template switched off stops the newsletter with a clear message rather than sending nothing.
 */
export async function renderNewsletter(db: Database, input: NewsletterInput): Promise<RenderedEmail> {
  const bodyHtml = sanitizeEmailHtml(input.content).trim();
  if (!htmlToText(bodyHtml) && !/<img\b/i.test(bodyHtml)) throw new HttpError(400, CONTENT_EMPTY_AFTER_CLEANING);
  const rendered = await renderEmail(db, 'newsletter', { subject: input.subject }, { trustedHtml: { content: bodyHtml } });
  if (!rendered) throw new HttpError(409, NEWSLETTER_TEMPLATE_OFF);
  return rendered;
}

/**
 * The newsletter with its footer, as a subscriber sees it, but with an unsubscribe link that leads
 * nowhere in particular: for the preview and for a test copy, which must not carry a working
 * link that would take its reader off the list.
 */
export async function renderNewsletterSample(db: Database, input: NewsletterInput, publicUrl: string): Promise<RenderedEmail> {
  const rendered = await renderNewsletter(db, input);
  const sample = `${publicUrl.replace(/\/+$/, '')}${UNSUBSCRIBE_PATH}?token=preview`;
  const { html, text } = addUnsubscribeLink({ to: 'preview', attachments: null, ...rendered }, sample);
  return { ...rendered, html, text: text ?? rendered.text };
}

export async function previewNewsletter(db: Database, input: NewsletterInput, publicUrl: string): Promise<{ html: string }> {
  return { html: (await renderNewsletterSample(db, input, publicUrl)).html };
}

/** Seconds between two newsletter e-mails becoming due. */
const SPACING_MS = 60_000 / NEWSLETTER_PER_MINUTE;

/**
 * Queues one e-mail per active subscriber, all in one transaction with the audit entry, each due
 * SPACING_MS after the previous one: the worker only takes due e-mails, so no more than
 * NEWSLETTER_PER_MINUTE become sendable in any minute.
 */
export async function sendNewsletter(db: Database, actor: Actor, input: NewsletterInput): Promise<NewsletterQueued> {
  const { bcc, ...rendered } = await renderNewsletter(db, input);
  return db.transaction(async (tx) => {
    const recipients = await tx
      .select({ email: newsletterSubscribers.email })
      .from(newsletterSubscribers)
      .where(isNull(newsletterSubscribers.unsubscribedAt))
      .orderBy(asc(newsletterSubscribers.id));
    if (recipients.length === 0) throw new HttpError(400, NO_ACTIVE_SUBSCRIBERS);
    const queued = await enqueueEmails(
      tx,
      // With 'BCC Admin' on, the admins get one copy (of the first e-mail), not one per subscriber.
      recipients.map((recipient, index) => ({ to: recipient.email, ...rendered, bcc: index === 0 ? bcc : null, kind: NEWSLETTER_KIND, delayMs: index * SPACING_MS })),
    );
    const firstAt = queued[0]!.nextAttemptAt.toISOString();
    const lastAt = queued[queued.length - 1]!.nextAttemptAt.toISOString();
    await auditNewsletter(tx, actor, 'newsletter_sent', undefined, { subject: rendered.subject, queued: queued.length, firstAt, lastAt });
    return { queued: queued.length, firstAt, lastAt };
  });
}
