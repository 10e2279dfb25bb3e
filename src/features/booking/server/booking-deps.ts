import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../../server/db/client';
import type { AppDeps } from '../../../server/deps';
import { PUBLIC_READS } from '../../../server/lib/read-cache';
import type { PaymentProvider } from '../../../server/payments/payment-provider';
import type { BookingMail } from './booking-mail';

export type BookingDeps = {
  db: Database;
  payments: PaymentProvider;
  secret: string;
  publicUrl: string;
  /** What the sale tells people (booking-mail.ts); the app composes the e-mails. */
  mail: BookingMail;
  /** The lifecycle's clock: hold and reservation expiry read it (tests move it). */
  now: () => Date;
  /** Wakes the outbox worker after a commit that queued e-mail. */
  onEmailQueued?: () => void;
  /**
   * Told after a commit that changed a date's seat count, so the public reads that show it are
   * dropped; a call that changed none (a replay, a refusal, a paid hold) leaves them warm.
   */
  onSeatsChanged?: () => void;
  /** For what goes wrong after a commit (a provider refund that failed). */
  log?: Pick<FastifyBaseLogger, 'warn' | 'error'>;
};

/** What the app hands the sale's routes besides AppDeps: the e-mails, which only the app can compose. */
export type SaleWiring = Pick<BookingDeps, 'mail'>;

/** The booking services' dependencies, taken from the app's. */
export function bookingDepsFrom(deps: AppDeps, { mail }: SaleWiring, payments: PaymentProvider = deps.payments, log?: BookingDeps['log']): BookingDeps {
  return {
    db: deps.db,
    payments,
    secret: deps.secret,
    publicUrl: deps.env.PUBLIC_URL,
    mail,
    now: deps.clock ?? (() => new Date()),
    onEmailQueued: deps.onEmailQueued,
    onSeatsChanged: () => deps.publicCache.invalidate(PUBLIC_READS.workshopDates),
    log,
  };
}
