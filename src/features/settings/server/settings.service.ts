/**
 * The admin settings, kept in the `settings` table as rows: 'general' (brand name, time zone), 'email'
 * (the mail transport, sender and Reply-To), 'payment' (how long a reservation holds its seat) and
 * 'notifications' (what the organiser is e-mailed about). The e-mail password
 * and the Microsoft client secret are sealed with APP_SECRET (AES-GCM, bound to their field)
 * before they are stored and never leave the server: reads only say whether one is saved.
 */
import { eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import { openSecret, sealSecret } from '../../admin-auth/server';
import type { Database } from '../../../server/db/client';
import { settings } from '../../../server/db/schema';
import { readSettings } from '../../../server/db/settings-snapshot';
import type { Env } from '../../../server/env';
import { recordAudit, type FieldChanges } from '../../../server/lib/audit';
import { HttpError } from '../../../server/plugins/error-handler';
import { DEFAULT_BRAND_NAME } from '../../../common/brand';
import {
  brandNameField,
  DEFAULT_EMAIL_PORT,
  DEFAULT_PROMO_TEXT,
  LEGAL_PAGES,
  type LegalPage,
  type LegalPageContent,
  type SiteContent,
  DEFAULT_RESERVATION_HOURS,
  DEFAULT_RESERVATION_SHARE_PERCENT,
  DEFAULT_TIMEZONE,
  EMAIL_SERVICE_TYPES,
  EMAIL_SETTINGS_INCOMPLETE,
  MAX_RESERVATION_HOURS,
  MIN_RESERVATION_HOURS,
  MAX_RESERVATION_SHARE_PERCENT,
  MIN_RESERVATION_SHARE_PERCENT,
  DEFAULT_WAITLIST_OFFER_HOURS,
  MIN_WAITLIST_OFFER_HOURS,
  MAX_WAITLIST_OFFER_HOURS,
  ORGANISER_NOTIFICATION_NAMES,
  senderWarning,
  TIMEZONES,
  type EmailServiceType,
  type OrganiserNotification,
  type Settings,
  type SettingsUpdate,
  type Timezone,
} from '../settings.schema';
import { GENERAL_KEY } from './brand-name';
import { mailSettingsChanged } from './mail-transport-cache';
import { senderInUse } from './sender';
import { DEFAULT_LEGAL_TEXT } from './default-legal-text';

export { GENERAL_KEY };
export const EMAIL_KEY = 'email';
export const PAYMENT_KEY = 'payment';
export const NOTIFY_KEY = 'notifications';
export const SITE_KEY = 'site';
const SEAL_LABEL = 'settings';

/** Stored shapes; anything unreadable (an older or hand-edited row) falls back to the default. */
/** A brand name is kept only once one is saved: until then the row says nothing and the default shows. */
const storedGeneralSchema = z.object({ brandName: brandNameField.optional().catch(undefined), timezone: z.enum(TIMEZONES).catch(DEFAULT_TIMEZONE) });
const nullableText = z.string().nullable().catch(null);
const storedEmailSchema = z.object({
  serviceType: z.enum(EMAIL_SERVICE_TYPES).catch('smtp'),
  host: nullableText,
  port: z.number().int().min(1).max(65535).catch(DEFAULT_EMAIL_PORT),
  user: nullableText,
  from: nullableText,
  replyTo: nullableText,
  tenantId: nullableText,
  clientId: nullableText,
  /** Sealed with APP_SECRET. */
  password: nullableText,
  /** Sealed with APP_SECRET. */
  clientSecret: nullableText,
});
const storedNotifySchema = z.object(
  Object.fromEntries(ORGANISER_NOTIFICATION_NAMES.map((name) => [name, z.boolean().catch(true)])) as Record<OrganiserNotification, z.ZodCatch<z.ZodBoolean>>,
);
const storedSiteSchema = z.object({
  promoText: z.string().catch(DEFAULT_PROMO_TEXT),
  promoEndsOn: nullableText,
  privacyPolicy: z.string().catch(DEFAULT_LEGAL_TEXT.privacyPolicy),
  termsOfService: z.string().catch(DEFAULT_LEGAL_TEXT.termsOfService),
  cookiePolicy: z.string().catch(DEFAULT_LEGAL_TEXT.cookiePolicy),
});
const storedPaymentSchema = z.object({
  reservationHours: z.number().int().min(MIN_RESERVATION_HOURS).max(MAX_RESERVATION_HOURS).catch(DEFAULT_RESERVATION_HOURS),
  reservationSharePercent: z.number().int().min(MIN_RESERVATION_SHARE_PERCENT).max(MAX_RESERVATION_SHARE_PERCENT).catch(DEFAULT_RESERVATION_SHARE_PERCENT),
  waitlistOfferHours: z.number().int().min(MIN_WAITLIST_OFFER_HOURS).max(MAX_WAITLIST_OFFER_HOURS).catch(DEFAULT_WAITLIST_OFFER_HOURS),
});
type StoredGeneral = z.infer<typeof storedGeneralSchema>;
type StoredEmail = z.infer<typeof storedEmailSchema>;
type StoredPayment = z.infer<typeof storedPaymentSchema>;
export type OrganiserNotifications = Record<OrganiserNotification, boolean>;

const parseGeneral = (value: unknown): StoredGeneral => storedGeneralSchema.parse(value ?? {});
const parseEmail = (value: unknown): StoredEmail => storedEmailSchema.parse(value ?? {});
const parsePayment = (value: unknown): StoredPayment => storedPaymentSchema.parse(value ?? {});
const parseNotify = (value: unknown): OrganiserNotifications => storedNotifySchema.parse(value ?? {});
type StoredSite = z.infer<typeof storedSiteSchema>;
const parseSite = (value: unknown): StoredSite => storedSiteSchema.parse(value ?? {});
/** The general fields of the settings: input name and stored name are the same. */
const GENERAL_FIELDS = ['brandName', 'timezone'] as const;
/** The payment fields of the settings: input name and stored name are the same. */
const PAYMENT_FIELDS = ['reservationHours', 'reservationSharePercent', 'waitlistOfferHours'] as const;
/** The site fields of the settings: input name and stored name are the same. */
const SITE_FIELDS = ['promoText', 'promoEndsOn', 'privacyPolicy', 'termsOfService', 'cookiePolicy'] as const;
const LEGAL_TEXT_FIELDS = ['privacyPolicy', 'termsOfService', 'cookiePolicy'] as const;

type SecretField = 'password' | 'clientSecret';

function seal(secret: string, field: SecretField, value: string): string {
  return sealSecret(secret, SEAL_LABEL, Buffer.from(value, 'utf8'), `${EMAIL_KEY}.${field}`);
}

/** The plaintext, or null when none is saved or it was sealed under another APP_SECRET. */
function unseal(secret: string, field: SecretField, sealed: string | null): string | null {
  if (!sealed) return null;
  return openSecret(secret, SEAL_LABEL, sealed, `${EMAIL_KEY}.${field}`)?.toString('utf8') ?? null;
}

/** The e-mail settings with secrets opened: for the transport only, never for an answer. */
export type EmailConfig = {
  serviceType: EmailServiceType;
  host: string | null;
  port: number;
  user: string | null;
  password: string | null;
  from: string | null;
  replyTo: string | null;
  tenantId: string | null;
  clientId: string | null;
  clientSecret: string | null;
};

/** Enough to send: a host for SMTP; tenant, client id, secret and mailbox for Microsoft 365. */
export function isEmailConfigComplete(config: EmailConfig): boolean {
  if (config.serviceType === 'smtp') return Boolean(config.host);
  return Boolean(config.tenantId && config.clientId && config.clientSecret && config.from);
}

/** What the settings still need before they can send, in the words of the settings page. */
export function missingEmailFields(config: EmailConfig): string[] {
  if (config.serviceType === 'smtp') {
    return [
      !config.host && 'host',
      // A login is both parts or neither: half of one only fails at the mail server.
      config.password && !config.user && 'user name',
      config.user && !config.password && 'password',
    ].filter((field): field is string => Boolean(field));
  }
  return [
    !config.tenantId && 'tenant id',
    !config.clientId && 'client id',
    !config.clientSecret && 'client secret',
    !config.from && 'from address',
  ].filter((field): field is string => Boolean(field));
}

/** Whether any mail server field is filled in (the sender and Reply-To alone are not a server). */
function namesAMailServer(config: EmailConfig): boolean {
  return Boolean(config.host || config.user || config.password || config.tenantId || config.clientId || config.clientSecret);
}

async function readRows(db: Database) {
  const rows = await db
    .select({ key: settings.key, value: settings.value, updatedAt: settings.updatedAt })
    .from(settings)
    .where(inArray(settings.key, [GENERAL_KEY, EMAIL_KEY, PAYMENT_KEY, NOTIFY_KEY, SITE_KEY]));
  const row = (key: string) => rows.find((candidate) => candidate.key === key);
  return { general: row(GENERAL_KEY), email: row(EMAIL_KEY), payment: row(PAYMENT_KEY), notify: row(NOTIFY_KEY), site: row(SITE_KEY) };
}

function openEmail(stored: StoredEmail, secret: string): EmailConfig {
  return {
    serviceType: stored.serviceType,
    host: stored.host,
    port: stored.port,
    user: stored.user,
    password: unseal(secret, 'password', stored.password),
    from: stored.from,
    replyTo: stored.replyTo,
    tenantId: stored.tenantId,
    clientId: stored.clientId,
    clientSecret: unseal(secret, 'clientSecret', stored.clientSecret),
  };
}

export async function readEmailConfig(db: Database, secret: string): Promise<EmailConfig> {
  const [row] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, EMAIL_KEY));
  return openEmail(parseEmail(row?.value), secret);
}

