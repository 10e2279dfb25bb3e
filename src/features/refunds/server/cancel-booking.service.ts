import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { creditCodeDescription } from '../../../common/booking-status';
import { centsToDollars, formatCents } from '../../../common/money';
import type { Database } from '../../../server/db/client';
import { bookings, discountCodes, refundRequests } from '../../../server/db/schema';
import { CANCELLATION_POLICY, recordAudit } from '../../../server/lib/audit';
import { HttpError } from '../../../server/plugins/error-handler';
import { releaseBookingSeat, cancelOpenPayments } from '../../booking/server';
import { normaliseParticipantEmail } from '../../participant/server';
import {
  availableOutcomes,
  daysUntil,
  decideCancellation,
  hasPaidByCard,
  isFullRefundWindow,
  type CancellationOutcome,
  type CancellationOutcomeKind,
} from '../cancellation-policy';
import {
  ALREADY_CANCELLED,
  ALREADY_REFUNDED_CANNOT_CANCEL,
  CANCEL_EMAIL_MISMATCH,
  CANCEL_WORKSHOP_STARTED,
  CONFIRMATION_EMAIL_NOTE,
  REFUND_BEING_SENT,
  UNPAID_CANCEL_TERMS,
  type CancelBookingBody,
  type CancellationOption,
  type CancellationOutcomeDto,
  type CancellationTerms,
} from '../refunds.schema';
import { dateChangedUnderSeat } from './poll-full-refund';
import { closeRequestOnCancel } from './close-request';
import { notifyOrganiserOfCancellation, queueCancellationEmail } from './refund-emails';
import { recordRefundOwed, sendRefundOwed } from './refund-owed';
import {
  BOOKING_ENTITY,
  loadWorkshopDate,
  workshopWhen,
  type BookingRow,
  type RefundDeps,
  type Viewer,
} from './refund-shared';
import { PUBLIC_READS } from '../../../server/lib/read-cache';
import { seatRefund } from './seat-refunds';

/** A credit is one free seat in any workshop within a year, used once. */
export const CREDIT_VALID_DAYS = 365;
export const CREDIT_CODE_PREFIX = 'CREDIT-';
const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

function newCreditCode(): string {
  const bytes = randomBytes(10);
  return CREDIT_CODE_PREFIX + Array.from(bytes, (byte) => CODE_ALPHABET[byte % CODE_ALPHABET.length]).join('');
}


function describeOption(outcome: CancellationOutcome): CancellationOption {
  const refundAmount = centsToDollars(outcome.refundCents);
  switch (outcome.kind) {
    case 'full-refund':
      return { kind: outcome.kind, label: 'Full refund', description: `${formatCents(outcome.refundCents)} goes back to your card.`, refundAmount };
    case 'half-refund':
      return { kind: outcome.kind, label: '50% refund', description: `${formatCents(outcome.refundCents)} goes back to your card.`, refundAmount };
    case 'credit':
      return {
        kind: outcome.kind,
        label: 'Credit toward a future workshop',
        description: 'A single-use code that covers the full price of one future workshop, valid for one year.',
        refundAmount,
      };
    case 'none':
      return { kind: outcome.kind, label: 'Nothing to refund', description: 'This booking has no payment, so there is nothing to refund.', refundAmount };
  }
}

/**
 * Why this booking cannot be cancelled now, or null when it can. A refund request waiting for
 * review does not stop it (the cancel closes it); only an approval's refund at the provider at
 * this very moment does, until it is through.
 */
async function blockedReason(db: Database, booking: BookingRow, startsAt: Date | null, now: Date): Promise<string | null> {
  if (booking.status === 'cancelled') return ALREADY_CANCELLED;
  if (booking.status === 'refunded') return ALREADY_REFUNDED_CANNOT_CANCEL;
  if (startsAt && startsAt.getTime() <= now.getTime()) return CANCEL_WORKSHOP_STARTED;
  const [request] = await db
    .select({ status: refundRequests.status, amountCents: refundRequests.amountCents })
    .from(refundRequests)
    .where(eq(refundRequests.bookingId, booking.id))
    .limit(1);
  if (request?.status === 'PENDING' && request.amountCents !== null) return REFUND_BEING_SENT;
  return null;
}

/**
 * GET /api/participant/booking/{bookingId}/cancellation-terms: what the policy gives this booking
 * now, before they confirm; whether they may ask the organiser to review instead; and where the
 * seat's money stands.
 */
