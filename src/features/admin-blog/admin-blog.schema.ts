import { z } from 'zod';
import { safeString } from '../../common/safe-text';
import { blankToNull, booleanField, idParamsSchema, isBlank, orDefault, trimmedOrNull } from '../../common/schema-kit';

/**
 * Blog posts and workshop assets in the admin area: the one source of the forms'
 * and the server's messages and types. HTML fields are sanitised by the server on every write,
 * so the schemas only bound their length.
 */

// ---------------------------------------------------------------- messages

export const TITLE_REQUIRED = 'Title is required';
export const TITLE_TOO_LONG = 'Title must be 200 characters or less';
export const SLUG_CHARACTERS = 'Slug may only contain lower-case letters, digits and single hyphens (-)';
export const SLUG_TOO_LONG = 'Slug must be 120 characters or less';
export const SLUG_FROM_TITLE_IMPOSSIBLE = 'Please enter a slug: the title has no letters or digits to make one from';
export const SLUG_TAKEN = 'A post with this slug already exists';
export const EXCERPT_TOO_LONG = 'Excerpt must be 500 characters or less';
export const CONTENT_TOO_LONG = 'Content must be 200,000 characters or less';
export const IMAGE_URL_INVALID = 'Featured image must be a web address (https://…) or an uploaded image (/uploads/…)';
export const AUTHOR_REQUIRED = 'Author name is required';
export const AUTHOR_TOO_LONG = 'Author name must be 100 characters or less';
export const PUBLISHED_AT_INVALID = 'Please enter a valid published date';
export const POST_NOT_FOUND = 'Blog post not found';

export const DESCRIPTION_TOO_LONG = 'Description must be 1000 characters or less';
export const ASSET_TYPE_INVALID = 'Type must be slides or tips';
export const SORT_ORDER_INVALID = 'Sort order must be a whole number';
export const WORKSHOP_DATE_NOT_FOUND = 'Workshop date not found';
export const ASSET_NOT_FOUND = 'Workshop asset not found';
export const REORDER_INVALID = 'Send the asset ids in their new order';

// ---------------------------------------------------------------- slugs

export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const SLUG_MAX = 120;

/** Letters NFKD does not split into a base letter and a mark. */
const LATIN_EXTRAS: Record<string, string> = { ß: 'ss', æ: 'ae', œ: 'oe', ø: 'o', đ: 'd', ð: 'd', þ: 'th', ł: 'l', ı: 'i' };

/**
 * A URL slug from a title: lower case, accents dropped ('Café' → 'cafe'), every run of anything
 * other than a-z and 0-9 becomes one hyphen, no hyphen at either end, at most 120 characters
 * (cut at a hyphen when one is near). Empty when the title has no latin letters or digits.
 */
export function slugify(title: string): string {
  const ascii = title
    .toLowerCase()
    .replace(/[ßæœøđðþłı]/g, (letter) => LATIN_EXTRAS[letter] ?? '')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/['’]/g, '');
  const slug = ascii.replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '');
  if (slug.length <= SLUG_MAX) return slug;
  const cut = slug.slice(0, SLUG_MAX);
  const lastHyphen = cut.lastIndexOf('-');
  return (lastHyphen >= SLUG_MAX / 2 ? cut.slice(0, lastHyphen) : cut).replace(/-+$/, '');
}

// ---------------------------------------------------------------- shared fields

const titleField = safeString('Title', { error: TITLE_REQUIRED }).trim().min(1, TITLE_REQUIRED).max(200, TITLE_TOO_LONG);
const htmlField = safeString('Content', { error: 'Content must be text' }).max(200_000, CONTENT_TOO_LONG);

/** Empty means "make it from the title"; otherwise trimmed, lower-cased and checked. */
const slugField = z.preprocess(
  (value) => (typeof value === 'string' ? value.trim().toLowerCase() : value ?? ''),
  safeString('Slug', { error: SLUG_CHARACTERS })
    .max(SLUG_MAX, SLUG_TOO_LONG)
    .refine((slug) => slug === '' || SLUG_PATTERN.test(slug), SLUG_CHARACTERS),
);

