import { useMutation, useQueryClient } from '@tanstack/react-query';
import { invalidateAdminOverview } from '../../../../client/lib/admin-queries';
import { apiRequest, readJson } from '../../../../client/lib/api-client';
import { adminContactMessageSchema, type AdminContactMessage, type ContactReply } from '../../admin-messages.schema';
import { CONTACT_MESSAGES_KEY } from './contact-messages-resource';

/** POST /api/admin/contact-messages/{id}/reply: the reply is queued in the outbox; answers the message, now replied. */
export async function replyToMessage({ id, reply }: { id: number; reply: ContactReply }): Promise<AdminContactMessage> {
  const response = await apiRequest('POST', `/api/admin/contact-messages/${id}/reply`, reply);
  return readJson(response, adminContactMessageSchema);
}

/** Puts the answer into the cached list (replied, read) and refreshes the unread badge, as replying also reads it. */
export function useReplyToMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: replyToMessage,
    onSuccess: async (updated) => {
      queryClient.setQueryData<AdminContactMessage[]>(CONTACT_MESSAGES_KEY, (list) =>
        list?.map((message) => (message.id === updated.id ? updated : message)),
      );
      await invalidateAdminOverview(queryClient);
    },
  });
}
