import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, readJson } from '../../../../client/lib/api-client';
import { newsletterTestSentSchema, type NewsletterInput, type NewsletterTestSent } from '../../newsletter.schema';

/** POST /api/admin/newsletter/test: one copy, as subscribers get it, to the signed-in admin. */
export async function sendTestNewsletter(input: NewsletterInput): Promise<NewsletterTestSent> {
  return readJson(await apiRequest('POST', '/api/admin/newsletter/test', input), newsletterTestSentSchema);
}

/** The admin outbox view lists the copy at once. */
const OUTBOX_KEY = ['/api/admin/outbox'] as const;

export function useSendTestNewsletter() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendTestNewsletter,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: OUTBOX_KEY }),
  });
}
