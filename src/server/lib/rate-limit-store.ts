import type { FastifyBaseLogger } from 'fastify';
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { lte, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { rateLimitHits } from '../db/schema';

type Counted = { current: number; ttl: number };
type MergedLimitOptions = { max?: unknown; continueExceeding?: boolean; exponentialBackoff?: boolean; routeInfo?: { method?: unknown; url?: string } };
type Callback = (error: Error | null, result?: Counted) => void;

export type RateLimitStoreOptions = {
  db: Database;
  log: FastifyBaseLogger;
  /** Epoch milliseconds; tests move it to roll windows over without waiting. */
  now?: () => number;
};

/**
 * A store for @fastify/rate-limit that counts in the database, so every instance behind the load
 * balancer counts into the same rows and a limit of N allows N in all, not N per instance (the
 * plugin's default store is an in-memory map per process).
 *
 * Windows are fixed and aligned to the epoch (a 1-minute limit counts 12:00:00–12:01:00, …), so all
 * instances agree on the row without asking each other; the price is that a client may spend a
 * whole limit at the end of one window and another at the start of the next. Each counted request
 * costs one statement: an upsert that increments and returns the count atomically, so concurrent
 * requests on any instance never read the same count.
 *
 * `continueExceeding` and `exponentialBackoff` are not supported (no route uses them): a route that
 * asks for them fails at start-up rather than being limited differently from what it says.
 */
export function databaseRateLimitStore(options: RateLimitStoreOptions): FastifyRateLimitStoreCtor {
  // The plugin constructs the store itself (`new Store(globalOptions)`), so the database comes in
  // through this closure.
  return class DatabaseRateLimitStore implements FastifyRateLimitStore {
    /**
     * Keys already over the limit, with the start of the window they went over in. Within one
     * window a count only grows, so a client refused once stays refused until the window ends:
     * its further requests are answered from here without a statement. A client hammering one
     * route then costs the database nothing, and the pages others read stay fast.
     */
    private readonly over = new Map<string, number>();

    constructor(
      _globalOptions?: unknown,
      /** Prefix naming the route (method and URL), so one address has a count per route. */
      private readonly prefix = '',
      /** The route's limit when it is a fixed number (a limit computed per request is never short-cut). */
      private readonly max: number | null = null,
    ) {}

    incr(key: string, callback: Callback, timeWindow: number): void {
      const at = (options.now ?? Date.now)();
      const window = windowOf(at, timeWindow);
      if (this.max !== null && this.over.get(key) === window.start) {
        callback(null, { current: this.max + 1, ttl: window.end - at });
        return;
      }
      countHit(options, this.prefix + key, timeWindow).then(
        (counted) => {
          if (this.max !== null && counted.current > this.max) this.rememberOver(key, window.start);
          callback(null, counted);
        },
        (error: unknown) => {
          // Fail open: a limit that cannot be counted must not take the route down with it. If the
          // route needs the database itself, it answers 503 on its own (see db/unavailable.ts).
          options.log.warn({ err: error, key: this.prefix + key }, 'rate limit not counted; request allowed');
          callback(null, { current: 0, ttl: timeWindow });
        },
      );
    }

    child(routeOptions: Parameters<FastifyRateLimitStore['child']>[0]) {
      // Typed as route options, but at run time the plugin passes the route's merged limit options
      // with the route under `routeInfo` (see its onRoute hook; RedisStore reads them the same way).
      const limit = routeOptions as unknown as MergedLimitOptions;
      if (limit.continueExceeding || limit.exponentialBackoff) {
        throw new Error('The database rate-limit store supports neither continueExceeding nor exponentialBackoff');
      }
      const { method = '', url = '' } = limit.routeInfo ?? {};
      return new DatabaseRateLimitStore(undefined, `${String(method)} ${url} `, typeof limit.max === 'number' ? limit.max : null);
    }

    /** Keeps this window's refused keys only; a flood of addresses is bounded by OVER_KEYS_KEPT. */
    private rememberOver(key: string, windowStart: number): void {
      if (this.over.size >= OVER_KEYS_KEPT) {
        for (const [kept, start] of this.over) if (start !== windowStart) this.over.delete(kept);
        if (this.over.size >= OVER_KEYS_KEPT) this.over.clear();
      }
      this.over.set(key, windowStart);
    }
  };
}

/** Most refused keys a route's store remembers; past it, it starts again (they are counted in the database as before). */
const OVER_KEYS_KEPT = 10_000;

/** The fixed window holding `at`: windows are aligned to the epoch, so every instance agrees on them. */
function windowOf(at: number, timeWindow: number): { start: number; end: number } {
  // A zero window would divide by zero; the plugin allows it, so treat it as the shortest one.
  const length = Math.max(1, timeWindow);
  const start = Math.floor(at / length) * length;
  return { start, end: start + length };
}

/** Counts one request for `key` in the window holding now; answers the count and the window's remaining time. */
async function countHit({ db, now = Date.now }: RateLimitStoreOptions, key: string, timeWindow: number): Promise<Counted> {
  const at = now();
  const { start, end } = windowOf(at, timeWindow);
  const [row] = await db
    .insert(rateLimitHits)
    .values({ key, windowStart: new Date(start), windowEnd: new Date(end), hits: 1 })
    .onConflictDoUpdate({ target: [rateLimitHits.key, rateLimitHits.windowStart], set: { hits: sql`${rateLimitHits.hits} + 1` } })
    .returning({ hits: rateLimitHits.hits });
  return { current: row!.hits, ttl: end - at };
}

/** Deletes the windows that are over; the 30-second background sweep runs it on every instance. */
export async function deleteExpiredRateLimitHits(db: Database, now = new Date()): Promise<void> {
  await db.delete(rateLimitHits).where(lte(rateLimitHits.windowEnd, now));
}
