import { and, desc, eq, ne, sql } from 'drizzle-orm';
import { centsToDollars } from '../../../common/money';
import { bookings, payments, refundRequests, workshopDates } from '../../../server/db/schema';
import { recordAudit } from '../../../server/lib/audit';
import { HttpError } from '../../../server/plugins/error-handler';
import { releaseBookingSeat } from '../../booking/server';
import { hasPaidByCard, refundDueOnReview } from '../cancellation-policy';
import {
  REFUND_ALREADY_PROCESSED,
  REFUND_ALREADY_REFUNDED,
  REFUND_BOOKING_CANCELLED,
  REFUND_BOOKING_DELETED,
  REFUND_NO_PAYMENT,
  REFUND_NOT_CONFIRMED,
  REFUND_ONLY_PAID,
  REFUND_PROVIDER_FAILED,
  REFUND_REQUEST_EXISTS,
  REFUND_REQUEST_NOT_FOUND,
  type AdminRefundRequest,
  type RefundRequestDto,
  type ReviewRefundBody,
} from '../refunds.schema';
import { notifyOrganiserOfRefundRequest, queueRefundApprovedEmail, queueRefundRejectedEmail, queueRefundRequestReceivedEmail } from './refund-emails';
import {
  CANCELLATION_REFUND_REASON,
  cancellationRefundKey,
  errorMessage,
  loadWorkshopDate,
  REFUND_ENTITY,
  REQUESTED_REFUND_REASON,
  requestRefundKey,
  toRefundRequestDto,
  type BookingRow,
  type RefundDeps,
  type Viewer,
} from './refund-shared';
import { PUBLIC_READS } from '../../../server/lib/read-cache';

/**
 * POST /api/participant/refund-request/{bookingId}: a PENDING request for a paid, confirmed
 * booking that has none. The booking row is locked first, so a cancellation cannot slip in
 * between the check and the insert; the unique index on booking_id makes two concurrent requests
 * end as one request and one 409.
 */
export async function requestRefund(deps: RefundDeps, viewer: Viewer, bookingId: number, reason: string): Promise<RefundRequestDto> {
  const created = await deps.db.transaction(async (tx) => {
    const [booking] = await tx.select().from(bookings).where(eq(bookings.id, bookingId)).for('update');
    if (!booking || booking.status === 'deleted') throw new HttpError(404, 'Booking not found');
    if (booking.status === 'cancelled') throw new HttpError(409, REFUND_BOOKING_CANCELLED);
    if (booking.status === 'refunded') throw new HttpError(409, REFUND_ALREADY_REFUNDED);
    if (!hasPaidByCard(booking)) throw new HttpError(409, REFUND_ONLY_PAID);
    if (booking.status !== 'confirmed') throw new HttpError(409, REFUND_NOT_CONFIRMED);

    const [row] = await tx
      .insert(refundRequests)
      .values({ bookingId, reason, status: 'PENDING' })
      .onConflictDoNothing({ target: refundRequests.bookingId })
      .returning();
    if (!row) throw new HttpError(409, REFUND_REQUEST_EXISTS);

    const date = await loadWorkshopDate(tx, booking.workshopDateId);
    await queueRefundRequestReceivedEmail(tx, booking, date?.title ?? 'your workshop', reason);
    await notifyOrganiserOfRefundRequest(tx, deps.publicUrl, booking, date?.title ?? 'a workshop', reason);
    await recordAudit(tx, {
      actor: viewer.email,
      action: 'refund_requested',
      entity: REFUND_ENTITY,
      entityId: row.id,
      details: { bookingId, by: viewer.kind },
    });
    return row;
  });
  deps.onEmailQueued?.();
  return toRefundRequestDto(created);
}

const listColumns = {
  id: refundRequests.id,
  bookingId: refundRequests.bookingId,
  status: refundRequests.status,
  reason: refundRequests.reason,
  notes: refundRequests.notes,
  amountCents: refundRequests.amountCents,
  providerRefundId: refundRequests.providerRefundId,
  requestedAt: refundRequests.requestedAt,
  processedAt: refundRequests.processedAt,
  firstName: bookings.firstName,
  lastName: bookings.lastName,
  email: bookings.email,
  finalPriceCents: bookings.finalPriceCents,
  isPaid: bookings.isPaid,
  bookingStatus: bookings.status,
  cancelledAt: bookings.cancelledAt,
  workshopTitle: workshopDates.title,
  workshopDate: workshopDates.date,
  startsAt: workshopDates.startsAt,
};

