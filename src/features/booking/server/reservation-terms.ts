import { SEAT_HOLD_MINUTES } from './seats';

/** A day's notice before a reservation runs out; one that runs out sooner gets none. */
export const RESERVATION_REMINDER_LEAD_MS = 24 * 3_600_000;

/** `lengthMs` from `now`, but never past the workshop's start: a seat is not held into its workshop. */
function heldUntil(now: Date, lengthMs: number, startsAt: Date | null): Date {
  const byLength = now.getTime() + lengthMs;
  return new Date(startsAt ? Math.min(byLength, startsAt.getTime()) : byLength);
}

/** Until when a reservation whose address is not confirmed yet holds its seat: a checkout hold's time. */
export function unconfirmedHoldEnd(now: Date, startsAt: Date | null): Date {
  return heldUntil(now, SEAT_HOLD_MINUTES * 60_000, startsAt);
}

/** How a confirmed reservation's seat is held: until when, and whether its reminder is still to come. */
export type ReservationTerms = { expiresAt: Date; remindedAt: Date | null };

/** `reservationHours` from now (its confirmation), never past the workshop's start. */
export function reservationTerms(now: Date, reservationHours: number, startsAt: Date | null): ReservationTerms {
  const expiresAt = heldUntil(now, reservationHours * 3_600_000, startsAt);
  // The reservation e-mail already says when it runs out; a second e-mail within a day adds nothing.
  const remindedAt = expiresAt.getTime() - now.getTime() <= RESERVATION_REMINDER_LEAD_MS ? now : null;
  return { expiresAt, remindedAt };
}
