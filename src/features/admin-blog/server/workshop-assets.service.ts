import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../../server/db/client';
import { workshopAssets, workshopDates } from '../../../server/db/schema';
import { auditOf, changedNewValues, type Actor } from '../../../server/lib/audit';
import { deleteRowOr404, listRows, refusedAs, lockRowOr404, sentFields, withIsoDates } from '../../../server/lib/rows';
import { sanitizeHtml } from '../../../server/lib/sanitize-html';
import { HttpError } from '../../../server/plugins/error-handler';
import {
  ASSET_NOT_FOUND,
  REORDER_INVALID,
  WORKSHOP_DATE_NOT_FOUND,
  type AdminWorkshopAsset,
  type WorkshopAssetInput,
  type WorkshopAssetReorder,
  type WorkshopAssetUpdate,
} from '../admin-blog.schema';

const audit = auditOf('workshop_asset');

type Row = typeof workshopAssets.$inferSelect;

async function requireWorkshopDate(db: Database, workshopDateId: number | null): Promise<void> {
  if (workshopDateId === null) return;
  const [date] = await db.select({ id: workshopDates.id }).from(workshopDates).where(eq(workshopDates.id, workshopDateId)).limit(1);
  if (!date) throw new HttpError(400, WORKSHOP_DATE_NOT_FOUND);
}

/** The workshop date was deleted while the asset was saved (the foreign key refused it): 400 as for an unknown date. */
const withWorkshopDateCheck = <T>(work: () => Promise<T>): Promise<T> => refusedAs(work, '23503', () => new HttpError(400, WORKSHOP_DATE_NOT_FOUND));

/** Every asset: those for all workshops first, then by workshop date, each by sortOrder (then id). */
export function listAdminWorkshopAssets(db: Database): Promise<AdminWorkshopAsset[]> {
  return listRows(db, workshopAssets, sql`${workshopAssets.workshopDateId} asc nulls first`, asc(workshopAssets.sortOrder), asc(workshopAssets.id));
}

export async function createWorkshopAsset(db: Database, actor: Actor, input: WorkshopAssetInput): Promise<AdminWorkshopAsset> {
  return withWorkshopDateCheck(() =>
    db.transaction(async (tx) => {
      await requireWorkshopDate(tx, input.workshopDateId);
      const [row] = await tx
        .insert(workshopAssets)
        .values({
          title: input.title,
          description: input.description,
          type: input.type,
          content: sanitizeHtml(input.content),
          sortOrder: input.sortOrder,
          workshopDateId: input.workshopDateId,
        })
        .returning();
      await audit(tx, actor, 'workshop_asset_created', row!.id, { title: row!.title, type: row!.type, workshopDateId: row!.workshopDateId });
      return withIsoDates(row!);
    }),
  );
}

export async function updateWorkshopAsset(db: Database, actor: Actor, id: number, changes: WorkshopAssetUpdate): Promise<AdminWorkshopAsset> {
  return withWorkshopDateCheck(() =>
    db.transaction(async (tx) => {
      const before = await lockRowOr404(tx, workshopAssets, id, ASSET_NOT_FOUND);

      const set: Partial<typeof workshopAssets.$inferInsert> = sentFields(changes);
      if (set.content !== undefined) set.content = sanitizeHtml(set.content);
      if (set.workshopDateId !== undefined) await requireWorkshopDate(tx, set.workshopDateId);
      if (Object.keys(set).length === 0) return withIsoDates(before);

      const [row] = await tx
        .update(workshopAssets)
        .set({ ...set, updatedAt: new Date() })
        .where(eq(workshopAssets.id, id))
        .returning();
      const { content: _content, ...rest } = set;
      const contentChanged = set.content !== undefined && set.content !== before.content;
      await audit(tx, actor, 'workshop_asset_updated', id, { title: row!.title, changes: changedNewValues(before, rest), contentChanged });
      return withIsoDates(row!);
    }),
  );
}

/**
 * Gives the listed assets sortOrder 0, 1, 2… in the order sent, in one transaction, so an up or
 * down move never leaves two assets half-swapped. Unknown ids: 400 and nothing changes.
 */
export async function reorderWorkshopAssets(db: Database, actor: Actor, { ids }: WorkshopAssetReorder): Promise<AdminWorkshopAsset[]> {
  return db.transaction(async (tx) => {
    const rows = await tx.select({ id: workshopAssets.id }).from(workshopAssets).where(inArray(workshopAssets.id, ids)).for('update');
    if (rows.length !== ids.length) throw new HttpError(400, REORDER_INVALID);
    const updated: Row[] = [];
    for (const [position, id] of ids.entries()) {
      const [row] = await tx
        .update(workshopAssets)
        .set({ sortOrder: position, updatedAt: new Date() })
        .where(eq(workshopAssets.id, id))
        .returning();
      updated.push(row!);
    }
    await audit(tx, actor, 'workshop_assets_reordered', undefined, { ids });
    return updated.map((row) => withIsoDates(row));
  });
}

export async function deleteWorkshopAsset(db: Database, actor: Actor, id: number): Promise<void> {
  await deleteRowOr404(db, workshopAssets, id, ASSET_NOT_FOUND, (tx, row) =>
    audit(tx, actor, 'workshop_asset_deleted', id, { title: row.title, type: row.type, workshopDateId: row.workshopDateId }),
  );
}
