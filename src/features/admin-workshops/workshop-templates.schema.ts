import { z } from 'zod';
import { safeString } from '../../common/safe-text';
import { expertiseLevelSchema } from '../workshops';

/** Workshop templates: a title, an expertise level and default seats for new dates. */

export const TEMPLATE_TITLE_REQUIRED = 'Title is required';
export const DEFAULT_SEATS_MIN = 'Default seats must be at least 1';

/** The template dialog's fields, each with its message. */
export const workshopTemplateFormSchema = z.object({
  title: safeString('Title', { error: TEMPLATE_TITLE_REQUIRED }).trim().min(1, TEMPLATE_TITLE_REQUIRED).max(200, 'Title must be 200 characters or less'),
  expertiseLevel: expertiseLevelSchema,
  defaultSeats: z
    .number({ error: DEFAULT_SEATS_MIN })
    .int('Default seats must be a whole number')
    .min(1, DEFAULT_SEATS_MIN)
    .max(10_000, 'Default seats must be 10,000 or fewer'),
  description: safeString('Description').max(5000, 'Description must be 5,000 characters or less').nullable(),
});
export type WorkshopTemplateForm = z.output<typeof workshopTemplateFormSchema>;
export type WorkshopTemplateFormInput = z.input<typeof workshopTemplateFormSchema>;

/** POST /api/workshop-templates: a title; the rest defaults (beginner, 10 seats, no description). */
export const createWorkshopTemplateSchema = workshopTemplateFormSchema.extend({
  expertiseLevel: workshopTemplateFormSchema.shape.expertiseLevel.default('beginner'),
  defaultSeats: workshopTemplateFormSchema.shape.defaultSeats.default(10),
  description: workshopTemplateFormSchema.shape.description.optional().default(null),
});
export type CreateWorkshopTemplateInput = z.input<typeof createWorkshopTemplateSchema>;
export type CreateWorkshopTemplate = z.output<typeof createWorkshopTemplateSchema>;

/** PUT /api/workshop-templates/:id: the fields that change. */
export const updateWorkshopTemplateSchema = workshopTemplateFormSchema.partial();
export type UpdateWorkshopTemplateInput = z.input<typeof updateWorkshopTemplateSchema>;

export const workshopTemplateSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string().nullable(),
  expertiseLevel: expertiseLevelSchema,
  defaultSeats: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type WorkshopTemplate = z.infer<typeof workshopTemplateSchema>;
export const workshopTemplateListSchema = z.array(workshopTemplateSchema);

export const templateIdParamsSchema = z.object({
  id: z.coerce.number({ error: 'Template id must be a number' }).int().positive('Template id must be a number'),
});

export const deleteWorkshopTemplateResultSchema = z.object({ deleted: z.literal(true) });

/** The workshop-template routes' schemas, by operation. */
export const workshopTemplateApiSchemas = { idParams: templateIdParamsSchema, item: workshopTemplateSchema, list: workshopTemplateListSchema, create: createWorkshopTemplateSchema, update: updateWorkshopTemplateSchema, removed: deleteWorkshopTemplateResultSchema };
