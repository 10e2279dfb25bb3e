import type { Database } from '../../../server/db/client';
import type { AppDeps } from '../../../server/deps';
import { PUBLIC_READS } from '../../../server/lib/read-cache';

export type WaitlistDeps = {
  db: Database;
  /** APP_SECRET: signs the links of the waiting list's e-mails. */
  secret: string;
  publicUrl: string;
  /** The lifecycle's clock: offers run out by it (tests move it). */
  now: () => Date;
  /** Wakes the outbox worker after a commit that queued e-mail. */
  onEmailQueued?: () => void;
  /** Told after a commit that changed a date's seats (an offer made or passed on), so public reads are dropped. */
  onSeatsChanged?: () => void;
};

export function waitlistDepsFrom(deps: AppDeps): WaitlistDeps {
  return {
    db: deps.db,
    secret: deps.secret,
    publicUrl: deps.env.PUBLIC_URL,
    now: deps.clock ?? (() => new Date()),
    onEmailQueued: deps.onEmailQueued,
    onSeatsChanged: () => deps.publicCache.invalidate(PUBLIC_READS.workshopDates),
  };
}
