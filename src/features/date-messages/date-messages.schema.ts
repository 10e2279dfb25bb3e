import { z } from 'zod';
import { MAX_ROW_ID, rowIdField } from '../../common/schema-kit';
import { safeString } from '../../common/safe-text';

/**
 * Messages to everyone on a workshop date (docs/decisions/021-messages-to-a-date.md): written by
 * the organiser and sent at once, or scheduled relative to the date's start. Shared by the admin
 * screen and the server, so the validation messages live once.
 */

export const DATE_NOT_FOUND = 'Workshop date not found';
export const SCHEDULED_MESSAGE_NOT_FOUND = 'Scheduled message not found';
export const SUBJECT_REQUIRED = 'Subject is required';
export const BODY_REQUIRED = 'Message is required';
export const SUBJECT_TOO_LONG = 'Subject must be at most 200 characters';
export const BODY_TOO_LONG = 'Message must be at most 100,000 characters';
export const BODY_EMPTY_AFTER_CLEANING = 'The message is empty once scripts and unsafe markup are removed.';
export const NOBODY_TO_MESSAGE = 'Nobody holds a seat on this date, so there is no one to message.';
export const ALREADY_SENT = 'This scheduled message was already sent (or skipped), so it can no longer be changed.';
export const OFFSET_RANGE = 'The moment must be within 60 days of the start';
export const TOO_MANY_DEFAULTS = 'At most 10 default messages';

/** Who the log names as the sender of a scheduled message. */
export const SCHEDULE_SENDER = 'the system (schedule)';

/** The placeholders a message may use, with what each becomes; anything else is refused. */
export const DATE_MESSAGE_PLACEHOLDERS = [
  { key: 'firstName', label: 'First name' },
  { key: 'lastName', label: 'Last name' },
  { key: 'workshopTitle', label: 'Workshop title' },
  { key: 'workshopDate', label: "Date and time (the date's zone)" },
  { key: 'zoomLink', label: 'Meeting link' },
  { key: 'zoomMeetingId', label: 'Meeting ID' },
  { key: 'zoomPassword', label: 'Meeting password' },
  { key: 'participantLink', label: 'Their sign-in link' },
] as const;
export type DateMessagePlaceholder = (typeof DATE_MESSAGE_PLACEHOLDERS)[number]['key'];
const KNOWN = new Set<string>(DATE_MESSAGE_PLACEHOLDERS.map(({ key }) => key));

/** Every `{{…}}` written, as the e-mail renderer reads them (letters, digits, `_`, `-`, `.`). */
const PLACEHOLDER = /\{\{\s*([\w.-]+)\s*\}\}/g;

/** The placeholders in `texts` that no message knows, each once, in the order written. */
export function unknownPlaceholders(...texts: string[]): string[] {
  const unknown = new Set<string>();
  for (const text of texts) for (const [, key] of text.matchAll(PLACEHOLDER)) if (!KNOWN.has(key!)) unknown.add(key!);
  return [...unknown];
}

/** 'Unknown placeholder {{fristName}}. Use one of …': a typo never reaches everyone on a date. */
export function unknownPlaceholderMessage(keys: readonly string[]): string {
  const named = keys.map((key) => `{{${key}}}`).join(', ');
  const known = DATE_MESSAGE_PLACEHOLDERS.map(({ key }) => `{{${key}}}`).join(', ');
  return `Unknown placeholder${keys.length === 1 ? '' : 's'} ${named}. Use one of ${known}.`;
}

const subjectField = safeString('Subject', { error: SUBJECT_REQUIRED }).trim().min(1, SUBJECT_REQUIRED).max(200, SUBJECT_TOO_LONG);
const htmlField = safeString('Message', { error: BODY_REQUIRED }).refine((text) => text.trim().length > 0, BODY_REQUIRED).refine((text) => text.length <= 100_000, BODY_TOO_LONG);

/** Refuses a subject or body with a placeholder no message knows. */
function knownPlaceholdersOnly(input: { subject: string; html: string }, context: z.RefinementCtx) {
  const unknown = unknownPlaceholders(input.subject, input.html);
  if (unknown.length > 0) context.addIssue({ code: 'custom', message: unknownPlaceholderMessage(unknown), path: ['html'] });
}

/** The subject and body of a message, placeholders checked. */
export const dateMessageInputSchema = z.object({ subject: subjectField, html: htmlField }).superRefine(knownPlaceholdersOnly);
export type DateMessageInput = z.infer<typeof dateMessageInputSchema>;

/** Sixty days either side of the start, in minutes. */
export const MAX_OFFSET_MINUTES = 60 * 24 * 60;
const offsetField = z
  .number({ error: 'Choose when it is sent' })
  .int('Choose when it is sent')
  .min(-MAX_OFFSET_MINUTES, OFFSET_RANGE)
  .max(MAX_OFFSET_MINUTES, OFFSET_RANGE);

/** A scheduled message (or a default one): when, relative to the date's start, and what. */
export const scheduledMessageInputSchema = z.object({ offsetMinutes: offsetField, subject: subjectField, html: htmlField }).superRefine(knownPlaceholdersOnly);
export type ScheduledMessageInput = z.infer<typeof scheduledMessageInputSchema>;

export const dateMessageDefaultsSchema = z.object({ messages: z.array(scheduledMessageInputSchema).max(10, TOO_MANY_DEFAULTS) });
export type DateMessageDefaults = z.infer<typeof dateMessageDefaultsSchema>;

