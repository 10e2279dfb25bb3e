/**
 * Who the e-mails come from and whom a reply reaches: the saved sender and Reply-To,
 * else the organiser's own address, so a customer's "simply reply" lands in a mailbox someone
 * reads rather than at no-reply@localhost.
 */
import { asc, eq } from 'drizzle-orm';
import type { Database } from '../../../server/db/client';
import { adminUsers } from '../../../server/db/schema';
import { DEFAULT_FROM } from '../../../server/email/transport';
import type { Env } from '../../../server/env';
import { parseFromAddress } from '../settings.schema';
import { readBrandName } from './brand-name';
import type { EmailConfig } from './settings.service';

export type MailSender = { from: string; replyTo: string | null };

/** The organiser's address: ADMIN_EMAIL when it is set, else the first admin's. */
export async function organiserAddress(db: Database, env: Pick<Env, 'ADMIN_EMAIL'> = {}): Promise<string | null> {
  if (env.ADMIN_EMAIL) return env.ADMIN_EMAIL;
  const [first] = await db.select({ email: adminUsers.email }).from(adminUsers).where(eq(adminUsers.isAdmin, true)).orderBy(asc(adminUsers.id)).limit(1);
  return first?.email ?? null;
}

/** RFC 5322 specials: a display name holding one is quoted, so 'Acme, Inc.' stays one name and not two addresses. */
const NEEDS_QUOTES = /[()<>[\]:;@\\,."]/;

/** 'Brand <address>', the name quoted when it must be. */
export function namedAddress(name: string, address: string): string {
  const display = NEEDS_QUOTES.test(name) ? `"${name.replace(/["\\]/g, '\\$&')}"` : name;
  return `${display} <${address}>`;
}

/**
 * From: the saved one, else the SMTP login when it is an address (most servers only send as it),
 * else the organiser's address; the last two under the brand name, so the inbox shows whom the
 * mail is from rather than a bare address. Else the placeholder. Reply-To: the saved one, else
 * the organiser's address.
 */
export function senderOf(config: Pick<EmailConfig, 'from' | 'user' | 'replyTo'>, organiser: string | null, brandName: string): MailSender {
  const login = config.user ? parseFromAddress(config.user) : null;
  const fromLogin = login ? (login.name ? config.user : namedAddress(brandName, login.address)) : null;
  const from = config.from ?? fromLogin ?? (organiser ? namedAddress(brandName, organiser) : DEFAULT_FROM);
  return { from, replyTo: config.replyTo ?? organiser };
}

/** The sender every e-mail goes out with now (what the transport adds), for screens that show it. */
export async function senderInUse(db: Database, config: Pick<EmailConfig, 'from' | 'user' | 'replyTo'>, env: Pick<Env, 'ADMIN_EMAIL'>): Promise<MailSender> {
  return senderOf(config, await organiserAddress(db, env), await readBrandName(db));
}
