import { z } from 'zod';
import { apiRead } from '../../../../client/lib/api-read';
import { testimonialSchema } from '../../content.schema';

/** Sorted by sortOrder, missing counted as 0. */
export const testimonials = apiRead('/api/testimonials', z.array(testimonialSchema));
export const useTestimonials = testimonials.useRead;
