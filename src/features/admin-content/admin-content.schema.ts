import { z } from 'zod';
import { safeString } from '../../common/safe-text';
import { booleanField, rowIdField } from '../../common/schema-kit';
import { optionalImageUrlField } from '../uploads';

/**
 * Testimonials and announcements in the admin area: the one source of the forms'
 * and the server's messages and types.
 */

export const NAME_REQUIRED = 'Name is required';
export const NAME_TOO_LONG = 'Name must be 200 characters or less';
export const TEXT_REQUIRED = 'Testimonial text is required';
export const TEXT_TOO_LONG = 'Testimonial text must be 2000 characters or less';
export const ROLE_TOO_LONG = 'Role must be 200 characters or less';
export const ORGANIZATION_TOO_LONG = 'Organization must be 200 characters or less';
export const SORT_ORDER_INVALID = 'Sort order must be a whole number';
export const TITLE_REQUIRED = 'Title is required';
export const TITLE_TOO_LONG = 'Title must be 200 characters or less';
export const CONTENT_TOO_LONG = 'Content must be 50,000 characters or less';
export const TESTIMONIAL_NOT_FOUND = 'Testimonial not found';
export const ANNOUNCEMENT_NOT_FOUND = 'Announcement not found';

const SORT_LIMIT = 1_000_000;

/** Empty text (or null) means "none": stored as null. */
const optionalText = (field: string, message: string) =>
  z.preprocess(
    (value) => (value === undefined ? undefined : value === null ? null : typeof value === 'string' && value.trim() === '' ? null : value),
    safeString(field, { error: message }).trim().max(200, message).nullable().optional(),
  );

/** A number from JSON or the text of a number input; empty means none. */
const sortOrderValue = (value: unknown) =>
  value === undefined ? undefined : value === null || (typeof value === 'string' && value.trim() === '') ? null : typeof value === 'string' ? Number(value) : value;
const sortOrderNumber = z.number({ error: SORT_ORDER_INVALID }).int(SORT_ORDER_INVALID).min(-SORT_LIMIT, SORT_ORDER_INVALID).max(SORT_LIMIT, SORT_ORDER_INVALID);

// ---------------------------------------------------------------- testimonials

const testimonialFields = {
  name: safeString('Name', { error: NAME_REQUIRED }).trim().min(1, NAME_REQUIRED).max(200, NAME_TOO_LONG),
  text: safeString('Text', { error: TEXT_REQUIRED }).trim().min(1, TEXT_REQUIRED).max(2000, TEXT_TOO_LONG),
  role: optionalText('Role', ROLE_TOO_LONG),
  organization: optionalText('Organization', ORGANIZATION_TOO_LONG),
  profileImageUrl: optionalImageUrlField,
  /** Missing counts as 0 when ordering. */
  sortOrder: z.preprocess(sortOrderValue, sortOrderNumber.nullable().optional()),
  isPublished: booleanField('isPublished').optional(),
};

/** POST /api/admin/testimonials, and the form. */
export const testimonialInputSchema = z.object(testimonialFields);
export type TestimonialFormValues = z.input<typeof testimonialInputSchema>;
export type TestimonialInput = z.output<typeof testimonialInputSchema>;

/** PUT /api/admin/testimonials/{id}: any of the fields; a missing one is left as it is. */
export const testimonialUpdateSchema = z.object({
  ...testimonialFields,
  name: testimonialFields.name.optional(),
  text: testimonialFields.text.optional(),
});
export type TestimonialUpdate = z.output<typeof testimonialUpdateSchema>;

export const adminTestimonialSchema = z.object({
  id: z.number(),
  name: z.string(),
  text: z.string(),
  role: z.string().nullable(),
  organization: z.string().nullable(),
  profileImageUrl: z.string().nullable(),
  sortOrder: z.number().nullable(),
  isPublished: z.boolean(),
  createdAt: z.string(),
});
export type AdminTestimonial = z.infer<typeof adminTestimonialSchema>;
export const adminTestimonialListSchema = z.array(adminTestimonialSchema);

export const testimonialIdParamsSchema = z.object({ id: rowIdField(TESTIMONIAL_NOT_FOUND) });

/** The testimonial routes' schemas, by operation. */
export const testimonialApiSchemas = { idParams: testimonialIdParamsSchema, item: adminTestimonialSchema, list: adminTestimonialListSchema, create: testimonialInputSchema, update: testimonialUpdateSchema };

// ---------------------------------------------------------------- announcements

const announcementFields = {
  title: safeString('Title', { error: TITLE_REQUIRED }).trim().min(1, TITLE_REQUIRED).max(200, TITLE_TOO_LONG),
  /** HTML; the server sanitises it before storing. */
  content: z.preprocess((value) => (value === null ? '' : value), safeString('Content', { error: CONTENT_TOO_LONG }).max(50_000, CONTENT_TOO_LONG).optional()),
  imageUrl: optionalImageUrlField,
  emailFormEnabled: booleanField('emailFormEnabled').optional(),
  isPublished: booleanField('isPublished').optional(),
  sortOrder: z.preprocess(sortOrderValue, sortOrderNumber.nullable().optional()),
};

/** POST /api/admin/announcements, and the form. */
export const announcementInputSchema = z.object(announcementFields);
export type AnnouncementFormValues = z.input<typeof announcementInputSchema>;
export type AnnouncementInput = z.output<typeof announcementInputSchema>;

/** PUT /api/admin/announcements/{id}: any of the fields; a missing one is left as it is. */
export const announcementUpdateSchema = z.object({ ...announcementFields, title: announcementFields.title.optional() });
export type AnnouncementUpdate = z.output<typeof announcementUpdateSchema>;

export const adminAnnouncementSchema = z.object({
  id: z.number(),
  title: z.string(),
  /** As stored: already sanitised. */
  content: z.string(),
  imageUrl: z.string().nullable(),
  emailFormEnabled: z.boolean(),
  isPublished: z.boolean(),
  sortOrder: z.number(),
  interestCount: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AdminAnnouncement = z.infer<typeof adminAnnouncementSchema>;
export const adminAnnouncementListSchema = z.array(adminAnnouncementSchema);

export const announcementIdParamsSchema = z.object({ id: rowIdField(ANNOUNCEMENT_NOT_FOUND) });

/** The announcement routes' schemas, by operation. */
export const announcementApiSchemas = { idParams: announcementIdParamsSchema, item: adminAnnouncementSchema, list: adminAnnouncementListSchema, create: announcementInputSchema, update: announcementUpdateSchema };

export const announcementInterestEntrySchema = z.object({ id: z.number(), email: z.string(), createdAt: z.string() });
export type AnnouncementInterestEntry = z.infer<typeof announcementInterestEntrySchema>;
export const announcementInterestListSchema = z.array(announcementInterestEntrySchema);

/** POST /api/admin/announcements/preview: what the HTML becomes once sanitised, without saving it. */
export const htmlPreviewSchema = z.object({ content: safeString('Content', { error: CONTENT_TOO_LONG }).max(50_000, CONTENT_TOO_LONG) });
export type HtmlPreview = z.infer<typeof htmlPreviewSchema>;
