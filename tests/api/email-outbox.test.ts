import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { emailOutbox } from '../../src/server/db/schema';
import { enqueueEmail, listOutbox, retryEmail, type OutboxMessage } from '../../src/server/email/outbox';
import { OutboxWorker, type OutboxWorkerOptions } from '../../src/server/email/outbox-worker';
import { emailLayout } from '../../src/server/email/templates';
import { smtpTransportFromUrl, type MailTransport } from '../../src/server/email/transport';
import { SmtpCatcher } from '../helpers/smtp-catcher';
import { createTestDatabase } from '../helpers/test-database';
import { TEST_SECRET } from '../helpers/test-app';

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let catcher: SmtpCatcher;
let smtp: MailTransport;

beforeAll(async () => {
  database = await createTestDatabase();
  catcher = await SmtpCatcher.start();
  smtp = smtpTransportFromUrl(catcher.url);
});
afterAll(async () => {
  await catcher?.stop();
  await database?.close();
});
beforeEach(async () => {
  await catcher.start();
  catcher.clear();
  await database.db.delete(emailOutbox);
});

const message = (overrides: Partial<OutboxMessage> = {}): OutboxMessage => ({
  to: 'ada@example.com',
  subject: 'Your seat is booked',
  html: emailLayout({ title: 'Booking confirmed', bodyHtml: '<p>See you at <strong>Intro to Clay</strong>.</p>', brandName: 'Vibe Coding Workshop' }),
  text: 'See you at Intro to Clay.',
  kind: 'booking_confirmation_paid',
  ...overrides,
});

const enqueue = (overrides: Partial<OutboxMessage> = {}) => database.db.transaction((tx) => enqueueEmail(tx, message(overrides)));

const worker = (options: Partial<OutboxWorkerOptions> = {}) => new OutboxWorker({ db: database.db, secret: TEST_SECRET, getTransport: () => smtp, ...options });

async function databaseNow(): Promise<number> {
  const result = (await database.db.execute(sql`select now() as now`)) as unknown as { rows: { now: Date | string }[] };
  return new Date(result.rows[0]!.now).getTime();
}

async function row(id: number) {
  const [found] = await database.db.select().from(emailOutbox).where(eq(emailOutbox.id, id));
  if (!found) throw new Error(`no outbox row ${id}`);
  return found;
}

/** Makes every pending e-mail due now, as if its backoff had passed. */
async function timePasses() {
  await database.db.update(emailOutbox).set({ nextAttemptAt: sql`now() - interval '1 second'` });
}

/** What a Message-ID of an outbox row looks like: the row's id and creation time, then the host. */
const expectedMessageId = (found: { id: number; createdAt: Date }, host: string) => `<outbox-${found.id}.${found.createdAt.getTime()}@${host}>`;

/**
 * The database answering as it does during a restart (SQLSTATE 57P01, "terminating connection due
 * to administrator command"), from a trigger on email_outbox: the next `refuseMarks` marks of an
 * e-mail as sent fail, and while `down` every update of the outbox fails (a worker's claim too).
 * Counts every try of a mark, refused or not.
 */
