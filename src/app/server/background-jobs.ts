import type { FastifyBaseLogger } from 'fastify';
import type { BookingDeps } from '../../features/booking/server/booking-deps';
import { settleMoveOffers } from '../../features/admin-workshops/server/call-off-date';
import { finishPendingRefunds } from '../../features/booking/server/payment-refunds';
import { expireReservations, sendReservationReminders } from '../../features/booking/server/reservations';
import { releaseExpiredHolds } from '../../features/booking/server/seats';
import { sendDueReminders, type ReminderDeps } from '../../features/calendar/server/reminders';
import { sendDueScheduledMessages, type ScheduleDeps } from '../../features/date-messages/server';
import { runDailyBackup } from '../../features/operations/server/scheduled-backups';
import type { Database } from '../../server/db/client';
import { deleteExpiredRateLimitHits } from '../../server/lib/rate-limit-store';
import { deleteExpiredSessions } from '../../server/plugins/auth';
import { expireOffers, sendOfferEmails, type WaitlistDeps } from '../../features/waitlist/server';
import { sendCallNotices, type CallsDeps } from '../../features/calls/server';

const HOLD_SWEEP_INTERVAL_MS = 30_000;
/** How often an instance asks whether today's backup is still to be made (one claims it; see runDailyBackup). */
const BACKUP_CHECK_INTERVAL_MS = 60 * 60_000;
/** The first check after start-up: not during it. */
const BACKUP_FIRST_CHECK_MS = 60_000;

/** How soon the jobs first run after start-up; tests shorten them. */
export type BackgroundJobTimings = { firstBackupCheckMs?: number };

/**
 * Periodic work every instance runs; each job is safe to run on several instances at once
 * because it claims rows in SQL: holds with SKIP LOCKED (see releaseExpiredHolds), reminders
 * through the unique (booking, kind) row of booking_reminders (see sendDueReminders), a date's
 * scheduled message by an UPDATE of its unsent row (see sendDueScheduledMessages).
 */
export function startBackgroundJobs({
  db,
  log,
  reminders,
  lifecycle,
  waitlist,
  schedule,
  calls,
  backups,
  timings = {},
}: {
  db: Database;
  log: FastifyBaseLogger;
  /** What the booking lifecycle's clock-driven steps need (reservation expiry, refunds to retry). */
  lifecycle?: BookingDeps;
  /** The waiting list's clock-driven steps: offers that ran out, and offers whose e-mail is still to go. */
  waitlist?: WaitlistDeps;
  /** Links and the outbox nudge for the dates' scheduled messages; without them none is sent. */
  schedule?: ScheduleDeps;
  /** Links and the outbox nudge for reminder e-mails; without them no reminders are sent. */
  reminders?: ReminderDeps;
  /** The follow-up calls' e-mails: reminders a day before, and the notices of calls whose seat ended. */
  calls?: CallsDeps;
  /** Where the daily backup goes (DATA_DIR/backups) and APP_SECRET; without it no scheduled backup is made. */
  backups?: { dataDir: string; secret: string };
  timings?: BackgroundJobTimings;
}): { stop: () => void } {
  let running = false;
  const sweep = async () => {
    if (running) return;
    running = true;
    try {
      const released = await releaseExpiredHolds(db);
      if (released > 0) log.info({ released }, 'released expired seat holds');
      await deleteExpiredSessions(db);
      await deleteExpiredRateLimitHits(db);
    } catch (error) {
      log.error({ err: error }, 'seat hold sweep failed');
    }
    if (lifecycle) {
      try {
        const expired = await expireReservations(lifecycle);
        const reminded = await sendReservationReminders(lifecycle);
        // Seats of a called-off date that chose neither another date nor a refund in time: refunded.
        const settled = await settleMoveOffers(lifecycle);
        const refunded = await finishPendingRefunds(lifecycle);
        if (expired + reminded + settled + refunded > 0) log.info({ expired, reminded, settled, refunded }, 'reservation and refund sweep');
      } catch (error) {
        log.error({ err: error }, 'reservation and refund sweep failed');
      }
    }
    if (waitlist) {
      try {
        const expired = await expireOffers(waitlist);
        const offered = await sendOfferEmails(waitlist);
        if (expired + offered > 0) log.info({ expired, offered }, 'waiting-list sweep');
      } catch (error) {
        log.error({ err: error }, 'waiting-list sweep failed');
      }
    }
    // Its own try: a failing hold sweep must not hold back the reminders, nor the other way round.
    if (reminders) {
      try {
        const { sent } = await sendDueReminders(db, reminders, new Date());
        if (sent > 0) log.info({ sent }, 'queued workshop reminders');
      } catch (error) {
        log.error({ err: error }, 'reminder sweep failed');
      }
    }
    if (schedule) {
      try {
        const { sent, skipped } = await sendDueScheduledMessages(db, schedule, new Date());
        if (sent + skipped > 0) log.info({ sent, skipped }, 'scheduled messages to dates');
      } catch (error) {
        log.error({ err: error }, 'scheduled message sweep failed');
      }
    }
    if (calls) {
      try {
        const { seatEnded, reminded } = await sendCallNotices(calls);
        if (seatEnded + reminded > 0) log.info({ seatEnded, reminded }, 'follow-up call e-mails');
      } catch (error) {
        log.error({ err: error }, 'follow-up call sweep failed');
      }
    }
    running = false;
  };
  const timer = setInterval(sweep, HOLD_SWEEP_INTERVAL_MS);
  timer.unref();

  // The daily backup: every instance checks hourly; a lease in job_leases lets one of them make
  // it, once per UTC day (see runDailyBackup).
  const backupTimers: NodeJS.Timeout[] = [];
  if (backups) {
    let backingUp = false;
    const checkBackup = async () => {
      if (backingUp) return;
      backingUp = true;
      try {
        const result = await runDailyBackup(db, backups);
        if (result.ran) log.info({ file: result.file, sizeBytes: result.sizeBytes, deleted: result.deleted }, 'daily backup written');
      } catch (error) {
        log.error({ err: error }, 'daily backup failed');
      }
      backingUp = false;
    };
    backupTimers.push(setTimeout(checkBackup, timings.firstBackupCheckMs ?? BACKUP_FIRST_CHECK_MS), setInterval(checkBackup, BACKUP_CHECK_INTERVAL_MS));
    backupTimers.forEach((t) => t.unref());
  }

  return {
    stop: () => {
      clearInterval(timer);
      backupTimers.forEach((t) => clearTimeout(t));
    },
  };
}
