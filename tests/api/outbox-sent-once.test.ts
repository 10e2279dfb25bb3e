import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRuntime } from '../../src/app/server/runtime';
import { graphTransport } from '../../src/features/settings/server/graph-transport';
import { openDatabase, type Database, type DatabaseHandle } from '../../src/server/db/client';
import { emailOutbox } from '../../src/server/db/schema';
import { enqueueEmail } from '../../src/server/email/outbox';
import { OutboxWorker, type OutboxLogger } from '../../src/server/email/outbox-worker';
import { smtpTransportFromUrl, type MailTransport } from '../../src/server/email/transport';
import { loadEnv } from '../../src/server/env';
import { createPaymentProvider } from '../../src/server/payments/create-provider';
import { startGraphDouble } from '../helpers/graph-double';
import { SmtpCatcher } from '../helpers/smtp-catcher';
import { createTestApp, TEST_SECRET, type TestApp } from '../helpers/test-app';
import { testDatabaseKind } from '../helpers/test-database';
import { ThrowawayCluster } from '../helpers/throwaway-cluster';

/*
 * An e-mail the mail server accepted goes out once, even when the database goes away before the
 * outbox could write down that it did; and each e-mail carries a Message-ID of its outbox row, the
 * same on every attempt, through SMTP and Microsoft 365 alike. The PostgreSQL pass restarts a
 * throwaway cluster right after the mail server accepted each of several e-mails, for longer than
 * the lease, under two workers on their own pools (two instances). Embedded PGlite has no
 * connection to lose: it runs the Message-ID tests only.
 */

/** What a Message-ID of an outbox row looks like: the row's id and creation time, then the host. */
const expectedMessageId = (row: { id: number; createdAt: Date }, host: string) => `<outbox-${row.id}.${row.createdAt.getTime()}@${host}>`;

async function outboxRows(db: Database) {
  return db.select().from(emailOutbox).orderBy(asc(emailOutbox.id));
}

