/**
 * The admin settings, kept in the `settings` table as three rows: 'general' (time zone), 'email'
 * (the mail transport) and 'payment' (how long a reservation holds its seat). The e-mail password
 * and the Microsoft client secret are sealed with APP_SECRET (AES-GCM, bound to their field)
 * before they are stored and never leave the server: reads only say whether one is saved.
 */
import { eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import { openSecret, sealSecret } from '../../admin-auth/server';
import type { Database } from '../../../server/db/client';
import { settings } from '../../../server/db/schema';
import type { Env } from '../../../server/env';
import { recordAudit } from '../../../server/lib/audit';
import {
  DEFAULT_EMAIL_PORT,
  DEFAULT_RESERVATION_HOURS,
  DEFAULT_TIMEZONE,
  EMAIL_SERVICE_TYPES,
  MAX_RESERVATION_HOURS,
  MIN_RESERVATION_HOURS,
  TIMEZONES,
  type EmailServiceType,
  type Settings,
  type SettingsUpdate,
  type Timezone,
} from '../settings.schema';
import { mailSettingsChanged } from './mail-transport-cache';

export const GENERAL_KEY = 'general';
export const EMAIL_KEY = 'email';
export const PAYMENT_KEY = 'payment';
const SEAL_LABEL = 'settings';

/** Stored shapes; anything unreadable (an older or hand-edited row) falls back to the default. */
const storedGeneralSchema = z.object({ timezone: z.enum(TIMEZONES).catch(DEFAULT_TIMEZONE) });
const nullableText = z.string().nullable().catch(null);
const storedEmailSchema = z.object({
  serviceType: z.enum(EMAIL_SERVICE_TYPES).catch('smtp'),
  host: nullableText,
  port: z.number().int().min(1).max(65535).catch(DEFAULT_EMAIL_PORT),
  user: nullableText,
  from: nullableText,
  tenantId: nullableText,
  clientId: nullableText,
  /** Sealed with APP_SECRET. */
  password: nullableText,
  /** Sealed with APP_SECRET. */
  clientSecret: nullableText,
});
const storedPaymentSchema = z.object({
  reservationHours: z.number().int().min(MIN_RESERVATION_HOURS).max(MAX_RESERVATION_HOURS).catch(DEFAULT_RESERVATION_HOURS),
});
type StoredGeneral = z.infer<typeof storedGeneralSchema>;
type StoredEmail = z.infer<typeof storedEmailSchema>;
type StoredPayment = z.infer<typeof storedPaymentSchema>;

const parseGeneral = (value: unknown): StoredGeneral => storedGeneralSchema.parse(value ?? {});
const parseEmail = (value: unknown): StoredEmail => storedEmailSchema.parse(value ?? {});
const parsePayment = (value: unknown): StoredPayment => storedPaymentSchema.parse(value ?? {});

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
  tenantId: string | null;
  clientId: string | null;
  clientSecret: string | null;
};

/** Enough to send: a host for SMTP; tenant, client id, secret and mailbox for Microsoft 365. */
export function isEmailConfigComplete(config: EmailConfig): boolean {
  if (config.serviceType === 'smtp') return Boolean(config.host);
  return Boolean(config.tenantId && config.clientId && config.clientSecret && config.from);
}

async function readRows(db: Database) {
  const rows = await db
    .select({ key: settings.key, value: settings.value, updatedAt: settings.updatedAt })
    .from(settings)
    .where(inArray(settings.key, [GENERAL_KEY, EMAIL_KEY, PAYMENT_KEY]));
  const row = (key: string) => rows.find((candidate) => candidate.key === key);
  return { general: row(GENERAL_KEY), email: row(EMAIL_KEY), payment: row(PAYMENT_KEY) };
}

function openEmail(stored: StoredEmail, secret: string): EmailConfig {
  return {
    serviceType: stored.serviceType,
    host: stored.host,
    port: stored.port,
    user: stored.user,
    password: unseal(secret, 'password', stored.password),
    from: stored.from,
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
 * The payment settings other features need (booking: when an unpaid reservation expires). One
 * primary-key read; the default (48 hours) until an admin saves another value.
 */
export async function getPaymentSettings(db: Database): Promise<{ reservationHours: number }> {
  const [row] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, PAYMENT_KEY));
  return parsePayment(row?.value);
}