const fault = {
  async install() {
    for (const statement of [
      `create table outbox_fault (refuse_marks bigint not null, down boolean not null, sqlstate text not null)`,
      `insert into outbox_fault values (0, false, '57P01')`,
      `create sequence outbox_mark_tries`,
      `create function outbox_fault_mark() returns trigger language plpgsql as $$
        declare f outbox_fault;
        begin
          if new.status = 'sent' and old.status = 'pending' then
            select * into f from outbox_fault;
            if nextval('outbox_mark_tries') <= f.refuse_marks then
              raise exception 'terminating connection due to administrator command' using errcode = f.sqlstate;
            end if;
          end if;
          return new;
        end $$`,
      `create function outbox_fault_down() returns trigger language plpgsql as $$
        begin
          if (select down from outbox_fault) then
            raise exception 'terminating connection due to administrator command' using errcode = '57P01';
          end if;
          return null;
        end $$`,
      `create trigger outbox_fault_mark before update on email_outbox for each row execute function outbox_fault_mark()`,
      // Per statement: it fires even when the claim finds no row to update.
      `create trigger outbox_fault_down before update on email_outbox for each statement execute function outbox_fault_down()`,
    ]) {
      await database.db.execute(sql.raw(statement));
    }
  },
  async remove() {
    for (const statement of [
      `drop trigger if exists outbox_fault_mark on email_outbox`,
      `drop trigger if exists outbox_fault_down on email_outbox`,
      `drop function if exists outbox_fault_mark()`,
      `drop function if exists outbox_fault_down()`,
      `drop sequence if exists outbox_mark_tries`,
      `drop table if exists outbox_fault`,
    ]) {
      await database.db.execute(sql.raw(statement));
    }
  },
  /** The next `count` marks fail (any number: until `marksLand`), with `sqlstate`. */
  async refuseMarks(count: number, sqlstate = '57P01') {
    await database.db.execute(sql`update outbox_fault set refuse_marks = (select case when is_called then last_value else 0 end from outbox_mark_tries) + ${count}, sqlstate = ${sqlstate}`);
  },
  async marksLand() {
    await database.db.execute(sql`update outbox_fault set refuse_marks = 0`);
  },
  async setDown(down: boolean) {
    await database.db.execute(sql`update outbox_fault set down = ${down}`);
  },
  async markTries(): Promise<number> {
    const result = (await database.db.execute(sql`select case when is_called then last_value else 0 end as n from outbox_mark_tries`)) as unknown as { rows: { n: number | string }[] };
    return Number(result.rows[0]!.n);
  },
};

const recordingLogger = () => ({ info: vi.fn(), warn: vi.fn(), error: vi.fn() });

describe('enqueueEmail', () => {
  it('writes nothing when the transaction that caused the e-mail rolls back', async () => {
    await expect(
      database.db.transaction(async (tx) => {
        await enqueueEmail(tx, message());
        throw new Error('booking failed');
      }),
    ).rejects.toThrow('booking failed');
    expect(await database.db.select().from(emailOutbox)).toEqual([]);
  });

  it('keeps a committed e-mail pending and due, with no attempts yet', async () => {
    const { id } = await enqueue({ bcc: 'office@example.com' });
    expect(await row(id)).toMatchObject({ status: 'pending', attempts: 0, lastError: null, lockedUntil: null, bcc: 'office@example.com' });
    expect(await listOutbox(database.db)).toEqual([
      { id, to: 'ada@example.com', subject: 'Your seat is booked', status: 'pending', attempts: 0, lastError: null, createdAt: expect.any(Date), dateMessage: null },
    ]);
  });

  it('refuses an e-mail without a recipient', async () => {
    await expect(enqueue({ to: '  ' })).rejects.toThrow('"to" is empty');
  });
});

