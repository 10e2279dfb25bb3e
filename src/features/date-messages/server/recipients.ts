import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { Database } from '../../../server/db/client';
import { bookings } from '../../../server/db/schema';

/** A person a message to a date goes to. */
export type Recipient = { firstName: string; lastName: string; email: string };

/** The statuses that hold a seat: a confirmed (paid or free) seat and a reservation still to pay. */
const LIVE = ['confirmed', 'reserved'] as const;

/**
 * Who a message to the date reaches now: one entry per distinct address (letter case ignored)
 * among its live seats, never a cancelled, refunded, expired or deleted one. When one address
 * holds several seats (a buyer who did not name them), it gets one e-mail, addressed with its
 * first seat's name.
 */
export async function liveRecipients(db: Database, workshopDateId: number): Promise<Recipient[]> {
  const seats = await db
    .select({ firstName: bookings.firstName, lastName: bookings.lastName, email: bookings.email })
    .from(bookings)
    .where(and(eq(bookings.workshopDateId, workshopDateId), inArray(bookings.status, [...LIVE]), isNull(bookings.deletedAt)))
    .orderBy(asc(bookings.id));
  const byAddress = new Map<string, Recipient>();
  for (const seat of seats) {
    const address = seat.email.trim().toLowerCase();
    if (address && !byAddress.has(address)) byAddress.set(address, { ...seat, email: seat.email.trim() });
  }
  return [...byAddress.values()];
}
