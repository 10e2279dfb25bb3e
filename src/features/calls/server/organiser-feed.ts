import { and, asc, eq, gte, isNull } from 'drizzle-orm';
import { workshopEventTimes, zoneStory, zoneStoryText } from '../../../common/workshop-time';
import { bookings, followUpCalls, workshopDates } from '../../../server/db/schema';
import { HttpError } from '../../../server/plugins/error-handler';
import { buildCalendarFeed, hostOf, type FeedEvent } from '../../calendar/server';
import { callEventUid } from './call-emails';
import { getCallAvailability, isFeedToken } from './call-settings';
import type { CallsDeps } from './calls-deps';

/** How far back the feed reaches: a calendar app keeps what it saw; last month is enough to look back on. */
const FEED_PAST_DAYS = 30;
export const FEED_NOT_FOUND = 'Calendar feed not found';

/**
 * GET /api/calendar/organiser.ics?token=: the organiser's workshop dates and follow-up calls as
 * one subscription feed. The token is the only key (a calendar app sends no cookie); a wrong one
 * answers 404, as if there were no feed.
 */
export async function organiserFeed(deps: CallsDeps, token: string | undefined): Promise<string> {
  if (!(await isFeedToken(deps.db, token))) throw new HttpError(404, FEED_NOT_FOUND);
  const now = deps.now();
  const since = new Date(now.getTime() - FEED_PAST_DAYS * 86_400_000);
  const { timeZone } = await getCallAvailability(deps.db);
  const host = hostOf(deps.publicUrl);
  const adminUrl = `${deps.publicUrl.replace(/\/+$/, '')}/admin`;

  const dates = await deps.db
    .select()
    .from(workshopDates)
    .where(and(eq(workshopDates.isActive, true), eq(workshopDates.isTBC, false), isNull(workshopDates.calledOffAt), gte(workshopDates.startsAt, since)))
    .orderBy(asc(workshopDates.startsAt));
  const dateEvents: FeedEvent[] = dates.flatMap((date) => {
    const times = workshopEventTimes(date);
    if (!times) return [];
    const seats = `${date.seatsTaken} of ${date.seatsTotal} seats taken`;
    return [{ uid: `workshop-date-${date.id}@${host}`, title: date.title, start: times.start, end: times.end, description: `${zoneStoryText(zoneStory(times, date.timezone))}\n${seats}`, location: date.zoomLink, url: adminUrl }];
  });

  const calls = await deps.db
    .select({ call: followUpCalls, seat: bookings, workshopTitle: workshopDates.title })
    .from(followUpCalls)
    .innerJoin(bookings, eq(bookings.id, followUpCalls.bookingId))
    .innerJoin(workshopDates, eq(workshopDates.id, bookings.workshopDateId))
    .where(and(eq(followUpCalls.status, 'booked'), gte(followUpCalls.startsAt, since)))
    .orderBy(asc(followUpCalls.startsAt));
  const callEvents: FeedEvent[] = calls.map(({ call, seat, workshopTitle }) => ({
    uid: callEventUid(call.id, deps.publicUrl),
    title: `Call: ${seat.firstName} ${seat.lastName}`.trim(),
    start: call.startsAt,
    end: call.endsAt,
    description: `Follow-up call after ${workshopTitle}\n${seat.firstName} ${seat.lastName} <${seat.email}>\n${zoneStoryText(zoneStory({ start: call.startsAt, end: call.endsAt }, timeZone))}`,
    location: call.meetingLink,
    url: `${adminUrl}?tab=calls`,
    sequence: call.sequence,
  }));
  return buildCalendarFeed('Workshops and follow-up calls', [...dateEvents, ...callEvents], now);
}
