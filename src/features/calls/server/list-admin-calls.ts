import { and, asc, eq, gte, lt } from 'drizzle-orm';
import { bookings, followUpCalls, workshopDates } from '../../../server/db/schema';
import type { AdminCalls } from '../calls.schema';
import { addDays, parseDay } from '../free-slots';
import { zonedInstant } from '../../../common/time-zones';
import { getCallAvailability } from './call-settings';
import type { CallsDeps } from './calls-deps';

/**
 * GET /api/admin/calls?from&to: the booked calls on those organiser-zone days (from today on when
 * 'from' is not given, every later one when 'to' is not), soonest first, with who booked them.
 */
export async function listAdminCalls(deps: CallsDeps, from?: string, to?: string): Promise<AdminCalls> {
  const { timeZone } = await getCallAvailability(deps.db);
  const start = from ? zonedInstant(parseDay(from), 0, timeZone) : deps.now();
  const end = to ? zonedInstant(parseDay(addDays(to, 1)), 0, timeZone) : null;
  const rows = await deps.db
    .select({ call: followUpCalls, seat: bookings, workshopTitle: workshopDates.title })
    .from(followUpCalls)
    .innerJoin(bookings, eq(bookings.id, followUpCalls.bookingId))
    .innerJoin(workshopDates, eq(workshopDates.id, bookings.workshopDateId))
    .where(and(eq(followUpCalls.status, 'booked'), gte(followUpCalls.endsAt, start), end ? lt(followUpCalls.startsAt, end) : undefined))
    .orderBy(asc(followUpCalls.startsAt))
    .limit(500);
  return {
    timeZone,
    calls: rows.map(({ call, seat, workshopTitle }) => ({
      id: call.id,
      bookingId: seat.id,
      startsAt: call.startsAt.toISOString(),
      endsAt: call.endsAt.toISOString(),
      participantName: `${seat.firstName} ${seat.lastName}`.trim(),
      email: seat.email,
      workshopTitle,
      meetingLink: call.meetingLink,
    })),
  };
}
