import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, readJson } from '../../../../client/lib/api-client';
import { upsertNote } from '../../notes-list';
import { strategyNoteSchema, type StrategyNote, type StrategyNoteUpdate } from '../../strategy-notes.schema';
import { STRATEGY_NOTES_KEY } from './get-strategy-notes';

/** PUT /api/strategy-notes/{id}: edit, archive or restore (any of the fields). */
export async function updateStrategyNote({ id, changes }: { id: number; changes: StrategyNoteUpdate }): Promise<StrategyNote> {
  const response = await apiRequest('PUT', `${STRATEGY_NOTES_KEY[0]}/${id}`, changes);
  return readJson(response, strategyNoteSchema);
}

export function useUpdateStrategyNote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateStrategyNote,
    onSuccess: (updated) => queryClient.setQueryData<StrategyNote[]>(STRATEGY_NOTES_KEY, (list) => upsertNote(list, updated)),
  });
}
