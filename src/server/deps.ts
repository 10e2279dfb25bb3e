import type { Database } from './db/client';
import type { Env } from './env';
import type { ReadCache } from './lib/read-cache';

/** Everything a feature's routes need, passed explicitly from buildApp. */
export type AppDeps = {
  db: Database;
  env: Env;
  /** Short cache for public reads; cleared by writes in this process. */
  publicCache: ReadCache;
};
