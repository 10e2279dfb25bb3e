import type { AppDeps } from '../../../server/deps';
import type { Database } from '../../../server/db/client';

/** What the calls' use cases need: the database, the links' secret and address, the clock, the outbox's nudge. */
export type CallsDeps = {
  db: Database;
  secret: string;
  publicUrl: string;
  now: () => Date;
  onEmailQueued?: () => void;
};

export function callsDepsFrom(deps: AppDeps): CallsDeps {
  return {
    db: deps.db,
    secret: deps.secret,
    publicUrl: deps.env.PUBLIC_URL,
    now: deps.clock ?? (() => new Date()),
    onEmailQueued: deps.onEmailQueued,
  };
}