describe('the Message-ID of an outbox e-mail', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(async () => {
    await app?.close();
  });

  it('goes to Microsoft 365 as internetMessageId, the same on the attempt after a failed one', async () => {
    const graphAccount = { tenantId: 'contoso-tenant', clientId: 'app-client-id', clientSecret: 'graph-client-secret' };
    const graph = await startGraphDouble(graphAccount);
    try {
      const transport = graphTransport({ ...graphAccount, from: 'sender@contoso.test', loginBase: graph.baseUrl, graphBase: graph.baseUrl });
      const { id } = await enqueueEmail(app.database.db, { to: 'guest@example.test', subject: 'Through Graph', html: '<p>Hello</p>', kind: 'test' });
      const worker = new OutboxWorker({ db: app.database.db, secret: TEST_SECRET, getTransport: () => transport, backoff: () => 0, messageIdHost: 'workshops.example.test' });

      graph.failNextSend(503, 'ServiceUnavailable', 'The service is temporarily unavailable.');
      expect(await worker.runOnce()).toEqual({ sent: 0, failed: 0, retried: 1 });
      await app.database.db.update(emailOutbox).set({ nextAttemptAt: sql`now() - interval '1 second'` }).where(eq(emailOutbox.id, id));
      expect(await worker.runOnce()).toEqual({ sent: 1, failed: 0, retried: 0 });

      const [row] = await app.database.db.select().from(emailOutbox).where(eq(emailOutbox.id, id));
      const ids = graph.sendMailRequests.map((request) => (request.body.message as { internetMessageId?: string }).internetMessageId);
      expect(ids).toEqual([expectedMessageId(row!, 'workshops.example.test'), expectedMessageId(row!, 'workshops.example.test')]);
    } finally {
      await graph.close();
    }
  });

  it("takes its host from PUBLIC_URL in the server's runtime", async () => {
    const catcher = await SmtpCatcher.start();
    const dataDir = mkdtempSync(join(tmpdir(), 'message-id-runtime-'));
    const env = loadEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', PUBLIC_URL: 'https://workshops.example.test:8443/', SMTP_URL: catcher.url, DATA_DIR: dataDir });
    const runtime = startRuntime({ db: app.database.db, env, secret: TEST_SECRET, payments: createPaymentProvider(env, app.database.db, TEST_SECRET), log: app.log });
    try {
      const { id } = await enqueueEmail(app.database.db, { to: 'guest@example.test', subject: 'From the runtime', html: '<p>Hello</p>', kind: 'test' });
      runtime.outbox.nudge();
      await expect.poll(() => catcher.messages.length, { timeout: 10_000 }).toBe(1);
      const [row] = await app.database.db.select().from(emailOutbox).where(eq(emailOutbox.id, id));
      expect(catcher.messages[0]!.headers.get('message-id')).toBe(expectedMessageId(row!, 'workshops.example.test'));
    } finally {
      await runtime.stop();
      await catcher.stop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

if (testDatabaseKind === 'postgres') {
  /** Restarts, each right after the mail server accepted an e-mail. */
  const RESTARTS = 5;
  /** Enough that every restart finds an e-mail to follow: one sent during an outage starts none. */
  const EMAILS = 15;
  /** Shorter than the outage, so every lease runs out while its 'sent' mark waits for the database. */
  const LEASE_MS = 1_000;
  const OUTAGE_MS = 2_000;
  const HOST = 'restart.example.test';

  describe('PostgreSQL restarted right after the mail server accepted an e-mail', () => {
    let cluster: ThrowawayCluster | undefined;
    let catcher: SmtpCatcher | undefined;
    const handles: DatabaseHandle[] = [];

    beforeAll(async () => {
      cluster = await ThrowawayCluster.create();
      catcher = await SmtpCatcher.start();
      // Two instances: a pool and a worker each. The first open applies the migrations.
      for (let n = 0; n < 2; n++) handles.push(await openDatabase({ databaseUrl: cluster.url }));
    }, 90_000);

    afterAll(async () => {
      for (const handle of handles) await handle.close().catch(() => undefined);
      await catcher?.stop();
      await cluster?.remove();
    }, 60_000);

    it(`sends each e-mail exactly once, with its row's Message-ID, over ${RESTARTS} restarts`, async () => {
      const [first, second] = handles.map((handle) => handle.db) as [Database, Database];
      for (let n = 1; n <= EMAILS; n++) await enqueueEmail(first, { to: `guest${n}@example.test`, subject: `E-mail ${n}`, html: `<p>E-mail ${n}</p>`, kind: 'test' });

      const smtp = smtpTransportFromUrl(catcher!.url);
      let restarts = 0;
      let databaseDown = false;
      const outages: Promise<void>[] = [];
      // The database goes away right after the mail server accepted the e-mail, and is back later.
      const restartingAfterSend: MailTransport = {
        async send(message, options) {
          await smtp.send(message, options);
          if (databaseDown || restarts >= RESTARTS) return;
          databaseDown = true;
          restarts += 1;
          await cluster!.stop('fast');
          outages.push(
            sleep(OUTAGE_MS)
              .then(() => cluster!.start())
              .then(() => {
                databaseDown = false;
              }),
          );
        },
        describe: () => 'smtp, then a database restart',
      };
      const markErrors: unknown[][] = [];
      const logger: OutboxLogger = {
        info() {},
        warn() {},
        // Failed runs while the database is away are expected; a mark given up is not.
        error: (details, message) => {
          if (/mark/.test(message)) markErrors.push([details, message]);
        },
      };
      const workers = [first, second].map(
        (db) => new OutboxWorker({ db, secret: TEST_SECRET, getTransport: () => restartingAfterSend, logger, leaseMs: LEASE_MS, pollIntervalMs: 50, messageIdHost: HOST }),
      );
      for (const worker of workers) worker.start();
      try {
        await expect.poll(() => restarts, { timeout: 60_000, interval: 100 }).toBe(RESTARTS);
        await Promise.all(outages);
        await expect
          .poll(async () => (await outboxRows(first)).filter((row) => row.status === 'sent').length, { timeout: 60_000, interval: 100 })
          .toBe(EMAILS);
      } finally {
        for (const worker of workers) await worker.stop();
        await Promise.all(outages);
      }

      const rows = await outboxRows(first);
      expect(rows.map((row) => row.status)).toEqual(Array(EMAILS).fill('sent'));
      // Received once each, counted by Message-ID: each row's own, the same for all its copies.
      const copies = new Map<string, number>();
      for (const mail of catcher!.messages) {
        const messageId = mail.headers.get('message-id') ?? '(none)';
        copies.set(messageId, (copies.get(messageId) ?? 0) + 1);
      }
      expect(Object.fromEntries(copies)).toEqual(Object.fromEntries(rows.map((row) => [expectedMessageId(row, HOST), 1])));
      const idOfSubject = new Map(rows.map((row) => [row.subject, expectedMessageId(row, HOST)]));
      for (const mail of catcher!.messages) expect(mail.headers.get('message-id')).toBe(idOfSubject.get(mail.subject));
      expect(markErrors).toEqual([]);
    }, 180_000);
  });
}
