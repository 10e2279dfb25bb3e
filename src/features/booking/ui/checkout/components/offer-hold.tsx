import { Clock } from 'lucide-react';
import { useState } from 'react';
import { formatInstant, runtimeTimeZone } from '../../../../../common/time-zones';

export const OFFER_ENDED_TEXT = 'This offer has ended: the seats went on to the next person waiting.';

/** 'Your 2 seats are held for you until Sat, July 5, 2031, 3:00 PM CEST': a waiting-list offer's deadline, on the visitor's clock. */
export function offerHoldText(expiresAt: string, seats: number, viewerZone: string | undefined): string {
  const held = seats === 1 ? 'Your seat is held' : `Your ${seats} seats are held`;
  return `${held} for you until ${formatInstant(new Date(expiresAt), viewerZone ?? 'UTC')}`;
}

/**
 * Under the card fields of an offer's checkout, in place of the 15-minute countdown: the seats
 * are the offer's until its deadline (hours away), so the time it ends says more than a count.
 */
export function OfferHold({ expiresAt, seats, ended }: { expiresAt: string; seats: number; ended: boolean }) {
  const [viewerZone] = useState(runtimeTimeZone);
  return (
    <p data-testid="seat-hold" role={ended ? 'alert' : undefined} className={`mt-5 flex items-center gap-2 text-sm font-semibold ${ended ? 'text-danger' : 'text-ink-soft'}`}>
      <Clock aria-hidden="true" className="size-4 shrink-0" />
      <span>{ended ? OFFER_ENDED_TEXT : offerHoldText(expiresAt, seats, viewerZone)}</span>
    </p>
  );
}
