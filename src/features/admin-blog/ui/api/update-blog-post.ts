import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, readJson } from '../../../../client/lib/api-client';
import { adminBlogPostSchema, type AdminBlogPost } from '../../admin-blog.schema';
import type { BlogPostPayload } from './create-blog-post';
import { ADMIN_BLOG_POSTS_KEY, PUBLIC_BLOG_POSTS_KEY } from './get-blog-posts';

export type BlogPostChange = { id: number; changes: Partial<BlogPostPayload> };

/** PUT /api/admin/blog-posts/{id}: every field from the editor, or only isPublished from the list. */
export async function updateBlogPost({ id, changes }: BlogPostChange): Promise<AdminBlogPost> {
  return readJson(await apiRequest('PUT', `${ADMIN_BLOG_POSTS_KEY[0]}/${id}`, changes), adminBlogPostSchema);
}

export function useUpdateBlogPost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateBlogPost,
    onSuccess: async (updated) => {
      queryClient.setQueryData<AdminBlogPost[]>(ADMIN_BLOG_POSTS_KEY, (list) => list?.map((post) => (post.id === updated.id ? updated : post)));
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ADMIN_BLOG_POSTS_KEY }),
        queryClient.invalidateQueries({ queryKey: PUBLIC_BLOG_POSTS_KEY }),
      ]);
    },
  });
}
