import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { structuredDataFor } from '../../src/features/seo/server';
import { blogPosts, workshopDates } from '../../src/server/db/schema';
import { createTestApp, withTestApp, type TestApp } from '../helpers/test-app';

const PUBLIC_URL = 'http://test.local';

const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@_', isArray: (name) => name === 'url' || name === 'item' });

/** Characters XML 1.0 cannot carry at all, escaped or not. */
const NOT_XML_CHARACTER = /[^\t\n\r\u0020-\ud7ff\ue000-\ufffd\u{10000}-\u{10ffff}]/u;

function parseXml(xml: string) {
  expect(XMLValidator.validate(xml)).toBe(true);
  expect(xml).not.toMatch(NOT_XML_CHARACTER);
  return parser.parse(xml);
}

type FeedItem = { title: string; link: string; guid: { '#text': string; '@_isPermaLink': string }; pubDate?: string; description: string };

const hostileTitle = 'Tom & Jerry <b>]]></title></item><item><title>]]> "x" \'y\'';

let app: TestApp;

beforeAll(async () => {
  app = await createTestApp();
  await app.database.db.insert(blogPosts).values([
    { slug: 'older-post', title: 'Older post', excerpt: 'The first one.', content: '<p>a</p>', authorName: 'Ada', isPublished: true, publishedAt: new Date('2030-01-02T10:00:00Z') },
    { slug: 'newest-post', title: 'Newest post', excerpt: 'The latest.', content: '<p>b</p>', authorName: 'Ada', isPublished: true, publishedAt: new Date('2030-03-04T10:00:00Z') },
    { slug: 'hostile-post', title: `${hostileTitle}\u000b`, excerpt: 'Fish & <chips>', content: '<p>c</p>', authorName: 'Bob', isPublished: true, publishedAt: new Date('2030-02-03T10:00:00Z') },
    { slug: 'draft-post', title: 'Not yet', content: '<p>d</p>', authorName: 'Ada', isPublished: false },
  ]);
});
afterAll(async () => {
  await app.close();
});

