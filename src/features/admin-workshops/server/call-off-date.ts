import { and, asc, eq, inArray, isNotNull, lte } from 'drizzle-orm';
import { LIVE_WAITLIST_STATUSES, SEAT_HOLDING_STATUSES } from '../../../common/booking-status';
import { centsToDollars, formatCents } from '../../../common/money';
import type { Database } from '../../../server/db/client';
import { bookings, orders, refunds, waitlistEntries, workshopDates } from '../../../server/db/schema';
import { SealedTokens } from '../../../server/email/sealed-tokens';
import { escapeHtml, plainTextToHtml } from '../../../server/email/templates';
import { recordAudit, type Actor } from '../../../server/lib/audit';
import { HttpError } from '../../../server/plugins/error-handler';
import { closeEntry, endHold, refundedSum, type BookingDeps } from '../../booking/server';
import { bookingEventChangeAttachment } from '../../calendar/server';
import { renderEmail } from '../../email-templates/server';
import { participantLinkFor } from '../../participant/server';
import { cancelLockedSeat, refundableCentsOf, sendCancelRefund, type CancelledSeat } from '../../refunds/server';
import { MOVE_OFFER_DAYS, WORKSHOP_DATE_NOT_FOUND, type CallOffInput, type CallOffPreview, type CallOffResult } from '../admin-workshops.schema';
import { liveSeatsOf, queueSeatCopy, recordDateMessage, whenFor, type DateRow, type SeatRow } from './date-people';

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
  if (refundCents > 0) return `<p>Your booking is cancelled. Your payment of <strong>${formatCents(refundCents)}</strong> is refunded in full to your card. ${CARD_DELAY}</p>`;
  if (booking.isPaid && booking.finalPriceCents > 0) return '<p>Your booking is cancelled. You paid outside the site: the organiser will settle your refund with you directly.</p>';
  return '<p>Your booking is cancelled. You had not paid for this seat, so there is nothing to refund.</p>';
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

async function tellSeat(tx: Database, deps: BookingDeps, date: DateRow, seat: SeatRow, html: { message: string; refundDetails: string }, dateMessageId: number): Promise<boolean> {
  const tokens = new SealedTokens();
  const email = await renderEmail(
    tx,
    'date-called-off',
    { firstName: seat.firstName, workshopTitle: date.title, when: whenFor(date, seat.timeZone), bookingId: seat.id, participantLink: participantLinkFor(tokens, deps.publicUrl, seat.email) },
    { trustedHtml: html },
  );
  if (!email) return false;
  const attachment = bookingEventChangeAttachment(seat, date, deps.publicUrl, 'CANCEL');
  await queueSeatCopy(tx, { to: seat.email, kind: 'date-called-off', email, tokens, attachment, dateMessageId });
  return true;
}