/** The time zone new workshops start with (spec §9: PST unless an admin chose another). */
export async function getDefaultTimezone(db: Database): Promise<Timezone> {
  const [row] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, GENERAL_KEY));
  return parseGeneral(row?.value).timezone;
}

/**
 * The payment settings other features need (booking: when an unpaid reservation expires, and how
 * much of a date reservations may hold). One primary-key read; the defaults (48 hours, 25 %)
 * until an admin saves other values.
 */
export async function getPaymentSettings(db: Database): Promise<StoredPayment> {
  const [row] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, PAYMENT_KEY));
  return parsePayment(row?.value);
}

/**
 * What an organiser notification needs, in one read: the switches, and the saved Reply-To (where
 * the organiser reads replies, so also where notifications go).
 */
export async function getNotificationTarget(db: Database): Promise<{ switches: OrganiserNotifications; replyTo: string | null }> {
  const values = await readSettings(db, [NOTIFY_KEY, EMAIL_KEY]);
  return { switches: parseNotify(values.get(NOTIFY_KEY)), replyTo: parseEmail(values.get(EMAIL_KEY)).replyTo };
}

async function readSite(db: Database): Promise<{ site: StoredSite; updatedAt: Date | null }> {
  const [row] = await db.select({ value: settings.value, updatedAt: settings.updatedAt }).from(settings).where(eq(settings.key, SITE_KEY));
  return { site: parseSite(row?.value), updatedAt: row?.updatedAt ?? null };
}

