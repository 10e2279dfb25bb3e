import { asc, eq } from 'drizzle-orm';
import type { Database } from '../../../server/db/client';
import { workshopTemplates } from '../../../server/db/schema';
import { recordAudit } from '../../../server/lib/audit';
import { HttpError } from '../../../server/plugins/error-handler';
import { WORKSHOP_TEMPLATE_NOT_FOUND } from '../admin-workshops.schema';
import type { CreateWorkshopTemplate, UpdateWorkshopTemplateInput, WorkshopTemplate } from '../workshop-templates.schema';
import type { Actor } from './admin-workshops.service';

/** Workshop templates: what a new workshop date can start from (spec §5). */

const AUDIT_ENTITY = 'workshop_template';

type TemplateRow = typeof workshopTemplates.$inferSelect;

function toWorkshopTemplate(row: TemplateRow): WorkshopTemplate {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    expertiseLevel: row.expertiseLevel,
    defaultSeats: row.defaultSeats,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

const descriptionOf = (value: string | null | undefined) => {
  const trimmed = value?.trim() ?? '';
  return trimmed === '' ? null : trimmed;
};

export async function listWorkshopTemplates(db: Database): Promise<WorkshopTemplate[]> {
  const rows = await db.select().from(workshopTemplates).orderBy(asc(workshopTemplates.title), asc(workshopTemplates.id));
  return rows.map(toWorkshopTemplate);
}

export async function createWorkshopTemplate(db: Database, actor: Actor, input: CreateWorkshopTemplate): Promise<WorkshopTemplate> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(workshopTemplates)
      .values({ title: input.title.trim(), expertiseLevel: input.expertiseLevel, defaultSeats: input.defaultSeats, description: descriptionOf(input.description) })
      .returning();
    await recordAudit(tx, { actor: actor.email, action: 'workshop_template_created', entity: AUDIT_ENTITY, entityId: row!.id, details: { title: row!.title } });
    return toWorkshopTemplate(row!);
  });
}

export async function updateWorkshopTemplate(db: Database, actor: Actor, id: number, input: UpdateWorkshopTemplateInput): Promise<WorkshopTemplate> {
  return db.transaction(async (tx) => {
    const change: Partial<typeof workshopTemplates.$inferInsert> = { updatedAt: new Date() };
    if (input.title !== undefined) change.title = input.title.trim();
    if (input.expertiseLevel !== undefined) change.expertiseLevel = input.expertiseLevel;
    if (input.defaultSeats !== undefined) change.defaultSeats = input.defaultSeats;
    if (input.description !== undefined) change.description = descriptionOf(input.description);
    const [row] = await tx.update(workshopTemplates).set(change).where(eq(workshopTemplates.id, id)).returning();
    if (!row) throw new HttpError(404, WORKSHOP_TEMPLATE_NOT_FOUND);
    const fields = Object.keys(input).filter((key) => input[key as keyof UpdateWorkshopTemplateInput] !== undefined);
    await recordAudit(tx, { actor: actor.email, action: 'workshop_template_updated', entity: AUDIT_ENTITY, entityId: id, details: { fields } });
    return toWorkshopTemplate(row);
  });
}

/** Workshop dates made from the template keep their own data; their templateId becomes null (FK). */
export async function deleteWorkshopTemplate(db: Database, actor: Actor, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx.delete(workshopTemplates).where(eq(workshopTemplates.id, id)).returning();
    if (!row) throw new HttpError(404, WORKSHOP_TEMPLATE_NOT_FOUND);
    await recordAudit(tx, { actor: actor.email, action: 'workshop_template_deleted', entity: AUDIT_ENTITY, entityId: id, details: { title: row.title } });
  });
}
