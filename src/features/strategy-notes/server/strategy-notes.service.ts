import { desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../../server/db/client';
import { strategyNotes } from '../../../server/db/schema';
import { recordAudit } from '../../../server/lib/audit';
import { HttpError } from '../../../server/plugins/error-handler';
import { NOTE_NOT_FOUND, type StrategyNote, type StrategyNoteInput, type StrategyNoteUpdate } from '../strategy-notes.schema';

const ENTITY = 'strategy_note';

type Row = typeof strategyNotes.$inferSelect;

function toStrategyNote(row: Row): StrategyNote {
  return {
    id: row.id,
    title: row.title,
    content: row.content,
    category: row.category,
    isArchived: row.isArchived,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Active and archived notes together, the most recently changed first; the tab splits them. */
export async function listStrategyNotes(db: Database): Promise<StrategyNote[]> {
  const rows = await db.select().from(strategyNotes).orderBy(desc(strategyNotes.updatedAt), desc(strategyNotes.id));
  return rows.map(toStrategyNote);
}

export async function createStrategyNote(db: Database, actor: string, input: StrategyNoteInput): Promise<StrategyNote> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(strategyNotes)
      .values({ title: input.title, content: input.content, category: input.category, isArchived: input.isArchived })
      .returning();
    await recordAudit(tx, {
      actor,
      action: 'strategy_note_created',
      entity: ENTITY,
      entityId: row!.id,
      details: { title: row!.title, category: row!.category, isArchived: row!.isArchived },
    });
    return toStrategyNote(row!);
  });
}

/** The audit action of an update: archiving and restoring are told apart from plain edits. */
function updateAction(before: Row, isArchived: boolean | undefined): string {
  if (isArchived === undefined || isArchived === before.isArchived) return 'strategy_note_updated';
  return isArchived ? 'strategy_note_archived' : 'strategy_note_restored';
}

/** Changes any of the fields and stamps updatedAt; a body with no fields changes nothing. */
export async function updateStrategyNote(db: Database, actor: string, id: number, changes: StrategyNoteUpdate): Promise<StrategyNote> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(strategyNotes).where(eq(strategyNotes.id, id)).for('update');
    if (!before) throw new HttpError(404, NOTE_NOT_FOUND);

    const set: Partial<typeof strategyNotes.$inferInsert> = {};
    if (changes.title !== undefined) set.title = changes.title;
    if (changes.content !== undefined) set.content = changes.content;
    if (changes.category !== undefined) set.category = changes.category;
    if (changes.isArchived !== undefined) set.isArchived = changes.isArchived;
    if (Object.keys(set).length === 0) return toStrategyNote(before);

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
    await recordAudit(tx, { actor, action: updateAction(before, changes.isArchived), entity: ENTITY, entityId: id, details });
    return toStrategyNote(row!);
  });
}

export async function deleteStrategyNote(db: Database, actor: string, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx.delete(strategyNotes).where(eq(strategyNotes.id, id)).returning();
    if (!row) throw new HttpError(404, NOTE_NOT_FOUND);
    await recordAudit(tx, {
      actor,
      action: 'strategy_note_deleted',
      entity: ENTITY,
      entityId: id,
      details: { title: row.title, category: row.category, isArchived: row.isArchived },
    });
  });
}
