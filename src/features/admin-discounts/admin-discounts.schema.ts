import { z } from 'zod';
import { safeString } from '../../common/safe-text';
import { booleanField, isBlank, orDefault, rowIdField } from '../../common/schema-kit';

/**
 * Discount codes in the admin area: the one source of the form's and the
 * server's messages and types. Codes are stored upper case and matched case-insensitively at
 * checkout, so every input is trimmed and upper-cased here.
 */

export const CODE_REQUIRED = 'Code is required';
export const CODE_CHARACTERS = 'Code may only contain letters, digits, hyphens (-) and underscores (_)';
export const CODE_TOO_LONG = 'Code must be 50 characters or less';
export const DESCRIPTION_REQUIRED = 'Description is required';
export const DESCRIPTION_TOO_LONG = 'Description must be 500 characters or less';
export const DISCOUNT_RANGE = 'Discount must be between 1 and 100 percent';
export const DISCOUNT_WHOLE = 'Discount must be a whole number of percent';
export const MAX_USES_INVALID = 'Max uses must be a whole number of at least 1, or empty for unlimited';
export const EXPIRES_AT_INVALID = 'Please enter a valid expiration date';
export const CODE_DUPLICATE = 'A discount code with this code already exists';
export const CODE_NOT_FOUND = 'Discount code not found';
export const ONLY_PERCENTAGE = 'Only percentage discounts are supported';
export const NOTHING_TO_UPDATE = 'Nothing to update';

export function maxUsesBelowUses(currentUses: number): string {
  return `Max uses cannot be lower than the ${currentUses} ${currentUses === 1 ? 'use' : 'uses'} so far`;
}

export const DEFAULT_DISCOUNT_PERCENT = 10;
const MAX_USES_LIMIT = 1_000_000_000;

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;
/** An ISO-8601 instant with a time and, optionally, a zone ('2031-07-04T10:00:00Z'). */
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?$/;

/**
 * 'YYYY-MM-DD' means the end of that day in UTC (a code "valid until July 4" still works on
 * July 4); an ISO instant means that instant. Null for anything else.
 */
export function parseExpiresAt(text: string): Date | null {
  const value = text.trim();
  const dateOnly = DATE_ONLY.exec(value);
  if (dateOnly) {
    const [year, month, day] = [Number(dateOnly[1]), Number(dateOnly[2]) - 1, Number(dateOnly[3])];
    const end = new Date(Date.UTC(year, month, day, 23, 59, 59, 999));
    // Rejects 2031-02-30 rather than rolling it into March.
    if (end.getUTCFullYear() !== year || end.getUTCMonth() !== month || end.getUTCDate() !== day) return null;
    return end;
  }
  if (!ISO_INSTANT.test(value)) return null;
  const instant = new Date(value);
  return Number.isNaN(instant.getTime()) ? null : instant;
}

/** The value a date input shows for a stored expiry: its UTC day. */
export function expiresAtToDateInput(iso: string | null): string {
  return iso ? iso.slice(0, 10) : '';
}

export const codeField = safeString('Code', { error: CODE_REQUIRED })
  .trim()
  .min(1, CODE_REQUIRED)
  .max(50, CODE_TOO_LONG)
  .regex(/^[A-Za-z0-9_-]+$/, CODE_CHARACTERS)
  .transform((code) => code.toUpperCase());

export const descriptionField = safeString('Description', { error: DESCRIPTION_REQUIRED }).trim().min(1, DESCRIPTION_REQUIRED).max(500, DESCRIPTION_TOO_LONG);

/** A number from JSON or the text of a number input; empty counts as missing. */
const percentField = z.preprocess(
  (value) => (typeof value === 'string' && value.trim() !== '' ? Number(value) : value === '' ? undefined : value),
  z.number({ error: DISCOUNT_RANGE }).int(DISCOUNT_WHOLE).min(1, DISCOUNT_RANGE).max(100, DISCOUNT_RANGE),
);

