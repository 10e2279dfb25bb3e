import type { BadgeTone } from '../../../../client/components/ui/badge';
import { formatInstant } from '../../../../common/time-zones';
import type { AdminWaitlistEntry, WaitlistDemand, WaitlistStatusName } from '../../../waitlist';

/** Each status as the organiser reads it, and its badge's colour: the live ones stand out. */
export const WAITLIST_STATUS_LABELS: Record<WaitlistStatusName, { label: string; tone: BadgeTone }> = {
  waiting: { label: 'Waiting', tone: 'secondary' },
  offered: { label: 'Offer sent', tone: 'accent' },
  booked: { label: 'Booked', tone: 'success' },
  expired: { label: 'Offer expired', tone: 'paper' },
  left: { label: 'Left', tone: 'paper' },
  removed: { label: 'Removed', tone: 'paper' },
};

export const entryName = (entry: Pick<AdminWaitlistEntry, 'firstName' | 'lastName'>) => `${entry.firstName} ${entry.lastName}`.trim();

export const seatsText = (seats: number) => (seats === 1 ? '1 seat' : `${seats} seats`);

/** 'No seat is', '1 seat is', '3 seats are' (free on this date). */
export const freeSeatsText = (free: number) => (free <= 0 ? 'No seat is' : free === 1 ? '1 seat is' : `${free} seats are`);

/** 'Waiting list (3)' on a date's row; the count is those in line or holding an offer. */
export const waitlistButtonLabel = (count: number) => (count > 0 ? `Waiting list (${count})` : 'Waiting list');

/** '3 people, 4 seats, $1,996.00 waiting — add a date?', or null when nobody is still in line. */
export function demandLine(demand: WaitlistDemand): string | null {
  return demand.people > 0 ? `${demand.summary} waiting — add a date?` : null;
}

/** What an entry's actions may do: only an entry still in line can be offered seats; an open one can be removed. */
export function entryActions(entry: Pick<AdminWaitlistEntry, 'status'>): { offer: boolean; remove: boolean } {
  return { offer: entry.status === 'waiting', remove: entry.status === 'waiting' || entry.status === 'offered' };
}

/** The offer's deadline on the workshop's own clock, as the admin shows its times: 'Sat, July 5, 2031, 10:00 AM PDT'. */
export const offerDeadline = (iso: string, workshopTimeZone: string) => formatInstant(new Date(iso), workshopTimeZone);

const joinedOn = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });

/** 'Jun 5, 2031': when the person joined, as the Bookings tab shows when a seat was booked. */
export const joinedDate = (iso: string) => joinedOn.format(new Date(iso));

/** What removing says before it is confirmed: whom, and where an offer they hold goes. */
export function removeQuestion(entry: Pick<AdminWaitlistEntry, 'firstName' | 'lastName' | 'email' | 'status' | 'seats'>): string {
  const who = `${entryName(entry)} (${entry.email})`;
  return entry.status === 'offered'
    ? `Remove ${who} from the waiting list? The ${seatsText(entry.seats)} their offer holds go to the next person waiting.`
    : `Remove ${who} from the waiting list? They are not told.`;
}

/** What offering says before it is confirmed. */
export function offerQuestion(entry: Pick<AdminWaitlistEntry, 'firstName' | 'lastName' | 'seats'>): string {
  return `Offer ${seatsText(entry.seats)} to ${entryName(entry)} now, ahead of the others? The seats are held for them and they get an e-mail with a link to book.`;
}
