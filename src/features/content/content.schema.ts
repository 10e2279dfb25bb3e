import { z } from 'zod';
import { safeString } from '../../common/safe-text';
import { INVALID_EMAIL } from '../../common/validation-messages';

export const testimonialSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  text: z.string(),
  profileImageUrl: z.string().nullable().optional(),
  role: z.string().nullable().optional(),
  organization: z.string().nullable().optional(),
  sortOrder: z.number().int().nullable().optional(),
});
export type Testimonial = z.infer<typeof testimonialSchema>;

export const announcementSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  /** Sanitised HTML; line breaks are kept as breaks when shown. */
  content: z.string(),
  imageUrl: z.string().nullable().optional(),
  emailFormEnabled: z.boolean(),
});
export type Announcement = z.infer<typeof announcementSchema>;

/** The interest form: a simple text@text.text check, as the specification says. */
export const simpleEmailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const announcementInterestSchema = z.object({
  email: safeString('Email', { error: INVALID_EMAIL })
    .trim()
    .max(254, INVALID_EMAIL)
    .regex(simpleEmailPattern, INVALID_EMAIL),
  announcementId: z.coerce.number({ error: 'Announcement not found' }).int().positive('Announcement not found').max(2_147_483_647, 'Announcement not found'),
});
export type AnnouncementInterestInput = z.input<typeof announcementInterestSchema>;

export const blogPostSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  title: z.string(),
  excerpt: z.string().nullable().optional(),
  /** Sanitised HTML. */
  content: z.string(),
  featuredImageUrl: z.string().nullable().optional(),
  authorName: z.string(),
  publishedAt: z.string().nullable().optional(),
  isPublished: z.boolean(),
});
export type BlogPost = z.infer<typeof blogPostSchema>;

export const blogSlugParamsSchema = z.object({
  slug: safeString('Slug').trim().min(1).max(200).regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'Post Not Found'),
});

/** List view: content length / 1000, rounded up. */
export function listReadMinutes(content: string): number {
  return Math.max(1, Math.ceil(content.length / 1000));
}

/** Post view: words / 200, rounded up. */
export function postReadMinutes(content: string): number {
  const words = content.replace(/<[^>]*>/g, ' ').trim().split(/\s+/).filter(Boolean).length;
  return Math.max(1, Math.ceil(words / 200));
}
