import { ADMIN_FRESH_MS, ADMIN_STATS_KEY, ADMIN_SUMMARY_KEY } from '../../../../client/lib/admin-queries';
import type { AdminResource } from '../../../../client/lib/admin-resource';
import { adminContactMessageSchema, type AdminContactMessage } from '../../admin-messages.schema';

/** Contact messages stay fresh for 2 minutes; a change also moves the unread badge. */
export const contactMessagesResource: AdminResource<AdminContactMessage> = {
  path: '/api/admin/contact-messages',
  names: { one: 'Message', many: 'Messages' },
  rowSchema: adminContactMessageSchema,
  freshMs: ADMIN_FRESH_MS.contactMessages,
  alsoRefresh: [ADMIN_SUMMARY_KEY, ADMIN_STATS_KEY],
};

export const CONTACT_MESSAGES_KEY = [contactMessagesResource.path] as const;
