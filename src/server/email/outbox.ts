/**
 * The e-mail outbox: a feature writes its e-mail here inside the transaction of the
 * change that causes it, so the e-mail exists exactly when the change does. OutboxWorker delivers
 * it later; a visitor never waits for, or fails because of, a mail server.
 */
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { dateMessages, emailOutbox, workshopDates } from '../db/schema';
import { tokensUsedBy, type SealedToken } from './sealed-tokens';

type OutboxInsert = typeof emailOutbox.$inferInsert;

/**
 * What a feature hands to the outbox; delivery bookkeeping (status, attempts, …) is the worker's.
 * `tokens`: the SealedTokens its links were made with (their placeholders are in the text); the
 * worker signs them as it sends.
 */
export type OutboxMessage = Pick<OutboxInsert, 'to' | 'subject' | 'html' | 'text' | 'bcc' | 'kind' | 'attachments' | 'dateMessageId'> & {
  tokens?: readonly SealedToken[];
};

function sealedTokensOf(message: OutboxMessage): SealedToken[] {
  return tokensUsedBy({ subject: message.subject, html: message.html, text: message.text ?? null }, message.tokens);
}

/** One attachment: `content` is base64, so binary files survive the jsonb column. */
export type OutboxAttachment = NonNullable<OutboxMessage['attachments']>[number];

/** The outbox row of a message; it is due at once unless the caller sets nextAttemptAt. */
function outboxRowOf(message: OutboxMessage) {
  return {
    to: message.to,
    bcc: message.bcc ?? null,
    subject: message.subject,
    html: message.html,
    text: message.text ?? null,
    kind: message.kind,
    attachments: message.attachments?.length ? message.attachments : null,
    sealedTokens: sealedTokensOf(message),
    dateMessageId: message.dateMessageId ?? null,
  };
}

/**
 * Queues an e-mail. Pass the caller's transaction: the row commits or rolls back with the change
 * that caused it. Nudge the worker only after that transaction has committed, since before then
 * the row is invisible to it.
 */
export async function enqueueEmail(tx: Database, message: OutboxMessage): Promise<{ id: number }> {
  // A row without a recipient could only ever fail: refuse it while the caller can still react.
  if (!message.to.trim()) throw new Error('enqueueEmail: "to" is empty');
  const together = queuedTogether.get(tx);
  if (together) {
    const row = new QueuedRow();
    together.push({ message, row });
    return row;
  }
  const [row] = await tx
    .insert(emailOutbox)
    .values(outboxRowOf(message))
    .returning({ id: emailOutbox.id });
  if (!row) throw new Error('enqueueEmail: insert returned no row');
  return row;
}

/** An e-mail queueTogether holds back: its id exists once the e-mails are written together. */
class QueuedRow {
  #id: number | undefined;

