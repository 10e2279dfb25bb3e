import { and, asc, eq, inArray } from 'drizzle-orm';
import { LIVE_WAITLIST_STATUSES } from '../../../common/booking-status';
import { centsToDollars, formatCents } from '../../../common/money';
import type { Database } from '../../../server/db/client';
import { orders, refunds, waitlistEntries, workshopDates } from '../../../server/db/schema';
import { SealedTokens } from '../../../server/email/sealed-tokens';
import { plainTextToHtml } from '../../../server/email/templates';
import { recordAudit, type Actor } from '../../../server/lib/audit';
import { HttpError } from '../../../server/plugins/error-handler';
import { closeEntry, endHold, refundedSum, type BookingDeps } from '../../booking/server';
import { bookingEventChangeAttachment } from '../../calendar/server';
import { renderEmail } from '../../email-templates/server';
import { participantLinkFor } from '../../participant/server';
import { cancelLockedSeat, refundableCentsOf, sendCancelRefund, type CancelledSeat } from '../../refunds/server';
import { WORKSHOP_DATE_NOT_FOUND, type CallOffPreview, type CallOffResult } from '../admin-workshops.schema';
import { liveSeatsOf, queueSeatCopy, recordDateMessage, whenFor, type DateRow } from './date-people';

/*
 * POST /api/admin/workshop-dates/{id}/call-off (docs/decisions/022-dates-that-change.md). One
 * transaction: the date goes off sale first (so no seat freed below is offered to its waiting
 * list), its waiting list and open offers close, checkouts still holding seats are voided, and
 * every live seat is cancelled by the organiser's own cancel with everything it paid by card
 * owed back (a PENDING refund request beside the seat's release: docs/decisions/008). Each seat is
 * e-mailed the organiser's message with a METHOD:CANCEL calendar part. After the commit the
 * refunds go to the provider; one that fails waits under Refund Requests, never lost.
 */

const CARD_DELAY = 'It usually reaches your card within 5–10 business days.';

function refundParagraph(cancelled: CancelledSeat): string {
  const { booking, refundCents } = cancelled;
  if (refundCents > 0) return `<p>Your payment of <strong>${formatCents(refundCents)}</strong> is refunded in full to your card. ${CARD_DELAY}</p>`;
  if (booking.isPaid && booking.finalPriceCents > 0) return '<p>You paid outside the site: the organiser will settle your refund with you directly.</p>';
  return '<p>You had not paid for this seat, so there is nothing to refund.</p>';
}

/** The seats still holding a place, locked in id order; read again once the date is locked, for one booked meanwhile. */
async function lockLiveSeats(tx: Database, id: number) {
  await liveSeatsOf(tx, id).for('update');
  const [date] = await tx.select().from(workshopDates).where(eq(workshopDates.id, id)).for('update');
  return { date, seats: date ? await liveSeatsOf(tx, id).for('update') : [] };
}

/** Its waiting list and open offers close (an offer's seats go back; the date is off sale, so to nobody); checkouts holding seats are voided. */
async function releaseHolds(tx: Database, id: number, now: Date): Promise<void> {
  const entries = await tx
    .select({ id: waitlistEntries.id })
    .from(waitlistEntries)
    .where(and(eq(waitlistEntries.workshopDateId, id), inArray(waitlistEntries.status, [...LIVE_WAITLIST_STATUSES])))
    .orderBy(asc(waitlistEntries.id));
  for (const entry of entries) await closeEntry(tx, entry.id, 'removed', now);
  const held = await tx.select().from(orders).where(and(eq(orders.workshopDateId, id), eq(orders.status, 'pending'))).orderBy(asc(orders.id)).for('update');
  for (const order of held) await endHold(tx, order, 'void', now);
}

async function tellSeat(tx: Database, deps: BookingDeps, date: DateRow, cancelled: CancelledSeat, messageHtml: string, dateMessageId: number): Promise<boolean> {
  const seat = cancelled.booking;
  const tokens = new SealedTokens();
  const email = await renderEmail(
    tx,
    'date-called-off',
    { firstName: seat.firstName, workshopTitle: date.title, when: whenFor(date, seat.timeZone), bookingId: seat.id, participantLink: participantLinkFor(tokens, deps.publicUrl, seat.email) },
    { trustedHtml: { message: messageHtml, refundDetails: refundParagraph(cancelled) } },
  );
  if (!email) return false;
  const attachment = bookingEventChangeAttachment(seat, date, deps.publicUrl, 'CANCEL');
  await queueSeatCopy(tx, { to: seat.email, kind: 'date-called-off', email, tokens, attachment, dateMessageId });
  return true;
}

