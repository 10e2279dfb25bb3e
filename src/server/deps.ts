import type { Database } from './db/client';
import type { Env } from './env';
import type { ReadCache } from './lib/read-cache';
import type { PaymentProvider } from './payments/payment-provider';

/** Everything a feature's routes need, passed explicitly from buildApp. */
export type AppDeps = {
  db: Database;
  env: Env;
  /** Short cache for public reads; cleared by writes in this process. */
  publicCache: ReadCache;
  payments: PaymentProvider;
  /** APP_SECRET: signs sessions and links in e-mails. */
  secret: string;
  /** Wakes the outbox worker after a commit that queued e-mail. */
  onEmailQueued?: () => void;
  /** The booking lifecycle's clock (hold and reservation expiry); tests move it. Default: real time. */
  clock?: () => Date;
};