export async function getCancellationTerms(db: Database, booking: BookingRow, now = new Date()): Promise<CancellationTerms> {
  const date = await loadWorkshopDate(db, booking.workshopDateId);
  const startsAt = date?.startsAt ?? null;
  const blocked = await blockedReason(db, booking, startsAt, now);
  const changed = await dateChangedUnderSeat(db, booking.workshopDateId, booking.id, now);
  // A date set by a poll this seat did not choose, or called off, refunds in full whatever the notice (no start: the policy's full refund).
  const outcomes = availableOutcomes(booking, changed ? null : startsAt, now);
  const days = daysUntil(startsAt, now);
  const refund = await seatRefund(db, booking);

  let summary: string;
  if (blocked) summary = blocked;
  else if (!hasPaidByCard(booking)) summary = UNPAID_CANCEL_TERMS;
  else if (changed?.reason === 'poll') summary = `The date was set by a poll and was not one you marked, so cancelling now gives you a full refund of ${formatCents(booking.finalPriceCents)}.`;
  else if (changed) summary = `The date was called off, so cancelling now gives you a full refund of ${formatCents(booking.finalPriceCents)}.`;
  else if (isFullRefundWindow(startsAt, now)) {
    const lead = days === null ? 'The workshop date is not set yet' : `The workshop is ${days} days away`;
    summary = `${lead}, so cancelling now gives you a full refund of ${formatCents(booking.finalPriceCents)}.`;
  } else {
    summary = 'The workshop is less than 7 days away, so you can choose a credit toward a future workshop or a 50% refund.';
  }

  return {
    bookingId: booking.id,
    canCancel: blocked === null,
    blockedReason: blocked,
    daysUntilWorkshop: days,
    isPaid: booking.isPaid,
    amountPaid: centsToDollars(booking.isPaid ? booking.finalPriceCents : 0),
    options: blocked ? [] : outcomes.map(describeOption),
    summary,
    email: booking.email,
    canRequestReview: booking.status === 'confirmed' && hasPaidByCard(booking) && refund.request === null,
    refund,
  };
}

type Cancelled = {
  booking: BookingRow;
  /** Who the refund's audit rows and the ledger name: the policy for a participant's cancel, else the admin. */
  actor: string;
  outcome: CancellationOutcome;
  refundRequestId: number | null;
  creditCode: string | null;
};

/**
 * POST /api/participant/cancel-booking/{bookingId}. In one transaction: the booking becomes
 * 'cancelled' (a conditional update, so of two racing cancels only one passes and the seat is
 * freed once), the seat goes back, the policy decides (credit code, or a PENDING refund request
 * that records the refund owed), and the e-mail is queued. The card refund is sent after the
 * commit; if the provider fails, the PENDING request stays with a note for an admin to retry,
 * so a refund owed is never lost.
 */