describe('OutboxWorker delivering through SMTP', () => {
  it('sends a queued e-mail once and marks it sent', async () => {
    const pdf = Buffer.from('%PDF-1.4 ticket');
    const { id } = await enqueue({
      subject: 'Booking confirmed: Café Ceramics',
      bcc: 'office@example.com',
      attachments: [{ filename: 'ticket.pdf', contentType: 'application/pdf', content: pdf.toString('base64') }],
    });

    expect(await worker().runOnce()).toEqual({ sent: 1, failed: 0, retried: 0 });

    expect(catcher.messages).toHaveLength(1);
    const mail = catcher.messages[0]!;
    expect(mail.subject).toBe('Booking confirmed: Café Ceramics');
    expect(mail.to).toBe('ada@example.com');
    expect(mail.from).toBe('Workshops <no-reply@localhost>');
    expect(mail.recipients.sort()).toEqual(['ada@example.com', 'office@example.com']);
    expect(mail.headers.has('bcc')).toBe(false);
    expect(mail.html).toContain('<p>See you at <strong>Intro to Clay</strong>.</p>');
    expect(mail.html).toContain('max-width:600px');
    expect(mail.text).toContain('See you at Intro to Clay.');
    expect(mail.attachments).toEqual([{ filename: 'ticket.pdf', contentType: 'application/pdf', content: pdf }]);

    expect(await row(id)).toMatchObject({ status: 'sent', attempts: 1, lockedUntil: null, sentAt: expect.any(Date) });
    expect(await worker().runOnce()).toEqual({ sent: 0, failed: 0, retried: 0 });
    expect(catcher.messages).toHaveLength(1);
  });

  it('keeps e-mail queued while SMTP is down and delivers it exactly once when it is back', async () => {
    await catcher.stop();
    const { id } = await enqueue();

    expect(await worker().runOnce()).toEqual({ sent: 0, failed: 0, retried: 1 });
    const waiting = await row(id);
    expect(waiting).toMatchObject({ status: 'pending', attempts: 1, lockedUntil: null, sentAt: null });
    expect(waiting.lastError).toMatch(/ECONNREFUSED/);
    // First backoff: 5 s after the attempt, on the database clock (createdAt is a little earlier).
    const wait = waiting.nextAttemptAt.getTime() - waiting.createdAt.getTime();
    expect(wait).toBeGreaterThanOrEqual(5_000);
    expect(wait).toBeLessThan(10_000);

    await catcher.start();
    // Back up, but the backoff has not passed: nothing is attempted yet.
    expect(await worker().runOnce()).toEqual({ sent: 0, failed: 0, retried: 0 });
    expect(catcher.messages).toHaveLength(0);

    await timePasses();
    expect(await worker().runOnce()).toEqual({ sent: 1, failed: 0, retried: 0 });
    expect(await worker().runOnce()).toEqual({ sent: 0, failed: 0, retried: 0 });
    expect(catcher.messages.map((mail) => mail.subject)).toEqual(['Your seat is booked']);
    expect(await row(id)).toMatchObject({ status: 'sent', attempts: 2 });
  });

  it('marks an e-mail failed after maxAttempts, and retryEmail queues it again', async () => {
    await catcher.stop();
    const { id } = await enqueue();
    const failing = worker({ maxAttempts: 3, backoff: () => 0 });

    expect(await failing.runOnce()).toEqual({ sent: 0, failed: 0, retried: 1 });
    expect(await failing.runOnce()).toEqual({ sent: 0, failed: 0, retried: 1 });
    expect(await failing.runOnce()).toEqual({ sent: 0, failed: 1, retried: 0 });
    expect(await row(id)).toMatchObject({ status: 'failed', attempts: 3, lockedUntil: null });
    expect((await row(id)).lastError).toMatch(/ECONNREFUSED/);
    // Failed e-mails are kept but no longer tried.
    expect(await failing.runOnce()).toEqual({ sent: 0, failed: 0, retried: 0 });

    expect(await retryEmail(database.db, id)).toBe(true);
    expect(await retryEmail(database.db, id)).toBe(false); // only a failed e-mail can be retried
    expect(await row(id)).toMatchObject({ status: 'pending', attempts: 0 });

    await catcher.start();
    expect(await failing.runOnce()).toEqual({ sent: 1, failed: 0, retried: 0 });
    expect(await row(id)).toMatchObject({ status: 'sent', attempts: 1 });
    expect(catcher.messages).toHaveLength(1);
  });

  it('tries each e-mail once per run, even when its backoff is already over', async () => {
    await catcher.stop();
    const { id } = await enqueue();
    expect(await worker({ backoff: () => 0 }).runOnce()).toEqual({ sent: 0, failed: 0, retried: 1 });
    expect((await row(id)).attempts).toBe(1);
  });

  it('stores at most 1000 characters of the error', async () => {
    const { id } = await enqueue();
    const broken: MailTransport = {
      send: () => Promise.reject(new Error('x'.repeat(5000))),
      describe: () => 'broken',
    };
    expect(await worker({ getTransport: () => broken }).runOnce()).toEqual({ sent: 0, failed: 0, retried: 1 });
    expect((await row(id)).lastError).toHaveLength(1000);
  });

  it('leaves e-mail pending, with no attempt counted, when no transport is configured', async () => {
    const { id } = await enqueue();
    expect(await worker({ getTransport: () => null }).runOnce()).toEqual({ sent: 0, failed: 0, retried: 0 });
    expect(await worker({ getTransport: async () => null }).runOnce()).toEqual({ sent: 0, failed: 0, retried: 0 });
    expect(await row(id)).toMatchObject({ status: 'pending', attempts: 0, lastError: null, lockedUntil: null });
  });

  it('does not touch an e-mail another worker holds until its lease runs out', async () => {
    const { id } = await enqueue();
    // As if another instance had claimed it and then died mid-send.
    await database.db.update(emailOutbox).set({ lockedUntil: sql`now() + interval '1 minute'`, attempts: 1 });
    expect(await worker().runOnce()).toEqual({ sent: 0, failed: 0, retried: 0 });

    await database.db.update(emailOutbox).set({ lockedUntil: sql`now() - interval '1 second'` });
    expect(await worker().runOnce()).toEqual({ sent: 1, failed: 0, retried: 0 });
    expect(await row(id)).toMatchObject({ status: 'sent', attempts: 2 });
    expect(catcher.messages).toHaveLength(1);
  });

  it('delivers each e-mail exactly once when two workers run at the same time', async () => {
    const slow = await SmtpCatcher.start({ latencyMs: 20 });
    try {
      for (let n = 1; n <= 20; n++) await enqueue({ subject: `Booking ${n}` });
      // Separate transports, as two app instances would have.
      const workers = [1, 2].map(() => {
        const transport = smtpTransportFromUrl(slow.url);
        return worker({ getTransport: () => transport, batchSize: 20 });
      });

      const results = await Promise.all(workers.map((w) => w.runOnce()));
      expect(results.reduce((sum, result) => sum + result.sent, 0)).toBe(20);

      const subjects = slow.messages.map((mail) => mail.subject);
      expect(subjects).toHaveLength(20);
      expect(new Set(subjects).size).toBe(20);
      const rows = await database.db.select().from(emailOutbox);
      expect(rows.every((r) => r.status === 'sent' && r.attempts === 1)).toBe(true);
    } finally {
      await slow.stop();
    }
  });
});

