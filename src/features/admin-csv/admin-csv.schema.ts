import { z } from 'zod';
import { isHttpUrl } from '../../common/schema-kit';
import { safeString } from '../../common/safe-text';
import { formatLongDate, parseLongDate, parseTimeRange, rangeWrapsMidnight } from '../../common/dates';
import { normaliseTimeZoneText, resolveTimeZone } from '../../common/time-zones';
import { INVALID_EMAIL } from '../../common/validation-messages';
import { CODE_CHARACTERS, CODE_REQUIRED, DESCRIPTION_REQUIRED, DISCOUNT_RANGE, MAX_USES_INVALID } from '../admin-discounts';
import { AT_LEAST_ONE_SEAT, END_BEFORE_START, INVALID_DATE, INVALID_TIME, INVALID_ZOOM_LINK, MIN_PRICE, TBC_OR_DATE_AND_TIME, TIMEZONE_REQUIRED, UNKNOWN_TIMEZONE } from '../admin-workshops';
import { CONTENT_REQUIRED, TITLE_REQUIRED } from '../strategy-notes';
import { EXPERTISE_REQUIRED } from '../workshops';

/**
 * CSV download and import for six admin tabs: the columns of each file and
 * the zod schema of one imported row, the single source of the import's messages. Rows arrive as
 * the browser parsed them from the file, so every value may be text: 'true'/'false' (any case, as
 * spreadsheets re-save them), numbers, and '' for "no value" are coerced here.
 */

/** The six admin tabs with CSV download and import. */
export const csvEntities = ['users', 'workshopDates', 'bookings', 'discountCodes', 'contactMessages', 'strategyNotes'] as const;
export const csvEntitySchema = z.enum(csvEntities);
export type CsvEntity = z.infer<typeof csvEntitySchema>;

/** Columns of each download, in order; the same field names as the entities. Money in dollars. */
export const csvColumns = {
  users: ['email', 'name', 'company', 'workshopsBooked', 'attended'],
  workshopDates: [
    'id', 'title', 'expertiseLevel', 'date', 'time', 'timezone', 'seatsTotal', 'seatsTaken', 'price', 'isActive', 'isFeatured',
    'isTBC', 'endsNextDay', 'requiresImmediatePayment', 'zoomLink', 'zoomMeetingId', 'zoomPassword', 'additionalInfo', 'materialLinks',
  ],
  bookings: [
    'id', 'firstName', 'lastName', 'email', 'company', 'workshopDateId', 'workshopTitle', 'workshopDate', 'workshopTime',
    'workshopTimezone', 'isPaid', 'finalPrice', 'originalPrice', 'discountAmount', 'discountCode', 'stripePaymentId',
    'hasAttended', 'status', 'createdAt', 'refundState',
  ],
  discountCodes: ['id', 'code', 'description', 'discountPercent', 'isActive', 'expiresAt', 'maxUses', 'currentUses'],
  contactMessages: ['id', 'name', 'email', 'subject', 'message', 'createdAt', 'isRead'],
  strategyNotes: ['id', 'title', 'content', 'category', 'isArchived', 'createdAt', 'updatedAt'],
} as const satisfies Record<CsvEntity, readonly string[]>;

/** How each entity is named in messages and labels ('Import CSV for workshop dates'). */
export const csvEntityLabels: Record<CsvEntity, string> = {
  users: 'users',
  workshopDates: 'workshop dates',
  bookings: 'bookings',
  discountCodes: 'discount codes',
  contactMessages: 'contact messages',
  strategyNotes: 'strategy notes',
};

/**
 * What an import does where it is not plain "add or update these rows", said beside the button.
 * Users come from bookings, so importing them can only put their addresses on the
 * newsletter list: the admin must see that before choosing a file.
 */
export const csvImportNotes: Partial<Record<CsvEntity, string>> = {
  users: 'Importing users adds their e-mail addresses to the newsletter list (users themselves come from bookings).',
};

