import { ADMIN_FRESH_MS } from '../../../../client/lib/admin-queries';
import type { AdminResource } from '../../../../client/lib/admin-resource';
import { strategyNoteSchema, type StrategyNote } from '../../strategy-notes.schema';

/** Strategy notes (spec §7: fresh for 5 minutes); edit, archive and restore are all updates. */
export const strategyNotesResource: AdminResource<StrategyNote> = {
  path: '/api/strategy-notes',
  names: { one: 'Strategy Note', many: 'Strategy Notes' },
  rowSchema: strategyNoteSchema,
  freshMs: ADMIN_FRESH_MS.strategyNotes,
};
