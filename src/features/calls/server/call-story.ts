import { eq } from 'drizzle-orm';
import type { Database } from '../../../server/db/client';
import { bookings, workshopDates } from '../../../server/db/schema';
import type { Call, CallAvailability } from '../calls.schema';
import type { CallStory } from './call-emails';
import type { CallRow } from './seat-calls';

const HOUR_MS = 3_600_000;

/** The call with its seat and workshop, as its e-mails and calendar file tell it. */
export async function callStory(db: Database, call: CallRow, availability: Pick<CallAvailability, 'timeZone' | 'minNoticeHours'>): Promise<CallStory | null> {
  const [row] = await db
    .select({ seat: bookings, workshopTitle: workshopDates.title })
    .from(bookings)
    .innerJoin(workshopDates, eq(workshopDates.id, bookings.workshopDateId))
    .where(eq(bookings.id, call.bookingId))
    .limit(1);
  if (!row) return null;
  return { call, seat: row.seat, workshopTitle: row.workshopTitle, timeZone: availability.timeZone, minNoticeHours: availability.minNoticeHours };
}

/** Whether the participant may still move or cancel the call: up to the minimum notice before it. */
export const isChangeable = (call: Pick<CallRow, 'startsAt' | 'status'>, minNoticeHours: number, now: Date) =>
  call.status === 'booked' && call.startsAt.getTime() - minNoticeHours * HOUR_MS > now.getTime();

export function callAnswer(call: CallRow, minNoticeHours: number, now: Date): Call {
  return {
    id: call.id,
    startsAt: call.startsAt.toISOString(),
    endsAt: call.endsAt.toISOString(),
    meetingLink: call.meetingLink,
    changeable: isChangeable(call, minNoticeHours, now),
  };
}
