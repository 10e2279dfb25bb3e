import { and, count, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import { LIVE_WAITLIST_STATUSES } from '../../../common/booking-status';
import type { Database } from '../../../server/db/client';
import { waitlistEntries, workshopDates } from '../../../server/db/schema';
import type { WaitlistEntryRow } from '../../booking/server';

const isLive = (status: string) => (LIVE_WAITLIST_STATUSES as readonly string[]).includes(status);

/**
 * An entry's place in line (1 is next), or null once it is closed: for a date, among the date's
 * live entries and the entries waiting for its workshop's next date, in order of joining; for an
 * entry waiting for a workshop's next date, among those.
 */
export async function positionOf(db: Database, entry: Pick<WaitlistEntryRow, 'id' | 'status' | 'workshopDateId' | 'templateId'>): Promise<number | null> {
  if (!isLive(entry.status)) return null;
  const waitingForNext = (templateId: number | null | ReturnType<typeof sql>) => and(isNull(waitlistEntries.workshopDateId), eq(waitlistEntries.templateId, templateId as number));
  const scope =
    entry.workshopDateId === null
      ? waitingForNext(entry.templateId)
      : or(eq(waitlistEntries.workshopDateId, entry.workshopDateId), waitingForNext(sql`(select ${workshopDates.templateId} from ${workshopDates} where ${workshopDates.id} = ${entry.workshopDateId})`));
  const [row] = await db
    .select({ n: count() })
    .from(waitlistEntries)
    .where(and(inArray(waitlistEntries.status, [...LIVE_WAITLIST_STATUSES]), scope, lte(waitlistEntries.id, entry.id)));
  return row?.n ?? 1;
}

/** Places in line of several entries of one date at once (the admin's list): id → place. */
export function positionsInLine(entries: readonly Pick<WaitlistEntryRow, 'id' | 'status'>[]): Map<number, number> {
  const places = new Map<number, number>();
  for (const entry of [...entries].sort((a, b) => a.id - b.id)) if (isLive(entry.status)) places.set(entry.id, places.size + 1);
  return places;
}
