import { desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../../server/db/client';
import { blogPosts } from '../../../server/db/schema';
import type { IndexablePost } from './site-documents';

/**
 * The published posts for the sitemap and the feed, newest first: the rule and the order of the
 * public blog list (content's listPublishedBlogPosts), with the last edit for `lastmod` and
 * without the bodies, which neither document carries.
 */
export async function listIndexablePosts(db: Database): Promise<IndexablePost[]> {
  return db
    .select({
      slug: blogPosts.slug,
      title: blogPosts.title,
      excerpt: blogPosts.excerpt,
      authorName: blogPosts.authorName,
      publishedAt: blogPosts.publishedAt,
      updatedAt: blogPosts.updatedAt,
    })
    .from(blogPosts)
    .where(eq(blogPosts.isPublished, true))
    .orderBy(sql`${blogPosts.publishedAt} desc nulls last`, desc(blogPosts.id));
}
