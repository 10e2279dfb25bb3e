import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blogPosts } from '../../src/server/db/schema';
import { createTestApp, loginAsAdmin, type TestApp } from '../helpers/test-app';

let app: TestApp;
let admin: Record<string, string>;

beforeAll(async () => {
  app = await createTestApp({ seed: false });
  admin = (await loginAsAdmin(app)).headers;
  await app.database.db.insert(blogPosts).values([
    { slug: 'first-post', title: 'Prototypes in an afternoon', excerpt: 'How we test ideas fast.', content: '<p>x</p>', authorName: 'A', isPublished: true, publishedAt: new Date('2030-01-02T00:00:00Z') },
    { slug: 'second-post', title: 'Talking to users before building', content: '<p>y</p>', authorName: 'A', isPublished: true, publishedAt: new Date('2030-01-01T00:00:00Z') },
    { slug: 'draft-post', title: 'Not yet', content: '<p>z</p>', authorName: 'A', isPublished: false },
  ]);
}, 30_000);
afterAll(async () => {
  await app.close();
});

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** Width and height from the IHDR chunk, which must come first after the signature. */
function pngSize(png: Buffer): { width: number; height: number } {
  expect(png.subarray(0, 8).equals(PNG_SIGNATURE), 'PNG signature').toBe(true);
  expect(png.subarray(12, 16).toString('ascii')).toBe('IHDR');
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}

const card = (key: string) => app.inject({ method: 'GET', url: `/api/og/${key}.png` });

describe('GET /api/og/{key}.png', () => {
  it('draws a 1200×630 PNG for a route, cacheable for an hour', async () => {
    const response = await card('home');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/png');
    expect(response.headers['cache-control']).toBe('public, max-age=3600');
    expect(pngSize(response.rawPayload)).toEqual({ width: 1200, height: 630 });
  }, 30_000);

  it('draws a different image for a different title', async () => {
    const home = (await card('home')).rawPayload;
    const intro = (await card('intro')).rawPayload;
    const first = (await card('blog-first-post')).rawPayload;
    const second = (await card('blog-second-post')).rawPayload;
    const fallback = (await card('default')).rawPayload;
    expect(pngSize(first)).toEqual({ width: 1200, height: 630 });
    const distinct = new Set([home, intro, first, second, fallback].map((png) => png.toString('base64')));
    expect(distinct.size).toBe(5);
  }, 30_000);

  it('answers the same bytes again (from its cache) and a new card when the post title changes', async () => {
    const before = (await card('blog-first-post')).rawPayload;
    expect((await card('blog-first-post')).rawPayload.equals(before)).toBe(true);
    await app.database.db.update(blogPosts).set({ title: 'A new title for the first post' }).where(eq(blogPosts.slug, 'first-post'));
    const after = await card('blog-first-post');
    expect(after.statusCode).toBe(200);
    expect(after.rawPayload.equals(before)).toBe(false);
  }, 30_000);

  it('answers 404 for a post that is not published or does not exist', async () => {
    for (const key of ['blog-draft-post', 'blog-no-such-post', 'blog-Bad_Slug']) {
      const response = await card(key);
      expect(response.statusCode, key).toBe(404);
      expect(response.json(), key).toEqual({ message: 'Card not found' });
    }
  });

  it('gives an unknown key the default card', async () => {
    const unknown = await card('no-such-route');
    expect(unknown.statusCode).toBe(200);
    expect(unknown.headers['content-type']).toBe('image/png');
    expect(unknown.rawPayload.equals((await card('default')).rawPayload)).toBe(true);
  }, 30_000);
});

describe('share tags in the served HTML', () => {
  function ogImageOf(html: string): string | undefined {
    return /<meta property="og:image" content="([^"]*)"/.exec(html)?.[1];
  }

  it("point at the page's own card, and that URL answers a PNG", async () => {
    const expected: Record<string, string> = {
      '/': 'http://test.local/api/og/home.png',
      '/intro': 'http://test.local/api/og/intro.png',
      '/blog': 'http://test.local/api/og/blog.png',
      '/blog/second-post': 'http://test.local/api/og/blog-second-post.png',
    };
    for (const [path, image] of Object.entries(expected)) {
      const page = await app.inject({ url: path, headers: { accept: 'text/html' } });
      expect(page.statusCode, path).toBe(200);
      expect(ogImageOf(page.body), path).toBe(image);
      expect(page.body, path).toContain(`<meta name="twitter:image" content="${image}" />`);
      const png = await app.inject({ url: new URL(image).pathname });
      expect(png.statusCode, image).toBe(200);
      expect(png.headers['content-type'], image).toBe('image/png');
    }
  }, 60_000);
});

describe('GET /api/admin/social-cards', () => {
  it('lists every route card and each published post card, for admins only', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/admin/social-cards' })).statusCode).toBe(401);
    const response = await app.inject({ method: 'GET', url: '/api/admin/social-cards', headers: admin });
    expect(response.statusCode).toBe(200);
    const cards = response.json() as { key: string; path: string; imageUrl: string; title: string; kind: string }[];
    expect(cards.map((c) => c.key)).toEqual(['home', 'intro', 'blog', 'checkout', 'participant', 'admin', 'default', 'blog-first-post', 'blog-second-post']);
    const post = cards.find((c) => c.key === 'blog-second-post');
    expect(post).toMatchObject({ path: '/blog/second-post', imageUrl: 'http://test.local/api/og/blog-second-post.png', kind: 'post' });
    expect(post?.title).toContain('Talking to users before building');
  });
});