function selectRequests(db: RefundDeps['db']) {
  return db
    .select(listColumns)
    .from(refundRequests)
    .innerJoin(bookings, eq(bookings.id, refundRequests.bookingId))
    .leftJoin(workshopDates, eq(workshopDates.id, bookings.workshopDateId));
}

type ListRow = Awaited<ReturnType<typeof selectRequests>>[number];

function toAdminRefundRequest(row: ListRow): AdminRefundRequest {
  const refundCents =
    row.amountCents ??
    refundDueOnReview({ isPaid: row.isPaid, finalPriceCents: row.finalPriceCents, status: row.bookingStatus, cancelledAt: row.cancelledAt }, row.startsAt);
  return {
    ...toRefundRequestDto(row),
    providerRefundId: row.providerRefundId,
    refundAmount: centsToDollars(refundCents),
    booking: {
      firstName: row.firstName,
      lastName: row.lastName,
      email: row.email,
      finalPrice: centsToDollars(row.finalPriceCents),
      isPaid: row.isPaid,
      status: row.bookingStatus,
      workshopTitle: row.workshopTitle ?? '',
      workshopDate: row.workshopDate ?? '',
    },
  };
}

/** GET /api/admin/refund-requests: pending first, then the newest. */
export async function listRefundRequests(db: RefundDeps['db']): Promise<AdminRefundRequest[]> {
  const rows = await selectRequests(db).orderBy(
    sql`case when ${refundRequests.status} = 'PENDING' then 0 else 1 end`,
    desc(refundRequests.requestedAt),
    desc(refundRequests.id),
  );
  return rows.map(toAdminRefundRequest);
}

async function getAdminRefundRequest(db: RefundDeps['db'], id: number): Promise<AdminRefundRequest> {
  const [row] = await selectRequests(db).where(eq(refundRequests.id, id));
  if (!row) throw new HttpError(404, REFUND_REQUEST_NOT_FOUND);
  return toAdminRefundRequest(row);
}

type ReviewResult = { refundRequest: AdminRefundRequest; message: string };

/**
 * PUT /api/admin/refund-requests/{id}. Approving sends the money back through the payment
 * provider first, outside any transaction (a provider call must not hold locks), then records it
 * in one transaction that only a PENDING request passes. If the provider refuses, nothing is
 * marked and the admin gets a 502. Two admins approving at once send one refund (same
 * idempotency key) and one of them gets the 409.
 */
