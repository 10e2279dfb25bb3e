import { z } from 'zod';
import { safeString } from '../../common/safe-text';

/**
 * The newsletter in the admin area: subscribers, and composing a
 * newsletter that goes out through the outbox. One source of messages and types for the tab and
 * the server.
 */

export const SUBJECT_REQUIRED = 'Subject is required';
export const SUBJECT_TOO_LONG = 'Subject must be 200 characters or less';
export const CONTENT_REQUIRED = 'Content is required';
export const CONTENT_TOO_LONG = 'Content must be 200,000 characters or less';
export const CONTENT_EMPTY_AFTER_CLEANING = 'Content has nothing left to send once unsafe HTML is removed';
export const NEWSLETTER_TEMPLATE_OFF = "The newsletter e-mail template is switched off: turn it on in Settings → E-mail templates to send";
export const NO_ACTIVE_SUBSCRIBERS = 'There are no active subscribers to send to';
export const SUBSCRIBER_NOT_FOUND = 'Subscriber not found';

export const subscriberSourceSchema = z.enum(['booking', 'contact', 'admin', 'import']);
export type SubscriberSource = z.infer<typeof subscriberSourceSchema>;

export const subscriberSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  source: subscriberSourceSchema,
  createdAt: z.string(),
  unsubscribedAt: z.string().nullable(),
});
export type Subscriber = z.infer<typeof subscriberSchema>;

export const subscriberListSchema = z.array(subscriberSchema);

export const subscriberIdParamsSchema = z.object({ id: z.coerce.number().int().positive(SUBSCRIBER_NOT_FOUND) });

/** The subscriber routes' schemas, by operation (subscribers are listed and deleted here). */
export const subscriberApiSchemas = { idParams: subscriberIdParamsSchema, item: subscriberSchema, list: subscriberListSchema };

export const newsletterInputSchema = z.object({
  subject: safeString('Subject', { error: SUBJECT_REQUIRED }).trim().min(1, SUBJECT_REQUIRED).max(200, SUBJECT_TOO_LONG),
  content: safeString('Content', { error: CONTENT_REQUIRED }).trim().min(1, CONTENT_REQUIRED).max(200_000, CONTENT_TOO_LONG),
});
export type NewsletterInput = z.infer<typeof newsletterInputSchema>;

export const newsletterPreviewSchema = z.object({ html: z.string() });
export type NewsletterPreview = z.infer<typeof newsletterPreviewSchema>;

/** A test copy went to the signed-in admin, at this address. */
export const newsletterTestSentSchema = z.object({ to: z.string() });
export type NewsletterTestSent = z.infer<typeof newsletterTestSentSchema>;

export const newsletterQueuedSchema = z.object({
  queued: z.number().int(),
  /** When the first and the last of these e-mails become due (ISO). */
  firstAt: z.string(),
  lastAt: z.string(),
});
export type NewsletterQueued = z.infer<typeof newsletterQueuedSchema>;

/** Anything goes: a mangled link must still get the HTML page that says so, not a JSON error. */
export const unsubscribeQuerySchema = z.object({ token: z.unknown().optional() });

/**
 * 'N e-mails will go out over about M minutes' (the 'Newsletter Queued' toast), from the server's
 * answer: the pace is the server's to choose, so the client only reads it (at least 1 minute).
 */
export function queuedDescription({ queued, firstAt, lastAt }: NewsletterQueued): string {
  const minutes = Math.max(1, Math.ceil((Date.parse(lastAt) - Date.parse(firstAt)) / 60_000));
  return `${queued} ${queued === 1 ? 'e-mail' : 'e-mails'} will go out over about ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`;
}
