import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../../client/lib/api-client';
import type { AdminTestimonial } from '../../admin-content.schema';
import { ADMIN_TESTIMONIALS_KEY } from './get-admin-testimonials';
import { refreshTestimonials } from './testimonial-mutations';

/** DELETE /api/admin/testimonials/{id}. */
export async function deleteTestimonial(id: number): Promise<void> {
  await apiRequest('DELETE', `${ADMIN_TESTIMONIALS_KEY[0]}/${id}`);
}

export function useDeleteTestimonial() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteTestimonial,
    onSuccess: async (_result, id) => {
      queryClient.setQueryData<AdminTestimonial[]>(ADMIN_TESTIMONIALS_KEY, (list) => list?.filter((t) => t.id !== id));
      await refreshTestimonials(queryClient);
    },
  });
}
