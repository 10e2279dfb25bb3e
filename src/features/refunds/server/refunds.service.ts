import { and, desc, eq, ne, sql } from 'drizzle-orm';
import { centsToDollars, dollarsToCents, formatCents } from '../../../common/money';
import { bookings, payments, refundRequests, workshopDates } from '../../../server/db/schema';
import { recordAudit } from '../../../server/lib/audit';
import { HttpError } from '../../../server/plugins/error-handler';
import { recordRefund, releaseBookingSeat } from '../../booking/server';
import { daysUntil, decideCancellation, hasPaidByCard, policyOnRequest, refundDueOnReview, type CancellationOutcome } from '../cancellation-policy';
import { refundState } from '../refund-state';
import {
  CREDIT_NEEDS_BOOKING_ON,
  REFUND_ALREADY_BEING_SENT,
  REFUND_ALREADY_PROCESSED,
  REFUND_ALREADY_REFUNDED,
  REFUND_AMOUNT_INVALID,
  REFUND_BEING_SENT,
  REFUND_BOOKING_CANCELLED,
  REFUND_BOOKING_DELETED,
  REFUND_DECIDED_AT_CANCEL,
  REFUND_NO_PAYMENT,
  REFUND_NOT_CONFIRMED,
  REFUND_NOTHING_LEFT,
  REFUND_ONLY_PAID,
  REFUND_POLICY_GIVES_NOTHING,
  REFUND_PROVIDER_FAILED,
  REFUND_REQUEST_EXISTS,
  REFUND_REQUEST_NOT_FOUND,
  refundMoreThanLeftMessage,
  type AdminRefundRequest,
  type RefundRequestDto,
  type ReviewOutcome,
  type ReviewRefundBody,
} from '../refunds.schema';
import { createCreditCode, CREDIT_VALID_DAYS } from './cancel-booking.service';
import { notifyOrganiserOfRefundRequest, queueCreditOnReviewEmail, queueRefundApprovedEmail, queueRefundRejectedEmail, queueRefundRequestReceivedEmail } from './refund-emails';
import {
  CANCELLATION_REFUND_REASON,
  cancellationRefundKey,
  errorMessage,
  loadWorkshopDate,
  REFUND_ENTITY,
  REQUESTED_REFUND_REASON,
  requestRefundKey,
  toRefundRequestDto,
  workshopWhen,
  type BookingRow,
  type RefundDeps,
  type Viewer,
} from './refund-shared';
import { creditCodesBySeat, refundedCentsBySeat, remainingCents } from './seat-refunds';
import { PUBLIC_READS } from '../../../server/lib/read-cache';

/**
 * POST /api/participant/refund-request/{bookingId}: a PENDING request for a paid, confirmed
 * booking that has none; the seat stays booked until the organiser decides, and its time (`now`)
 * is what the cancellation policy is applied at on approval. The booking row is locked first, so a cancellation cannot slip in
 * between the check and the insert; the unique index on booking_id makes two concurrent requests
 * end as one request and one 409.
 */
