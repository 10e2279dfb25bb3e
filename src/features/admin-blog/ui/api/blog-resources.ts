import type { AdminResource } from '../../../../client/lib/admin-resource';
import {
  adminBlogPostSchema,
  adminWorkshopAssetSchema,
  type AdminBlogPost,
  type AdminWorkshopAsset,
  type AssetType,
} from '../../admin-blog.schema';

/** What the editor sends: the JSON input of POST /api/admin/blog-posts (PUT takes any of it). */
export type BlogPostPayload = {
  title: string;
  slug: string;
  excerpt: string;
  content: string;
  featuredImageUrl: string;
  authorName?: string;
  isPublished: boolean;
  publishedAt: string | null;
};

/** Blog posts, drafts too: each change reaches the public blog's list and posts (/api/blog-posts…) at once. */
export const blogPostsResource: AdminResource<AdminBlogPost> = {
  path: '/api/admin/blog-posts',
  names: { one: 'Blog Post', many: 'Blog Posts' },
  rowSchema: adminBlogPostSchema,
  alsoRefresh: [['/api/blog-posts']],
};

/** What the asset dialog sends: the JSON input of POST /api/admin/workshop-assets. */
export type WorkshopAssetPayload = {
  title: string;
  description: string;
  type: AssetType;
  content: string;
  sortOrder: number;
  workshopDateId: number | null;
};

/** Workshop assets: slides and tips that participants see on their booking page. */
export const workshopAssetsResource: AdminResource<AdminWorkshopAsset> = {
  path: '/api/admin/workshop-assets',
  names: { one: 'Workshop Asset', many: 'Workshop Assets' },
  rowSchema: adminWorkshopAssetSchema,
};
