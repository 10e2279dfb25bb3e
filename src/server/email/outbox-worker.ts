/**
 * Delivers the outbox. Any number of app instances may run a worker on one PostgreSQL: a row is
 * claimed with `FOR UPDATE SKIP LOCKED` and a lease in `locked_until`, so each e-mail goes to one
 * worker at a time, and a worker that dies mid-send releases its e-mail when the lease runs out.
 *
 * Rows are claimed one at a time, each with a fresh lease, and every send is aborted before its
 * lease can expire: a lease therefore never runs out while its e-mail is still being sent (which
 * a lease taken once for a whole batch of slow sends could not promise), and a run never picks
 * the same e-mail twice.
 *
 * Sent once, even when the database blinks: once the mail server has accepted an e-mail, marking
 * it sent is retried for as long as the database is unavailable (markSent), and the run waits for
 * it, so this worker claims and sends nothing else meanwhile and the mark is the first thing it
 * does when the database answers. An outage longer than the lease lets the lease run out under
 * that retry, so a worker that has just met the database unavailable (or just started) takes over
 * no expired lease for takeoverGraceMs (claimNext): long enough for every worker retrying a mark
 * through the same outage to land it. Each e-mail also carries a Message-ID of its row, the same
 * on every attempt, so a copy sent twice anyway (one instance cut off alone for longer than a
 * lease) is recognisable as one message.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { and, asc, eq, inArray, isNull, lt, lte, ne, notInArray, or, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { emailOutbox, newsletterSubscribers } from '../db/schema';
import { isDatabaseUnavailable } from '../db/unavailable';
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
  /**
   * The domain of every e-mail's Message-ID (the hostname of PUBLIC_URL). The same on every
   * instance, so an e-mail's Message-ID does not depend on which instance sends it.
   */
  messageIdHost?: string;
  /**
   * After this worker met the database unavailable, or started, how long it leaves expired leases
   * alone: the time a worker retrying its 'sent' mark through the same outage has to land it.
   */
  takeoverGraceMs?: number;
  /** How long stop() lets a 'sent' mark go on retrying while the database is unavailable. */
  markOnStopMs?: number;
};

export type RunResult = { sent: number; failed: number; retried: number };

const MAX_ERROR_LENGTH = 1000;

export const defaultBackoff = (attempt: number): number => Math.min(5_000 * 2 ** (attempt - 1), 3_600_000);

const silentLogger: OutboxLogger = { info() {}, warn() {}, error() {} };

/** Waits between tries of a 'sent' mark: 0.1 s doubling to 2 s, so it lands soon after the database is back. */
const markRetryDelayMs = (attempt: number): number => Math.min(100 * 2 ** (attempt - 1), 2_000);

