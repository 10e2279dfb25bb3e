/**
 * Which transport e-mail goes through: the admin's saved e-mail settings when they
 * are complete (SMTP, or Microsoft 365 through Graph), else SMTP_URL, else none (e-mails wait in
 * the outbox). The outbox worker asks before every run, so the answer is cached: a save in this
 * process rebuilds it at once; a save by another instance is noticed through
 * settings.updated_at (of the e-mail and general rows: the brand name is the sender's name), read
 * at most every 10 seconds.
 */
import { inArray, sql } from 'drizzle-orm';
import { createTransport } from 'nodemailer';
import type { Database } from '../../../server/db/client';
import { settings } from '../../../server/db/schema';
import { DEFAULT_FROM, nodemailerTransport, smtpTransportFromUrl, type MailTransport } from '../../../server/email/transport';
import type { Env } from '../../../server/env';
import { parseFromAddress } from '../settings.schema';
import { graphTransport } from './graph-transport';
import { mailSettingsVersion } from './mail-transport-cache';
import { senderInUse, type MailSender } from './sender';
import { GENERAL_KEY } from './brand-name';
import { EMAIL_KEY, isEmailConfigComplete, readEmailConfig, type EmailConfig } from './settings.service';

export type MailEnv = Pick<Env, 'SMTP_URL' | 'MS_LOGIN_BASE_URL' | 'MS_GRAPH_BASE_URL' | 'ADMIN_EMAIL'>;
export type TransportSource = 'settings' | 'smtp_url' | 'none';

const RECHECK_MS = 10_000;
const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 };
const CONNECT_CODES = new Set(['ECONNECTION', 'ETIMEDOUT', 'ESOCKET', 'EDNS', 'ECONNREFUSED', 'ENOTFOUND', 'EHOSTUNREACH', 'ECONNRESET']);

/**
 * Transport errors worded so the admin tools can tell what went wrong (spec §8 debug tool):
 * a refused login says 'Authentication failed', an unreachable server 'unable to connect'.
 * The original code stays on the error for the outbox's lastError.
 */
export function readableMailError(error: unknown): Error {
  if (!(error instanceof Error)) return new Error(String(error));
  const code = (error as { code?: unknown }).code;
  let message = error.message;
  if (code === 'EAUTH' && !message.includes('Authentication failed')) message = `Authentication failed: ${message}`;
  else if (typeof code === 'string' && CONNECT_CODES.has(code) && !/unable to connect/i.test(message)) {
    message = `Mail server unreachable (unable to connect): ${message}`;
  }
  return message === error.message ? error : Object.assign(new Error(message, { cause: error }), { code });
}

function withReadableErrors(transport: MailTransport): MailTransport {
  return {
    async send(message, options) {
      try {
        await transport.send(message, options);
      } catch (error) {
        throw readableMailError(error);
      }
    },
    describe: () => transport.describe(),
  };
}

export type SmtpSettings = Pick<EmailConfig, 'host' | 'port' | 'user' | 'password' | 'from'>;

/** Nodemailer options for saved SMTP settings: implicit TLS on 465, STARTTLS when offered otherwise. */
export function smtpOptions(config: SmtpSettings, timeouts = SMTP_TIMEOUTS) {
  return {
    host: config.host ?? undefined,
    port: config.port,
    secure: config.port === 465,
    ...(config.user && config.password ? { auth: { user: config.user, pass: config.password } } : {}),
    ...timeouts,
  };
}

/** The From of saved settings: the one given, else the login when it is an address, else the default. */
export function fromOf(config: Pick<EmailConfig, 'from' | 'user'>): string {
  if (config.from) return config.from;
  if (config.user && parseFromAddress(config.user)) return config.user;
  return DEFAULT_FROM;
}

export function smtpTransportFromSettings(config: SmtpSettings): MailTransport {
  const mailer = createTransport(smtpOptions(config), { from: fromOf(config) });
  const where = `smtp ${config.host}:${config.port}${config.user ? ` as ${config.user}` : ''}`;
  return nodemailerTransport(mailer, where);
}

/** The transport for complete saved settings. */
export function transportFromConfig(config: EmailConfig, env: MailEnv): MailTransport {
  if (config.serviceType === 'microsoft365') {
    return graphTransport({
      tenantId: config.tenantId ?? '',
      clientId: config.clientId ?? '',
      clientSecret: config.clientSecret ?? '',
      from: config.from ?? '',
      loginBase: env.MS_LOGIN_BASE_URL,
      graphBase: env.MS_GRAPH_BASE_URL,
    });
  }
  return smtpTransportFromSettings(config);
}

type Resolved = { transport: MailTransport | null; source: TransportSource };
type CacheEntry = Resolved & { key: string; stamp: string; checkedAt: number };

const cache = new WeakMap<Database, CacheEntry>();

/** When the e-mail settings or the brand name (the sender's display name) last changed. */
async function emailSettingsStamp(db: Database): Promise<string> {
  const [row] = await db
    .select({ stamp: sql<string | null>`max(${settings.updatedAt})::text` })
    .from(settings)
    .where(inArray(settings.key, [EMAIL_KEY, GENERAL_KEY]));
  return row?.stamp ?? 'none';
}

/** Every message goes out with the settings' sender and Reply-To (sender.ts). */
function withSender(transport: MailTransport, sender: MailSender): MailTransport {
  return {
    send: (message, options) => transport.send({ ...message, from: message.from ?? sender.from, replyTo: message.replyTo ?? sender.replyTo }, options),
    describe: () => transport.describe(),
  };
}

/**
 * The transport for e-mail settings (saved, or a draft being tested): the settings' own server
 * when they name a complete one, else SMTP_URL, else none; either way with their sender.
 */
export async function transportFor(db: Database, env: MailEnv, config: EmailConfig): Promise<Resolved> {
  const sender = await senderInUse(db, config, env);
  if (isEmailConfigComplete(config)) {
    try {
      return { transport: withSender(withReadableErrors(transportFromConfig(config, env)), sender), source: 'settings' };
    } catch {
      // Settings that cannot make a transport (should not pass validation): fall back below.
    }
  }
  if (env.SMTP_URL) return { transport: withSender(withReadableErrors(smtpTransportFromUrl(env.SMTP_URL)), sender), source: 'smtp_url' };
  return { transport: null, source: 'none' };
}

async function build(db: Database, env: MailEnv, secret: string): Promise<Resolved> {
  return transportFor(db, env, await readEmailConfig(db, secret));
}

/** The transport and where it comes from (cached as described above). */
export async function resolveMailTransportWithSource(db: Database, env: MailEnv, secret: string): Promise<Resolved> {
  const key = [mailSettingsVersion(), env.SMTP_URL, env.MS_LOGIN_BASE_URL, env.MS_GRAPH_BASE_URL, secret].join('\0');
  const entry = cache.get(db);
  const now = Date.now();
  if (entry && entry.key === key && now - entry.checkedAt < RECHECK_MS) return entry;
  const stamp = await emailSettingsStamp(db);
  if (entry && entry.key === key && entry.stamp === stamp) {
    entry.checkedAt = now;
    return entry;
  }
  const resolved = await build(db, env, secret);
  cache.set(db, { ...resolved, key, stamp, checkedAt: now });
  return resolved;
}

/**
 * The transport e-mail goes through: the admin's saved e-mail settings (smtp or microsoft365)
 * first, else SMTP_URL, else none.
 */
export async function resolveMailTransport(db: Database, env: MailEnv, secret: string): Promise<MailTransport | null> {
  return (await resolveMailTransportWithSource(db, env, secret)).transport;
}
