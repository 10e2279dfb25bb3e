import { z } from 'zod';
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
});
export type AdminContactMessage = z.infer<typeof adminContactMessageSchema>;

export const adminContactMessageListSchema = z.array(adminContactMessageSchema);

/** DELETE answers without the id (spec §7). */
export const deleteContactMessageResponseSchema = z.object({ success: z.literal(true) });

/** The contact-message routes' schemas, by operation (messages are only listed, read and deleted). */
export const contactMessageApiSchemas = { idParams: contactMessageIdParamsSchema, item: adminContactMessageSchema, list: adminContactMessageListSchema, removed: deleteContactMessageResponseSchema };