export async function requestRefund(deps: RefundDeps, viewer: Viewer, bookingId: number, reason: string, now = new Date()): Promise<RefundRequestDto> {
  const created = await deps.db.transaction(async (tx) => {
    const [booking] = await tx.select().from(bookings).where(eq(bookings.id, bookingId)).for('update');
    if (!booking || booking.status === 'deleted') throw new HttpError(404, 'Booking not found');
    if (booking.status === 'cancelled') throw new HttpError(409, REFUND_BOOKING_CANCELLED);
    if (booking.status === 'refunded') throw new HttpError(409, REFUND_ALREADY_REFUNDED);
    if (!hasPaidByCard(booking)) throw new HttpError(409, REFUND_ONLY_PAID);
    if (booking.status !== 'confirmed') throw new HttpError(409, REFUND_NOT_CONFIRMED);

    const [row] = await tx
      .insert(refundRequests)
      .values({ bookingId, reason, status: 'PENDING', requestedAt: now })
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
  stripePaymentId: bookings.stripePaymentId,
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
/** A request with its booking's facts, as the review reads them. */
type RequestFacts = Pick<ListRow, 'id' | 'status' | 'amountCents' | 'requestedAt' | 'finalPriceCents' | 'isPaid' | 'bookingStatus' | 'cancelledAt' | 'stripePaymentId' | 'startsAt'>;

const reviewedBooking = (row: RequestFacts) => ({ isPaid: row.isPaid, finalPriceCents: row.finalPriceCents, status: row.bookingStatus, cancelledAt: row.cancelledAt });

/**
 * A refund already decided, waiting only for the provider: one a cancellation owes (the booking is
 * cancelled), or an approval's, written on the request while its refund is at the provider (the
 * booking is still on). Either is sent exactly as decided.
 */
const decidedAmount = (row: Pick<RequestFacts, 'status' | 'amountCents'>) => (row.status === 'PENDING' ? row.amountCents : null);

/** What the policy gave the request: at the booking's cancellation, or when it was asked. */
function policyOf(row: RequestFacts): CancellationOutcome {
  const booking = reviewedBooking(row);
  if (!hasPaidByCard(booking)) return { kind: 'none', refundCents: 0 };
  if (booking.status === 'cancelled' && booking.cancelledAt) return decideCancellation(booking, row.startsAt, booking.cancelledAt, 'half-refund');
  return policyOnRequest(booking, row.startsAt, row.requestedAt);
}

/** The policy in one sentence for the admin: when it was asked, and what that gives. */
function policySummary(row: RequestFacts, policy: CancellationOutcome, remaining: number): string {
  const decided = decidedAmount(row);
  if (decided !== null) {
    return row.bookingStatus === 'cancelled'
      ? `Decided when the booking was cancelled: ${formatCents(decided)} back to the card.`
      : `An approval of ${formatCents(decided)} is being sent to the payment provider.`;
  }
  if (!hasPaidByCard(reviewedBooking(row))) return 'No card payment for this booking: the policy has no money to send.';
  const at = row.bookingStatus === 'cancelled' && row.cancelledAt ? row.cancelledAt : row.requestedAt;
  const verb = at === row.cancelledAt ? 'Cancelled' : 'Asked';
  const capped = Math.min(policy.refundCents, remaining);
  const cap = capped < policy.refundCents ? ` (${formatCents(capped)} is left of this seat's share)` : '';
  if (policy.kind === 'none') return `${verb} once the workshop had started: the policy gives nothing.`;
  const days = daysUntil(row.startsAt, at);
  const when = days === null ? `${verb} while the date was not set` : days === 0 ? `${verb} less than a day before the workshop` : `${verb} ${days} ${days === 1 ? 'day' : 'days'} before the workshop`;
  if (policy.kind === 'full-refund') return `${when}: the policy gives a full refund of ${formatCents(policy.refundCents)}${cap}.`;
  return `${when}: the policy gives a credit toward a future workshop or a 50% refund of ${formatCents(policy.refundCents)}${cap}.`;
}

/** The outcomes an approval may choose for this request now (none once it is decided, or cannot be approved). */
function outcomesFor(row: RequestFacts, remaining: number, policyCents: number): ReviewOutcome[] {
  if (row.status !== 'PENDING') return [];
  if (decidedAmount(row) !== null) return ['policy'];
  if (row.bookingStatus === 'cancelled') return policyCents > 0 && row.stripePaymentId ? ['policy'] : [];
  if (row.bookingStatus !== 'confirmed') return [];
  const outcomes: ReviewOutcome[] = [];
  if (hasPaidByCard(reviewedBooking(row)) && row.stripePaymentId && remaining > 0) {
    if (Math.min(policyCents, remaining) > 0) outcomes.push('policy');
    outcomes.push('full', 'custom');
  }
  if (row.isPaid && row.finalPriceCents > 0) outcomes.push('credit');
  return outcomes;
}

function toAdminRefundRequest(row: ListRow, refundedCents: number, creditCode: string | null): AdminRefundRequest {
  const remaining = remainingCents(row, refundedCents);
  const policy = policyOf(row);
  const decided = decidedAmount(row);
  // Pending or rejected: what an approval sends by default; approved: what went back (a request
  // approved before amounts were kept on it: what the ledger says went back for the seat).
  const refundCents = row.status === 'APPROVED' ? (row.amountCents ?? refundedCents) : (decided ?? Math.min(policy.refundCents, remaining));
  const state = refundState({
    status: row.bookingStatus,
    isPaid: row.isPaid,
    priceCents: row.finalPriceCents,
    refundedCents,
    creditCode,
    request: { status: row.status, amountCents: row.amountCents },
  });
  return {
    ...toRefundRequestDto(row),
    providerRefundId: row.providerRefundId,
    refundAmount: centsToDollars(refundCents),
    policy: { kind: policy.kind, amount: centsToDollars(policy.refundCents), summary: policySummary(row, policy, remaining) },
    amountDecided: decided !== null,
    outcomes: outcomesFor(row, remaining, policy.refundCents),
    refund: { kind: state.kind, state: state.label, refundedAmount: centsToDollars(refundedCents), remainingAmount: centsToDollars(remaining), creditCode },
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

async function toAdminRefundRequests(db: RefundDeps['db'], rows: ListRow[]): Promise<AdminRefundRequest[]> {
  const seats = rows.map((row) => ({ id: row.bookingId, stripePaymentId: row.stripePaymentId }));
  const [refunded, credits] = await Promise.all([refundedCentsBySeat(db, seats), creditCodesBySeat(db, rows.map((row) => row.bookingId))]);
  return rows.map((row) => toAdminRefundRequest(row, refunded.get(row.bookingId) ?? 0, credits.get(row.bookingId) ?? null));
}

/** GET /api/admin/refund-requests: pending first, then the newest. */
export async function listRefundRequests(db: RefundDeps['db']): Promise<AdminRefundRequest[]> {
  const rows = await selectRequests(db).orderBy(
    sql`case when ${refundRequests.status} = 'PENDING' then 0 else 1 end`,
    desc(refundRequests.requestedAt),
    desc(refundRequests.id),
  );
  return toAdminRefundRequests(db, rows);
}

async function getAdminRefundRequest(db: RefundDeps['db'], id: number): Promise<AdminRefundRequest> {
  const [row] = await selectRequests(db).where(eq(refundRequests.id, id));
  if (!row) throw new HttpError(404, REFUND_REQUEST_NOT_FOUND);
  const [dto] = await toAdminRefundRequests(db, [row]);
  return dto!;
}

type ReviewResult = { refundRequest: AdminRefundRequest; message: string };
/** The admin's decision: `{status, notes}`, and for an approval the outcome (the policy's by default) and a custom amount. */
export type ReviewDecision = Pick<ReviewRefundBody, 'status' | 'notes'> & { outcome?: ReviewOutcome; amount?: number };
type Decision = ReviewDecision & { outcome: ReviewOutcome };

/** Money an approval sends: how much, under which idempotency key and reason, and whether the request is claimed for it. */
type MoneyPlan = { amountCents: number; idempotencyKey: string; reason: string; outcome: ReviewOutcome; claim: boolean };

/**
 * What approving this request sends, by the admin's chosen outcome, never more than is left of the
 * seat's share (its price less what the ledger says went back):
 * - a refund already decided (a cancellation's, or another approval's at the provider): exactly
 *   that, under its own key, and only as 'policy';
 * - a request on a booking that is still on: 'policy' is what the policy gave when it was asked
 *   (all of it at least 7 days before, 50 % within 7 days, nothing once started), 'full' all that
 *   is left, 'custom' the admin's amount (above 0, at most what is left: else 400).
 * The default amount keeps the request's key (`refund-request-{id}`), so two admins approving at
 * once send one refund; another amount has a key of its own, so it is never refused by the
 * provider as a replay of an earlier, different attempt.
 */
async function planMoney(db: RefundDeps['db'], request: RequestFacts & { bookingId: number }, booking: BookingRow, input: Decision): Promise<MoneyPlan> {
  const decided = decidedAmount(request);
  if (decided !== null) {
    if (input.outcome !== 'policy') throw new HttpError(409, booking.status === 'cancelled' ? REFUND_DECIDED_AT_CANCEL : REFUND_ALREADY_BEING_SENT);
    if (!booking.stripePaymentId) throw new HttpError(409, REFUND_NO_PAYMENT);
    if (booking.status === 'cancelled') return { amountCents: decided, idempotencyKey: cancellationRefundKey(booking.id), reason: CANCELLATION_REFUND_REASON, outcome: 'policy', claim: false };
  }
  // A request from before amounts were recorded, on a booking cancelled since: the policy at the cancellation.
  if (decided === null && booking.status === 'cancelled') {
    if (input.outcome !== 'policy') throw new HttpError(409, REFUND_DECIDED_AT_CANCEL);
    const amountCents = refundDueOnReview(booking, request.startsAt, request.requestedAt);
    if (amountCents <= 0 || !booking.stripePaymentId) throw new HttpError(409, REFUND_NO_PAYMENT);
    return { amountCents, idempotencyKey: cancellationRefundKey(booking.id), reason: CANCELLATION_REFUND_REASON, outcome: 'policy', claim: false };
  }
  if (booking.status === 'refunded') throw new HttpError(409, REFUND_ALREADY_REFUNDED);
  if (booking.status !== 'confirmed') throw new HttpError(409, REFUND_NOT_CONFIRMED);
  if (!hasPaidByCard(booking) || !booking.stripePaymentId) throw new HttpError(409, REFUND_NO_PAYMENT);

  const refunded = (await refundedCentsBySeat(db, [booking])).get(booking.id) ?? 0;
  const left = remainingCents(booking, refunded);
  if (left <= 0) throw new HttpError(409, REFUND_NOTHING_LEFT);
  const policyCents = Math.min(policyOnRequest(booking, request.startsAt, request.requestedAt).refundCents, left);
  let amountCents: number;
  if (decided !== null) amountCents = decided;
  else if (input.outcome === 'full') amountCents = left;
  else if (input.outcome === 'custom') {
    amountCents = input.amount === undefined ? 0 : dollarsToCents(input.amount);
    if (amountCents <= 0) throw new HttpError(400, REFUND_AMOUNT_INVALID);
    if (amountCents > left) throw new HttpError(400, refundMoreThanLeftMessage(centsToDollars(left)), 'refund_too_high');
  } else {
    if (policyCents <= 0) throw new HttpError(409, REFUND_POLICY_GIVES_NOTHING);
    amountCents = policyCents;
  }
  if (amountCents > left) throw new HttpError(409, REFUND_NOTHING_LEFT);
  const idempotencyKey = amountCents === policyCents ? requestRefundKey(request.id) : `${requestRefundKey(request.id)}-${amountCents}`;
  return { amountCents, idempotencyKey, reason: REQUESTED_REFUND_REASON, outcome: decided !== null ? 'policy' : input.outcome, claim: true };
}

/**
 * Writes the approval's amount on the request before the provider is called, with the booking
 * row locked: a cancel (the participant's or the admin's) reads it and waits instead of sending a
 * second refund of the same seat, and a second admin approving another amount is refused. A
 * second admin approving the same amount passes: the same key makes it one refund at the provider.
 */
async function claimRequest(db: RefundDeps['db'], id: number, bookingId: number, amountCents: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [booking] = await tx.select({ status: bookings.status }).from(bookings).where(eq(bookings.id, bookingId)).for('update');
    if (booking?.status !== 'confirmed') throw new HttpError(409, REFUND_ALREADY_PROCESSED);
    const [request] = await tx.select().from(refundRequests).where(eq(refundRequests.id, id)).for('update');
    if (request?.status !== 'PENDING') throw new HttpError(409, REFUND_ALREADY_PROCESSED);
    if (request.amountCents !== null && request.amountCents !== amountCents) throw new HttpError(409, REFUND_ALREADY_BEING_SENT);
    await tx.update(refundRequests).set({ amountCents }).where(eq(refundRequests.id, id));
  });
}

/**
 * PUT /api/admin/refund-requests/{id}. Rejecting closes the request and tells the participant.
 * Approving applies the cancellation policy by default (see planMoney), or the admin's outcome:
 * all that is left, a custom amount, or a credit code instead of money (approveWithCredit). Money
 * goes back through the payment provider first, outside any transaction (a provider call must not
 * hold locks), then is recorded in one transaction that only a PENDING request passes. If the
 * provider refuses, the request is pending again as it was and the admin gets a 502.
 */
export async function reviewRefundRequest(deps: RefundDeps, admin: { email: string }, id: number, decision: ReviewDecision, now = new Date()): Promise<ReviewResult> {
  const input: Decision = { ...decision, outcome: decision.outcome ?? 'policy' };
  const [request] = await selectRequests(deps.db).where(eq(refundRequests.id, id));
  if (!request) throw new HttpError(404, REFUND_REQUEST_NOT_FOUND);
  if (request.status !== 'PENDING') throw new HttpError(409, REFUND_ALREADY_PROCESSED);
  const [booking] = await deps.db.select().from(bookings).where(eq(bookings.id, request.bookingId)).limit(1);
  if (!booking) throw new HttpError(404, REFUND_REQUEST_NOT_FOUND);
  // Deleting it settled its money already (refunded in full, or kept by the admin's choice).
  if (booking.status === 'deleted' && input.status === 'APPROVED') throw new HttpError(409, REFUND_BOOKING_DELETED);
  const date = await loadWorkshopDate(deps.db, booking.workshopDateId);
  const workshopTitle = date?.title ?? 'your workshop';

  if (input.status === 'REJECTED') {
    // An approval's refund at the provider this very moment is not taken back by a rejection.
    if (request.amountCents !== null && booking.status === 'confirmed') throw new HttpError(409, REFUND_BEING_SENT);
    await deps.db.transaction(async (tx) => {
      await markProcessed(tx, id, { status: 'REJECTED', notes: input.notes, providerRefundId: null });
      await queueRefundRejectedEmail(tx, booking, { workshopTitle, notes: input.notes });
      await recordAudit(tx, { actor: admin.email, action: 'refund_rejected', entity: REFUND_ENTITY, entityId: id, details: { bookingId: booking.id, notes: input.notes } });
    });
    deps.onEmailQueued?.();
    return { refundRequest: await getAdminRefundRequest(deps.db, id), message: 'The refund request was rejected and the participant has been told.' };
  }

  if (input.outcome === 'credit') return approveWithCredit(deps, admin, request, booking, input, now);

  const plan = await planMoney(deps.db, request, booking, input);
  if (plan.claim) await claimRequest(deps.db, id, booking.id, plan.amountCents);
  let refundId: string;
  try {
    ({ refundId } = await deps.payments.refund(booking.stripePaymentId!, { amountCents: plan.amountCents, reason: plan.reason, idempotencyKey: plan.idempotencyKey }));
  } catch (error) {
    await deps.db.transaction(async (tx) => {
      // Pending as it was: the admin may try again, with this amount or another.
      if (plan.claim) {
        await tx
          .update(refundRequests)
          .set({ amountCents: null })
          .where(and(eq(refundRequests.id, id), eq(refundRequests.status, 'PENDING'), eq(refundRequests.amountCents, plan.amountCents)));
      }
      await recordAudit(tx, {
        actor: admin.email,
        action: 'refund_failed',
        entity: REFUND_ENTITY,
        entityId: id,
        details: { bookingId: booking.id, amountCents: plan.amountCents, error: errorMessage(error) },
      });
    });
    throw new HttpError(502, REFUND_PROVIDER_FAILED, 'refund_failed');
  }

  const seatFreed = await deps.db.transaction(async (tx) => {
    // The booking's row before the request's, the order claimRequest and a cancel take them in:
    // a second approval claiming meanwhile would otherwise hold the booking while waiting for the
    // request, and the two would deadlock instead of one answering 409.
    await tx.select({ id: bookings.id }).from(bookings).where(eq(bookings.id, booking.id)).for('update');
    await markProcessed(tx, id, { status: 'APPROVED', notes: input.notes, providerRefundId: refundId, amountCents: plan.amountCents });
    const freed = await recordRefundOnBooking(tx, booking, { amountCents: plan.amountCents, providerRefundId: refundId, reason: plan.reason, actor: admin.email });
    await queueRefundApprovedEmail(tx, booking, { workshopTitle, amountCents: plan.amountCents, refundId, notes: input.notes });
    await recordAudit(tx, {
      actor: admin.email,
      action: 'refund_approved',
      entity: REFUND_ENTITY,
      entityId: id,
      details: { bookingId: booking.id, outcome: plan.outcome, amountCents: plan.amountCents, providerRefundId: refundId, seatFreed: freed, notes: input.notes },
    });
    return freed;
  });
  if (seatFreed) deps.publicCache.invalidate(PUBLIC_READS.workshopDates);
  deps.onEmailQueued?.();
  return { refundRequest: await getAdminRefundRequest(deps.db, id), message: 'The refund was sent and the participant has been told.' };
}

/**
 * Approving with a credit instead of money (what the policy offers within 7 days, or the admin's
 * choice): in one transaction the booking is cancelled and its seat goes back on sale, the same
 * single-use code a cancellation gives is created (a whole workshop, valid a year), the request is
 * APPROVED, and the code is e-mailed. Only a booking still on, that was paid, can be replaced by
 * a credit.
 */
async function approveWithCredit(deps: RefundDeps, admin: { email: string }, request: RequestFacts, booking: BookingRow, input: Decision, now: Date): Promise<ReviewResult> {
  if (decidedAmount(request) !== null) throw new HttpError(409, booking.status === 'confirmed' ? REFUND_ALREADY_BEING_SENT : REFUND_DECIDED_AT_CANCEL);
  if (booking.status !== 'confirmed') throw new HttpError(409, CREDIT_NEEDS_BOOKING_ON);
  if (!booking.isPaid || booking.finalPriceCents <= 0) throw new HttpError(409, REFUND_ONLY_PAID);
  const creditCode = await deps.db.transaction(async (tx) => {
    const row = await releaseBookingSeat(tx, booking.id, 'cancelled', { cancelledAt: now });
    if (!row) throw new HttpError(409, CREDIT_NEEDS_BOOKING_ON);
    await markProcessed(tx, request.id, { status: 'APPROVED', notes: input.notes, providerRefundId: null });
    const creditExpiresAt = new Date(now.getTime() + CREDIT_VALID_DAYS * 86_400_000);
    const code = await createCreditCode(tx, row.id, creditExpiresAt);
    const date = await loadWorkshopDate(tx, row.workshopDateId);
    await queueCreditOnReviewEmail(tx, row, {
      workshopTitle: date?.title ?? 'your workshop',
      when: workshopWhen(date, row.timeZone),
      refundCents: 0,
      creditCode: code,
      creditExpiresAt,
      publicUrl: deps.publicUrl,
      notes: input.notes,
    });
    await recordAudit(tx, {
      actor: admin.email,
      action: 'refund_approved',
      entity: REFUND_ENTITY,
      entityId: request.id,
      details: { bookingId: row.id, outcome: 'credit', amountCents: 0, creditCode: code, seatFreed: true, notes: input.notes },
    });
    return code;
  });
  deps.publicCache.invalidate(PUBLIC_READS.workshopDates);
  deps.onEmailQueued?.();
  return { refundRequest: await getAdminRefundRequest(deps.db, request.id), message: `The credit code ${creditCode} was e-mailed to the participant and the seat was released.` };
}

/** PENDING → APPROVED/REJECTED, once: a request someone else processed meanwhile is a 409 (and rolls back). */
async function markProcessed(
  tx: RefundDeps['db'],
  id: number,
  change: { status: 'APPROVED' | 'REJECTED'; notes: string | null; providerRefundId: string | null; amountCents?: number },
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
 * cancelled. isPaid stays true for the history. The refund joins the ledger (who decided it, and
 * why); the payment row is 'refunded' when all of it went back. Answers whether a seat was freed.
 */
export async function recordRefundOnBooking(
  tx: RefundDeps['db'],
  booking: BookingRow,
  refund: { amountCents: number; providerRefundId: string; reason: string; actor: string },
): Promise<boolean> {
  const { amountCents } = refund;
  if (booking.stripePaymentId) await recordRefund(tx, { ...refund, providerPaymentId: booking.stripePaymentId, bookingId: booking.id });
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
