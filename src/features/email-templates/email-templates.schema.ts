import { z } from 'zod';
import { safeString } from '../../common/safe-text';
import { EMAIL_TEMPLATE_TYPES } from './email-template-types';

/**
 * E-mail templates and the debugging tool (spec §2 'Email debugging tool', §3 Email template /
 * status / configuration / test email request, §5, §7): the one source of the editor's and the
 * server's messages and types.
 */

export const SUBJECT_REQUIRED = 'Subject is required';
export const CONTENT_REQUIRED = 'Content is required';
export const SUBJECT_TOO_LONG = 'Subject must be 300 characters or less';
export const CONTENT_TOO_LONG = 'Content must be 100,000 characters or less';
export const TYPE_INVALID = `Template type must be one of ${EMAIL_TEMPLATE_TYPES.join(', ')}`;
export const TEMPLATE_NOT_FOUND = 'Template not found';
export const RECIPIENT_INVALID = 'Please enter a valid email address';
export const REPLACEMENT_KEY_REQUIRED = 'Replacement keys must not be empty';
export const REPLACEMENT_KEY_INVALID = 'Replacement keys may only contain letters, digits, _, - and .';
export const TOO_MANY_REPLACEMENTS = 'At most 100 replacements';
export const EMAIL_NOT_CONFIGURED =
  'Email is not configured. Save the SMTP or Microsoft 365 settings under Settings → email (or set SMTP_URL), then try again.';

const EMAIL = /^[^\s@<>"]+@[^\s@<>"]+\.[^\s@<>"]+$/;
/** The characters a `{{key}}` placeholder may use (src/server/email/templates.ts). */
const PLACEHOLDER_KEY = /^[\w.-]+$/;

export const emailTemplateTypeSchema = z.enum(EMAIL_TEMPLATE_TYPES, { error: TYPE_INVALID });

export const emailTemplateSchema = z.object({
  type: emailTemplateTypeSchema,
  subject: z.string(),
  content: z.string(),
  isActive: z.boolean(),
  bccAdmin: z.boolean(),
});
export type EmailTemplate = z.infer<typeof emailTemplateSchema>;

/** POST /api/debug/create-template: the template; creates it or replaces the saved one of that type. */
export const saveTemplateSchema = z.object({
  type: emailTemplateTypeSchema,
  subject: safeString('Subject', { error: SUBJECT_REQUIRED }).trim().min(1, SUBJECT_REQUIRED).max(300, SUBJECT_TOO_LONG),
  content: safeString('Content', { error: CONTENT_REQUIRED }).trim().min(1, CONTENT_REQUIRED).max(100_000, CONTENT_TOO_LONG),
  isActive: z.boolean().optional().default(true),
  bccAdmin: z.boolean().optional().default(false),
});
export type SaveTemplateInput = z.input<typeof saveTemplateSchema>;

export const saveTemplateResponseSchema = z.object({ success: z.literal(true), template: emailTemplateSchema });
export type SaveTemplateResponse = z.infer<typeof saveTemplateResponseSchema>;

/** GET /api/debug/email-template-content/:type. */
export const templateTypeParamsSchema = z.object({ type: z.string() });
export const templateContentResponseSchema = z.object({ template: emailTemplateSchema });
export type TemplateContentResponse = z.infer<typeof templateContentResponseSchema>;

/** GET /api/debug/email-templates-status (spec §3 Email configuration status + template status list). */
export const templateStatusSchema = z.object({
  type: emailTemplateTypeSchema,
  /** Always true: a type nobody saved sends its built-in default, which is a template like any other. */
  exists: z.boolean(),
  /** Saved by the organiser; false while the built-in default is used. */
  saved: z.boolean(),
  /** What is sent: the saved template's, else the default's (active, no copy to the admin). */
  details: z.object({ subject: z.string(), isActive: z.boolean(), bccAdmin: z.boolean() }),
});
export type TemplateStatus = z.infer<typeof templateStatusSchema>;

export const emailStatusSchema = z.object({
  /** A transport exists: saved admin settings, or SMTP_URL. */
  emailConfigured: z.boolean(),
  emailServiceType: z.string().nullable(),
  emailHost: z.string().nullable(),
  emailUser: z.string().nullable(),
  emailFrom: z.string().nullable(),
  /** How many templates are saved in the database (the others use their defaults). */
  totalTemplates: z.number().int(),
  templateStatus: z.array(templateStatusSchema),
});
export type EmailStatus = z.infer<typeof emailStatusSchema>;

export const recipientField = safeString('Email', { error: RECIPIENT_INVALID }).trim().max(254, RECIPIENT_INVALID).regex(EMAIL, RECIPIENT_INVALID);

/** POST /api/debug/send-test-email (spec §3 Test email request). */
export const sendTestEmailSchema = z.object({
  templateType: emailTemplateTypeSchema,
  email: recipientField,
  replacements: z
    .record(z.string(), z.union([safeString('Replacement').max(10_000), z.number()]).transform(String))
    .superRefine((record, context) => {
      const keys = Object.keys(record);
      if (keys.length > 100) context.addIssue({ code: 'custom', message: TOO_MANY_REPLACEMENTS });
      for (const name of keys) {
        if (!name.trim()) context.addIssue({ code: 'custom', message: REPLACEMENT_KEY_REQUIRED, path: [name] });
        else if (!PLACEHOLDER_KEY.test(name.trim())) context.addIssue({ code: 'custom', message: REPLACEMENT_KEY_INVALID, path: [name] });
      }
    })
    .transform((record) => Object.fromEntries(Object.entries(record).map(([name, value]) => [name.trim(), value])))
    .optional()
    .default({}),
});
export type SendTestEmailInput = z.input<typeof sendTestEmailSchema>;

export const sendTestEmailResponseSchema = z.object({ success: z.literal(true), message: z.string() });
export type SendTestEmailResponse = z.infer<typeof sendTestEmailResponseSchema>;

/** POST /api/debug/send-booking-confirmation-test: a sample confirmation through the outbox. */
export const bookingConfirmationTestSchema = z.object({ email: recipientField });
export type BookingConfirmationTestInput = z.infer<typeof bookingConfirmationTestSchema>;
export const bookingConfirmationTestResponseSchema = z.object({ success: z.literal(true), message: z.string(), id: z.number().int() });
export type BookingConfirmationTestResponse = z.infer<typeof bookingConfirmationTestResponseSchema>;

// ---------------------------------------------------------------- editor forms

/** The editor's form: Save Template is disabled while subject or content is empty. */
export const templateFormSchema = z.object({
  type: emailTemplateTypeSchema,
  subject: safeString('Subject').trim().min(1, SUBJECT_REQUIRED).max(300, SUBJECT_TOO_LONG),
  content: safeString('Content').trim().min(1, CONTENT_REQUIRED).max(100_000, CONTENT_TOO_LONG),
  isActive: z.boolean(),
  bccAdmin: z.boolean(),
});
export type TemplateForm = z.infer<typeof templateFormSchema>;