/** Empty (or null) means unlimited. */
const maxUsesField = z.preprocess(
  (value) => (isBlank(value) ? null : typeof value === 'string' ? Number(value) : value),
  z.number({ error: MAX_USES_INVALID }).int(MAX_USES_INVALID).min(1, MAX_USES_INVALID).max(MAX_USES_LIMIT, MAX_USES_INVALID).nullable(),
);

/** Empty (or null) means the code never expires. */
const expiresAtField = z.preprocess(
  (value) => (isBlank(value) ? null : value),
  safeString('Expiry date', { error: EXPIRES_AT_INVALID })
    .transform((text, ctx) => {
      const date = parseExpiresAt(text);
      if (!date) {
        ctx.addIssue({ code: 'custom', message: EXPIRES_AT_INVALID });
        return z.NEVER;
      }
      return date;
    })
    .nullable(),
);

const isActiveField = booleanField('isActive');

const discountFields = {
  code: codeField,
  description: descriptionField,
  discountPercent: orDefault(percentField, DEFAULT_DISCOUNT_PERCENT),
  maxUses: maxUsesField,
  expiresAt: expiresAtField,
  isActive: orDefault(isActiveField, true),
};

/** POST /api/admin/discount-codes, and the create form. */
export const discountCodeInputSchema = z.object(discountFields);
export type DiscountCodeFormValues = z.input<typeof discountCodeInputSchema>;
export type DiscountCodeInput = z.output<typeof discountCodeInputSchema>;

/**
 * PUT /api/admin/discount-codes/{id}: any of the fields; a missing one is left as it is, while
 * maxUses or expiresAt sent empty or null clear the limit.
 */
export const discountCodeUpdateSchema = z
  .object({ code: codeField, description: descriptionField, discountPercent: percentField, maxUses: maxUsesField, expiresAt: expiresAtField, isActive: isActiveField })
  .partial();
export type DiscountCodeUpdate = z.output<typeof discountCodeUpdateSchema>;

export const discountCodeIdParamsSchema = z.object({ id: rowIdField(CODE_NOT_FOUND) });

/** One discount code in admin answers. */
export const discountCodeSchema = z.object({
  id: z.number(),
  code: z.string(),
  description: z.string(),
  discountPercent: z.number(),
  isActive: z.boolean(),
  expiresAt: z.string().nullable(),
  maxUses: z.number().nullable(),
  currentUses: z.number(),
  createdAt: z.string(),
});
export type DiscountCode = z.infer<typeof discountCodeSchema>;

export const discountCodeListSchema = z.array(discountCodeSchema);

/** The discount-code routes' schemas, by operation. */
export const discountCodeApiSchemas = { idParams: discountCodeIdParamsSchema, item: discountCodeSchema, list: discountCodeListSchema, create: discountCodeInputSchema, update: discountCodeUpdateSchema };

// ---------------------------------------------------------------- POST /api/admin/create-coupon

export const COUPON_DISCOUNT_TYPES = ['percentage', 'percent'] as const;

/**
 * The coupon call's own shape: code, description, discountType, discountValue. Only
 * percentages exist in this product; 'percent' is accepted as the same thing.
 */
export const createCouponSchema = z.object({
  code: codeField,
  description: descriptionField,
  discountType: safeString('Discount type', { error: ONLY_PERCENTAGE })
    .trim()
    .toLowerCase()
    .optional()
    .transform((value) => value ?? 'percentage')
    .refine((value): value is (typeof COUPON_DISCOUNT_TYPES)[number] => (COUPON_DISCOUNT_TYPES as readonly string[]).includes(value), ONLY_PERCENTAGE),
  discountValue: orDefault(percentField, DEFAULT_DISCOUNT_PERCENT),
  maxUses: orDefault(maxUsesField, null),
  expiresAt: orDefault(expiresAtField, null),
  isActive: orDefault(isActiveField, true),
});
export type CreateCouponInput = z.output<typeof createCouponSchema>;

export const createCouponResponseSchema = z.object({
  success: z.literal(true),
  discountCode: discountCodeSchema.extend({ discountType: z.literal('percentage'), discountValue: z.number() }),
});
export type CreateCouponResponse = z.infer<typeof createCouponResponseSchema>;
