import { XMLBuilder } from 'fast-xml-parser';
import { PAGE_PATHS, blogPostMeta, routeMetaFor } from '../../../common/route-meta';

/**
 * The documents crawlers and feed readers fetch: sitemap.xml, robots.txt and the
 * blog's RSS 2.0 feed. Pure: the routes read the posts and hand them in. The XML is written by
 * fast-xml-parser's builder, which escapes text and attributes
 * (docs/decisions/016-search-and-sharing.md).
 */

/** A published post as the sitemap and the feed need it, newest first. */
export type IndexablePost = {
  slug: string;
  title: string;
  excerpt: string | null;
  authorName: string;
  publishedAt: Date | null;
  updatedAt: Date;
};

/** Kept out of search engines: private screens and the API (a prefix covers what is under it). */
export const CRAWLER_DISALLOWED_PATHS = ['/admin', '/participant', '/checkout', '/email-debug', '/api'] as const;

/** Under /api but meant to be fetched by link-preview crawlers, which obey robots.txt: the social cards. */
export const CRAWLER_ALLOWED_API_PATHS = ['/api/og/'] as const;

const isDisallowed = (path: string) => CRAWLER_DISALLOWED_PATHS.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));

/** The fixed public pages: every page the client router has, less the private ones. */
export const PUBLIC_PAGE_PATHS: readonly string[] = PAGE_PATHS.filter((path) => !isDisallowed(path));

export const FEED_PATH = '/blog/feed.xml';

export function robotsTxt(publicUrl: string): string {
  return [
    'User-agent: *',
    ...CRAWLER_ALLOWED_API_PATHS.map((path) => `Allow: ${path}`),
    ...CRAWLER_DISALLOWED_PATHS.map((path) => `Disallow: ${path}`),
    '',
    `Sitemap: ${publicUrl}/sitemap.xml`,
    '',
  ].join('\n');
}

/**
 * XML 1.0 has no way to write most C0 control characters, not even escaped; the admin's fields
 * accept them (a vertical tab pasted from a word processor), so they are dropped here.
 */
const NOT_XML_CHARACTER = /[^\t\n\r\u0020-\ud7ff\ue000-\ufffd\u{10000}-\u{10ffff}]/gu;
const xmlText = (text: string) => text.replace(NOT_XML_CHARACTER, '');

const builder = new XMLBuilder({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  // isPermaLink="true", not a bare attribute name (which is not XML).
  suppressBooleanAttributes: false,
  format: true,
});

const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>\n';

const lastModified = (post: IndexablePost) => post.updatedAt;
const newest = (dates: Date[]) => (dates.length ? new Date(Math.max(...dates.map((d) => d.getTime()))) : null);

export function sitemapXml(posts: readonly IndexablePost[], publicUrl: string): string {
  const blogUpdated = newest(posts.map(lastModified));
  const pages = PUBLIC_PAGE_PATHS.map((path) => ({
    loc: `${publicUrl}${path === '/' ? '/' : path}`,
    ...(path === '/blog' && blogUpdated ? { lastmod: blogUpdated.toISOString() } : {}),
  }));
  const postUrls = posts.map((post) => ({ loc: `${publicUrl}/blog/${encodeURIComponent(post.slug)}`, lastmod: lastModified(post).toISOString() }));
  return XML_DECLARATION + builder.build({ urlset: { '@_xmlns': 'http://www.sitemaps.org/schemas/sitemap/0.9', url: [...pages, ...postUrls] } });
}

/** RSS 2.0 of the published posts in the order given (newest first); an empty blog is an empty channel. */
export function rssFeedXml(posts: readonly IndexablePost[], publicUrl: string, brandName: string): string {
  const blog = routeMetaFor('/blog');
  const updated = newest(posts.map(lastModified));
  const items = posts.map((post) => {
    const link = `${publicUrl}/blog/${encodeURIComponent(post.slug)}`;
    return {
      title: xmlText(post.title),
      link,
      guid: { '@_isPermaLink': 'true', '#text': link },
      ...(post.publishedAt ? { pubDate: post.publishedAt.toUTCString() } : {}),
      description: xmlText(blogPostMeta(post).description),
      'dc:creator': xmlText(post.authorName),
    };
  });
  return (
    XML_DECLARATION +
    builder.build({
      rss: {
        '@_version': '2.0',
        '@_xmlns:atom': 'http://www.w3.org/2005/Atom',
        '@_xmlns:dc': 'http://purl.org/dc/elements/1.1/',
        channel: {
          title: `${brandName} — Blog`,
          link: `${publicUrl}/blog`,
          description: blog.description,
          language: 'en',
          ...(updated ? { lastBuildDate: updated.toUTCString() } : {}),
          'atom:link': { '@_href': `${publicUrl}${FEED_PATH}`, '@_rel': 'self', '@_type': 'application/rss+xml' },
          item: items,
        },
      },
    })
  );
}
