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
