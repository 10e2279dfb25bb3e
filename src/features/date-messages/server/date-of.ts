import { eq } from 'drizzle-orm';
import type { Database } from '../../../server/db/client';
import { workshopDates } from '../../../server/db/schema';
import { HttpError } from '../../../server/plugins/error-handler';
import { DATE_NOT_FOUND } from '../date-messages.schema';

export type WorkshopDateRow = typeof workshopDates.$inferSelect;

/** The workshop date, or 404. */
export async function dateOr404(db: Database, id: number): Promise<WorkshopDateRow> {
  const [date] = await db.select().from(workshopDates).where(eq(workshopDates.id, id)).limit(1);
  if (!date) throw new HttpError(404, DATE_NOT_FOUND);
  return date;
}