/** `users-2031-07-04.csv`: the day of the download (UTC). */
export function csvFileName(entity: CsvEntity, now = new Date()): string {
  return `${entity}-${now.toISOString().slice(0, 10)}.csv`;
}

export const csvExportUrl = (entity: CsvEntity) => `/api/admin/export/${entity}.csv`;
export const csvImportUrl = (entity: CsvEntity) => `/api/admin/import/${entity}`;

// ---------------------------------------------------------------- messages
// Field messages come from each tab's own schema: an imported row is refused in its form's words.

export const NO_ROWS = 'The file has no rows to import';
export const ROWS_NOT_A_LIST = 'The import must be a list of rows';
export const ROW_NOT_AN_OBJECT = 'Each row must be an object of column values';
export const UNKNOWN_CSV_FILE = 'There is no CSV download with that name';
export const MAX_IMPORT_ROWS = 20_000;
export const TOO_MANY_ROWS = `A file can hold at most ${MAX_IMPORT_ROWS.toLocaleString('en-US')} rows`;

export const FIRST_NAME_REQUIRED = 'First name is required';
export const LAST_NAME_REQUIRED = 'Last name is required';
export const WORKSHOP_DATE_ID_REQUIRED = 'workshopDateId must be the id of a workshop date';
export const NAME_REQUIRED = 'Name is required';
export const SUBJECT_REQUIRED = 'Subject is required';
export const MESSAGE_REQUIRED = 'Message is required';

export const rowMessage = (row: number, message: string) => `Row ${row}: ${message}`;

// ---------------------------------------------------------------- coercion of spreadsheet text

const isBlank = (value: unknown) => value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
/** '' and null mean "no value"; numbers and booleans typed into JSON are read as their text. */
const blankToUndefined = (value: unknown) => (isBlank(value) ? undefined : typeof value === 'number' || typeof value === 'boolean' ? String(value) : value);

const BOOLEAN_WORDS: Record<string, boolean> = { true: true, false: false, yes: true, no: false, '1': true, '0': false };

function booleanField(column: string, fallback: boolean) {
  return z.preprocess(
    (value) => (isBlank(value) ? undefined : typeof value === 'string' ? (BOOLEAN_WORDS[value.trim().toLowerCase()] ?? value) : value),
    z.boolean({ error: `${column} must be true or false` }).default(fallback),
  );
}

/** A number typed in a spreadsheet: '499', '1,299.50', '$499'. */
function toNumber(value: unknown): unknown {
  if (isBlank(value)) return undefined;
  if (typeof value !== 'string') return value;
  const cleaned = value.trim().replace(/^\$/, '').replace(/,/g, '');
  return cleaned === '' ? value : Number(cleaned);
}

/** A sum of money in dollars, zero or more; empty is "not given". */
function optionalMoney(column: string) {
  return z.preprocess(
    toNumber,
    z.number({ error: `${column} must be an amount in dollars` }).min(0, `${column} cannot be negative`).max(1_000_000, `${column} is too large`).optional(),
  );
}

function requiredText(message: string, column: string, max: number) {
  return z.preprocess(
    blankToUndefined,
    safeString(column, { error: message }).trim().min(1, message).max(max, `${column} must be ${max.toLocaleString('en-US')} characters or less`),
  );
}

/** Empty is null. */
function optionalText(column: string, max: number) {
  return z.preprocess(
    (value) => blankToUndefined(value) ?? null,
    safeString(column, { error: `${column} must be text` }).max(max, `${column} must be ${max.toLocaleString('en-US')} characters or less`).nullable(),
  );
}

/** Empty is ''. */
function textOrEmpty(column: string, max: number) {
  return optionalText(column, max).transform((value) => value?.trim() ?? '');
}

const emailField = z.preprocess(blankToUndefined, safeString('email', { error: INVALID_EMAIL }).trim().max(254, INVALID_EMAIL).pipe(z.email(INVALID_EMAIL)));

