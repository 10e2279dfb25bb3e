import { desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../../server/db/client';
import { strategyNotes } from '../../../server/db/schema';
import { auditOf, type Actor } from '../../../server/lib/audit';
import { deleteRowOr404, insertRow, listRows, lockRowOr404, sentFields, withIsoDates } from '../../../server/lib/rows';
import { NOTE_NOT_FOUND, type StrategyNote, type StrategyNoteInput, type StrategyNoteUpdate } from '../strategy-notes.schema';

const audit = auditOf('strategy_note');

type Row = typeof strategyNotes.$inferSelect;

/** Active and archived notes together, the most recently changed first; the tab splits them. */
export function listStrategyNotes(db: Database): Promise<StrategyNote[]> {
  return listRows(db, strategyNotes, desc(strategyNotes.updatedAt), desc(strategyNotes.id));
}

export async function createStrategyNote(db: Database, actor: Actor, input: StrategyNoteInput): Promise<StrategyNote> {
  const row = await insertRow(db, strategyNotes, input, (tx, { id, title, category, isArchived }) =>
    audit(tx, actor, 'strategy_note_created', id, { title, category, isArchived }),
  );
  return withIsoDates(row);
}

/** The audit action of an update: archiving and restoring are told apart from plain edits. */
function updateAction(before: Row, isArchived: boolean | undefined): string {
  if (isArchived === undefined || isArchived === before.isArchived) return 'strategy_note_updated';
  return isArchived ? 'strategy_note_archived' : 'strategy_note_restored';
}

/** Changes any of the fields and stamps updatedAt; a body with no fields changes nothing. */
export async function updateStrategyNote(db: Database, actor: Actor, id: number, changes: StrategyNoteUpdate): Promise<StrategyNote> {
  return db.transaction(async (tx) => {
    const before = await lockRowOr404(tx, strategyNotes, id, NOTE_NOT_FOUND);

    const set = sentFields(changes);
    if (Object.keys(set).length === 0) return withIsoDates(before);

    // clock_timestamp(), not now(): now() is the transaction's start, which may precede the row lock.
    const [row] = await tx
      .update(strategyNotes)
      .set({ ...set, updatedAt: sql`clock_timestamp()` })
      .where(eq(strategyNotes.id, id))
      .returning();
    // Content can be 50,000 characters: the audit keeps which fields changed, not the whole text.
    const details: Record<string, unknown> = { title: row!.title, fields: Object.keys(set) };
    if (set.category !== undefined) details.category = set.category;
    if (set.isArchived !== undefined) details.isArchived = set.isArchived;
    await audit(tx, actor, updateAction(before, changes.isArchived), id, details);
    return withIsoDates(row!);
  });
}

export async function deleteStrategyNote(db: Database, actor: Actor, id: number): Promise<void> {
  await deleteRowOr404(db, strategyNotes, id, NOTE_NOT_FOUND, (tx, row) =>
    audit(tx, actor, 'strategy_note_deleted', id, { title: row.title, category: row.category, isArchived: row.isArchived }),
  );
}
