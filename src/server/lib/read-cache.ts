/**
 * A very short in-process cache for public reads: under load many visitors ask for the same
 * list within the same second, and one query can answer them all. JSON entries are serialised,
 * so a hit costs no query and no serialisation; pages rendered from those reads (app/server/
 * page-render.ts) are kept here too, so they expire and are cleared with the data they show.
 * Writes in this process clear the cache at once; other instances see a change within `ttlMs`.
 */
export class ReadCache {
  private entries = new Map<string, { expiresAt: number; value: Promise<unknown> }>();

  /**
   * `sweepAbove`: past this many entries, the expired ones are dropped as a new one is kept. Keys
   * can come from the address (a post's slug), so without it a visitor asking for one made-up
   * post after another would fill the memory until the next write cleared it.
   */
  constructor(
    private readonly ttlMs: number,
    private readonly sweepAbove = 1000,
  ) {}

  /** The value kept under `key`, loaded once per time-to-live. */
  remember<T>(key: string, load: () => Promise<T>): Promise<T> {
    const now = Date.now();
    const hit = this.entries.get(key);
    if (hit && hit.expiresAt > now) return hit.value as Promise<T>;
    const value = load();
    if (this.entries.size >= this.sweepAbove) this.dropExpired(now);
    this.entries.set(key, { expiresAt: now + this.ttlMs, value });
    // A failed load must not be served from the cache.
    value.catch(() => {
      if (this.entries.get(key)?.value === value) this.entries.delete(key);
    });
    return value;
  }

  /** The JSON text of what `load` answers, serialised once per time-to-live. */
  get(key: string, load: () => Promise<unknown>): Promise<string> {
    return this.remember(key, () => load().then((data) => JSON.stringify(data)));
  }

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