describe('OutboxWorker running on its own', () => {
  it('retries in the background and delivers once the mail server is back', async () => {
    await catcher.stop();
    const background = worker({ pollIntervalMs: 20, backoff: () => 50 });
    background.start();
    try {
      const { id } = await enqueue();
      background.nudge();
      await expect.poll(async () => (await row(id)).attempts, { timeout: 5_000 }).toBeGreaterThanOrEqual(1);
      expect((await row(id)).status).toBe('pending');

      await catcher.start();
      await expect.poll(async () => (await row(id)).status, { timeout: 5_000 }).toBe('sent');
      expect(catcher.messages).toHaveLength(1);
    } finally {
      await background.stop();
    }
  });

  it('sends soon after a nudge, and stop() waits for the e-mail in flight', async () => {
    const slow = await SmtpCatcher.start({ latencyMs: 300 });
    const transport = smtpTransportFromUrl(slow.url);
    const background = worker({ pollIntervalMs: 60_000, getTransport: () => transport });
    try {
      background.start();
      await new Promise((resolve) => setTimeout(resolve, 200)); // let the start-up run find nothing
      const { id } = await enqueue();
      background.nudge();
      // Claimed (so the SMTP conversation is under way, slowed to 300 ms by the server), not yet sent.
      await expect.poll(async () => (await row(id)).lockedUntil, { timeout: 5_000, interval: 10 }).not.toBeNull();
      expect((await row(id)).status).toBe('pending');

      await background.stop();
      expect(await row(id)).toMatchObject({ status: 'sent', lockedUntil: null });
      expect(slow.messages).toHaveLength(1);
    } finally {
      await background.stop();
      await slow.stop();
    }
  });

  it('keeps polling after an error and logs it', async () => {
    const logger = { info: vi.fn(), warn: vi.fn(), error: vi.fn() };
    let calls = 0;
    const background = worker({
      pollIntervalMs: 20,
      logger,
      getTransport: () => {
        calls += 1;
        if (calls === 1) throw new Error('settings unreadable');
        return smtp;
      },
    });
    const { id } = await enqueue();
    background.start();
    try {
      await expect.poll(async () => (await row(id)).status, { timeout: 5_000 }).toBe('sent');
      expect(logger.error).toHaveBeenCalledWith({ err: expect.objectContaining({ message: 'settings unreadable' }) }, 'e-mail outbox run failed');
      expect(logger.info).toHaveBeenCalledWith({ transport: catcher.url }, 'e-mail outbox delivers through this transport');
    } finally {
      await background.stop();
    }
  });
});

