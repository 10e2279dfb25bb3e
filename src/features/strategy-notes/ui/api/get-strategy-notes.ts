import { queryOptions, useQuery } from '@tanstack/react-query';
import { ADMIN_FRESH_MS, adminQueryDefaults } from '../../../../client/lib/admin-queries';
import { apiGet } from '../../../../client/lib/api-client';
import { strategyNoteListSchema, type StrategyNote } from '../../strategy-notes.schema';

/** Spec §7: strategy notes stay fresh for 5 minutes. */
export const STRATEGY_NOTES_KEY = ['/api/strategy-notes'] as const;

export function getStrategyNotes(): Promise<StrategyNote[]> {
  return apiGet(STRATEGY_NOTES_KEY[0], strategyNoteListSchema);
}

export const strategyNotesQueryOptions = () =>
  queryOptions({ queryKey: STRATEGY_NOTES_KEY, queryFn: getStrategyNotes, ...adminQueryDefaults(ADMIN_FRESH_MS.strategyNotes) });

export function useStrategyNotes() {
  return useQuery(strategyNotesQueryOptions());
}
