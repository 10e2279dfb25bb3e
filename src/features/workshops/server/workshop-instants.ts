import { eq } from 'drizzle-orm';
import { rangeWrapsMidnight, workshopInterval } from '../../../common/dates';
import type { Database } from '../../../server/db/client';
import { workshopDates } from '../../../server/db/schema';

/**
 * Every workshop date's start and end, derived again at each start from what the organiser typed
 * under the zone rules in force. The first start after real zones corrects the rows
 * written with fixed offsets ('PST' as UTC−8 in July); later starts correct dates whose zone's
 * rules changed with the runtime's time zone data. A range that ends past midnight ('10:00 PM -
 * 1:00 AM') was always read as ending the next day; such rows now say so (endsNextDay), as a new
 * one must. Text no zone rules read (an old row's unknown zone) keeps its stored instants.
 * Returns how many dates changed; idempotent, and cheap (one read of the dates).
 */
export async function rederiveWorkshopInstants(db: Database): Promise<number> {
  const rows = await db
    .select({
      id: workshopDates.id,
      date: workshopDates.date,
      time: workshopDates.time,
      timezone: workshopDates.timezone,
      isTBC: workshopDates.isTBC,
      endsNextDay: workshopDates.endsNextDay,
      startsAt: workshopDates.startsAt,
      endsAt: workshopDates.endsAt,
    })
    .from(workshopDates);
  let changed = 0;
  for (const row of rows) {
    if (row.isTBC) continue;
    const endsNextDay = row.endsNextDay || rangeWrapsMidnight(row.time);
    const interval = workshopInterval(row.date, row.time, row.timezone, endsNextDay);
    if (!interval) continue;
    const same =
      endsNextDay === row.endsNextDay &&
      row.startsAt?.getTime() === interval.start.getTime() &&
      row.endsAt?.getTime() === interval.end.getTime();
    if (same) continue;
    await db
      .update(workshopDates)
      .set({ startsAt: interval.start, endsAt: interval.end, endsNextDay })
      .where(eq(workshopDates.id, row.id));
    changed += 1;
  }
  return changed;
}
