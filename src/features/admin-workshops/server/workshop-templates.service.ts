import { asc, eq } from 'drizzle-orm';
import type { Database } from '../../../server/db/client';
import { workshopTemplates } from '../../../server/db/schema';
import { auditOf, type Actor } from '../../../server/lib/audit';
import { deleteRowOr404, insertRow, listRows, withIsoDates } from '../../../server/lib/rows';
import { HttpError } from '../../../server/plugins/error-handler';
import { WORKSHOP_TEMPLATE_NOT_FOUND } from '../admin-workshops.schema';
import type { CreateWorkshopTemplate, UpdateWorkshopTemplateInput, WorkshopTemplate } from '../workshop-templates.schema';
import { textOrNull } from './admin-workshops.service';

/** Workshop templates: what a new workshop date can start from. */

const audit = auditOf('workshop_template');

export function listWorkshopTemplates(db: Database): Promise<WorkshopTemplate[]> {
  return listRows(db, workshopTemplates, asc(workshopTemplates.title), asc(workshopTemplates.id));
}

export async function createWorkshopTemplate(db: Database, actor: Actor, input: CreateWorkshopTemplate): Promise<WorkshopTemplate> {
  const values = { title: input.title.trim(), expertiseLevel: input.expertiseLevel, defaultSeats: input.defaultSeats, description: textOrNull(input.description) };
  const row = await insertRow(db, workshopTemplates, values, (tx, { id, title }) => audit(tx, actor, 'workshop_template_created', id, { title }));
  return withIsoDates(row);
}

export async function updateWorkshopTemplate(db: Database, actor: Actor, id: number, input: UpdateWorkshopTemplateInput): Promise<WorkshopTemplate> {
  return db.transaction(async (tx) => {
    const change: Partial<typeof workshopTemplates.$inferInsert> = { updatedAt: new Date() };
    if (input.title !== undefined) change.title = input.title.trim();
    if (input.expertiseLevel !== undefined) change.expertiseLevel = input.expertiseLevel;
    if (input.defaultSeats !== undefined) change.defaultSeats = input.defaultSeats;
    if (input.description !== undefined) change.description = textOrNull(input.description);
    const [row] = await tx.update(workshopTemplates).set(change).where(eq(workshopTemplates.id, id)).returning();
    if (!row) throw new HttpError(404, WORKSHOP_TEMPLATE_NOT_FOUND);
    const fields = Object.keys(input).filter((key) => input[key as keyof UpdateWorkshopTemplateInput] !== undefined);
    await audit(tx, actor, 'workshop_template_updated', id, { title: row.title, fields });
    return withIsoDates(row);
  });
}

/** Workshop dates made from the template keep their own data; their templateId becomes null (FK). */
export async function deleteWorkshopTemplate(db: Database, actor: Actor, id: number): Promise<void> {
  await deleteRowOr404(db, workshopTemplates, id, WORKSHOP_TEMPLATE_NOT_FOUND, (tx, row) => audit(tx, actor, 'workshop_template_deleted', id, { title: row.title }));
}