  get id(): number {
    if (this.#id === undefined) throw new Error('enqueueEmail: this e-mail is written with the others when queueTogether ends; its id is known only then');
    return this.#id;
  }

  written(id: number): void {
    this.#id = id;
  }
}

const queuedTogether = new WeakMap<Database, { message: OutboxMessage; row: QueuedRow }[]>();

/**
 * Runs `work` with the e-mails it queues on `tx` (enqueueEmail) held back, then writes them all in
 * one INSERT, still in the caller's transaction: they exist exactly when the change does, as each
 * would alone. An order of ten seats queues up to a dozen e-mails (each named seat's, the buyer's,
 * the organiser's), and a statement each cost the server a round trip to the database apiece. An
 * e-mail's id (enqueueEmail's answer) is known once they are written; reading it before throws.
 * Nested in another queueTogether on the same transaction, `work` joins the outer one.
 */
export async function queueTogether<T>(tx: Database, work: () => Promise<T>): Promise<T> {
  if (queuedTogether.has(tx)) return work();
  const held: { message: OutboxMessage; row: QueuedRow }[] = [];
  queuedTogether.set(tx, held);
  let result: T;
  try {
    result = await work();
  } finally {
    queuedTogether.delete(tx);
  }
  if (held.length > 0) {
    const rows = await tx
      .insert(emailOutbox)
      .values(held.map(({ message }) => outboxRowOf(message)))
      .returning({ id: emailOutbox.id });
    if (rows.length !== held.length) throw new Error('queueTogether: the insert returned fewer rows than e-mails');
    // One INSERT takes its ids in the order of its VALUES; sorted, so as not to rely on RETURNING's order.
    rows.sort((a, b) => a.id - b.id).forEach(({ id }, index) => held[index]!.row.written(id));
  }
  return result;
}

/**
 * The kind of a newsletter e-mail: the worker does not deliver one to an address that has
 * unsubscribed since it was queued.
 */
export const NEWSLETTER_KIND = 'newsletter';

/**
 * At most this many newsletter e-mails go out per minute, so a mail server's sending limits
 * (commonly 60 to 100 a minute on shared plans) are respected: a newsletter is queued with its
 * e-mails due this far apart, and the worker also holds newsletter e-mails back once this many
 * went out in the last minute (e.g. a backlog after the mail server was down). A constant, not an
 * environment variable: change it here if your provider allows more.
 */
export const NEWSLETTER_PER_MINUTE = 60;

/** A message and how long after the commit it may go out at the earliest (default at once). */
export type ScheduledOutboxMessage = OutboxMessage & { delayMs?: number };

const BULK_INSERT_CHUNK = 500;

/**
 * Queues many e-mails in the caller's transaction with as few statements as possible (a
 * newsletter to thousands of subscribers). `delayMs` counts on the database clock, the one the
 * worker compares `next_attempt_at` with. Returns the rows' ids and due times, in input order.
 */
export async function enqueueEmails(tx: Database, messages: readonly ScheduledOutboxMessage[]): Promise<{ id: number; nextAttemptAt: Date }[]> {
  if (messages.some((message) => !message.to.trim())) throw new Error('enqueueEmails: "to" is empty');
  const queued: { id: number; nextAttemptAt: Date }[] = [];
  for (let start = 0; start < messages.length; start += BULK_INSERT_CHUNK) {
    const chunk = messages.slice(start, start + BULK_INSERT_CHUNK);
    const rows = await tx
      .insert(emailOutbox)
      .values(
        chunk.map((message) => ({
          ...outboxRowOf(message),
          nextAttemptAt: sql`now() + make_interval(secs => ${(message.delayMs ?? 0) / 1000}::double precision)`,
        })),
      )
      .returning({ id: emailOutbox.id, nextAttemptAt: emailOutbox.nextAttemptAt });
    // INSERT … RETURNING answers in VALUES order on PostgreSQL; sort by id to not rely on it.
    queued.push(...rows.sort((a, b) => a.id - b.id));
  }
  return queued;
}

const DEFAULT_LIST_LIMIT = 100;
const MAX_LIST_LIMIT = 500;

/**
 * Newest first, with the fields of `GET /api/admin/outbox`, and for a copy of a
 * message to a date which message and date it belongs to (null for any other e-mail).
 */
export async function listOutbox(db: Database, options: { limit?: number } = {}) {
  const limit = Math.min(Math.max(Math.trunc(options.limit ?? DEFAULT_LIST_LIMIT), 1), MAX_LIST_LIMIT);
  const rows = await db
    .select({
      id: emailOutbox.id,
      to: emailOutbox.to,
      subject: emailOutbox.subject,
      status: emailOutbox.status,
      attempts: emailOutbox.attempts,
      lastError: emailOutbox.lastError,
      createdAt: emailOutbox.createdAt,
      dateMessageId: dateMessages.id,
      dateMessageSubject: dateMessages.subject,
      workshopDateId: dateMessages.workshopDateId,
      workshopTitle: workshopDates.title,
    })
    .from(emailOutbox)
    .leftJoin(dateMessages, eq(dateMessages.id, emailOutbox.dateMessageId))
    .leftJoin(workshopDates, eq(workshopDates.id, dateMessages.workshopDateId))
    .orderBy(desc(emailOutbox.id))
    .limit(limit);
  return rows.map(({ dateMessageId, dateMessageSubject, workshopDateId, workshopTitle, ...row }) => ({
    ...row,
    dateMessage:
      dateMessageId !== null && dateMessageSubject !== null && workshopDateId !== null
        ? { id: dateMessageId, subject: dateMessageSubject, workshopDateId, workshopTitle }
        : null,
  }));
}

export type OutboxEntry = Awaited<ReturnType<typeof listOutbox>>[number];

/**
 * Puts a failed e-mail back in the queue, due now, with a fresh set of attempts (an admin retries
 * after fixing the cause, so the retry deserves the whole backoff schedule). `lastError` stays
 * until the next attempt replaces it. False when the e-mail does not exist or has not failed.
 */
export async function retryEmail(db: Database, id: number): Promise<boolean> {
  const rows = await db
    .update(emailOutbox)
    .set({ status: 'pending', attempts: 0, nextAttemptAt: sql`now()`, lockedUntil: null })
    .where(and(eq(emailOutbox.id, id), eq(emailOutbox.status, 'failed')))
    .returning({ id: emailOutbox.id });
  return rows.length > 0;
}
