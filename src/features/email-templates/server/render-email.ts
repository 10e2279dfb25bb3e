/**
 * Every e-mail the product sends goes through here: the admin's saved template
 * of that type, or its default from the registry, filled with the sender's values.
 *
 * - An inactive template means that e-mail is not sent: renderEmail answers null and the sender
 *   queues nothing. The change that caused it (a booking, a refund…) still succeeds.
 * - `bccAdmin` copies every admin user (admin_users) on the e-mail, as Bcc.
 * - Values are HTML-escaped; `trustedHtml` carries markup the product builds itself (a details
 *   table, the newsletter's sanitised content) and is inserted as it is.
 * - A placeholder inside an `href` or `src` of the template only ever yields an http(s) or mailto
 *   URL, or `#` (renderTemplate checks the filled value; issue 15 point 8). Links the product
 *   sends (`…Link` values) are absolute already: built on PUBLIC_URL by their senders, and by
 *   sampleValuesFor for test e-mails.
 */
import { randomUUID } from 'node:crypto';
import { asc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../../server/db/client';
import { adminUsers, emailTemplates } from '../../../server/db/schema';
import { emailLayout, renderTemplate } from '../../../server/email/templates';
import { EMAIL_TEMPLATE_DEFINITIONS, type EmailTemplateType } from '../email-template-types';
import { htmlToText } from '../../../server/email/html-to-text';
import { preloadBrandName, readBrandName } from '../../settings/server';

export type TemplateValues = Record<string, string | number>;

export type RenderOptions = {
  /** Product-built markup for `html` keys; never put what a visitor typed here unescaped. */
  trustedHtml?: Record<string, string>;
  /** Markup under the body, outside the admin's template (e.g. a legal footer). */
  footerHtml?: string;
  /** The plain-text part; by default it is made from the HTML body. */
  text?: string;
};

/** What the layout needs besides the body: the saved brand name (readBrandName). */
export type LayoutOptions = RenderOptions & { brandName: string };

export type RenderedEmail = { subject: string; html: string; text: string; bcc: string | null };

export type ResolvedTemplate = {
  type: EmailTemplateType;
  subject: string;
  content: string;
  isActive: boolean;
  bccAdmin: boolean;
  /** Saved by an admin; false means the registry default. */
  saved: boolean;
};

/** The saved template of a type, or its default (active, no Bcc). */
export async function loadTemplate(db: Database, type: EmailTemplateType): Promise<ResolvedTemplate> {
  const preloaded = preloadedTemplates.get(db)?.get(type);
  if (preloaded) return preloaded;
  const [row] = await db.select().from(emailTemplates).where(eq(emailTemplates.type, type)).limit(1);
  return resolvedTemplate(type, row);
}

type TemplateRow = typeof emailTemplates.$inferSelect;

function resolvedTemplate(type: EmailTemplateType, row: TemplateRow | undefined): ResolvedTemplate {
  if (row) return { type, subject: row.subject, content: row.content, isActive: row.isActive, bccAdmin: row.bccAdmin, saved: true };
  const fallback = EMAIL_TEMPLATE_DEFINITIONS[type];
  return { type, subject: fallback.subject, content: fallback.content, isActive: true, bccAdmin: false, saved: false };
}

const preloadedTemplates = new WeakMap<Database, Map<EmailTemplateType, ResolvedTemplate>>();

/**
 * Reads the templates of `types` in one query, for the transaction `tx`: loadTemplate and
 * renderEmail on `tx` then answer them from this read for as long as the transaction lasts, so its
 * e-mails are all rendered from the same templates. An order's e-mails used to read their template
 * once each (a dozen reads for ten seats). Only for a transaction: the app's `db` keeps reading.
 */
export async function preloadTemplates(tx: Database, types: readonly EmailTemplateType[]): Promise<void> {
  const rows = await tx.select().from(emailTemplates).where(inArray(emailTemplates.type, [...types]));
  preloadedTemplates.set(tx, new Map(types.map((type) => [type, resolvedTemplate(type, rows.find((row) => row.type === type))])));
  await preloadBrandName(tx);
}

/**
 * Fills `{{key}}` placeholders in one pass: values escaped, trusted keys as they are. Trusted
 * markup stands in as a random token while renderTemplate escapes the values (the token survives
 * escaping and no visitor can guess it), then replaces the token.
 */
function fillBody(content: string, values: TemplateValues, trustedHtml: Record<string, string>): string {
  const blocks = Object.values(trustedHtml);
  if (blocks.length === 0) return renderTemplate(content, values, { html: true });
  const nonce = randomUUID();
  const stand: Record<string, string> = {};
  Object.keys(trustedHtml).forEach((name, index) => {
    stand[name] = `\u0000${nonce}:${index}\u0000`;
  });
  const filled = renderTemplate(content, { ...values, ...stand }, { html: true });
  // One pattern for every e-mail (a pattern made per nonce is compiled anew each time).
  return filled.replace(TRUSTED_TOKEN, (token, tokenNonce: string, index: string) => (tokenNonce === nonce ? (blocks[Number(index)] ?? '') : token));
}

/** A stand-in fillBody puts where a trusted block goes: NUL, the e-mail's nonce, the block's index, NUL. */
const NUL = '\u0000';
const TRUSTED_TOKEN = new RegExp(`${NUL}([0-9a-f-]{36}):(\\d+)${NUL}`, 'g');

/** A subject is one line of plain text. */
function fillSubject(subject: string, values: TemplateValues): string {
  return renderTemplate(subject, values, { html: false }).replace(/[\r\n\t]+/g, ' ').replace(/ {2,}/g, ' ').trim();
}

/** Renders a template (saved or not, active or not) into the parts of an e-mail; no Bcc. */
export function fillTemplate(template: Pick<ResolvedTemplate, 'subject' | 'content'>, values: TemplateValues, options: LayoutOptions) {
  const subject = fillSubject(template.subject, values);
  const bodyHtml = fillBody(template.content, values, options.trustedHtml ?? {});
  const html = emailLayout({ title: subject, bodyHtml, footerHtml: options.footerHtml, brandName: options.brandName });
  const text = options.text ?? htmlToText(options.footerHtml ? `${bodyHtml}<hr>${options.footerHtml}` : bodyHtml);
  return { subject, html, text };
}

/** Every admin's address, for a template with 'BCC Admin' on; null when there is none. */
export async function adminBcc(db: Database): Promise<string | null> {
  const rows = await db.select({ email: adminUsers.email }).from(adminUsers).where(eq(adminUsers.isAdmin, true)).orderBy(asc(adminUsers.id));
  const emails = [...new Set(rows.map((row) => row.email.trim().toLowerCase()).filter(Boolean))];
  return emails.length ? emails.join(', ') : null;
}

/**
 * The e-mail of this type with these values, or null when its template is switched off (the
 * e-mail is then not sent). Pass the caller's transaction as `db` so the read belongs to it.
 */
export async function renderEmail(db: Database, type: EmailTemplateType, values: TemplateValues, options: RenderOptions = {}): Promise<RenderedEmail | null> {
  const template = await loadTemplate(db, type);
  if (!template.isActive) return null;
  const rendered = fillTemplate(template, values, { ...options, brandName: await readBrandName(db) });
  return { ...rendered, bcc: template.bccAdmin ? await adminBcc(db) : null };
}
