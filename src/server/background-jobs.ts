import type { FastifyBaseLogger } from 'fastify';
import { releaseExpiredHolds } from '../features/booking/server/seats';
import type { Database } from './db/client';
import { deleteExpiredSessions } from './plugins/auth';

const HOLD_SWEEP_INTERVAL_MS = 30_000;

/**
 * Periodic work every instance runs; each job is safe to run on several instances at once
 * because it claims rows with SKIP LOCKED (see releaseExpiredHolds).
 */
export function startBackgroundJobs({ db, log }: { db: Database; log: FastifyBaseLogger }): { stop: () => void } {
  let running = false;
  const sweep = async () => {
    if (running) return;
    running = true;
    try {
      const released = await releaseExpiredHolds(db);
      if (released > 0) log.info({ released }, 'released expired seat holds');
      await deleteExpiredSessions(db);
    } catch (error) {
      log.error({ err: error }, 'seat hold sweep failed');
    } finally {
      running = false;
    }
  };
  const timer = setInterval(sweep, HOLD_SWEEP_INTERVAL_MS);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
