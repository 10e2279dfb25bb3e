import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../../server/db/client';
import { workshopAssets, workshopDates } from '../../../server/db/schema';
import { recordAudit } from '../../../server/lib/audit';
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

const ENTITY = 'workshop_asset';

type Row = typeof workshopAssets.$inferSelect;

function toAdminWorkshopAsset(row: Row): AdminWorkshopAsset {
  return {
    id: row.id,
    workshopDateId: row.workshopDateId,
    title: row.title,
    description: row.description,
    type: row.type,
    content: row.content,
    sortOrder: row.sortOrder,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Postgres 23503 (foreign_key_violation): the workshop date was deleted while the asset was saved. */
function isForeignKeyViolation(error: unknown): boolean {
  for (let current: unknown = error, depth = 0; current && depth < 4; depth++) {
    if (typeof current === 'object' && 'code' in current && (current as { code?: unknown }).code === '23503') return true;
    current = typeof current === 'object' && 'cause' in current ? (current as { cause?: unknown }).cause : undefined;
  }
  return false;
}

async function requireWorkshopDate(db: Database, workshopDateId: number | null): Promise<void> {
  if (workshopDateId === null) return;
  const [date] = await db.select({ id: workshopDates.id }).from(workshopDates).where(eq(workshopDates.id, workshopDateId)).limit(1);
  if (!date) throw new HttpError(400, WORKSHOP_DATE_NOT_FOUND);
}

async function withWorkshopDateCheck<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isForeignKeyViolation(error)) throw new HttpError(400, WORKSHOP_DATE_NOT_FOUND);
    throw error;
  }
}

/** Every asset: those for all workshops first, then by workshop date, each by sortOrder (then id). */
export async function listAdminWorkshopAssets(db: Database): Promise<AdminWorkshopAsset[]> {
  const rows = await db
    .select()
    .from(workshopAssets)
    .orderBy(sql`${workshopAssets.workshopDateId} asc nulls first`, asc(workshopAssets.sortOrder), asc(workshopAssets.id));
  return rows.map(toAdminWorkshopAsset);
}

export async function createWorkshopAsset(db: Database, actor: string, input: WorkshopAssetInput): Promise<AdminWorkshopAsset> {
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
      await recordAudit(tx, {
        actor,
        action: 'workshop_asset_created',
        entity: ENTITY,
        entityId: row!.id,
        details: { title: row!.title, type: row!.type, workshopDateId: row!.workshopDateId },
      });
      return toAdminWorkshopAsset(row!);
    }),
  );
}

export async function updateWorkshopAsset(db: Database, actor: string, id: number, changes: WorkshopAssetUpdate): Promise<AdminWorkshopAsset> {
  return withWorkshopDateCheck(() =>
    db.transaction(async (tx) => {
      const [before] = await tx.select().from(workshopAssets).where(eq(workshopAssets.id, id)).for('update');
      if (!before) throw new HttpError(404, ASSET_NOT_FOUND);

      const set: Partial<typeof workshopAssets.$inferInsert> = {};
      if (changes.title !== undefined) set.title = changes.title;
      if (changes.description !== undefined) set.description = changes.description;
      if (changes.type !== undefined) set.type = changes.type;
      if (changes.content !== undefined) set.content = sanitizeHtml(changes.content);
      if (changes.sortOrder !== undefined) set.sortOrder = changes.sortOrder;
      if (changes.workshopDateId !== undefined) {
        await requireWorkshopDate(tx, changes.workshopDateId);
        set.workshopDateId = changes.workshopDateId;
      }
      if (Object.keys(set).length === 0) return toAdminWorkshopAsset(before);

      const [row] = await tx
        .update(workshopAssets)
        .set({ ...set, updatedAt: new Date() })
        .where(eq(workshopAssets.id, id))
        .returning();
      const changed = Object.fromEntries(Object.entries(set).filter(([key]) => key !== 'content'));
      await recordAudit(tx, {
        actor,
        action: 'workshop_asset_updated',
        entity: ENTITY,
        entityId: id,
        details: { title: row!.title, changes: changed, contentChanged: set.content !== undefined && set.content !== before.content },
      });
      return toAdminWorkshopAsset(row!);
    }),
  );
}

/**
 * Gives the listed assets sortOrder 0, 1, 2… in the order sent, in one transaction, so an up or
 * down move never leaves two assets half-swapped. Unknown ids: 400 and nothing changes.
 */
export async function reorderWorkshopAssets(db: Database, actor: string, { ids }: WorkshopAssetReorder): Promise<AdminWorkshopAsset[]> {
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
    await recordAudit(tx, { actor, action: 'workshop_assets_reordered', entity: ENTITY, details: { ids } });
    return updated.map(toAdminWorkshopAsset);
  });
}

export async function deleteWorkshopAsset(db: Database, actor: string, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx.delete(workshopAssets).where(eq(workshopAssets.id, id)).returning();
    if (!row) throw new HttpError(404, ASSET_NOT_FOUND);
    await recordAudit(tx, {
      actor,
      action: 'workshop_asset_deleted',
      entity: ENTITY,
      entityId: id,
      details: { title: row.title, type: row.type, workshopDateId: row.workshopDateId },
    });
  });
}