/** GET /api/site-content: the promo sticker until the end of its last day (UTC), unless it is empty. */
export async function getSiteContent(db: Database, now = new Date()): Promise<SiteContent> {
  const { site } = await readSite(db);
  const ended = site.promoEndsOn !== null && now.toISOString().slice(0, 10) > site.promoEndsOn;
  return { promo: site.promoText && !ended ? site.promoText : null };
}

/** GET /api/legal/{page}: the footer page's markdown, as the admin wrote it. */
export async function getLegalPage(db: Database, page: LegalPage): Promise<LegalPageContent> {
  const { site, updatedAt } = await readSite(db);
  const { title, field } = LEGAL_PAGES[page];
  return { title, content: site[field], updatedAt: updatedAt?.toISOString() ?? null };
}

export async function getSettings(db: Database, env: Pick<Env, 'SMTP_URL' | 'ADMIN_EMAIL'>, secret: string): Promise<Settings> {
  const rows = await readRows(db);
  const general = parseGeneral(rows.general?.value);
  const email = openEmail(parseEmail(rows.email?.value), secret);
  const payment = parsePayment(rows.payment?.value);
  const notify = parseNotify(rows.notify?.value);
  const site = parseSite(rows.site?.value);
  const configured = isEmailConfigComplete(email);
  const sender = await senderInUse(db, email, env);
  const stamps = [rows.general?.updatedAt, rows.email?.updatedAt, rows.payment?.updatedAt, rows.notify?.updatedAt, rows.site?.updatedAt].filter((date): date is Date => Boolean(date));
  const updatedAt = stamps.length ? new Date(Math.max(...stamps.map((date) => date.getTime()))).toISOString() : null;
  return {
    brandName: general.brandName ?? DEFAULT_BRAND_NAME,
    timezone: general.timezone,
    emailServiceType: email.serviceType,
    emailHost: email.host,
    emailPort: email.port,
    emailUser: email.user,
    emailFrom: email.from,
    emailReplyTo: email.replyTo,
    emailSender: sender.from,
    emailReplyToInUse: sender.replyTo,
    emailSenderWarning: senderWarning(sender.from),
    emailTenantId: email.tenantId,
    emailClientId: email.clientId,
    hasEmailPassword: email.password !== null,
    hasEmailClientSecret: email.clientSecret !== null,
    emailConfigured: configured,
    emailTransportSource: configured ? 'settings' : env.SMTP_URL ? 'smtp_url' : 'none',
    reservationHours: payment.reservationHours,
    reservationSharePercent: payment.reservationSharePercent,
    waitlistOfferHours: payment.waitlistOfferHours,
    ...notify,
    ...site,
    updatedAt,
  };
}

