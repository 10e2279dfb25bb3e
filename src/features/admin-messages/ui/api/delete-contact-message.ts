import { useMutation, useQueryClient } from '@tanstack/react-query';
import { invalidateAdminOverview } from '../../../../client/lib/admin-queries';
import { apiRequest } from '../../../../client/lib/api-client';
import type { AdminContactMessage } from '../../admin-messages.schema';
import { CONTACT_MESSAGES_KEY } from './get-contact-messages';

/** DELETE /api/admin/contact-messages/{id}. */
export async function deleteContactMessage(id: number): Promise<void> {
  await apiRequest('DELETE', `/api/admin/contact-messages/${id}`);
}

/** Deleting an unread message also lowers the dashboard's unread badge. */
export function useDeleteContactMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteContactMessage,
    onSuccess: async (_result, id) => {
      queryClient.setQueryData<AdminContactMessage[]>(CONTACT_MESSAGES_KEY, (list) => list?.filter((message) => message.id !== id));
      await invalidateAdminOverview(queryClient);
    },
  });
}
