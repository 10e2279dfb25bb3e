import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../../client/lib/api-client';
import type { StrategyNote } from '../../strategy-notes.schema';
import { STRATEGY_NOTES_KEY } from './get-strategy-notes';

/** DELETE /api/strategy-notes/{id}. */
export async function deleteStrategyNote(id: number): Promise<void> {
  await apiRequest('DELETE', `${STRATEGY_NOTES_KEY[0]}/${id}`);
}

export function useDeleteStrategyNote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteStrategyNote,
    onSuccess: (_result, id) => queryClient.setQueryData<StrategyNote[]>(STRATEGY_NOTES_KEY, (list) => list?.filter((note) => note.id !== id)),
  });
}