export const dateIdParamsSchema = z.object({ id: rowIdField(DATE_NOT_FOUND).max(MAX_ROW_ID, DATE_NOT_FOUND) });
export const scheduledMessageParamsSchema = z.object({
  id: rowIdField(DATE_NOT_FOUND).max(MAX_ROW_ID, DATE_NOT_FOUND),
  messageId: rowIdField(SCHEDULED_MESSAGE_NOT_FOUND).max(MAX_ROW_ID, SCHEDULED_MESSAGE_NOT_FOUND),
});

export const queuedSchema = z.object({ queued: z.number().int() });
export type Queued = z.infer<typeof queuedSchema>;

/** The preview: the e-mail as its first recipient gets it, or with sample values when nobody is booked. */
export const dateMessagePreviewSchema = z.object({
  subject: z.string(),
  html: z.string(),
  /** Whose values fill it; null: sample values, as nobody holds a seat yet. */
  filledFor: z.object({ firstName: z.string(), lastName: z.string(), email: z.string() }).nullable(),
  /** Distinct addresses a send would reach now. */
  recipients: z.number().int(),
});
export type DateMessagePreview = z.infer<typeof dateMessagePreviewSchema>;

export const testSentSchema = z.object({ queued: z.number().int(), to: z.string() });
export type TestSent = z.infer<typeof testSentSchema>;

export const SCHEDULED_STATUSES = ['pending', 'sent', 'skipped'] as const;

export const scheduledMessageSchema = z.object({
  id: z.number().int(),
  offsetMinutes: z.number().int(),
  subject: z.string(),
  html: z.string(),
  /** From the date's current start; null while the date is TBC. */
  dueAt: z.string().nullable(),
  /** pending; sent (to `recipients`); skipped: its moment had passed by more than the grace window. */
  status: z.enum(SCHEDULED_STATUSES),
  sentAt: z.string().nullable(),
  dateMessageId: z.number().int().nullable(),
  recipients: z.number().int().nullable(),
});
export type ScheduledMessage = z.infer<typeof scheduledMessageSchema>;
export const scheduledMessageListSchema = z.array(scheduledMessageSchema);

export const sentMessageSchema = z.object({
  id: z.number().int(),
  kind: z.string(),
  subject: z.string(),
  html: z.string(),
  sentBy: z.string(),
  createdAt: z.string(),
  recipients: z.number().int(),
  delivery: z.object({ sent: z.number().int(), pending: z.number().int(), failed: z.number().int() }),
});
export type SentMessage = z.infer<typeof sentMessageSchema>;

/** GET …/messages: what the date sent (newest first), whom a send would reach now, and its schedule. */
export const dateMessageLogSchema = z.object({
  workshopDateId: z.number().int(),
  /** Distinct addresses holding a live seat now. */
  recipients: z.number().int(),
  messages: z.array(sentMessageSchema),
  scheduled: scheduledMessageListSchema,
});
export type DateMessageLog = z.infer<typeof dateMessageLogSchema>;

const HOUR = 60;
const DAY = 24 * HOUR;

/**
 * The moments the organiser can add with one click, with texts to start from. Not defaults: the
 * list of defaults is empty until the organiser saves one (the built-in reminders already go out
 * 24 hours and 1 hour before, and an install must not start sending new mail by itself).
 */
export const SCHEDULE_PRESETS: readonly ScheduledMessageInput[] = [
  {
    offsetMinutes: -DAY,
    subject: 'Tomorrow: {{workshopTitle}}',
    html:
      '<p>Hi {{firstName}},</p><p>See you tomorrow at <strong>{{workshopTitle}}</strong>, {{workshopDate}}.</p>' +
      '<p>Join here: <a href="{{zoomLink}}">{{zoomLink}}</a> (meeting ID {{zoomMeetingId}}, password {{zoomPassword}}).</p>' +
      '<p><a href="{{participantLink}}">Your booking</a></p>',
  },
  {
    offsetMinutes: -HOUR,
    subject: 'Starting in an hour: {{workshopTitle}}',
    html:
      '<p>Hi {{firstName}},</p><p><strong>{{workshopTitle}}</strong> starts in an hour ({{workshopDate}}).</p>' +
      '<p>Join here: <a href="{{zoomLink}}">{{zoomLink}}</a> (meeting ID {{zoomMeetingId}}, password {{zoomPassword}}).</p>',
  },
  {
    offsetMinutes: DAY,
    subject: 'Thank you for joining {{workshopTitle}}',
    html:
      '<p>Hi {{firstName}},</p><p>Thank you for taking part in <strong>{{workshopTitle}}</strong>. The materials stay on your bookings page.</p>' +
      '<p><a href="{{participantLink}}">Your booking</a></p>',
  },
];

/** '1 day before the start', '90 minutes after the start', 'at the start'. */
export function offsetText(offsetMinutes: number): string {
  if (offsetMinutes === 0) return 'at the start';
  const minutes = Math.abs(offsetMinutes);
  const side = offsetMinutes < 0 ? 'before' : 'after';
  const [amount, unit] = minutes % DAY === 0 ? [minutes / DAY, 'day'] : minutes % HOUR === 0 ? [minutes / HOUR, 'hour'] : [minutes, 'minute'];
  return `${amount} ${unit}${amount === 1 ? '' : 's'} ${side} the start`;
}

export const dateMessageDefaultsResponseSchema = z.object({
  messages: z.array(z.object({ offsetMinutes: z.number().int(), subject: z.string(), html: z.string() })),
  presets: z.array(z.object({ offsetMinutes: z.number().int(), subject: z.string(), html: z.string() })),
});
export type DateMessageDefaultsResponse = z.infer<typeof dateMessageDefaultsResponseSchema>;
