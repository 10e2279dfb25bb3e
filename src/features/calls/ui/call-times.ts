import { wallTime, zonedInstant } from '../../../common/time-zones';
import { addDays, dayInZone, parseDay } from '../free-slots';

/**
 * How the calls' times read for the people involved. A participant sees each time on their own
 * clock (their browser's zone) first, since that is when they must be there, with the organiser's
 * beside it, since that is the zone the organiser's hours and e-mails use.
 */

/** 'Mon, Dec 7' for a calendar day 'YYYY-MM-DD' (read as a date, not an instant). */
const dayFormat = new Intl.DateTimeFormat('en-US', { weekday: 'short', month: 'short', day: 'numeric', timeZone: 'UTC' });
export const shortDayLabel = (day: string) => dayFormat.format(new Date(`${day}T00:00:00Z`));

const longDayFormat = new Intl.DateTimeFormat('en-US', { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
/** 'Monday, December 7, 2026'. */
export const longDayLabel = (day: string) => longDayFormat.format(new Date(`${day}T00:00:00Z`));

/** '10:00 AM EST' */
export function clockIn(instant: string, zone: string): string {
  const wall = wallTime(new Date(instant), zone);
  return `${wall.clock} ${wall.abbreviation}`;
}

/**
 * The organiser's clock for an instant when it reads differently from the viewer's ('4:00 PM CET',
 * with the day when that differs too: 'Tue, December 8, 2026, 1:00 AM AEDT'); null when both read
 * the same, so the same time is not shown twice.
 */
export function organiserClock(instant: string, viewerZone: string, organiserZone: string): string | null {
  const at = new Date(instant);
  const viewer = wallTime(at, viewerZone);
  const organiser = wallTime(at, organiserZone);
  if (viewer.clock === organiser.clock && viewer.day === organiser.day && viewer.abbreviation === organiser.abbreviation) return null;
  const day = viewer.day === organiser.day ? '' : `${organiser.day}, `;
  return `${day}${organiser.clock} ${organiser.abbreviation}`;
}

/** 'Mon, December 7, 2026, 10:00 AM – 10:30 AM EST' on one zone's calendar and clock. */
export function callSpan(startsAt: string, endsAt: string, zone: string): string {
  const start = wallTime(new Date(startsAt), zone);
  const end = wallTime(new Date(endsAt), zone);
  return `${start.day}, ${start.clock} – ${end.clock} ${end.abbreviation}`;
}

/** The viewer-zone day ('YYYY-MM-DD') an instant falls on. */
export const viewerDay = (instant: string, viewerZone: string) => dayInZone(new Date(instant), viewerZone);

/**
 * The viewer's days that the organiser's days firstDay…lastDay cover: from the viewer's day at the
 * start of the first to the viewer's day at the end of the last (a participant far east or west
 * of the organiser sees the first or last slots on the day before or after).
 */
export function viewerDayRange(firstDay: string, lastDay: string, organiserZone: string, viewerZone: string): { first: string; last: string } {
  const start = zonedInstant(parseDay(firstDay), 0, organiserZone);
  const end = new Date(zonedInstant(parseDay(addDays(lastDay, 1)), 0, organiserZone).getTime() - 1);
  return { first: dayInZone(start, viewerZone), last: dayInZone(end, viewerZone) };
}

/**
 * The organiser's days to ask slots for so that every slot of the viewer's days from…to comes
 * back, kept within firstDay…lastDay (the server answers nothing outside them anyway).
 */
export function organiserDaysFor(from: string, to: string, viewerZone: string, organiserZone: string, bounds: { firstDay: string; lastDay: string }): { from: string; to: string } {
  const start = zonedInstant(parseDay(from), 0, viewerZone);
  const end = new Date(zonedInstant(parseDay(addDays(to, 1)), 0, viewerZone).getTime() - 1);
  const first = dayInZone(start, organiserZone);
  const last = dayInZone(end, organiserZone);
  return { from: first < bounds.firstDay ? bounds.firstDay : first, to: last > bounds.lastDay ? bounds.lastDay : last };
}

/**
 * A call on the organiser's clock when it reads differently from the viewer's: '9:00 AM – 9:30 AM
 * CET', with the organiser's day in front only when it is another day than the viewer's.
 */
export function organiserSpan(call: { startsAt: string; endsAt: string }, viewerZone: string, organiserZone: string): string | null {
  if (organiserClock(call.startsAt, viewerZone, organiserZone) === null) return null;
  const start = wallTime(new Date(call.startsAt), organiserZone);
  const end = wallTime(new Date(call.endsAt), organiserZone);
  const sameDay = wallTime(new Date(call.startsAt), viewerZone).day === start.day;
  return `${sameDay ? '' : `${start.day}, `}${start.clock} – ${end.clock} ${end.abbreviation}`;
}
