import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { LIVE_WAITLIST_STATUSES } from '../../common/booking-status';
import { waitlistEntries, workshopDates } from './schema';

/**
 * Whether someone waits for the date `dateId` names, or holds an offer on it. While anyone does,
 * the date's free seats are not for sale to others: they go to the waiting list first
 * (docs/decisions/019-waiting-list.md). Entries waiting for "the next date with room" of a
 * workshop do not hold a date until an offer names it.
 */
export function waitlistHoldsDate(dateId: AnyPgColumn | SQL | number): SQL<boolean> {
  return sql<boolean>`exists (select 1 from ${waitlistEntries} where ${waitlistEntries.workshopDateId} = ${dateId} and ${waitlistEntries.status} in (${sql.join(
    LIVE_WAITLIST_STATUSES.map((status) => sql`${status}`),
    sql`, `,
  )}))`;
}

/** The seats of a workshop_dates row the public can still buy: none while the waiting list holds the date. */
export function publicSeatsLeft(): SQL<number> {
  return sql<number>`(case when ${waitlistHoldsDate(workshopDates.id)} then 0 else greatest(${workshopDates.seatsTotal} - ${workshopDates.seatsTaken}, 0) end)::int`.mapWith(Number);
}
