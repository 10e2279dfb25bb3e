import { z } from 'zod';
import { safeString } from '../../common/safe-text';
import { emailField } from '../booking';

export const contactMessageSchema = z.object({
  name: safeString('Name', { error: 'Name must be at least 2 characters' }).trim().min(2, 'Name must be at least 2 characters').max(200, 'Name must be 200 characters or less'),
  email: emailField,
  subject: safeString('Subject', { error: 'Subject must be at least 2 characters' }).trim().min(2, 'Subject must be at least 2 characters').max(300, 'Subject must be 300 characters or less'),
  message: safeString('Message', { error: 'Message must be at least 10 characters' }).trim().min(10, 'Message must be at least 10 characters').max(5000, 'Message must be 5000 characters or less'),
  /** Set when the visitor asks to hear about new workshops. */
  subscribeToNewsletter: z.boolean().optional().default(false),
});
export type ContactMessageInput = z.input<typeof contactMessageSchema>;
