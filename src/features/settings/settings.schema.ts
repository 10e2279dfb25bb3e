import { z } from 'zod';
import { BRAND_NAME_INVALID, BRAND_NAME_MAX, BRAND_NAME_REQUIRED, BRAND_NAME_TOO_LONG, hasControlCharacters } from '../../common/brand';
import { LEGAL_PAGE_META } from '../../common/route-meta';
import { safeString } from '../../common/safe-text';
import { WORKSHOP_TIMEZONES } from '../../common/time-zones';

/**
 * Admin settings (spec §3 Settings, §9 constants; CONTRACT §4, §6): the one source of the
 * form's and the server's messages and types. Passwords and client secrets go in, never out:
 * the answer only says whether one is saved.
 */

/** The site's default zone: the same choices as a workshop date's, so the default is one a date can have. */
export const TIMEZONES = WORKSHOP_TIMEZONES;
export const DEFAULT_TIMEZONE = 'PST';
export const EMAIL_SERVICE_TYPES = ['smtp', 'microsoft365'] as const;
export const DEFAULT_EMAIL_PORT = 587;
/** Reserve now, pay later: how long an unpaid reservation holds its seat. */
export const DEFAULT_RESERVATION_HOURS = 48;
export const MIN_RESERVATION_HOURS = 1;
/** 30 days. */
export const MAX_RESERVATION_HOURS = 720;
/**
 * The share of a date's seats its unpaid reservations may hold at most (always at least one
 * seat), so pay-later reservations can never lock a date against buyers who pay now.
 */
export const DEFAULT_RESERVATION_SHARE_PERCENT = 25;
export const MIN_RESERVATION_SHARE_PERCENT = 0;
export const MAX_RESERVATION_SHARE_PERCENT = 100;
/** How long a waiting-list offer holds its seats for its person (never past the workshop's start). */
export const DEFAULT_WAITLIST_OFFER_HOURS = 24;
export const MIN_WAITLIST_OFFER_HOURS = 1;
/** A week. */
export const MAX_WAITLIST_OFFER_HOURS = 168;

export type Timezone = (typeof TIMEZONES)[number];
export type EmailServiceType = (typeof EMAIL_SERVICE_TYPES)[number];

export const TIMEZONE_REQUIRED = 'Timezone is required';
export const TIMEZONE_INVALID = `Timezone must be one of ${TIMEZONES.join(', ')}`;
export const SERVICE_TYPE_INVALID = 'Email service type must be smtp or microsoft365';
export const PORT_INVALID = 'Email port must be a whole number between 1 and 65535';
export const FROM_INVALID = 'From address must be an e-mail address, e.g. Workshops <hello@example.com>';
export const REPLY_TO_INVALID = 'Reply-To must be an e-mail address, e.g. hello@example.com';
export const NOTIFY_INVALID = 'Each notification switch must be true or false';
export const EMAIL_SETTINGS_INCOMPLETE = (missing: string[]) =>
  `The e-mail settings are incomplete: add the ${missing.join(', ')}, or clear the mail server settings to use the default. Nothing was saved.`;
export const FIELD_TOO_LONG = 'Each e-mail setting must be 500 characters or less';
export const RECIPIENT_INVALID = 'Please enter a valid email address';
export const RESERVATION_HOURS_INVALID = `Reservation hours must be a whole number from ${MIN_RESERVATION_HOURS} to ${MAX_RESERVATION_HOURS}`;
export const RESERVATION_SHARE_INVALID = `The reservation share must be a whole number of percent from ${MIN_RESERVATION_SHARE_PERCENT} to ${MAX_RESERVATION_SHARE_PERCENT}`;
export const WAITLIST_OFFER_HOURS_INVALID = `Waiting-list offer hours must be a whole number from ${MIN_WAITLIST_OFFER_HOURS} to ${MAX_WAITLIST_OFFER_HOURS}`;
export const NO_MAIL_TRANSPORT = 'No mail server is configured. Save the SMTP or Microsoft 365 settings first (or set SMTP_URL).';

export const SERVICE_TYPE_LABELS: Record<EmailServiceType, string> = { smtp: 'SMTP', microsoft365: 'Microsoft 365' };