/** An existing row's id; empty for a new row. */
const idField = z.preprocess(toNumber, z.number({ error: 'id must be a whole number' }).int('id must be a whole number').positive('id must be a whole number').optional());

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?$/;

/** An ISO instant ('2031-07-04T10:00:00.000Z') or a day ('2031-07-04', read as `dayEnd` or midnight UTC); empty is null. */
function instantField(column: string, dayEnd = false) {
  const message = `${column} must be a date like 2031-07-04 or 2031-07-04T10:00:00Z`;
  return z.preprocess(
    (value) => blankToUndefined(value) ?? null,
    safeString(column, { error: message })
      .transform((text, ctx) => {
        const value = text.trim();
        const instant = DATE_ONLY.test(value)
          ? new Date(`${value}T${dayEnd ? '23:59:59.999' : '00:00:00.000'}Z`)
          : ISO_INSTANT.test(value)
            ? new Date(value)
            : null;
        // Rejects 2031-02-30 rather than rolling it into March.
        if (!instant || Number.isNaN(instant.getTime()) || (DATE_ONLY.test(value) && instant.toISOString().slice(0, 10) !== value)) {
          ctx.addIssue({ code: 'custom', message });
          return z.NEVER;
        }
        return instant;
      })
      .nullable(),
  );
}

/** One of `values`, in any letter case; empty is `fallback` (or refused when there is none). */
function enumField<const T extends readonly [string, ...string[]]>(
  values: T,
  message: string,
  options: { fallback?: T[number]; aliases?: Record<string, T[number]> } = {},
) {
  const toKey = (value: unknown) => {
    if (isBlank(value)) return undefined;
    if (typeof value !== 'string') return value;
    const key = value.trim().toLowerCase();
    return options.aliases?.[key] ?? key;
  };
  const schema = z.enum(values, { error: message });
  return options.fallback === undefined ? z.preprocess(toKey, schema) : z.preprocess(toKey, schema.default(options.fallback as never));
}

// ---------------------------------------------------------------- one imported row per entity

export const expertiseLevels = ['beginner', 'some_expertise', 'expert'] as const;
export const bookingStatuses = ['confirmed', 'reserved', 'cancelled', 'refunded'] as const;
export const strategyCategories = ['preparation', 'presentation', 'activities', 'resources', 'feedback'] as const;

/** '2031-07-04' (as a spreadsheet may re-save it) becomes 'July 4, 2031'; anything else is kept. */
function isoDayToLongDate(date: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) return date;
  const day = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return day.toISOString().slice(0, 10) === date ? formatLongDate(day) : date;
}

/**
 * A workshop date. seatsTaken is in the file but never imported: seats follow bookings. date and
 * time are checked by the server with the same parser that derives the start instant.
 */
