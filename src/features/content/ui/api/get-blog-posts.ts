import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiGet } from '../../../../client/lib/api-client';
import { blogPostSchema } from '../../content.schema';

const blogPostListSchema = z.array(blogPostSchema);

/** Published posts only, newest first (CONTRACT §6). */
export function getBlogPosts() {
  return apiGet('/api/blog-posts', blogPostListSchema);
}

export function blogPostsQueryOptions() {
  return queryOptions({ queryKey: ['/api/blog-posts'], queryFn: getBlogPosts });
}

export function useBlogPosts() {
  return useQuery(blogPostsQueryOptions());
}
