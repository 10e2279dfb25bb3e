import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, readJson } from '../../../../client/lib/api-client';
import { adminBlogPostSchema, type AdminBlogPost } from '../../admin-blog.schema';
import { ADMIN_BLOG_POSTS_KEY, PUBLIC_BLOG_POSTS_KEY } from './get-blog-posts';

/** What the editor sends: the JSON input of POST /api/admin/blog-posts. */
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

/** POST /api/admin/blog-posts. */
export async function createBlogPost(payload: BlogPostPayload): Promise<AdminBlogPost> {
  return readJson(await apiRequest('POST', ADMIN_BLOG_POSTS_KEY[0], payload), adminBlogPostSchema);
}

export function useCreateBlogPost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createBlogPost,
    onSuccess: async (created) => {
      queryClient.setQueryData<AdminBlogPost[]>(ADMIN_BLOG_POSTS_KEY, (list) => (list ? [created, ...list] : list));
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ADMIN_BLOG_POSTS_KEY }),
        queryClient.invalidateQueries({ queryKey: PUBLIC_BLOG_POSTS_KEY }),
      ]);
    },
  });
}
