/**
 * A very short in-process cache for public reads: under load many visitors ask for the same
 * list within the same second, and one query can answer them all. JSON entries are serialised,
 * so a hit costs no query and no serialisation; pages rendered from those reads (app/server/
 * pages.ts) are kept here too, so they expire and are dropped with the data they show.
 *
 * Each entry names the public reads it shows (PUBLIC_READS): a write drops only the entries that
 * show what it changed (`invalidate`), so a write that changed nothing the public sees (a replayed
 * or refused call, a booking that only turned a held seat into a paid one) keeps every page warm,
 * and one that changed seat counts leaves the blog alone. Other instances see a change within
 * `ttlMs`.
 */

/** What the public sees, by the API read that shows it; pages name the reads they were rendered from. */
export const PUBLIC_READS = {
  workshopDates: '/api/workshop-dates',
  testimonials: '/api/testimonials',
  announcements: '/api/announcements',
  blogPosts: '/api/blog-posts',
  siteContent: '/api/site-content',
} as const;
export type PublicRead = (typeof PUBLIC_READS)[keyof typeof PUBLIC_READS];

/** The reads an entry shows: fixed, or known only once its value is loaded (a rendered page). */
export type EntryReads<T> = readonly string[] | ((value: T) => readonly string[]);

type Entry = {
  expiresAt: number;
  value: Promise<unknown>;
  /** Undefined while the value loads and its reads are not known yet. */
  reads: readonly string[] | undefined;
};

export class ReadCache {
  private entries = new Map<string, Entry>();
  private listeners: ((reads: readonly PublicRead[]) => void)[] = [];

  /**
   * `sweepAbove`: past this many entries, the expired ones are dropped as a new one is kept. Keys
   * can come from the address (a post's slug), so without it a visitor asking for one made-up
   * post after another would fill the memory until the next write cleared it.
   */
  constructor(
    private readonly ttlMs: number,
    private readonly sweepAbove = 1000,
  ) {}

  /** The value kept under `key`, loaded once per time-to-live; `reads` name what it shows (default: the key). */
  remember<T>(key: string, load: () => Promise<T>, reads: EntryReads<T> = [key]): Promise<T> {
    const now = Date.now();
    const hit = this.entries.get(key);
    if (hit && hit.expiresAt > now) return hit.value as Promise<T>;
    const value = load();
    if (this.entries.size >= this.sweepAbove) this.dropExpired(now);
    const entry: Entry = { expiresAt: now + this.ttlMs, value, reads: typeof reads === 'function' ? undefined : reads };
    this.entries.set(key, entry);
    value.then(
      (loaded) => {
        if (typeof reads === 'function') entry.reads = reads(loaded);
      },
      // A failed load must not be served from the cache.
      () => {
        if (this.entries.get(key) === entry) this.entries.delete(key);
      },
    );
    return value;
  }

  /** The JSON text of what `load` answers, serialised once per time-to-live. */
  get(key: string, load: () => Promise<unknown>, reads: readonly string[] = [key]): Promise<string> {
    return this.remember(key, () => load().then((data) => JSON.stringify(data)), reads);
  }

  /**
   * Drops the entries that show any of `reads`, and every entry still loading (it may have read
   * the data before the write committed, and what it shows is not known yet).
   */
  invalidate(...reads: PublicRead[]): void {
    for (const [key, entry] of this.entries) {
      if (entry.reads === undefined || entry.reads.some((read) => (reads as readonly string[]).includes(read))) this.entries.delete(key);
    }
    for (const listener of this.listeners) listener(reads);
  }

  /**
   * Hears every write's invalidation, after its commit: what follows a change of seat counts (the
   * waiting list's offer e-mails) runs without each writer knowing of it.
   */
  onInvalidate(listener: (reads: readonly PublicRead[]) => void): void {
    this.listeners.push(listener);
  }

  /** Drops everything (a restore replaced all the data). */
  clear(): void {
    this.entries.clear();
  }

  /** How many entries are kept (expired or not). */
  get size(): number {
    return this.entries.size;
  }

  private dropExpired(now: number): void {
    for (const [key, entry] of this.entries) if (entry.expiresAt <= now) this.entries.delete(key);
  }
}

/** Sends JSON that is already serialised (a cache hit) without serialising it again. */
export function sendJsonText(reply: { type: (contentType: string) => { send: (body: string) => unknown } }, json: string) {
  return reply.type('application/json; charset=utf-8').send(json);
}
