import type { QueryClient } from '@tanstack/react-query';
import { ADMIN_TESTIMONIALS_KEY, PUBLIC_TESTIMONIALS_KEY } from './get-admin-testimonials';

/** After any testimonial write: the admin list and the public list are both re-read. */
export async function refreshTestimonials(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: ADMIN_TESTIMONIALS_KEY }),
    queryClient.invalidateQueries({ queryKey: PUBLIC_TESTIMONIALS_KEY }),
  ]);
}
