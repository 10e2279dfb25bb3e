import { and, eq, gt, isNull, lte, sql } from 'drizzle-orm';
import { bookings, payments, workshopDates } from '../../../server/db/schema';
import { recordAudit, SYSTEM } from '../../../server/lib/audit';
import { releaseBookingSeat } from './booking-transitions';
import type { BookingDeps } from './booking-deps';
import { RESERVATION_REMINDER_LEAD_MS } from './reservation-terms';

/** How many reservations one sweep handles; the next sweep takes the rest. */
const BATCH = 100;

/**
 * The clock's side of a reservation: one that ran out unpaid becomes 'expired', its seat and its
 * code's use go back, and the person is told, unless they never confirmed their address (then
 * it may be invented, and the confirm e-mail already said the seat is held only briefly). Rows are claimed with SKIP LOCKED, so
 * instances sweeping at once expire each reservation once, and a payment or a cancel holding the
 * row meanwhile wins (the conditional update then passes over it). Open payments for it are
 * cancelled with the provider afterwards; one paid anyway is refunded (fulfilPayment).
 */
export async function expireReservations(deps: BookingDeps, now = deps.now()): Promise<number> {
  const expired = await deps.db.transaction(async (tx) => {
    const due = await tx
      .select({ id: bookings.id })
      .from(bookings)
      .where(and(eq(bookings.status, 'reserved'), lte(bookings.reservationExpiresAt, now)))
      .orderBy(bookings.id)
      .limit(BATCH)
      .for('update', { skipLocked: true });
    const ids: number[] = [];
    for (const { id } of due) {
      const row = await releaseBookingSeat(tx, id, 'expired', { cancelledAt: now });
      if (!row) continue;
      ids.push(id);
      const unconfirmed = row.awaitingEmailConfirmation;
      if (!unconfirmed) {
        const [date] = await tx.select().from(workshopDates).where(eq(workshopDates.id, row.workshopDateId)).limit(1);
        await deps.mail.reservationExpired(tx, row, date);
      }
      await recordAudit(tx, { actor: SYSTEM, action: 'reservation_expired', entity: 'booking', entityId: id, details: { workshopDateId: row.workshopDateId, unconfirmed } });
    }
    return ids;
  });
  if (expired.length > 0) deps.onEmailQueued?.();
  for (const bookingId of expired) await cancelOpenPayments(deps, bookingId);
  return expired.length;
}

/** A day before a confirmed reservation runs out, the pay link again; once per reservation. */
export async function sendReservationReminders(deps: BookingDeps, now = deps.now()): Promise<number> {
  const sent = await deps.db.transaction(async (tx) => {
    const due = await tx
      .select()
      .from(bookings)
      .where(
        and(
          eq(bookings.status, 'reserved'),
          eq(bookings.awaitingEmailConfirmation, false),
          isNull(bookings.reservationRemindedAt),
          gt(bookings.reservationExpiresAt, now),
          lte(bookings.reservationExpiresAt, new Date(now.getTime() + RESERVATION_REMINDER_LEAD_MS)),
        ),
      )
      .orderBy(bookings.id)
      .limit(BATCH)
      .for('update', { skipLocked: true });
    for (const booking of due) {
      await tx.update(bookings).set({ reservationRemindedAt: now }).where(eq(bookings.id, booking.id));
      const [date] = await tx.select().from(workshopDates).where(eq(workshopDates.id, booking.workshopDateId)).limit(1);
      if (date) await deps.mail.reservationReminder(tx, booking, date);
    }
    return due.length;
  });
  if (sent > 0) deps.onEmailQueued?.();
  return sent;
}

/**
 * A reservation that can no longer be paid (cancelled, expired, deleted) has its order's open
 * payments cancelled with the provider, so its pay link stops working (a payment opened for the
 * seats as they were no longer matches them). Best effort: a payment that still goes through is
 * refunded when it is fulfilled; the pay link opens a new one for the seats still reserved.
 */
export async function cancelOpenPayments(deps: Pick<BookingDeps, 'db' | 'payments' | 'log'>, bookingId: number): Promise<void> {
  const open = await deps.db
    .select({ id: payments.id, providerPaymentId: payments.providerPaymentId })
    .from(payments)
    .where(and(eq(payments.orderId, sql`(select ${bookings.orderId} from ${bookings} where ${bookings.id} = ${bookingId})`), eq(payments.status, 'requires_payment')));
  for (const payment of open) {
    try {
      await deps.payments.cancelIntent(payment.providerPaymentId);
      await deps.db
        .update(payments)
        .set({ status: 'canceled', updatedAt: sql`now()` })
        .where(and(eq(payments.id, payment.id), eq(payments.status, 'requires_payment')));
    } catch (error) {
      deps.log?.warn({ err: error, bookingId }, 'could not cancel an open payment');
    }
  }
}
