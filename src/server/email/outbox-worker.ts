/**
 * Delivers the outbox. Any number of app instances may run a worker on one PostgreSQL: a row is
 * claimed with `FOR UPDATE SKIP LOCKED` and a lease in `locked_until`, so each e-mail goes to one
 * worker at a time, and a worker that dies mid-send releases its e-mail when the lease runs out.
 *
 * Rows are claimed one at a time, each with a fresh lease, and every send is aborted before its
 * lease can expire: a lease therefore never runs out while its e-mail is still being sent (which
 * a lease taken once for a whole batch of slow sends could not promise), and a run never picks
 * the same e-mail twice.
 */
import { and, asc, eq, inArray, isNull, lt, lte, ne, notInArray, or, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { emailOutbox, newsletterSubscribers } from '../db/schema';
import { NEWSLETTER_KIND, NEWSLETTER_PER_MINUTE } from './outbox';
import { unsealMessage } from './sealed-tokens';
import type { MailTransport, OutgoingEmail } from './transport';

type OutboxRow = typeof emailOutbox.$inferSelect;

/** Changes an e-mail just before it is sent (not stored): e.g. adds an unsubscribe footer and headers. */
export type EmailDecorator = (message: OutgoingEmail, row: { id: number; kind: string; to: string }) => OutgoingEmail;

/** What the outbox records for a newsletter e-mail it did not send because its recipient unsubscribed. */
export const SKIPPED_UNSUBSCRIBED = 'Not sent: the recipient unsubscribed';

/** The slice of pino (app.log) the worker uses. */
export type OutboxLogger = {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
};

export type OutboxWorkerOptions = {
  db: Database;
  /** APP_SECRET: signs the tokens of an e-mail's links as it is sent (sealed-tokens.ts). */
  secret: string;
  /** Asked before every run, so a transport saved in the admin settings applies without a restart. */
  getTransport: () => Promise<MailTransport | null> | MailTransport | null;
  logger?: OutboxLogger;
  pollIntervalMs?: number;
  /** Most e-mails one run delivers before it yields to the next tick. */
  batchSize?: number;
  /** After this many failed attempts the e-mail is 'failed' (kept, visible, retryable by an admin). */
  maxAttempts?: number;
  /** How long a claim keeps other workers away from an e-mail. */
  leaseMs?: number;
  /** Delay before the next attempt, given the number of attempts made so far (1 after the first). */
  backoff?: (attempt: number) => number;
  /** Applied to every e-mail at send time, so no feature has to add it (the unsubscribe link). */
  decorate?: EmailDecorator;
  /** Most newsletter e-mails sent in any minute, across all workers on this database. */
  newsletterPerMinute?: number;
};

export type RunResult = { sent: number; failed: number; retried: number };

const MAX_ERROR_LENGTH = 1000;

export const defaultBackoff = (attempt: number): number => Math.min(5_000 * 2 ** (attempt - 1), 3_600_000);

const silentLogger: OutboxLogger = { info() {}, warn() {}, error() {} };

/** `now() + ms` on the database clock, the one clock all instances share. */
const fromNow = (ms: number) => sql`now() + make_interval(secs => ${ms / 1000}::double precision)`;

export class OutboxWorker {
  private readonly db: Database;
  private readonly secret: string;
  private readonly getTransport: OutboxWorkerOptions['getTransport'];
  private readonly logger: OutboxLogger;
  private readonly pollIntervalMs: number;
  private readonly batchSize: number;
  private readonly maxAttempts: number;
  private readonly leaseMs: number;
  private readonly backoff: (attempt: number) => number;
  private readonly decorate: EmailDecorator | undefined;
  private readonly newsletterPerMinute: number;

  private started = false;
  private stopping = false;
  private timer: NodeJS.Timeout | null = null;
  private inFlight: Promise<void> | null = null;
  /** A nudge arrived during a run: its e-mail may have committed after that run looked. */
  private runAgain = false;
  private lastTransport: string | null | undefined = undefined;

  constructor(options: OutboxWorkerOptions) {
    this.db = options.db;
    this.secret = options.secret;
    this.getTransport = options.getTransport;
    this.logger = options.logger ?? silentLogger;
    this.pollIntervalMs = options.pollIntervalMs ?? 5_000;
    this.batchSize = options.batchSize ?? 10;
    this.maxAttempts = options.maxAttempts ?? 8;
    this.leaseMs = options.leaseMs ?? 60_000;
    this.backoff = options.backoff ?? defaultBackoff;
    this.decorate = options.decorate;
    this.newsletterPerMinute = options.newsletterPerMinute ?? NEWSLETTER_PER_MINUTE;
  }

  /** Polls until stop(); the first run starts at once to pick up what queued while we were down. */
  start(): void {
    if (this.started) return;
    this.started = true;
    this.stopping = false;
    this.schedule(0);
  }

  /** Stops polling and waits for the e-mail being sent, if any; the rest of a run is left for later. */
  async stop(): Promise<void> {
    this.started = false;
    this.stopping = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.inFlight;
    this.stopping = false;
  }

  /** Run soon, e.g. right after a transaction that enqueued an e-mail committed. */
  nudge(): void {
    if (!this.started) return;
    if (this.inFlight) {
      this.runAgain = true;
      return;
    }
    this.schedule(0);
  }

  /** Delivers up to batchSize due e-mails, one claim at a time. Does nothing without a transport. */
  async runOnce(): Promise<RunResult> {
    const result: RunResult = { sent: 0, failed: 0, retried: 0 };
    const transport = await this.getTransport();
    this.noteTransport(transport);
    // No transport: leave e-mails pending and their attempts untouched (CONTRACT §4).
    if (!transport) return result;

    const seen: number[] = [];
    while (seen.length < this.batchSize && !this.stopping) {
      const row = await this.claimNext(seen);
      if (!row) break;
      seen.push(row.id);
      result[await this.deliver(transport, row)] += 1;
    }
    return result;
  }

  private schedule(delayMs: number): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.tick(), delayMs);
    // The HTTP server keeps the process alive; a pending poll should not.
    this.timer.unref();
  }

  private async tick(): Promise<void> {
    this.timer = null;
    if (!this.started || this.inFlight) return;
    let backlog = false;
    this.inFlight = this.runOnce().then(
      (result) => {
        // A full batch that all went out: more is probably waiting. After failures, wait instead
        // of hammering a server that is down.
        backlog = result.sent === this.batchSize;
      },
      (error: unknown) => {
        this.logger.error({ err: error }, 'e-mail outbox run failed');
      },
    );
    await this.inFlight;
    this.inFlight = null;
    if (!this.started) return;
    const again = backlog || this.runAgain;
    this.runAgain = false;
    this.schedule(again ? 0 : this.pollIntervalMs);
  }

  /**
   * One statement: picks the oldest due e-mail nobody holds, skipping rows another worker is
   * claiming right now, and takes a lease on it. The attempt is counted here, at claim time, so
   * a worker that crashes mid-send still uses one up.
   */
  private async claimNext(exclude: number[]): Promise<OutboxRow | null> {
    const due = this.db
      .select({ id: emailOutbox.id })
      .from(emailOutbox)
      .where(
        and(
          eq(emailOutbox.status, 'pending'),
          lte(emailOutbox.nextAttemptAt, sql`now()`),
          or(isNull(emailOutbox.lockedUntil), lt(emailOutbox.lockedUntil, sql`now()`)),
          exclude.length > 0 ? notInArray(emailOutbox.id, exclude) : undefined,
          or(ne(emailOutbox.kind, NEWSLETTER_KIND), this.newsletterRoomLeft()),
        ),
      )
      .orderBy(asc(emailOutbox.id))
      .limit(1)
      .for('update', { skipLocked: true });
    const [row] = await this.db
      .update(emailOutbox)
      .set({ lockedUntil: fromNow(this.leaseMs), attempts: sql`${emailOutbox.attempts} + 1` })
      .where(inArray(emailOutbox.id, due))
      .returning();
    return row ?? null;
  }

  /**
   * True while fewer than newsletterPerMinute newsletter e-mails went out in the last minute. The
   * subquery runs at most once per claim, and only when a due newsletter e-mail is looked at.
   */
  private newsletterRoomLeft() {
    return sql`(select count(*) from ${emailOutbox} as recent where recent.kind = ${NEWSLETTER_KIND} and recent.sent_at > now() - interval '1 minute') < ${this.newsletterPerMinute}`;
  }

  /** Sends outside any transaction (PGlite would stall every request meanwhile), then records. */
  private async deliver(transport: MailTransport, row: OutboxRow): Promise<keyof RunResult> {
    try {
      if (row.kind === NEWSLETTER_KIND && (await this.hasUnsubscribed(row.to))) return await this.recordSkipped(row);
      const message = this.decorate ? this.decorate(outgoing(row, this.secret), row) : outgoing(row, this.secret);
      await transport.send(message, { signal: AbortSignal.timeout(this.sendTimeoutMs()) });
    } catch (error) {
      return this.recordFailure(row, error);
    }
    // Recorded by id alone: the message is out, so 'sent' is the truth whoever holds the row.
    await this.db
      .update(emailOutbox)
      .set({ status: 'sent', sentAt: sql`now()`, lockedUntil: null })
      .where(eq(emailOutbox.id, row.id));
    return 'sent';
  }

  /** Unsubscribing wins over a newsletter queued earlier (sent at a paced rate, possibly hours later). */
  private async hasUnsubscribed(to: string): Promise<boolean> {
    const [found] = await this.db
      .select({ id: newsletterSubscribers.id })
      .from(newsletterSubscribers)
      .where(and(sql`lower(${newsletterSubscribers.email}) = ${recipientAddress(to)}`, sql`${newsletterSubscribers.unsubscribedAt} is not null`))
      .limit(1);
    return Boolean(found);
  }

  /**
   * Done without sending: 'sent' takes it out of the queue (a 'failed' e-mail would invite a
   * retry), while `lastError` and an empty `sentAt` tell the admin it never went out.
   */
  private async recordSkipped(row: OutboxRow): Promise<'sent'> {
    await this.db
      .update(emailOutbox)
      .set({ status: 'sent', lastError: SKIPPED_UNSUBSCRIBED, lockedUntil: null })
      .where(and(eq(emailOutbox.id, row.id), eq(emailOutbox.attempts, row.attempts), eq(emailOutbox.status, 'pending')));
    this.logger.info({ emailId: row.id, kind: row.kind }, 'newsletter e-mail not sent: the recipient unsubscribed');
    return 'sent';
  }

  private async recordFailure(row: OutboxRow, error: unknown): Promise<'failed' | 'retried'> {
    const lastError = describeError(error).slice(0, MAX_ERROR_LENGTH);
    const final = row.attempts >= this.maxAttempts;
    // `attempts` fences the write: it changes with every claim, so a worker whose lease was taken
    // over cannot overwrite the newer claim's state.
    await this.db
      .update(emailOutbox)
      .set(
        final
          ? { status: 'failed', lastError, lockedUntil: null }
          : { lastError, lockedUntil: null, nextAttemptAt: fromNow(this.backoff(row.attempts)) },
      )
      .where(and(eq(emailOutbox.id, row.id), eq(emailOutbox.attempts, row.attempts), eq(emailOutbox.status, 'pending')));
    const details = { emailId: row.id, kind: row.kind, attempts: row.attempts, error: lastError };
    if (final) this.logger.error(details, 'e-mail delivery failed for good; an admin can retry it');
    else this.logger.warn(details, 'e-mail delivery failed; will retry');
    return final ? 'failed' : 'retried';
  }

  /** Ends a send well inside its lease, so no other worker can claim the e-mail while it is out. */
  private sendTimeoutMs(): number {
    return Math.max(this.leaseMs / 2, this.leaseMs - 10_000);
  }

  /** Logs when the transport appears, changes or goes away, not on every poll. */
  private noteTransport(transport: MailTransport | null): void {
    const description = transport ? transport.describe() : null;
    if (description === this.lastTransport) return;
    this.lastTransport = description;
    if (description) this.logger.info({ transport: description }, 'e-mail outbox delivers through this transport');
    else this.logger.info({}, 'no mail transport configured: e-mails stay in the outbox');
  }
}

/**
 * Only what a transport sends, its links' tokens signed: a decorator must not see (or change) the
 * bookkeeping columns.
 */
function outgoing(row: OutboxRow, secret: string): OutgoingEmail {
  return unsealMessage({ to: row.to, bcc: row.bcc, subject: row.subject, html: row.html, text: row.text, attachments: row.attachments }, row.sealedTokens, secret);
}

/** 'Ada <ADA@example.com>' and 'ada@example.com' both name ada@example.com. */
export function recipientAddress(to: string): string {
  const bracketed = /<([^<>]+)>/.exec(to);
  return (bracketed?.[1] ?? to).trim().toLowerCase();
}

function describeError(error: unknown): string {
  if (error instanceof Error) {
    const code = (error as { code?: unknown }).code;
    return typeof code === 'string' && !error.message.includes(code) ? `${code}: ${error.message}` : error.message;
  }
  return String(error);
}
