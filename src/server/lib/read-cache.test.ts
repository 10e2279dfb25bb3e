import { describe, expect, it, vi } from 'vitest';
import { ReadCache } from './read-cache';

describe('ReadCache', () => {
  it('answers repeated reads within the time-to-live from one load', async () => {
    const load = vi.fn(async () => ({ n: 1 }));
    const cache = new ReadCache(60_000);
    const [a, b] = await Promise.all([cache.get('k', load), cache.get('k', load)]);
    expect(a).toBe('{"n":1}');
    expect(b).toBe(a);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('loads again after clear() and never keeps a failed load', async () => {
    const cache = new ReadCache(60_000);
    await expect(cache.get('k', async () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    await expect(cache.get('k', async () => 'up')).resolves.toBe('"up"');
    cache.clear();
    await expect(cache.get('k', async () => 'fresh')).resolves.toBe('"fresh"');
  });
});

describe('ReadCache under keys from the address', () => {
  it('drops expired entries once it holds many, so made-up keys do not pile up', async () => {
    vi.useFakeTimers();
    try {
      const cache = new ReadCache(1000, 10);
      for (let n = 0; n < 10; n++) await cache.remember(`post made-up-${n}`, async () => null);
      expect(cache.size).toBe(10);
      vi.advanceTimersByTime(1001);
      await cache.remember('post another', async () => null);
      expect(cache.size).toBe(1);
      // Entries still fresh are kept.
      for (let n = 0; n < 12; n++) await cache.remember(`fresh-${n}`, async () => n);
      expect(cache.size).toBe(13);
    } finally {
      vi.useRealTimers();
    }
  });
});