describe('the Message-ID of an outbox e-mail', () => {
  const host = 'workshops.example.test';

  it('is the same on every attempt of one e-mail, and different for another e-mail', async () => {
    const first = await enqueue({ subject: 'First' });
    const second = await enqueue({ subject: 'Second' });
    // The server accepts the first e-mail, then the connection drops before we hear so: it is sent again.
    let dropped = false;
    const droppingOnce: MailTransport = {
      async send(outgoing, options) {
        await smtp.send(outgoing, options);
        if (!dropped && outgoing.subject === 'First') {
          dropped = true;
          throw new Error('Connection closed unexpectedly');
        }
      },
      describe: () => 'drops once',
    };
    const sender = worker({ getTransport: () => droppingOnce, backoff: () => 0, messageIdHost: host });

    expect(await sender.runOnce()).toEqual({ sent: 1, failed: 0, retried: 1 });
    expect(await sender.runOnce()).toEqual({ sent: 1, failed: 0, retried: 0 });

    const idsOf = (subject: string) => catcher.messages.filter((mail) => mail.subject === subject).map((mail) => mail.headers.get('message-id'));
    expect(idsOf('First')).toEqual([expectedMessageId(await row(first.id), host), expectedMessageId(await row(first.id), host)]);
    expect(idsOf('Second')).toEqual([expectedMessageId(await row(second.id), host)]);
    expect(idsOf('First')[0]).not.toBe(idsOf('Second')[0]);
  });
});

