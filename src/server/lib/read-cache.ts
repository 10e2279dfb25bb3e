/**
 * A very short in-process cache for public reads: under load many visitors ask for the same
 * list within the same second, and one query can answer them all. Entries are serialised JSON,
 * so a hit costs no query and no serialisation. Writes in this process clear the cache at once;
 * other instances see a change within `ttlMs`.
 */
export class ReadCache {
  private entries = new Map<string, { expiresAt: number; value: Promise<string> }>();

  constructor(private readonly ttlMs: number) {}

  get(key: string, load: () => Promise<unknown>): Promise<string> {
    const now = Date.now();
    const hit = this.entries.get(key);
    if (hit && hit.expiresAt > now) return hit.value;
    const value = load().then((data) => JSON.stringify(data));
    this.entries.set(key, { expiresAt: now + this.ttlMs, value });
    // A failed load must not be served from the cache.
    value.catch(() => {
      if (this.entries.get(key)?.value === value) this.entries.delete(key);
    });
    return value;
  }

  clear(): void {
    this.entries.clear();
  }
}

/** Sends JSON that is already serialised (a cache hit) without serialising it again. */
export function sendJsonText(reply: { type: (contentType: string) => { send: (body: string) => unknown } }, json: string) {
  return reply.type('application/json; charset=utf-8').send(json);
}