const emptyToNull = (value: string | undefined): string | null | undefined => (value === undefined ? undefined : value === '' ? null : value);

/** Plain (non-secret) e-mail fields: input name → stored name. */
const PLAIN_EMAIL_FIELDS = [
  ['emailServiceType', 'serviceType'],
  ['emailHost', 'host'],
  ['emailPort', 'port'],
  ['emailUser', 'user'],
  ['emailFrom', 'from'],
  ['emailReplyTo', 'replyTo'],
  ['emailTenantId', 'tenantId'],
  ['emailClientId', 'clientId'],
] as const;

const SECRET_FIELDS = [
  ['emailPassword', 'clearEmailPassword', 'password'],
  ['emailClientSecret', 'clearEmailClientSecret', 'clientSecret'],
] as const;

/**
 * Saves the fields of one settings row that were sent and differ from what is stored (`sent`
 * answers a field's new value, undefined when it was not sent), in one write. Answers each
 * changed field's value before and after.
 */
async function savePlainFields<T extends object, K extends keyof T & string>(
  tx: Database,
  key: string,
  stored: T,
  names: readonly K[],
  sent: (name: K) => T[K] | undefined,
): Promise<FieldChanges> {
  const changed = names.filter((name) => sent(name) !== undefined && sent(name) !== stored[name]);
  if (changed.length === 0) return {};
  const next = { ...stored, ...Object.fromEntries(changed.map((name) => [name, sent(name)])) };
  await tx.update(settings).set({ value: next, updatedAt: sql`now()` }).where(eq(settings.key, key));
  return Object.fromEntries(changed.map((name) => [name, [stored[name] ?? null, sent(name) ?? null]]));
}

/**
 * The e-mail settings with the given fields applied over the stored ones (an empty secret keeps
 * the saved one), the names of the fields that changed, and before and after of the plain ones
 * (a secret's values never leave the settings row).
 */
function mergeEmail(stored: StoredEmail, input: SettingsUpdate, secret: string): { next: StoredEmail; changed: string[]; changes: FieldChanges } {
  const next: StoredEmail = { ...stored };
  const changed: string[] = [];
  const changes: FieldChanges = {};
  for (const [name, column] of PLAIN_EMAIL_FIELDS) {
    const raw = input[name];
    if (raw === undefined) continue;
    const value = typeof raw === 'string' && column !== 'serviceType' ? emptyToNull(raw) : raw;
    if (value !== stored[column]) {
      (next as Record<string, unknown>)[column] = value;
      changed.push(name);
      changes[name] = [stored[column], value];
    }
  }
  for (const [name, clear, column] of SECRET_FIELDS) {
    const value = input[name];
    if (value !== undefined) {
      if (unseal(secret, column, stored[column]) !== value) {
        next[column] = seal(secret, column, value);
        changed.push(name);
      }
    } else if (input[clear] === true && stored[column] !== null) {
      next[column] = null;
      changed.push(name);
    }
  }
  return { next, changed, changes };
}

/**
 * The saved e-mail settings with a draft applied, not saved: what a test message is sent through
 * before the settings page saves a change to the mail server.
 */
export async function draftEmailConfig(db: Database, secret: string, draft: SettingsUpdate): Promise<EmailConfig> {
  const [row] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, EMAIL_KEY));
  return openEmail(mergeEmail(parseEmail(row?.value), draft, secret).next, secret);
}