export async function cancelBooking(
  deps: RefundDeps,
  viewer: Viewer,
  booking: BookingRow,
  input: CancelBookingBody,
  now = new Date(),
): Promise<{ message: string; outcome: CancellationOutcomeDto }> {
  // The address typed to confirm: the seat's own, or the caller's (a buyer cancelling a seat they
  // bought for someone else; the route let only the seat's person or its buyer through).
  const typed = normaliseParticipantEmail(input.email);
  if (viewer.kind !== 'admin' && typed !== normaliseParticipantEmail(booking.email) && typed !== viewer.email) {
    throw new HttpError(403, CANCEL_EMAIL_MISMATCH);
  }

  const cancelled = await deps.db.transaction(async (tx): Promise<Cancelled> => {
    const date = await loadWorkshopDate(tx, booking.workshopDateId);
    const startsAt = date?.startsAt ?? null;
    if (startsAt && startsAt.getTime() <= now.getTime()) throw new HttpError(409, CANCEL_WORKSHOP_STARTED);

    const row = await releaseBookingSeat(tx, booking.id, 'cancelled', { cancelledAt: now });
    if (!row) {
      const [current] = await tx.select({ status: bookings.status }).from(bookings).where(eq(bookings.id, booking.id));
      if (!current || current.status === 'deleted') throw new HttpError(404, 'Booking not found');
      throw new HttpError(409, current.status === 'refunded' ? ALREADY_REFUNDED_CANNOT_CANCEL : ALREADY_CANCELLED);
    }
    // Read after the row lock above: a refund request committed just before is seen here.
    const [existing] = await tx.select().from(refundRequests).where(eq(refundRequests.bookingId, row.id));
    const changed = await dateChangedUnderSeat(tx, row.workshopDateId, row.id, now);
    const outcome = decideCancellation(row, changed ? null : startsAt, now, input.option);
    // What a participant's cancel refunds, the policy decided: the system (cancellation policy) is
    // named for it, never the participant, who only asked to cancel.
    const actor = viewer.kind === 'participant' ? CANCELLATION_POLICY : viewer.email;
    // A request still waiting for review is closed by this cancel, with what it refunds.
    await closeRequestOnCancel(tx, row.id, { refundCents: outcome.refundCents, actor, by: viewer.kind }, now);

    let creditCode: string | null = null;
    const creditExpiresAt = new Date(now.getTime() + CREDIT_VALID_DAYS * 86_400_000);
    if (outcome.kind === 'credit') creditCode = await createCreditCode(tx, row.id, creditExpiresAt);

    let refundRequestId: number | null = null;
    if (outcome.refundCents > 0) {
      const label = policyRefundLabel(outcome);
      refundRequestId = await recordRefundOwed(tx, row, {
        amountCents: outcome.refundCents,
        reason: existing?.reason ?? `Booking cancelled: ${label} under the refund policy`,
        notes: `Cancelled by the participant: ${label} of ${formatCents(outcome.refundCents)} under the refund policy, being sent to the payment provider.`,
      });
    }

    const cancellation = {
      workshopTitle: date?.title ?? 'your workshop',
      when: workshopWhen(date, row.timeZone),
      kind: outcome.kind,
      refundCents: outcome.refundCents,
      creditCode: creditCode ?? undefined,
      creditExpiresAt,
      publicUrl: deps.publicUrl,
    };
    await queueCancellationEmail(tx, row, cancellation);
    if (viewer.kind === 'participant') await notifyOrganiserOfCancellation(tx, row, { ...cancellation, when: workshopWhen(date, null) });
    // The participant (or admin) cancelled; what the policy then refunds is the policy's (refund_sent, the ledger).
    await recordAudit(tx, {
      actor: viewer.email,
      action: 'booking_cancelled',
      entity: BOOKING_ENTITY,
      entityId: row.id,
      details: { by: viewer.kind, outcome: outcome.kind, refundCents: outcome.refundCents, creditCode, refundRequestId, seatFreed: true },
    });
    return { booking: row, actor, outcome, refundRequestId, creditCode };
  });

  // Seats changed: the public listing must not show the old count.
  deps.publicCache.invalidate(PUBLIC_READS.workshopDates);
  deps.onEmailQueued?.();

  const { outcome } = cancelled;
  const dto: CancellationOutcomeDto = { kind: outcome.kind };
  if (outcome.refundCents > 0) {
    dto.amount = centsToDollars(outcome.refundCents);
    const label = policyRefundLabel(outcome);
    dto.refundSent = await sendRefundOwed(deps, {
      booking: cancelled.booking,
      amountCents: outcome.refundCents,
      refundRequestId: cancelled.refundRequestId!,
      // The policy decided this refund: the participant asked to cancel, nobody approved a sum.
      actor: cancelled.actor,
      sentNotes: `${label[0]!.toUpperCase()}${label.slice(1)} of ${formatCents(outcome.refundCents)} sent on cancellation under the refund policy.`,
      failedNotes: (reason) => `Cancelled by the participant: the automatic ${label} of ${formatCents(outcome.refundCents)} failed (${reason}). Approve to try again.`,
    });
  }
  if (cancelled.creditCode) dto.creditCode = cancelled.creditCode;
  if (outcome.kind === 'none') await cancelOpenPayments(deps, cancelled.booking.id);
  return { message: cancellationMessage(outcome, dto), outcome: dto };
}

const policyRefundLabel = (outcome: CancellationOutcome) => (outcome.kind === 'full-refund' ? 'full refund' : '50% refund');

function cancellationMessage(outcome: CancellationOutcome, dto: CancellationOutcomeDto): string {
  const money: Record<CancellationOutcomeKind, string> = {
    'full-refund': dto.refundSent
      ? ` A full refund of ${formatCents(outcome.refundCents)} is on its way to your card.`
      : ` Your full refund of ${formatCents(outcome.refundCents)} will be sent to your card shortly.`,
    'half-refund': dto.refundSent
      ? ` A 50% refund of ${formatCents(outcome.refundCents)} is on its way to your card.`
      : ` Your 50% refund of ${formatCents(outcome.refundCents)} will be sent to your card shortly.`,
    credit: ` Your credit code ${dto.creditCode ?? ''} covers one future workshop.`,
    none: '',
  };
  return `Your booking has been cancelled.${money[outcome.kind]} ${CONFIRMATION_EMAIL_NOTE}`;
}

/**
 * A single-use 100 % code; drawn again on the (unlikely) clash with an existing code, five times
 * at most. `draw` makes the code (tests give one that clashes).
 */
export async function createCreditCode(tx: Database, bookingId: number, expiresAt: Date, draw: () => string = newCreditCode): Promise<string> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const [row] = await tx
      .insert(discountCodes)
      .values({
        code: draw(),
        description: creditCodeDescription(bookingId),
        discountPercent: 100,
        isActive: true,
        maxUses: 1,
        expiresAt,
      })
      .onConflictDoNothing({ target: discountCodes.code })
      .returning({ code: discountCodes.code });
    if (row) return row.code;
  }
  throw new Error('Could not create a unique credit code');
}