describe('marking an e-mail sent while the database blinks', () => {
  beforeEach(() => fault.install());
  afterEach(() => fault.remove());

  it('tries the mark again until it lands, and sends the e-mail once', async () => {
    const { id } = await enqueue();
    await fault.refuseMarks(3);
    const logger = recordingLogger();

    expect(await worker({ logger }).runOnce()).toEqual({ sent: 1, failed: 0, retried: 0 });

    expect(await fault.markTries()).toBe(4);
    expect(await row(id)).toMatchObject({ status: 'sent', attempts: 1, lockedUntil: null, sentAt: expect.any(Date), lastError: null });
    expect(catcher.messages).toHaveLength(1);
    expect(await worker().runOnce()).toEqual({ sent: 0, failed: 0, retried: 0 });
    expect(catcher.messages).toHaveLength(1);
    // Warned about the 1st and 2nd refusal (then the 4th, 8th…), not every one.
    expect(logger.warn.mock.calls.map(([details]) => (details as { markAttempts: number }).markAttempts)).toEqual([1, 2]);
    expect(logger.error).not.toHaveBeenCalled();
  });

  it('claims and sends nothing else while the mark waits for the database', async () => {
    const first = await enqueue({ subject: 'First' });
    const second = await enqueue({ subject: 'Second' });
    await fault.refuseMarks(Number.MAX_SAFE_INTEGER);
    const run = worker().runOnce();

    await expect.poll(() => fault.markTries(), { timeout: 10_000 }).toBeGreaterThanOrEqual(3);
    expect(catcher.messages.map((mail) => mail.subject)).toEqual(['First']);
    expect(await row(second.id)).toMatchObject({ status: 'pending', attempts: 0, lockedUntil: null });

    await fault.marksLand();
    expect(await run).toEqual({ sent: 2, failed: 0, retried: 0 });
    expect(await row(first.id)).toMatchObject({ status: 'sent', attempts: 1 });
    expect(await row(second.id)).toMatchObject({ status: 'sent', attempts: 1 });
    expect(catcher.messages.map((mail) => mail.subject)).toEqual(['First', 'Second']);
  });

  it('keeps workers that met the outage, or just started, off the e-mail when its lease runs out before the mark lands', async () => {
    const { id } = await enqueue();
    // The database goes away right after the server accepted the e-mail.
    const goingDown: MailTransport = {
      async send(outgoing, options) {
        await smtp.send(outgoing, options);
        await fault.refuseMarks(Number.MAX_SAFE_INTEGER);
      },
      describe: () => 'smtp, then the database goes away',
    };
    const sender = worker({ getTransport: () => goingDown, leaseMs: 1_000 });
    const run = sender.runOnce();
    await expect.poll(() => fault.markTries(), { timeout: 10_000 }).toBeGreaterThanOrEqual(1);

    // Other instances must leave the e-mail alone: had they claimed it, this would show it.
    const tried: string[] = [];
    const forbidden: MailTransport = {
      send: (outgoing) => {
        tried.push(outgoing.subject);
        return Promise.reject(new Error('another instance sent the e-mail again'));
      },
      describe: () => 'another instance',
    };
    // Another instance polls during the outage, and meets it.
    const other = worker({ getTransport: () => forbidden });
    await fault.setDown(true);
    await expect(other.runOnce()).rejects.toThrow();
    await fault.setDown(false);
    // The outage outlasts the lease; the database answers the other instance first.
    await expect.poll(async () => (await row(id)).lockedUntil!.getTime() < (await databaseNow()), { timeout: 10_000 }).toBe(true);
    expect(await other.runOnce()).toEqual({ sent: 0, failed: 0, retried: 0 });
    const started = worker({ getTransport: () => forbidden, pollIntervalMs: 60_000 });
    started.start();
    try {
      expect(await started.runOnce()).toEqual({ sent: 0, failed: 0, retried: 0 });
    } finally {
      await started.stop();
    }
    expect(tried).toEqual([]);
    expect(await row(id)).toMatchObject({ status: 'pending', attempts: 1 });

    await fault.marksLand();
    expect(await run).toEqual({ sent: 1, failed: 0, retried: 0 });
    expect(await row(id)).toMatchObject({ status: 'sent', attempts: 1 });
    expect(catcher.messages).toHaveLength(1);
  });

  it('gives the mark up on stop() after markOnStopMs, saying the e-mail may be sent again', async () => {
    const { id } = await enqueue();
    await fault.refuseMarks(Number.MAX_SAFE_INTEGER);
    const logger = recordingLogger();
    const background = worker({ logger, markOnStopMs: 200 });
    background.start();
    await expect.poll(() => fault.markTries(), { timeout: 10_000 }).toBeGreaterThanOrEqual(2);

    await background.stop();

    expect(logger.error).toHaveBeenCalledWith(
      expect.objectContaining({ emailId: id }),
      'shutting down while the database is unavailable: e-mail was sent but not marked sent, and may be sent again',
    );
    const tries = await fault.markTries();
    await fault.marksLand();
    // Stopped for good: no try after stop() returned.
    expect(await fault.markTries()).toBe(tries);
    expect(await row(id)).toMatchObject({ status: 'pending', attempts: 1 });
    expect(catcher.messages).toHaveLength(1);
  });

  it('does not retry a mark that fails for another reason, and logs it', async () => {
    const { id } = await enqueue();
    await fault.refuseMarks(1, '23514');
    const logger = recordingLogger();

    expect(await worker({ logger }).runOnce()).toEqual({ sent: 1, failed: 0, retried: 0 });

    expect(await fault.markTries()).toBe(1);
    expect(logger.error).toHaveBeenCalledWith(expect.objectContaining({ emailId: id }), 'e-mail was sent but marking it sent failed: it may be sent again');
    expect(await row(id)).toMatchObject({ status: 'pending', attempts: 1 });
    expect(catcher.messages).toHaveLength(1);
  });
});
