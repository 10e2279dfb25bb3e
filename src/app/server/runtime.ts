import type { FastifyBaseLogger } from 'fastify';
import { unsubscribeDecorator } from '../../features/newsletter/server/unsubscribe';
import { resolveMailTransport } from '../../features/settings/server/mail-transport';
import { moveDiskUploadsIntoDatabase } from '../../features/uploads/server/uploads.service';
import { sealOutboxTokens } from '../../features/operations/server/sealed-outbox';
import { startBackgroundJobs, type BackgroundJobTimings } from './background-jobs';
import { bookingMail } from './booking-mail';
import type { Database } from '../../server/db/client';
import { OutboxWorker } from '../../server/email/outbox-worker';
import type { Env } from '../../server/env';
import type { PaymentProvider } from '../../server/payments/payment-provider';

/** 12 attempts with doubling backoff keep retrying for about 2.4 hours before an admin must retry. */
const OUTBOX_MAX_ATTEMPTS = 12;

export type Runtime = {
  outbox: OutboxWorker;
  /** The one-off work of start-up (images left on disk, e-mails queued unsealed) has finished. */
  started: Promise<void>;
  stop: () => Promise<void>;
};

/**
 * The work a running server does besides answering requests: the outbox worker and the periodic
 * jobs. Kept apart from server.ts so tests run exactly what production runs.
 * - E-mail goes through the admin's saved settings, else SMTP_URL, else waits.
 * - Every e-mail carries its recipient's unsubscribe link.
 * - Reminders are queued, and the daily backup is written to DATA_DIR/backups.
 * - Images an earlier version left in DATA_DIR/uploads are moved into the database, and e-mails
 *   it queued with their links' tokens in them are sealed, in the background (images are served
 *   from disk and e-mails send as they are until then); a failure is logged and retried at the
 *   next start.
 */
export function startRuntime({
  db,
  env,
  secret,
  payments,
  log,
  timings,
}: {
  db: Database;
  env: Pick<Env, 'SMTP_URL' | 'MS_LOGIN_BASE_URL' | 'MS_GRAPH_BASE_URL' | 'PUBLIC_URL' | 'DATA_DIR'>;
  secret: string;
  /** For the lifecycle's sweeps: expired reservations' open payments, refunds still to send. */
  payments: PaymentProvider;
  log: FastifyBaseLogger;
  timings?: BackgroundJobTimings;
}): Runtime {
  const outbox = new OutboxWorker({
    db,
    secret,
    getTransport: () => resolveMailTransport(db, env, secret),
    decorate: unsubscribeDecorator({ secret, publicUrl: env.PUBLIC_URL }),
    logger: log,
    maxAttempts: OUTBOX_MAX_ATTEMPTS,
    messageIdHost: new URL(env.PUBLIC_URL).hostname,
  });
  const jobs = startBackgroundJobs({
    db,
    log,
    reminders: { secret, publicUrl: env.PUBLIC_URL, onEmailQueued: () => outbox.nudge() },
    lifecycle: { db, payments, secret, publicUrl: env.PUBLIC_URL, mail: bookingMail({ publicUrl: env.PUBLIC_URL }), now: () => new Date(), onEmailQueued: () => outbox.nudge(), log },
    waitlist: { db, secret, publicUrl: env.PUBLIC_URL, now: () => new Date(), onEmailQueued: () => outbox.nudge() },
    schedule: { publicUrl: env.PUBLIC_URL, onEmailQueued: () => outbox.nudge() },
    calls: { db, secret, publicUrl: env.PUBLIC_URL, now: () => new Date(), onEmailQueued: () => outbox.nudge() },
    backups: { dataDir: env.DATA_DIR, secret },
    timings,
  });
  outbox.start();
  const started = Promise.all([
    moveDiskUploadsIntoDatabase(db, env.DATA_DIR, log).catch((error: unknown) =>
      log.error({ err: error }, 'moving uploaded images into the database failed; the next start tries again'),
    ),
    sealOutboxTokens(db, secret).then(
      (sealed) => sealed > 0 && log.info({ sealed }, 'outbox e-mails queued before tokens were sealed: sealed'),
      (error: unknown) => log.error({ err: error }, 'sealing the tokens of older outbox e-mails failed; the next start tries again'),
    ),
  ]).then(() => undefined);
  return {
    outbox,
    started,
    stop: async () => {
      jobs.stop();
      await started;
      await outbox.stop();
    },
  };
}
