import { queryOptions, useQuery } from '@tanstack/react-query';
import { ADMIN_FRESH_MS, adminQueryDefaults } from '../../../../client/lib/admin-queries';
import { apiGet } from '../../../../client/lib/api-client';
import { adminContactMessageListSchema, type AdminContactMessage } from '../../admin-messages.schema';

/** Spec §7: contact messages stay fresh for 2 minutes. */
export const CONTACT_MESSAGES_KEY = ['/api/admin/contact-messages'] as const;

export function getContactMessages(): Promise<AdminContactMessage[]> {
  return apiGet(CONTACT_MESSAGES_KEY[0], adminContactMessageListSchema);
}

export const contactMessagesQueryOptions = () =>
  queryOptions({ queryKey: CONTACT_MESSAGES_KEY, queryFn: getContactMessages, ...adminQueryDefaults(ADMIN_FRESH_MS.contactMessages) });

export function useContactMessages() {
  return useQuery(contactMessagesQueryOptions());
}
