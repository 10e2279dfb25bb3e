import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../../client/lib/api-client';
import type { AdminBlogPost } from '../../admin-blog.schema';
import { ADMIN_BLOG_POSTS_KEY, PUBLIC_BLOG_POSTS_KEY } from './get-blog-posts';

/** DELETE /api/admin/blog-posts/{id}. */
export async function deleteBlogPost(id: number): Promise<void> {
  await apiRequest('DELETE', `${ADMIN_BLOG_POSTS_KEY[0]}/${id}`);
}

export function useDeleteBlogPost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteBlogPost,
    onSuccess: async (_result, id) => {
      queryClient.setQueryData<AdminBlogPost[]>(ADMIN_BLOG_POSTS_KEY, (list) => list?.filter((post) => post.id !== id));
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ADMIN_BLOG_POSTS_KEY }),
        queryClient.invalidateQueries({ queryKey: PUBLIC_BLOG_POSTS_KEY }),
      ]);
    },
  });
}
