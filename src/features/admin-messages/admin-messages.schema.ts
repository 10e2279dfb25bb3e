import { z } from 'zod';
import { safeString } from '../../common/safe-text';
import { idParamsSchema } from '../../common/schema-kit';

/** Contact messages in the admin area (spec §2 Contact Messages tab, §3, §4, §7). */

export const MESSAGE_NOT_FOUND = 'Message not found';

export const contactMessageIdParamsSchema = idParamsSchema(MESSAGE_NOT_FOUND);

/** One message as the admin list and the read call answer it. */
export const adminContactMessageSchema = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string(),
  subject: z.string(),
  message: z.string(),
  createdAt: z.string(),
  isRead: z.boolean(),
  /** When the organiser last replied from the admin (ISO); null while unanswered. */
  repliedAt: z.string().nullable(),
});
export type AdminContactMessage = z.infer<typeof adminContactMessageSchema>;

export const adminContactMessageListSchema = z.array(adminContactMessageSchema);

/** DELETE answers without the id. */
export const deleteContactMessageResponseSchema = z.object({ success: z.literal(true) });

export const REPLY_SUBJECT_REQUIRED = 'Subject is required';
export const REPLY_MESSAGE_REQUIRED = 'Message is required';
/** Room for 'Re: ' before the longest subject the contact form takes (300 characters). */
export const REPLY_SUBJECT_MAX = 400;
export const REPLY_MESSAGE_MAX = 20_000;
export const REPLY_SUBJECT_TOO_LONG = `Subject must be ${REPLY_SUBJECT_MAX} characters or less`;
export const REPLY_MESSAGE_TOO_LONG = `Message must be ${REPLY_MESSAGE_MAX.toLocaleString('en-US')} characters or less`;

/**
 * POST /api/admin/contact-messages/{id}/reply: the organiser's answer, plain text, e-mailed to the
 * sender. A subject is one line in the e-mail's header, so line breaks sent by a client other
 * than the admin's own form become spaces rather than reaching the header.
 */
export const contactReplySchema = z.object(
  {
    subject: safeString('Subject', { error: REPLY_SUBJECT_REQUIRED })
      .trim()
      .min(1, REPLY_SUBJECT_REQUIRED)
      .max(REPLY_SUBJECT_MAX, REPLY_SUBJECT_TOO_LONG)
      .transform((subject) => subject.replace(/\s*[\r\n]+\s*/g, ' ')),
    message: safeString('Message', { error: REPLY_MESSAGE_REQUIRED }).trim().min(1, REPLY_MESSAGE_REQUIRED).max(REPLY_MESSAGE_MAX, REPLY_MESSAGE_TOO_LONG),
  },
  { error: REPLY_MESSAGE_REQUIRED },
);
export type ContactReplyInput = z.input<typeof contactReplySchema>;
export type ContactReply = z.output<typeof contactReplySchema>;

/** The contact-message routes' schemas, by operation (messages are listed, read, replied to and deleted; the reply has its own route). */
export const contactMessageApiSchemas = { idParams: contactMessageIdParamsSchema, item: adminContactMessageSchema, list: adminContactMessageListSchema, removed: deleteContactMessageResponseSchema };
