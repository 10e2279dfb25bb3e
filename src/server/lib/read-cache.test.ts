import { describe, expect, it, vi } from 'vitest';
import { PUBLIC_READS, ReadCache } from './read-cache';

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

describe('ReadCache.invalidate', () => {
  it('drops only the entries that show a read it names, and keeps the rest warm', async () => {
    const cache = new ReadCache(60_000);
    const loads: string[] = [];
    const load = (name: string) => async () => (loads.push(name), name);
    await cache.get(PUBLIC_READS.workshopDates, load('dates'));
    await cache.get(PUBLIC_READS.blogPosts, load('posts'));
    await cache.get('sitemap.xml', load('sitemap'), [PUBLIC_READS.blogPosts]);
    await cache.remember('page /', load('landing'), () => [PUBLIC_READS.workshopDates, PUBLIC_READS.testimonials]);

    cache.invalidate(PUBLIC_READS.workshopDates);
    await cache.get(PUBLIC_READS.workshopDates, load('dates'));
    await cache.get(PUBLIC_READS.blogPosts, load('posts'));
    await cache.get('sitemap.xml', load('sitemap'), [PUBLIC_READS.blogPosts]);
    await cache.remember('page /', load('landing'), () => [PUBLIC_READS.workshopDates]);
    expect(loads).toEqual(['dates', 'posts', 'sitemap', 'landing', 'dates', 'landing']);

    cache.invalidate(PUBLIC_READS.blogPosts);
    await cache.get('sitemap.xml', load('sitemap'), [PUBLIC_READS.blogPosts]);
    await cache.remember('page /', load('landing'), () => [PUBLIC_READS.workshopDates]);
    expect(loads.slice(6)).toEqual(['sitemap']);
  });

  it('drops an entry still loading, whatever it will show: it may have read the data before the write', async () => {
    const cache = new ReadCache(60_000);
    let finish!: (value: string) => void;
    const first = cache.remember('page /blog', () => new Promise<string>((resolve) => (finish = resolve)), () => [PUBLIC_READS.blogPosts]);
    cache.invalidate(PUBLIC_READS.workshopDates);
    finish('old');
    await expect(first).resolves.toBe('old');
    await expect(cache.remember('page /blog', async () => 'new', () => [PUBLIC_READS.blogPosts])).resolves.toBe('new');
  });
});
