import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, readJson } from '../../../../client/lib/api-client';
import { participantProfileSchema, type ParticipantProfile, type ParticipantProfileValues } from '../../participant.schema';
import { participantProfileUrl } from './get-participant-profile';

type SaveProfile = { bookingId: number; profile: ParticipantProfileValues };

/** PUT /api/participant/profile/{bookingId}. */
export async function saveParticipantProfile({ bookingId, profile }: SaveProfile): Promise<ParticipantProfile> {
  const response = await apiRequest('PUT', participantProfileUrl(bookingId), profile);
  return readJson(response, participantProfileSchema);
}

export function useSaveParticipantProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveParticipantProfile,
    onSuccess: (saved, { bookingId }) => {
      queryClient.setQueryData([participantProfileUrl(bookingId)], saved);
    },
  });
}
