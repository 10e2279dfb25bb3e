import { MAX_SEATS_PER_ORDER } from '../../../common/booking-status';
import { formatUsd } from '../../../common/money';
import { formatInstant } from '../../../common/time-zones';
import type { PublicWaitlistEntry, WaitlistStatusName } from '../waitlist.schema';

/** The words and addresses the waiting list's screens share; pure, so they are tested on their own. */

/** '1 seat', '3 seats'. */
export function seatsText(seats: number): string {
  return seats === 1 ? '1 seat' : `${seats} seats`;
}

/** What the waiting page promises: 'When a seat frees up for you, …' or 'When 2 seats free up for you, …', holding it or them. */
export function waitingPromise(seats: number, email: string): string {
  const one = seats === 1;
  return `When ${one ? 'a seat frees' : `${seats} seats free`} up for you, we e-mail ${email} a link that holds ${one ? 'it' : 'them'} for you. Nobody else can book ${one ? 'it' : 'them'} meanwhile.`;
}

/** The seats a person may ask for, 1 to the most one order buys, for a select. */
export function seatChoices(max: number = MAX_SEATS_PER_ORDER): { value: string; label: string }[] {
  return Array.from({ length: Math.max(1, max) }, (_, index) => ({ value: String(index + 1), label: seatsText(index + 1) }));
}

/** The checkout that books an offer's seats (the offer e-mail's 'Book your seats' link). */
export function offerCheckoutPath(token: string): string {
  return `/checkout?offer=${encodeURIComponent(token)}`;
}

/** The `offer` of a checkout address, or null when it has none. */
export function offerTokenFrom(search: string): string | null {
  const token = new URLSearchParams(search).get('offer');
  return token ? token : null;
}

/** 'Sat, July 5, 2031, 3:00 PM CEST': when an offer ends, on the visitor's clock (UTC when it is unknown). */
export function offerDeadlineText(expiresAt: string, viewerZone: string | undefined): string {
  return formatInstant(new Date(expiresAt), viewerZone ?? 'UTC');
}

/** What happened to an entry that no longer waits, in one sentence. */
export function closedEntryText(status: Exclude<WaitlistStatusName, 'waiting' | 'offered'>, entry: Pick<PublicWaitlistEntry, 'workshopTitle' | 'seats'>): { title: string; text: string } {
  const seats = seatsText(entry.seats);
  switch (status) {
    case 'booked':
      return { title: 'You are booked', text: `You booked ${entry.workshopTitle}, so you are no longer on its waiting list. Your confirmation e-mail has the details.` };
    case 'expired':
      return {
        title: 'The held seats were passed on',
        text: `We held ${seats} in ${entry.workshopTitle} for you, and they were not booked in time, so they went to the next person waiting.`,
      };
    case 'left':
      return { title: 'You left the waiting list', text: `You are no longer waiting for ${entry.workshopTitle}. You are welcome to join again or pick another date.` };
    case 'removed':
      return { title: 'You are no longer on the waiting list', text: `The organiser took you off the waiting list for ${entry.workshopTitle}. Pick another date, or send us a message if this is a surprise.` };
  }
}

/** '$499.00 a seat, $998.00 for 2 seats'. */
export function offerPriceText(price: number, seats: number): string {
  return seats === 1 ? `${formatUsd(price)} a seat` : `${formatUsd(price)} a seat, ${formatUsd(price * seats)} for ${seatsText(seats)}`;
}
