import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, readJson } from '../../../../client/lib/api-client';
import { upsertNote } from '../../notes-list';
import { strategyNoteSchema, type StrategyNote, type StrategyNoteInput, type StrategyNoteUpdate } from '../../strategy-notes.schema';
import { STRATEGY_NOTES_KEY } from './get-strategy-notes';

/** A write the server answers with the saved note, which takes its place in the cached list at once. */
function useNoteWrite<Input>(send: (input: Input) => Promise<Response>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: Input): Promise<StrategyNote> => readJson(await send(input), strategyNoteSchema),
    onSuccess: (saved) => queryClient.setQueryData<StrategyNote[]>(STRATEGY_NOTES_KEY, (list) => upsertNote(list, saved)),
  });
}

/** POST /api/strategy-notes. */
export const useCreateStrategyNote = () => useNoteWrite((input: StrategyNoteInput) => apiRequest('POST', STRATEGY_NOTES_KEY[0], input));

/** PUT /api/strategy-notes/{id}: edit, archive or restore (any of the fields). */
export const useUpdateStrategyNote = () =>
  useNoteWrite(({ id, changes }: { id: number; changes: StrategyNoteUpdate }) => apiRequest('PUT', `${STRATEGY_NOTES_KEY[0]}/${id}`, changes));