/** The Message-ID of an outbox row: the same on every attempt, different for every row. */
function outboxMessageId(row: { id: number; createdAt: Date }, host: string): string {
  return `<outbox-${row.id}.${row.createdAt.getTime()}@${host}>`;
}

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
  private readonly messageIdHost: string;
  private readonly takeoverGraceMs: number;
  private readonly markOnStopMs: number;

  private started = false;
  private stopping = false;
  private timer: NodeJS.Timeout | null = null;
  private inFlight: Promise<void> | null = null;
  /** A nudge arrived during a run: its e-mail may have committed after that run looked. */
  private runAgain = false;
  private lastTransport: string | null | undefined = undefined;
  /** Date.now() before which claims leave expired leases alone (see takeoverGraceMs). */
  private takeOverAfter = 0;
  /** Aborted by stop() after markOnStopMs: a 'sent' mark still failing then is given up. */
  private giveUpMarking = new AbortController();

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
    this.messageIdHost = options.messageIdHost ?? 'localhost';
    this.takeoverGraceMs = options.takeoverGraceMs ?? 30_000;
    this.markOnStopMs = options.markOnStopMs ?? 3_000;
  }

  /** Polls until stop(); the first run starts at once to pick up what queued while we were down. */
  start(): void {
    if (this.started) return;
    this.started = true;
    this.stopping = false;
    // A worker that has just started cannot tell whether the database has just come back.
    this.noteOutage();
    this.schedule(0);
  }

  /**
   * Stops polling and waits for the e-mail being sent, if any; the rest of a run is left for later.
   * A 'sent' mark that the database keeps refusing is given up after markOnStopMs (plus the try
   * under way), so a shutdown during an outage does not hang.
   */
  async stop(): Promise<void> {
    this.started = false;
    this.stopping = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const giveUp = setTimeout(() => this.giveUpMarking.abort(), this.markOnStopMs);
    await this.inFlight;
    clearTimeout(giveUp);
    this.giveUpMarking = new AbortController();
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
    try {
      return await this.deliverDue();
    } catch (error) {
      if (isDatabaseUnavailable(error)) this.noteOutage();
      throw error;
    }
  }

  private async deliverDue(): Promise<RunResult> {
    const result: RunResult = { sent: 0, failed: 0, retried: 0 };
    const transport = await this.getTransport();
    this.noteTransport(transport);
    // No transport: leave e-mails pending and their attempts untouched.
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

  /** From now on, leave expired leases alone for takeoverGraceMs. */
  private noteOutage(): void {
    this.takeOverAfter = Date.now() + this.takeoverGraceMs;
  }

  /**
   * One statement: picks the oldest due e-mail nobody holds, skipping rows another worker is
   * claiming right now, and takes a lease on it. The attempt is counted here, at claim time, so
   * a worker that crashes mid-send still uses one up.
   *
   * An expired lease means its worker died mid-send, or that it sent the e-mail and is retrying
   * its 'sent' mark because the database was away longer than the lease. Every worker polling
   * through such an outage meets it too, so right after meeting one (or starting) a worker takes
   * only e-mails nobody holds, and leaves the expired leases to their workers' retries.
   */
  private async claimNext(exclude: number[]): Promise<OutboxRow | null> {
    const free = isNull(emailOutbox.lockedUntil);
    const claimable = Date.now() >= this.takeOverAfter ? or(free, lt(emailOutbox.lockedUntil, sql`now()`)) : free;
    const due = this.db
      .select({ id: emailOutbox.id })
      .from(emailOutbox)
      .where(
        and(
          eq(emailOutbox.status, 'pending'),
          lte(emailOutbox.nextAttemptAt, sql`now()`),
          claimable,
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
      const undecorated = outgoing(row, this.secret, this.messageIdHost);
      const message = this.decorate ? this.decorate(undecorated, row) : undecorated;
      await transport.send(message, { signal: AbortSignal.timeout(this.sendTimeoutMs()) });
    } catch (error) {
      return this.recordFailure(row, error);
    }
    await this.markSent(row);
    return 'sent';
  }

  /**
   * Records an e-mail the mail server accepted, trying again while the database is unavailable:
   * until this lands the row looks unsent, and would be sent again. The run waits here, so nothing
   * else is claimed or sent meanwhile. Another error is not worth retrying: it is logged, and the
   * e-mail may go out again when its lease runs out.
   */
  private async markSent(row: OutboxRow): Promise<void> {
    for (let attempt = 1; ; attempt++) {
      try {
        // By id alone: the message is out, so 'sent' is the truth whoever holds the row.
        await this.db
          .update(emailOutbox)
          .set({ status: 'sent', sentAt: sql`now()`, lockedUntil: null })
          .where(eq(emailOutbox.id, row.id));
        if (attempt > 1) this.logger.info({ emailId: row.id, markAttempts: attempt }, 'e-mail marked sent: the database answers again');
        return;
      } catch (error) {
        const details = { emailId: row.id, kind: row.kind, markAttempts: attempt, error: describeError(error) };
        if (!isDatabaseUnavailable(error)) {
          this.logger.error(details, 'e-mail was sent but marking it sent failed: it may be sent again');
          return;
        }
        this.noteOutage();
        if (this.giveUpMarking.signal.aborted) {
          this.logger.error(details, 'shutting down while the database is unavailable: e-mail was sent but not marked sent, and may be sent again');
          return;
        }
        // The 1st, 2nd, 4th, 8th… failed try: a long outage logs a line every few minutes, not every 2 s.
        if ((attempt & (attempt - 1)) === 0) this.logger.warn(details, 'e-mail was sent; marking it sent waits for the database');
        // stop() cuts the wait short, for one last try.
        await sleep(markRetryDelayMs(attempt), undefined, { signal: this.giveUpMarking.signal }).catch(() => undefined);
      }
    }
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
 * Only what a transport sends, its links' tokens signed, and the row's Message-ID: a decorator must
 * not see (or change) the bookkeeping columns.
 */
function outgoing(row: OutboxRow, secret: string, messageIdHost: string): OutgoingEmail {
  const message = unsealMessage({ to: row.to, bcc: row.bcc, subject: row.subject, html: row.html, text: row.text, attachments: row.attachments }, row.sealedTokens, secret);
  return { ...message, messageId: outboxMessageId(row, messageIdHost) };
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
