import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, readJson } from '../../../../client/lib/api-client';
import { adminTestimonialSchema, type AdminTestimonial, type TestimonialInput } from '../../admin-content.schema';
import { ADMIN_TESTIMONIALS_KEY } from './get-admin-testimonials';
import { refreshTestimonials } from './testimonial-mutations';

/** POST /api/admin/testimonials. */
export async function createTestimonial(input: TestimonialInput): Promise<AdminTestimonial> {
  return readJson(await apiRequest('POST', ADMIN_TESTIMONIALS_KEY[0], input), adminTestimonialSchema);
}

export function useCreateTestimonial() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createTestimonial, onSuccess: () => refreshTestimonials(queryClient) });
}
