import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, readJson } from '../../../../client/lib/api-client';
import { newsletterQueuedSchema, type NewsletterInput, type NewsletterQueued } from '../../newsletter.schema';

/** POST /api/admin/newsletter/send: one paced outbox e-mail per active subscriber. */
export async function sendNewsletter(input: NewsletterInput): Promise<NewsletterQueued> {
  return readJson(await apiRequest('POST', '/api/admin/newsletter/send', input), newsletterQueuedSchema);
}

/** The admin outbox view lists these e-mails at once. */
const OUTBOX_KEY = ['/api/admin/outbox'] as const;

export function useSendNewsletter() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendNewsletter,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: OUTBOX_KEY }),
  });
}
