/**
 * The e-mail debugging tool's calls (spec §2 'Email debugging tool', §7 Email debugging): the
 * configuration status, reading and saving templates, and test e-mails.
 */
import { count } from 'drizzle-orm';
import type { Database } from '../../../server/db/client';
import { emailTemplates } from '../../../server/db/schema';
import { enqueueEmail } from '../../../server/email/outbox';
import type { Env } from '../../../server/env';
import { recordAudit } from '../../../server/lib/audit';
import { HttpError } from '../../../server/plugins/error-handler';
import { readBrandName, resolveMailTransport, senderInUse, type MailEnv, isEmailConfigComplete, readEmailConfig } from '../../settings/server';
import { EMAIL_TEMPLATE_DEFINITIONS, EMAIL_TEMPLATE_TYPES, htmlKeysOf, isEmailTemplateType, type EmailTemplateType } from '../email-template-types';
import {
  CONTENT_REQUIRED,
  EMAIL_NOT_CONFIGURED,
  TEMPLATE_NOT_FOUND,
  type EmailStatus,
  type EmailTemplate,
  type SendTestEmailResponse,
  type saveTemplateSchema,
  type sendTestEmailSchema,
} from '../email-templates.schema';
import { fillTemplate, loadTemplate, type TemplateValues } from './render-email';
import { sanitizeTemplateHtml } from './sanitize-template';
import type { z } from 'zod';

const TEMPLATE_ENTITY = 'email_template';
/** A test e-mail waits at most this long for the mail server (the transports time out sooner). */
const TEST_SEND_TIMEOUT_MS = 45_000;
const MAX_ERROR_LENGTH = 500;

export type EmailToolDeps = { env: Pick<Env, 'SMTP_URL'> & MailEnv; secret: string; publicUrl: string };

// ---------------------------------------------------------------- status

type Configuration = Omit<EmailStatus, 'totalTemplates' | 'templateStatus'>;

/** What e-mail goes through, without any password or secret (the transport's own precedence). */
async function emailConfiguration(db: Database, deps: Pick<EmailToolDeps, 'env' | 'secret'>): Promise<Configuration> {
  const config = await readEmailConfig(db, deps.secret);
  // The From every message goes out with (the organiser's address unless one is saved), not the placeholder.
  const { from } = await senderInUse(db, config, deps.env);
  if (isEmailConfigComplete(config)) {
    const graph = config.serviceType === 'microsoft365';
    return {
      emailConfigured: true,
      emailServiceType: config.serviceType,
      emailHost: graph ? new URL(deps.env.MS_GRAPH_BASE_URL ?? 'https://graph.microsoft.com').host : config.host,
      // Microsoft 365 signs in as an app; the mailbox it sends from is the one that matters.
      emailUser: graph ? config.from : config.user,
      emailFrom: from,
    };
  }
  if (deps.env.SMTP_URL) {
    try {
      const url = new URL(deps.env.SMTP_URL);
      return {
        emailConfigured: true,
        emailServiceType: 'smtp',
        emailHost: url.hostname,
        emailUser: url.username ? decodeURIComponent(url.username) : null,
        emailFrom: from,
      };
    } catch {
      // env.ts checks the scheme only; an unparsable URL is reported as not configured.
    }
  }
  const saved = Boolean(config.host || config.tenantId || config.clientId || config.user || config.from);
  return {
    emailConfigured: false,
    emailServiceType: saved ? config.serviceType : null,
    emailHost: config.host,
    emailUser: config.user,
    emailFrom: config.from,
  };
}

export async function getEmailStatus(db: Database, deps: Pick<EmailToolDeps, 'env' | 'secret'>): Promise<EmailStatus> {
  const configuration = await emailConfiguration(db, deps);
  const rows = await db
    .select({ type: emailTemplates.type, subject: emailTemplates.subject, isActive: emailTemplates.isActive, bccAdmin: emailTemplates.bccAdmin })
    .from(emailTemplates);
  const saved = new Map(rows.map((row) => [row.type, row]));
  const [total] = await db.select({ n: count() }).from(emailTemplates);
  return {
    ...configuration,
    totalTemplates: total?.n ?? 0,
    templateStatus: EMAIL_TEMPLATE_TYPES.map((type) => {
      const row = saved.get(type);
      if (row) return { type, exists: true, saved: true, details: { subject: row.subject, isActive: row.isActive, bccAdmin: row.bccAdmin } };
      // Nobody saved one: the built-in default is sent, so the template exists, active, copying nobody.
      return { type, exists: true, saved: false, details: { subject: EMAIL_TEMPLATE_DEFINITIONS[type].subject, isActive: true, bccAdmin: false } };
    }),
  };
}

// ---------------------------------------------------------------- templates

/** The saved template; 404 when none is saved (the editor then starts from the default). */
export async function getSavedTemplate(db: Database, type: string): Promise<EmailTemplate> {
  if (!isEmailTemplateType(type)) throw new HttpError(404, TEMPLATE_NOT_FOUND);
  const template = await loadTemplate(db, type);
  if (!template.saved) throw new HttpError(404, TEMPLATE_NOT_FOUND);
  return { type, subject: template.subject, content: template.content, isActive: template.isActive, bccAdmin: template.bccAdmin };
}