export const workshopDateRowSchema = z.object({
  id: idField,
  title: requiredText(TITLE_REQUIRED, 'Title', 200),
  // The labels participants see are accepted too.
  expertiseLevel: enumField(expertiseLevels, EXPERTISE_REQUIRED, { fallback: 'beginner', aliases: { intermediate: 'some_expertise', advanced: 'expert' } }),
  date: textOrEmpty('Date', 100),
  time: textOrEmpty('Time', 100),
  // An offered abbreviation or an IANA zone, as the form takes them.
  timezone: z.preprocess(
    (value) => (typeof value === 'string' ? value.trim() : blankToUndefined(value)),
    safeString('Timezone', { error: TIMEZONE_REQUIRED })
      .min(1, TIMEZONE_REQUIRED)
      .refine((zone) => resolveTimeZone(zone) !== null, UNKNOWN_TIMEZONE)
      .transform(normaliseTimeZoneText),
  ),
  seatsTotal: z.preprocess(toNumber, z.number({ error: AT_LEAST_ONE_SEAT }).int('Seats must be a whole number').min(1, AT_LEAST_ONE_SEAT).max(10_000, 'Seats must be 10,000 or fewer').default(10)),
  price: z.preprocess(toNumber, z.number({ error: MIN_PRICE }).min(1, MIN_PRICE).max(100_000, 'Price must be $100,000 or less').default(499)),
  isActive: booleanField('isActive', true),
  isFeatured: booleanField('isFeatured', false),
  isTBC: booleanField('isTBC', false),
  endsNextDay: booleanField('endsNextDay', false),
  requiresImmediatePayment: booleanField('requiresImmediatePayment', true),
  zoomLink: optionalText('Zoom link', 2000).refine((link) => link === null || isHttpUrl(link.trim()), INVALID_ZOOM_LINK),
  zoomMeetingId: optionalText('Meeting ID', 200),
  zoomPassword: optionalText('Password', 200),
  additionalInfo: optionalText('Additional info', 5000),
  materialLinks: optionalText('Material links', 5000),
})
  .superRefine((row, ctx) => {
    // TBC clears date and time; otherwise both must be readable, since they give the start instant.
    if (row.isTBC) return;
    if (!row.date || !row.time) ctx.addIssue({ code: 'custom', message: TBC_OR_DATE_AND_TIME, path: ['date'] });
    else if (!parseLongDate(isoDayToLongDate(row.date))) ctx.addIssue({ code: 'custom', message: INVALID_DATE, path: ['date'] });
    else if (!parseTimeRange(row.time)) ctx.addIssue({ code: 'custom', message: INVALID_TIME, path: ['time'] });
    else if (rangeWrapsMidnight(row.time) && !row.endsNextDay) ctx.addIssue({ code: 'custom', message: END_BEFORE_START, path: ['time'] });
  })
  .transform((row) => ({
    ...row,
    date: row.isTBC ? '' : isoDayToLongDate(row.date),
    time: row.isTBC ? '' : row.time,
    // Only a range has an end to put on the next day.
    endsNextDay: !row.isTBC && row.endsNextDay && /[-–]/.test(row.time),
    zoomLink: row.zoomLink?.trim() ?? null,
  }));
export type WorkshopDateRow = z.output<typeof workshopDateRowSchema>;

/**
 * A booking. Only new bookings use the money and payment columns; for an existing booking an
 * import changes the contact fields and attendance only (see the import service).
 * workshopTitle, workshopDate, workshopTime, workshopTimezone and refundState (the seat's money in
 * the refunds' words: 'Refund requested', 'Partly refunded ($249.50 of $499.00)', …) are for reading
 * and are ignored: refunds have their own calls.
 */
export const bookingRowSchema = z.object({
  id: idField,
  firstName: requiredText(FIRST_NAME_REQUIRED, 'First name', 100),
  lastName: requiredText(LAST_NAME_REQUIRED, 'Last name', 100),
  email: emailField,
  company: textOrEmpty('Company', 200),
  workshopDateId: z.preprocess(toNumber, z.number({ error: WORKSHOP_DATE_ID_REQUIRED }).int(WORKSHOP_DATE_ID_REQUIRED).positive(WORKSHOP_DATE_ID_REQUIRED)),
  isPaid: booleanField('isPaid', false),
  finalPrice: optionalMoney('finalPrice'),
  originalPrice: optionalMoney('originalPrice'),
  discountAmount: optionalMoney('discountAmount'),
  discountCode: textOrEmpty('Discount code', 64).transform((code) => code.toUpperCase()),
  stripePaymentId: optionalText('stripePaymentId', 200).transform((id) => id?.trim() || null),
  hasAttended: booleanField('hasAttended', false),
  status: enumField(bookingStatuses, `status must be one of ${bookingStatuses.join(', ')}`, { fallback: 'confirmed' }),
  createdAt: instantField('createdAt'),
});
export type BookingRow = z.output<typeof bookingRowSchema>;