/** What a seat kept for its choice is told: where to choose, and what happens if it does not. */
function choiceParagraph(until: Date, seat: SeatRow): string {
  const by = new Intl.DateTimeFormat('en-US', { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit', timeZone: seat.timeZone ?? 'UTC', timeZoneName: 'short' }).format(until);
  return `<p><strong>Your seat is kept for you to choose:</strong> move it to another date at the price you paid, or cancel it for a full refund, from your bookings page (the link below), until ${escapeHtml(by)}. If you choose neither by then, we refund you in full.</p>`;
}

/** When a move offer made now ends: MOVE_OFFER_DAYS from now, never past the date's start. */
function moveOfferEnd(date: DateRow, now: Date): Date {
  const end = now.getTime() + MOVE_OFFER_DAYS * 86_400_000;
  return new Date(date.startsAt ? Math.min(end, date.startsAt.getTime()) : end);
}

/**
 * Calls the date off; a date already called off changes nothing and answers zeros. With
 * `offerMove`, confirmed seats stay on the date for their people to choose another date or a full
 * refund until the offer ends (settleMoveOffers refunds the rest then); everything else goes as
 * without it.
 */
export async function callOffDate(deps: BookingDeps, actor: Actor, id: number, input: CallOffInput): Promise<CallOffResult> {
  const now = deps.now();
  const done = await deps.db.transaction(async (tx) => {
    const { date, seats } = await lockLiveSeats(tx, id);
    if (!date) throw new HttpError(404, WORKSHOP_DATE_NOT_FOUND);
    if (date.calledOffAt) return { cancelled: [] as CancelledSeat[], notified: 0 };
    const kept = input.offerMove ? seats.filter((seat) => seat.status === 'confirmed') : [];
    const until = kept.length > 0 ? moveOfferEnd(date, now) : null;
    await tx.update(workshopDates).set({ isActive: false, isFeatured: false, calledOffAt: now, moveOfferUntil: until, updatedAt: now }).where(eq(workshopDates.id, id));
    await releaseHolds(tx, id, now);

    const cancelled: CancelledSeat[] = [];
    for (const seat of seats) {
      if (kept.includes(seat)) continue;
      const refundableCents = await refundableCentsOf(tx, seat);
      cancelled.push(await cancelLockedSeat(tx, deps, actor, seat, { refundCents: refundableCents, refundableCents, refundOutside: false, credit: false, notify: false }));
    }
    const message = plainTextToHtml(input.message);
    let notified = 0;
    if (seats.length > 0) {
      const dateMessageId = await recordDateMessage(tx, {
        workshopDateId: id,
        kind: 'called-off',
        subject: `Cancelled: ${date.title}`,
        html: message,
        recipients: seats.map((seat) => seat.email),
        sentBy: actor.email,
      });
      for (const seat of cancelled) if (await tellSeat(tx, deps, date, seat.booking, { message, refundDetails: refundParagraph(seat) }, dateMessageId)) notified++;
      for (const seat of kept) if (await tellSeat(tx, deps, date, seat, { message, refundDetails: choiceParagraph(until!, seat) }, dateMessageId)) notified++;
    }
    const refundCents = cancelled.reduce((sum, seat) => sum + seat.refundCents, 0);
    await recordAudit(tx, {
      actor: actor.email,
      action: 'workshop_date_called_off',
      entity: 'workshop_date',
      entityId: id,
      details: { title: date.title, bookingIds: cancelled.map((seat) => seat.booking.id), keptForChoice: kept.map((seat) => seat.id), moveOfferUntil: until?.toISOString() ?? null, refundCents, notified },
    });
    return { cancelled, notified };
  });
  if (done.notified > 0) deps.onEmailQueued?.();
  deps.onSeatsChanged?.();
  for (const seat of done.cancelled) await sendCancelRefund(deps, actor, seat);
  return { refunded: done.cancelled.filter((seat) => seat.refundCents > 0).length, notified: done.notified };
}

/**
 * The sweep's step: seats still on a called-off date whose move offer has ended chose neither
 * another date nor a refund, so each is cancelled with everything it paid by card refunded, as
 * calling the date off without an offer would have done, and told so. Each seat in its own
 * transaction under its row lock (SKIP LOCKED, so two instances share the work and a participant
 * moving or cancelling at that moment wins or waits); a second run finds nothing.
 */
export async function settleMoveOffers(deps: BookingDeps, actor: Actor = { email: 'system (move offer ended)' }): Promise<number> {
  const now = deps.now();
  const due = await deps.db
    .select({ id: bookings.id })
    .from(bookings)
    .innerJoin(workshopDates, eq(workshopDates.id, bookings.workshopDateId))
    .where(and(isNotNull(workshopDates.calledOffAt), lte(workshopDates.moveOfferUntil, now), inArray(bookings.status, [...SEAT_HOLDING_STATUSES])))
    .orderBy(asc(bookings.id));
  let settled = 0;
  for (const { id } of due) {
    const cancelled = await deps.db.transaction(async (tx) => {
      const [seat] = await tx.select().from(bookings).where(eq(bookings.id, id)).for('update', { skipLocked: true });
      if (!seat || !SEAT_HOLDING_STATUSES.includes(seat.status as (typeof SEAT_HOLDING_STATUSES)[number])) return null;
      const [date] = await tx.select().from(workshopDates).where(eq(workshopDates.id, seat.workshopDateId));
      if (!date?.calledOffAt || !date.moveOfferUntil || date.moveOfferUntil > now) return null;
      const refundableCents = await refundableCentsOf(tx, seat);
      return cancelLockedSeat(tx, deps, actor, seat, { refundCents: refundableCents, refundableCents, refundOutside: false, credit: false, notify: true });
    });
    if (!cancelled) continue;
    settled++;
    deps.onEmailQueued?.();
    await sendCancelRefund(deps, actor, cancelled);
  }
  if (settled > 0) deps.onSeatsChanged?.();
  return settled;
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