/** Creates the template of its type or replaces the saved one; the content is sanitised, placeholders kept. */
export async function saveTemplate(db: Database, actor: string, input: z.output<typeof saveTemplateSchema>): Promise<EmailTemplate> {
  const content = sanitizeTemplateHtml(input.content).trim();
  if (!content) throw new HttpError(400, CONTENT_REQUIRED);
  return db.transaction(async (tx) => {
    const values = { subject: input.subject, content, isActive: input.isActive, bccAdmin: input.bccAdmin };
    const [row] = await tx
      .insert(emailTemplates)
      .values({ type: input.type, ...values })
      .onConflictDoUpdate({ target: emailTemplates.type, set: { ...values, updatedAt: new Date() } })
      .returning();
    if (!row) throw new Error('saveTemplate: upsert returned no row');
    await recordAudit(tx, {
      actor,
      action: 'email_template_saved',
      entity: TEMPLATE_ENTITY,
      entityId: input.type,
      details: { subject: input.subject, isActive: input.isActive, bccAdmin: input.bccAdmin, sanitised: content !== input.content.trim() },
    });
    return { type: input.type, subject: row.subject, content: row.content, isActive: row.isActive, bccAdmin: row.bccAdmin };
  });
}

// ---------------------------------------------------------------- test e-mails

/** A registry sample, with site paths in `…Link` values made absolute. */
export function sampleValuesFor(type: EmailTemplateType, publicUrl: string): Record<string, string> {
  const sample: Record<string, string> = {};
  for (const [name, value] of Object.entries(EMAIL_TEMPLATE_DEFINITIONS[type].sample)) {
    sample[name] = name.endsWith('Link') && value.startsWith('/') ? `${publicUrl}${value}` : value;
  }
  return sample;
}

/**
 * The template filled with its sample values, with the admin's replacements on top. Sample
 * markup for `html` keys is the registry's own; a replacement, like every value, is escaped.
 */
export function renderSample(
  template: { subject: string; content: string },
  type: EmailTemplateType,
  site: { publicUrl: string; brandName: string },
  replacements: TemplateValues = {},
) {
  const { publicUrl, brandName } = site;
  const sample = sampleValuesFor(type, publicUrl);
  const htmlKeys = new Set(htmlKeysOf(type));
  const values: TemplateValues = {};
  const trustedHtml: Record<string, string> = {};
  for (const [name, value] of Object.entries(sample)) {
    if (htmlKeys.has(name)) trustedHtml[name] = value;
    else values[name] = value;
  }
  for (const [name, value] of Object.entries(replacements)) {
    delete trustedHtml[name];
    values[name] = value;
  }
  return fillTemplate(template, values, { trustedHtml, brandName });
}

function errorText(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return (message.trim() || 'Unknown error').slice(0, MAX_ERROR_LENGTH);
}

/**
 * POST /api/debug/send-test-email: the saved template (or the default), active or not, sent now
 * through the configured transport so the admin sees the mail server's answer. No Bcc: a test
 * goes to the one address typed.
 */
export async function sendTestEmail(db: Database, deps: EmailToolDeps, actor: string, input: z.output<typeof sendTestEmailSchema>): Promise<SendTestEmailResponse> {
  const transport = await resolveMailTransport(db, deps.env, deps.secret);
  if (!transport) throw new HttpError(400, EMAIL_NOT_CONFIGURED, 'email_not_configured');
  const template = await loadTemplate(db, input.templateType);
  const email = renderSample(template, input.templateType, { publicUrl: deps.publicUrl, brandName: await readBrandName(db) }, input.replacements);
  try {
    await transport.send(
      { to: input.email, bcc: null, subject: email.subject, html: email.html, text: email.text, attachments: null },
      { signal: AbortSignal.timeout(TEST_SEND_TIMEOUT_MS) },
    );
  } catch (error) {
    const message = errorText(error);
    await recordAudit(db, { actor, action: 'email_test_failed', entity: TEMPLATE_ENTITY, entityId: input.templateType, details: { to: input.email, error: message } });
    throw new HttpError(502, message, 'email_send_failed');
  }
  await recordAudit(db, { actor, action: 'email_test_sent', entity: TEMPLATE_ENTITY, entityId: input.templateType, details: { to: input.email, via: transport.describe() } });
  return { success: true, message: `Email sent to ${input.email}` };
}

export const BOOKING_CONFIRMATION_TEST_KIND = 'booking-confirmation-test';

/**
 * The settings' booking confirmation tester: a sample confirmation queued in the outbox like a
 * real one, so it also shows how the worker and the transport deliver it. Sent even while the
 * template is switched off (it is a test), without Bcc.
 */
export async function queueBookingConfirmationTest(db: Database, deps: Pick<EmailToolDeps, 'publicUrl'>, actor: string, to: string): Promise<{ id: number }> {
  return db.transaction(async (tx) => {
    const template = await loadTemplate(tx, 'booking-confirmation');
    const email = renderSample(template, 'booking-confirmation', { publicUrl: deps.publicUrl, brandName: await readBrandName(tx) });
    const queued = await enqueueEmail(tx, { to, subject: email.subject, html: email.html, text: email.text, kind: BOOKING_CONFIRMATION_TEST_KIND });
    await recordAudit(tx, { actor, action: 'email_test_queued', entity: TEMPLATE_ENTITY, entityId: 'booking-confirmation', details: { to, outboxId: queued.id } });
    return queued;
  });
}
