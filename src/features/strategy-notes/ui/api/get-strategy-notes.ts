import { ADMIN_FRESH_MS, adminQueryDefaults } from '../../../../client/lib/admin-queries';
import { apiRead } from '../../../../client/lib/api-read';
import { strategyNoteListSchema } from '../../strategy-notes.schema';

/** Spec §7: strategy notes stay fresh for 5 minutes. */
const read = apiRead('/api/strategy-notes', strategyNoteListSchema, adminQueryDefaults(ADMIN_FRESH_MS.strategyNotes));

export const STRATEGY_NOTES_KEY = read.key;
export const useStrategyNotes = read.useRead;
