import { z } from 'zod';
import { safeString } from '../../common/safe-text';
import { idParamsSchema, orDefault } from '../../common/schema-kit';

/**
 * Strategy notes: the one source of the form's and the server's
 * messages and types. Content is markdown, shown through the safe renderer in markdown.tsx.
 */

export const TITLE_REQUIRED = 'Title is required';
export const TITLE_TOO_LONG = 'Title must be 200 characters or less';
export const CONTENT_REQUIRED = 'Content is required';
export const CONTENT_TOO_LONG = 'Content must be 50,000 characters or less';
export const CATEGORY_INVALID = 'Category must be one of preparation, presentation, activities, resources, feedback, or none';
export const ARCHIVED_INVALID = 'isArchived must be true or false';
export const NOTE_NOT_FOUND = 'Strategy note not found';

export const TITLE_MAX = 200;
export const CONTENT_MAX = 50_000;

export const STRATEGY_NOTE_CATEGORIES = ['preparation', 'presentation', 'activities', 'resources', 'feedback'] as const;
export type StrategyNoteCategory = (typeof STRATEGY_NOTE_CATEGORIES)[number];

export const CATEGORY_LABELS: Record<StrategyNoteCategory, string> = {
  preparation: 'Preparation',
  presentation: 'Presentation',
  activities: 'Activities',
  resources: 'Resources',
  feedback: 'Feedback',
};

export const titleField = safeString('Title', { error: TITLE_REQUIRED }).trim().min(1, TITLE_REQUIRED).max(TITLE_MAX, TITLE_TOO_LONG);

/** Markdown; surrounding blank lines carry no meaning and are dropped. */
export const contentField = safeString('Content', { error: CONTENT_REQUIRED }).trim().min(1, CONTENT_REQUIRED).max(CONTENT_MAX, CONTENT_TOO_LONG);

/** One of the five categories, or none: null, '' and 'none' are all stored as null. */
export const categoryField = z
  .union([z.enum(STRATEGY_NOTE_CATEGORIES), z.literal(''), z.literal('none'), z.null()], { error: CATEGORY_INVALID })
  .transform((value): StrategyNoteCategory | null => (value === '' || value === 'none' ? null : value));

export const archivedField = z.boolean({ error: ARCHIVED_INVALID });

/** POST /api/strategy-notes, and the create/edit form. */
export const strategyNoteInputSchema = z.object({
  title: titleField,
  content: contentField,
  category: orDefault(categoryField, null),
  isArchived: orDefault(archivedField, false),
});
export type StrategyNoteFormValues = z.input<typeof strategyNoteInputSchema>;
export type StrategyNoteInput = z.output<typeof strategyNoteInputSchema>;

/** PUT /api/strategy-notes/{id}: any of the fields; a missing one is left as it is. */
export const strategyNoteUpdateSchema = z.object({ title: titleField, content: contentField, category: categoryField, isArchived: archivedField }).partial();
export type StrategyNoteUpdate = z.output<typeof strategyNoteUpdateSchema>;

export const strategyNoteIdParamsSchema = idParamsSchema(NOTE_NOT_FOUND);

/** One note in answers. */
export const strategyNoteSchema = z.object({
  id: z.number(),
  title: z.string(),
  content: z.string(),
  category: z.enum(STRATEGY_NOTE_CATEGORIES).nullable(),
  isArchived: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type StrategyNote = z.infer<typeof strategyNoteSchema>;

export const strategyNoteListSchema = z.array(strategyNoteSchema);

/** The strategy-note routes' schemas, by operation. */
export const strategyNoteApiSchemas = { idParams: strategyNoteIdParamsSchema, item: strategyNoteSchema, list: strategyNoteListSchema, create: strategyNoteInputSchema, update: strategyNoteUpdateSchema };
