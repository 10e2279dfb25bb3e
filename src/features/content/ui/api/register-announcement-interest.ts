import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../../client/lib/api-client';
import type { AnnouncementInterestInput } from '../../content.schema';

/** An ok status means success; the body is not read. */
export async function registerAnnouncementInterest(input: AnnouncementInterestInput): Promise<void> {
  await apiRequest('POST', '/api/announcements/interest', input);
}

export function useRegisterAnnouncementInterest() {
  return useMutation({ mutationFn: registerAnnouncementInterest });
}
