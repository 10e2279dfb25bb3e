import { useMutation } from '@tanstack/react-query';
import { apiRequest, readJson } from '../../../../client/lib/api-client';
import { newsletterPreviewSchema, type NewsletterInput, type NewsletterPreview } from '../../newsletter.schema';

/** POST /api/admin/newsletter/preview: the sanitised e-mail as subscribers will see it. */
export async function previewNewsletter(input: NewsletterInput): Promise<NewsletterPreview> {
  return readJson(await apiRequest('POST', '/api/admin/newsletter/preview', input), newsletterPreviewSchema);
}

export function usePreviewNewsletter() {
  return useMutation({ mutationFn: previewNewsletter });
}
