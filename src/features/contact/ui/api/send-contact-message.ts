import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../../client/lib/api-client';
import type { ContactMessageInput } from '../../contact.schema';

/** Only success or failure matters to the visitor. */
export async function sendContactMessage(input: ContactMessageInput): Promise<void> {
  await apiRequest('POST', '/api/contact', input);
}

export function useSendContactMessage() {
  return useMutation({ mutationFn: sendContactMessage });
}