/** A discount code, matched by code (upper case). currentUses counts checkouts and is never imported. */
export const discountCodeRowSchema = z.object({
  id: idField,
  code: requiredText(CODE_REQUIRED, 'Code', 50)
    .pipe(z.string().regex(/^[A-Za-z0-9_-]+$/, CODE_CHARACTERS))
    .transform((code) => code.toUpperCase()),
  description: requiredText(DESCRIPTION_REQUIRED, 'Description', 500),
  discountPercent: z.preprocess(toNumber, z.number({ error: DISCOUNT_RANGE }).int('Discount must be a whole number of percent').min(1, DISCOUNT_RANGE).max(100, DISCOUNT_RANGE).default(10)),
  isActive: booleanField('isActive', true),
  // A day means the end of that day, as in the discount form.
  expiresAt: instantField('expiresAt', true),
  maxUses: z.preprocess(
    (value) => toNumber(value) ?? null,
    z.number({ error: MAX_USES_INVALID }).int(MAX_USES_INVALID).min(1, MAX_USES_INVALID).max(1_000_000_000, MAX_USES_INVALID).nullable(),
  ),
});
export type DiscountCodeRow = z.output<typeof discountCodeRowSchema>;

export const contactMessageRowSchema = z.object({
  id: idField,
  name: requiredText(NAME_REQUIRED, 'Name', 200),
  email: emailField,
  subject: requiredText(SUBJECT_REQUIRED, 'Subject', 300),
  message: requiredText(MESSAGE_REQUIRED, 'Message', 10_000),
  createdAt: instantField('createdAt'),
  isRead: booleanField('isRead', false),
});
export type ContactMessageRow = z.output<typeof contactMessageRowSchema>;

export const strategyNoteRowSchema = z.object({
  id: idField,
  title: requiredText(TITLE_REQUIRED, 'Title', 200),
  content: requiredText(CONTENT_REQUIRED, 'Content', 50_000),
  // Empty or 'none' is no category.
  category: z.preprocess(
    (value) => (isBlank(value) || (typeof value === 'string' && value.trim().toLowerCase() === 'none') ? null : value),
    enumField(strategyCategories, `category must be one of ${strategyCategories.join(', ')}, or empty`).nullable(),
  ),
  isArchived: booleanField('isArchived', false),
  createdAt: instantField('createdAt'),
  updatedAt: instantField('updatedAt'),
});
export type StrategyNoteRow = z.output<typeof strategyNoteRowSchema>;

/** A user: only the e-mail is imported (name, company and the counts follow from bookings). */
export const userRowSchema = z.object({
  email: emailField.transform((email) => email.toLowerCase()),
});
export type UserRow = z.output<typeof userRowSchema>;

export const csvRowSchemas = {
  users: userRowSchema,
  workshopDates: workshopDateRowSchema,
  bookings: bookingRowSchema,
  discountCodes: discountCodeRowSchema,
  contactMessages: contactMessageRowSchema,
  strategyNotes: strategyNoteRowSchema,
} as const satisfies Record<CsvEntity, z.ZodType>;

export type CsvRow<E extends CsvEntity> = z.output<(typeof csvRowSchemas)[E]>;

// ---------------------------------------------------------------- the calls

/** GET /api/admin/export/:file: `{entity}.csv`. */
export const csvExportParamsSchema = z.object({ file: z.string() });

export const csvImportParamsSchema = z.object({
  entity: z.string(),
});

/**
 * POST /api/admin/import/:entity: the rows as a JSON array of objects (or `{rows: [...]}`),
 * values as text from the file. Each row is checked by the service, to name its row number.
 */
export const csvImportBodySchema = z.preprocess(
  (body) => (body && typeof body === 'object' && !Array.isArray(body) && 'rows' in body ? (body as { rows: unknown }).rows : body),
  z
    .array(z.record(z.string(), z.unknown(), { error: ROW_NOT_AN_OBJECT }), { error: ROWS_NOT_A_LIST })
    .min(1, NO_ROWS)
    .max(MAX_IMPORT_ROWS, TOO_MANY_ROWS),
);

export const csvImportResultSchema = z.object({
  /** Rows in the file. */
  imported: z.number().int(),
  created: z.number().int(),
  updated: z.number().int(),
});
export type CsvImportResult = z.infer<typeof csvImportResultSchema>;