/** Calls the date off; a date already called off changes nothing and answers zeros. */
export async function callOffDate(deps: BookingDeps, actor: Actor, id: number, message: string): Promise<CallOffResult> {
  const now = deps.now();
  const done = await deps.db.transaction(async (tx) => {
    const { date, seats } = await lockLiveSeats(tx, id);
    if (!date) throw new HttpError(404, WORKSHOP_DATE_NOT_FOUND);
    if (date.calledOffAt) return { cancelled: [] as CancelledSeat[], notified: 0 };
    await tx.update(workshopDates).set({ isActive: false, isFeatured: false, calledOffAt: now, updatedAt: now }).where(eq(workshopDates.id, id));
    await releaseHolds(tx, id, now);

    const cancelled: CancelledSeat[] = [];
    for (const seat of seats) {
      const refundableCents = await refundableCentsOf(tx, seat);
      cancelled.push(await cancelLockedSeat(tx, deps, actor, seat, { refundCents: refundableCents, refundableCents, refundOutside: false, credit: false, notify: false }));
    }
    const messageHtml = plainTextToHtml(message);
    let notified = 0;
    if (cancelled.length > 0) {
      const dateMessageId = await recordDateMessage(tx, {
        workshopDateId: id,
        kind: 'called-off',
        subject: `Cancelled: ${date.title}`,
        html: messageHtml,
        recipients: cancelled.map((seat) => seat.booking.email),
        sentBy: actor.email,
      });
      for (const seat of cancelled) if (await tellSeat(tx, deps, date, seat, messageHtml, dateMessageId)) notified++;
    }
    const refundCents = cancelled.reduce((sum, seat) => sum + seat.refundCents, 0);
    await recordAudit(tx, {
      actor: actor.email,
      action: 'workshop_date_called_off',
      entity: 'workshop_date',
      entityId: id,
      details: { title: date.title, bookingIds: cancelled.map((seat) => seat.booking.id), refundCents, notified },
    });
    return { cancelled, notified };
  });
  if (done.notified > 0) deps.onEmailQueued?.();
  deps.onSeatsChanged?.();
  for (const seat of done.cancelled) await sendCancelRefund(deps, actor, seat);
  return { refunded: done.cancelled.filter((seat) => seat.refundCents > 0).length, notified: done.notified };
}

/** GET …/call-off: what calling the date off would do now (each paid seat's price, less what went back already). */
export async function previewCallOff(db: Database, id: number): Promise<CallOffPreview> {
  const [date] = await db.select({ calledOffAt: workshopDates.calledOffAt }).from(workshopDates).where(eq(workshopDates.id, id));
  if (!date) throw new HttpError(404, WORKSHOP_DATE_NOT_FOUND);
  const seats = await liveSeatsOf(db, id);
  const paid = seats.filter((seat) => seat.isPaid && seat.finalPriceCents > 0 && seat.stripePaymentId);
  const refundCents = paid.length ? await ledgerLeftCents(db, paid) : 0;
  return {
    paidSeats: paid.length,
    refund: centsToDollars(refundCents),
    otherSeats: seats.length - paid.length,
    people: new Set(seats.map((seat) => seat.email.trim().toLowerCase())).size,
    calledOffAt: date.calledOffAt?.toISOString() ?? null,
  };
}

async function ledgerLeftCents(db: Database, seats: { id: number; finalPriceCents: number }[]): Promise<number> {
  const back = await db
    .select({ bookingId: refunds.bookingId, cents: refundedSum() })
    .from(refunds)
    .where(inArray(refunds.bookingId, seats.map((seat) => seat.id)))
    .groupBy(refunds.bookingId);
  const refunded = new Map(back.map((row) => [row.bookingId, row.cents]));
  return seats.reduce((sum, seat) => sum + Math.max(0, seat.finalPriceCents - (refunded.get(seat.id) ?? 0)), 0);
}
