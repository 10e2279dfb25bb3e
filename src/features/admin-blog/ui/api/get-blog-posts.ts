import { queryOptions, useQuery } from '@tanstack/react-query';
import { ADMIN_FRESH_MS, adminQueryDefaults } from '../../../../client/lib/admin-queries';
import { apiGet } from '../../../../client/lib/api-client';
import { adminBlogPostListSchema, type AdminBlogPost } from '../../admin-blog.schema';

/** Every post, drafts too; fresh on entry and after changes. */
export const ADMIN_BLOG_POSTS_KEY = ['/api/admin/blog-posts'] as const;
/** The public blog's list and posts (features/content), refreshed after a change so the site shows it at once. */
export const PUBLIC_BLOG_POSTS_KEY = ['/api/blog-posts'] as const;

export function getAdminBlogPosts(): Promise<AdminBlogPost[]> {
  return apiGet(ADMIN_BLOG_POSTS_KEY[0], adminBlogPostListSchema);
}

export const adminBlogPostsQueryOptions = () =>
  queryOptions({ queryKey: ADMIN_BLOG_POSTS_KEY, queryFn: getAdminBlogPosts, ...adminQueryDefaults(ADMIN_FRESH_MS.default) });

export function useAdminBlogPosts() {
  return useQuery(adminBlogPostsQueryOptions());
}