/** An http(s) address or a path on this site (an uploaded image). */
const IMAGE_URL = /^(https?:\/\/[^\s"'<>]+|\/(?!\/)[^\s"'<>]*)$/i;
const imageUrlField = z.preprocess(
  trimmedOrNull,
  safeString('Featured image', { error: IMAGE_URL_INVALID }).max(2000, IMAGE_URL_INVALID).regex(IMAGE_URL, IMAGE_URL_INVALID).nullable(),
);

const excerptField = z.preprocess(
  trimmedOrNull,
  safeString('Excerpt', { error: EXCERPT_TOO_LONG }).max(500, EXCERPT_TOO_LONG).nullable(),
);

const authorField = safeString('Author name', { error: AUTHOR_REQUIRED }).trim().min(1, AUTHOR_REQUIRED).max(100, AUTHOR_TOO_LONG);

/** An ISO instant ('2031-07-04T10:00:00Z') or a date ('2031-07-04', midnight UTC); empty or null: none. */
const publishedAtField = z.preprocess(
  blankToNull,
  safeString('Published date', { error: PUBLISHED_AT_INVALID })
    .transform((text, ctx) => {
      const value = text.trim();
      const date = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?)?$/.test(value) ? new Date(value) : null;
      if (!date || Number.isNaN(date.getTime())) {
        ctx.addIssue({ code: 'custom', message: PUBLISHED_AT_INVALID });
        return z.NEVER;
      }
      return date;
    })
    .nullable(),
);

// ---------------------------------------------------------------- blog posts

/**
 * POST /api/admin/blog-posts. A missing author becomes the signed-in admin's name (the part of
 * the e-mail before '@'); a missing publishedAt becomes "now" when the post is published.
 */
export const blogPostInputSchema = z.object({
  title: titleField,
  slug: orDefault(slugField, ''),
  excerpt: orDefault(excerptField, null),
  content: orDefault(htmlField, ''),
  featuredImageUrl: orDefault(imageUrlField, null),
  authorName: z.preprocess((value) => (isBlank(value) ? undefined : value), authorField.optional()),
  isPublished: orDefault(booleanField('isPublished'), false),
  publishedAt: orDefault(publishedAtField, null),
});
export type BlogPostInput = z.output<typeof blogPostInputSchema>;

/** PUT /api/admin/blog-posts/{id}: any of the fields; a missing one is left as it is. An empty slug is made again from the title. */
export const blogPostUpdateSchema = z
  .object({
    title: titleField,
    slug: slugField,
    excerpt: excerptField,
    content: htmlField,
    featuredImageUrl: imageUrlField,
    authorName: authorField,
    isPublished: booleanField('isPublished'),
    publishedAt: publishedAtField,
  })
  .partial();
export type BlogPostUpdate = z.output<typeof blogPostUpdateSchema>;

/** The editor form: every field as text or a switch, checked with the same messages. */
export const blogPostFormSchema = z.object({
  title: titleField,
  slug: slugField,
  excerpt: safeString('Excerpt').max(500, EXCERPT_TOO_LONG),
  featuredImageUrl: safeString('Featured image').trim().refine((value) => value === '' || IMAGE_URL.test(value), IMAGE_URL_INVALID),
  /** Empty: the signed-in admin's name. */
  authorName: safeString('Author name').trim().max(100, AUTHOR_TOO_LONG),
  isPublished: z.boolean(),
  /** A date input's 'YYYY-MM-DD', or empty. */
  publishedDate: safeString('Published date').refine((value) => value === '' || /^\d{4}-\d{2}-\d{2}$/.test(value), PUBLISHED_AT_INVALID),
});
export type BlogPostFormValues = z.input<typeof blogPostFormSchema>;
export type BlogPostFormOutput = z.output<typeof blogPostFormSchema>;

/** A date input's day as an instant: noon UTC is that same day in every time zone from UTC-11 to UTC+11. */
export function publishedDateToInstant(day: string): string {
  return `${day}T12:00:00.000Z`;
}

export const blogPostIdParamsSchema = idParamsSchema(POST_NOT_FOUND);

/** One post in admin answers: every post, published or not. */
export const adminBlogPostSchema = z.object({
  id: z.number(),
  slug: z.string(),
  title: z.string(),
  excerpt: z.string().nullable(),
  /** Sanitised HTML. */
  content: z.string(),
  featuredImageUrl: z.string().nullable(),
  authorName: z.string(),
  isPublished: z.boolean(),
  publishedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AdminBlogPost = z.infer<typeof adminBlogPostSchema>;
export const adminBlogPostListSchema = z.array(adminBlogPostSchema);

/** The blog-post routes' schemas, by operation. */
export const blogPostApiSchemas = { idParams: blogPostIdParamsSchema, item: adminBlogPostSchema, list: adminBlogPostListSchema, create: blogPostInputSchema, update: blogPostUpdateSchema };

/** POST /api/admin/blog-posts/preview and /api/admin/workshop-assets/preview: the HTML as it would be stored. */
export const htmlPreviewInputSchema = z.object({ content: htmlField });
export const htmlPreviewSchema = z.object({ content: z.string() });

// ---------------------------------------------------------------- workshop assets

export const ASSET_TYPES = ['slides', 'tips'] as const;
export type AssetType = (typeof ASSET_TYPES)[number];

const assetTypeField = z.enum(ASSET_TYPES, { error: ASSET_TYPE_INVALID });
const descriptionField = z.preprocess(
  trimmedOrNull,
  safeString('Description', { error: DESCRIPTION_TOO_LONG }).max(1000, DESCRIPTION_TOO_LONG).nullable(),
);
const sortOrderField = z.preprocess(
  (value) => (typeof value === 'string' && value.trim() !== '' ? Number(value) : value),
  z.number({ error: SORT_ORDER_INVALID }).int(SORT_ORDER_INVALID).min(-1_000_000, SORT_ORDER_INVALID).max(1_000_000, SORT_ORDER_INVALID),
);
/** A workshop date's id, or null (and empty) for every workshop. */
const workshopDateIdField = z.preprocess(
  (value) => (isBlank(value) ? null : typeof value === 'string' ? Number(value) : value),
  z.number({ error: WORKSHOP_DATE_NOT_FOUND }).int(WORKSHOP_DATE_NOT_FOUND).positive(WORKSHOP_DATE_NOT_FOUND).max(2_147_483_647, WORKSHOP_DATE_NOT_FOUND).nullable(),
);

/** POST /api/admin/workshop-assets. */
export const workshopAssetInputSchema = z.object({
  title: titleField,
  description: orDefault(descriptionField, null),
  type: assetTypeField,
  content: orDefault(htmlField, ''),
  sortOrder: orDefault(sortOrderField, 0),
  workshopDateId: orDefault(workshopDateIdField, null),
});
export type WorkshopAssetInput = z.output<typeof workshopAssetInputSchema>;

/** PUT /api/admin/workshop-assets/{id}: any of the fields; workshopDateId null moves it to every workshop. */
export const workshopAssetUpdateSchema = z
  .object({ title: titleField, description: descriptionField, type: assetTypeField, content: htmlField, sortOrder: sortOrderField, workshopDateId: workshopDateIdField })
  .partial();
export type WorkshopAssetUpdate = z.output<typeof workshopAssetUpdateSchema>;

/** The asset dialog: text inputs and selects, checked with the same messages. */
export const workshopAssetFormSchema = z.object({
  title: titleField,
  description: safeString('Description').max(1000, DESCRIPTION_TOO_LONG),
  type: assetTypeField,
  /** '' for every workshop, else the date's id. */
  workshopDateId: safeString('Workshop'),
  sortOrder: safeString('Sort order').refine((value) => value.trim() === '' || /^-?\d+$/.test(value.trim()), SORT_ORDER_INVALID),
  content: htmlField,
});
export type WorkshopAssetFormValues = z.input<typeof workshopAssetFormSchema>;
export type WorkshopAssetFormOutput = z.output<typeof workshopAssetFormSchema>;

/** POST /api/admin/workshop-assets/reorder: these assets get sortOrder 0, 1, 2… in this order. */
export const workshopAssetReorderSchema = z.object({
  ids: z
    .array(z.number({ error: REORDER_INVALID }).int(REORDER_INVALID).positive(REORDER_INVALID), { error: REORDER_INVALID })
    .min(1, REORDER_INVALID)
    .max(500, REORDER_INVALID)
    .refine((ids) => new Set(ids).size === ids.length, REORDER_INVALID),
});
export type WorkshopAssetReorder = z.infer<typeof workshopAssetReorderSchema>;

export const workshopAssetIdParamsSchema = idParamsSchema(ASSET_NOT_FOUND);

export const adminWorkshopAssetSchema = z.object({
  id: z.number(),
  /** Null: every workshop. */
  workshopDateId: z.number().nullable(),
  title: z.string(),
  description: z.string().nullable(),
  type: z.enum(ASSET_TYPES),
  /** Sanitised HTML. */
  content: z.string(),
  sortOrder: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AdminWorkshopAsset = z.infer<typeof adminWorkshopAssetSchema>;
export const adminWorkshopAssetListSchema = z.array(adminWorkshopAssetSchema);

/** The workshop-asset routes' schemas, by operation. */
export const workshopAssetApiSchemas = { idParams: workshopAssetIdParamsSchema, item: adminWorkshopAssetSchema, list: adminWorkshopAssetListSchema, create: workshopAssetInputSchema, update: workshopAssetUpdateSchema };
