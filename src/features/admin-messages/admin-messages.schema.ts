import { z } from 'zod';

/** Contact messages in the admin area (spec §2 Contact Messages tab, §3, §4, §7). */

export const MESSAGE_NOT_FOUND = 'Message not found';

export const contactMessageIdParamsSchema = z.object({
  id: z.coerce.number({ error: MESSAGE_NOT_FOUND }).int(MESSAGE_NOT_FOUND).positive(MESSAGE_NOT_FOUND).max(2_147_483_647, MESSAGE_NOT_FOUND),
});

/** One message as the admin list and the read call answer it. */
export const adminContactMessageSchema = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string(),
  subject: z.string(),
  message: z.string(),
  createdAt: z.string(),
  isRead: z.boolean(),
});
export type AdminContactMessage = z.infer<typeof adminContactMessageSchema>;

export const adminContactMessageListSchema = z.array(adminContactMessageSchema);

/** DELETE answers without the id (spec §7). */
export const deleteContactMessageResponseSchema = z.object({ success: z.literal(true) });

/** The contact-message routes' schemas, by operation (messages are only listed, read and deleted). */
export const contactMessageApiSchemas = { idParams: contactMessageIdParamsSchema, item: adminContactMessageSchema, list: adminContactMessageListSchema, removed: deleteContactMessageResponseSchema };
