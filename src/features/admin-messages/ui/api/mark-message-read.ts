import { useMutation, useQueryClient } from '@tanstack/react-query';
import { invalidateAdminOverview } from '../../../../client/lib/admin-queries';
import { apiRequest, readJson } from '../../../../client/lib/api-client';
import { adminContactMessageSchema, type AdminContactMessage } from '../../admin-messages.schema';
import { CONTACT_MESSAGES_KEY } from './contact-messages-resource';

/** PUT /api/admin/contact-messages/{id}/read, with no body. */
export async function markMessageRead(id: number): Promise<AdminContactMessage> {
  const response = await apiRequest('PUT', `/api/admin/contact-messages/${id}/read`);
  return readJson(response, adminContactMessageSchema);
}

/** Puts the answer into the cached list and refreshes the unread badge on the dashboard. */
export function useMarkMessageRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markMessageRead,
    onSuccess: async (updated) => {
      queryClient.setQueryData<AdminContactMessage[]>(CONTACT_MESSAGES_KEY, (list) =>
        list?.map((message) => (message.id === updated.id ? updated : message)),
      );
      await invalidateAdminOverview(queryClient);
    },
  });
}
