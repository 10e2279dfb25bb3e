import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiGet } from '../../../../client/lib/api-client';
import { testimonialSchema } from '../../content.schema';

const testimonialListSchema = z.array(testimonialSchema);

/** Sorted by sortOrder, missing counted as 0 (CONTRACT §6). */
export function getTestimonials() {
  return apiGet('/api/testimonials', testimonialListSchema);
}

export function testimonialsQueryOptions() {
  return queryOptions({ queryKey: ['/api/testimonials'], queryFn: getTestimonials });
}

export function useTestimonials() {
  return useQuery(testimonialsQueryOptions());
}