/** Refuses mail server settings that name a server but could not send through it (400, nothing saved). */
export function requireCompleteEmail(config: EmailConfig): void {
  if (!namesAMailServer(config) && !(config.serviceType === 'microsoft365' && config.from)) return;
  const missing = missingEmailFields(config);
  if (missing.length > 0) throw new HttpError(400, EMAIL_SETTINGS_INCOMPLETE(missing), 'email_settings_incomplete');
}

/**
 * Saves the given fields (the others keep their values; an empty secret keeps the saved one) and
 * records which fields changed, with their old and new values so the audit log can show them —
 * except a password's or secret's, and the legal pages' texts, which it names only. Returns the
 * names of the changed fields. Rows are locked while merged, so two admins saving different
 * fields at once both keep their change. Mail server settings that are half filled in are
 * refused, and nothing is saved.
 */
export async function saveSettings(db: Database, secret: string, actor: string, input: SettingsUpdate): Promise<string[]> {
  const touchesGeneral = GENERAL_FIELDS.some((name) => input[name] !== undefined);
  const touchesEmail =
    PLAIN_EMAIL_FIELDS.some(([name]) => input[name] !== undefined) ||
    SECRET_FIELDS.some(([name, clear]) => input[name] !== undefined || input[clear] === true);
  const touchesPayment = PAYMENT_FIELDS.some((name) => input[name] !== undefined);
  const touchesNotify = ORGANISER_NOTIFICATION_NAMES.some((name) => input[name] !== undefined);
  const touchesSite = SITE_FIELDS.some((name) => input[name] !== undefined);
  const keys = [touchesGeneral && GENERAL_KEY, touchesEmail && EMAIL_KEY, touchesPayment && PAYMENT_KEY, touchesNotify && NOTIFY_KEY, touchesSite && SITE_KEY].filter(
    (key): key is string => Boolean(key),
  );
  if (keys.length === 0) return [];

  const changed = await db.transaction(async (tx) => {
    await tx
      .insert(settings)
      .values(keys.map((key) => ({ key, value: {} })))
      .onConflictDoNothing();
    const rows = await tx.select().from(settings).where(inArray(settings.key, keys)).for('update');
    const fields: string[] = [];
    const changes: FieldChanges = {};
    const keep = (saved: FieldChanges) => {
      fields.push(...Object.keys(saved));
      Object.assign(changes, saved);
    };

    const generalRow = rows.find((row) => row.key === GENERAL_KEY);
    if (generalRow) keep(await savePlainFields(tx, GENERAL_KEY, parseGeneral(generalRow.value), GENERAL_FIELDS, (name) => input[name]));
    const paymentRow = rows.find((row) => row.key === PAYMENT_KEY);
    if (paymentRow) keep(await savePlainFields(tx, PAYMENT_KEY, parsePayment(paymentRow.value), PAYMENT_FIELDS, (name) => input[name]));
    const notifyRow = rows.find((row) => row.key === NOTIFY_KEY);
    if (notifyRow) keep(await savePlainFields(tx, NOTIFY_KEY, parseNotify(notifyRow.value), ORGANISER_NOTIFICATION_NAMES, (name) => input[name]));
    const siteRow = rows.find((row) => row.key === SITE_KEY);
    // An empty end date means none.
    const sentSite = (name: (typeof SITE_FIELDS)[number]) => (name === 'promoEndsOn' ? emptyToNull(input.promoEndsOn) : input[name]);
    if (siteRow) keep(await savePlainFields(tx, SITE_KEY, parseSite(siteRow.value), SITE_FIELDS, sentSite));

    const emailRow = rows.find((row) => row.key === EMAIL_KEY);
    if (emailRow) {
      const { next, changed: emailFields, changes: emailChanges } = mergeEmail(parseEmail(emailRow.value), input, secret);
      if (emailFields.length > 0) {
        requireCompleteEmail(openEmail(next, secret));
        fields.push(...emailFields);
        Object.assign(changes, emailChanges);
        await tx.update(settings).set({ value: next, updatedAt: sql`now()` }).where(eq(settings.key, EMAIL_KEY));
      }
    }

    if (fields.length > 0) {
      // The legal pages may run to pages of markdown: the entry names them without their text.
      for (const page of LEGAL_TEXT_FIELDS) delete changes[page];
      await recordAudit(tx, { actor, action: 'settings_updated', entity: 'settings', details: { fields, changes } });
    }
    return fields;
  });
  // The sender's display name is the brand name unless a From is saved.
  if (changed.some((field) => field.startsWith('email') || field === 'brandName')) mailSettingsChanged();
  return changed;
}
