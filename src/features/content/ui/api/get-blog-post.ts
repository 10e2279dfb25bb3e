import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../../client/lib/api-client';
import { blogPostSchema } from '../../content.schema';

/** 404 `{message: 'Post Not Found'}` when the slug names no published post. */
export function getBlogPost(slug: string) {
  return apiGet(`/api/blog-posts/${encodeURIComponent(slug)}`, blogPostSchema);
}

export function blogPostQueryOptions(slug: string) {
  return queryOptions({
    queryKey: ['/api/blog-posts', slug],
    queryFn: () => getBlogPost(slug),
    // Only asked when a slug is present.
    enabled: slug !== '',
  });
}

export function useBlogPost(slug: string) {
  return useQuery(blogPostQueryOptions(slug));
}