describe('GET /sitemap.xml', () => {
  it('lists the public pages and the published posts with absolute addresses, and no draft', async () => {
    const response = await app.inject({ url: '/sitemap.xml' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(response.headers['cache-control']).toBe('public, max-age=300');

    const { urlset } = parseXml(response.body);
    expect(urlset['@_xmlns']).toBe('http://www.sitemaps.org/schemas/sitemap/0.9');
    const locs = urlset.url.map((u: { loc: string }) => u.loc);
    expect([...locs].sort()).toEqual(
      [
        'http://test.local/',
        'http://test.local/intro',
        'http://test.local/blog',
        'http://test.local/privacy',
        'http://test.local/terms',
        'http://test.local/cookies',
        'http://test.local/blog/older-post',
        'http://test.local/blog/newest-post',
        'http://test.local/blog/hostile-post',
      ].sort(),
    );
    expect(locs.join(' ')).not.toMatch(/draft|admin|checkout|participant|email-debug|\/api/);
  });

  it('gives each post the time it was last changed', async () => {
    const rows = await app.database.db.select().from(blogPosts);
    const { urlset } = parseXml((await app.inject({ url: '/sitemap.xml' })).body);
    for (const row of rows.filter((r) => r.isPublished)) {
      const entry = urlset.url.find((u: { loc: string }) => u.loc === `${PUBLIC_URL}/blog/${row.slug}`);
      expect(Date.parse(entry.lastmod)).toBe(row.updatedAt.getTime());
    }
  });

  it('still lists the pages when the blog is empty', async () => {
    await withTestApp(async (empty) => {
      const response = await empty.inject({ url: '/sitemap.xml' });
      expect(response.statusCode).toBe(200);
      const locs = parseXml(response.body).urlset.url.map((u: { loc: string }) => u.loc);
      expect(locs).toContain('http://test.local/');
      expect(locs).toContain('http://test.local/blog');
      expect(locs.some((loc: string) => loc.startsWith('http://test.local/blog/'))).toBe(false);
    });
  });
});

describe('GET /robots.txt', () => {
  it('points to the sitemap and keeps crawlers out of the private areas and the API, social cards aside', async () => {
    const response = await app.inject({ url: '/robots.txt' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
    const lines = response.body.split('\n');
    expect(lines[0]).toBe('User-agent: *');
    for (const path of ['/admin', '/participant', '/checkout', '/email-debug', '/api']) expect(lines).toContain(`Disallow: ${path}`);
    expect(lines).toContain('Allow: /api/og/');
    expect(lines).toContain('Sitemap: http://test.local/sitemap.xml');
    expect(lines.filter((line) => line.startsWith('Disallow:'))).toHaveLength(5);
  });
});

describe('GET /blog/feed.xml', () => {
  it('is an RSS 2.0 feed of the published posts, newest first, with absolute links', async () => {
    const response = await app.inject({ url: '/blog/feed.xml' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/rss+xml; charset=utf-8');
    expect(response.headers['cache-control']).toBe('public, max-age=300');

    const { rss } = parseXml(response.body);
    expect(rss['@_version']).toBe('2.0');
    expect(rss.channel.link).toBe('http://test.local/blog');
    const items: FeedItem[] = rss.channel.item;
    expect(items.map((item) => item.link)).toEqual([
      'http://test.local/blog/newest-post',
      'http://test.local/blog/hostile-post',
      'http://test.local/blog/older-post',
    ]);
    expect(items[0]).toMatchObject({
      title: 'Newest post',
      guid: { '#text': 'http://test.local/blog/newest-post', '@_isPermaLink': 'true' },
      pubDate: new Date('2030-03-04T10:00:00Z').toUTCString(),
      description: 'The latest.',
    });
    expect(response.body).not.toContain('Not yet');
  });

  it('escapes a hostile title and drops characters XML cannot carry', async () => {
    const body = (await app.inject({ url: '/blog/feed.xml' })).body;
    const items: FeedItem[] = parseXml(body).rss.channel.item;
    expect(items).toHaveLength(3);
    expect(items[1]).toMatchObject({ title: hostileTitle, description: 'Fish & <chips>' });
    expect(body).not.toContain('<b>');
  });

  it('is an empty channel, not a 404, when nothing is published', async () => {
    await withTestApp(async (empty) => {
      const response = await empty.inject({ url: '/blog/feed.xml' });
      expect(response.statusCode).toBe(200);
      const { rss } = parseXml(response.body);
      expect(rss.channel.title).toEqual(expect.any(String));
      expect(rss.channel.item).toBeUndefined();
    });
  });

  it('does not take the place of the post pages', async () => {
    const response = await app.inject({ url: '/blog/older-post', headers: { accept: 'text/html' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
  });
});

describe('the public read cache', () => {
  it('answers the sitemap and the feed from it, so a crawler storm costs one query', async () => {
    await withTestApp(
      async (cached) => {
        const before = (await cached.inject({ url: '/blog/feed.xml' })).body;
        const sitemapBefore = (await cached.inject({ url: '/sitemap.xml' })).body;
        // Straight into the table: no admin write, so nothing clears the cache.
        await cached.database.db.insert(blogPosts).values({ slug: 'late-post', title: 'Late', content: '<p>x</p>', authorName: 'A', isPublished: true, publishedAt: new Date() });
        expect((await cached.inject({ url: '/blog/feed.xml' })).body).toBe(before);
        expect((await cached.inject({ url: '/sitemap.xml' })).body).toBe(sitemapBefore);
      },
      { publicCacheMs: 60_000 },
    );
  });
});

describe('structured data from the dates the public API gives', () => {
  it('has an Event for each date with a start, SoldOut when full, and none for a TBC date', async () => {
    const startsAt = new Date('2099-07-04T17:00:00Z');
    const endsAt = new Date('2099-07-04T19:00:00Z');
    const timed = { date: 'July 4, 2099', time: '10:00 AM - 12:00 PM', timezone: 'PDT', startsAt, endsAt };
    await withTestApp(async (fresh) => {
      await fresh.database.db.insert(workshopDates).values([
        { title: 'Open date', ...timed, seatsTotal: 10, seatsTaken: 3, priceCents: 34950 },
        { title: 'Full date', ...timed, seatsTotal: 8, seatsTaken: 8, priceCents: 49900 },
        { title: 'Date to agree', isTBC: true, seatsTotal: 10, priceCents: 49900 },
      ]);
      const dates = (await fresh.inject({ url: '/api/workshop-dates' })).json();
      const html = structuredDataFor({ brandName: 'Vibe Coding Workshop', path: '/', dates }, PUBLIC_URL);
      const objects = [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1]!));
      const events = objects.filter((o) => o['@type'] === 'Event');
      expect(events.map((e) => e.name).sort()).toEqual(['Full date', 'Open date']);
      const open = events.find((e) => e.name === 'Open date');
      const full = events.find((e) => e.name === 'Full date');
      expect(open).toMatchObject({ startDate: startsAt.toISOString(), endDate: endsAt.toISOString() });
      expect(open.offers).toMatchObject({ price: 349.5, priceCurrency: 'USD', availability: 'https://schema.org/InStock' });
      expect(full.offers).toMatchObject({ price: 499, priceCurrency: 'USD', availability: 'https://schema.org/SoldOut' });
    });
  });
});
