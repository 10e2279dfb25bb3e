import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../../server/deps';
import { PUBLIC_READS } from '../../../server/lib/read-cache';
import { readBrandName } from '../../settings/server';
import { listIndexablePosts } from './seo.service';
import { FEED_PATH, robotsTxt, rssFeedXml, sitemapXml } from './site-documents';

/** Crawlers may keep these a few minutes; a new post shows within that. */
const CACHE_CONTROL = 'public, max-age=300';

export async function seoRoutes(app: FastifyInstance, { db, env, publicCache }: AppDeps): Promise<void> {
  // The finished document goes through the public read cache (as JSON text: that cache stores
  // serialised values), so a crawler storm costs one query and one build a second. Both list posts.
  const cachedDocument = async (key: string, build: () => Promise<string>) => JSON.parse(await publicCache.get(key, build, [PUBLIC_READS.blogPosts])) as string;

  app.get('/sitemap.xml', async (_request, reply) => {
    const xml = await cachedDocument('sitemap.xml', async () => sitemapXml(await listIndexablePosts(db), env.PUBLIC_URL));
    return reply.header('Cache-Control', CACHE_CONTROL).type('application/xml; charset=utf-8').send(xml);
  });

  // A static path: Fastify's router prefers it to the page route '/blog/:slug'. The channel is
  // named after the brand, so the feed also drops with the site content (where a new name lands).
  app.get(FEED_PATH, async (_request, reply) => {
    const build = async () => rssFeedXml(await listIndexablePosts(db), env.PUBLIC_URL, await readBrandName(db));
    const xml = JSON.parse(await publicCache.get('blog-feed.xml', build, [PUBLIC_READS.blogPosts, PUBLIC_READS.siteContent])) as string;
    return reply.header('Cache-Control', CACHE_CONTROL).type('application/rss+xml; charset=utf-8').send(xml);
  });

  const robots = robotsTxt(env.PUBLIC_URL);
  app.get('/robots.txt', (_request, reply) => reply.header('Cache-Control', CACHE_CONTROL).type('text/plain; charset=utf-8').send(robots));
}
