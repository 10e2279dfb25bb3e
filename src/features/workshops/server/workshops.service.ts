import { and, asc, eq, gt, isNull, or, sql } from 'drizzle-orm';
import { centsToDollars } from '../../../common/money';
import type { Database } from '../../../server/db/client';
import { publicSeatsLeft } from '../../../server/db/public-seats';
import { workshopDates } from '../../../server/db/schema';
import type { PublicWorkshopDate } from '../workshops.schema';
import { zonedTimesOf } from '../zoned-times';

type WorkshopDateRow = typeof workshopDates.$inferSelect;

/** A date as visitors see it; `seatsLeft` is publicSeatsLeft(), the seats the public can book. */
export function toPublicWorkshopDate({ row, seatsLeft }: { row: WorkshopDateRow; seatsLeft: number }): PublicWorkshopDate {
  const tbc = row.isTBC || !row.date || !row.time;
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    date: tbc ? '' : row.date,
    time: tbc ? '' : row.time,
    timezone: row.timezone,
    expertiseLevel: row.expertiseLevel,
    price: centsToDollars(row.priceCents),
    seatsTotal: row.seatsTotal,
    seatsRemaining: seatsLeft,
    waitlistOpen: seatsLeft === 0,
    templateId: row.templateId,
    isTBC: tbc,
    isFeatured: row.isFeatured,
    endsNextDay: !tbc && row.endsNextDay,
    ...zonedTimesOf({ ...row, isTBC: tbc }),
  };
}

/**
 * Visitors see active dates that have not ended, by start time, TBC last
 * (served by workshop_dates_public_idx).
 */
export function isPubliclyListed(now: Date) {
  return and(eq(workshopDates.isActive, true), or(isNull(workshopDates.endsAt), gt(workshopDates.endsAt, now)));
}

export async function listPublicWorkshopDates(db: Database, now = new Date()): Promise<PublicWorkshopDate[]> {
  const rows = await db
    .select({ row: workshopDates, seatsLeft: publicSeatsLeft() })
    .from(workshopDates)
    .where(isPubliclyListed(now))
    .orderBy(sql`${workshopDates.startsAt} asc nulls last`, asc(workshopDates.id));
  return rows.map(toPublicWorkshopDate);
}

export async function getPublicWorkshopDate(db: Database, id: number, now = new Date()): Promise<PublicWorkshopDate | null> {
  const [row] = await db
    .select({ row: workshopDates, seatsLeft: publicSeatsLeft() })
    .from(workshopDates)
    .where(and(eq(workshopDates.id, id), isPubliclyListed(now)))
    .limit(1);
  return row ? toPublicWorkshopDate(row) : null;
}
