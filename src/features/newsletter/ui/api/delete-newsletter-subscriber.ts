import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../../client/lib/api-client';
import type { Subscriber } from '../../newsletter.schema';
import { NEWSLETTER_SUBSCRIBERS_KEY } from './get-newsletter-subscribers';

/** DELETE /api/admin/newsletter-subscribers/{id}. */
export async function deleteNewsletterSubscriber(id: number): Promise<void> {
  await apiRequest('DELETE', `${NEWSLETTER_SUBSCRIBERS_KEY[0]}/${id}`);
}

export function useDeleteNewsletterSubscriber() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteNewsletterSubscriber,
    onSuccess: async (_result, id) => {
      queryClient.setQueryData<Subscriber[]>(NEWSLETTER_SUBSCRIBERS_KEY, (list) => list?.filter((subscriber) => subscriber.id !== id));
      await queryClient.invalidateQueries({ queryKey: NEWSLETTER_SUBSCRIBERS_KEY });
    },
  });
}