const EMAIL = /^[^\s@<>"]+@[^\s@<>"]+\.[^\s@<>"]+$/;

/** 'YYYY-MM-DD' naming a real day. */
function isCalendarDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** `hello@example.com` or `Workshops <hello@example.com>`; null when it is neither. */
export function parseFromAddress(text: string): { name: string | null; address: string } | null {
  const value = text.trim();
  if (EMAIL.test(value)) return { name: null, address: value };
  const named = /^(.*?)\s*<([^<>]+)>$/.exec(value);
  if (!named || !EMAIL.test(named[2]!.trim())) return null;
  const name = named[1]!.trim().replace(/^"(.*)"$/, '$1');
  return { name: name || null, address: named[2]!.trim() };
}

const blankToEmpty = (value: unknown) => (value === null ? '' : value);

/** Omitted: keep what is saved; '' or null: clear it. */
const clearableText = (field: string) => z.preprocess(blankToEmpty, safeString(field).trim().max(500, FIELD_TOO_LONG)).optional();

/** Omitted, '' or null: keep the saved secret (the form never gets it back to resend it). */
const secretText = (field: string) =>
  z
    .preprocess((value) => (value === null ? undefined : value), safeString(field).max(500, FIELD_TOO_LONG).optional())
    .transform((value) => (value === undefined || value === '' ? undefined : value));

export const timezoneField = z.preprocess(
  blankToEmpty,
  safeString('Timezone', { error: TIMEZONE_REQUIRED }).trim().min(1, TIMEZONE_REQUIRED).pipe(z.enum(TIMEZONES, { error: TIMEZONE_INVALID })),
);

/** The organiser's name, shown in every page's header, footer and title and in every e-mail. */
export const brandNameField = z.preprocess(
  blankToEmpty,
  safeString('Brand name', { error: BRAND_NAME_REQUIRED })
    .trim()
    .min(1, BRAND_NAME_REQUIRED)
    .max(BRAND_NAME_MAX, BRAND_NAME_TOO_LONG)
    .refine((name) => !hasControlCharacters(name), BRAND_NAME_INVALID),
);

export const emailServiceTypeField = z.enum(EMAIL_SERVICE_TYPES, { error: SERVICE_TYPE_INVALID });

/** A number from JSON or the text of a number input; empty means the default, 587. */
export const emailPortField = z.preprocess(
  (value) => (value === null || value === '' ? DEFAULT_EMAIL_PORT : typeof value === 'string' ? Number(value) : value),
  z.number({ error: PORT_INVALID }).int(PORT_INVALID).min(1, PORT_INVALID).max(65535, PORT_INVALID),
);

/**
 * A number from JSON or the text of a number input. Unlike the port, empty text is refused rather
 * than read as the default: Number('') would be 0, so it stays text and fails as "not a number".
 */
const wholeNumberField = (min: number, max: number, invalid: string) =>
  z.preprocess(
    (value) => (typeof value === 'string' && value.trim() !== '' ? Number(value) : value),
    z.number({ error: invalid }).int(invalid).min(min, invalid).max(max, invalid),
  );
export const reservationHoursField = wholeNumberField(MIN_RESERVATION_HOURS, MAX_RESERVATION_HOURS, RESERVATION_HOURS_INVALID);
export const reservationSharePercentField = wholeNumberField(MIN_RESERVATION_SHARE_PERCENT, MAX_RESERVATION_SHARE_PERCENT, RESERVATION_SHARE_INVALID);
export const waitlistOfferHoursField = wholeNumberField(MIN_WAITLIST_OFFER_HOURS, MAX_WAITLIST_OFFER_HOURS, WAITLIST_OFFER_HOURS_INVALID);

/** An address, named or not ('' or null clears it). */
const addressField = (field: string, invalid: string) =>
  z.preprocess(
    blankToEmpty,
    safeString(field)
      .trim()
      .max(500, FIELD_TOO_LONG)
      .refine((value) => value === '' || parseFromAddress(value) !== null, invalid),
  );

export const emailFromField = addressField('From address', FROM_INVALID);
export const emailReplyToField = addressField('Reply-To', REPLY_TO_INVALID);

/**
 * What the organiser is e-mailed about: each on by default, each can be switched off.
 * Input name → what the settings page calls it.
 */
export const ORGANISER_NOTIFICATIONS = {
  notifyNewBooking: 'A new booking or reservation',
  notifyContactMessage: 'A contact message',
  notifyRefundRequest: 'A refund request',
  notifyCancellation: 'A cancellation',
} as const;
export type OrganiserNotification = keyof typeof ORGANISER_NOTIFICATIONS;
export const ORGANISER_NOTIFICATION_NAMES = Object.keys(ORGANISER_NOTIFICATIONS) as OrganiserNotification[];
const notifyField = z.boolean({ error: NOTIFY_INVALID }).optional();

/**
 * Why the sender would hurt delivery, or null: an address nobody reads (no-reply) or one on a
 * host that is not a real domain (localhost, *.local) loses the replies the e-mails invite and is
 * often filtered as spam.
 */
export function senderWarning(from: string): string | null {
  const address = parseFromAddress(from)?.address ?? from;
  const [local = '', domain = ''] = address.toLowerCase().split('@');
  const unread = /^(no-?reply|do-?not-?reply)$/.test(local);
  const notADomain = domain === 'localhost' || domain.endsWith('.localhost') || domain.endsWith('.local') || !domain.includes('.');
  if (!unread && !notADomain) return null;
  return `E-mails go out from ${address}, ${unread ? 'an address nobody reads' : 'which is not a real domain'}: replies are lost and many providers file such mail as spam. Set a sender and a Reply-To address you read.`;
}

/** The landing page's promotional sticker, until an admin writes another. */
export const DEFAULT_PROMO_TEXT = 'Only $5 until June 21!';
export const PROMO_TEXT_MAX = 60;
export const PROMO_TEXT_TOO_LONG = `Promo text must be ${PROMO_TEXT_MAX} characters or less`;
export const PROMO_END_INVALID = 'Promo end date must be a date like 2027-06-21';
export const LEGAL_TEXT_MAX = 20_000;
export const LEGAL_TEXT_TOO_LONG = `Each legal page must be ${LEGAL_TEXT_MAX.toLocaleString('en-US')} characters or less`;

/** The footer's legal pages: their address, title and the settings field holding their markdown. */
export const LEGAL_PAGES = {
  privacy: { path: '/privacy', title: LEGAL_PAGE_META['/privacy'].title, field: 'privacyPolicy' },
  terms: { path: '/terms', title: LEGAL_PAGE_META['/terms'].title, field: 'termsOfService' },
  cookies: { path: '/cookies', title: LEGAL_PAGE_META['/cookies'].title, field: 'cookiePolicy' },
} as const;
export type LegalPage = keyof typeof LEGAL_PAGES;
export const LEGAL_PAGE_NAMES = Object.keys(LEGAL_PAGES) as LegalPage[];

const legalText = (field: string) => z.preprocess(blankToEmpty, safeString(field).max(LEGAL_TEXT_MAX, LEGAL_TEXT_TOO_LONG)).optional();

/** POST /api/admin/settings: any subset of the settings (spec §7 "body the settings fields"). */
export const settingsUpdateSchema = z.object({
  timezone: timezoneField.optional(),
  brandName: brandNameField.optional(),
  emailServiceType: emailServiceTypeField.optional(),
  emailHost: clearableText('Email host'),
  emailPort: emailPortField.optional(),
  emailUser: clearableText('Email user'),
  emailPassword: secretText('Email password'),
  /** Forget the saved password (an empty emailPassword keeps it). */
  clearEmailPassword: z.boolean().optional(),
  emailFrom: emailFromField.optional(),
  emailReplyTo: emailReplyToField.optional(),
  emailTenantId: clearableText('Tenant ID'),
  emailClientId: clearableText('Client ID'),
  emailClientSecret: secretText('Client secret'),
  clearEmailClientSecret: z.boolean().optional(),
  reservationHours: reservationHoursField.optional(),
  reservationSharePercent: reservationSharePercentField.optional(),
  waitlistOfferHours: waitlistOfferHoursField.optional(),
  notifyNewBooking: notifyField,
  notifyContactMessage: notifyField,
  notifyRefundRequest: notifyField,
  notifyCancellation: notifyField,
  /** '' hides the sticker. */
  promoText: z.preprocess(blankToEmpty, safeString('Promo text').trim().max(PROMO_TEXT_MAX, PROMO_TEXT_TOO_LONG)).optional(),
  /** The last day it shows (UTC); '' or null: no end. */
  promoEndsOn: z
    .preprocess(blankToEmpty, safeString('Promo end date').trim().refine((value) => value === '' || isCalendarDate(value), PROMO_END_INVALID))
    .optional(),
  privacyPolicy: legalText('Privacy policy'),
  termsOfService: legalText('Terms of service'),
  cookiePolicy: legalText('Cookie policy'),
});
export type SettingsUpdate = z.infer<typeof settingsUpdateSchema>;
/** What a client sends (secrets may be omitted). */
export type SettingsUpdateInput = z.input<typeof settingsUpdateSchema>;

/** GET /api/admin/settings: everything but the secrets, which only say whether they are saved. */
export const settingsSchema = z.object({
  timezone: z.enum(TIMEZONES),
  brandName: z.string(),
  emailServiceType: z.enum(EMAIL_SERVICE_TYPES),
  emailHost: z.string().nullable(),
  emailPort: z.number().int(),
  emailUser: z.string().nullable(),
  emailFrom: z.string().nullable(),
  emailReplyTo: z.string().nullable(),
  /** The From and Reply-To e-mails actually go out with (the saved ones, else the organiser's address). */
  emailSender: z.string(),
  emailReplyToInUse: z.string().nullable(),
  /** Set when that sender would lose replies or look like spam (senderWarning). */
  emailSenderWarning: z.string().nullable(),
  emailTenantId: z.string().nullable(),
  emailClientId: z.string().nullable(),
  hasEmailPassword: z.boolean(),
  hasEmailClientSecret: z.boolean(),
  /** The saved e-mail settings are complete enough to send with (they then take precedence over SMTP_URL). */
  emailConfigured: z.boolean(),
  /** Where e-mail goes right now: the saved settings, SMTP_URL, or nowhere (kept in the outbox). */
  emailTransportSource: z.enum(['settings', 'smtp_url', 'none']),
  /** Hours an unpaid reservation holds its seat (never past the workshop's start). */
  reservationHours: z.number().int(),
  /** Most of a date's seats its unpaid reservations may hold, in percent (at least one seat). */
  reservationSharePercent: z.number().int(),
  /** Hours a waiting-list offer holds its seats (never past the workshop's start). */
  waitlistOfferHours: z.number().int(),
  notifyNewBooking: z.boolean(),
  notifyContactMessage: z.boolean(),
  notifyRefundRequest: z.boolean(),
  notifyCancellation: z.boolean(),
  promoText: z.string(),
  promoEndsOn: z.string().nullable(),
  privacyPolicy: z.string(),
  termsOfService: z.string(),
  cookiePolicy: z.string(),
  updatedAt: z.string().nullable(),
});
export type Settings = z.infer<typeof settingsSchema>;

/** GET /api/site-content (public): the promo sticker while it runs, else null. */
export const siteContentSchema = z.object({ promo: z.string().nullable() });
export type SiteContent = z.infer<typeof siteContentSchema>;

/** GET /api/legal/{page} (public): one footer page, markdown written by the admin. */
export const legalPageParamsSchema = z.object({ page: safeString('Page').max(40) });
export const LEGAL_PAGE_NOT_FOUND = 'Page not found';
export const isLegalPage = (page: string): page is LegalPage => Object.hasOwn(LEGAL_PAGES, page);
export const legalPageSchema = z.object({ title: z.string(), content: z.string(), updatedAt: z.string().nullable() });
export type LegalPageContent = z.infer<typeof legalPageSchema>;

export const testEmailSchema = z.object({
  to: safeString('Recipient', { error: RECIPIENT_INVALID }).trim().regex(EMAIL, RECIPIENT_INVALID),
  /**
   * Changes to the e-mail settings not saved yet: the test goes through them, so the settings page
   * saves a new mail server only once a message went through it.
   */
  settings: settingsUpdateSchema.optional(),
});
/** What a client sends (the draft settings as the settings form holds them). */
export type TestEmailInput = z.input<typeof testEmailSchema>;

export const testEmailResponseSchema = z.object({ success: z.literal(true), message: z.string() });
export type TestEmailResponse = z.infer<typeof testEmailResponseSchema>;

export const diagnosticCheckSchema = z.object({ name: z.string(), ok: z.boolean(), detail: z.string() });
export type DiagnosticCheck = z.infer<typeof diagnosticCheckSchema>;

export const emailDiagnosticsSchema = z.object({
  configured: z.boolean(),
  source: z.enum(['settings', 'smtp_url', 'none']),
  serviceType: z.enum(EMAIL_SERVICE_TYPES).nullable(),
  host: z.string().nullable(),
  port: z.number().int().nullable(),
  from: z.string().nullable(),
  checks: z.array(diagnosticCheckSchema),
});
export type EmailDiagnostics = z.infer<typeof emailDiagnosticsSchema>;

export const paymentStatusSchema = z.object({
  provider: z.enum(['stripe', 'demo']),
  /** demo, or the Stripe key's mode. */
  mode: z.enum(['demo', 'test', 'live']),
  secretKeySet: z.boolean(),
  publishableKeySet: z.boolean(),
  webhookSecretSet: z.boolean(),
  /** When the last Stripe webhook event was processed; null if none ever was. */
  lastWebhookAt: z.string().nullable(),
});
export type PaymentStatus = z.infer<typeof paymentStatusSchema>;

export const paymentTestSchema = z.object({ ok: z.boolean(), message: z.string() });
export type PaymentTest = z.infer<typeof paymentTestSchema>;

// ---------------------------------------------------------------- client forms

export const generalSettingsFormSchema = z.object({ brandName: brandNameField, timezone: timezoneField });
export type GeneralSettingsForm = z.input<typeof generalSettingsFormSchema>;

export const paymentSettingsFormSchema = z.object({
  reservationHours: reservationHoursField,
  reservationSharePercent: reservationSharePercentField,
  waitlistOfferHours: waitlistOfferHoursField,
});
export type PaymentSettingsFormInput = z.input<typeof paymentSettingsFormSchema>;
export type PaymentSettingsFormOutput = z.output<typeof paymentSettingsFormSchema>;

export const emailSettingsFormSchema = z.object({
  emailServiceType: emailServiceTypeField,
  emailHost: z.string().trim().max(500, FIELD_TOO_LONG),
  emailPort: emailPortField,
  emailUser: z.string().trim().max(500, FIELD_TOO_LONG),
  emailPassword: z.string().max(500, FIELD_TOO_LONG),
  emailFrom: emailFromField,
  emailReplyTo: emailReplyToField,
  emailTenantId: z.string().trim().max(500, FIELD_TOO_LONG),
  emailClientId: z.string().trim().max(500, FIELD_TOO_LONG),
  emailClientSecret: z.string().max(500, FIELD_TOO_LONG),
});
export type EmailSettingsFormInput = z.input<typeof emailSettingsFormSchema>;

/** The Promo & Pages section's form: the sticker, its last day, and the three footer pages. */
export const siteSettingsFormSchema = z.object({
  promoText: z.string().trim().max(PROMO_TEXT_MAX, PROMO_TEXT_TOO_LONG),
  promoEndsOn: z.string().trim().refine((value) => value === '' || isCalendarDate(value), PROMO_END_INVALID),
  privacyPolicy: z.string().max(LEGAL_TEXT_MAX, LEGAL_TEXT_TOO_LONG),
  termsOfService: z.string().max(LEGAL_TEXT_MAX, LEGAL_TEXT_TOO_LONG),
  cookiePolicy: z.string().max(LEGAL_TEXT_MAX, LEGAL_TEXT_TOO_LONG),
});
export type SiteSettingsForm = z.infer<typeof siteSettingsFormSchema>;
export type EmailSettingsFormOutput = z.output<typeof emailSettingsFormSchema>;
