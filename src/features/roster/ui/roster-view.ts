import { resolveTimeZone, wallTime } from '../../../common/time-zones';
import type { RosterAttendee, RosterDate, RosterPayment } from '../roster.schema';

/** The words the roster screen shows, and the pure reading of a roster behind them. */
export const ROSTER_TEXTS = {
  loadFailed: 'The roster could not be loaded.',
  empty: 'No one is booked on this date yet',
  emptyHint: 'Seats that are paid, free or reserved show here as soon as they are booked.',
  noMatch: 'No one on this roster matches your search',
  checkInFailed: 'Attendance was not saved',
  markAllFailed: 'Could not mark everyone present',
  copyFailed: 'Could not copy to the clipboard',
} as const;

export const PAYMENT_LABELS: Record<RosterPayment, string> = { paid: 'Paid', free: 'Free', unpaid: 'Unpaid' };

export const fullName = (seat: Pick<RosterAttendee, 'firstName' | 'lastName'>) => `${seat.firstName} ${seat.lastName}`.trim();

/** Seats whose name, e-mail or company contains every word typed (case-insensitive). */
export function filterRoster(attendees: readonly RosterAttendee[], query: string): RosterAttendee[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...attendees];
  return attendees.filter((seat) => {
    const text = [fullName(seat), seat.email, seat.company].join('\n').toLowerCase();
    return words.every((word) => text.includes(word));
  });
}

export function rosterCounts(attendees: readonly RosterAttendee[]) {
  return {
    confirmed: attendees.filter((seat) => seat.status === 'confirmed').length,
    reserved: attendees.filter((seat) => seat.status === 'reserved').length,
    present: attendees.filter((seat) => seat.hasAttended).length,
  };
}

/** Every address once (letter case ignored), in roster order, as a mail client takes them. */
export function distinctEmails(attendees: readonly RosterAttendee[]): string[] {
  const seen = new Map<string, string>();
  for (const seat of attendees) {
    const address = seat.email.trim();
    if (address && !seen.has(address.toLowerCase())) seen.set(address.toLowerCase(), address);
  }
  return [...seen.values()];
}

/** 'Joined 10:02 AM' on the date's clock (the organiser's zone), or null when they never came through their link. */
export function joinedText(joinedAt: string | null, date: Pick<RosterDate, 'timezone'>): string | null {
  if (!joinedAt) return null;
  const wall = wallTime(new Date(joinedAt), resolveTimeZone(date.timezone) ?? 'UTC');
  return `Joined ${wall.clock}`;
}

/** 'July 4, 2031 · 10:00 AM - 12:00 PM PST', or 'Date TBC'. */
export function rosterWhen(date: RosterDate): string {
  if (date.isTBC || !date.date) return 'Date TBC';
  return [date.date, [date.time, date.timezone].filter(Boolean).join(' ')].filter(Boolean).join(' · ');
}