export async function reviewRefundRequest(deps: RefundDeps, admin: { email: string }, id: number, input: ReviewRefundBody): Promise<ReviewResult> {
  const [request] = await deps.db.select().from(refundRequests).where(eq(refundRequests.id, id)).limit(1);
  if (!request) throw new HttpError(404, REFUND_REQUEST_NOT_FOUND);
  if (request.status !== 'PENDING') throw new HttpError(409, REFUND_ALREADY_PROCESSED);
  const [booking] = await deps.db.select().from(bookings).where(eq(bookings.id, request.bookingId)).limit(1);
  if (!booking) throw new HttpError(404, REFUND_REQUEST_NOT_FOUND);
  // Deleting it settled its money already (refunded in full, or kept by the admin's choice).
  if (booking.status === 'deleted' && input.status === 'APPROVED') throw new HttpError(409, REFUND_BOOKING_DELETED);
  const date = await loadWorkshopDate(deps.db, booking.workshopDateId);
  const workshopTitle = date?.title ?? 'your workshop';

  if (input.status === 'REJECTED') {
    await deps.db.transaction(async (tx) => {
      await markProcessed(tx, id, { status: 'REJECTED', notes: input.notes, providerRefundId: null });
      await queueRefundRejectedEmail(tx, booking, { workshopTitle, notes: input.notes });
      await recordAudit(tx, { actor: admin.email, action: 'refund_rejected', entity: REFUND_ENTITY, entityId: id, details: { bookingId: booking.id, notes: input.notes } });
    });
    deps.onEmailQueued?.();
    return { refundRequest: await getAdminRefundRequest(deps.db, id), message: 'The refund request was rejected and the participant has been told.' };
  }

  // A refund a cancellation already decided (the policy's, or the admin's chosen amount) is sent as
  // it was decided; otherwise the policy decides now.
  const amountCents = request.amountCents ?? refundDueOnReview(booking, date?.startsAt ?? null);
  if (amountCents <= 0 || !booking.stripePaymentId) throw new HttpError(409, REFUND_NO_PAYMENT);
  const fromCancellation = booking.status === 'cancelled';
  let refundId: string;
  try {
    ({ refundId } = await deps.payments.refund(booking.stripePaymentId, {
      amountCents,
      reason: fromCancellation ? CANCELLATION_REFUND_REASON : REQUESTED_REFUND_REASON,
      idempotencyKey: fromCancellation ? cancellationRefundKey(booking.id) : requestRefundKey(id),
    }));
  } catch (error) {
    await recordAudit(deps.db, {
      actor: admin.email,
      action: 'refund_failed',
      entity: REFUND_ENTITY,
      entityId: id,
      details: { bookingId: booking.id, amountCents, error: errorMessage(error) },
    });
    throw new HttpError(502, REFUND_PROVIDER_FAILED, 'refund_failed');
  }

  const seatFreed = await deps.db.transaction(async (tx) => {
    await markProcessed(tx, id, { status: 'APPROVED', notes: input.notes, providerRefundId: refundId });
    const freed = await recordRefundOnBooking(tx, booking, amountCents);
    await queueRefundApprovedEmail(tx, booking, { workshopTitle, amountCents, refundId, notes: input.notes });
    await recordAudit(tx, {
      actor: admin.email,
      action: 'refund_approved',
      entity: REFUND_ENTITY,
      entityId: id,
      details: { bookingId: booking.id, amountCents, providerRefundId: refundId, seatFreed: freed, notes: input.notes },
    });
    return freed;
  });
  if (seatFreed) deps.publicCache.invalidate(PUBLIC_READS.workshopDates);
  deps.onEmailQueued?.();
  return { refundRequest: await getAdminRefundRequest(deps.db, id), message: 'The refund was sent and the participant has been told.' };
}

/** PENDING → APPROVED/REJECTED, once: a request someone else processed meanwhile is a 409 (and rolls back). */
async function markProcessed(
  tx: RefundDeps['db'],
  id: number,
  change: { status: 'APPROVED' | 'REJECTED'; notes: string | null; providerRefundId: string | null },
): Promise<void> {
  const updated = await tx
    .update(refundRequests)
    .set({ ...change, processedAt: new Date() })
    .where(and(eq(refundRequests.id, id), eq(refundRequests.status, 'PENDING')))
    .returning({ id: refundRequests.id });
  if (updated.length === 0) throw new HttpError(409, REFUND_ALREADY_PROCESSED);
}

/**
 * The booking side of a refund that went through: a booking still on becomes 'refunded' and its
 * seat goes back on sale (conditional update, so the seat is freed once); a cancelled one stays
 * cancelled. isPaid stays true for the history. The payment row is 'refunded' when all of it went
 * back. Answers whether a seat was freed.
 */
export async function recordRefundOnBooking(tx: RefundDeps['db'], booking: BookingRow, amountCents: number): Promise<boolean> {
  const refunded = await releaseBookingSeat(tx, booking.id, 'refunded');
  // The payment reads as refunded only when it paid this seat alone: the other seats of an order
  // it paid keep their share of it.
  if (booking.stripePaymentId && amountCents >= booking.finalPriceCents && !(await paysOtherSeats(tx, booking))) {
    await tx.update(payments).set({ status: 'refunded', updatedAt: new Date() }).where(eq(payments.providerPaymentId, booking.stripePaymentId));
  }
  return refunded !== null;
}


async function paysOtherSeats(tx: RefundDeps['db'], booking: BookingRow): Promise<boolean> {
  const [other] = await tx
    .select({ id: bookings.id })
    .from(bookings)
    .where(and(eq(bookings.stripePaymentId, booking.stripePaymentId!), ne(bookings.id, booking.id)))
    .limit(1);
  return other !== undefined;
}
