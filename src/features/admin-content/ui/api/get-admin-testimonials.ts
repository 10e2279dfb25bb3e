import { queryOptions, useQuery } from '@tanstack/react-query';
import { ADMIN_FRESH_MS, adminQueryDefaults } from '../../../../client/lib/admin-queries';
import { apiGet } from '../../../../client/lib/api-client';
import { adminTestimonialListSchema, type AdminTestimonial } from '../../admin-content.schema';

export const ADMIN_TESTIMONIALS_KEY = ['/api/admin/testimonials'] as const;
/** The landing page's list: refreshed after each change so this browser shows it at once too. */
export const PUBLIC_TESTIMONIALS_KEY = ['/api/testimonials'] as const;

export function getAdminTestimonials(): Promise<AdminTestimonial[]> {
  return apiGet(ADMIN_TESTIMONIALS_KEY[0], adminTestimonialListSchema);
}

export const adminTestimonialsQueryOptions = () =>
  queryOptions({ queryKey: ADMIN_TESTIMONIALS_KEY, queryFn: getAdminTestimonials, ...adminQueryDefaults(ADMIN_FRESH_MS.default) });

export function useAdminTestimonials() {
  return useQuery(adminTestimonialsQueryOptions());
}