export async function getSettings(db: Database, env: Pick<Env, 'SMTP_URL'>, secret: string): Promise<Settings> {
  const rows = await readRows(db);
  const general = parseGeneral(rows.general?.value);
  const email = openEmail(parseEmail(rows.email?.value), secret);
  const payment = parsePayment(rows.payment?.value);
  const configured = isEmailConfigComplete(email);
  const stamps = [rows.general?.updatedAt, rows.email?.updatedAt, rows.payment?.updatedAt].filter((date): date is Date => Boolean(date));
  const updatedAt = stamps.length ? new Date(Math.max(...stamps.map((date) => date.getTime()))).toISOString() : null;
  return {
    timezone: general.timezone,
    emailServiceType: email.serviceType,
    emailHost: email.host,
    emailPort: email.port,
    emailUser: email.user,
    emailFrom: email.from,
    emailTenantId: email.tenantId,
    emailClientId: email.clientId,
    hasEmailPassword: email.password !== null,
    hasEmailClientSecret: email.clientSecret !== null,
    emailConfigured: configured,
    emailTransportSource: configured ? 'settings' : env.SMTP_URL ? 'smtp_url' : 'none',
    reservationHours: payment.reservationHours,
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
  ['emailTenantId', 'tenantId'],
  ['emailClientId', 'clientId'],
] as const;

const SECRET_FIELDS = [
  ['emailPassword', 'clearEmailPassword', 'password'],
  ['emailClientSecret', 'clearEmailClientSecret', 'clientSecret'],
] as const;

/** Writes one plain field of the row `key` when the sent value differs from the saved one; true when it did. */
async function savePlainField<T extends object, K extends keyof T & string>(tx: Database, key: string, stored: T, field: K, value: T[K] | undefined): Promise<boolean> {
  if (value === undefined || value === stored[field]) return false;
  await tx
    .update(settings)
    .set({ value: { ...stored, [field]: value }, updatedAt: sql`now()` })
    .where(eq(settings.key, key));
  return true;
}

/**
 * Saves the given fields (the others keep their values; an empty secret keeps the saved one) and
 * records which fields changed — names only, never values. Returns those names. Rows are locked
 * while merged, so two admins saving different fields at once both keep their change.
 */
export async function saveSettings(db: Database, secret: string, actor: string, input: SettingsUpdate): Promise<string[]> {
  const touchesGeneral = input.timezone !== undefined;
  const touchesEmail =
    PLAIN_EMAIL_FIELDS.some(([name]) => input[name] !== undefined) ||
    SECRET_FIELDS.some(([name, clear]) => input[name] !== undefined || input[clear] === true);
  const touchesPayment = input.reservationHours !== undefined;
  const keys = [touchesGeneral && GENERAL_KEY, touchesEmail && EMAIL_KEY, touchesPayment && PAYMENT_KEY].filter((key): key is string =>
    Boolean(key),
  );
  if (keys.length === 0) return [];

  const changed = await db.transaction(async (tx) => {
    await tx
      .insert(settings)
      .values(keys.map((key) => ({ key, value: {} })))
      .onConflictDoNothing();
    const rows = await tx.select().from(settings).where(inArray(settings.key, keys)).for('update');
    const fields: string[] = [];

    const generalRow = rows.find((row) => row.key === GENERAL_KEY);
    if (generalRow && (await savePlainField(tx, GENERAL_KEY, parseGeneral(generalRow.value), 'timezone', input.timezone))) {
      fields.push('timezone');
    }
    const paymentRow = rows.find((row) => row.key === PAYMENT_KEY);
    if (paymentRow && (await savePlainField(tx, PAYMENT_KEY, parsePayment(paymentRow.value), 'reservationHours', input.reservationHours))) {
      fields.push('reservationHours');
    }

    const emailRow = rows.find((row) => row.key === EMAIL_KEY);
    if (emailRow) {
      const stored = parseEmail(emailRow.value);
      const next: StoredEmail = { ...stored };
      const emailFields: string[] = [];
      for (const [name, column] of PLAIN_EMAIL_FIELDS) {
        const raw = input[name];
        if (raw === undefined) continue;
        const value = typeof raw === 'string' && column !== 'serviceType' ? emptyToNull(raw) : raw;
        if (value !== stored[column]) {
          (next as Record<string, unknown>)[column] = value;
          emailFields.push(name);
        }
      }
      for (const [name, clear, column] of SECRET_FIELDS) {
        const value = input[name];
        if (value !== undefined) {
          if (unseal(secret, column, stored[column]) !== value) {
            next[column] = seal(secret, column, value);
            emailFields.push(name);
          }
        } else if (input[clear] === true && stored[column] !== null) {
          next[column] = null;
          emailFields.push(name);
        }
      }
      if (emailFields.length > 0) {
        fields.push(...emailFields);
        await tx.update(settings).set({ value: next, updatedAt: sql`now()` }).where(eq(settings.key, EMAIL_KEY));
      }
    }

    if (fields.length > 0) {
      await recordAudit(tx, { actor, action: 'settings_updated', entity: 'settings', details: { fields } });
    }
    return fields;
  });
  if (changed.some((field) => field.startsWith('email'))) mailSettingsChanged();
  return changed;
}
