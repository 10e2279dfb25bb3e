import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, readJson } from '../../../../client/lib/api-client';
import { upsertNote } from '../../notes-list';
import { strategyNoteSchema, type StrategyNote, type StrategyNoteInput } from '../../strategy-notes.schema';
import { STRATEGY_NOTES_KEY } from './get-strategy-notes';

/** POST /api/strategy-notes. */
export async function createStrategyNote(input: StrategyNoteInput): Promise<StrategyNote> {
  const response = await apiRequest('POST', STRATEGY_NOTES_KEY[0], input);
  return readJson(response, strategyNoteSchema);
}

export function useCreateStrategyNote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createStrategyNote,
    onSuccess: (created) => queryClient.setQueryData<StrategyNote[]>(STRATEGY_NOTES_KEY, (list) => upsertNote(list, created)),
  });
}
