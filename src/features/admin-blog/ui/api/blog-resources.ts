import type { AdminResource } from '../../../../client/lib/admin-resource';
import {
  adminBlogPostSchema,
  adminWorkshopAssetSchema,
  type AdminBlogPost,
  type AdminWorkshopAsset,
  type BlogPostInput,
  type WorkshopAssetInput,
} from '../../admin-blog.schema';

/**
 * What the editor sends: the fields POST /api/admin/blog-posts reads (PUT takes any of them),
 * typed from the route's own schema so the two cannot drift apart; the date travels as ISO text.
 */
export type BlogPostPayload = Omit<BlogPostInput, 'publishedAt'> & { publishedAt: string | null };

/** Blog posts, drafts too: each change reaches the public blog's list and posts (/api/blog-posts…) at once. */
export const blogPostsResource: AdminResource<AdminBlogPost> = {
  path: '/api/admin/blog-posts',
  names: { one: 'Blog Post', many: 'Blog Posts' },
  rowSchema: adminBlogPostSchema,
  alsoRefresh: [['/api/blog-posts']],
};

/** What the asset dialog sends: the fields POST /api/admin/workshop-assets reads, from its schema. */
export type WorkshopAssetPayload = WorkshopAssetInput;

/** Workshop assets: slides and tips that participants see on their booking page. */
export const workshopAssetsResource: AdminResource<AdminWorkshopAsset> = {
  path: '/api/admin/workshop-assets',
  names: { one: 'Workshop Asset', many: 'Workshop Assets' },
  rowSchema: adminWorkshopAssetSchema,
};
