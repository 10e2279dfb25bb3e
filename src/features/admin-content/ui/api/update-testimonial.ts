import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, readJson } from '../../../../client/lib/api-client';
import { adminTestimonialSchema, type AdminTestimonial, type TestimonialUpdate } from '../../admin-content.schema';
import { ADMIN_TESTIMONIALS_KEY } from './get-admin-testimonials';
import { refreshTestimonials } from './testimonial-mutations';

export type TestimonialChange = { id: number; changes: TestimonialUpdate };

/** PUT /api/admin/testimonials/{id}: only isPublished from the switch, every field from the form. */
export async function updateTestimonial({ id, changes }: TestimonialChange): Promise<AdminTestimonial> {
  return readJson(await apiRequest('PUT', `${ADMIN_TESTIMONIALS_KEY[0]}/${id}`, changes), adminTestimonialSchema);
}

export function useUpdateTestimonial() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateTestimonial,
    onSuccess: async (updated) => {
      queryClient.setQueryData<AdminTestimonial[]>(ADMIN_TESTIMONIALS_KEY, (list) => list?.map((t) => (t.id === updated.id ? updated : t)));
      await refreshTestimonials(queryClient);
    },
  });
}
